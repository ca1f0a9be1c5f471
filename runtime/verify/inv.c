/* inv.c — facts proven over the abstract graph; see inv.h. */
#include "inv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "htab.h"
#include "pre.h"
#include "xalloc.h"

#define MAXENT 512  /* known bytes of one array kept per fact vector */
#define WORK_PER_EDGE 4096 /* fixpoint work bound: evaluations per live edge */
#define INV_SETMAX 32      /* fact vectors per (state, context) before they are joined */
#define MAXSYM 64   /* bytes of `mem` held as terms over u, per fact vector */
#define U_FEW 8     /* a vector whose u has at most this many values is split into them */
#define U_TERM 256  /* nodes of a term over u kept as a value */

/* A fact vector under construction: K scalar slots, and the known bytes of
 * `mem` and `$A` as sorted (address << 8 | byte) entries.  Bytes of `mem`
 * may also come from the initial layer (inv_set_initial_byte, shared by all
 * vectors): while `layer` is set, a byte of the layer with no entry and no
 * hole (ent[2]: addresses, byte 0) still holds its initial value.
 *
 * The byte variable u.  A vector may also name one unknown byte u, with the
 * set `udom` of the values it can have: a slot in `sym` holds a term over u
 * (val is the term), and ent[3] lists bytes of `mem` that are terms over u,
 * as (address, term) pairs.  The vector then stands for the states for
 * which some u in udom gives every such slot and byte its term's value.  So
 * a value computed from an unknown byte keeps its link to the byte (an
 * input byte zero-extended, compared with 4, set into a flag, pushed as an
 * argument), a branch on it narrows udom to the values that take that
 * branch, and when few are left the vector is split into one per value, in
 * which all is known.  u exists per vector: two vectors' u need not be the
 * same byte, which is why a join keeps only the terms both have.
 *
 * Canonical form, so that equal facts intern to one id: an entry never
 * repeats the layer's byte where the layer holds, holes are only at the
 * layer's addresses without an entry or with a term over u (ent[3]), no
 * layer means no holes, an address is in at most one of ent[0] and ent[3],
 * `known` and `sym` are disjoint, and udom is empty when no slot or byte
 * names u. */
typedef struct fvb {
  uint64_t *known; /* bitmap, KW words */
  uint64_t *sym;   /* bitmap, KW words: the slot's val is a term over u */
  uint64_t *val;
  uint64_t *ent[4];
  size_t nent[4], capent[4]; /* ent[3]: nent[3] pairs, twice the words */
  bool layer;
  uint64_t udom[4]; /* the values u can have, a 256-bit set */
} fvb;

/* Interned vectors live in one arena of words: [known KW][sym KW][val K]
 * [n0][n1][n2][n3][layer][udom 4][entries of mem][entries of $A][holes]
 * [terms of mem].  Id 0 is ⊥ (no run), id 1 knows nothing. */
#define HDR 9 /* the words after known, sym and val: n0..n3, layer, udom */
typedef struct fvrec { size_t off, len; uint64_t hash; } fvrec;

typedef struct pp_ent { pre_post pp; bool ok; } pp_ent;

struct inv_ctx {
  const fold_vocab *v;
  const fold_letters *L;
  nwa_letter boot;
  tm_ctx *tc;
  unsigned K, KW, W, ab;
  uint64_t amask;
  isa_term *slot_var;   /* per slot */
  unsigned *slot_width; /* 0: bool */
  uint32_t *slot_of;    /* var index -> slot + 1 */
  size_t nslot_of;
  unsigned s_V, s_D, s_ip, s_inlen;
  /* interned vectors */
  uint64_t *arena;
  size_t narena, caparena;
  fvrec *fv;
  size_t nfv, capfv;
  uint32_t *hs; /* open addressing on ids */
  size_t hcap;
  uint32_t init; /* the initial facts' vector */
  fvb b, b2;
  /* memo tables */
  ht_map post;   /* (letter << 2 | kind) + 1 -> pp index */
  pp_ent *pp;
  size_t npp, cappp;
  ht_map tmemo;  /* transfer: key -> out */
  ht_map jmemo;  /* join */
  ht_map mmemo;  /* meet with a predicate */
  ht_map rmemo;  /* return restore */
  ht_map pfacts; /* predicate + 1 -> vector of its facts (0: contradictory) */
  ht_map gmemo;  /* (predicate, vector) -> strengthened predicate */
  ht_map ev;     /* evaluation memo of one transfer: term + 1 -> const term */
  ht_map gw;     /* grounding walk memo */
  ht_map prememo; /* (letter, kind, predicate) + 1 -> Pre(letter, predicate) */
  ht_map pfmemo;  /* (Pre term << 32 | vector) + 1 -> 1 if it is false there */
  bool init_set;
  bool split;        /* transfer2 may split on a conditional move */
  unsigned setmax;   /* vectors kept per (state, context) before they are joined */
  uint64_t *init_known, *init_val;
  uint64_t *init_ent; /* the initial layer of `mem` (addr << 8 | byte), inv_set_initial_byte */
  size_t ninit_ent, capinit_ent;
  isa_term gfacts;   /* ground_walk: the byte facts it substituted, conjoined (0: none) */
  inv_fixed_fn fixed; /* bytes no run can change (inv_set_fixed), or NULL */
  const void *fixed_ctx;
  /* the joined value of each state at the last settled fixpoint (inv_ground) */
  uint32_t *last;
  size_t nlast;
  /* the byte variable u (fvb) */
  isa_term u;        /* the term variable that stands for it */
  uint32_t u_index;  /* its variable index */
  uint64_t u_val;    /* its value in u_eval's environment */
  bool u_on;         /* this pass keeps terms over u */
  bool bind_on;      /* pe may name an unknown byte u (transfer_one) */
  bool rebind;       /* ... in place of the vector's own u (then dropped) */
  bool read_old;     /* pe read a byte that is a term over the vector's own u */
  bool bound_set;    /* pe named u: the byte at `bound` before the step */
  uint64_t bound;
  ht_map tsz;        /* term + 1 -> nodes (capped at U_TERM + 1) */
  ht_map umemo;      /* (vector << 8 | value) + 1 -> the vector with u := value */
  /* self-check: each state's vectors at the last fixpoint */
  uint32_t **dbgv;
  size_t *ndbgv, ndbg;
  bool dbg_print; /* inv_debug_covers is saying why no vector holds */
  unsigned check; /* inv_set_self_check's level */
};

/* ---- fact vectors ------------------------------------------------------ */

/* memcpy of n words; n may be 0 with a NULL pointer (an empty entry list) */
static void wcpy(uint64_t *dst, const uint64_t *src, size_t n) {
  if (n) memcpy(dst, src, n * sizeof *dst);
}

static uint64_t mix(uint64_t h, uint64_t x) {
  h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

static void fvb_init(inv_ctx *c, fvb *b) {
  memset(b, 0, sizeof *b);
  b->known = calloc(c->KW ? c->KW : 1, sizeof *b->known);
  b->sym = calloc(c->KW ? c->KW : 1, sizeof *b->sym);
  b->val = calloc(c->K ? c->K : 1, sizeof *b->val);
  if (!b->known || !b->sym || !b->val) xa_nomem();
}

static void fvb_free(fvb *b) {
  free(b->known);
  free(b->sym);
  free(b->val);
  for (int a = 0; a < 4; a++) free(b->ent[a]);
}

/* Words of list a (ent[3] holds pairs). */
static size_t ewords(const fvb *b, int a) { return a == 3 ? 2 * b->nent[3] : b->nent[a]; }

static bool fvb_has(const inv_ctx *c, const fvb *b, unsigned s) {
  (void)c;
  return b->known[s / 64] >> (s % 64) & 1;
}

static bool fvb_sym(const fvb *b, unsigned s) { return b->sym[s / 64] >> (s % 64) & 1; }

static void fvb_set(fvb *b, unsigned s, uint64_t v) {
  b->known[s / 64] |= 1ull << (s % 64);
  b->sym[s / 64] &= ~(1ull << (s % 64));
  b->val[s] = v;
}

/* Slot s holds term t over u. */
static void fvb_set_sym(fvb *b, unsigned s, isa_term t) {
  b->sym[s / 64] |= 1ull << (s % 64);
  b->known[s / 64] &= ~(1ull << (s % 64));
  b->val[s] = t;
}

static void fvb_forget(fvb *b, unsigned s) {
  b->known[s / 64] &= ~(1ull << (s % 64));
  b->sym[s / 64] &= ~(1ull << (s % 64));
}

/* Does some slot or byte of b name u? */
static bool u_used(const inv_ctx *c, const fvb *b) {
  if (b->nent[3]) return true;
  for (unsigned i = 0; i < c->KW; i++)
    if (b->sym[i]) return true;
  return false;
}

static void ent_reserve(fvb *b, int a, size_t n) {
  b->ent[a] = xa_grow(b->ent[a], &b->capent[a], n, sizeof *b->ent[a]);
}

static const uint64_t *fv_words(const inv_ctx *c, uint32_t id) { return c->arena + c->fv[id].off; }

/* Load vector id (not ⊥) into b. */
static const uint64_t *fv_hdr(const inv_ctx *c, uint32_t id) { return fv_words(c, id) + 2 * c->KW + c->K; }

static void fvb_load(inv_ctx *c, fvb *b, uint32_t id) {
  const uint64_t *w = fv_words(c, id);
  wcpy(b->known, w, c->KW);
  wcpy(b->sym, w + c->KW, c->KW);
  wcpy(b->val, w + 2 * c->KW, c->K);
  const uint64_t *h = fv_hdr(c, id), *e = h + HDR;
  for (int a = 0; a < 4; a++) {
    size_t nw = a == 3 ? 2 * h[a] : h[a];
    ent_reserve(b, a, nw);
    wcpy(b->ent[a], e, nw);
    b->nent[a] = h[a];
    e += nw;
  }
  b->layer = h[4];
  memcpy(b->udom, h + 5, sizeof b->udom);
}

static bool fv_same(const inv_ctx *c, uint32_t id, const uint64_t *w, size_t len) {
  return c->fv[id].len == len && !memcmp(fv_words(c, id), w, len * sizeof *w);
}

static void rehash_fv(inv_ctx *c) {
  size_t cap = c->hcap ? c->hcap * 2 : 1024;
  uint32_t *h = calloc(cap, sizeof *h);
  if (!h) xa_nomem();
  for (uint32_t id = 1; id < c->nfv; id++) {
    size_t i = c->fv[id].hash & (cap - 1);
    while (h[i]) i = (i + 1) & (cap - 1);
    h[i] = id;
  }
  free(c->hs);
  c->hs = h;
  c->hcap = cap;
}

/* Intern b: unknown slots get value 0 so that equal vectors are equal words. */
static uint32_t fvb_intern(inv_ctx *c, fvb *b) {
  for (unsigned s = 0; s < c->K; s++)
    if (!fvb_has(c, b, s) && !fvb_sym(b, s)) b->val[s] = 0;
  if (!u_used(c, b)) memset(b->udom, 0, sizeof b->udom);
  size_t len = 2 * c->KW + c->K + HDR + b->nent[0] + b->nent[1] + b->nent[2] + 2 * b->nent[3];
  c->arena = xa_grow(c->arena, &c->caparena, c->narena + len, sizeof *c->arena);
  uint64_t *w = c->arena + c->narena; /* written in place; kept only if new */
  wcpy(w, b->known, c->KW);
  wcpy(w + c->KW, b->sym, c->KW);
  wcpy(w + 2 * c->KW, b->val, c->K);
  uint64_t *hd = w + 2 * c->KW + c->K, *e = hd + HDR;
  for (int a = 0; a < 4; a++) {
    hd[a] = b->nent[a];
    wcpy(e, b->ent[a], ewords(b, a));
    e += ewords(b, a);
  }
  hd[4] = b->layer;
  memcpy(hd + 5, b->udom, sizeof b->udom);
  uint64_t h = 0x12345;
  for (size_t i = 0; i < len; i++) h = mix(h, w[i]);
  h |= 1;
  if (c->hcap && c->hs) {
    for (size_t i = h & (c->hcap - 1); c->hs[i]; i = (i + 1) & (c->hcap - 1)) {
      uint32_t id = c->hs[i];
      if (c->fv[id].hash == h && fv_same(c, id, w, len)) return id;
    }
  }
  c->fv = xa_grow(c->fv, &c->capfv, c->nfv + 1, sizeof *c->fv);
  uint32_t id = (uint32_t)c->nfv++;
  c->fv[id] = (fvrec){c->narena, len, h};
  c->narena += len;
  if ((c->nfv + 1) * 2 > c->hcap) rehash_fv(c);
  else {
    size_t i = h & (c->hcap - 1);
    while (c->hs[i]) i = (i + 1) & (c->hcap - 1);
    c->hs[i] = id;
  }
  return id;
}

static void fvb_clear(inv_ctx *c, fvb *b) {
  memset(b->known, 0, c->KW * sizeof *b->known);
  memset(b->sym, 0, c->KW * sizeof *b->sym);
  b->nent[0] = b->nent[1] = b->nent[2] = b->nent[3] = 0;
  b->layer = false;
  memset(b->udom, 0, sizeof b->udom);
}

/* Entry lookup / update in sorted entries of list a (0 mem, 1 $A, 2 holes in
 * the layer of mem). */
static bool ent_find(const fvb *b, int a, uint64_t addr, size_t *pos) {
  size_t lo = 0, hi = b->nent[a];
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if ((b->ent[a][mid] >> 8) < addr) lo = mid + 1;
    else hi = mid;
  }
  *pos = lo;
  return lo < b->nent[a] && (b->ent[a][lo] >> 8) == addr;
}

