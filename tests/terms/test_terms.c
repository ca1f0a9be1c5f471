/* test_terms.c — unit tests of runtime/terms: folding, rewrites, hash-consing,
 * evaluation, substitution, printing; and a randomized differential test of
 * simplification against an independent reference evaluator. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "terms.h"

static int failures;
#define CHECK(cond)                                                          \
  do {                                                                       \
    if (!(cond)) {                                                           \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      failures++;                                                            \
    }                                                                        \
  } while (0)

static uint64_t vals[8];
static uint8_t membyte(void *ctx, uint32_t index, uint64_t addr) {
  (void)ctx;
  (void)index;
  return (uint8_t)(addr * 7 + 3);
}
static uint64_t varval(void *ctx, uint32_t index) {
  (void)ctx;
  return vals[index % 8];
}
static const tm_env env = {NULL, varval, membyte};

static void test_basics(void) {
  tm_ctx *c = tm_new(32);
  isa_term x = tm_var(c, "x", 32), y = tm_var(c, "y", 32);
  CHECK(tm_var(c, "x", 32) == x); /* same name, same variable */
  isa_term k0 = tm_const(c, 0, 32), k1 = tm_const(c, 1, 32);
  CHECK(tm_app2(c, ISA_OP_ADD, x, k0) == x);
  CHECK(tm_app2(c, ISA_OP_ADD, k0, x) == x);
  CHECK(tm_app2(c, ISA_OP_MUL, x, k1) == x);
  CHECK(tm_app2(c, ISA_OP_MUL, x, k0) == k0);
  CHECK(tm_app2(c, ISA_OP_XOR, x, x) == k0);
  CHECK(tm_app2(c, ISA_OP_SUB, x, x) == k0);
  CHECK(tm_app2(c, ISA_OP_AND, x, tm_const(c, 0xffffffff, 32)) == x);
  CHECK(tm_app2(c, ISA_OP_ADD, x, y) == tm_app2(c, ISA_OP_ADD, y, x)); /* commutative: one term */
  CHECK(tm_app2(c, ISA_OP_EQ, x, x) == tm_true(c));
  CHECK(tm_app1(c, ISA_OP_NOT, tm_app1(c, ISA_OP_NOT, x)) == x);
  /* (x + 4) + 4 - 8 = x */
  isa_term a = tm_app2(c, ISA_OP_ADD, tm_app2(c, ISA_OP_ADD, x, tm_const(c, 4, 32)), tm_const(c, 4, 32));
  CHECK(tm_app2(c, ISA_OP_SUB, a, tm_const(c, 8, 32)) == x);
  /* constant folding, SMT-LIB division */
  uint64_t v;
  CHECK(tm_is_const(c, tm_app2(c, ISA_OP_UDIV, tm_const(c, 7, 32), k0), &v) && v == 0xffffffff);
  CHECK(tm_is_const(c, tm_app2(c, ISA_OP_UREM, tm_const(c, 7, 32), k0), &v) && v == 7);
  CHECK(tm_is_const(c, tm_app2(c, ISA_OP_SDIV, tm_const(c, 0xfffffff9, 32), tm_const(c, 2, 32)), &v) && v == 0xfffffffd);
  CHECK(tm_is_const(c, tm_app2(c, ISA_OP_SHL, tm_const(c, 1, 32), tm_const(c, 40, 32)), &v) && v == 0);
  CHECK(tm_is_const(c, tm_app2(c, ISA_OP_ASHR, tm_const(c, 0x80000000, 32), tm_const(c, 40, 32)), &v) && v == 0xffffffff);
  /* ite */
  isa_term b = tm_var(c, "b", TM_BOOL);
  CHECK(tm_ite(c, tm_true(c), x, y) == x);
  CHECK(tm_ite(c, b, x, x) == x);
  CHECK(tm_ite(c, b, tm_true(c), tm_false(c)) == b);
  CHECK(tm_ite(c, tm_app1(c, ISA_OP_LNOT, b), x, y) == tm_ite(c, b, y, x));
  /* extract / concat */
  CHECK(tm_extract(c, x, 31, 0) == x);
  isa_term hi = tm_extract(c, x, 31, 16), lo = tm_extract(c, x, 15, 0);
  CHECK(tm_app2(c, ISA_OP_CONCAT, hi, lo) == x);
  CHECK(tm_extract(c, tm_extract(c, x, 23, 8), 7, 0) == tm_extract(c, x, 15, 8));
  CHECK(tm_extract(c, tm_app2(c, ISA_OP_CONCAT, x, y), 31, 0) == y);
  CHECK(tm_extract(c, tm_zext(c, lo, 32), 15, 0) == lo);
  CHECK(tm_is_const(c, tm_extract(c, tm_zext(c, lo, 32), 31, 16), &v) && v == 0);
  /* sorts are checked */
  CHECK(tm_app2(c, ISA_OP_ADD, x, tm_const(c, 1, 8)) == 0 && tm_error(c) != NULL);
  tm_free(c);
}

