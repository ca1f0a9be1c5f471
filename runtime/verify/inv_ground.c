/* inv_ground.c — terms under a fact vector: partial evaluation (the value
 * of a step's terms where the vector knows their inputs), the byte
 * variable u, and predicates grounded in a vector (strengthening,
 * inv_ground). */
#include "inv_impl.h"

/* ---- partial evaluation ------------------------------------------------ */

typedef struct pe_walk {
  inv_ctx *c;
  const fvb *in;
} pe_walk;

enum { PE_ITE_DEPTH = 16 }; /* nested ite of arrays pe_byte looks into */

/* *out = the byte at addr of array term arr, or 0 if unknown.  False when
 * inv_pe's value of a subterm it needs is not known yet (queued on w).  A dry
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
      if (inv_mem_get(c, in, addr, &byte)) *out = tm_const(tc, byte, 8);
      else if ((f = inv_fixed_byte(c, addr))) *out = f;
      else if (inv_sb_find(in, addr, &p)) {
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
      *out = inv_ent_find(in, 1, addr, &p) ? tm_const(tc, in->ent[1][p] & 0xff, 8) : 0;
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

/* Is t (built from values inv_pe kept) at most U_TERM nodes, counted as a tree? */
static bool small_term(inv_ctx *c, isa_term t) {
  uint64_t n;
  if (ht_get(&c->tsz, (uint64_t)t + 1, &n)) return n <= U_TERM;
  return tm_walk_run(c->tc, t, size_step, c) <= U_TERM;
}