static void ent_forget(fvb *b, int a, uint64_t addr) {
  size_t p;
  if (!ent_find(b, a, addr, &p)) return;
  if (b->nent[a] - p - 1) memmove(b->ent[a] + p, b->ent[a] + p + 1, (b->nent[a] - p - 1) * sizeof *b->ent[a]);
  b->nent[a]--;
}

/* Set the entry; false if there is no room (MAXENT) and it was not set. */
static bool ent_set(fvb *b, int a, uint64_t addr, uint8_t byte) {
  size_t p;
  if (ent_find(b, a, addr, &p)) {
    b->ent[a][p] = addr << 8 | byte;
    return true;
  }
  if (b->nent[a] >= MAXENT) return false;
  ent_reserve(b, a, b->nent[a] + 1);
  if (b->nent[a] - p) memmove(b->ent[a] + p + 1, b->ent[a] + p, (b->nent[a] - p) * sizeof *b->ent[a]);
  b->ent[a][p] = addr << 8 | byte;
  b->nent[a]++;
  return true;
}

/* Bytes of `mem` that are terms over u: ent[3], sorted (address, term) pairs. */
static bool sb_find(const fvb *b, uint64_t addr, size_t *pos) {
  size_t lo = 0, hi = b->nent[3];
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (b->ent[3][2 * mid] < addr) lo = mid + 1;
    else hi = mid;
  }
  *pos = lo;
  return lo < b->nent[3] && b->ent[3][2 * lo] == addr;
}

static void sb_forget(fvb *b, uint64_t addr) {
  size_t p;
  if (!sb_find(b, addr, &p)) return;
  memmove(b->ent[3] + 2 * p, b->ent[3] + 2 * p + 2, (b->nent[3] - p - 1) * 2 * sizeof *b->ent[3]);
  b->nent[3]--;
}

/* False if there is no room (MAXSYM) and it was not set. */
static bool sb_set(fvb *b, uint64_t addr, isa_term t) {
  size_t p;
  if (sb_find(b, addr, &p)) {
    b->ent[3][2 * p + 1] = t;
    return true;
  }
  if (b->nent[3] >= MAXSYM) return false;
  ent_reserve(b, 3, 2 * (b->nent[3] + 1));
  memmove(b->ent[3] + 2 * p + 2, b->ent[3] + 2 * p, (b->nent[3] - p) * 2 * sizeof *b->ent[3]);
  b->ent[3][2 * p] = addr;
  b->ent[3][2 * p + 1] = t;
  b->nent[3]++;
  return true;
}

/* ---- the vocabulary's slots -------------------------------------------- */

static unsigned slot_of_var(const inv_ctx *c, isa_term var) {
  uint32_t i = tm_var_index(c->tc, var);
  return i < c->nslot_of ? c->slot_of[i] : 0; /* slot + 1, or 0 */
}

static void add_slot(inv_ctx *c, isa_term var, unsigned width) {
  unsigned s = c->K++;
  c->slot_var = xa_realloc(c->slot_var, c->K * sizeof *c->slot_var);
  c->slot_width = xa_realloc(c->slot_width, c->K * sizeof *c->slot_width);
  c->slot_var[s] = var;
  c->slot_width[s] = width;
  uint32_t i = tm_var_index(c->tc, var);
  if (i >= c->nslot_of) {
    size_t n = i + 1;
    c->slot_of = xa_realloc(c->slot_of, n * sizeof *c->slot_of);
    memset(c->slot_of + c->nslot_of, 0, (n - c->nslot_of) * sizeof *c->slot_of);
    c->nslot_of = n;
  }
  c->slot_of[i] = s + 1;
}

inv_ctx *inv_new(const fold_vocab *v, const fold_letters *L, nwa_letter boot) {
  inv_ctx *c = calloc(1, sizeof *c);
  if (!c) xa_nomem();
  c->v = v;
  c->L = L;
  c->boot = boot;
  c->tc = v->tc;
  const isa_desc *d = v->d;
  c->ab = d->addr_bits;
  c->amask = c->ab >= 64 ? ~0ull : (1ull << c->ab) - 1;
  c->W = (c->ab + 7) / 8;
  for (unsigned i = 0; i < d->nregs; i++) {
    unsigned w = d->regs[i].is_flag ? TM_BOOL : d->regs[i].width;
    add_slot(c, tm_var(c->tc, d->regs[i].name, w), w);
  }
  c->s_V = c->K, add_slot(c, v->V, TM_BOOL);
  c->s_D = c->K, add_slot(c, v->D, c->ab);
  c->s_ip = c->K, add_slot(c, v->ip, c->ab);
  c->s_inlen = c->K, add_slot(c, v->inlen, c->ab);
  c->KW = (c->K + 63) / 64;
  c->u = tm_var(c->tc, "$iv.u", 8);
  c->u_index = tm_var_index(c->tc, c->u);
  fvb_init(c, &c->b);
  fvb_init(c, &c->b2);
  c->init_known = calloc(c->KW, sizeof *c->init_known);
  c->init_val = calloc(c->K, sizeof *c->init_val);
  if (!c->init_known || !c->init_val) xa_nomem();
  /* ids 0 (⊥, a placeholder) and 1 (nothing known) */
  c->nfv = 0;
  fvb_clear(c, &c->b);
  c->capfv = 256;
  c->fv = calloc(c->capfv, sizeof *c->fv);
  if (!c->fv) xa_nomem();
  c->nfv = 1; /* ⊥ has no words */
  uint32_t top = fvb_intern(c, &c->b);
  (void)top; /* == 1 */
  return c;
}

static void dbg_free(inv_ctx *c);
void inv_free(inv_ctx *c) {
  if (!c) return;
  for (size_t i = 0; i < c->npp; i++)
    if (c->pp[i].ok) pre_post_free(&c->pp[i].pp);
  free(c->pp);
  ht_free(&c->post);
  ht_free(&c->tmemo);
  ht_free(&c->jmemo);
  ht_free(&c->mmemo);
  ht_free(&c->rmemo);
  ht_free(&c->pfacts);
  ht_free(&c->gmemo);
  ht_free(&c->ev);
  ht_free(&c->gw);
  ht_free(&c->prememo);
  ht_free(&c->pfmemo);
  ht_free(&c->tsz);
  ht_free(&c->umemo);
  dbg_free(c);
  fvb_free(&c->b);
  fvb_free(&c->b2);
  free(c->init_known);
  free(c->init_val);
  free(c->init_ent);
  free(c->last);
  free(c->arena);
  free(c->fv);
  free(c->hs);
  free(c->slot_var);
  free(c->slot_width);
  free(c->slot_of);
  free(c);
}

void inv_set_initial(inv_ctx *c, isa_term var, uint64_t value) {
  unsigned s = slot_of_var(c, var);
  if (!s) return;
  s--;
  c->init_known[s / 64] |= 1ull << (s % 64);
  c->init_val[s] = value;
  c->init_set = false;
}

void inv_set_fixed(inv_ctx *c, inv_fixed_fn fn, const void *ctx) {
  c->fixed = fn;
  c->fixed_ctx = ctx;
}

void inv_set_initial_byte(inv_ctx *c, uint64_t addr, uint8_t byte) {
  c->init_ent = xa_grow(c->init_ent, &c->capinit_ent, c->ninit_ent + 1, sizeof *c->init_ent);
  c->init_ent[c->ninit_ent++] = (addr & c->amask) << 8 | byte;
  c->init_set = false;
}

static int cmp_ent(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a >> 8, y = *(const uint64_t *)b >> 8;
  return x < y ? -1 : x > y;
}

static uint32_t initial(inv_ctx *c) {
  if (!c->init_set) {
    fvb_clear(c, &c->b);
    wcpy(c->b.known, c->init_known, c->KW);
    wcpy(c->b.val, c->init_val, c->K);
    if (c->ninit_ent) { /* the layer: sorted, one entry per address (given twice: either) */
      qsort(c->init_ent, c->ninit_ent, sizeof *c->init_ent, cmp_ent);
      size_t k = 0;
      for (size_t i = 0; i < c->ninit_ent; i++) {
        if (k && (c->init_ent[k - 1] >> 8) == (c->init_ent[i] >> 8)) k--;
        c->init_ent[k++] = c->init_ent[i];
      }
      c->ninit_ent = k;
      c->b.layer = true;
    }
    c->init = fvb_intern(c, &c->b);
    c->init_set = true;
  }
  return c->init;
}

