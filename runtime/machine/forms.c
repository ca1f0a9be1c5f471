/* forms.c — the encoding forms, combined from the packed parts (forms.h).
 *
 * The combination repeats isagen's (gen/pattern.c, expand): each instruction's
 * positions from left to right, a position's own fixed bits and then, where a
 * sub-table starts, each of the table's flats in turn (a joined position, a
 * further sub-table at the same byte, starts where the previous position
 * started; the next one after the longest of them); a choice whose bytes or
 * context values contradict what is already fixed gives no form.  Then the
 * decode order is pattern.c's sort (by_specificity).  The test forms.<isa>
 * (tests/decoder_diff/forms_check.c) compares the result, field by field,
 * with the full table `isagen --oracle` writes. */
#include "forms.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* One form while the forms are collected: offsets into the growing arrays
 * (which move), turned into pointers once everything is collected. */
typedef struct fm_rec {
  uint32_t insn, key, bytes, ctxv, fields, nfields;
  uint8_t len, nctx;
} fm_rec;

/* The form being combined: bytes fixed so far, context constraints, and the
 * (field, byte offset) pairs named so far (named[0..nnamed) of the builder). */
typedef struct fm_cur {
  uint8_t mask[ISA_MAX_LEN], val[ISA_MAX_LEN];
  uint8_t ctx[ISA_MAX_CTX];
  uint64_t ctxv[ISA_MAX_CTX];
  unsigned nctx, off, nnamed;
  unsigned start; /* where the last position started (a joined one starts there too) */
} fm_cur;

/* A distinct list of named fields: its pairs (kept), its pieces (fields). */
typedef struct fm_flist {
  uint64_t hash;
  uint32_t kept, nnamed, fields, nfields;
} fm_flist;

typedef struct fm_build {
  const isa_formpack *pk;
  fm_rec *rec;
  size_t nrec, caprec;
  uint8_t *bytes; /* per form: mask, val, ctx */
  size_t nbytes, capbytes;
  uint64_t *ctxv;
  size_t nctxv, capctxv;
  isa_form_field *fields;
  size_t nfields, capfields;
  uint16_t (*named)[2]; /* the current form's named fields, across levels */
  size_t capnamed;
  /* Forms share their field lists (x86: 23,603 forms, 239 distinct lists of
   * 2,406 pieces instead of 248,813): each distinct list of named fields is
   * kept once in lists[] and found by its hash in slot[] (open addressing,
   * index + 1, 0 empty). */
  fm_flist *lists;
  size_t nlists, caplists;
  uint16_t (*kept)[2]; /* the lists' named fields */
  size_t nkept, capkept;
  uint32_t *slot;
  size_t nslot; /* a power of two, at least twice nlists */
} fm_build;

/* A table built: the forms and the arrays they point into. */
typedef struct fm_done {
  const isa_formpack *pk;
  isa_form *forms;
  uint8_t *bytes;
  uint64_t *ctxv;
  isa_form_field *fields;
  struct fm_done *next;
} fm_done;

static pthread_mutex_t fm_mu = PTHREAD_MUTEX_INITIALIZER;
static fm_done *fm_tables; /* every table built, kept to the end of the program */

static bool fm_add_ctx(fm_cur *c, uint8_t var, uint64_t v) {
  for (unsigned i = 0; i < c->nctx; i++)
    if (c->ctx[i] == var) return c->ctxv[i] == v;
  if (c->nctx == ISA_MAX_CTX) return false;
  c->ctx[c->nctx] = var;
  c->ctxv[c->nctx++] = v;
  return true;
}

/* Part p at byte off of c: its fixed bits, context constraints and named
 * fields (a field at an offset once: a rule may constrain a field its
 * sub-table binds); false if it contradicts c. */
static bool fm_apply(fm_build *b, fm_cur *c, const isa_fp_part *p, unsigned off) {
  const isa_formpack *pk = b->pk;
  if (off + p->len > ISA_MAX_LEN) return false;
  if (p->mask != UINT32_MAX)
    for (unsigned k = 0; k < p->len; k++) {
      uint8_t m = pk->bytes[p->mask + k], v = pk->bytes[p->val + k];
      if (c->mask[off + k] & m & (c->val[off + k] ^ v)) return false;
      c->mask[off + k] |= m;
      c->val[off + k] = (uint8_t)((c->val[off + k] & ~m) | v);
    }
  for (unsigned k = 0; k < p->nctx; k++)
    if (!fm_add_ctx(c, pk->bytes[p->ctx + k], pk->ctxv[p->ctxv + k])) return false;
  for (unsigned k = 0; k < p->nnamed; k++) {
    uint16_t f = pk->named[p->named + 2 * k], o = (uint16_t)(off + pk->named[p->named + 2 * k + 1]);
    bool have = false;
    for (unsigned q = 0; q < c->nnamed && !have; q++) have = b->named[q][0] == f && b->named[q][1] == o;
    if (have) continue;
    b->named = xa_grow(b->named, &b->capnamed, c->nnamed + 1, sizeof *b->named);
    b->named[c->nnamed][0] = f;
    b->named[c->nnamed++][1] = o;
  }
  return true;
}