static void test_memory(void) {
  tm_ctx *c = tm_new(32);
  isa_term m = tm_var(c, "M", TM_ARRAY), p = tm_var(c, "p", 32), q = tm_var(c, "q", 32);
  isa_term v = tm_var(c, "v", 8), w = tm_var(c, "w", 8);
  isa_term p4 = tm_app2(c, ISA_OP_ADD, p, tm_const(c, 4, 32));
  isa_term t[3] = {m, p, v};
  isa_term m1 = tm_app(c, ISA_OP_STORE, t, 3, 0, 0);
  isa_term t2[3] = {m1, p4, w};
  isa_term m2 = tm_app(c, ISA_OP_STORE, t2, 3, 0, 0);
  /* read over write: same address, and provably different address */
  CHECK(tm_app2(c, ISA_OP_SELECT, m2, p4) == w);
  CHECK(tm_app2(c, ISA_OP_SELECT, m2, p) == v);
  isa_term r = tm_app2(c, ISA_OP_SELECT, m2, tm_app2(c, ISA_OP_ADD, p, tm_const(c, 1, 32)));
  CHECK(tm_kind(c, r) == ISA_OP_SELECT && tm_arg(c, r, 0) == m); /* skipped both stores */
  /* unknown aliasing stays */
  isa_term rq = tm_app2(c, ISA_OP_SELECT, m2, q);
  CHECK(tm_arg(c, rq, 0) == m2);
  /* writing back what is there is no write */
  isa_term t3[3] = {m, q, tm_app2(c, ISA_OP_SELECT, m, q)};
  CHECK(tm_app(c, ISA_OP_STORE, t3, 3, 0, 0) == m);
  /* evaluation: vars 0..: M p q v w */
  vals[1] = 100; /* p */
  vals[2] = 104; /* q == p + 4 */
  vals[3] = 0xaa;
  vals[4] = 0xbb;
  CHECK(tm_eval(c, rq, &env) == 0xbb);
  CHECK(tm_eval_byte(c, m2, 100, &env) == 0xaa);
  CHECK(tm_eval_byte(c, m2, 50, &env) == (uint8_t)(50 * 7 + 3));
  tm_free(c);
}

static void test_subst_print(void) {
  tm_ctx *c = tm_new(32);
  isa_term x = tm_var(c, "x", 32), y = tm_var(c, "y", 32);
  isa_term e = tm_app2(c, ISA_OP_ADD, tm_app2(c, ISA_OP_MUL, x, y), tm_const(c, 3, 32));
  isa_term map[2] = {0, tm_const(c, 0, 32)}; /* y := 0 */
  CHECK(tm_subst(c, e, map) == tm_const(c, 3, 32));
  isa_term map2[2] = {y, x}; /* swap */
  CHECK(tm_subst(c, e, map2) == e); /* x*y is commutative: the same term */
  char buf[128];
  tm_print(c, e, buf, sizeof buf);
  CHECK(strcmp(buf, "((x * y) + 3)") == 0 || strcmp(buf, "((y * x) + 3)") == 0);
  tm_print(c, tm_extract(c, x, 7, 0), buf, sizeof buf);
  CHECK(strcmp(buf, "x[7:0]") == 0);
  /* a deep term: evaluation and substitution use explicit stacks */
  isa_term d = x;
  for (int i = 0; i < 200000; i++) d = tm_app2(c, ISA_OP_XOR, tm_app2(c, ISA_OP_MUL, d, tm_const(c, 3, 32)), y);
  vals[0] = 1;
  vals[1] = 0;
  uint64_t want = 1;
  for (int i = 0; i < 200000; i++) want = (want * 3) & 0xffffffff;
  CHECK(tm_eval(c, d, &env) == want);
  isa_term map3[2] = {tm_const(c, 1, 32), tm_const(c, 0, 32)};
  uint64_t v;
  CHECK(tm_is_const(c, tm_subst(c, d, map3), &v) && v == want);
  tm_free(c);
}

/* ---- randomized: simplified terms evaluate like a naive reference ---- */

static uint64_t rs = 12345;
static uint64_t rnd(void) {
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return rs;
}
static uint64_t msk(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }
static int64_t sxt(uint64_t v, unsigned w) { return (int64_t)((v & msk(w)) << (64 - w)) >> (64 - w); }