/* ---- `mem`: entries over the initial layer ------------------------------ */

/* The layer's byte at addr (c->init_ent, sorted by initial()). */
static bool layer_get(const inv_ctx *c, uint64_t addr, uint8_t *byte) {
  size_t lo = 0, hi = c->ninit_ent;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if ((c->init_ent[mid] >> 8) < addr) lo = mid + 1;
    else hi = mid;
  }
  if (lo == c->ninit_ent || (c->init_ent[lo] >> 8) != addr) return false;
  *byte = (uint8_t)c->init_ent[lo];
  return true;
}

/* The byte of `mem` at addr that b knows, from an entry or the layer. */
static bool mem_get(const inv_ctx *c, const fvb *b, uint64_t addr, uint8_t *byte) {
  size_t p;
  if (ent_find(b, 0, addr, &p)) {
    *byte = (uint8_t)b->ent[0][p];
    return true;
  }
  return b->layer && !ent_find(b, 2, addr, &p) && layer_get(c, addr, byte);
}

static void mem_forget_all(fvb *b) {
  b->nent[0] = b->nent[2] = b->nent[3] = 0;
  b->layer = false;
}

/* The layer no longer holds at addr (a byte of it with no entry).  Should
 * the holes be full, the layer goes: knowing less is always sound. */
static void mem_hole(fvb *b, uint64_t addr) {
  if (!ent_set(b, 2, addr, 0)) {
    b->layer = false;
    b->nent[2] = 0;
  }
}

static void mem_forget(const inv_ctx *c, fvb *b, uint64_t addr) {
  uint8_t lb;
  ent_forget(b, 0, addr);
  sb_forget(b, addr);
  if (b->layer && layer_get(c, addr, &lb)) mem_hole(b, addr);
}

/* The byte at addr is term t over u. */
static void mem_set_sym(const inv_ctx *c, fvb *b, uint64_t addr, isa_term t) {
  mem_forget(c, b, addr);
  sb_set(b, addr, t); /* no room: unknown, as mem_forget left it */
}

static void mem_set(const inv_ctx *c, fvb *b, uint64_t addr, uint8_t v) {
  uint8_t lb;
  sb_forget(b, addr);
  bool inl = b->layer && layer_get(c, addr, &lb);
  if (inl) {
    ent_forget(b, 2, addr);
    if (v == lb) { /* the layer says it */
      ent_forget(b, 0, addr);
      return;
    }
  }
  if (!ent_set(b, 0, addr, v)) { /* no room: not known, and not the layer's byte either */
    ent_forget(b, 0, addr);
    if (inl) mem_hole(b, addr);
  }
}

/* dst's `mem` := src's. */
static void mem_copy(fvb *dst, const fvb *src) {
  for (int a = 0; a < 4; a++) {
    if (a == 1) continue;
    ent_reserve(dst, a, ewords(src, a));
    wcpy(dst->ent[a], src->ent[a], ewords(src, a));
    dst->nent[a] = src->nent[a];
  }
  dst->layer = src->layer;
}

/* x's terms of `mem` := the pairs present and equal in x's and y's. */
static void sb_intersect(fvb *x, const fvb *y) {
  size_t i = 0, j = 0, k = 0;
  const uint64_t *u = x->ent[3], *w = y->ent[3];
  while (i < x->nent[3] && j < y->nent[3]) {
    if (u[2 * i] < w[2 * j]) i++;
    else if (w[2 * j] < u[2 * i]) j++;
    else {
      if (u[2 * i + 1] == w[2 * j + 1]) x->ent[3][2 * k] = u[2 * i], x->ent[3][2 * k + 1] = u[2 * i + 1], k++;
      i++, j++;
    }
  }
  x->nent[3] = k;
}

/* x's list a := the entries present and equal in x's and y's (in place). */
static void ent_intersect(fvb *x, const fvb *y, int a) {
  size_t i = 0, j = 0, k = 0;
  while (i < x->nent[a] && j < y->nent[a]) {
    uint64_t u = x->ent[a][i], w = y->ent[a][j];
    if (u == w) x->ent[a][k++] = u, i++, j++;
    else if ((u >> 8) < (w >> 8)) i++;
    else if ((w >> 8) < (u >> 8)) j++;
    else i++, j++;
  }
  x->nent[a] = k;
}

/* x := the join of x's and y's `mem` (a byte is known where both know it,
 * the same), in canonical form. */
static void mem_join(const inv_ctx *c, fvb *x, const fvb *y) {
  if (!x->layer && !y->layer) { /* the usual case: entries alone */
    ent_intersect(x, y, 0);
    return;
  }
  bool layer = x->layer && y->layer;
  size_t cap = x->nent[0] + y->nent[0] + x->nent[2] + y->nent[2] + 1;
  uint64_t *ent = xa_realloc(NULL, cap * sizeof *ent), *hole = xa_realloc(NULL, cap * sizeof *hole);
  size_t ne = 0, nh = 0;
  /* every address either lists, in order */
  const uint64_t *l[4] = {x->ent[0], y->ent[0], x->ent[2], y->ent[2]};
  size_t n[4] = {x->nent[0], y->nent[0], layer ? x->nent[2] : 0, layer ? y->nent[2] : 0}, i[4] = {0, 0, 0, 0};
  for (;;) {
    uint64_t addr = UINT64_MAX;
    for (int k = 0; k < 4; k++)
      if (i[k] < n[k] && (l[k][i[k]] >> 8) < addr) addr = l[k][i[k]] >> 8;
    if (addr == UINT64_MAX) break;
    for (int k = 0; k < 4; k++)
      if (i[k] < n[k] && (l[k][i[k]] >> 8) == addr) i[k]++;
    uint8_t vx, vy, lb;
    bool kx = mem_get(c, x, addr, &vx), ky = mem_get(c, y, addr, &vy);
    bool inl = layer && layer_get(c, addr, &lb);
    if (kx && ky && vx == vy) {
      if (!(inl && vx == lb)) ent[ne++] = addr << 8 | vx;
    } else if (inl)
      hole[nh++] = addr << 8;
  }
  if (nh > MAXENT) layer = false, nh = 0;
  ent_reserve(x, 0, ne);
  wcpy(x->ent[0], ent, ne);
  x->nent[0] = ne;
  ent_reserve(x, 2, nh);
  wcpy(x->ent[2], hole, nh);
  x->nent[2] = layer ? nh : 0;
  x->layer = layer;
  free(ent);
  free(hole);
}

/* ---- partial evaluation ------------------------------------------------ */

static isa_term slot_const(inv_ctx *c, unsigned s, uint64_t v) {
  return c->slot_width[s] == TM_BOOL ? (v ? tm_true(c->tc) : tm_false(c->tc)) : tm_const(c->tc, v, c->slot_width[s]);
}

/* The byte of `mem` at addr in every state of every run, or 0 if it can
 * change (inv_set_fixed). */
static isa_term fixed_byte(inv_ctx *c, uint64_t addr) {
  uint8_t b;
  return c->fixed && c->fixed(c->fixed_ctx, addr, &b) ? tm_const(c->tc, b, 8) : 0;
}

typedef struct pe_walk {
  inv_ctx *c;
  const fvb *in;
} pe_walk;

enum { PE_ITE_DEPTH = 16 }; /* nested ite of arrays pe_byte looks into */

/* *out = the byte at addr of array term arr, or 0 if unknown.  False when
 * pe's value of a subterm it needs is not known yet (queued on w).  A dry
 * run only asks for the values (no u is named), so that the run that names
 * one is done once, with every value at hand. */
static bool pe_byte(inv_ctx *c, tm_walk *w, const fvb *in, isa_term arr, uint64_t addr, bool dry, unsigned depth,
                    isa_term *out) {
  tm_ctx *tc = c->tc;
  uint64_t v;
  *out = 0;
  for (unsigned guard = 0; guard < 4096; guard++) {
    int k = tm_kind(tc, arr);
    if (k == ISA_OP_STORE) {
      if (!tm_walk_get(w, tm_arg(tc, arr, 1), &v)) return false;
      isa_term a = (isa_term)v;
      uint64_t av;
      if (!a || !tm_is_const(tc, a, &av)) return true;
      if ((av & c->amask) == addr) {
        if (!tm_walk_get(w, tm_arg(tc, arr, 2), &v)) return false;
        *out = (isa_term)v;
        return true;
      }
      arr = tm_arg(tc, arr, 0);
    } else if (k == ISA_OP_ITE) {
      if (!tm_walk_get(w, tm_arg(tc, arr, 0), &v)) return false;
      isa_term cnd = (isa_term)v;
      uint64_t cv;
      if (!cnd || !tm_is_const(tc, cnd, &cv)) {
        if (depth == PE_ITE_DEPTH) return true;
        isa_term x, y;
        if (!pe_byte(c, w, in, tm_arg(tc, arr, 1), addr, dry, depth + 1, &x) ||
            !pe_byte(c, w, in, tm_arg(tc, arr, 2), addr, dry, depth + 1, &y))
          return false;
        *out = x && x == y ? x : 0;
        return true;
      }
      arr = tm_arg(tc, arr, cv ? 1 : 2);
    } else if (dry) {
      return true;
    } else if (arr == c->v->mem) {
      size_t p;
      uint8_t byte;
      isa_term f;
      if (mem_get(c, in, addr, &byte)) *out = tm_const(tc, byte, 8);
      else if ((f = fixed_byte(c, addr))) *out = f;
      else if (sb_find(in, addr, &p)) {
        if (c->bound_set && c->rebind) return true; /* the old u, which this step drops */
        c->read_old = true;
        *out = (isa_term)in->ent[3][2 * p + 1];
      } else if (!c->bind_on || (!c->bound_set && c->rebind && c->read_old))
        return true;
      else {
        if (!c->bound_set) c->bound_set = true, c->bound = addr; /* name it u (transfer_one records it) */
        *out = c->bound == addr ? c->u : 0;
      }
      return true;
    } else if (arr == c->v->A) {
      size_t p;
      *out = ent_find(in, 1, addr, &p) ? tm_const(tc, in->ent[1][p] & 0xff, 8) : 0;
      return true;
    } else
      return true;
  }
  return true;
}

/* Nodes of t counted as a tree, capped at U_TERM + 1 (memo: c->tsz). */
static uint64_t size_step(tm_walk *w, isa_term t, void *ctx) {
  inv_ctx *c = ctx;
  uint64_t n, m;
  if (ht_get(&c->tsz, (uint64_t)t + 1, &n)) return n;
  n = 1;
  unsigned na = tm_nargs(c->tc, t);
  bool all = true;
  for (unsigned i = 0; i < na; i++) {
    if (!tm_walk_get(w, tm_arg(c->tc, t, i), &m)) all = false;
    else n += m;
  }
  if (!all) return 0;
  if (n > U_TERM) n = U_TERM + 1;
  ht_put(&c->tsz, (uint64_t)t + 1, n);
  return n;
}