/* The list of the named fields b->named[0..n), its pieces appended to
 * b->fields the first time it is seen. */
static const fm_flist *fm_fields(fm_build *b, unsigned n) {
  const isa_formpack *pk = b->pk;
  uint64_t h = 1469598103934665603u; /* FNV-1a over the pairs */
  for (unsigned q = 0; q < n; q++) h = (h ^ ((uint64_t)b->named[q][0] << 16 | b->named[q][1])) * 1099511628211u;
  if (2 * (b->nlists + 1) > b->nslot) { /* grow and rehash */
    size_t ns = b->nslot ? 2 * b->nslot : 256;
    uint32_t *slot = xa_calloc(ns, sizeof *slot);
    for (size_t k = 0; k < b->nlists; k++) {
      size_t j = b->lists[k].hash & (ns - 1);
      while (slot[j]) j = (j + 1) & (ns - 1);
      slot[j] = (uint32_t)k + 1;
    }
    free(b->slot);
    b->slot = slot;
    b->nslot = ns;
  }
  size_t j = h & (b->nslot - 1);
  for (; b->slot[j]; j = (j + 1) & (b->nslot - 1)) {
    const fm_flist *l = &b->lists[b->slot[j] - 1];
    if (l->hash == h && l->nnamed == n && (!n || !memcmp(b->kept + l->kept, b->named, sizeof *b->named * n))) return l;
  }
  b->lists = xa_grow(b->lists, &b->caplists, b->nlists + 1, sizeof *b->lists);
  b->slot[j] = (uint32_t)++b->nlists;
  fm_flist *l = &b->lists[b->nlists - 1];
  *l = (fm_flist){h, (uint32_t)b->nkept, n, (uint32_t)b->nfields, 0};
  b->kept = xa_grow(b->kept, &b->capkept, b->nkept + n, sizeof *b->kept);
  if (n) memcpy(b->kept + b->nkept, b->named, sizeof *b->named * n); /* b->kept may be NULL */
  b->nkept += n;
  for (unsigned q = 0; q < n; q++) {
    const isa_fp_field *fd = &pk->fields[b->named[q][0]];
    b->fields = xa_grow(b->fields, &b->capfields, b->nfields + fd->npiece, sizeof *b->fields);
    for (uint32_t k = 0; k < fd->npiece; k++) {
      const isa_fp_piece *pc = &pk->pieces[fd->piece + k];
      b->fields[b->nfields++] = (isa_form_field){pk->names + fd->name, (uint8_t)(b->named[q][1] + pc->byte), pc->bit,
                                                 pc->width, pc->fbit};
    }
  }
  l->nfields = (uint32_t)b->nfields - l->fields;
  return l;
}

/* A complete form of instruction i: its bytes appended, its fields found. */
static void fm_emit(fm_build *b, uint32_t i, const fm_cur *c) {
  const isa_formpack *pk = b->pk;
  b->rec = xa_grow(b->rec, &b->caprec, b->nrec + 1, sizeof *b->rec);
  fm_rec *r = &b->rec[b->nrec++];
  r->insn = i;
  r->len = (uint8_t)c->off;
  r->nctx = (uint8_t)c->nctx;
  r->key = 0;
  for (unsigned k = 0; k < c->off; k++)
    for (unsigned m = c->mask[k]; m; m &= m - 1) r->key++;
  for (unsigned k = 0; k < c->nctx; k++) r->key += pk->ctx_bits[c->ctx[k]];
  r->bytes = (uint32_t)b->nbytes;
  b->bytes = xa_grow(b->bytes, &b->capbytes, b->nbytes + 2 * c->off + c->nctx, 1);
  memcpy(b->bytes + b->nbytes, c->mask, c->off);
  memcpy(b->bytes + b->nbytes + c->off, c->val, c->off);
  memcpy(b->bytes + b->nbytes + 2 * c->off, c->ctx, c->nctx);
  b->nbytes += 2 * c->off + c->nctx;
  r->ctxv = (uint32_t)b->nctxv;
  b->ctxv = xa_grow(b->ctxv, &b->capctxv, b->nctxv + c->nctx, sizeof *b->ctxv);
  if (c->nctx) memcpy(b->ctxv + b->nctxv, c->ctxv, sizeof *c->ctxv * c->nctx); /* b->ctxv may be NULL */
  b->nctxv += c->nctx;
  const fm_flist *l = fm_fields(b, c->nnamed);
  r->fields = l->fields;
  r->nfields = l->nfields;
}

/* Every form of instruction i, in pattern.c's order: an odometer over the
 * positions (the first the most significant), without recursion; level[j]
 * is the form before position j, choice[j] the table flat tried there. */