/* Random term of width w (0 = bool) with its reference value. */
static isa_term gen(tm_ctx *c, unsigned w, int depth, uint64_t *ref) {
  static const unsigned widths[] = {1, 8, 16, 32};
  if (depth == 0 || rnd() % 4 == 0) {
    if (w == 0) {
      *ref = rnd() & 1;
      return tm_const(c, *ref, 0);
    }
    if (rnd() % 3 == 0) {
      *ref = rnd() % 4 == 0 ? msk(w) : rnd() & msk(w);
      return tm_const(c, *ref, w);
    }
    unsigned i = (unsigned)(rnd() % 3);
    char name[16];
    snprintf(name, sizeof name, "v%u_%u", i, w);
    isa_term t = tm_var(c, name, w);
    *ref = vals[tm_var_index(c, t) % 8] & msk(w);
    return t;
  }
  uint64_t a, b, cc;
  if (w == 0) {
    unsigned ow = widths[rnd() % 4];
    isa_term x = gen(c, ow, depth - 1, &a), y = gen(c, ow, depth - 1, &b);
    switch (rnd() % 5) {
    case 0: *ref = a == b; return tm_app2(c, ISA_OP_EQ, x, y);
    case 1: *ref = a < b; return tm_app2(c, ISA_OP_ULT, x, y);
    case 2: *ref = sxt(a, ow) <= sxt(b, ow); return tm_app2(c, ISA_OP_SLE, x, y);
    case 3: {
      isa_term p = gen(c, 0, depth - 1, &a), q = gen(c, 0, depth - 1, &b);
      *ref = a && b;
      return tm_app2(c, ISA_OP_LAND, p, q);
    }
    default: {
      isa_term p = gen(c, 0, depth - 1, &a);
      *ref = !a;
      return tm_app1(c, ISA_OP_LNOT, p);
    }
    }
  }
  unsigned op = (unsigned)(rnd() % 12);
  if (op == 10 && w >= 2) { /* concat of two halves */
    unsigned hw = w / 2, lw = w - hw;
    isa_term x = gen(c, hw, depth - 1, &a), y = gen(c, lw, depth - 1, &b);
    *ref = (a << lw) | b;
    return tm_app2(c, ISA_OP_CONCAT, x, y);
  }
  if (op == 11 && w < 32) { /* extract from a wider value */
    isa_term x = gen(c, 32, depth - 1, &a);
    unsigned lo = (unsigned)(rnd() % (33 - w));
    *ref = (a >> lo) & msk(w);
    return tm_extract(c, x, lo + w - 1, lo);
  }
  isa_term x = gen(c, w, depth - 1, &a), y = gen(c, w, depth - 1, &b);
  switch (op % 10) {
  case 0: *ref = (a + b) & msk(w); return tm_app2(c, ISA_OP_ADD, x, y);
  case 1: *ref = (a - b) & msk(w); return tm_app2(c, ISA_OP_SUB, x, y);
  case 2: *ref = (a * b) & msk(w); return tm_app2(c, ISA_OP_MUL, x, y);
  case 3: *ref = a & b; return tm_app2(c, ISA_OP_AND, x, y);
  case 4: *ref = a | b; return tm_app2(c, ISA_OP_OR, x, y);
  case 5: *ref = a ^ b; return tm_app2(c, ISA_OP_XOR, x, y);
  case 6: *ref = b >= w ? 0 : (a << b) & msk(w); return tm_app2(c, ISA_OP_SHL, x, y);
  case 7: *ref = b ? a / b : msk(w); return tm_app2(c, ISA_OP_UDIV, x, y);
  case 8: {
    isa_term p = gen(c, 0, depth - 1, &cc);
    *ref = cc ? a : b;
    return tm_ite(c, p, x, y);
  }
  default: *ref = ~a & msk(w); return tm_app1(c, ISA_OP_NOT, x);
  }
}

static void test_random(void) {
  int bad = 0;
  for (int round = 0; round < 2000; round++) {
    tm_ctx *c = tm_new(32);
    for (int i = 0; i < 8; i++) vals[i] = rnd() % 3 == 0 ? rnd() % 5 : rnd();
    static const unsigned ws[] = {0, 1, 8, 16, 32};
    for (int k = 0; k < 20; k++) {
      unsigned w = ws[rnd() % 5];
      uint64_t ref;
      isa_term t = gen(c, w, 5, &ref);
      uint64_t got = tm_eval(c, t, &env);
      if (got != ref && bad++ < 5) {
        char buf[512];
        tm_print(c, t, buf, sizeof buf);
        fprintf(stderr, "random: %s = 0x%" PRIx64 ", expected 0x%" PRIx64 "\n", buf, got, ref);
      }
    }
    tm_free(c);
  }
  CHECK(bad == 0);
}

/* ---- focused checks of the ite/eq, clash, chain, base+offset, 0-comparison
 * and iff rewrites: each fires, and does not fire where it would be wrong
 * (there the value at a witness assignment tells the difference) ---- */

static isa_term K(tm_ctx *c, uint64_t v, unsigned w) { return tm_const(c, v, w); }
static isa_term A2(tm_ctx *c, isa_op op, isa_term x, isa_term y) { return tm_app2(c, op, x, y); }
static isa_term NOTB(tm_ctx *c, isa_term x) { return tm_app1(c, ISA_OP_LNOT, x); }
/* Value of t with variables 0..3 set to v0..v3. */
static uint64_t at(tm_ctx *c, isa_term t, uint64_t v0, uint64_t v1, uint64_t v2, uint64_t v3) {
  vals[0] = v0;
  vals[1] = v1;
  vals[2] = v2;
  vals[3] = v3;
  return tm_eval(c, t, &env);
}

