/* inv_graph.c — the graph pass: the fixpoint of the propagation over the
 * abstract graph's calling contexts (the functional approach), then the
 * edges no run takes and the strengthened predicates (inv_strengthen). */
#include "inv_impl.h"

#include <stdlib.h>

#include "xalloc.h"

#define WORK_PER_EDGE 4096 /* fixpoint work bound: evaluations per live edge */
#define INV_SETMAX 32      /* fact vectors per (state, context) before they are joined */

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
  unsigned np = inv_u_expand(f->c, w, piece);
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
    if (inv_join(c, x->v[i], w) == x->v[i]) return;
  f->work += x->n;
  if (x->n >= c->setmax) { /* too many: one vector, their join */
    uint32_t j = w;
    for (uint32_t i = 0; i < x->n; i++) j = inv_join(c, j, x->v[i]);
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
  uint32_t o = inv_restore(f->c, inv_transfer(f->c, e->letter, NWA_RETURN, xv), cv);
  return inv_meet_pred(f->c, o, nwa_pred(f->a, e->to));
}

/* Internal edge e from a state of context k whose value includes vector v. */
static void fx_internal(fix *f, const nwa_edge *e, uint32_t k, uint32_t v) {
  inv_ctx *c = f->c;
  uint32_t o[2];
  unsigned n = inv_transfer2(c, e->letter, NWA_INTERNAL, v, o);
  for (unsigned i = 0; i < n; i++) fx_update(f, e->to, k, inv_meet_pred(c, o[i], nwa_pred(f->a, e->to)));
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
  unsigned no = inv_transfer2(c, e->letter, NWA_CALL, v, o);
  size_t nr;
  const uint32_t *rs = nwa_ret_by_pred(f->a, s, &nr);
  for (unsigned oi = 0; oi < no; oi++) {
    uint32_t w0 = inv_meet_pred(c, o[oi], nwa_pred(f->a, e->to)), piece[U_FEW];
    unsigned np = w0 ? inv_u_expand(c, w0, piece) : 0;
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
  unsigned no = inv_transfer2(c, e->letter, (nwa_kind)e->kind, v, o);
  bool fits = false;
  for (unsigned oi = 0; oi < no && !fits; oi++) fits = inv_meet_pred(c, o[oi], nwa_pred(a, e->to)) != 0;
  return fits && !inv_pre_false(c, e->letter, (nwa_kind)e->kind, v, nwa_pred(a, e->to));
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

/* Self-check: every vector of every state, for inv_debug_covers. */
static void dbg_keep(inv_ctx *c, const fix *f, size_t ns) {
  inv_dbg_free(c);
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
      for (uint32_t j = 0; j < x->n; j++) val[s] = inv_join(c, val[s], x->v[j]);
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
      isa_term p = nwa_pred(a, s), p2 = inv_strengthen_pred(c, p, val[s]);
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