/* Is t (built from values pe kept) at most U_TERM nodes, counted as a tree? */
static bool small_term(inv_ctx *c, isa_term t) {
  uint64_t n;
  if (ht_get(&c->tsz, (uint64_t)t + 1, &n)) return n <= U_TERM;
  return tm_walk_run(c->tc, t, size_step, c) <= U_TERM;
}

/* One step of pe's walk: t's value from its arguments' (memo: c->ev). */
static uint64_t pe_step(tm_walk *w, isa_term t, void *ctx) {
  pe_walk *pw = ctx;
  inv_ctx *c = pw->c;
  const fvb *in = pw->in;
  tm_ctx *tc = c->tc;
  uint64_t m;
  if (ht_get(&c->ev, (uint64_t)t + 1, &m)) return m;
  int k = tm_kind(tc, t);
  isa_term r = 0;
  uint64_t x, v0, v1, v2;
  if (k == TM_CONST)
    r = t;
  else if (k == TM_VAR) {
    unsigned s = slot_of_var(c, t);
    if (s && fvb_has(c, in, s - 1)) r = slot_const(c, s - 1, in->val[s - 1]);
    else if (s && fvb_sym(in, s - 1)) r = (isa_term)in->val[s - 1];
  } else if (k == ISA_OP_SELECT) {
    if (!tm_walk_get(w, tm_arg(tc, t, 1), &v1)) return 0;
    isa_term a = (isa_term)v1;
    if (a && tm_is_const(tc, a, &x)) {
      if (!pe_byte(c, w, in, tm_arg(tc, t, 0), x & c->amask, true, 0, &r)) return 0;
      pe_byte(c, w, in, tm_arg(tc, t, 0), x & c->amask, false, 0, &r);
    }
  } else if (k == ISA_OP_STORE || tm_sort(tc, t) == TM_ARRAY) {
    r = 0;
  } else if (k == ISA_OP_ITE) {
    if (!tm_walk_get(w, tm_arg(tc, t, 0), &v0)) return 0;
    isa_term cnd = (isa_term)v0;
    if (cnd && tm_is_const(tc, cnd, &x)) {
      if (!tm_walk_get(w, tm_arg(tc, t, x ? 1 : 2), &v1)) return 0;
      r = (isa_term)v1;
    } else {
      bool ok1 = tm_walk_get(w, tm_arg(tc, t, 1), &v1), ok2 = tm_walk_get(w, tm_arg(tc, t, 2), &v2);
      if (!ok1 || !ok2) return 0;
      isa_term a = (isa_term)v1, b = (isa_term)v2;
      r = a && a == b ? a : cnd && a && b ? tm_ite(tc, cnd, a, b) : 0; /* cnd: a term over u */
    }
  } else if (k == ISA_OP_LAND || k == ISA_OP_LOR) {
    bool ok0 = tm_walk_get(w, tm_arg(tc, t, 0), &v0), ok1 = tm_walk_get(w, tm_arg(tc, t, 1), &v1);
    if (!ok0 || !ok1) return 0;
    isa_term a = (isa_term)v0, b = (isa_term)v1;
    bool dom = k == ISA_OP_LOR; /* the value that decides alone */
    if ((a && tm_is_const(tc, a, &x) && !!x == dom) || (b && tm_is_const(tc, b, &x) && !!x == dom))
      r = dom ? tm_true(tc) : tm_false(tc);
    else if (a && b)
      r = tm_app2(tc, (isa_op)k, a, b);
  } else {
    unsigned n = tm_nargs(tc, t);
    isa_term a[3];
    if (!tm_walk_args(w, t, a)) return 0;
    bool all = true;
    for (unsigned i = 0; i < n && i < 3; i++)
      if (!a[i]) all = false;
    /* x & 0, x * 0 */
    if (!all && n == 2 && (k == ISA_OP_AND || k == ISA_OP_MUL)) {
      for (unsigned i = 0; i < 2; i++)
        if (a[i] && tm_is_const(tc, a[i], &x) && x == 0) r = a[i];
    } else if (all)
      r = tm_app(tc, (isa_op)k, a, n, tm_param(tc, t, 0), tm_param(tc, t, 1));
  }
  if (r && tm_kind(tc, r) != TM_CONST && !(c->u_on && small_term(c, r))) r = 0;
  ht_put(&c->ev, (uint64_t)t + 1, r);
  return r;
}

/* t evaluated where the facts in `in` say: a constant term, a term over u
 * (only while c->u_on), or 0. */
static isa_term pe(inv_ctx *c, const fvb *in, isa_term t) {
  uint64_t m;
  if (ht_get(&c->ev, (uint64_t)t + 1, &m)) return (isa_term)m;
  pe_walk pw = {c, in};
  return (isa_term)tm_walk_run(c->tc, t, pe_step, &pw);
}

/* ---- the byte variable u ------------------------------------------------ */

static uint64_t u_env_var(void *ctx, uint32_t index) {
  const inv_ctx *c = ctx;
  return index == c->u_index ? c->u_val : 0; /* terms over u name no other variable */
}

static uint8_t u_env_mem(void *ctx, uint32_t index, uint64_t addr) {
  (void)ctx, (void)index, (void)addr;
  return 0; /* nor an array */
}

/* t's value where u = v. */
static uint64_t u_eval(inv_ctx *c, isa_term t, unsigned v) {
  tm_env env = {c, u_env_var, u_env_mem};
  c->u_val = v;
  tm_eval_begin(c->tc);
  return tm_eval_more(c->tc, t, &env);
}

static bool dom_has(const uint64_t d[4], unsigned v) { return d[v / 64] >> (v % 64) & 1; }

static unsigned dom_count(const uint64_t d[4]) {
  unsigned n = 0;
  for (int i = 0; i < 4; i++) n += (unsigned)__builtin_popcountll(d[i]);
  return n;
}

/* b's u := the values in its udom for which boolean term t is true.
 * False if none is left: no state of b satisfies t. */
static bool u_restrict(inv_ctx *c, fvb *b, isa_term t) {
  uint64_t x;
  if (tm_is_const(c->tc, t, &x)) return x != 0; /* a constant says nothing about u */
  if (!dom_count(b->udom)) return u_eval(c, t, 0) != 0; /* b names no u: t does not depend on it */
  for (unsigned v = 0; v < 256; v++)
    if (dom_has(b->udom, v) && !u_eval(c, t, v)) b->udom[v / 64] &= ~(1ull << (v % 64));
  return dom_count(b->udom) != 0;
}

/* The one value term t has for every u in d, or false. */
static bool u_const(inv_ctx *c, const uint64_t d[4], isa_term t, uint64_t *out) {
  if (tm_is_const(c->tc, t, out)) return true;
  bool any = false;
  for (unsigned v = 0; v < 256; v++) {
    if (!dom_has(d, v)) continue;
    uint64_t y = u_eval(c, t, v);
    if (any && y != *out) return false;
    *out = y, any = true;
  }
  return any;
}

/* After b's udom shrank: every term over u with one value on udom becomes
 * that constant, and udom is emptied when nothing names u any more.  False
 * if udom is empty while something names u (no state). */
static bool u_settle(inv_ctx *c, fvb *b) {
  if (!u_used(c, b)) {
    memset(b->udom, 0, sizeof b->udom);
    return true;
  }
  if (!dom_count(b->udom)) return false;
  uint64_t x;
  for (unsigned s = 0; s < c->K; s++)
    if (fvb_sym(b, s) && u_const(c, b->udom, (isa_term)b->val[s], &x)) fvb_set(b, s, x);
  for (size_t i = b->nent[3]; i-- > 0;) {
    uint64_t addr = b->ent[3][2 * i];
    if (u_const(c, b->udom, (isa_term)b->ent[3][2 * i + 1], &x)) mem_set(c, b, addr, (uint8_t)x);
  }
  if (!u_used(c, b)) memset(b->udom, 0, sizeof b->udom);
  return true;
}

/* Vector w (not ⊥), or the vectors it splits into when its u has at most
 * U_FEW values: one per value, with u := that value.  Returns how many. */
static unsigned u_expand(inv_ctx *c, uint32_t w, uint32_t out[U_FEW]) {
  const uint64_t *h = fv_hdr(c, w);
  unsigned n = c->split ? dom_count(h + 5) : 0;
  if (n == 0 || n > U_FEW) return out[0] = w, 1;
  uint64_t d[4];
  memcpy(d, h + 5, sizeof d);
  unsigned k = 0;
  for (unsigned v = 0; v < 256; v++) {
    if (!dom_has(d, v)) continue;
    uint64_t key = ((uint64_t)w << 8 | v) + 1, r;
    if (!ht_get(&c->umemo, key, &r)) {
      fvb_load(c, &c->b, w);
      memset(c->b.udom, 0, sizeof c->b.udom);
      c->b.udom[v / 64] = 1ull << (v % 64);
      r = u_settle(c, &c->b) ? fvb_intern(c, &c->b) : 0;
      ht_put(&c->umemo, key, r);
    }
    if (r) out[k++] = (uint32_t)r;
  }
  return k;
}

/* ---- transfer ---------------------------------------------------------- */

static pre_post *post_of(inv_ctx *c, nwa_letter l, nwa_kind kind) {
  uint64_t key = ((uint64_t)l << 2 | kind) + 1, ix;
  if (!ht_get(&c->post, key, &ix)) {
    c->pp = xa_grow(c->pp, &c->cappp, c->npp + 1, sizeof *c->pp);
    ix = c->npp++;
    const fold_letter *fl = fold_letter_get(c->L, l);
    c->pp[ix].ok = fl && pre_post_of(c->v, fl, kind, &c->pp[ix].pp) == 0;
    ht_put(&c->post, key, ix);
  }
  return c->pp[ix].ok ? &c->pp[ix].pp : NULL;
}

/* Apply the stores of array term m (over base) to the entries of array a of
 * out, with addresses and values evaluated in `in`. */
static void apply_stores(inv_ctx *c, const fvb *in, fvb *out, int a, isa_term m, isa_term base) {
  tm_ctx *tc = c->tc;
  isa_term chain[256];
  size_t n = 0;
  isa_term y = m;
  while (tm_kind(tc, y) == ISA_OP_STORE && n < 256) {
    chain[n++] = y;
    y = tm_arg(tc, y, 0);
  }
  if (y != base) { /* not a plain chain of stores: forget the array */
    if (a) out->nent[1] = 0;
    else mem_forget_all(out);
    return;
  }
  while (n) {
    isa_term s = chain[--n];
    isa_term ad = pe(c, in, tm_arg(tc, s, 1)), val = pe(c, in, tm_arg(tc, s, 2));
    uint64_t av, vv;
    if (!ad || !tm_is_const(tc, ad, &av)) {
      if (a) out->nent[1] = 0;
      else mem_forget_all(out);
      continue;
    }
    av &= c->amask;
    if (!a && fixed_byte(c, av)) continue; /* such a store faults: no run completes the step */
    bool known = val && tm_is_const(tc, val, &vv);
    if (a && known) ent_set(out, 1, av, (uint8_t)vv);
    else if (a) ent_forget(out, 1, av);
    else if (known) mem_set(c, out, av, (uint8_t)vv);
    else if (val) mem_set_sym(c, out, av, val); /* a term over u */
    else mem_forget(c, out, av);
  }
}

