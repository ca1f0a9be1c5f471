/* t_feas.c — unit tests of runtime/verify/feas.c (infeasible abstract edges from
 * their states' facts) on the x86 descriptor, and of the upper-bound folding
 * in runtime/symbolic/terms_rewrite.c that the `read` window's length relies on.
 *
 *   (a) internal edge `mov eax, 5`: into EAX == 6 infeasible, into EAX == 5
 *       or a state without facts not; a fact of n that the step keeps
 *       (EBX == 7 into EBX == 8) infeasible;
 *   (b) the negation of a conjunction of facts (what a candidate split
 *       leaves): ¬(EAX == 5 ∧ EBX == 7) from EBX == 7 infeasible, from
 *       EBX == 8 not;
 *   (c) a call edge: $D == 1 into $D == 1 infeasible, into $D == 2 not;
 *   (d) a return edge whose call predecessor's auxiliary-stack facts
 *       ($D == 1) contradict the return site's ($D == 2), and one whose
 *       don't;
 *   (e) the wildcard letter is never judged; feas_prune removes exactly the
 *       infeasible edges from `first` on and counts them;
 *   (f) folding: k <u min(4, x) is false for k >= 4 and stays open for
 *       k < 4; min(min(EDX, 0x1000), x) <=u 0x1000 is true;
 *   (g) return sites (feas_set_return_sites): a return, wildcard or not,
 *       whose call predecessor is a call with return address 0x2005 into
 *       ¬V ∧ PC = 0x2006 is infeasible; into ¬V ∧ PC = 0x2005, into
 *       PC = 0x2006 without ¬V (an AE violation may land there) and from a
 *       predecessor the callback does not know are not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feas.h"
#include "fold.h"
#include "nwa.h"
#include "pre.h"
#include "terms.h"

extern const isa_desc x86_isa_desc;

#include "tcheck.h"

static const isa_desc *D;
static tm_ctx *tc;
static fold_vocab V;
static fold_letters *L;

static nwa_letter letter(uint64_t pc, const uint8_t *b, unsigned len) {
  isa_insn in;
  if (D->decode(b, len, pc, &in) != ISA_DECODE_OK || in.len != len) {
    fprintf(stderr, "t_feas: bytes at 0x%llx do not decode\n", (unsigned long long)pc);
    exit(1);
  }
  return fold_intern(L, pc, b, len, 0, in.id);
}

static isa_term reg(const char *name) { return tm_var(tc, name, 32); }
static isa_term eq(isa_term a, uint64_t k) { return tm_app2(tc, ISA_OP_EQ, a, tm_const(tc, k, 32)); }
static isa_term and2(isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_LAND, a, b); }

/* (g): state known_call executes the call at 0x2000 (5 bytes) */
static nwa_state known_call = NWA_NONE;
static bool ra_of(const void *ctx, nwa_state p, uint64_t *ra) {
  (void)ctx;
  if (p != known_call) return false;
  *ra = 0x2005;
  return true;
}

