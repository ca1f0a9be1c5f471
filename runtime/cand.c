/* cand.c — candidate invariants from a run (MCVETO report §3.2); see
 * cand.h. */
#include "cand.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "htab.h"
#include "pre.h"

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

struct cd_set {
  const fd_vocab *v;
  unsigned shapes;
  ht_map idx; /* pc + 1 -> entry index + 1 */
  ent *e;
  size_t n, cap;
};

cd_set *cd_new(const fd_vocab *v, unsigned shapes) {
  cd_set *c = calloc(1, sizeof *c);
  if (!c) exit(3);
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

static bool loc_holds(const isa_desc *d, ex_machine *x, uint32_t loc, uint64_t top) {
  const uint64_t *r = ex_regs(x);
  if (loc < d->nregs) return r[loc] == top;
  uint64_t mask = d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1;
  uint64_t a = (r[d->sp] + (uint64_t)((int64_t)(loc - d->nregs) - WIN_LO)) & mask, w;
  return word_at(d, ex_mem(x), a, &w) && w == top;
}

static bool addr_reg(const isa_desc *d, unsigned k) {
  return k != d->pc && !d->regs[k].is_flag && d->regs[k].width == d->addr_bits;
}

void cd_observe(cd_set *c, ex_machine *x) {
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
  if (c->n == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 64;
    c->e = realloc(c->e, sizeof *c->e * c->cap);
    if (!c->e) exit(3);
  }
  e = &c->e[c->n];
  memset(e, 0, sizeof *e);
  e->pc = pc;
  e->visits = 1;
  e->val = malloc(sizeof *e->val * (d->nregs ? d->nregs : 1));
  e->same = malloc(d->nregs ? d->nregs : 1);
  if (!e->val || !e->same) exit(3);
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

static isa_term reg_var(const fd_vocab *v, unsigned k) {
  const isa_reg *rg = &v->d->regs[k];
  return tm_var(v->tc, rg->name, rg->is_flag ? TM_BOOL : rg->width);
}

/* The word at SP + k in the vocabulary, in the ISA's byte order. */
static isa_term word_term(const fd_vocab *v, int64_t k) {
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
  const fd_vocab *v = c->v;
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
