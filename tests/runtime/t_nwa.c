/* t_nwa.c — unit tests of runtime/verify/nwa.c and runtime/verify/reach.c: edges, split
 * (Fig. 1), intersection (labels, wildcards, returns, pairs that contradict),
 * NWPrefix reachability
 * (matched returns, pending calls, recursion) and frontier selection. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nwa.h"
#include "reach.h"

#include "tcheck.h"

static tm_ctx *tc;
static isa_term T(void) { return tm_true(tc); }
static isa_term X(const char *name) { return tm_var(tc, name, 0); }

static bool has(const nwa *a, nwa_kind k, nwa_state f, nwa_state p, nwa_letter l, nwa_state t) {
  for (size_t i = 0; i < nwa_nedges(a); i++) {
    const nwa_edge *e = nwa_edge_at(a, i);
    if (!e->dead && e->kind == k && e->from == f && e->letter == l && e->to == t && (k != NWA_RETURN || e->pred == p))
      return true;
  }
  return false;
}

static void t_edges(void) {
  nwa *a = nwa_new(tc);
  nwa_state s0 = nwa_add_state(a, T(), false), s1 = nwa_add_state(a, T(), true);
  CHECK(nwa_start(a) == s0);
  nwa_add_internal(a, s0, 5, s1);
  nwa_add_internal(a, s0, 5, s1); /* duplicate: ignored */
  CHECK(nwa_live_edges(a) == 1);
  nwa_add_call(a, s0, 5, s1); /* same triple, another kind: a new edge */
  nwa_add_return(a, s1, s0, 7, s0);
  CHECK(nwa_live_edges(a) == 3);
  CHECK(nwa_remove(a, NWA_INTERNAL, s0, NWA_NONE, 5, s1));
  CHECK(!nwa_remove(a, NWA_INTERNAL, s0, NWA_NONE, 5, s1));
  CHECK(!nwa_remove(a, NWA_RETURN, s1, s1, 7, s0)); /* wrong call predecessor */
  CHECK(nwa_remove(a, NWA_RETURN, s1, s0, 7, s0));
  CHECK(nwa_live_edges(a) == 1);
  size_t n;
  nwa_out(a, s0, &n);
  CHECK(n == 1);
  nwa_ret_by_pred(a, s0, &n);
  CHECK(n == 0);
  /* many edges: the hash set grows and removal keeps lookups right */
  for (unsigned i = 1; i < 500; i++) nwa_add_internal(a, s0, i, s1);
  for (unsigned i = 1; i < 500; i += 2) CHECK(nwa_remove(a, NWA_INTERNAL, s0, NWA_NONE, i, s1));
  for (unsigned i = 1; i < 500; i++) CHECK(has(a, NWA_INTERNAL, s0, 0, i, s1) == (i % 2 == 0));
  nwa_free(a);
}

/* Fig. 1: split n on rho; both halves keep every edge; then the frontier
 * edge is removed from n ∧ ¬rho only. */
static void t_split(void) {
  nwa *a = nwa_new(tc);
  isa_term p = X("p"), rho = X("rho");
  nwa_state st = nwa_add_state(a, T(), false), n = nwa_add_state(a, p, false), m = nwa_add_state(a, T(), true);
  nwa_state c = nwa_add_state(a, T(), false);
  nwa_add_internal(a, st, 1, n);
  nwa_add_internal(a, n, 2, m);
  nwa_add_internal(a, n, 3, n); /* self-loop */
  nwa_add_call(a, c, 4, st);
  nwa_add_return(a, m, n, 6, c); /* n as a call predecessor */
  nwa_state n2 = nwa_split(a, n, rho);
  CHECK(nwa_pred(a, n2) == tm_app2(tc, ISA_OP_LAND, p, rho));
  CHECK(nwa_pred(a, n) == tm_app2(tc, ISA_OP_LAND, p, tm_app1(tc, ISA_OP_LNOT, rho)));
  CHECK(has(a, NWA_INTERNAL, st, 0, 1, n) && has(a, NWA_INTERNAL, st, 0, 1, n2));
  CHECK(has(a, NWA_INTERNAL, n2, 0, 2, m));
  /* the self-loop in all four combinations */
  CHECK(has(a, NWA_INTERNAL, n, 0, 3, n) && has(a, NWA_INTERNAL, n, 0, 3, n2));
  CHECK(has(a, NWA_INTERNAL, n2, 0, 3, n) && has(a, NWA_INTERNAL, n2, 0, 3, n2));
  CHECK(has(a, NWA_RETURN, m, n, 6, c) && has(a, NWA_RETURN, m, n2, 6, c));
  CHECK(nwa_remove(a, NWA_INTERNAL, n, NWA_NONE, 2, m));
  CHECK(!has(a, NWA_INTERNAL, n, 0, 2, m) && has(a, NWA_INTERNAL, n2, 0, 2, m));
  nwa_free(a);
}

