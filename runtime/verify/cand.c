/* cand.c — candidate invariants from a run (MCVETO report §3.2); see
 * cand.h. */
#include "cand.h"

#include "xalloc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "htab.h"
#include "pre.h"
#include "relate.h"

/* The window around SP searched for the return slot: a frame's own words
 * lie above SP (stacks grow down on both ISAs we have, and a downward
 * search costs little). */
#define WIN_LO 64
#define WIN_HI 4096
#define MAX_LOCS 8
#define LEVELS 3 /* pending calls whose return address is looked for */

typedef struct level {
  bool ok;                  /* every visit had this many pending calls */
  bool same;                /* and the same return address at this level */
  uint64_t ret;
  uint32_t loc[MAX_LOCS];   /* where it was at every visit */
  unsigned nloc;
} level;

typedef struct ent {
  uint64_t pc;
  uint32_t visits;
  uint64_t depth;           /* `$D` at the first visit */
  bool depth_same;
  level lv[LEVELS];         /* lv[j]: `$A[$D-1-j]` */
  uint64_t *val;            /* per register: the value of the first visit */
  unsigned char *same;      /* per register: the same at every visit */
} ent;

/* ---- CD_CONTEXT: the stack layout of one calling context ----------------
 *
 * Keyed by (address, the whole stack of pending return addresses).  Without
 * recursion or alloca, a calling context fixes the stack pointer and every
 * pointer into the stack (saved frame pointers, buffers passed down), and
 * those are what the AE half of a proof needs: that a write or a `read`
 * window misses every pending return slot.  Only stack-like values (within
 * CTX_NEAR of SP) and return addresses are kept: the other values of a run
 * usually depend on its input, and a candidate that says so is wrong. */
#define CTX_NEAR 0x10000
#define CTX_LOCS 48
#define CTX_MAXDEPTH 16  /* deeper contexts (recursion) are not kept */
#define CTX_MAX 65536     /* contexts per run */

typedef struct cloc { int64_t k; uint64_t val; } cloc; /* k < 0: register -k-1; else word at SP + k */

typedef struct cent {
  uint64_t pc, hash;
  size_t depth;
  uint64_t *stk;  /* the pending return addresses, outermost first */
  uint64_t sp;
  bool sp_same;
  cloc loc[CTX_LOCS];
  unsigned nloc;
  uint32_t next;  /* the next context of the same address + 1, or 0 */
} cent;

/* ---- CD_AFFINE: samples at loop heads, over every run ------------------- */
#define HS_WORDS 24       /* words at SP + 4k, at most */
#define HS_CAP 192        /* samples per address */
#define HS_KEEP 96        /* the first ones always stay; later ones rotate */
#define HS_EARLY 24       /* per run: visits sampled before the powers of two */
#define HS_RELS 8         /* relations per candidate */

typedef struct hent {
  uint64_t pc;
  uint32_t run, visits; /* the run that last visited, and its visits so far */
  size_t n, rot;        /* samples, and the next to overwrite when full */
  uint64_t sp;          /* SP at the first sample */
  bool sp_var;          /* some later sample had another SP */
  uint64_t *s;          /* HS_CAP × nv */
  uint32_t *of;         /* per sample: its run */
} hent;

struct cd_hist {
  const fold_vocab *v;
  unsigned nreg, nword, nv; /* locations: reg[0..nreg), then words */
  unsigned reg[RL_MAX_VARS];
  ht_map idx;               /* pc + 1 -> entry + 1 */
  hent *e;
  size_t n, cap;
  uint32_t runs;            /* cd_use_history calls so far */
};

struct cd_set {
  const fold_vocab *v;
  unsigned shapes;
  cd_hist *h;       /* CD_AFFINE's history, the caller's */
  uint32_t run;     /* this run's number in it */
  uint64_t prev_pc; /* the PC of the previous observation */
  size_t prev_depth; /* and its call depth */
  bool started;
  ht_map idx; /* pc + 1 -> entry index + 1 */
  ent *e;
  size_t n, cap;
  bool frozen;  /* cd_freeze: visits only remove facts */
  ht_map chead; /* pc + 1 -> its first context + 1 (CD_CONTEXT) */
  cd_loc_ok loc_ok; /* cd_set_loc_filter */
  void *loc_ctx;
  cent *c;
  size_t nc, capc;
};

cd_set *cd_new(const fold_vocab *v, unsigned shapes) {
  cd_set *c = calloc(1, sizeof *c);
  if (!c) xa_nomem();
  c->v = v;
  c->shapes = shapes;
  return c;
}

void cd_free(cd_set *c) {
  if (!c) return;
  for (size_t i = 0; i < c->n; i++) {
    free(c->e[i].val);
    free(c->e[i].same);
  }
  free(c->e);
  ht_free(&c->idx);
  for (size_t i = 0; i < c->nc; i++) free(c->c[i].stk);
  free(c->c);
  ht_free(&c->chead);
  free(c);
}

static unsigned wbytes(const isa_desc *d) { return (d->addr_bits + 7) / 8; }

/* Locations: register r is r; the word at SP + k is nregs + k + WIN_LO. */
static bool word_at(const isa_desc *d, mem_space *m, uint64_t addr, uint64_t *out) {
  unsigned W = wbytes(d);
  uint8_t b[8];
  uint64_t fa;
  if (mem_peek(m, addr, W, b, NULL, &fa)) return false;
  uint64_t x = 0;
  for (unsigned i = 0; i < W; i++) x |= (uint64_t)b[d->big_endian ? W - 1 - i : i] << (8 * i);
  *out = x;
  return true;
}