static void test_rule_ite_eq(void) {
  tm_ctx *c = tm_new(32);
  isa_term b = tm_var(c, "b", TM_BOOL), x = tm_var(c, "x", 32), y = tm_var(c, "y", 32); /* vars 0 1 2 */
  isa_term d = tm_var(c, "d", TM_BOOL);                                                  /* var 3 */
  isa_term nb = NOTB(c, b);
  isa_term k1 = K(c, 0x1000, 32), k2 = K(c, 0x2000, 32), k3 = K(c, 0x3000, 32);
  isa_term it = tm_ite(c, b, k1, k2);
  CHECK(A2(c, ISA_OP_EQ, it, k1) == b);
  CHECK(A2(c, ISA_OP_EQ, k1, it) == b); /* either operand order */
  CHECK(A2(c, ISA_OP_EQ, it, k2) == nb);
  CHECK(A2(c, ISA_OP_EQ, k2, it) == nb);
  CHECK(A2(c, ISA_OP_EQ, it, k3) == tm_false(c));
  CHECK(A2(c, ISA_OP_EQ, tm_ite(c, nb, k1, k2), k1) == nb); /* ite(!b, ..) is ite(b, swapped) */
  CHECK(A2(c, ISA_OP_EQ, tm_ite(c, A2(c, ISA_OP_LAND, b, d), k1, k2), k2) == NOTB(c, A2(c, ISA_OP_LAND, b, d)));
  /* width 8 and 1: constants compare as masked values */
  isa_term it8 = tm_ite(c, b, K(c, 0x7f, 8), K(c, 0x180, 8));
  CHECK(A2(c, ISA_OP_EQ, it8, K(c, 0x80, 8)) == nb);
  CHECK(A2(c, ISA_OP_EQ, it8, K(c, 0x7f, 8)) == b);
  isa_term it1 = tm_ite(c, b, K(c, 1, 1), K(c, 0, 1));
  CHECK(A2(c, ISA_OP_EQ, it1, K(c, 1, 1)) == b);
  CHECK(A2(c, ISA_OP_EQ, it1, K(c, 0, 1)) == nb);
  isa_term it64 = tm_ite(c, b, K(c, 1ull << 63, 64), K(c, 0, 64));
  CHECK(A2(c, ISA_OP_EQ, it64, K(c, 1ull << 63, 64)) == b);
  CHECK(A2(c, ISA_OP_EQ, it64, K(c, 1, 64)) == tm_false(c));
  /* not rewritten: an arm that is not a constant.  ite(b, x, k2) == k2 is
   * ¬b ∨ x == k2; as a condition on b alone it would be ¬b. */
  isa_term e = A2(c, ISA_OP_EQ, tm_ite(c, b, x, k2), k2);
  CHECK(tm_kind(c, e) == ISA_OP_EQ);
  CHECK(at(c, e, 1, 0x2000, 0, 0) == 1 && at(c, e, 1, 0x2001, 0, 0) == 0 && at(c, e, 0, 5, 0, 0) == 1);
  e = A2(c, ISA_OP_EQ, tm_ite(c, b, k1, y), k1);
  CHECK(tm_kind(c, e) == ISA_OP_EQ);
  CHECK(at(c, e, 0, 0, 0x1000, 0) == 1 && at(c, e, 0, 0, 7, 0) == 0 && at(c, e, 1, 0, 7, 0) == 1);
  /* ... nor an arm that is itself an ite of constants */
  e = A2(c, ISA_OP_EQ, tm_ite(c, b, tm_ite(c, d, k1, k2), k3), k1);
  CHECK(tm_kind(c, e) == ISA_OP_EQ);
  CHECK(at(c, e, 1, 0, 0, 1) == 1 && at(c, e, 1, 0, 0, 0) == 0 && at(c, e, 0, 0, 0, 1) == 0);
  /* ... nor a comparison with a non-constant */
  e = A2(c, ISA_OP_EQ, it, y);
  CHECK(tm_kind(c, e) == ISA_OP_EQ);
  CHECK(at(c, e, 1, 0, 0x1000, 0) == 1 && at(c, e, 0, 0, 0x1000, 0) == 0 && at(c, e, 0, 0, 0x2000, 0) == 1);
  /* ... nor another comparison: ite(b, 1, 2) <u 2 is b, but not by this rule */
  e = A2(c, ISA_OP_ULT, tm_ite(c, b, K(c, 1, 32), k2), k2);
  CHECK(at(c, e, 1, 0, 0, 0) == 1 && at(c, e, 0, 0, 0, 0) == 0);
  tm_free(c);
}