static void fm_insn(fm_build *b, uint32_t i) {
  const isa_formpack *pk = b->pk;
  const isa_fp_insn *in = &pk->insns[i];
  unsigned n = in->npart;
  fm_cur *level = xa_calloc(n + 1, sizeof *level);
  long *choice = xa_calloc(n + 1, sizeof *choice);
  for (unsigned k = 0; k < in->nctx; k++)
    if (!fm_add_ctx(&level[0], pk->bytes[in->ctx + k], pk->ctxv[in->ctxv + k])) goto done;
  unsigned j = 0;
  choice[0] = -1;
  for (;;) {
    if (j == n) {
      fm_emit(b, i, &level[n]);
      if (!n) break; /* no position: one form */
      j = n - 1;
      continue;
    }
    const isa_fp_part *p = &pk->parts[in->part + j];
    long nchoice = p->sub < 0 ? 1 : (long)pk->tables[p->sub].npart;
    if (++choice[j] >= nchoice) {
      if (!j) break;
      j--;
      continue;
    }
    fm_cur *c = &level[j + 1];
    *c = level[j];
    unsigned at = p->join ? c->start : c->off; /* c->off: the end so far */
    if (!fm_apply(b, c, p, at)) continue;
    unsigned end = p->len;
    if (p->sub >= 0) {
      const isa_fp_part *t = &pk->parts[pk->tables[p->sub].part + choice[j]];
      if (!fm_apply(b, c, t, at)) continue;
      if (t->len > end) end = t->len;
    }
    c->start = at;
    if (at + end > c->off) c->off = at + end;
    choice[++j] = -1;
  }
done:
  free(level);
  free(choice);
}

static const fm_rec *fm_sort_base; /* qsort has no context argument; under fm_mu */

/* pattern.c's by_specificity on indices into fm_sort_base: more fixed bits
 * first, then longer, then more context constraints, then the order the
 * forms were made in. */
static int fm_cmp(const void *x, const void *y) {
  uint32_t i = *(const uint32_t *)x, j = *(const uint32_t *)y;
  const fm_rec *a = &fm_sort_base[i], *b = &fm_sort_base[j];
  if (a->key != b->key) return a->key > b->key ? -1 : 1;
  if (a->len != b->len) return a->len > b->len ? -1 : 1;
  if (a->nctx != b->nctx) return a->nctx > b->nctx ? -1 : 1;
  return (i > j) - (i < j);
}

static void fm_expand(const isa_desc *d, fm_done *e) {
  fm_build b = {.pk = d->formpack};
  for (uint32_t i = 0; i < d->ninsns && b.pk; i++) fm_insn(&b, i);
  if (b.nrec != d->nforms) {
    fprintf(stderr, "mcveto: %s: the packed encoding forms give %zu forms, the descriptor says %u\n", d->name, b.nrec,
            d->nforms);
    exit(1);
  }
  uint32_t *ix = xa_calloc(b.nrec + 1, sizeof *ix);
  for (uint32_t k = 0; k < b.nrec; k++) ix[k] = k;
  fm_sort_base = b.rec;
  qsort(ix, b.nrec, sizeof *ix, fm_cmp);
  /* kept for the program's life: no room to spare */
  b.bytes = xa_realloc(b.bytes, b.nbytes);
  b.ctxv = xa_realloc(b.ctxv, sizeof *b.ctxv * b.nctxv);
  b.fields = xa_realloc(b.fields, sizeof *b.fields * b.nfields);
  isa_form *forms = xa_calloc(b.nrec + 1, sizeof *forms);
  for (size_t k = 0; k < b.nrec; k++) {
    const fm_rec *r = &b.rec[ix[k]];
    const uint8_t *by = b.bytes + r->bytes;
    forms[k] = (isa_form){r->insn, r->len, r->nctx, r->len ? by : NULL, r->len ? by + r->len : NULL,
                          r->nctx ? by + 2 * r->len : NULL, r->nctx ? b.ctxv + r->ctxv : NULL,
                          (uint16_t)r->nfields, r->nfields ? b.fields + r->fields : NULL};
  }
  free(ix);
  free(b.rec);
  free(b.named);
  free(b.lists);
  free(b.kept);
  free(b.slot);
  e->forms = forms;
  e->bytes = b.bytes;
  e->ctxv = b.ctxv;
  e->fields = b.fields;
}

const isa_form *fm_forms(const isa_desc *d) {
  pthread_mutex_lock(&fm_mu);
  fm_done *e = fm_tables;
  while (e && e->pk != d->formpack) e = e->next;
  if (!e) {
    e = xa_calloc(1, sizeof *e);
    e->pk = d->formpack;
    fm_expand(d, e);
    e->next = fm_tables;
    fm_tables = e;
  }
  pthread_mutex_unlock(&fm_mu);
  return e->forms;
}