/* Intersection: predicates conjoined, accepting iff both, wildcards match
 * and give way to the specific letter, unreachable products not built,
 * returns need their call predecessor's product. */
static void t_intersect(void) {
  nwa *g = nwa_new(tc), *h = nwa_new(tc);
  isa_term pa = X("a"), pb = X("b"), pc = X("c");
  nwa_state q1 = nwa_add_state(g, pa, false), q2 = nwa_add_state(g, pb, true);
  nwa_add_internal(g, q1, NWA_ANY, q1);
  nwa_add_internal(g, q1, NWA_ANY, q2);
  nwa_add_call(g, q1, NWA_ANY, q1);
  nwa_add_return(g, q1, q1, NWA_ANY, q1);
  nwa_state r0 = nwa_add_state(h, pc, false), r1 = nwa_add_state(h, T(), true), r2 = nwa_add_state(h, T(), false);
  nwa_state rx = nwa_add_state(h, T(), false); /* unreachable in h */
  nwa_add_call(h, r0, 10, r2);
  nwa_add_return(h, r2, r0, 11, r1);
  nwa_add_internal(h, r1, 12, r1);
  nwa_add_internal(h, rx, 13, r1);
  nwa_state *orig;
  nwa *p = nwa_intersect(g, h, &orig);
  /* products: (q1,r0) start, (q1,r2) by the call, (q1,r1) and (q2,r1) by the return and 12 */
  CHECK(nwa_nstates(p) == 4);
  CHECK(orig[0] == q1 && orig[1] == r0);
  CHECK(nwa_pred(p, 0) == tm_app2(tc, ISA_OP_LAND, pa, pc));
  int acc = 0;
  for (size_t i = 0; i < nwa_nstates(p); i++) {
    CHECK(orig[2 * i + 1] != rx);
    if (nwa_accepting(p, (nwa_state)i)) {
      acc++;
      CHECK(orig[2 * i] == q2 && orig[2 * i + 1] == r1);
    }
  }
  CHECK(acc == 1);
  /* every product edge carries h's specific letter */
  for (size_t i = 0; i < nwa_nedges(p); i++) CHECK(nwa_edge_at(p, i)->letter != NWA_ANY);
  free(orig);
  nwa_free(p);
  nwa_free(g);
  nwa_free(h);
}

/* Product pairs whose predicates contradict are not built: [x = 1] with
 * [x = 2] (deep in a conjunction), p with ¬p; a consistent pair is. */
static void t_intersect_prune(void) {
  isa_term x = tm_var(tc, "x", 32), y = tm_var(tc, "y", 32), p = X("p");
  isa_term x1 = tm_app2(tc, ISA_OP_EQ, x, tm_const(tc, 1, 32)), x2 = tm_app2(tc, ISA_OP_EQ, x, tm_const(tc, 2, 32));
  isa_term deep = x2; /* x = 2 under five conjunctions */
  for (int i = 0; i < 5; i++)
    deep = tm_app2(tc, ISA_OP_LAND, deep, tm_app2(tc, ISA_OP_ULT, y, tm_const(tc, (uint64_t)i + 10, 32)));
  nwa *g = nwa_new(tc), *h = nwa_new(tc);
  nwa_state g0 = nwa_add_state(g, T(), false), g1 = nwa_add_state(g, x1, false), g2 = nwa_add_state(g, p, true);
  nwa_add_internal(g, g0, 1, g1);
  nwa_add_internal(g, g0, 2, g2);
  nwa_add_internal(g, g0, 3, g1);
  nwa_state h0 = nwa_add_state(h, T(), false), h1 = nwa_add_state(h, deep, false);
  nwa_state h2 = nwa_add_state(h, tm_app1(tc, ISA_OP_LNOT, p), true), h3 = nwa_add_state(h, x1, false);
  nwa_add_internal(h, h0, 1, h1); /* x = 1 and x = 2: no product */
  nwa_add_internal(h, h0, 2, h2); /* p and ¬p: no product */
  nwa_add_internal(h, h0, 3, h3); /* x = 1 twice: a product */
  nwa_state *orig;
  nwa *pr = nwa_intersect(g, h, &orig);
  CHECK(nwa_nstates(pr) == 2);
  CHECK(nwa_live_edges(pr) == 1);
  CHECK(nwa_nstates(pr) < 2 || (orig[2] == g1 && orig[3] == h3));
  CHECK(tm_conj_contradicts(tc, x1, deep));
  CHECK(tm_conj_contradicts(tc, p, tm_app1(tc, ISA_OP_LNOT, p)));
  CHECK(!tm_conj_contradicts(tc, x1, tm_app2(tc, ISA_OP_LAND, x1, p)));
  CHECK(!tm_conj_contradicts(tc, tm_app2(tc, ISA_OP_EQ, y, tm_const(tc, 1, 32)), x2));
  free(orig);
  nwa_free(pr);
  nwa_free(g);
  nwa_free(h);
}