/* The condition of a register's or flag's post-state term ite(cond, a, b)
 * whose branches are known and differ while cond is not (a conditional
 * move, a set-on-condition): the step can be analysed once per value of
 * cond.  0 if there is none. */
static isa_term split_cond(inv_ctx *c, const pre_post *p) {
  tm_ctx *tc = c->tc;
  const isa_desc *d = c->v->d;
  uint64_t x;
  for (unsigned s = 0; s < d->nregs; s++) {
    isa_term t = p->reg[s];
    if (!t || tm_kind(tc, t) != ISA_OP_ITE) continue;
    if (pe(c, &c->b, tm_arg(tc, t, 0))) continue; /* known, or a term over u: the ite keeps it */
    isa_term a = pe(c, &c->b, tm_arg(tc, t, 1)), b = pe(c, &c->b, tm_arg(tc, t, 2));
    if (a && b && a != b && tm_is_const(tc, a, &x) && tm_is_const(tc, b, &x)) return tm_arg(tc, t, 0);
  }
  return 0;
}

/* The facts after p from vin (not ⊥), where assume (if not 0) has value
 * val: one vector, 0 if no run takes the step. */
/* Evaluate the addresses and values of the stores of array term m, so that
 * pe names u (if it does) before the pre-state's memory is copied. */
static void eval_stores(inv_ctx *c, const fvb *in, isa_term m) {
  tm_ctx *tc = c->tc;
  for (unsigned n = 0; tm_kind(tc, m) == ISA_OP_STORE && n < 256; n++, m = tm_arg(tc, m, 0)) {
    pe(c, in, tm_arg(tc, m, 1));
    pe(c, in, tm_arg(tc, m, 2));
  }
}

static uint32_t transfer_one(inv_ctx *c, const pre_post *p, uint32_t vin, isa_term assume, bool val) {
  tm_ctx *tc = c->tc;
  const isa_desc *d = c->v->d;
  fvb_load(c, &c->b, vin);
  ht_clear(&c->ev);
  if (assume) ht_put(&c->ev, (uint64_t)assume + 1, val ? tm_true(tc) : tm_false(tc));
  /* u may name the first unknown byte the step reads (at a known
   * address): in a vector that names no u, or whose u only bytes of memory
   * hold and no branch has narrowed (an unknown word the program loaded
   * and passed on), which is then dropped, so that the byte a program reads
   * next and tests is not kept from being named by one it never tests */
  bool used = u_used(c, &c->b), nosym = true;
  for (unsigned i = 0; i < c->KW; i++) nosym = nosym && !c->b.sym[i];
  c->rebind = used && nosym && dom_count(c->b.udom) == 256;
  c->bind_on = c->u_on && (!used || c->rebind);
  c->bound_set = c->read_old = false;
  isa_term cnd = pe(c, &c->b, p->cond);
  uint64_t x;
  if (cnd && tm_is_const(tc, cnd, &x) && !x) {
    c->bind_on = false;
    return 0;
  }
  fvb_clear(c, &c->b2);
  for (unsigned s = 0; s < c->K; s++) {
    isa_term post = c->slot_var[s];
    if (s < d->nregs) post = p->reg[s] ? p->reg[s] : post;
    else if (s == c->s_V) post = p->V;
    else if (s == c->s_D) post = p->D;
    else if (s == c->s_ip) post = p->ip;
    isa_term e = pe(c, &c->b, post);
    if (e && tm_is_const(tc, e, &x)) fvb_set(&c->b2, s, x);
    else if (e) fvb_set_sym(&c->b2, s, e);
  }
  eval_stores(c, &c->b, p->mem);
  eval_stores(c, &c->b, p->A);
  c->bind_on = false;
  /* memory: start from what is known and apply the stores */
  mem_copy(&c->b2, &c->b);
  memcpy(c->b2.udom, c->b.udom, sizeof c->b2.udom);
  if (c->bound_set) { /* u is the byte the step read at `bound`, any value */
    while (c->rebind && c->b2.nent[3]) mem_forget(c, &c->b2, c->b2.ent[3][0]); /* the old u's bytes */
    mem_set_sym(c, &c->b2, c->bound, c->u);
    memset(c->b2.udom, 0xff, sizeof c->b2.udom);
  }
  if (cnd && !tm_is_const(tc, cnd, &x) && !u_restrict(c, &c->b2, cnd)) return 0;
  ent_reserve(&c->b2, 1, c->b.nent[1]);
  wcpy(c->b2.ent[1], c->b.ent[1], c->b.nent[1]);
  c->b2.nent[1] = c->b.nent[1];
  apply_stores(c, &c->b, &c->b2, 0, p->mem, c->v->mem);
  apply_stores(c, &c->b, &c->b2, 1, p->A, c->v->A);
  if (fvb_has(c, &c->b2, c->s_D)) { /* entries of $A at or above $D are no run's: a run's $A ends at $D */
    uint64_t lim = c->b2.val[c->s_D] * c->W;
    size_t k = 0;
    while (k < c->b2.nent[1] && (c->b2.ent[1][k] >> 8) < lim) k++;
    c->b2.nent[1] = k;
  }
  if (p->win_cond) { /* a `read`: forget what its window may fill */
    isa_term wc = pe(c, &c->b, p->win_cond);
    if (!(wc && tm_is_const(tc, wc, &x) && !x)) {
      isa_term lo = pe(c, &c->b, p->win_lo), len = pe(c, &c->b, p->win_len);
      uint64_t lv, nv = 0;
      bool bounded = len && tm_is_const(tc, len, &nv);
      if (!bounded && tm_kind(tc, p->win_len) == ISA_OP_ITE) { /* min(count, left): count bounds it */
        isa_term kk = pe(c, &c->b, tm_arg(tc, p->win_len, 1));
        bounded = kk && tm_is_const(tc, kk, &nv);
      }
      if (lo && tm_is_const(tc, lo, &lv) && bounded && nv <= 4 * MAXENT) {
        for (uint64_t i = 0; i < nv; i++) mem_forget(c, &c->b2, (lv + i) & c->amask);
      } else
        mem_forget_all(&c->b2);
    }
  }
  return u_settle(c, &c->b2) ? fvb_intern(c, &c->b2) : 0;
}

/* The facts after letter l through a transition of kind `kind` from facts
 * vin (not ⊥): one vector, or two (out[0], out[1]) where a conditional move's
 * condition is unknown and the two outcomes are analysed apart (a
 * disjunction of the two, which the fixpoint keeps as long as its sets
 * are small).  Returns how many (0: no run takes the step). */
static unsigned transfer2(inv_ctx *c, nwa_letter l, nwa_kind kind, uint32_t vin, uint32_t out[2]) {
  if (l == c->boot) return out[0] = initial(c), 1;
  if (l == NWA_ANY) return out[0] = 1, 1;
  uint64_t key = ((((uint64_t)l * 4 + kind) * 2 + c->split) << 32 | vin) + 1, r;
  if (!ht_get(&c->tmemo, key, &r)) {
    pre_post *p = post_of(c, l, kind);
    r = 1;
    if (p) {
      isa_term sc = 0;
      if (c->split && vin) {
        fvb_load(c, &c->b, vin);
        ht_clear(&c->ev);
        sc = split_cond(c, p);
      }
      if (sc) {
        uint32_t a = transfer_one(c, p, vin, sc, true), b = transfer_one(c, p, vin, sc, false);
        r = !a ? b : !b || a == b ? a : (uint64_t)a | (uint64_t)b << 32;
      } else
        r = transfer_one(c, p, vin, 0, false);
    }
    ht_put(&c->tmemo, key, r);
  }
  out[0] = (uint32_t)r, out[1] = (uint32_t)(r >> 32);
  return out[1] ? 2 : out[0] ? 1 : 0;
}

/* One vector: transfer2's outcomes joined. */
static uint32_t join(inv_ctx *c, uint32_t a, uint32_t b);
static uint32_t transfer(inv_ctx *c, nwa_letter l, nwa_kind kind, uint32_t vin) {
  uint32_t o[2];
  unsigned n = transfer2(c, l, kind, vin, o);
  return n == 2 ? join(c, o[0], o[1]) : n ? o[0] : 0;
}


/* A matched return with ¬$V: `$D` and the auxiliary stack below it are as
 * at the call predecessor (vpred). */
static uint32_t restore(inv_ctx *c, uint32_t vout, uint32_t vpred) {
  if (!vout || !vpred) return vout;
  uint64_t key = ((uint64_t)vout << 32 | vpred) + 1, r;
  if (ht_get(&c->rmemo, key, &r)) return (uint32_t)r;
  uint32_t out = vout;
  fvb_load(c, &c->b, vout);
  fvb_load(c, &c->b2, vpred);
  if (fvb_has(c, &c->b, c->s_V) && !c->b.val[c->s_V] && fvb_has(c, &c->b2, c->s_D)) {
    uint64_t dc = c->b2.val[c->s_D];
    if (fvb_has(c, &c->b, c->s_D) && c->b.val[c->s_D] != dc) {
      out = 0; /* not a matched return */
      goto done;
    }
    fvb_set(&c->b, c->s_D, dc);
    uint64_t lim = dc * c->W;
    /* entries of $A below lim: the call predecessor's */
    size_t k = 0;
    uint64_t *keep = malloc((c->b.nent[1] + c->b2.nent[1] + 1) * sizeof *keep);
    if (!keep) xa_nomem();
    for (size_t i = 0; i < c->b2.nent[1]; i++) /* the entries above lim were popped */
      if ((c->b2.ent[1][i] >> 8) < lim) keep[k++] = c->b2.ent[1][i];
    ent_reserve(&c->b, 1, k);
    wcpy(c->b.ent[1], keep, k);
    c->b.nent[1] = k;
    free(keep);
    out = fvb_intern(c, &c->b);
  }
done:
  ht_put(&c->rmemo, key, out);
  return out;
}

