/* inv_transfer.c — the propagation: the facts after a letter's step
 * (transfer), their join, a matched return's restore from its call
 * predecessor, Pre of a destination judged under the facts, and the facts
 * of a predicate met with a vector. */
#include "inv_impl.h"

#include <stdlib.h>

#include "xalloc.h"

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
    else inv_mem_forget_all(out);
    return;
  }
  while (n) {
    isa_term s = chain[--n];
    isa_term ad = inv_pe(c, in, tm_arg(tc, s, 1)), val = inv_pe(c, in, tm_arg(tc, s, 2));
    uint64_t av, vv;
    if (!ad || !tm_is_const(tc, ad, &av)) {
      if (a) out->nent[1] = 0;
      else inv_mem_forget_all(out);
      continue;
    }
    av &= c->amask;
    if (!a && inv_fixed_byte(c, av)) continue; /* such a store faults: no run completes the step */
    bool known = val && tm_is_const(tc, val, &vv);
    if (a && known) inv_ent_set(out, 1, av, (uint8_t)vv);
    else if (a) inv_ent_forget(out, 1, av);
    else if (known) inv_mem_set(c, out, av, (uint8_t)vv);
    else if (val) inv_mem_set_sym(c, out, av, val); /* a term over u */
    else inv_mem_forget(c, out, av);
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
    if (inv_pe(c, &c->b, tm_arg(tc, t, 0))) continue; /* known, or a term over u: the ite keeps it */
    isa_term a = inv_pe(c, &c->b, tm_arg(tc, t, 1)), b = inv_pe(c, &c->b, tm_arg(tc, t, 2));
    if (a && b && a != b && tm_is_const(tc, a, &x) && tm_is_const(tc, b, &x)) return tm_arg(tc, t, 0);
  }
  return 0;
}

/* The facts after p from vin (not ⊥), where assume (if not 0) has value
 * val: one vector, 0 if no run takes the step. */
/* Evaluate the addresses and values of the stores of array term m, so that
 * inv_pe names u (if it does) before the pre-state's memory is copied. */
static void eval_stores(inv_ctx *c, const fvb *in, isa_term m) {
  tm_ctx *tc = c->tc;
  for (unsigned n = 0; tm_kind(tc, m) == ISA_OP_STORE && n < 256; n++, m = tm_arg(tc, m, 0)) {
    inv_pe(c, in, tm_arg(tc, m, 1));
    inv_pe(c, in, tm_arg(tc, m, 2));
  }
}

