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

int main(void) {
  test_basics();
  test_memory();
  test_subst_print();
  test_random();
  if (failures) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("terms: all checks passed\n");
  return 0;
}