static uint32_t join(inv_ctx *c, uint32_t a, uint32_t b) {
  if (!a) return b;
  if (!b || a == b) return a;
  if (a == 1 || b == 1) return 1;
  if (a > b) {
    uint32_t t = a;
    a = b, b = t;
  }
  uint64_t key = ((uint64_t)a << 32 | b) + 1, r;
  if (ht_get(&c->jmemo, key, &r)) return (uint32_t)r;
  fvb_load(c, &c->b, a);
  fvb_load(c, &c->b2, b);
  for (unsigned s = 0; s < c->K; s++) {
    bool keep = fvb_has(c, &c->b, s) ? fvb_has(c, &c->b2, s) : fvb_sym(&c->b, s) && fvb_sym(&c->b2, s);
    if (!keep || c->b.val[s] != c->b2.val[s]) fvb_forget(&c->b, s);
  }
  mem_join(c, &c->b, &c->b2);
  ent_intersect(&c->b, &c->b2, 1);
  sb_intersect(&c->b, &c->b2); /* a term over u, the same in both: true of both for some u in either's udom */
  for (int i = 0; i < 4; i++) c->b.udom[i] |= c->b2.udom[i];
  uint32_t out = fvb_intern(c, &c->b);
  ht_put(&c->jmemo, key, out);
  return out;
}

/* Is Pre(l, psi) false under the facts vin?  Then no run takes l from a
 * state with those facts to one satisfying psi.  Sharper than transfer and
 * meet_pred on a destination whose predicate is not a conjunction of facts
 * (the accepting state's "target or $V", say): Pre keeps the post-state's
 * terms, which the vector reduces to known-or-not. */
static bool pre_false(inv_ctx *c, nwa_letter l, nwa_kind kind, uint32_t vin, isa_term psi) {
  if (vin <= 1 || l == NWA_ANY || l == c->boot) return false;
  pre_post *p = post_of(c, l, kind);
  if (!p) return false;
  uint64_t k1 = ((uint64_t)l << 34 | (uint64_t)kind << 32 | psi) + 1, t, r;
  if (!ht_get(&c->prememo, k1, &t)) {
    t = pre_exact(c->v, p, psi);
    ht_put(&c->prememo, k1, t);
  }
  uint64_t k2 = (t << 32 | vin) + 1;
  if (ht_get(&c->pfmemo, k2, &r)) return r;
  fvb_load(c, &c->b, vin);
  ht_clear(&c->ev);
  isa_term e = pe(c, &c->b, (isa_term)t);
  r = e && !u_restrict(c, &c->b, e); /* false, or false for every value of u */
  ht_put(&c->pfmemo, k2, r);
  return r;
}

/* ---- predicates' own facts --------------------------------------------- */

/* The facts of predicate p's ∧-chain (var == constant, bool literals), as a
 * vector; 0 if they contradict each other. */
static uint32_t pred_facts(inv_ctx *c, isa_term p) {
  uint64_t r;
  if (ht_get(&c->pfacts, (uint64_t)p + 1, &r)) return (uint32_t)r;
  tm_ctx *tc = c->tc;
  fvb_clear(c, &c->b);
  isa_term st[256];
  size_t n = 0;
  bool bad = false;
  st[n++] = p;
  while (n && !bad) {
    isa_term y = st[--n];
    int k = tm_kind(tc, y);
    if (k == ISA_OP_LAND) {
      if (n + 2 <= 256) st[n++] = tm_arg(tc, y, 0), st[n++] = tm_arg(tc, y, 1);
      continue;
    }
    isa_term var = 0;
    uint64_t val = 0;
    if (k == TM_VAR) var = y, val = 1;
    else if (k == ISA_OP_LNOT && tm_kind(tc, tm_arg(tc, y, 0)) == TM_VAR) var = tm_arg(tc, y, 0), val = 0;
    else if (k == ISA_OP_EQ) {
      isa_term a = tm_arg(tc, y, 0), b = tm_arg(tc, y, 1);
      if (tm_kind(tc, a) == TM_CONST) {
        isa_term t = a;
        a = b, b = t;
      }
      if (tm_kind(tc, a) == TM_VAR && tm_is_const(tc, b, &val)) var = a;
    } else if (tm_is_const(tc, y, &val) && !val)
      bad = true;
    if (!var) continue;
    unsigned s = slot_of_var(c, var);
    if (!s) continue;
    s--;
    if (fvb_has(c, &c->b, s) && c->b.val[s] != val) bad = true;
    else fvb_set(&c->b, s, val);
  }
  uint32_t out = bad ? 0 : fvb_intern(c, &c->b);
  ht_put(&c->pfacts, (uint64_t)p + 1, out);
  return out;
}

/* v ⊓ the facts of predicate p; 0 on a contradiction. */
static uint32_t meet_pred(inv_ctx *c, uint32_t v, isa_term p) {
  if (!v) return 0;
  uint32_t pf = pred_facts(c, p);
  if (!pf) return 0;
  uint64_t key = ((uint64_t)v << 32 | p) + 1, r;
  if (ht_get(&c->mmemo, key, &r)) return (uint32_t)r;
  fvb_load(c, &c->b, v);
  uint32_t out = 0;
  tm_ctx *tc = c->tc;
  if (pf > 1) {
    fvb_load(c, &c->b2, pf);
    for (unsigned s = 0; s < c->K; s++) {
      if (!fvb_has(c, &c->b2, s)) continue;
      uint64_t k = c->b2.val[s];
      if (fvb_has(c, &c->b, s) && c->b.val[s] != k) goto done;
      if (fvb_sym(&c->b, s)) { /* a term over u: keep the values of u that give k */
        isa_term t = (isa_term)c->b.val[s];
        isa_term is_k = c->slot_width[s] == TM_BOOL ? (k ? t : tm_app1(tc, ISA_OP_LNOT, t))
                                                    : tm_app2(tc, ISA_OP_EQ, t, slot_const(c, s, k));
        if (!u_restrict(c, &c->b, is_k)) goto done;
      }
      fvb_set(&c->b, s, k);
    }
  }
  /* the rest of p (a disjunction, say the accepting state's "target or
   * $V") may be false where the facts say, or for some values of u */
  ht_clear(&c->ev);
  isa_term pv = pe(c, &c->b, p);
  if (pv && !u_restrict(c, &c->b, pv)) goto done;
  out = u_settle(c, &c->b) ? fvb_intern(c, &c->b) : 0;
done:
  ht_put(&c->mmemo, key, out);
  return out;
}

/* ---- strengthening ----------------------------------------------------- */

typedef struct gr_walk {
  inv_ctx *c;
  const fvb *f;
} gr_walk;

/* t with the facts of f substituted (memo: c->gw); c->gfacts collects the
 * byte facts used. */
static uint64_t ground_step(tm_walk *w, isa_term t, void *ctx) {
  gr_walk *gw = ctx;
  inv_ctx *c = gw->c;
  const fvb *f = gw->f;
  tm_ctx *tc = c->tc;
  uint64_t m;
  if (ht_get(&c->gw, (uint64_t)t + 1, &m)) return (isa_term)m;
  int k = tm_kind(tc, t);
  isa_term r = t;
  if (k == TM_VAR) {
    unsigned s = slot_of_var(c, t);
    if (s && fvb_has(c, f, s - 1)) r = slot_const(c, s - 1, f->val[s - 1]);
  } else if (k != TM_CONST) {
    unsigned n = tm_nargs(tc, t);
    isa_term a[3];
    if (!tm_walk_args(w, t, a)) return 0;
    bool same = true;
    for (unsigned i = 0; i < n && i < 3; i++) same = same && a[i] == tm_arg(tc, t, i);
    uint64_t av;
    size_t p;
    isa_term fb;
    uint8_t kb;
    bool sel_known = k == ISA_OP_SELECT && tm_is_const(tc, a[1], &av) &&
                     ((a[0] == c->v->mem && mem_get(c, f, av & c->amask, &kb)) ||
                      (a[0] == c->v->A && ent_find(f, 1, av & c->amask, &p) && ((kb = (uint8_t)f->ent[1][p]), true)));
    if (sel_known) {
      r = tm_const(tc, kb, 8);
      /* the result says the byte is r only with this conjunct: a state the
       * facts do not describe (a run in another copy of s's address) must
       * not satisfy it (witnesses are marked by evaluation) */
      isa_term sel = tm_app(tc, ISA_OP_SELECT, a, 2, 0, 0), eq = tm_app2(tc, ISA_OP_EQ, sel, r);
      c->gfacts = c->gfacts ? tm_app2(tc, ISA_OP_LAND, c->gfacts, eq) : eq;
    } else if (k == ISA_OP_SELECT && a[0] == c->v->mem && tm_is_const(tc, a[1], &av) &&
             (fb = fixed_byte(c, av & c->amask)))
      r = fb;
    else if (!same)
      r = tm_app(tc, (isa_op)k, a, n, tm_param(tc, t, 0), tm_param(tc, t, 1));
  }
  ht_put(&c->gw, (uint64_t)t + 1, r);
  return r;
}

static isa_term ground_walk(inv_ctx *c, const fvb *f, isa_term t) {
  gr_walk gw = {c, f};
  return (isa_term)tm_walk_run(c->tc, t, ground_step, &gw);
}

/* P' = F ∧ P[facts]: F the scalar facts of v. */
static isa_term strengthen(inv_ctx *c, isa_term p, uint32_t v) {
  if (!v || (v == 1 && !c->fixed)) return p;
  uint64_t key = ((uint64_t)p << 32 | v) + 1, r;
  if (ht_get(&c->gmemo, key, &r)) return (isa_term)r;
  tm_ctx *tc = c->tc;
  fvb_load(c, &c->b, v);
  ht_clear(&c->gw);
  c->gfacts = 0;
  isa_term g = ground_walk(c, &c->b, p);
  isa_term f = c->gfacts;
  for (unsigned s = 0; s < c->K; s++) {
    if (!fvb_has(c, &c->b, s)) continue;
    isa_term atom = c->slot_width[s] == TM_BOOL
                        ? (c->b.val[s] ? c->slot_var[s] : tm_app1(tc, ISA_OP_LNOT, c->slot_var[s]))
                        : tm_app2(tc, ISA_OP_EQ, c->slot_var[s], slot_const(c, s, c->b.val[s]));
    f = f ? tm_app2(tc, ISA_OP_LAND, f, atom) : atom;
  }
  isa_term out = f ? tm_app2(tc, ISA_OP_LAND, f, g) : g;
  ht_put(&c->gmemo, key, out);
  ht_put(&c->gmemo, ((uint64_t)out << 32 | v) + 1, out);
  return out;
}

isa_term inv_ground(inv_ctx *c, nwa_state s, isa_term t) {
  if (s >= c->nlast || !c->last[s] || (c->last[s] == 1 && !c->fixed)) return t; /* unknown, ⊥ or nothing known */
  fvb_load(c, &c->b, c->last[s]);
  ht_clear(&c->gw);
  c->gfacts = 0;
  isa_term r = ground_walk(c, &c->b, t);
  return c->gfacts ? tm_app2(c->tc, ISA_OP_LAND, c->gfacts, r) : r;
}

void inv_inherit(inv_ctx *c, nwa_state copy, nwa_state orig) {
  if (orig >= c->nlast || copy == orig) return;
  if (copy >= c->nlast) {
    size_t n = (size_t)copy + 1;
    c->last = xa_realloc(c->last, n * sizeof *c->last);
    for (size_t i = c->nlast; i < n; i++) c->last[i] = 1; /* nothing known */
    c->nlast = n;
  }
  c->last[copy] = c->last[orig];
}

