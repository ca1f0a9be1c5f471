/* pattern.c — flatten encodings to byte masks, check overlaps, order decoding.
 *
 * Every instruction expands into flats: one per combination of sub-table
 * alternatives, each a list of (mask, value) bytes plus context constraints and
 * the recipe for filling the instruction record.  Two flats that can match the
 * same bytes must be ordered by specificity (one constrains a superset of the
 * other's bits); otherwise the encodings are ambiguous and both rules are
 * reported.  Decoding tries flats most-specific first.
 */
#include "pattern.h"

#include <stdlib.h>
#include <string.h>

#define MAX_FLATS_PER_RULE 4096
#define MAX_CHOICES_PER_RULE 65536

static uint64_t mask_of(int w) { return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1); }

/* Put the constraint field=v of a token at byte offset `off` into a flat. */
static bool constrain(md_spec *md, md_flat *f, int off, md_field *fd, uint64_t v) {
  md_token *t = fd->tok;
  int shift = fd->w;
  for (int r = 0; r < fd->nr; r++) {
    int n = fd->hi[r] - fd->lo[r] + 1;
    shift -= n;
    uint64_t part = (v >> shift) & mask_of(n);
    for (int b = 0; b < n; b++) {
      int tb = fd->lo[r] + b; /* bit within the token */
      int byte = md->big_endian ? t->nbytes - 1 - tb / 8 : tb / 8;
      int pos = off + byte;
      uint8_t m = (uint8_t)(1u << (tb % 8));
      uint8_t val = (part >> b) & 1 ? m : 0;
      if (pos >= MD_MAX_LEN) return false;
      if ((f->mask[pos] & m) && (f->val[pos] & m) != val) return false;
      f->mask[pos] |= m;
      f->val[pos] = (uint8_t)((f->val[pos] & ~m) | val);
    }
  }
  return true;
}

static md_flat *flat_copy(arena *ar, const md_flat *f) {
  md_flat *n = ar_alloc(ar, sizeof *n);
  *n = *f;
  n->fx = ar_alloc(ar, sizeof(md_fx) * (size_t)(f->nfx + 40));
  if (f->nfx) memcpy(n->fx, f->fx, sizeof(md_fx) * (size_t)f->nfx);
  n->capnamed = f->nnamed + 40;
  n->named = ar_alloc(ar, sizeof(md_fx) * (size_t)n->capnamed);
  if (f->nnamed) memcpy(n->named, f->named, sizeof(md_fx) * (size_t)f->nnamed);
  return n;
}

/* Note a field the encoding uses; the same field at the same place once
 * (a rule may constrain a field its sub-table binds). */
static void add_named(arena *ar, md_flat *f, md_fx x) {
  for (int i = 0; i < f->nnamed; i++)
    if (f->named[i].field == x.field && f->named[i].offset == x.offset) return;
  if (f->nnamed == f->capnamed) {
    md_fx *n = ar_alloc(ar, sizeof *n * (size_t)(2 * f->capnamed + 8));
    if (f->nnamed) memcpy(n, f->named, sizeof *n * (size_t)f->nnamed);
    f->named = n;
    f->capnamed = 2 * f->capnamed + 8;
  }
  f->named[f->nnamed++] = x;
}

static bool add_ctx(md_flat *f, int ctx, uint64_t v) {
  for (int i = 0; i < f->nctx; i++)
    if (f->ctx[i] == ctx) return f->ctxv[i] == v;
  if (f->nctx >= 8) return false;
  f->ctx[f->nctx] = ctx;
  f->ctxv[f->nctx++] = v;
  return true;
}

typedef struct fl_list {
  md_flat **v;
  int n, cap;
} fl_list;

static void fl_push(arena *ar, fl_list *l, md_flat *f) {
  if (l->n == l->cap) {
    int cap = l->cap ? l->cap * 2 : 16;
    md_flat **nv = ar_alloc(ar, sizeof *nv * (size_t)cap);
    if (l->n) memcpy(nv, l->v, sizeof *nv * (size_t)l->n);
    l->v = nv;
    l->cap = cap;
  }
  l->v[l->n++] = f;
}

static void flatten_table(md_spec *md, md_table *t);