/* The word at SP + k (k may be negative), wrapping like the address space. */
static bool sp_word(const isa_desc *d, ex_machine *x, int64_t k, uint64_t *out) {
  uint64_t mask = d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1;
  return word_at(d, ex_mem(x), (ex_regs(x)[d->sp] + (uint64_t)k) & mask, out);
}

static bool loc_holds(const isa_desc *d, ex_machine *x, uint32_t loc, uint64_t top) {
  if (loc < d->nregs) return ex_regs(x)[loc] == top;
  uint64_t w;
  return sp_word(d, x, (int64_t)(loc - d->nregs) - WIN_LO, &w) && w == top;
}

static bool addr_reg(const isa_desc *d, unsigned k) {
  return k != d->pc && !d->regs[k].is_flag && d->regs[k].width == d->addr_bits;
}

static void observe_context(cd_set *c, ex_machine *x);

static void observe_sample(cd_set *c, ex_machine *x);

void cd_observe(cd_set *c, ex_machine *x) {
  if (c->shapes & CD_CONTEXT) observe_context(c, x);
  if ((c->shapes & CD_AFFINE) && c->h) observe_sample(c, x);
  if (!(c->shapes & (CD_FRAMES | CD_CONST))) return;
  const isa_desc *d = c->v->d;
  const uint64_t *r = ex_regs(x);
  uint64_t pc = r[d->pc], at;
  size_t depth;
  const uint64_t *stk = ex_aux_stack(x, &depth);
  ent *e;
  if (ht_get(&c->idx, pc + 1, &at)) {
    e = &c->e[at - 1];
    e->visits++;
    if (depth != e->depth) e->depth_same = false;
    for (unsigned j = 0; j < LEVELS; j++) {
      level *L = &e->lv[j];
      if (L->ok && depth <= j) L->ok = false;
      if (!L->ok) continue;
      uint64_t ret = stk[depth - 1 - j];
      if (ret != L->ret) L->same = false;
      unsigned k = 0;
      for (unsigned i = 0; i < L->nloc; i++)
        if (loc_holds(d, x, L->loc[i], ret)) L->loc[k++] = L->loc[i];
      L->nloc = k;
    }
    for (unsigned k = 0; k < d->nregs; k++)
      if (e->same[k] && r[k] != e->val[k]) e->same[k] = 0;
    return;
  }
  if (c->frozen) return;
  c->e = xa_grow(c->e, &c->cap, c->n + 1, sizeof *c->e);
  e = &c->e[c->n];
  memset(e, 0, sizeof *e);
  e->pc = pc;
  e->visits = 1;
  e->val = malloc(sizeof *e->val * (d->nregs ? d->nregs : 1));
  e->same = malloc(d->nregs ? d->nregs : 1);
  if (!e->val || !e->same) xa_nomem();
  for (unsigned k = 0; k < d->nregs; k++) {
    e->val[k] = r[k];
    e->same[k] = !d->regs[k].is_flag && k != d->pc;
  }
  e->depth = depth;
  e->depth_same = true;
  for (unsigned j = 0; j < LEVELS && j < depth; j++) {
    level *L = &e->lv[j];
    uint64_t ret = stk[depth - 1 - j];
    L->ok = L->same = true;
    L->ret = ret;
    for (unsigned k = 0; k < d->nregs && L->nloc < MAX_LOCS; k++)
      if (addr_reg(d, k) && r[k] == ret) L->loc[L->nloc++] = k;
    for (uint32_t o = 0; o < WIN_LO + WIN_HI && L->nloc < MAX_LOCS; o++)
      if (loc_holds(d, x, d->nregs + o, ret)) L->loc[L->nloc++] = d->nregs + o;
  }
  ht_put(&c->idx, pc + 1, ++c->n);
}

/* A value worth keeping in a context: a pointer near SP or a pending
 * return address. */
static bool ctx_value(uint64_t v, uint64_t sp, const uint64_t *stk, size_t depth) {
  if (v - sp + CTX_NEAR < 2 * (uint64_t)CTX_NEAR) return true;
  for (size_t j = 0; j < depth; j++)
    if (stk[j] == v) return true;
  return false;
}

static bool cloc_value(const isa_desc *d, ex_machine *x, const cloc *l, uint64_t *out) {
  if (l->k < 0) {
    *out = ex_regs(x)[-l->k - 1];
    return true;
  }
  return sp_word(d, x, l->k, out);
}

static void observe_context(cd_set *c, ex_machine *x) {
  const isa_desc *d = c->v->d;
  const uint64_t *r = ex_regs(x);
  uint64_t pc = r[d->pc], sp = r[d->sp], head;
  size_t depth;
  const uint64_t *stk = ex_aux_stack(x, &depth);
  if (depth > CTX_MAXDEPTH) return;
  uint64_t h = 1469598103934665603ull ^ depth;
  for (size_t j = 0; j < depth; j++) h = (h ^ stk[j]) * 1099511628211ull;
  bool known = ht_get(&c->chead, pc + 1, &head);
  for (uint64_t i = known ? head : 0; i; i = c->c[i - 1].next) {
    cent *e = &c->c[i - 1];
    if (e->hash != h || e->depth != depth || memcmp(e->stk, stk, sizeof *stk * depth)) continue;
    if (sp != e->sp) e->sp_same = false;
    unsigned k = 0;
    for (unsigned l = 0; l < e->nloc; l++) {
      uint64_t v;
      if (cloc_value(d, x, &e->loc[l], &v) && v == e->loc[l].val) e->loc[k++] = e->loc[l];
    }
    e->nloc = k;
    return;
  }
  if (c->nc == CTX_MAX || c->frozen) return;
  c->c = xa_grow(c->c, &c->capc, c->nc + 1, sizeof *c->c);
  cent *e = &c->c[c->nc];
  memset(e, 0, sizeof *e);
  e->pc = pc;
  e->hash = h;
  e->depth = depth;
  e->stk = malloc(sizeof *stk * (depth ? depth : 1));
  if (!e->stk) xa_nomem();
  if (depth) memcpy(e->stk, stk, sizeof *stk * depth);
  e->sp = sp;
  e->sp_same = true;
  for (unsigned k = 0; k < d->nregs && e->nloc < CTX_LOCS; k++)
    if (!d->regs[k].is_flag && k != d->pc && k != d->sp) e->loc[e->nloc++] = (cloc){-(int64_t)k - 1, r[k]};
  unsigned W = wbytes(d);
  for (int64_t k = 0; k < WIN_HI && e->nloc < CTX_LOCS; k += W) {
    cloc l = {k, 0};
    if (!cloc_value(d, x, &l, &l.val)) break; /* past the top of the stack */
    if (ctx_value(l.val, sp, stk, depth)) e->loc[e->nloc++] = l;
  }
  e->next = known ? (uint32_t)head : 0;
  ht_put(&c->chead, pc + 1, ++c->nc);
}