/* One step of inv_pe's walk: t's value from its arguments' (memo: c->ev). */
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
    unsigned s = inv_slot_of_var(c, t);
    if (s && fvb_has(c, in, s - 1)) r = inv_slot_const(c, s - 1, in->val[s - 1]);
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
isa_term inv_pe(inv_ctx *c, const fvb *in, isa_term t) {
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
uint64_t inv_u_eval(inv_ctx *c, isa_term t, unsigned v) {
  tm_env env = {c, u_env_var, u_env_mem};
  c->u_val = v;
  tm_eval_begin(c->tc);
  return tm_eval_more(c->tc, t, &env);
}

/* b's u := the values in its udom for which boolean term t is true.
 * False if none is left: no state of b satisfies t. */
bool inv_u_restrict(inv_ctx *c, fvb *b, isa_term t) {
  uint64_t x;
  if (tm_is_const(c->tc, t, &x)) return x != 0; /* a constant says nothing about u */
  if (!dom_count(b->udom)) return inv_u_eval(c, t, 0) != 0; /* b names no u: t does not depend on it */
  for (unsigned v = 0; v < 256; v++)
    if (dom_has(b->udom, v) && !inv_u_eval(c, t, v)) b->udom[v / 64] &= ~(1ull << (v % 64));
  return dom_count(b->udom) != 0;
}

/* The one value term t has for every u in d, or false. */
static bool u_const(inv_ctx *c, const uint64_t d[4], isa_term t, uint64_t *out) {
  if (tm_is_const(c->tc, t, out)) return true;
  bool any = false;
  for (unsigned v = 0; v < 256; v++) {
    if (!dom_has(d, v)) continue;
    uint64_t y = inv_u_eval(c, t, v);
    if (any && y != *out) return false;
    *out = y, any = true;
  }
  return any;
}

/* After b's udom shrank: every term over u with one value on udom becomes
 * that constant, and udom is emptied when nothing names u any more.  False
 * if udom is empty while something names u (no state). */
bool inv_u_settle(inv_ctx *c, fvb *b) {
  if (!inv_u_used(c, b)) {
    memset(b->udom, 0, sizeof b->udom);
    return true;
  }
  if (!dom_count(b->udom)) return false;
  uint64_t x;
  for (unsigned s = 0; s < c->K; s++)
    if (fvb_sym(b, s) && u_const(c, b->udom, (isa_term)b->val[s], &x)) fvb_set(b, s, x);
  for (size_t i = b->nent[3]; i-- > 0;) {
    uint64_t addr = b->ent[3][2 * i];
    if (u_const(c, b->udom, (isa_term)b->ent[3][2 * i + 1], &x)) inv_mem_set(c, b, addr, (uint8_t)x);
  }
  if (!inv_u_used(c, b)) memset(b->udom, 0, sizeof b->udom);
  return true;
}

/* Vector w (not ⊥), or the vectors it splits into when its u has at most
 * U_FEW values: one per value, with u := that value.  Returns how many. */
unsigned inv_u_expand(inv_ctx *c, uint32_t w, uint32_t out[U_FEW]) {
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
      inv_fvb_load(c, &c->b, w);
      memset(c->b.udom, 0, sizeof c->b.udom);
      c->b.udom[v / 64] = 1ull << (v % 64);
      r = inv_u_settle(c, &c->b) ? inv_fvb_intern(c, &c->b) : 0;
      ht_put(&c->umemo, key, r);
    }
    if (r) out[k++] = (uint32_t)r;
  }
  return k;
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
    unsigned s = inv_slot_of_var(c, t);
    if (s && fvb_has(c, f, s - 1)) r = inv_slot_const(c, s - 1, f->val[s - 1]);
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
                     ((a[0] == c->v->mem && inv_mem_get(c, f, av & c->amask, &kb)) ||
                      (a[0] == c->v->A && inv_ent_find(f, 1, av & c->amask, &p) &&
                       ((kb = (uint8_t)f->ent[1][p]), true)));
    if (sel_known) {
      r = tm_const(tc, kb, 8);
      /* the result says the byte is r only with this conjunct: a state the
       * facts do not describe (a run in another copy of s's address) must
       * not satisfy it (witnesses are marked by evaluation) */
      isa_term sel = tm_app(tc, ISA_OP_SELECT, a, 2, 0, 0), eq = tm_app2(tc, ISA_OP_EQ, sel, r);
      c->gfacts = c->gfacts ? tm_app2(tc, ISA_OP_LAND, c->gfacts, eq) : eq;
    } else if (k == ISA_OP_SELECT && a[0] == c->v->mem && tm_is_const(tc, a[1], &av) &&
             (fb = inv_fixed_byte(c, av & c->amask)))
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
isa_term inv_strengthen_pred(inv_ctx *c, isa_term p, uint32_t v) {
  if (!v || (v == 1 && !c->fixed)) return p;
  uint64_t key = ((uint64_t)p << 32 | v) + 1, r;
  if (ht_get(&c->gmemo, key, &r)) return (isa_term)r;
  tm_ctx *tc = c->tc;
  inv_fvb_load(c, &c->b, v);
  ht_clear(&c->gw);
  c->gfacts = 0;
  isa_term g = ground_walk(c, &c->b, p);
  isa_term f = c->gfacts;
  for (unsigned s = 0; s < c->K; s++) {
    if (!fvb_has(c, &c->b, s)) continue;
    isa_term atom = c->slot_width[s] == TM_BOOL
                        ? (c->b.val[s] ? c->slot_var[s] : tm_app1(tc, ISA_OP_LNOT, c->slot_var[s]))
                        : tm_app2(tc, ISA_OP_EQ, c->slot_var[s], inv_slot_const(c, s, c->b.val[s]));
    f = f ? tm_app2(tc, ISA_OP_LAND, f, atom) : atom;
  }
  isa_term out = f ? tm_app2(tc, ISA_OP_LAND, f, g) : g;
  ht_put(&c->gmemo, key, out);
  ht_put(&c->gmemo, ((uint64_t)out << 32 | v) + 1, out);
  return out;
}

isa_term inv_ground(inv_ctx *c, nwa_state s, isa_term t) {
  if (s >= c->nlast || !c->last[s] || (c->last[s] == 1 && !c->fixed)) return t; /* unknown, ⊥ or nothing known */
  inv_fvb_load(c, &c->b, c->last[s]);
  ht_clear(&c->gw);
  c->gfacts = 0;
  isa_term r = ground_walk(c, &c->b, t);
  return c->gfacts ? tm_app2(c->tc, ISA_OP_LAND, c->gfacts, r) : r;
}