/* Extend `partial` (which ends at byte `off`; its last position started at
 * `start`) by positions i.. of rule r, whose slots start at fbase/abase;
 * completed flats go to out.  A joined position (a further sub-table at one
 * pattern position) starts at `start`, and the encoding goes on after the
 * longest of its group. */
static void expand(md_spec *md, md_rule *r, int i, int start, int off, int fbase, int abase, md_flat *partial,
                   fl_list *out, int *overflow) {
  if (out->n >= MAX_FLATS_PER_RULE) {
    *overflow |= 1;
    return;
  }
  if (i == r->npos) {
    md_flat *f = flat_copy(md->ar, partial);
    f->len = off;
    fl_push(md->ar, out, f);
    return;
  }
  md_pos *p = &r->pos[i];
  int at = p->join ? start : off; /* where this position starts */
  md_flat *base = flat_copy(md->ar, partial);
  bool ok = true;
  int tlen = p->tok ? p->tok->nbytes : 0;
  if (at + tlen > MD_MAX_LEN) {
    *overflow |= 2;
    return;
  }
  for (int c = 0; c < p->ncons && ok; c++) ok = constrain(md, base, at, p->cf[c], p->cv[c]);
  if (!ok) return;
  for (int c = 0; c < p->ncons; c++) add_named(md->ar, base, (md_fx){-1, at, p->cf[c]});
  /* fields of this rule that live in this position's token */
  for (int k = 0; k < r->nown; k++)
    if (r->own_pos[k] == i) {
      base->fx[base->nfx++] = (md_fx){fbase + k, at, r->own[k]};
      add_named(md->ar, base, (md_fx){fbase + k, at, r->own[k]});
    }
  if (!p->sub) {
    expand(md, r, i + 1, at, off > at + tlen ? off : at + tlen, fbase, abase, base, out, overflow);
    return;
  }
  md_table *t = p->sub;
  flatten_table(md, t);
  for (int s = 0; s < t->nflats; s++) {
    md_flat *sf = t->flats[s];
    md_flat *f = flat_copy(md->ar, base);
    bool good = true;
    for (int b = 0; b < sf->len && good; b++) {
      int pos = at + b;
      if (pos >= MD_MAX_LEN) { good = false; *overflow |= 2; break; }
      if ((f->mask[pos] & sf->mask[b]) & (f->val[pos] ^ sf->val[b])) good = false;
      f->mask[pos] |= sf->mask[b];
      f->val[pos] = (uint8_t)((f->val[pos] & ~sf->mask[b]) | sf->val[b]);
    }
    for (int c = 0; c < sf->nctx && good; c++) good = add_ctx(f, sf->ctx[c], sf->ctxv[c]);
    if (!good) continue;
    for (int k = 0; k < sf->nfx; k++)
      f->fx[f->nfx++] = (md_fx){sf->fx[k].slot + fbase + p->sub_field_base, sf->fx[k].offset + at, sf->fx[k].field};
    for (int k = 0; k < sf->nnamed; k++) {
      md_fx x = sf->named[k];
      if (x.slot >= 0) x.slot += fbase + p->sub_field_base;
      x.offset += at;
      add_named(md->ar, f, x);
    }
    if (f->nalts < 16) {
      f->alts[f->nalts][0] = abase + p->sub_alt_slot;
      f->alts[f->nalts++][1] = sf->rule->index;
    }
    for (int k = 0; k < sf->nalts && f->nalts < 16; k++) {
      f->alts[f->nalts][0] = sf->alts[k][0] + abase + p->sub_alt_base;
      f->alts[f->nalts++][1] = sf->alts[k][1];
    }
    for (int k = 0; k < sf->nleaf && f->nleaf < 16; k++) f->leaf_rules[f->nleaf++] = sf->leaf_rules[k];
    int end = at + (sf->len > tlen ? sf->len : tlen);
    expand(md, r, i + 1, at, off > end ? off : end, fbase, abase, f, out, overflow);
  }
}

/* The bits the encodings of table t use, relative to its first byte: the
 * fixed bits and the bits of every field of every table flat, into bits. */
static void table_bits(md_spec *md, md_table *t, uint8_t *bits) {
  memset(bits, 0, MD_MAX_LEN);
  for (int s = 0; s < t->nflats; s++) {
    md_flat *sf = t->flats[s];
    for (int b = 0; b < sf->len; b++) bits[b] |= sf->mask[b];
    for (int k = 0; k < sf->nnamed; k++) {
      md_flat one;
      memset(&one, 0, sizeof one);
      constrain(md, &one, sf->named[k].offset, sf->named[k].field, 0);
      for (int b = 0; b < MD_MAX_LEN; b++) bits[b] |= one.mask[b];
    }
  }
}