static void test_rule_clash(void) {
  tm_ctx *c = tm_new(32);
  isa_term x = tm_var(c, "x", 32), y = tm_var(c, "y", 32), r = tm_var(c, "r", TM_BOOL), s = tm_var(c, "s", TM_BOOL);
  isa_term p = A2(c, ISA_OP_EQ, x, K(c, 5, 32)), q = A2(c, ISA_OP_ULT, y, x), np = NOTB(c, p);
  isa_term F = tm_false(c), T = tm_true(c);
  isa_term pq = A2(c, ISA_OP_LAND, p, q);
  CHECK(A2(c, ISA_OP_LAND, p, np) == F);
  CHECK(A2(c, ISA_OP_LAND, np, p) == F);
  CHECK(A2(c, ISA_OP_LOR, p, np) == T);
  CHECK(A2(c, ISA_OP_LAND, r, NOTB(c, r)) == F);
  /* one and two levels deep on either side */
  CHECK(A2(c, ISA_OP_LAND, pq, np) == F);
  CHECK(A2(c, ISA_OP_LAND, np, A2(c, ISA_OP_LAND, q, p)) == F);
  CHECK(A2(c, ISA_OP_LAND, A2(c, ISA_OP_LAND, pq, r), np) == F);
  CHECK(A2(c, ISA_OP_LAND, p, A2(c, ISA_OP_LAND, A2(c, ISA_OP_LAND, r, np), s)) == F);
  isa_term rnp = A2(c, ISA_OP_LAND, r, np);
  CHECK(A2(c, ISA_OP_LAND, pq, rnp) == F);
  CHECK(A2(c, ISA_OP_LAND, A2(c, ISA_OP_LAND, pq, s), A2(c, ISA_OP_LAND, rnp, s)) == F);
  isa_term porq = A2(c, ISA_OP_LOR, A2(c, ISA_OP_LOR, p, q), r);
  CHECK(A2(c, ISA_OP_LOR, porq, A2(c, ISA_OP_LOR, s, np)) == T);
  /* t == k1 ∧ t == k2, k1 ≠ k2, also inside chains and for a compound t */
  isa_term e1 = A2(c, ISA_OP_EQ, x, K(c, 1, 32)), e2 = A2(c, ISA_OP_EQ, K(c, 2, 32), x);
  CHECK(A2(c, ISA_OP_LAND, e1, e2) == F);
  CHECK(A2(c, ISA_OP_LAND, A2(c, ISA_OP_LAND, e1, r), A2(c, ISA_OP_LAND, s, e2)) == F);
  isa_term xy = A2(c, ISA_OP_ADD, x, y);
  CHECK(A2(c, ISA_OP_LAND, A2(c, ISA_OP_EQ, xy, K(c, 1, 32)), A2(c, ISA_OP_EQ, xy, K(c, 0, 32))) == F);
  /* not where it would be wrong: the same constant, different terms, ∨ */
  CHECK(A2(c, ISA_OP_LAND, e1, A2(c, ISA_OP_EQ, x, K(c, 1, 32))) == e1);
  isa_term e = A2(c, ISA_OP_LAND, e1, A2(c, ISA_OP_EQ, y, K(c, 2, 32)));
  CHECK(tm_kind(c, e) == ISA_OP_LAND && at(c, e, 1, 2, 0, 0) == 1);
  e = A2(c, ISA_OP_LAND, A2(c, ISA_OP_EQ, A2(c, ISA_OP_ADD, x, K(c, 1, 32)), K(c, 5, 32)), A2(c, ISA_OP_EQ, x, K(c, 4, 32)));
  CHECK(e != F && at(c, e, 4, 0, 0, 0) == 1);
  e = A2(c, ISA_OP_LOR, e1, e2);
  CHECK(e != T && at(c, e, 1, 0, 0, 0) == 1 && at(c, e, 3, 0, 0, 0) == 0);
  e = A2(c, ISA_OP_LAND, p, NOTB(c, q));
  CHECK(e != F && at(c, e, 5, 9, 0, 0) == 1);
  /* not across the other connective: (p ∨ q) ∧ ¬p is ¬p ∧ q, (p ∧ q) ∨ ¬p is ¬p ∨ q */
  e = A2(c, ISA_OP_LAND, A2(c, ISA_OP_LOR, p, q), np);
  CHECK(e != F && at(c, e, 7, 3, 0, 0) == 1);
  e = A2(c, ISA_OP_LOR, pq, np);
  CHECK(e != T && at(c, e, 5, 9, 0, 0) == 0);
  e = A2(c, ISA_OP_LOR, A2(c, ISA_OP_LAND, p, r), A2(c, ISA_OP_LAND, np, r));
  CHECK(e != T && at(c, e, 5, 0, 0, 0) == 0);
  /* the walk is bounded: a negation below what it expands is kept (the
   * value is still false everywhere) */
  isa_term deep = A2(c, ISA_OP_LAND, A2(c, ISA_OP_LAND, A2(c, ISA_OP_LAND, pq, r), s), A2(c, ISA_OP_EQ, y, K(c, 9, 32)));
  e = A2(c, ISA_OP_LAND, deep, np);
  CHECK(tm_kind(c, e) == ISA_OP_LAND && at(c, e, 5, 9, 1, 1) == 0 && at(c, e, 4, 9, 1, 1) == 0);
  isa_term bal = A2(c, ISA_OP_LAND, A2(c, ISA_OP_LAND, pq, A2(c, ISA_OP_LAND, r, s)),
                    A2(c, ISA_OP_LAND, A2(c, ISA_OP_EQ, y, K(c, 9, 32)), A2(c, ISA_OP_SLT, x, y)));
  e = A2(c, ISA_OP_LAND, bal, np);
  CHECK(tm_kind(c, e) == ISA_OP_LAND && at(c, e, 5, 9, 1, 1) == 0);
  tm_free(c);
}