/* Two call sites c1 (reached from s0) and c2 (not) of a procedure e → x,
 * returning to r1 and r2; the target t follows r2 only.  st[] receives
 * s0, c1, c2, r1, r2, e, x, t. */
enum { TS_S0, TS_C1, TS_C2, TS_R1, TS_R2, TS_E, TS_X, TS_T, NSITE };
static nwa *two_sites(nwa_state st[NSITE]) {
  nwa *a = nwa_new(tc);
  for (int i = 0; i < NSITE; i++) st[i] = nwa_add_state(a, T(), i == TS_T);
  nwa_add_internal(a, st[TS_S0], 1, st[TS_C1]);
  nwa_add_call(a, st[TS_C1], 2, st[TS_E]);
  nwa_add_call(a, st[TS_C2], 2, st[TS_E]);
  nwa_add_internal(a, st[TS_E], 3, st[TS_X]);
  nwa_add_return(a, st[TS_X], st[TS_C1], 4, st[TS_R1]);
  nwa_add_return(a, st[TS_X], st[TS_C2], 4, st[TS_R2]);
  nwa_add_internal(a, st[TS_R2], 5, st[TS_T]);
  return a;
}

/* Two call sites of f; the target follows only the second, which is not
 * reachable: a matched-return analysis says unreachable, a plain graph
 * search (returns to any site) would not. */
static void t_reach_matched(void) {
  nwa_state st[NSITE];
  nwa *a = two_sites(st);
  nwa_state c2 = st[TS_C2], r1 = st[TS_R1], r2 = st[TS_R2], x = st[TS_X], t = st[TS_T];
  reach_result r;
  reach_analyze(a, &r);
  CHECK(!r.reachable);
  CHECK(r.fwd[r1] && !r.fwd[r2] && !r.fwd[t] && !r.fwd[c2]);
  CHECK(r.nsummaries == 1);
  /* the over-approximate distance still sees x -> r2 -> t */
  CHECK(r.dist[x] == 2 && r.dist[r2] == 1);
  reach_free(&r);
  /* now make c2 reachable after r1: the target is reachable */
  nwa_add_internal(a, r1, 6, c2);
  reach_analyze(a, &r);
  CHECK(r.reachable && r.fwd[t]);
  CHECK(r.depth[t] == 5); /* s0 c1 (summary) r1 c2 (summary) r2 t */
  reach_free(&r);
  nwa_free(a);
}

static bool live_return(const nwa *a, nwa_state x, nwa_state c, nwa_state r) {
  for (size_t k = 0; k < nwa_nedges(a); k++) {
    const nwa_edge *e = nwa_edge_at(a, k);
    if (!e->dead && e->kind == NWA_RETURN && e->from == x && e->pred == c && e->to == r) return true;
  }
  return false;
}

/* reach_prune_returns: a return whose call predecessor is not reached, and one
 * whose exit no entry called from its call predecessor reaches, go; the
 * return a matched path takes stays, and so does the analysis's answer. */
static void t_prune_returns(void) {
  nwa_state st[NSITE];
  nwa *a = two_sites(st);
  nwa_state c1 = st[TS_C1], c2 = st[TS_C2], r1 = st[TS_R1], r2 = st[TS_R2], x = st[TS_X];
  nwa_state e2 = nwa_add_state(a, T(), false), x2 = nwa_add_state(a, T(), false);
  nwa_add_internal(a, e2, 3, x2); /* a procedure c1 does not call */
  nwa_add_return(a, x2, c1, 4, r1);
  reach_result r;
  reach_analyze(a, &r);
  CHECK(!r.reachable);
  CHECK(reach_prune_returns(a, &r) == 2);
  reach_free(&r);
  CHECK(live_return(a, x, c1, r1));
  CHECK(!live_return(a, x, c2, r2) && !live_return(a, x2, c1, r1));
  reach_analyze(a, &r);
  CHECK(!r.reachable && r.fwd[r1] && r.nsummaries == 1);
  CHECK(reach_prune_returns(a, &r) == 0);
  reach_free(&r);
  nwa_free(a);
}

/* A target inside a callee is reachable with the call pending; a return
 * with no call before it (a pending return) is not an NWPrefix. */