/* The first flat of t that uses a bit of byte b in m (for the note). */
static md_flat *flat_using(md_spec *md, md_table *t, int b, uint8_t m) {
  for (int s = 0; s < t->nflats; s++) {
    md_flat *sf = t->flats[s];
    uint8_t u = b < sf->len ? sf->mask[b] : 0;
    for (int k = 0; k < sf->nnamed; k++) {
      md_flat one;
      memset(&one, 0, sizeof one);
      constrain(md, &one, sf->named[k].offset, sf->named[k].field, 0);
      u |= one.mask[b];
    }
    if (u & m) return sf;
  }
  return NULL;
}

/* Sub-tables at one pattern position must use disjoint bits: each would
 * otherwise decide bits the other reads.  Reports the first shared byte of
 * each overlapping pair; false if any. */
static bool joined_disjoint(md_spec *md, md_rule *r) {
  bool ok = true;
  uint8_t a[MD_MAX_LEN], b[MD_MAX_LEN];
  for (int i = 0, g = 0; i < r->npos; i++) {
    if (!r->pos[i].join) {
      g = i;
      continue;
    }
    md_table *w = r->pos[i].sub;
    flatten_table(md, w);
    table_bits(md, w, b);
    for (int k = g; k < i; k++) {
      md_table *v = r->pos[k].sub;
      if (!v) continue;
      flatten_table(md, v);
      table_bits(md, v, a);
      int at = 0;
      while (at < MD_MAX_LEN && !(a[at] & b[at])) at++;
      if (at == MD_MAX_LEN) continue;
      uint8_t m = a[at] & b[at];
      ok = false;
      dg_error(md->dg, r->pos[i].loc,
               "sub-tables '%s' and '%s' at one position both use bits 0x%02x of the position's byte %d; "
               "tables sharing a position must use disjoint bits",
               v->name, w->name, m, at);
      md_flat *fv = flat_using(md, v, at, m), *fw = flat_using(md, w, at, m);
      if (fv) dg_note(md->dg, fv->rule->loc, "alternative %d of table '%s' uses them", fv->rule->index + 1, v->name);
      if (fw) dg_note(md->dg, fw->rule->loc, "alternative %d of table '%s' uses them", fw->rule->index + 1, w->name);
    }
  }
  return ok;
}

static md_flat *rule_start(md_spec *md, md_rule *r) {
  md_flat *f = ar_alloc(md->ar, sizeof *f);
  f->fx = ar_alloc(md->ar, sizeof(md_fx) * 40);
  f->capnamed = 40;
  f->named = ar_alloc(md->ar, sizeof(md_fx) * 40);
  for (int c = 0; c < r->ctxn; c++) add_ctx(f, r->ctxv_idx[c], r->ctxv[c]);
  f->leaf_rules[f->nleaf++] = r;
  return f;
}

static void flatten_rule(md_spec *md, md_rule *r, fl_list *out) {
  int overflow = 0;
  if (!joined_disjoint(md, r)) return;
  md_flat *start = rule_start(md, r);
  int before = out->n;
  expand(md, r, 0, 0, 0, 0, 0, start, out, &overflow);
  for (int i = before; i < out->n; i++) {
    out->v[i]->rule = r;
    out->v[i]->leaf_rules[0] = r;
  }
  if (overflow & 2)
    dg_error(md->dg, r->loc, "'%s' is longer than the limit of %d bytes", r->name, MD_MAX_LEN);
  else if (overflow)
    dg_error(md->dg, r->loc, "'%s' expands to more than %d encodings through its sub-tables", r->name,
             MAX_FLATS_PER_RULE);
  else if (out->n == before)
    dg_error(md->dg, r->loc, "'%s' can never match: its constraints contradict those of its sub-tables", r->name);
}

static void flatten_table(md_spec *md, md_table *t) {
  if (t->flattened) return;
  t->flattened = true;
  fl_list all = {0};
  for (int i = 0; i < t->nalts; i++) {
    fl_list one = {0};
    flatten_rule(md, t->alts[i], &one);
    for (int k = 0; k < one.n; k++) fl_push(md->ar, &all, one.v[k]);
    t->alts[i]->flats = one.v;
    t->alts[i]->nflats = one.n;
  }
  t->flats = all.v;
  t->nflats = all.n;
}