static void test_rule_chain(void) {
  tm_ctx *c = tm_new(32);
  isa_term p = tm_var(c, "p", TM_BOOL), q = tm_var(c, "q", TM_BOOL), r = tm_var(c, "r", TM_BOOL);
  isa_term s = tm_var(c, "s", TM_BOOL);
  isa_term pq = A2(c, ISA_OP_LAND, p, q), pqr = A2(c, ISA_OP_LAND, pq, r), pqrs = A2(c, ISA_OP_LAND, s, pqr);
  CHECK(A2(c, ISA_OP_LAND, pq, p) == pq);
  CHECK(A2(c, ISA_OP_LAND, q, pq) == pq);
  CHECK(A2(c, ISA_OP_LAND, pqrs, p) == pqrs);
  CHECK(A2(c, ISA_OP_LAND, pqrs, pq) == pqrs); /* a sub-chain is implied too */
  CHECK(A2(c, ISA_OP_LAND, pqr, pqrs) == pqrs);
  isa_term o = A2(c, ISA_OP_LOR, A2(c, ISA_OP_LOR, p, q), r);
  CHECK(A2(c, ISA_OP_LOR, o, q) == o);
  CHECK(A2(c, ISA_OP_LOR, p, o) == o);
  /* not across the other connective: (p ∨ q) ∧ p is p, (p ∧ q) ∨ p is p */
  isa_term e = A2(c, ISA_OP_LAND, A2(c, ISA_OP_LOR, p, q), p);
  CHECK(e != A2(c, ISA_OP_LOR, p, q) && at(c, e, 0, 1, 0, 0) == 0 && at(c, e, 1, 0, 0, 0) == 1);
  e = A2(c, ISA_OP_LOR, pq, p);
  CHECK(e != pq && at(c, e, 1, 0, 0, 0) == 1 && at(c, e, 0, 1, 0, 0) == 0);
  e = A2(c, ISA_OP_LAND, pqr, s); /* not in the chain */
  CHECK(tm_kind(c, e) == ISA_OP_LAND && at(c, e, 1, 1, 1, 0) == 0 && at(c, e, 1, 1, 1, 1) == 1);
  e = A2(c, ISA_OP_LOR, pqr, s);
  CHECK(tm_kind(c, e) == ISA_OP_LOR && at(c, e, 1, 1, 0, 0) == 0 && at(c, e, 0, 0, 0, 1) == 1);
  /* a long chain: near the root found; deep below, kept or found (bounded walk) */
  isa_term v[300], ch = 0;
  for (int i = 0; i < 300; i++) {
    char name[16];
    snprintf(name, sizeof name, "c%d", i);
    v[i] = tm_var(c, name, TM_BOOL);
  }
  for (int i = 0; i < 300; i++) ch = i ? A2(c, ISA_OP_LAND, ch, v[i]) : v[i];
  CHECK(A2(c, ISA_OP_LAND, ch, v[290]) == ch);
  e = A2(c, ISA_OP_LAND, v[0], ch);
  CHECK(e == ch || (tm_kind(c, e) == ISA_OP_LAND && (tm_arg(c, e, 0) == ch || tm_arg(c, e, 1) == ch)));
  tm_free(c);
}