static isa_term reg_var(const fold_vocab *v, unsigned k) {
  const isa_reg *rg = &v->d->regs[k];
  return tm_var(v->tc, rg->name, rg->is_flag ? TM_BOOL : rg->width);
}

/* The word at SP + k in the vocabulary, in the ISA's byte order. */
static isa_term word_term(const fold_vocab *v, int64_t k) {
  tm_ctx *tc = v->tc;
  const isa_desc *d = v->d;
  unsigned ab = d->addr_bits;
  isa_term a = tm_app2(tc, ISA_OP_ADD, reg_var(v, d->sp), tm_const(tc, (uint64_t)k, ab));
  isa_term w = tm_mem_word(tc, v->mem, a, wbytes(d), d->big_endian);
  return wbytes(d) * 8 == ab ? w : tm_extract(tc, w, ab - 1, 0);
}

isa_term cd_candidate(cd_set *c, uint64_t pc) {
  uint64_t at;
  if (!ht_get(&c->idx, pc + 1, &at)) return 0;
  const ent *e = &c->e[at - 1];
  const fold_vocab *v = c->v;
  const isa_desc *d = v->d;
  tm_ctx *tc = v->tc;
  unsigned ab = d->addr_bits;
  isa_term phi = 0;
#define AND(t) (phi = phi ? tm_app2(tc, ISA_OP_LAND, phi, (t)) : (t))
  if (c->shapes & CD_FRAMES) {
    /* the depth first: it makes `$A[$D-1-j]` a known word */
    if (e->depth_same) AND(tm_app2(tc, ISA_OP_EQ, v->D, tm_const(tc, e->depth, ab)));
    /* the stack pointer: the initial one is fixed, so in code that no
     * recursion reaches it is the same at every visit of every run */
    if (e->same[d->sp]) AND(tm_app2(tc, ISA_OP_EQ, reg_var(v, d->sp), tm_const(tc, e->val[d->sp], ab)));
    for (unsigned j = 0; j < LEVELS; j++) {
      const level *L = &e->lv[j];
      if (!L->ok) break;
      if (!e->depth_same) /* $D > j */
        AND(tm_app2(tc, ISA_OP_ULT, tm_const(tc, j, ab), v->D));
      isa_term ret = pre_aux_word(v, v->A, tm_app2(tc, ISA_OP_SUB, v->D, tm_const(tc, j + 1, ab)));
      if (L->same) AND(tm_app2(tc, ISA_OP_EQ, ret, tm_const(tc, L->ret, ab)));
      for (unsigned i = 0; i < L->nloc; i++) {
        uint32_t l = L->loc[i];
        isa_term at_l = l < d->nregs ? reg_var(v, l) : word_term(v, (int64_t)(l - d->nregs) - WIN_LO);
        AND(tm_app2(tc, ISA_OP_EQ, at_l, ret));
      }
    }
  }
  if ((c->shapes & CD_CONST) && e->visits >= 2)
    for (unsigned k = 0; k < d->nregs; k++)
      if (e->same[k] && k != d->sp)
        AND(tm_app2(tc, ISA_OP_EQ, reg_var(v, k), tm_const(tc, e->val[k], d->regs[k].width)));
#undef AND
  return phi;
}

isa_term cd_context(cd_set *c, uint64_t pc, size_t i) {
  uint64_t at;
  if (!ht_get(&c->chead, pc + 1, &at)) return 0;
  for (; at && i; i--) at = c->c[at - 1].next;
  if (!at) return 0;
  const cent *e = &c->c[at - 1];
  const fold_vocab *v = c->v;
  const isa_desc *d = v->d;
  tm_ctx *tc = v->tc;
  unsigned ab = d->addr_bits;
  isa_term phi = tm_app2(tc, ISA_OP_EQ, v->D, tm_const(tc, e->depth, ab));
#define AND(t) (phi = tm_app2(tc, ISA_OP_LAND, phi, (t)))
  for (size_t j = 0; j < e->depth; j++)
    AND(tm_app2(tc, ISA_OP_EQ, pre_aux_word(v, v->A, tm_const(tc, j, ab)), tm_const(tc, e->stk[j], ab)));
  if (e->sp_same) AND(tm_app2(tc, ISA_OP_EQ, reg_var(v, d->sp), tm_const(tc, e->sp, ab)));
  for (unsigned l = 0; l < e->nloc; l++) {
    const cloc *L = &e->loc[l];
    isa_term at_l = L->k < 0 ? reg_var(v, (unsigned)(-L->k - 1)) : word_term(v, L->k);
    unsigned w = L->k < 0 ? d->regs[-L->k - 1].width : ab;
    AND(tm_app2(tc, ISA_OP_EQ, at_l, tm_const(tc, L->val, w)));
  }
#undef AND
  return phi;
}