/* ---- relations between flats ------------------------------------------------------------ */

static bool compatible(const md_flat *a, const md_flat *b) {
  int n = a->len < b->len ? a->len : b->len;
  for (int i = 0; i < n; i++)
    if ((a->val[i] ^ b->val[i]) & a->mask[i] & b->mask[i]) return false;
  for (int i = 0; i < a->nctx; i++)
    for (int j = 0; j < b->nctx; j++)
      if (a->ctx[i] == b->ctx[j] && a->ctxv[i] != b->ctxv[j]) return false;
  return true;
}

/* a constrains everything b does (same values), on at least b's length. */
static bool covers(const md_flat *a, const md_flat *b) {
  if (a->len < b->len) return false;
  for (int i = 0; i < b->len; i++)
    if ((a->mask[i] & b->mask[i]) != b->mask[i] || ((a->val[i] ^ b->val[i]) & b->mask[i])) return false;
  for (int j = 0; j < b->nctx; j++) {
    bool found = false;
    for (int i = 0; i < a->nctx; i++)
      if (a->ctx[i] == b->ctx[j] && a->ctxv[i] == b->ctxv[j]) found = true;
    if (!found) return false;
  }
  return true;
}

static int popc8(uint8_t x) {
  int n = 0;
  for (; x; x &= (uint8_t)(x - 1)) n++;
  return n;
}

static void key(md_spec *md, md_flat *f) {
  int bits = 0;
  for (int i = 0; i < f->len; i++) bits += popc8(f->mask[i]);
  for (int i = 0; i < f->nctx; i++) bits += md->ctxs[f->ctx[i]].w;
  f->key_bits = bits;
}

static int by_specificity(const void *x, const void *y) {
  const md_flat *a = *(md_flat *const *)x, *b = *(md_flat *const *)y;
  if (a->key_bits != b->key_bits) return b->key_bits - a->key_bits;
  if (a->len != b->len) return b->len - a->len;
  if (a->nctx != b->nctx) return b->nctx - a->nctx;
  return a->order - b->order; /* stable: spec order */
}

static const char *rule_desc(md_spec *md, const md_flat *f) {
  md_rule *r = f->rule;
  if (r->is_insn) return ar_printf(md->ar, "instruction '%s'", r->name);
  return ar_printf(md->ar, "alternative %d of table '%s'", r->index + 1, r->name);
}

/* Does the set of flats `by` (all covering f) leave no bytes for f? */
static bool shadowed(md_flat *f, md_flat **by, int n) {
  if (!n) return false;
  uint8_t free_m[MD_MAX_LEN] = {0};
  int nfree = 0;
  for (int k = 0; k < n; k++) {
    for (int i = f->len; i < by[k]->len; i++)
      if (by[k]->mask[i]) return false; /* longer rule with more constraints: f still matches otherwise */
    if (by[k]->nctx != f->nctx) return false;
    for (int i = 0; i < f->len; i++) free_m[i] |= (uint8_t)(by[k]->mask[i] & ~f->mask[i]);
  }
  int bitpos[24][2];
  for (int i = 0; i < f->len; i++)
    for (int b = 0; b < 8; b++)
      if (free_m[i] >> b & 1) {
        if (nfree >= 20) return false; /* too many to enumerate: assume reachable */
        bitpos[nfree][0] = i;
        bitpos[nfree++][1] = b;
      }
  for (uint32_t v = 0; v < (1u << nfree); v++) {
    bool hit = false;
    for (int k = 0; k < n && !hit; k++) {
      bool ok = true;
      for (int q = 0; q < nfree && ok; q++) {
        int i = bitpos[q][0], b = bitpos[q][1];
        if (by[k]->mask[i] >> b & 1) ok = ((by[k]->val[i] >> b) & 1) == ((v >> q) & 1);
      }
      hit = ok;
    }
    if (!hit) return false;
  }
  return true;
}

/* ---- which flats can meet ------------------------------------------------------------------ */