static void test_rule_base_off(void) {
  tm_ctx *c = tm_new(32);
  isa_term x = tm_var(c, "x", 32), y = tm_var(c, "y", 32), z = tm_var(c, "z", 8), u = tm_var(c, "u", 64);
  isa_term x4 = A2(c, ISA_OP_ADD, x, K(c, 4, 32)), x8 = A2(c, ISA_OP_ADD, K(c, 8, 32), x);
  uint64_t v;
  CHECK(A2(c, ISA_OP_SUB, x8, x4) == K(c, 4, 32));
  CHECK(A2(c, ISA_OP_SUB, x4, x8) == K(c, 0xfffffffc, 32));
  CHECK(A2(c, ISA_OP_SUB, x, x4) == K(c, 0xfffffffc, 32));
  CHECK(A2(c, ISA_OP_SUB, x8, x) == K(c, 8, 32));
  CHECK(A2(c, ISA_OP_SUB, A2(c, ISA_OP_SUB, x, K(c, 4, 32)), x4) == K(c, 0xfffffff8, 32));
  CHECK(A2(c, ISA_OP_EQ, x4, x8) == tm_false(c));
  CHECK(A2(c, ISA_OP_EQ, x, x4) == tm_false(c));
  CHECK(A2(c, ISA_OP_EQ, A2(c, ISA_OP_ADD, A2(c, ISA_OP_SUB, x, K(c, 4, 32)), K(c, 8, 32)), x4) == tm_true(c));
  /* the base may be compound: x*y + 4 − y*x */
  CHECK(A2(c, ISA_OP_SUB, A2(c, ISA_OP_ADD, A2(c, ISA_OP_MUL, x, y), K(c, 4, 32)), A2(c, ISA_OP_MUL, y, x)) ==
        K(c, 4, 32));
  /* wrap-around at 8, 64 and 1 bits */
  isa_term z1 = A2(c, ISA_OP_ADD, z, K(c, 0xff, 8)), z2 = A2(c, ISA_OP_ADD, z, K(c, 1, 8));
  CHECK(A2(c, ISA_OP_SUB, z1, z2) == K(c, 0xfe, 8));
  CHECK(A2(c, ISA_OP_SUB, z2, z1) == K(c, 2, 8));
  CHECK(A2(c, ISA_OP_EQ, A2(c, ISA_OP_ADD, z1, K(c, 2, 8)), z2) == tm_true(c));
  isa_term u1 = A2(c, ISA_OP_ADD, u, K(c, 1ull << 63, 64));
  CHECK(A2(c, ISA_OP_SUB, u1, u) == K(c, 1ull << 63, 64));
  CHECK(A2(c, ISA_OP_SUB, u, A2(c, ISA_OP_ADD, u, K(c, 1, 64))) == K(c, ~0ull, 64));
  CHECK(A2(c, ISA_OP_EQ, u1, A2(c, ISA_OP_SUB, u, K(c, 1ull << 63, 64))) == tm_true(c));
  isa_term b1 = tm_extract(c, x, 3, 3), b1p = A2(c, ISA_OP_ADD, b1, K(c, 1, 1));
  CHECK(A2(c, ISA_OP_SUB, b1p, b1) == K(c, 1, 1));
  CHECK(A2(c, ISA_OP_EQ, b1p, b1) == tm_false(c));
  CHECK(A2(c, ISA_OP_EQ, A2(c, ISA_OP_ADD, b1p, K(c, 1, 1)), b1) == tm_true(c));
  /* not with different bases: (x + 4) − (y + 4) = x − y, (x + 4) == (y + 4) iff x == y */
  isa_term e = A2(c, ISA_OP_SUB, x4, A2(c, ISA_OP_ADD, y, K(c, 4, 32)));
  CHECK(!tm_is_const(c, e, NULL) && at(c, e, 10, 3, 0, 0) == 7 && at(c, e, 3, 10, 0, 0) == 0xfffffff9);
  e = A2(c, ISA_OP_EQ, x4, A2(c, ISA_OP_ADD, y, K(c, 4, 32)));
  CHECK(tm_kind(c, e) == ISA_OP_EQ && at(c, e, 6, 6, 0, 0) == 1 && at(c, e, 6, 7, 0, 0) == 0);
  e = A2(c, ISA_OP_EQ, x4, A2(c, ISA_OP_ADD, y, K(c, 8, 32)));
  CHECK(tm_kind(c, e) == ISA_OP_EQ && at(c, e, 10, 6, 0, 0) == 1 && at(c, e, 10, 10, 0, 0) == 0);
  /* nor when an offset is not a constant: (x + y) − (x + 4) = y − 4 */
  e = A2(c, ISA_OP_SUB, A2(c, ISA_OP_ADD, x, y), x4);
  CHECK(!tm_is_const(c, e, NULL) && at(c, e, 100, 9, 0, 0) == 5);
  e = A2(c, ISA_OP_EQ, A2(c, ISA_OP_ADD, x, y), x4);
  CHECK(tm_kind(c, e) == ISA_OP_EQ && at(c, e, 100, 4, 0, 0) == 1 && at(c, e, 100, 5, 0, 0) == 0);
  /* nor an ordering: x + 4 <u x + 8 depends on wrap-around */
  e = A2(c, ISA_OP_ULT, x4, x8);
  CHECK(at(c, e, 0, 0, 0, 0) == 1 && at(c, e, 0xfffffffa, 0, 0, 0) == 0);
  /* (x + k) * c = x * c + k * c */
  isa_term m = A2(c, ISA_OP_MUL, A2(c, ISA_OP_ADD, x, K(c, 3, 32)), K(c, 5, 32));
  CHECK(m == A2(c, ISA_OP_ADD, A2(c, ISA_OP_MUL, x, K(c, 5, 32)), K(c, 15, 32)));
  CHECK(A2(c, ISA_OP_MUL, K(c, 5, 32), A2(c, ISA_OP_ADD, K(c, 3, 32), x)) == m);
  CHECK(at(c, m, 7, 0, 0, 0) == 50 && at(c, m, 0xfffffffd, 0, 0, 0) == 0);
  CHECK(A2(c, ISA_OP_MUL, A2(c, ISA_OP_ADD, z, K(c, 0x80, 8)), K(c, 2, 8)) == A2(c, ISA_OP_MUL, z, K(c, 2, 8)));
  isa_term mu = A2(c, ISA_OP_MUL, A2(c, ISA_OP_ADD, u, K(c, 0x8000000000000001ull, 64)), K(c, 3, 64));
  CHECK(tm_kind(c, mu) == ISA_OP_ADD && tm_is_const(c, tm_arg(c, mu, 1), &v) && v == 0x8000000000000003ull);
  /* scaled indices of one base differ by a constant */
  isa_term m1 = A2(c, ISA_OP_MUL, A2(c, ISA_OP_ADD, x, K(c, 1, 32)), K(c, 5, 32));
  CHECK(A2(c, ISA_OP_SUB, m, m1) == K(c, 10, 32));
  CHECK(A2(c, ISA_OP_EQ, m, m1) == tm_false(c));
  /* not by a non-constant factor */
  e = A2(c, ISA_OP_MUL, x4, y);
  CHECK(tm_kind(c, e) == ISA_OP_MUL && at(c, e, 2, 3, 0, 0) == 18);
  tm_free(c);
}