static void t_reach_pending(void) {
  nwa *a = nwa_new(tc);
  nwa_state s0 = nwa_add_state(a, T(), false), e = nwa_add_state(a, T(), false), t = nwa_add_state(a, T(), true);
  nwa_add_call(a, s0, 1, e);
  nwa_add_internal(a, e, 2, t);
  reach_result r;
  reach_analyze(a, &r);
  CHECK(r.reachable && r.depth[t] == 2);
  reach_free(&r);
  nwa_free(a);

  a = nwa_new(tc);
  s0 = nwa_add_state(a, T(), false);
  t = nwa_add_state(a, T(), true);
  nwa_add_return(a, s0, s0, 1, t);
  reach_analyze(a, &r);
  CHECK(!r.reachable);
  reach_free(&r);
  nwa_free(a);
}

/* Recursion: f calls itself before returning; the target follows the
 * outermost return.  Summaries must reach a fixpoint through the cycle. */
static void t_reach_recursive(void) {
  nwa *a = nwa_new(tc);
  nwa_state s0 = nwa_add_state(a, T(), false), e = nwa_add_state(a, T(), false);
  nwa_state c = nwa_add_state(a, T(), false), rr = nwa_add_state(a, T(), false);
  nwa_state x = nwa_add_state(a, T(), false), rm = nwa_add_state(a, T(), false);
  nwa_state t = nwa_add_state(a, T(), true);
  nwa_add_call(a, s0, 1, e);   /* main calls f */
  nwa_add_internal(a, e, 2, c);
  nwa_add_internal(a, e, 3, x); /* base case */
  nwa_add_call(a, c, 1, e);    /* f calls f */
  nwa_add_return(a, x, c, 4, rr);
  nwa_add_internal(a, rr, 5, x);
  nwa_add_return(a, x, s0, 4, rm);
  nwa_add_internal(a, rm, 6, t);
  reach_result r;
  reach_analyze(a, &r);
  CHECK(r.reachable && r.fwd[rr] && r.fwd[rm]);
  CHECK(r.nsummaries == 2);
  reach_free(&r);
  /* without the base case no return is ever matched */
  CHECK(nwa_remove(a, NWA_INTERNAL, e, NWA_NONE, 3, x));
  reach_analyze(a, &r);
  CHECK(!r.reachable && !r.fwd[x] && !r.fwd[rm]);
  reach_free(&r);
  nwa_free(a);
}

static bool wit_set[16];
static bool wit(void *ctx, nwa_state s, nwa_state callpred) {
  (void)ctx;
  (void)callpred;
  return wit_set[s];
}

/* Frontiers: witnessed source, unwitnessed destination that can reach an
 * accepting state; ordered by the policy. */
static void t_frontier(void) {
  nwa *a = nwa_new(tc);
  nwa_state s[6];
  for (int i = 0; i < 6; i++) s[i] = nwa_add_state(a, T(), i == 5);
  /* s0 -> s1 -> s2 -> s5 (target); s0 -> s3 -> s4 -> s2; s1 -> s4 */
  nwa_add_internal(a, s[0], 1, s[1]);
  nwa_add_internal(a, s[1], 2, s[2]);
  nwa_add_internal(a, s[2], 3, s[5]);
  nwa_add_internal(a, s[0], 4, s[3]);
  nwa_add_internal(a, s[3], 5, s[4]);
  nwa_add_internal(a, s[4], 6, s[2]);
  nwa_add_internal(a, s[1], 7, s[4]);
  memset(wit_set, 0, sizeof wit_set);
  wit_set[0] = wit_set[1] = wit_set[3] = true;
  reach_result r;
  reach_analyze(a, &r);
  uint32_t out[8];
  size_t n = reach_frontiers(a, &r, wit, NULL, REACH_CLOSEST_TO_TARGET, out, 8);
  /* candidates: s1->s2 (dist 1), s3->s4 (dist 2), s1->s4 (dist 2) */
  CHECK(n == 3);
  CHECK(nwa_edge_at(a, out[0])->from == s[1] && nwa_edge_at(a, out[0])->to == s[2]);
  n = reach_frontiers(a, &r, wit, NULL, REACH_CLOSEST_TO_START, out, 1);
  CHECK(n == 3 && nwa_edge_at(a, out[0])->from == s[1]); /* depth 1: s1 and s3; s1's edge has the lower number */
  wit_set[2] = wit_set[4] = true;
  n = reach_frontiers(a, &r, wit, NULL, REACH_FIRST, out, 8);
  CHECK(n == 1 && nwa_edge_at(a, out[0])->to == s[5]);
  reach_free(&r);
  nwa_free(a);
}

int main(void) {
  tc = tm_new(32);
  t_edges();
  t_split();
  t_intersect();
  t_intersect_prune();
  t_reach_matched();
  t_prune_returns();
  t_reach_pending();
  t_reach_recursive();
  t_frontier();
  tm_free(tc);
  if (fails) {
    fprintf(stderr, "t_nwa: %d checks failed\n", fails);
    return 1;
  }
  printf("t_nwa: all checks passed\n");
  return 0;
}