/* A flat's key is the run of fully fixed bytes its encoding starts with.  Two
 * flats whose keys differ at a byte both fix cannot match the same bytes, so
 * a flat can only meet the flats whose key extends its own (its subtree, a
 * contiguous range of the flats sorted by key) or is a proper prefix of it
 * (one exact-key range per shorter prefix); and only the former can cover it.
 * Comparing just those makes the checks near-linear on x86, whose 23,000
 * flats share few leading bytes, instead of quadratic. */
typedef struct cg_index {
  md_flat **v;
  int *by_key; /* flat indices sorted by key, then index */
} cg_index;

static int key_len(const md_flat *f) {
  int d = 0;
  while (d < f->len && f->mask[d] == 0xFF) d++;
  return d;
}

/* Compare the key of f, cut to at most `cut` bytes, with the byte string k[0..nk). */
static int key_cmp(const md_flat *f, int cut, const uint8_t *k, int nk) {
  int d = key_len(f);
  if (d > cut) d = cut;
  for (int i = 0; i < d && i < nk; i++)
    if (f->val[i] != k[i]) return f->val[i] < k[i] ? -1 : 1;
  return d < nk ? -1 : d > nk ? 1 : 0;
}

static md_flat **cg_sort_v; /* qsort has no context argument */
static int by_key(const void *x, const void *y) {
  int i = *(const int *)x, j = *(const int *)y;
  const md_flat *a = cg_sort_v[i], *b = cg_sort_v[j];
  int c = key_cmp(a, MD_MAX_LEN, b->val, key_len(b));
  return c ? c : (i > j) - (i < j);
}

static int by_int(const void *x, const void *y) {
  int i = *(const int *)x, j = *(const int *)y;
  return (i > j) - (i < j);
}