static void test_rule_cmp0_iff(void) {
  tm_ctx *c = tm_new(32);
  isa_term x = tm_var(c, "x", 32), p = tm_var(c, "p", TM_BOOL), q = tm_var(c, "q", TM_BOOL);
  isa_term t1 = tm_var(c, "t", 1), u = tm_var(c, "u", 64); /* vars 0..4; u is vals[4] */
  isa_term F = tm_false(c), T = tm_true(c), z = K(c, 0, 32);
  CHECK(A2(c, ISA_OP_ULT, x, z) == F);
  CHECK(A2(c, ISA_OP_ULE, z, x) == T);
  CHECK(A2(c, ISA_OP_ULT, t1, K(c, 0, 1)) == F);
  CHECK(A2(c, ISA_OP_ULE, K(c, 0, 1), t1) == T);
  CHECK(A2(c, ISA_OP_ULT, u, K(c, 0, 64)) == F);
  CHECK(A2(c, ISA_OP_ULE, K(c, 0, 64), u) == T);
  CHECK(A2(c, ISA_OP_ULT, A2(c, ISA_OP_ADD, x, K(c, 9, 32)), z) == F);
  /* not the mirrored or signed forms, nor another constant */
  isa_term e = A2(c, ISA_OP_ULT, z, x); /* x ≠ 0 */
  CHECK(e != F && at(c, e, 0, 0, 0, 0) == 0 && at(c, e, 5, 0, 0, 0) == 1);
  e = A2(c, ISA_OP_ULE, x, z); /* x == 0 */
  CHECK(e != T && at(c, e, 0, 0, 0, 0) == 1 && at(c, e, 1, 0, 0, 0) == 0);
  e = A2(c, ISA_OP_ULT, x, K(c, 1, 32));
  CHECK(e != F && at(c, e, 0, 0, 0, 0) == 1);
  e = A2(c, ISA_OP_ULE, K(c, 1, 32), x);
  CHECK(e != T && at(c, e, 0, 0, 0, 0) == 0);
  e = A2(c, ISA_OP_SLT, x, z);
  CHECK(e != F && at(c, e, 0x80000000, 0, 0, 0) == 1 && at(c, e, 0, 0, 0, 0) == 0);
  e = A2(c, ISA_OP_SLE, z, x);
  CHECK(e != T && at(c, e, 0x80000000, 0, 0, 0) == 0 && at(c, e, 0, 0, 0, 0) == 1);
  e = A2(c, ISA_OP_SLT, t1, K(c, 0, 1)); /* 1-bit 1 is −1 */
  CHECK(e != F && at(c, e, 0, 0, 0, 1) == 1 && at(c, e, 0, 0, 0, 0) == 0);
  vals[4] = 1ull << 63;
  e = A2(c, ISA_OP_SLE, K(c, 0, 64), u);
  CHECK(e != T && tm_eval(c, e, &env) == 0);
  /* iff with a constant arm */
  isa_term np = NOTB(c, p);
  CHECK(A2(c, ISA_OP_IFF, p, T) == p);
  CHECK(A2(c, ISA_OP_IFF, T, p) == p);
  CHECK(A2(c, ISA_OP_IFF, p, F) == np);
  CHECK(A2(c, ISA_OP_IFF, F, p) == np);
  CHECK(A2(c, ISA_OP_IFF, np, F) == p);
  isa_term pq = A2(c, ISA_OP_LAND, p, q);
  CHECK(A2(c, ISA_OP_IFF, F, pq) == NOTB(c, pq));
  e = A2(c, ISA_OP_IFF, p, q); /* not with two variables */
  CHECK(tm_kind(c, e) == ISA_OP_IFF && at(c, e, 0, 1, 0, 0) == 0 && at(c, e, 0, 0, 0, 0) == 1);
  e = A2(c, ISA_OP_LXOR, p, T); /* xor with true is ¬p, not p */
  CHECK(at(c, e, 0, 1, 0, 0) == 0 && at(c, e, 0, 0, 0, 0) == 1);
  tm_free(c);
}

int main(void) {
  test_basics();
  test_memory();
  test_subst_print();
  test_random();
  test_rule_ite_eq();
  test_rule_clash();
  test_rule_chain();
  test_rule_base_off();
  test_rule_cmp0_iff();
  if (failures) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("terms: all checks passed\n");
  return 0;
}
