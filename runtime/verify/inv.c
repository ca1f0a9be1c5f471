/* inv.c — facts proven over the abstract graph (see inv.h): the context,
 * the vocabulary's slots, the initial facts and the self-check; the
 * analysis is inv_vec.c, inv_ground.c, inv_transfer.c and inv_graph.c
 * (inv_impl.h). */
#include "inv_impl.h"

#include <stdio.h>
#include <stdlib.h>

#include "xalloc.h"

/* ---- the vocabulary's slots -------------------------------------------- */

unsigned inv_slot_of_var(const inv_ctx *c, isa_term var) {
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

isa_term inv_slot_const(inv_ctx *c, unsigned s, uint64_t v) {
  return c->slot_width[s] == TM_BOOL ? (v ? tm_true(c->tc) : tm_false(c->tc)) : tm_const(c->tc, v, c->slot_width[s]);
}

/* The byte of `mem` at addr in every state of every run, or 0 if it can
 * change (inv_set_fixed). */
isa_term inv_fixed_byte(inv_ctx *c, uint64_t addr) {
  uint8_t b;
  return c->fixed && c->fixed(c->fixed_ctx, addr, &b) ? tm_const(c->tc, b, 8) : 0;
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
  inv_fvb_init(c, &c->b);
  inv_fvb_init(c, &c->b2);
  c->init_known = calloc(c->KW, sizeof *c->init_known);
  c->init_val = calloc(c->K, sizeof *c->init_val);
  if (!c->init_known || !c->init_val) xa_nomem();
  /* ids 0 (⊥, a placeholder) and 1 (nothing known) */
  c->nfv = 0;
  inv_fvb_clear(c, &c->b);
  c->capfv = 256;
  c->fv = calloc(c->capfv, sizeof *c->fv);
  if (!c->fv) xa_nomem();
  c->nfv = 1; /* ⊥ has no words */
  uint32_t top = inv_fvb_intern(c, &c->b);
  (void)top; /* == 1 */
  return c;
}

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
  inv_dbg_free(c);
  inv_fvb_free(&c->b);
  inv_fvb_free(&c->b2);
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
  unsigned s = inv_slot_of_var(c, var);
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

uint32_t inv_initial(inv_ctx *c) {
  if (!c->init_set) {
    inv_fvb_clear(c, &c->b);
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
    c->init = inv_fvb_intern(c, &c->b);
    c->init_set = true;
  }
  return c->init;
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

void inv_forget(inv_ctx *c) {
  free(c->last);
  c->last = NULL, c->nlast = 0;
}

/* ---- the self-check ---------------------------------------------------- */

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
  inv_fvb_load(c, &c->b, id);
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
  if (!inv_u_used(c, &c->b)) return true;
  uint32_t mi = tm_var_index(c->tc, c->v->mem);
  for (unsigned v = 0; v < 256; v++) { /* some value of u gives every term its value */
    bool ok = dom_has(c->b.udom, v);
    for (unsigned s = 0; s < c->K && ok; s++)
      ok = !fvb_sym(&c->b, s) || dbg_slot(c, env, s) == inv_u_eval(c, (isa_term)c->b.val[s], v);
    for (size_t i = 0; i < c->b.nent[3] && ok; i++)
      ok = env->mem(env->ctx, mi, c->b.ent[3][2 * i]) == inv_u_eval(c, (isa_term)c->b.ent[3][2 * i + 1], v);
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

void inv_dbg_free(inv_ctx *c) {
  for (size_t i = 0; i < c->ndbg; i++) free(c->dbgv[i]);
  free(c->dbgv), free(c->ndbgv);
  c->dbgv = NULL, c->ndbgv = NULL, c->ndbg = 0;
}