/* First position in by_key whose key, cut to nk bytes, is not below k[0..nk). */
static int lower(const cg_index *ix, int n, const uint8_t *k, int nk, bool upper) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    int c = key_cmp(ix->v[ix->by_key[mid]], nk, k, nk);
    if (c < 0 || (upper && c == 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/* First position past the flats whose key is exactly k[0..nk) (they sort
 * before the longer keys that extend it). */
static int exact_end(const cg_index *ix, int n, int from, const uint8_t *k, int nk) {
  while (from < n && key_len(ix->v[ix->by_key[from]]) == nk && key_cmp(ix->v[ix->by_key[from]], nk, k, nk) == 0)
    from++;
  return from;
}

/* The flats that can match bytes flat i matches, in no particular order, into
 * out; with `covering`, only those that may cover it (its subtree).  Returns
 * the count. */
static int cg_candidates(const cg_index *ix, int n, int i, bool covering, int *out) {
  const md_flat *f = ix->v[i];
  int d = key_len(f), m = 0;
  int lo = lower(ix, n, f->val, d, false), hi = lower(ix, n, f->val, d, true);
  for (int q = lo; q < hi; q++) out[m++] = ix->by_key[q];
  if (!covering)
    for (int t = 0; t < d; t++) {
      int a = lower(ix, n, f->val, t, false);
      int b = exact_end(ix, n, a, f->val, t);
      for (int q = a; q < b; q++) out[m++] = ix->by_key[q];
    }
  return m;
}

/* The flats of other rules that cover flat i without being covered by it;
 * the first in index order (the one a note names) first, the rest in no
 * particular order (shadowed() does not depend on it); cand is scratch. */
static int covering(const cg_index *ix, int n, int i, md_flat **by, int *cand) {
  md_flat *f = ix->v[i];
  int nc = cg_candidates(ix, n, i, true, cand), m = 0, first = -1, at = 0;
  for (int q = 0; q < nc; q++) {
    md_flat *g = ix->v[cand[q]];
    if (g->rule != f->rule && covers(g, f) && !covers(f, g)) {
      if (first < 0 || cand[q] < first) {
        first = cand[q];
        at = m;
      }
      by[m++] = g;
    }
  }
  if (m) {
    md_flat *t = by[0];
    by[0] = by[at];
    by[at] = t;
  }
  return m;
}

static int by_rule_then_index(const void *x, const void *y) {
  const int i = *(const int *)x, j = *(const int *)y;
  uintptr_t a = (uintptr_t)cg_sort_v[i]->rule, b = (uintptr_t)cg_sort_v[j]->rule;
  if (a != b) return a < b ? -1 : 1;
  return (i > j) - (i < j);
}

/* Check one group of flats (an instruction set or one table's alternatives).
 * The diagnostics and their order are those of comparing every pair (i < j)
 * in index order: the candidates of each flat are visited in index order. */
static void check_group(md_spec *md, md_flat **v, int n, bool same_rule_ok) {
  if (n <= 0) return;
  cg_index ix = {v, malloc(sizeof(int) * (size_t)n)};
  int *cand = malloc(sizeof(int) * (size_t)n);
  int *rule_of = malloc(sizeof(int) * (size_t)n);  /* flats sorted by rule, then index */
  signed char *done = calloc((size_t)n, 1);        /* per flat: its rule's shadowing is decided */
  md_flat **by = malloc(sizeof *by * (size_t)n);
  /* each pair of rules is reported once, however many encodings they share */
  md_rule **seen = malloc(sizeof *seen * 2 * 256);
  if (!ix.by_key || !cand || !rule_of || !done || !by || !seen) exit(3);
  for (int i = 0; i < n; i++) ix.by_key[i] = rule_of[i] = i;
  cg_sort_v = v;
  qsort(ix.by_key, (size_t)n, sizeof *ix.by_key, by_key);
  qsort(rule_of, (size_t)n, sizeof *rule_of, by_rule_then_index);
  int nseen = 0;
  for (int i = 0; i < n; i++) {
    md_flat *a = v[i];
    int nc = cg_candidates(&ix, n, i, false, cand);
    /* conflicts are rare: look for one first, and order the candidates
     * (for the order of the messages) only when there is one */
    bool any = false;
    for (int q = 0; q < nc && !any; q++) {
      md_flat *b = v[cand[q]];
      if (cand[q] <= i || (a->rule == b->rule && same_rule_ok) || !compatible(a, b)) continue;
      any = covers(a, b) == covers(b, a);
    }
    if (!any) continue;
    qsort(cand, (size_t)nc, sizeof *cand, by_int);
    for (int q = 0; q < nc; q++) {
      int j = cand[q];
      if (j <= i) continue;
      md_flat *b = v[j];
      if (a->rule == b->rule && same_rule_ok) continue;
      if (!compatible(a, b)) continue;
      bool ab = covers(a, b), ba = covers(b, a);
      if (ab != ba) continue;
      bool dup = false;
      for (int s = 0; s < nseen; s++)
        if ((seen[2 * s] == a->rule && seen[2 * s + 1] == b->rule) ||
            (seen[2 * s] == b->rule && seen[2 * s + 1] == a->rule))
          dup = true;
      if (dup || (ab && ba && a->rule == b->rule)) continue;
      if (nseen < 256) {
        seen[2 * nseen] = a->rule;
        seen[2 * nseen++ + 1] = b->rule;
      }
      if (ab && ba) {
        dg_error(md->dg, b->rule->loc, "encoding of %s duplicates %s", rule_desc(md, b), rule_desc(md, a));
        dg_note(md->dg, a->rule->loc, "%s is here", rule_desc(md, a));
      } else {
        dg_error(md->dg, b->rule->loc, "encodings of %s and %s overlap, and neither is more specific",
                 rule_desc(md, b), rule_desc(md, a));
        dg_note(md->dg, a->rule->loc, "%s is here", rule_desc(md, a));
      }
    }
  }
  free(seen);
  /* Rules every one of whose encodings is taken by more specific ones.  A
   * rule is decided once, at its first shadowed flat: all of its flats are
   * then checked in index order, and the note names the first flat covering
   * the last of them. */
  for (int i = 0; i < n; i++) {
    md_flat *f = v[i];
    if (f->rule->unreachable || done[i]) continue;
    if (!shadowed(f, by, covering(&ix, n, i, by, cand))) continue;
    md_rule *r = f->rule;
    /* the rule's flats: a run of rule_of */
    int lo = 0, hi = n;
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if ((uintptr_t)v[rule_of[mid]]->rule < (uintptr_t)r) lo = mid + 1;
      else hi = mid;
    }
    bool every = true;
    for (int q = lo; q < n && v[rule_of[q]]->rule == r; q++) {
      done[rule_of[q]] = 1;
      if (every) every = shadowed(v[rule_of[q]], by, covering(&ix, n, rule_of[q], by, cand));
    }
    if (every) {
      r->unreachable = true;
      dg_error(md->dg, r->loc, "%s is unreachable: more specific rules take all of its encodings",
               rule_desc(md, f));
      dg_note(md->dg, by[0]->rule->loc, "for example %s", rule_desc(md, by[0]));
    }
  }
  free(by);
  free(done);
  free(rule_of);
  free(cand);
  free(ix.by_key);
}

void pt_build(md_spec *md) {
  fl_list all = {0};
  for (int i = 0; i < md->ntables; i++) flatten_table(md, md->tables[i]);
  for (int i = 0; i < md->ninsns; i++) {
    fl_list one = {0};
    int errors = md->dg->nerrors;
    flatten_rule(md, md->insns[i], &one);
    md->insns[i]->flats = one.v;
    md->insns[i]->nflats = one.n;
    for (int k = 0; k < one.n; k++) fl_push(md->ar, &all, one.v[k]);
    /* the decoder keeps a rank for every choice of its sub-tables' encodings
     * (emit.c, dc_ranks), contradictory ones included */
    md_rule *r = md->insns[i];
    long choices = 1;
    for (int k = 0; k < r->npos && choices <= MAX_CHOICES_PER_RULE; k++)
      if (r->pos[k].sub) choices *= r->pos[k].sub->nflats;
    if (choices > MAX_CHOICES_PER_RULE && md->dg->nerrors == errors)
      dg_error(md->dg, r->loc, "'%s' combines more than %d choices of its sub-tables' encodings", r->name,
               MAX_CHOICES_PER_RULE);
  }
  /* decode ranks are 16-bit, 0xFFFF meaning none */
  if (all.n >= 0xFFFF) dg_plain(md->dg, "the spec has %d encodings; the limit is %d", all.n, 0xFFFF - 1);
  if (md->dg->nerrors) return;
  int ord = 0;
  for (int i = 0; i < all.n; i++) {
    all.v[i]->order = ord++;
    key(md, all.v[i]);
  }
  /* tables: alternatives among themselves */
  for (int i = 0; i < md->ntables; i++) {
    md_table *t = md->tables[i];
    for (int k = 0; k < t->nflats; k++) key(md, t->flats[k]);
    if (t->used) check_group(md, t->flats, t->nflats, true);
  }
  check_group(md, all.v, all.n, true);
  /* prefixes must not start an instruction */
  for (int p = 0; p < md->nprefixes; p++)
    for (int i = 0; i < all.n; i++) {
      md_flat *f = all.v[i];
      if (f->len && ((f->val[0] ^ md->prefixes[p].byte) & f->mask[0]) == 0) {
        dg_error(md->dg, f->rule->loc, "instruction '%s' can start with byte 0x%02x, which is a prefix",
                 f->rule->name, md->prefixes[p].byte);
        dg_note(md->dg, md->prefixes[p].loc, "prefix 0x%02x is declared here", md->prefixes[p].byte);
        break;
      }
    }
  qsort(all.v, (size_t)all.n, sizeof *all.v, by_specificity);
  md->flats = all.v;
  md->nflats = all.n;
  md->min_len = MD_MAX_LEN;
  md->max_len = 0;
  for (int i = 0; i < all.n; i++) {
    all.v[i]->order = i;
    if (all.v[i]->len < md->min_len) md->min_len = all.v[i]->len;
    if (all.v[i]->len > md->max_len) md->max_len = all.v[i]->len;
  }
  if (!all.n) md->min_len = 1;
  for (int i = 0; i < all.n; i++)
    if (all.v[i]->len == 0) {
      dg_error(md->dg, all.v[i]->rule->loc, "instruction '%s' has an empty encoding", all.v[i]->rule->name);
      break;
    }
  if (md->max_len_setting) {
    if (md->max_len_setting < md->max_len)
      for (int i = 0; i < all.n; i++)
        if (all.v[i]->len > md->max_len_setting) {
          dg_error(md->dg, all.v[i]->rule->loc, "'%s' is %d bytes long, more than the arch's maxlen %d",
                   all.v[i]->rule->name, all.v[i]->len, md->max_len_setting);
          break;
        }
    md->max_len = md->max_len_setting;
  } else {
    md->max_len += md->nprefixes; /* each prefix at most once */
    if (md->max_len > MD_MAX_LEN) md->max_len = MD_MAX_LEN;
  }
}