void cd_freeze(cd_set *c) { c->frozen = true; }

/* ---- CD_AFFINE ------------------------------------------------------------ */

cd_hist *cd_hist_new(const fold_vocab *v) {
  cd_hist *h = xa_calloc(1, sizeof *h);
  const isa_desc *d = v->d;
  h->v = v;
  for (unsigned k = 0; k < d->nregs && h->nreg < RL_MAX_VARS - 8; k++)
    if (addr_reg(d, k) && k != d->sp) h->reg[h->nreg++] = k;
  h->nword = RL_MAX_VARS - h->nreg < HS_WORDS ? RL_MAX_VARS - h->nreg : HS_WORDS;
  h->nv = h->nreg + h->nword;
  return h;
}

void cd_hist_free(cd_hist *h) {
  if (!h) return;
  for (size_t i = 0; i < h->n; i++) free(h->e[i].s), free(h->e[i].of);
  free(h->e);
  ht_free(&h->idx);
  free(h);
}

void cd_use_history(cd_set *c, cd_hist *h) {
  c->h = h;
  c->run = h ? ++h->runs : 0;
  c->started = false;
}

static hent *hist_entry(cd_hist *h, uint64_t pc, bool add) {
  uint64_t at;
  if (ht_get(&h->idx, pc + 1, &at)) return &h->e[at - 1];
  if (!add) return NULL;
  h->e = xa_grow(h->e, &h->cap, h->n + 1, sizeof *h->e);
  hent *e = &h->e[h->n];
  memset(e, 0, sizeof *e);
  e->pc = pc;
  e->s = xa_malloc(sizeof *e->s * HS_CAP * h->nv);
  e->of = xa_malloc(sizeof *e->of * HS_CAP);
  ht_put(&h->idx, pc + 1, ++h->n);
  return e;
}

static void observe_sample(cd_set *c, ex_machine *x) {
  cd_hist *h = c->h;
  const isa_desc *d = c->v->d;
  uint64_t pc = ex_regs(x)[d->pc];
  size_t depth;
  (void)ex_aux_stack(x, &depth);
  /* a loop's back edge: back to an address not above the last one, at the
   * same call depth (a return goes back too, to its call site) */
  bool back = c->started && pc <= c->prev_pc && depth == c->prev_depth;
  c->started = true, c->prev_pc = pc, c->prev_depth = depth;
  hent *e = hist_entry(h, pc, back);
  if (!e) return;
  if (e->run != c->run) e->run = c->run, e->visits = 0;
  uint32_t v = e->visits++;
  if (v >= HS_EARLY && (v & (v - 1))) return;
  size_t slot = e->n < HS_CAP ? e->n++ : HS_KEEP + e->rot++ % (HS_CAP - HS_KEEP);
  uint64_t *row = e->s + slot * h->nv;
  e->of[slot] = c->run;
  const uint64_t *r = ex_regs(x);
  if (e->n == 1) e->sp = r[d->sp];
  else if (r[d->sp] != e->sp) e->sp_var = true;
  for (unsigned i = 0; i < h->nreg; i++) row[i] = r[h->reg[i]];
  for (unsigned k = 0; k < h->nword; k++)
    if (!sp_word(d, x, 4 * (int64_t)k, &row[h->nreg + k])) row[h->nreg + k] = 0;
}

static isa_term loc_term(const cd_hist *h, uint32_t i) {
  return i < h->nreg ? reg_var(h->v, h->reg[i]) : word_term(h->v, 4 * (int64_t)(i - h->nreg));
}

static int64_t sval(uint64_t x, unsigned w) { /* x as a signed w-bit value */
  if (w >= 64) return (int64_t)x;
  uint64_t m = 1ull << (w - 1);
  x &= (m << 1) - 1;
  return (int64_t)((x ^ m) - m);
}

/* Does location i of entry e ever hold a pointer (cd_relation)? */
static bool is_ptr(const cd_hist *h, const hent *e, unsigned i) {
  const fold_vocab *v = h->v;
  for (size_t j = 0; j < e->n; j++) {
    uint64_t x = e->s[j * h->nv + i];
    for (size_t q = 0; q < v->nrd; q++)
      if (x >= v->rd[2 * q] && x <= v->rd[2 * q + 1]) return true;
  }
  return false;
}

void cd_set_loc_filter(cd_set *c, cd_loc_ok ok, void *ctx) { c->loc_ok = ok, c->loc_ctx = ctx; }

static bool loc_takes_part(const cd_set *c, uint64_t pc, uint32_t i) {
  return !c->loc_ok || c->loc_ok(c->loc_ctx, pc, loc_term(c->h, i));
}

/* Does every sample of e have location a + b ≤s z (le) or z ≤s a + b
 * (ge), the sum wrapping as the machine's? */
static void sum_orders(const cd_hist *h, const hent *e, uint32_t a, uint32_t b, uint32_t z, unsigned w, bool *le,
                       bool *ge) {
  uint64_t mask = w >= 64 ? ~0ull : (1ull << w) - 1;
  *le = *ge = true;
  for (size_t j = 0; j < e->n && (*le || *ge); j++) {
    const uint64_t *row = e->s + j * h->nv;
    int64_t s = sval((row[a] + row[b]) & mask, w), v = sval(row[z], w);
    *le = *le && s <= v, *ge = *ge && v <= s;
  }
}