static uint32_t transfer_one(inv_ctx *c, const pre_post *p, uint32_t vin, isa_term assume, bool val) {
  tm_ctx *tc = c->tc;
  const isa_desc *d = c->v->d;
  inv_fvb_load(c, &c->b, vin);
  ht_clear(&c->ev);
  if (assume) ht_put(&c->ev, (uint64_t)assume + 1, val ? tm_true(tc) : tm_false(tc));
  /* u may name the first unknown byte the step reads (at a known
   * address): in a vector that names no u, or whose u only bytes of memory
   * hold and no branch has narrowed (an unknown word the program loaded
   * and passed on), which is then dropped, so that the byte a program reads
   * next and tests is not kept from being named by one it never tests */
  bool used = inv_u_used(c, &c->b), nosym = true;
  for (unsigned i = 0; i < c->KW; i++) nosym = nosym && !c->b.sym[i];
  c->rebind = used && nosym && dom_count(c->b.udom) == 256;
  c->bind_on = c->u_on && (!used || c->rebind);
  c->bound_set = c->read_old = false;
  isa_term cnd = inv_pe(c, &c->b, p->cond);
  uint64_t x;
  if (cnd && tm_is_const(tc, cnd, &x) && !x) {
    c->bind_on = false;
    return 0;
  }
  inv_fvb_clear(c, &c->b2);
  for (unsigned s = 0; s < c->K; s++) {
    isa_term post = c->slot_var[s];
    if (s < d->nregs) post = p->reg[s] ? p->reg[s] : post;
    else if (s == c->s_V) post = p->V;
    else if (s == c->s_D) post = p->D;
    else if (s == c->s_ip) post = p->ip;
    isa_term e = inv_pe(c, &c->b, post);
    if (e && tm_is_const(tc, e, &x)) fvb_set(&c->b2, s, x);
    else if (e) fvb_set_sym(&c->b2, s, e);
  }
  eval_stores(c, &c->b, p->mem);
  eval_stores(c, &c->b, p->A);
  c->bind_on = false;
  /* memory: start from what is known and apply the stores */
  inv_mem_copy(&c->b2, &c->b);
  memcpy(c->b2.udom, c->b.udom, sizeof c->b2.udom);
  if (c->bound_set) { /* u is the byte the step read at `bound`, any value */
    while (c->rebind && c->b2.nent[3]) inv_mem_forget(c, &c->b2, c->b2.ent[3][0]); /* the old u's bytes */
    inv_mem_set_sym(c, &c->b2, c->bound, c->u);
    memset(c->b2.udom, 0xff, sizeof c->b2.udom);
  }
  if (cnd && !tm_is_const(tc, cnd, &x) && !inv_u_restrict(c, &c->b2, cnd)) return 0;
  inv_ent_reserve(&c->b2, 1, c->b.nent[1]);
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
    isa_term wc = inv_pe(c, &c->b, p->win_cond);
    if (!(wc && tm_is_const(tc, wc, &x) && !x)) {
      isa_term lo = inv_pe(c, &c->b, p->win_lo), len = inv_pe(c, &c->b, p->win_len);
      uint64_t lv, nv = 0;
      bool bounded = len && tm_is_const(tc, len, &nv);
      if (!bounded && tm_kind(tc, p->win_len) == ISA_OP_ITE) { /* min(count, left): count bounds it */
        isa_term kk = inv_pe(c, &c->b, tm_arg(tc, p->win_len, 1));
        bounded = kk && tm_is_const(tc, kk, &nv);
      }
      if (lo && tm_is_const(tc, lo, &lv) && bounded && nv <= 4 * MAXENT) {
        for (uint64_t i = 0; i < nv; i++) inv_mem_forget(c, &c->b2, (lv + i) & c->amask);
      } else
        inv_mem_forget_all(&c->b2);
    }
  }
  return inv_u_settle(c, &c->b2) ? inv_fvb_intern(c, &c->b2) : 0;
}

/* The facts after letter l through a transition of kind `kind` from facts
 * vin (not ⊥): one vector, or two (out[0], out[1]) where a conditional move's
 * condition is unknown and the two outcomes are analysed apart (a
 * disjunction of the two, which the fixpoint keeps as long as its sets
 * are small).  Returns how many (0: no run takes the step). */