int main(void) {
  D = &x86_isa_desc;
  tc = tm_new(D->addr_bits);
  fold_vocab_init(&V, D, tc);
  L = fold_letters_new();
  feas_cache *fs = feas_new(&V, L);

  static const uint8_t mov_eax5[] = {0xb8, 0x05, 0x00, 0x00, 0x00};
  static const uint8_t call_rel[] = {0xe8, 0x10, 0x00, 0x00, 0x00};
  static const uint8_t ret[] = {0xc3};
  nwa_letter lmov = letter(0x1000, mov_eax5, sizeof mov_eax5);
  nwa_letter lcall = letter(0x2000, call_rel, sizeof call_rel);
  nwa_letter lret = letter(0x3000, ret, sizeof ret);
  isa_term EAX = reg("EAX"), EBX = reg("EBX");

  nwa *a = nwa_new(tc);
  nwa_state s0 = nwa_add_state(a, tm_true(tc), false);
  nwa_state any = nwa_add_state(a, eq(EBX, 7), false);
  nwa_state e5 = nwa_add_state(a, eq(EAX, 5), false);
  nwa_state e6 = nwa_add_state(a, eq(EAX, 6), false);
  nwa_state b8 = nwa_add_state(a, eq(EBX, 8), false);
  nwa_state nofacts = nwa_add_state(a, tm_app2(tc, ISA_OP_ULT, EAX, EBX), false);
  nwa_state notboth = nwa_add_state(a, tm_app1(tc, ISA_OP_LNOT, and2(eq(EAX, 5), eq(EBX, 7))), false);
  nwa_state d1 = nwa_add_state(a, eq(V.D, 1), false);
  nwa_state d2 = nwa_add_state(a, eq(V.D, 2), false);
  (void)s0;

  /* (a) */
  size_t first = nwa_nedges(a);
  nwa_add_internal(a, any, lmov, e6);     /* first + 0: infeasible */
  nwa_add_internal(a, any, lmov, e5);     /* 1: feasible */
  nwa_add_internal(a, any, lmov, nofacts); /* 2: feasible */
  nwa_add_internal(a, any, lmov, b8);     /* 3: infeasible, EBX kept */
  /* (b) */
  nwa_add_internal(a, any, lmov, notboth); /* 4: infeasible */
  nwa_add_internal(a, b8, lmov, notboth);  /* 5: feasible */
  /* (c) */
  nwa_add_call(a, d1, lcall, d1);          /* 6: infeasible */
  nwa_add_call(a, d1, lcall, d2);          /* 7: feasible */
  /* (d) an exit without facts returning to a site that claims depth 2
   * after a call made at depth 1: infeasible by the call predecessor alone;
   * to depth 1: not */
  nwa_add_return(a, nofacts, d1, lret, d2); /* 8: infeasible */
  nwa_add_return(a, nofacts, d1, lret, d1); /* 9: not judged infeasible */
  /* (e) */
  nwa_add_internal(a, any, NWA_ANY, e6);   /* 10: wildcard */

  const bool want[] = {true, false, false, true, true, false, true, false, true, false, false};
  size_t nwant = sizeof want / sizeof want[0];
  CHECK(nwa_nedges(a) == first + nwant);
  for (size_t i = 0; i < nwant; i++) {
    bool got = feas_infeasible(fs, a, first + i);
    if (got != want[i]) fprintf(stderr, "edge %zu: infeasible %d, want %d\n", i, got, want[i]);
    CHECK(got == want[i]);
  }
  /* again, from the memo */
  for (size_t i = 0; i < nwant; i++) CHECK(feas_infeasible(fs, a, first + i) == want[i]);

  /* feas_prune from the second (a) edge on leaves edge 0 alone */
  size_t live0 = nwa_live_edges(a);
  size_t gone = feas_prune(fs, a, first + 1);
  CHECK(gone == 4);
  CHECK(nwa_live_edges(a) == live0 - 4);
  CHECK(!nwa_edge_at(a, first)->dead);
  for (size_t i = 1; i < nwant; i++) CHECK(nwa_edge_at(a, first + i)->dead == want[i]);
  CHECK(feas_prune(fs, a, first) == 1);
  CHECK(feas_prune(fs, a, first) == 0);

  /* (f) */
  isa_term x = tm_var(tc, "x", 32);
  isa_term four = tm_const(tc, 4, 32);
  isa_term min4 = tm_ite(tc, tm_app2(tc, ISA_OP_ULE, four, x), four, x);
  uint64_t cv = 1;
  CHECK(tm_is_const(tc, tm_app2(tc, ISA_OP_ULT, tm_const(tc, 0x10, 32), min4), &cv) && cv == 0);
  CHECK(tm_is_const(tc, tm_app2(tc, ISA_OP_ULT, tm_const(tc, 4, 32), min4), &cv) && cv == 0);
  CHECK(tm_is_const(tc, tm_app2(tc, ISA_OP_ULE, tm_const(tc, 5, 32), min4), &cv) && cv == 0);
  CHECK(!tm_is_const(tc, tm_app2(tc, ISA_OP_ULT, tm_const(tc, 3, 32), min4), NULL));
  CHECK(!tm_is_const(tc, tm_app2(tc, ISA_OP_ULE, tm_const(tc, 4, 32), min4), NULL));
  /* a maximum is not a minimum: ite(x <=u 4, 4, x) can be anything >= 4 */
  isa_term max4 = tm_ite(tc, tm_app2(tc, ISA_OP_ULE, x, four), four, x);
  CHECK(!tm_is_const(tc, tm_app2(tc, ISA_OP_ULT, tm_const(tc, 0x10, 32), max4), NULL));
  isa_term edx = reg("EDX"), page = tm_const(tc, 0x1000, 32);
  isa_term m1 = tm_ite(tc, tm_app2(tc, ISA_OP_ULT, edx, page), edx, page);
  isa_term mn = tm_ite(tc, tm_app2(tc, ISA_OP_ULE, m1, x), m1, x);
  CHECK(tm_is_const(tc, tm_app2(tc, ISA_OP_ULE, mn, page), &cv) && cv == 1);
  CHECK(tm_is_const(tc, tm_app2(tc, ISA_OP_ULT, mn, tm_const(tc, 0x1001, 32)), &cv) && cv == 1);
  CHECK(!tm_is_const(tc, tm_app2(tc, ISA_OP_ULT, mn, page), NULL));

  /* (g) */
  {
    nwa *b = nwa_new(tc);
    isa_term pc = V.pc, notv = tm_app1(tc, ISA_OP_LNOT, V.V);
    nwa_state ex = nwa_add_state(b, eq(pc, 0x3000), false);
    known_call = nwa_add_state(b, eq(pc, 0x2000), false);
    nwa_state other = nwa_add_state(b, eq(pc, 0x2000), false);
    nwa_state at5 = nwa_add_state(b, and2(notv, eq(pc, 0x2005)), false);
    nwa_state at6 = nwa_add_state(b, and2(notv, eq(pc, 0x2006)), false);
    nwa_state at6v = nwa_add_state(b, eq(pc, 0x2006), false);
    nwa_add_return(b, ex, known_call, lret, at6);     /* 0: infeasible */
    nwa_add_return(b, ex, known_call, NWA_ANY, at6);  /* 1: infeasible, wildcard too */
    nwa_add_return(b, ex, known_call, lret, at5);     /* 2: the return address */
    nwa_add_return(b, ex, known_call, NWA_ANY, at6v); /* 3: V not excluded */
    nwa_add_return(b, ex, other, lret, at6);          /* 4: predecessor unknown */
    const bool wantg[] = {true, true, false, false, false};
    CHECK(!feas_infeasible(fs, b, 0)); /* no return sites yet */
    feas_set_return_sites(fs, ra_of, NULL);
    for (size_t i = 0; i < sizeof wantg / sizeof wantg[0]; i++) {
      bool got = feas_infeasible(fs, b, i);
      if (got != wantg[i]) fprintf(stderr, "(g) edge %zu: infeasible %d, want %d\n", i, got, wantg[i]);
      CHECK(got == wantg[i]);
    }
    feas_set_return_sites(fs, NULL, NULL);
    CHECK(!feas_infeasible(fs, b, 1));
    nwa_free(b);
  }

  nwa_free(a);
  feas_free(fs);
  fold_letters_free(L);
  tm_free(tc);
  if (fails) fprintf(stderr, "t_feas: %d checks failed\n", fails);
  return fails != 0;
}