/* A sample as an environment of the vocabulary (cd_hist_holds). */
typedef struct sample_env {
  const cd_hist *h;
  const hent *e;
  const uint64_t *row;
  bool unknown; /* the term read what the sample does not have */
} sample_env;

static uint64_t sample_var(void *ctx, uint32_t index) {
  sample_env *se = ctx;
  const fold_vocab *v = se->h->v;
  const isa_desc *d = v->d;
  for (unsigned i = 0; i < se->h->nreg; i++) {
    const isa_reg *r = &d->regs[se->h->reg[i]];
    if (!strcmp(tm_var_name(v->tc, index), r->name)) return se->row[i];
  }
  if (!strcmp(tm_var_name(v->tc, index), d->regs[d->sp].name) && !se->e->sp_var) return se->e->sp;
  se->unknown = true;
  return 0;
}

static uint8_t sample_mem(void *ctx, uint32_t index, uint64_t addr) {
  sample_env *se = ctx;
  const isa_desc *d = se->h->v->d;
  unsigned W = wbytes(d);
  uint64_t off = addr - se->e->sp;
  if (index != tm_var_index(se->h->v->tc, se->h->v->mem) || se->e->sp_var || off >= (uint64_t)W * se->h->nword) {
    se->unknown = true;
    return 0;
  }
  uint64_t w = se->row[se->h->nreg + off / W];
  unsigned i = (unsigned)(off % W);
  return (uint8_t)(w >> (8 * (d->big_endian ? W - 1 - i : i)));
}

uint64_t cd_hist_version(const cd_hist *h, uint64_t pc) {
  uint64_t at;
  if (!h || !ht_get(&h->idx, pc + 1, &at)) return 0;
  const hent *e = &h->e[at - 1];
  return (uint64_t)e->n << 32 ^ e->rot ^ (uint64_t)e->run << 16;
}

bool cd_hist_holds(const cd_hist *h, uint64_t pc, isa_term t) {
  uint64_t at;
  if (!h || !ht_get(&h->idx, pc + 1, &at)) return true;
  const hent *e = &h->e[at - 1];
  tm_ctx *tc = h->v->tc;
  for (size_t j = 0; j < e->n; j++) {
    sample_env se = {h, e, e->s + j * h->nv, false};
    tm_env env = {&se, sample_var, sample_mem};
    uint64_t val = tm_eval(tc, t, &env);
    if (!se.unknown && !val) return false;
  }
  return true;
}

/* The samples of pc, when CD_AFFINE has enough of them to speak of (four). */
static hent *samples_at(const cd_set *c, uint64_t pc) {
  if (!c->h || !(c->shapes & CD_AFFINE)) return NULL;
  hent *e = hist_entry(c->h, pc, false);
  return e && e->n >= 4 ? e : NULL;
}

size_t cd_constants(cd_set *c, uint64_t pc, isa_term *out, size_t cap) {
  cd_hist *h = c->h;
  hent *e = samples_at(c, pc);
  if (!e) return 0;
  tm_ctx *tc = c->v->tc;
  unsigned w = c->v->d->addr_bits;
  size_t n = 0;
  for (unsigned i = 0; i < h->nv && n < cap; i++) {
    if (is_ptr(h, e, i) || !loc_takes_part(c, pc, i)) continue;
    bool v = false;
    for (size_t j = 1; j < e->n && !v; j++) v = e->s[j * h->nv + i] != e->s[i];
    if (!v) out[n++] = tm_app2(tc, ISA_OP_EQ, loc_term(h, i), tm_const(tc, e->s[i], w));
  }
  return n;
}