/* self-check, level 2: say which fact a vector fails on */

/* debugging: slot s's value in the concrete state env */
static uint64_t dbg_slot(inv_ctx *c, const tm_env *env, unsigned s) {
  uint64_t x = env->var(env->ctx, tm_var_index(c->tc, c->slot_var[s]));
  return c->slot_width[s] && c->slot_width[s] < 64 ? x & ((1ull << c->slot_width[s]) - 1) : x;
}

/* debugging: byte addr of array var (mem or $A) in env, against the fact byte */
static bool dbg_byte(inv_ctx *c, const tm_env *env, isa_term var, uint32_t id, uint64_t addr, uint8_t byte) {
  uint8_t x = env->mem(env->ctx, tm_var_index(c->tc, var), addr);
  if (x != byte && c->dbg_print)
    fprintf(stderr, "  v%u: %s[0x%llx] = 0x%x, not 0x%x\n", id, var == c->v->mem ? "mem" : "$A",
            (unsigned long long)addr, x, byte);
  return x == byte;
}

/* self-check: does vector id hold of the concrete state env? */
static bool dbg_holds(inv_ctx *c, uint32_t id, const tm_env *env) {
  fvb_load(c, &c->b, id);
  for (unsigned s = 0; s < c->K; s++) {
    if (!fvb_has(c, &c->b, s) || dbg_slot(c, env, s) == c->b.val[s]) continue;
    if (c->dbg_print)
      fprintf(stderr, "  v%u: %s = 0x%llx, not 0x%llx\n", id, tm_var_name(c->tc, tm_var_index(c->tc, c->slot_var[s])),
              (unsigned long long)dbg_slot(c, env, s), (unsigned long long)c->b.val[s]);
    return false;
  }
  for (size_t i = 0; i < c->b.nent[0]; i++)
    if (!dbg_byte(c, env, c->v->mem, id, c->b.ent[0][i] >> 8, (uint8_t)c->b.ent[0][i])) return false;
  for (size_t i = 0; i < c->b.nent[1]; i++)
    if (!dbg_byte(c, env, c->v->A, id, c->b.ent[1][i] >> 8, (uint8_t)c->b.ent[1][i])) return false;
  if (!u_used(c, &c->b)) return true;
  uint32_t mi = tm_var_index(c->tc, c->v->mem);
  for (unsigned v = 0; v < 256; v++) { /* some value of u gives every term its value */
    bool ok = dom_has(c->b.udom, v);
    for (unsigned s = 0; s < c->K && ok; s++)
      ok = !fvb_sym(&c->b, s) || dbg_slot(c, env, s) == u_eval(c, (isa_term)c->b.val[s], v);
    for (size_t i = 0; i < c->b.nent[3] && ok; i++)
      ok = env->mem(env->ctx, mi, c->b.ent[3][2 * i]) == u_eval(c, (isa_term)c->b.ent[3][2 * i + 1], v);
    if (ok) return true;
  }
  if (c->dbg_print) fprintf(stderr, "  v%u: no value of u fits\n", id);
  return false;
}

void inv_set_self_check(inv_ctx *c, unsigned level) { c->check = level; }

int inv_debug_covers(inv_ctx *c, nwa_state s, const tm_env *env) {
  if (s >= c->ndbg || !c->ndbgv[s]) return -1;
  for (size_t i = 0; i < c->ndbgv[s]; i++)
    if (dbg_holds(c, c->dbgv[s][i], env)) return 1;
  if (c->check >= 2) { /* say why, vector by vector */
    c->dbg_print = true;
    for (size_t i = 0; i < c->ndbgv[s]; i++) dbg_holds(c, c->dbgv[s][i], env);
    c->dbg_print = false;
  }
  return 0;
}

void inv_forget(inv_ctx *c) {
  free(c->last);
  c->last = NULL, c->nlast = 0;
}

/* ---- the fixpoint: the functional approach over calling contexts ------- */

/* A context is a procedure entry state and the facts it was entered with;
 * an entry with more than CTX_LIMIT of them puts the rest in one context
 * whose entry facts are joined (recursion would otherwise make one per
 * depth).  Values are per (state, context); a return edge (x, c, r) takes
 * x's value in context k to r in the context of each caller (c, k') of k. */
#define CTX_LIMIT 16

typedef struct caller { nwa_state s; uint32_t ctx; } caller;
typedef struct ctxrec {
  nwa_state entry;
  caller *cl;
  size_t ncl, capcl;
} ctxrec;

/* The value of a (state, context): a disjunction of fact vectors, kept
 * apart while they are few (a loop whose counter is known in each run
 * through it, the two outcomes of a conditional move), joined into one
 * when there are more than inv_ctx.setmax. */
typedef struct vset { uint32_t *v; uint32_t n, cap; } vset;

typedef struct fix {
  inv_ctx *c;
  nwa *a;
  ht_map val;    /* (state << 32 | ctx) + 1 -> index into sets */
  vset *sets;
  size_t nsets, capsets;
  ht_map ctxkey; /* (entry << 32 | vector) + 1 -> ctx; (entry << 32 | 0) + 1 -> the joined context */
  ht_map nctx;   /* entry + 1 -> contexts so far */
  ctxrec *ctx;
  size_t nctx_, capctx;
  uint64_t *q;   /* queue of (state << 32 | ctx) */
  size_t qh, qn, qcap;
  ht_map inq;    /* (state << 32 | ctx) + 1 -> 1 while queued */
  size_t work, bound;
} fix;

static const vset *fx_get(const fix *f, nwa_state s, uint32_t k) {
  uint64_t v;
  return ht_get(&f->val, ((uint64_t)s << 32 | k) + 1, &v) ? &f->sets[v] : NULL;
}

/* The vectors of (s, k), copied (fx_update may move the sets). */
static uint32_t *fx_vecs(const fix *f, nwa_state s, uint32_t k, uint32_t *n) {
  const vset *x = fx_get(f, s, k);
  *n = x ? x->n : 0;
  if (!*n) return NULL;
  uint32_t *v = xa_realloc(NULL, sizeof *v * *n);
  memcpy(v, x->v, sizeof *v * *n);
  return v;
}

static void fx_push(fix *f, nwa_state s, uint32_t k) {
  uint64_t key = (uint64_t)s << 32 | k, q;
  if (ht_get(&f->inq, key + 1, &q) && q) return;
  ht_put(&f->inq, key + 1, 1);
  if (f->qn == f->qcap) { /* full: the part that wrapped round to the front goes after the old end */
    size_t old = f->qcap;
    f->q = xa_grow(f->q, &f->qcap, f->qn + 1, sizeof *f->q);
    if (f->qh) memcpy(f->q + old, f->q, f->qh * sizeof *f->q);
  }
  f->q[(f->qh + f->qn++) % f->qcap] = key;
}

/* Join w (already met with t's predicate) into (t, k). */
static void fx_update_one(fix *f, nwa_state t, uint32_t k, uint32_t w);

static void fx_update(fix *f, nwa_state t, uint32_t k, uint32_t w) {
  if (!w) return;
  uint32_t piece[U_FEW];
  unsigned np = u_expand(f->c, w, piece);
  for (unsigned i = 0; i < np; i++) fx_update_one(f, t, k, piece[i]); /* u has few values left: one vector each */
}

static void fx_update_one(fix *f, nwa_state t, uint32_t k, uint32_t w) {
  if (!w) return;
  inv_ctx *c = f->c;
  uint64_t key = ((uint64_t)t << 32 | k) + 1, ix;
  if (!ht_get(&f->val, key, &ix)) {
    f->sets = xa_grow(f->sets, &f->capsets, f->nsets + 1, sizeof *f->sets);
    ix = f->nsets++;
    f->sets[ix] = (vset){NULL, 0, 0};
    ht_put(&f->val, key, ix);
  }
  vset *x = &f->sets[ix];
  for (uint32_t i = 0; i < x->n; i++) /* w adds nothing to a vector that knows less */
    if (join(c, x->v[i], w) == x->v[i]) return;
  f->work += x->n;
  if (x->n >= c->setmax) { /* too many: one vector, their join */
    uint32_t j = w;
    for (uint32_t i = 0; i < x->n; i++) j = join(c, j, x->v[i]);
    x->n = 0;
    w = j;
  }
  size_t cap = x->cap; /* at most setmax + 1 (INV_SETMAX): 32 bits are plenty */
  x->v = xa_grow(x->v, &cap, x->n + 1, sizeof *x->v);
  x->cap = (uint32_t)cap;
  x->v[x->n++] = w;
  fx_push(f, t, k);
}

/* The context of entry e for entry facts v: one per distinct v, up to
 * CTX_LIMIT per entry, then one more whose entry value is the join of the
 * rest (joining contexts is always sound: it only loses precision). */
static uint32_t fx_context(fix *f, nwa_state e, uint32_t v) {
  uint64_t k;
  if (ht_get(&f->ctxkey, ((uint64_t)e << 32 | v) + 1, &k)) return (uint32_t)k;
  uint64_t n = 0;
  ht_get(&f->nctx, (uint64_t)e + 1, &n);
  uint64_t key = ((uint64_t)e << 32 | (n >= CTX_LIMIT ? 0 : v)) + 1;
  if (n >= CTX_LIMIT && ht_get(&f->ctxkey, key, &k)) return (uint32_t)k;
  f->ctx = xa_grow(f->ctx, &f->capctx, f->nctx_ + 1, sizeof *f->ctx);
  uint32_t id = (uint32_t)f->nctx_++;
  f->ctx[id] = (ctxrec){e, NULL, 0, 0};
  ht_put(&f->ctxkey, key, id);
  ht_put(&f->nctx, (uint64_t)e + 1, n + 1);
  return id;
}

static bool fx_add_caller(fix *f, uint32_t k, nwa_state s, uint32_t ck) {
  ctxrec *r = &f->ctx[k];
  for (size_t i = 0; i < r->ncl; i++)
    if (r->cl[i].s == s && r->cl[i].ctx == ck) return false;
  r->cl = xa_grow(r->cl, &r->capcl, r->ncl + 1, sizeof *r->cl);
  r->cl[r->ncl++] = (caller){s, ck};
  return true;
}

/* The value a return edge brings to its return site for the exit's value xv
 * and the call predecessor's value cv. */
static uint32_t fx_ret(fix *f, const nwa_edge *e, uint32_t xv, uint32_t cv) {
  if (!xv || !cv) return 0;
  uint32_t o = restore(f->c, transfer(f->c, e->letter, NWA_RETURN, xv), cv);
  return meet_pred(f->c, o, nwa_pred(f->a, e->to));
}

/* Internal edge e from a state of context k whose value includes vector v. */
static void fx_internal(fix *f, const nwa_edge *e, uint32_t k, uint32_t v) {
  inv_ctx *c = f->c;
  uint32_t o[2];
  unsigned n = transfer2(c, e->letter, NWA_INTERNAL, v, o);
  for (unsigned i = 0; i < n; i++) fx_update(f, e->to, k, meet_pred(c, o[i], nwa_pred(f->a, e->to)));
}