unsigned inv_transfer2(inv_ctx *c, nwa_letter l, nwa_kind kind, uint32_t vin, uint32_t out[2]) {
  if (l == c->boot) return out[0] = inv_initial(c), 1;
  if (l == NWA_ANY) return out[0] = 1, 1;
  uint64_t key = ((((uint64_t)l * 4 + kind) * 2 + c->split) << 32 | vin) + 1, r;
  if (!ht_get(&c->tmemo, key, &r)) {
    pre_post *p = post_of(c, l, kind);
    r = 1;
    if (p) {
      isa_term sc = 0;
      if (c->split && vin) {
        inv_fvb_load(c, &c->b, vin);
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

/* One vector: inv_transfer2's outcomes joined. */
uint32_t inv_transfer(inv_ctx *c, nwa_letter l, nwa_kind kind, uint32_t vin) {
  uint32_t o[2];
  unsigned n = inv_transfer2(c, l, kind, vin, o);
  return n == 2 ? inv_join(c, o[0], o[1]) : n ? o[0] : 0;
}

/* A matched return with ¬$V: `$D` and the auxiliary stack below it are as
 * at the call predecessor (vpred). */
uint32_t inv_restore(inv_ctx *c, uint32_t vout, uint32_t vpred) {
  if (!vout || !vpred) return vout;
  uint64_t key = ((uint64_t)vout << 32 | vpred) + 1, r;
  if (ht_get(&c->rmemo, key, &r)) return (uint32_t)r;
  uint32_t out = vout;
  inv_fvb_load(c, &c->b, vout);
  inv_fvb_load(c, &c->b2, vpred);
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
    inv_ent_reserve(&c->b, 1, k);
    wcpy(c->b.ent[1], keep, k);
    c->b.nent[1] = k;
    free(keep);
    out = inv_fvb_intern(c, &c->b);
  }
done:
  ht_put(&c->rmemo, key, out);
  return out;
}

uint32_t inv_join(inv_ctx *c, uint32_t a, uint32_t b) {
  if (!a) return b;
  if (!b || a == b) return a;
  if (a == 1 || b == 1) return 1;
  if (a > b) {
    uint32_t t = a;
    a = b, b = t;
  }
  uint64_t key = ((uint64_t)a << 32 | b) + 1, r;
  if (ht_get(&c->jmemo, key, &r)) return (uint32_t)r;
  inv_fvb_load(c, &c->b, a);
  inv_fvb_load(c, &c->b2, b);
  for (unsigned s = 0; s < c->K; s++) {
    bool keep = fvb_has(c, &c->b, s) ? fvb_has(c, &c->b2, s) : fvb_sym(&c->b, s) && fvb_sym(&c->b2, s);
    if (!keep || c->b.val[s] != c->b2.val[s]) fvb_forget(&c->b, s);
  }
  inv_mem_join(c, &c->b, &c->b2);
  inv_ent_intersect(&c->b, &c->b2, 1);
  inv_sb_intersect(&c->b, &c->b2); /* a term over u, the same in both: true of both for some u in either's udom */
  for (int i = 0; i < 4; i++) c->b.udom[i] |= c->b2.udom[i];
  uint32_t out = inv_fvb_intern(c, &c->b);
  ht_put(&c->jmemo, key, out);
  return out;
}

/* Is Pre(l, psi) false under the facts vin?  Then no run takes l from a
 * state with those facts to one satisfying psi.  Sharper than inv_transfer
 * and inv_meet_pred on a destination whose predicate is not a conjunction of facts
 * (the accepting state's "target or $V", say): Pre keeps the post-state's
 * terms, which the vector reduces to known-or-not. */
bool inv_pre_false(inv_ctx *c, nwa_letter l, nwa_kind kind, uint32_t vin, isa_term psi) {
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
  inv_fvb_load(c, &c->b, vin);
  ht_clear(&c->ev);
  isa_term e = inv_pe(c, &c->b, (isa_term)t);
  r = e && !inv_u_restrict(c, &c->b, e); /* false, or false for every value of u */
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
  inv_fvb_clear(c, &c->b);
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
    unsigned s = inv_slot_of_var(c, var);
    if (!s) continue;
    s--;
    if (fvb_has(c, &c->b, s) && c->b.val[s] != val) bad = true;
    else fvb_set(&c->b, s, val);
  }
  uint32_t out = bad ? 0 : inv_fvb_intern(c, &c->b);
  ht_put(&c->pfacts, (uint64_t)p + 1, out);
  return out;
}

/* v ⊓ the facts of predicate p; 0 on a contradiction. */
uint32_t inv_meet_pred(inv_ctx *c, uint32_t v, isa_term p) {
  if (!v) return 0;
  uint32_t pf = pred_facts(c, p);
  if (!pf) return 0;
  uint64_t key = ((uint64_t)v << 32 | p) + 1, r;
  if (ht_get(&c->mmemo, key, &r)) return (uint32_t)r;
  inv_fvb_load(c, &c->b, v);
  uint32_t out = 0;
  tm_ctx *tc = c->tc;
  if (pf > 1) {
    inv_fvb_load(c, &c->b2, pf);
    for (unsigned s = 0; s < c->K; s++) {
      if (!fvb_has(c, &c->b2, s)) continue;
      uint64_t k = c->b2.val[s];
      if (fvb_has(c, &c->b, s) && c->b.val[s] != k) goto done;
      if (fvb_sym(&c->b, s)) { /* a term over u: keep the values of u that give k */
        isa_term t = (isa_term)c->b.val[s];
        isa_term is_k = c->slot_width[s] == TM_BOOL ? (k ? t : tm_app1(tc, ISA_OP_LNOT, t))
                                                    : tm_app2(tc, ISA_OP_EQ, t, inv_slot_const(c, s, k));
        if (!inv_u_restrict(c, &c->b, is_k)) goto done;
      }
      fvb_set(&c->b, s, k);
    }
  }
  /* the rest of p (a disjunction, say the accepting state's "target or
   * $V") may be false where the facts say, or for some values of u */
  ht_clear(&c->ev);
  isa_term pv = inv_pe(c, &c->b, p);
  if (pv && !inv_u_restrict(c, &c->b, pv)) goto done;
  out = inv_u_settle(c, &c->b) ? inv_fvb_intern(c, &c->b) : 0;
done:
  ht_put(&c->mmemo, key, out);
  return out;
}