size_t cd_orders(cd_set *c, uint64_t pc, const uint64_t *ks, size_t nk, isa_term *out, size_t cap, size_t *npairs,
                 bool all_sums) {
  cd_hist *h = c->h;
  *npairs = 0;
  hent *e = samples_at(c, pc);
  if (!e) return 0;
  tm_ctx *tc = c->v->tc;
  unsigned w = c->v->d->addr_bits;
  uint32_t loc[RL_MAX_VARS];
  bool varies[RL_MAX_VARS];
  unsigned nl = 0;
  for (unsigned i = 0; i < h->nv; i++) {
    if (is_ptr(h, e, i) || !loc_takes_part(c, pc, i)) continue;
    bool v = false;
    for (size_t j = 1; j < e->n && !v; j++) v = e->s[j * h->nv + i] != e->s[i];
    if (v || e->s[i]) varies[nl] = v, loc[nl++] = i;
  }
  size_t n = 0;
  for (unsigned a = 0; a < nl && n < cap; a++) {
    /* a parity every sample shares: a loop stepping by 2 toward a bound
     * meets it exactly (relate.h wants more samples for a congruence) */
    bool same = true;
    for (size_t j = 0; j < e->n && same; j++) same = ((e->s[j * h->nv + loc[a]] ^ e->s[loc[a]]) & 1) == 0;
    if (same) {
      isa_term t = tm_app2(tc, ISA_OP_AND, loc_term(h, loc[a]), tm_const(tc, 1, w));
      out[n++] = tm_app2(tc, ISA_OP_EQ, t, tm_const(tc, e->s[loc[a]] & 1, w));
    }
    bool nonneg = varies[a];
    for (size_t j = 0; j < e->n && nonneg; j++) nonneg = sval(e->s[j * h->nv + loc[a]], w) >= 0;
    if (nonneg && n < cap) out[n++] = tm_app2(tc, ISA_OP_SLE, tm_const(tc, 0, w), loc_term(h, loc[a]));
  }
  /* pairs with a location that varies first, then the bounds among
   * themselves (n ≤ m, two inputs a loop compares with) */
  for (unsigned both = 0; both < 2; both++)
  for (unsigned a = 0; a < nl; a++)
    for (unsigned b = 0; b < nl; b++) {
      if (a == b || (varies[a] || varies[b]) == (both == 1)) continue;
      bool le = true, lt = true;
      for (size_t j = 0; j < e->n && le; j++) {
        int64_t x = sval(e->s[j * h->nv + loc[a]], w), y = sval(e->s[j * h->nv + loc[b]], w);
        le = x <= y, lt &= x < y;
      }
      if (!le) continue;
      /* the weak order even where the samples have the strict one: a loop
       * may reach equality in runs not sampled */
      if (n < cap) out[n++] = tm_app2(tc, ISA_OP_SLE, loc_term(h, loc[a]), loc_term(h, loc[b]));
      if (lt && n < cap) out[n++] = tm_app2(tc, ISA_OP_SLT, loc_term(h, loc[a]), loc_term(h, loc[b]));
    }
  *npairs = n;
  /* bounds by the constants the loop compares with: a loop `while (i < N)`
   * compiled as i ≤ N − 1 keeps i ≤ N at its head (K and K + 1 as upper
   * bounds, K and K − 1 as lower ones; signed below 2^(w−1), else
   * unsigned) */
  uint64_t mask = w >= 64 ? ~0ull : (1ull << w) - 1;
  for (unsigned a = 0; a < nl; a++) {
    if (!varies[a]) continue;
    for (size_t q = 0; q < nk; q++)
      for (int up = 1; up >= 0; up--)
        for (int d = 0; d < 2; d++) {
          uint64_t k = (ks[q] + (uint64_t)(up ? d : -d)) & mask;
          if (d && k == ks[q]) continue;
          bool sg = sval(k, w) >= 0 || !up, ok = true;
          for (size_t j = 0; j < e->n && ok; j++) {
            uint64_t x = e->s[j * h->nv + loc[a]];
            ok = up ? (sg ? sval(x, w) <= sval(k, w) : x <= k) : sval(k, w) <= sval(x, w);
          }
          if (!ok || (!up && k == 0) || n >= cap) continue; /* 0 ≤s x: above */
          isa_term kt = tm_const(tc, k, w), x = loc_term(h, loc[a]);
          out[n++] = up ? tm_app2(tc, sg ? ISA_OP_SLE : ISA_OP_ULE, x, kt) : tm_app2(tc, ISA_OP_SLE, kt, x);
        }
  }
  /* three locations, one varying: a + b ≤s c and c ≤s a + b (a loop that
   * moves one unit from k to j keeps k + j ≥ n); b = a too: 2a ≤s c (a
   * buffer checked to hold 2n bytes, filled two at a time) */
  for (unsigned a = 0; a < nl; a++)
    for (unsigned b = a; b < nl; b++)
      for (unsigned z = 0; z < nl; z++) {
        if (z == a || z == b || !(all_sums || varies[a] || varies[b] || varies[z])) continue;
        bool le, ge;
        sum_orders(h, e, loc[a], loc[b], loc[z], w, &le, &ge);
        isa_term s = tm_app2(tc, ISA_OP_ADD, loc_term(h, loc[a]), loc_term(h, loc[b]));
        if (le && n < cap) out[n++] = tm_app2(tc, ISA_OP_SLE, s, loc_term(h, loc[z]));
        if (ge && n < cap) out[n++] = tm_app2(tc, ISA_OP_SLE, loc_term(h, loc[z]), s);
      }
  return n;
}

size_t cd_frame(cd_set *c, uint64_t pc, isa_term *var, uint64_t *val, size_t cap) {
  cd_hist *h = c->h;
  if (!h || !(c->shapes & CD_AFFINE) || !cap) return 0;
  hent *e = hist_entry(h, pc, false);
  if (!e || e->n < 4 || e->sp_var) return 0;
  const isa_desc *d = c->v->d;
  uint64_t mask = d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1;
  size_t n = 0;
  var[n] = reg_var(c->v, d->sp), val[n++] = e->sp;
  for (unsigned i = 0; i < h->nreg && n < cap; i++) {
    uint64_t x = e->s[i];
    int64_t dist = sval((x - e->sp) & mask, d->addr_bits);
    if (dist < -CTX_NEAR || dist > CTX_NEAR) continue; /* not a pointer into the frames */
    bool same = true;
    for (size_t j = 1; j < e->n && same; j++) same = e->s[j * h->nv + i] == x;
    if (same) var[n] = reg_var(c->v, h->reg[i]), val[n++] = x;
  }
  return n;
}

/* Polynomial equalities (cd_poly).  The products are of the loop's
 * counters: locations that step by one amount through most of a run's
 * consecutive samples (i += 1; a later sample is 2^j passes on), and that
 * no earlier counter determines (z = 6n + 6 is n's alias).  The columns of
 * the linear search are the counters, their products of degree 2 and 3,
 * then the other locations that vary: the echelon form expresses each
 * later column by earlier ones, so each other location comes out as a
 * polynomial in the counters (y = 3n^2 + 3n + 1, x = n^3, 6s = 2i^3 −
 * 3i^2 + i).  Degree 3 with at most POLY_VARS3 counters, 2 with up to
 * POLY_VARS. */
#define POLY_LIN 16
#define POLY_VARS3 3
#define POLY_VARS 5
#define POLY_RELS 24

/* Is location i of e a counter: one nonzero step |d| for at least two
 * thirds of the consecutive same-run sample pairs that differ? */