/* Return edge re from an exit in context k2 to a caller whose value (one
 * vector) is cv in context ck. */
static void fx_returns(fix *f, const nwa_edge *re, uint32_t k2, uint32_t ck, uint32_t cv) {
  uint32_t nx;
  uint32_t *xs = fx_vecs(f, re->from, k2, &nx);
  for (uint32_t i = 0; i < nx; i++) fx_update(f, re->to, ck, fx_ret(f, re, xs[i], cv));
  free(xs);
}

/* Call edge e from state s of context k with vector v: the callee's entry in
 * the context of its entry facts, and the returns to s the callee has
 * reached so far in that context. */
static void fx_call(fix *f, nwa_state s, uint32_t k, const nwa_edge *e, uint32_t v) {
  inv_ctx *c = f->c;
  uint32_t o[2];
  unsigned no = transfer2(c, e->letter, NWA_CALL, v, o);
  size_t nr;
  const uint32_t *rs = nwa_ret_by_pred(f->a, s, &nr);
  for (unsigned oi = 0; oi < no; oi++) {
    uint32_t w0 = meet_pred(c, o[oi], nwa_pred(f->a, e->to)), piece[U_FEW];
    unsigned np = w0 ? u_expand(c, w0, piece) : 0;
    for (unsigned pi = 0; pi < np; pi++) { /* the context of each entry vector */
      uint32_t w = piece[pi];
      uint32_t k2 = fx_context(f, e->to, w);
      fx_add_caller(f, k2, s, k);
      fx_update(f, e->to, k2, w);
      f->work += nr;
      for (size_t j = 0; j < nr; j++) fx_returns(f, nwa_edge_at(f->a, rs[j]), k2, k, v);
    }
  }
}

/* Return edge e from an exit of context k with vector v: to each caller of
 * k at e's call predecessor, with each of the caller's vectors. */
static void fx_return(fix *f, const nwa_edge *e, uint32_t k, uint32_t v) {
  size_t ncl = f->ctx[k].ncl;
  f->work += ncl;
  for (size_t j = 0; j < ncl; j++) {
    caller cl = f->ctx[k].cl[j];
    if (cl.s != e->pred) continue;
    uint32_t nc;
    uint32_t *cs = fx_vecs(f, cl.s, cl.ctx, &nc);
    for (uint32_t ci = 0; ci < nc; ci++) fx_update(f, e->to, cl.ctx, fx_ret(f, e, v, cs[ci]));
    free(cs);
  }
}

static void fx_step(fix *f, nwa_state s, uint32_t k) {
  uint32_t nv;
  uint32_t *vs = fx_vecs(f, s, k, &nv);
  size_t n;
  const uint32_t *out = nwa_out(f->a, s, &n);
  f->work += (n + 1) * (nv ? nv : 1);
  for (uint32_t vi = 0; vi < nv; vi++)
    for (size_t i = 0; i < n; i++) {
      const nwa_edge *e = nwa_edge_at(f->a, out[i]);
      if (e->kind == NWA_INTERNAL) fx_internal(f, e, k, vs[vi]);
      else if (e->kind == NWA_CALL) fx_call(f, s, k, e, vs[vi]);
      else fx_return(f, e, k, vs[vi]);
    }
  free(vs);
}

/* Can a run take internal or call edge e from a state with vector v?  Not
 * if no outcome of its letter fits e's destination, or if Pre of that
 * destination's predicate is false under v. */
static bool edge_taken(inv_ctx *c, nwa *a, const nwa_edge *e, uint32_t v) {
  uint32_t o[2];
  unsigned no = transfer2(c, e->letter, (nwa_kind)e->kind, v, o);
  bool fits = false;
  for (unsigned oi = 0; oi < no && !fits; oi++) fits = meet_pred(c, o[oi], nwa_pred(a, e->to)) != 0;
  return fits && !pre_false(c, e->letter, (nwa_kind)e->kind, v, nwa_pred(a, e->to));
}

static void fx_free(fix *f) {
  for (size_t i = 0; i < f->nctx_; i++) free(f->ctx[i].cl);
  free(f->ctx);
  for (size_t i = 0; i < f->nsets; i++) free(f->sets[i].v);
  free(f->sets);
  free(f->q);
  ht_free(&f->val);
  ht_free(&f->ctxkey);
  ht_free(&f->nctx);
  ht_free(&f->inq);
}

static void dbg_free(inv_ctx *c) {
  for (size_t i = 0; i < c->ndbg; i++) free(c->dbgv[i]);
  free(c->dbgv), free(c->ndbgv);
  c->dbgv = NULL, c->ndbgv = NULL, c->ndbg = 0;
}

/* Self-check: every vector of every state, for inv_debug_covers. */
static void dbg_keep(inv_ctx *c, const fix *f, size_t ns) {
  dbg_free(c);
  c->ndbg = ns;
  c->dbgv = xa_realloc(NULL, (ns + 1) * sizeof *c->dbgv);
  c->ndbgv = xa_realloc(NULL, (ns + 1) * sizeof *c->ndbgv);
  memset(c->dbgv, 0, (ns + 1) * sizeof *c->dbgv);
  memset(c->ndbgv, 0, (ns + 1) * sizeof *c->ndbgv);
  for (size_t i = 0; ns && i < f->val.cap; i++) {
    if (!f->val.keys[i]) continue;
    nwa_state s = (nwa_state)((f->val.keys[i] - 1) >> 32);
    const vset *x = &f->sets[f->val.vals[i]];
    c->dbgv[s] = xa_realloc(c->dbgv[s], (c->ndbgv[s] + x->n) * sizeof **c->dbgv);
    for (uint32_t j = 0; j < x->n; j++) c->dbgv[s][c->ndbgv[s]++] = x->v[j];
  }
}

bool inv_strengthen(inv_ctx *c, nwa *a, inv_stats *st) {
  memset(st, 0, sizeof *st);
  size_t ns = nwa_nstates(a);
  /* keep the memo tables from growing without bound across analyses */
  ht_map *memos[] = {&c->tmemo, &c->jmemo, &c->mmemo, &c->rmemo, &c->gmemo, &c->prememo, &c->pfmemo, &c->umemo, &c->tsz};
  for (size_t i = 0; i < sizeof memos / sizeof *memos; i++)
    if (memos[i]->n > 4000000) ht_clear(memos[i]);
  nwa_state s0 = nwa_start(a);
  fix f;
  /* first with disjunctions (INV_SETMAX vectors per state and context,
   * conditional moves split); if that exceeds the work bound, once more
   * with one vector each, as joins alone settle sooner */
  bool ok = false;
  for (int pass = 0; pass < 2 && !ok; pass++) {
    if (pass) fx_free(&f);
    c->split = c->u_on = pass == 0;
    c->setmax = pass == 0 ? INV_SETMAX : 1;
    memset(&f, 0, sizeof f);
    f.c = c;
    f.a = a;
    f.bound = WORK_PER_EDGE * (nwa_live_edges(a) + ns);
    fx_update(&f, s0, fx_context(&f, s0, 1), 1);
    ok = true;
    while (f.qn) {
      uint64_t key = f.q[f.qh];
      f.qh = (f.qh + 1) % f.qcap, f.qn--;
      ht_put(&f.inq, key + 1, 0); /* no longer queued */
      fx_step(&f, (nwa_state)(key >> 32), (uint32_t)key);
      if (f.work > f.bound) {
        ok = false;
        break;
      }
    }
  }
  uint32_t *val = calloc(ns ? ns : 1, sizeof *val);
  if (!val) xa_nomem();
  if (ok) {
    for (size_t i = 0; i < f.val.cap; i++) {
      if (!f.val.keys[i]) continue;
      uint64_t key = f.val.keys[i] - 1;
      nwa_state s = (nwa_state)(key >> 32);
      const vset *x = &f.sets[f.val.vals[i]];
      for (uint32_t j = 0; j < x->n; j++) val[s] = join(c, val[s], x->v[j]);
    }
    /* edges no run takes: in every calling context its source is reached
     * in, a false condition, a result the destination's predicate
     * contradicts, or a Pre of that predicate the facts make false (ret
     * edges: the first two).  Judged per context, not on the joined value: a return
     * address, say, is known in each context of a procedure called from
     * several places but not in their join.  A return edge is judged per
     * (exit context, caller) pair, as fx_step takes it. */
    size_t ne = nwa_nedges(a);
    uint8_t *used = calloc(ne ? ne : 1, 1);
    if (!used) xa_nomem();
    for (size_t i = 0; i < f.val.cap; i++) {
      if (!f.val.keys[i]) continue;
      uint64_t key = f.val.keys[i] - 1;
      nwa_state s = (nwa_state)(key >> 32);
      uint32_t k = (uint32_t)key;
      const vset *x = &f.sets[f.val.vals[i]];
      size_t n;
      const uint32_t *out = nwa_out(a, s, &n);
      for (uint32_t vi = 0; vi < x->n; vi++) {
        uint32_t v = x->v[vi];
        for (size_t j = 0; j < n; j++) {
          if (used[out[j]]) continue;
          const nwa_edge *e = nwa_edge_at(a, out[j]);
          if (e->kind != NWA_RETURN) {
            used[out[j]] = edge_taken(c, a, e, v);
            continue;
          }
          const ctxrec *r = &f.ctx[k];
          for (size_t q = 0; q < r->ncl && !used[out[j]]; q++) {
            if (r->cl[q].s != e->pred) continue;
            const vset *cx = fx_get(&f, r->cl[q].s, r->cl[q].ctx);
            for (uint32_t ci = 0; cx && ci < cx->n && !used[out[j]]; ci++)
              if (fx_ret(&f, e, v, cx->v[ci])) used[out[j]] = 1;
          }
        }
      }
    }
    for (size_t i = 0; i < ne; i++) {
      const nwa_edge *e = nwa_edge_at(a, i);
      if (e->dead || e->from == s0 || !val[e->from] || (e->kind == NWA_RETURN && !val[e->pred]) || used[i]) continue;
      nwa_edge cp = *e;
      if (nwa_remove(a, (nwa_kind)cp.kind, cp.from, cp.pred, cp.letter, cp.to)) st->removed++;
    }
    free(used);
    for (nwa_state s = 0; s < ns; s++) {
      if (s == s0) continue;
      if (!val[s]) {
        st->bottom++;
        continue;
      }
      isa_term p = nwa_pred(a, s), p2 = strengthen(c, p, val[s]);
      if (p2 != p) {
        nwa_set_pred(a, s, p2);
        st->changed++;
      }
    }
  }
  st->contexts = f.nctx_;
  if (c->check) dbg_keep(c, &f, ok ? ns : 0);
  free(c->last);
  c->last = NULL, c->nlast = 0;
  if (ok) c->last = val, c->nlast = ns;
  else free(val);
  fx_free(&f);
  return ok;
}