static bool counter(const cd_hist *h, const hent *e, unsigned i, unsigned w, uint64_t *step) {
  uint64_t best = 0;
  size_t nbest = 0, nz = 0;
  for (size_t j = 1; j < e->n; j++) {
    if (e->of[j - 1] != e->of[j]) continue;
    int64_t d = sval(e->s[j * h->nv + i], w) - sval(e->s[(j - 1) * h->nv + i], w);
    uint64_t ad = d < 0 ? (uint64_t)-d : (uint64_t)d;
    if (!ad) continue;
    nz++;
    if (ad == best) nbest++;
    else if (!nbest) best = ad, nbest = 1;
    else nbest--; /* majority vote */
  }
  if (nz < 4) return false;
  size_t k = 0;
  for (size_t j = 1; j < e->n; j++) {
    if (e->of[j - 1] != e->of[j]) continue;
    int64_t d = sval(e->s[j * h->nv + i], w) - sval(e->s[(j - 1) * h->nv + i], w);
    k += (d < 0 ? (uint64_t)-d : (uint64_t)d) == best;
  }
  *step = best;
  return 3 * k >= 2 * nz;
}

size_t cd_poly(cd_set *c, uint64_t pc, isa_term *out, size_t cap) {
  cd_hist *h = c->h;
  hent *e = samples_at(c, pc);
  const fold_vocab *v = c->v;
  unsigned w = v->d->addr_bits;
  if (!e || e->n < 8 || w > 32) return 0;
  tm_ctx *tc = v->tc;
  /* the locations that vary: counters first */
  uint32_t loc[POLY_LIN];
  uint64_t step[POLY_LIN];
  unsigned nl = 0, nc = 0;
  for (int pass = 0; pass < 2; pass++)
    for (unsigned i = 0; i < h->nv && nl < POLY_LIN; i++) {
      if (is_ptr(h, e, i) || !loc_takes_part(c, pc, i)) continue;
      bool varies = false;
      for (size_t j = 1; j < e->n && !varies; j++) varies = e->s[j * h->nv + i] != e->s[i];
      uint64_t st = 0;
      if (!varies || counter(h, e, i, w, &st) != (pass == 0)) continue;
      /* counters by their step, the unit one first: i, not 2i − 1, is
       * what the others are polynomials of with small coefficients */
      unsigned at = nl++;
      while (pass == 0 && at > 0 && step[at - 1] > st) loc[at] = loc[at - 1], step[at] = step[at - 1], at--;
      loc[at] = i, step[at] = st;
      nc += pass == 0;
    }
  if (!nc) return 0;
  /* counters an earlier one determines are left out of the products */
  unsigned pv[POLY_VARS], np = 0;
  {
    uint64_t *lin = xa_malloc(sizeof *lin * e->n * nc);
    for (size_t j = 0; j < e->n; j++)
      for (unsigned k = 0; k < nc; k++) lin[j * nc + k] = e->s[j * h->nv + loc[k]];
    unsigned char none[RL_MAX_VARS] = {0};
    rl_rel lr[2 * POLY_LIN];
    size_t nlr = rl_find(lin, e->n, nc, w, none, lr, 2 * POLY_LIN);
    free(lin);
    for (unsigned k = 0; k < nc && np < POLY_VARS; k++) {
      bool dep = false;
      for (size_t q = 0; q < nlr && !dep; q++) dep = lr[q].bits == w && lr[q].var[lr[q].nv - 1] == k;
      if (!dep) pv[np++] = k;
    }
  }
  /* the columns: (a, b, d) indices into loc, -1 for none */
  int mono[RL_MAX_VARS][3];
  unsigned deg[RL_MAX_VARS], nm = 0;
  for (unsigned a = 0; a < np; a++) mono[nm][0] = (int)pv[a], mono[nm][1] = mono[nm][2] = -1, deg[nm++] = 1;
  for (unsigned a = 0; a < np; a++)
    for (unsigned b = a; b < np; b++) mono[nm][0] = (int)pv[a], mono[nm][1] = (int)pv[b], mono[nm][2] = -1, deg[nm++] = 2;
  if (np <= POLY_VARS3)
    for (unsigned a = 0; a < np; a++)
      for (unsigned b = a; b < np; b++)
        for (unsigned d = b; d < np; d++)
          mono[nm][0] = (int)pv[a], mono[nm][1] = (int)pv[b], mono[nm][2] = (int)pv[d], deg[nm++] = 3;
  for (unsigned k = 0; k < nl && nm < RL_MAX_VARS; k++) {
    bool in = false;
    for (unsigned a = 0; a < np && !in; a++) in = pv[a] == k;
    if (!in) mono[nm][0] = (int)k, mono[nm][1] = mono[nm][2] = -1, deg[nm++] = 1;
  }
  /* rows: the distinct samples whose monomials stay within w signed bits
   * (the search is over the integers; a relation found is then checked
   * modulo 2^w, which is what the machine keeps) */
  int64_t lim = (int64_t)1 << (w - 1);
  uint64_t *sub = xa_malloc(sizeof *sub * e->n * nm);
  size_t m = 0;
  for (size_t j = 0; j < e->n; j++) {
    uint64_t *row = sub + m * nm;
    bool ok = true;
    for (unsigned k = 0; k < nm && ok; k++) {
      __int128 x = 1;
      for (unsigned f = 0; f < 3 && mono[k][f] >= 0; f++) x *= sval(e->s[j * h->nv + loc[mono[k][f]]], w);
      ok = x < lim && x >= -lim;
      row[k] = (uint64_t)(int64_t)x & (((uint64_t)1 << w) - 1);
    }
    for (size_t q = 0; q < m && ok; q++) ok = memcmp(sub + q * nm, row, nm * sizeof *row) != 0;
    if (ok) m++;
  }
  size_t n = 0;
  if (m >= 8) {
    unsigned char cong[RL_MAX_VARS] = {0};
    rl_rel rel[POLY_RELS];
    size_t nr = rl_find(sub, m, nm, w, cong, rel, POLY_RELS);
    for (size_t k = 0; k < nr && n < cap; k++) {
      bool prod = false;
      for (unsigned i = 0; i < rel[k].nv; i++) prod |= deg[rel[k].var[i]] > 1;
      if (rel[k].bits < w || !prod) continue; /* linear: cd_relation's */
      /* as x == p(counters) where the last column has coefficient ±1 (the
       * solver substitutes such an equality before it normalises the
       * products); else as a sum */
      unsigned last = rel[k].nv - 1;
      int lead = deg[rel[k].var[last]] == 1 && (rel[k].coef[last] == 1 || rel[k].coef[last] == -1) ? (int)last : -1;
      int64_t sg = lead >= 0 ? -rel[k].coef[lead] : 1; /* lead·x + rest = c  ⇒  x = sg·rest − sg·c */
      isa_term sum = 0;
      for (unsigned i = 0; i < rel[k].nv; i++) {
        if ((int)i == lead) continue;
        const int *mo = mono[rel[k].var[i]];
        isa_term t = loc_term(h, loc[mo[0]]);
        for (unsigned f = 1; f < 3 && mo[f] >= 0; f++) t = tm_app2(tc, ISA_OP_MUL, t, loc_term(h, loc[mo[f]]));
        int64_t cf = sg * rel[k].coef[i];
        if (cf != 1) t = tm_app2(tc, ISA_OP_MUL, tm_const(tc, (uint64_t)cf, w), t);
        sum = sum ? tm_app2(tc, ISA_OP_ADD, sum, t) : t;
      }
      uint64_t rhs = (lead >= 0 ? (uint64_t)(-sg) * rel[k].c : rel[k].c) & (((uint64_t)1 << w) - 1);
      if (lead >= 0) {
        if (rhs) sum = tm_app2(tc, ISA_OP_ADD, sum, tm_const(tc, rhs, w));
        out[n++] = tm_app2(tc, ISA_OP_EQ, loc_term(h, loc[mono[rel[k].var[lead]][0]]), sum);
      } else
        out[n++] = tm_app2(tc, ISA_OP_EQ, sum, tm_const(tc, rhs, w));
    }
  }
  free(sub);
  return n;
}

isa_term cd_relation(cd_set *c, uint64_t pc) {
  cd_hist *h = c->h;
  if (!h || !(c->shapes & CD_AFFINE)) return 0;
  hent *e = hist_entry(h, pc, false);
  if (!e || e->n < 4) return 0;
  const fold_vocab *v = c->v;
  tm_ctx *tc = v->tc;
  unsigned w = v->d->addr_bits;
  /* a location that ever held an address of the image or the stack is a
   * pointer: relations among pointers are the stack layout (the facts and
   * CD_FRAMES speak of it) or alignment, and only cost predicates */
  uint32_t keep[RL_MAX_VARS];
  unsigned nk = 0;
  for (unsigned i = 0; i < h->nv; i++) {
    bool ptr = false;
    for (size_t j = 0; j < e->n && !ptr; j++) {
      uint64_t x = e->s[j * h->nv + i];
      for (size_t q = 0; q < v->nrd && !ptr; q++) ptr = x >= v->rd[2 * q] && x <= v->rd[2 * q + 1];
    }
    if (!ptr && loc_takes_part(c, pc, i)) keep[nk++] = i;
  }
  if (nk < 2) return 0;
  uint64_t *sub = xa_malloc(sizeof *sub * e->n * nk);
  for (size_t j = 0; j < e->n; j++)
    for (unsigned i = 0; i < nk; i++) sub[j * nk + i] = e->s[j * h->nv + keep[i]];
  /* congruences only of what the loop changes: a location with another
   * value at two neighbouring samples of one run (an input's parity is the
   * same in a few runs by chance) */
  unsigned char loopy[RL_MAX_VARS] = {0};
  for (size_t j = 1; j < e->n; j++)
    if (e->of[j - 1] == e->of[j])
      for (unsigned i = 0; i < nk; i++) loopy[i] |= sub[(j - 1) * nk + i] != sub[j * nk + i];
  rl_rel rel[HS_RELS];
  size_t nr = rl_find(sub, e->n, nk, w, loopy, rel, HS_RELS);
  free(sub);
  isa_term phi = 0;
  for (size_t k = 0; k < nr; k++) {
    isa_term sum = 0;
    for (unsigned i = 0; i < rel[k].nv; i++) {
      isa_term t = loc_term(h, keep[rel[k].var[i]]);
      if (rel[k].coef[i] != 1) t = tm_app2(tc, ISA_OP_MUL, tm_const(tc, (uint64_t)rel[k].coef[i], w), t);
      sum = sum ? tm_app2(tc, ISA_OP_ADD, sum, t) : t;
    }
    isa_term rhs = tm_const(tc, rel[k].c, w);
    if (rel[k].bits < w) {
      isa_term mask = tm_const(tc, (1ull << rel[k].bits) - 1, w);
      sum = tm_app2(tc, ISA_OP_AND, sum, mask);
    }
    isa_term eq = tm_app2(tc, ISA_OP_EQ, sum, rhs);
    phi = phi ? tm_app2(tc, ISA_OP_LAND, phi, eq) : eq;
  }
  return phi;
}
