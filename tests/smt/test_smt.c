/* test_smt.c — runtime/smt: sat with a model, unsat, memory in models,
 * timeouts as unknown with a reason (the watchdog's too), SMT-LIB dumps, translation of every
 * operator checked against the term library's own evaluation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "smt.h"

#include "tcheck.h"


static isa_term k(tm_ctx *c, uint64_t v, unsigned w) { return tm_const(c, v, w); }

static void test_sat_unsat(void) {
  tm_ctx *c = tm_new(32);
  smt *s = smt_new(c, 5000);
  isa_term x = tm_var(c, "x", 32), y = tm_var(c, "y", 32);
  /* x * 3 + 7 == 0x10 and y > x: sat, and the model satisfies it */
  isa_term f1 = tm_app2(c, ISA_OP_EQ, tm_app2(c, ISA_OP_ADD, tm_app2(c, ISA_OP_MUL, x, k(c, 3, 32)), k(c, 7, 32)), k(c, 0x10, 32));
  isa_term f2 = tm_app2(c, ISA_OP_ULT, x, y);
  isa_term fs[2] = {f1, f2};
  char why[200];
  CHECK(smt_check(s, fs, 2, why, sizeof why) == SMT_SAT);
  uint64_t vx = 0, vy = 0;
  CHECK(smt_model_eval(s, x, &vx) && smt_model_eval(s, y, &vy));
  CHECK(((vx * 3 + 7) & 0xffffffff) == 0x10 && vx < vy);
  /* x < x: unsat */
  isa_term g = tm_app2(c, ISA_OP_ULT, y, x);
  isa_term gs[3] = {f1, f2, g};
  CHECK(smt_check(s, gs, 3, why, sizeof why) == SMT_UNSAT);
  CHECK(!smt_model_eval(s, x, &vx)); /* no model after unsat */
  smt_free(s);
  tm_free(c);
}

static void test_memory_model(void) {
  tm_ctx *c = tm_new(32);
  smt *s = smt_new(c, 5000);
  isa_term m = tm_var(c, "M", TM_ARRAY), p = tm_var(c, "p", 32);
  /* M[p] == 0x41 && M[p + 1] == 0x42 && p == 0x1000 */
  isa_term b0 = tm_app2(c, ISA_OP_SELECT, m, p);
  isa_term b1 = tm_app2(c, ISA_OP_SELECT, m, tm_app2(c, ISA_OP_ADD, p, k(c, 1, 32)));
  isa_term fs[3] = {tm_app2(c, ISA_OP_EQ, b0, k(c, 0x41, 8)), tm_app2(c, ISA_OP_EQ, b1, k(c, 0x42, 8)),
                    tm_app2(c, ISA_OP_EQ, p, k(c, 0x1000, 32))};
  CHECK(smt_check(s, fs, 3, NULL, 0) == SMT_SAT);
  uint8_t v0 = 0, v1 = 0;
  CHECK(smt_model_byte(s, m, 0x1000, &v0) && v0 == 0x41);
  CHECK(smt_model_byte(s, m, 0x1001, &v1) && v1 == 0x42);
  smt_free(s);
  tm_free(c);
}

static void test_timeout(void) {
  tm_ctx *c = tm_new(32);
  smt *s = smt_new(c, 1); /* 1 ms: factoring a 64-bit semiprime will not finish */
  isa_term a = tm_var(c, "a", 64), b = tm_var(c, "b", 64);
  isa_term fs[3] = {tm_app2(c, ISA_OP_EQ, tm_app2(c, ISA_OP_MUL, a, b), k(c, 0xd5c9b3f2a9e1c3b7ull, 64)),
                    tm_app2(c, ISA_OP_ULT, k(c, 1, 64), a), tm_app2(c, ISA_OP_ULT, k(c, 1, 64), b)};
  char why[200] = "";
  smt_result r = smt_check(s, fs, 3, why, sizeof why);
  CHECK(r == SMT_UNKNOWN);
  CHECK(strstr(why, "timeout") != NULL);
  if (r != SMT_UNKNOWN || !strstr(why, "timeout")) fprintf(stderr, "timeout test: result %d, reason '%s'\n", r, why);
  smt_free(s);
  tm_free(c);
}

static void test_dump(void) {
  tm_ctx *c = tm_new(32);
  smt *s = smt_new(c, 1000);
  FILE *f = tmpfile();
  smt_set_dump(s, f);
  isa_term x = tm_var(c, "x", 8);
  isa_term fs[1] = {tm_app2(c, ISA_OP_EQ, x, k(c, 5, 8))};
  smt_check(s, fs, 1, NULL, 0);
  rewind(f);
  char buf[1024] = "";
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = 0;
  CHECK(strstr(buf, "(declare-fun x () (_ BitVec 8))") != NULL);
  CHECK(strstr(buf, "(check-sat)") != NULL);
  fclose(f);
  smt_free(s);
  tm_free(c);
}

/* Every operator: for random constants c1,c2, "op(v1,v2) == fold(op(c1,c2))"
 * with v1 == c1 and v2 == c2 must be sat (Z3 agrees with our folding). */
static void test_operators(void) {
  static const isa_op bin[] = {ISA_OP_ADD, ISA_OP_SUB, ISA_OP_MUL, ISA_OP_UDIV, ISA_OP_UREM, ISA_OP_SDIV, ISA_OP_SREM,
                               ISA_OP_AND, ISA_OP_OR, ISA_OP_XOR, ISA_OP_SHL, ISA_OP_LSHR, ISA_OP_ASHR};
  static const isa_op cmp[] = {ISA_OP_EQ, ISA_OP_ULT, ISA_OP_ULE, ISA_OP_SLT, ISA_OP_SLE};
  static const uint64_t vals[] = {0, 1, 0x7f, 0xfff9, 0x8000, 17}; /* 16-bit: fast to bit-blast */
  tm_ctx *c = tm_new(32);
  smt *s = smt_new(c, 5000);
  isa_term x = tm_var(c, "x", 16), y = tm_var(c, "y", 16);
  int bad = 0;
  for (unsigned i = 0; i < 6; i++)
    for (unsigned j = 0; j < 6; j++) {
      isa_term kx = k(c, vals[i], 16), ky = k(c, vals[j], 16);
      for (unsigned o = 0; o < sizeof bin / sizeof *bin + sizeof cmp / sizeof *cmp; o++) {
        isa_op op = o < 13 ? bin[o] : cmp[o - 13];
        isa_term sym = tm_app2(c, op, x, y), folded = tm_app2(c, op, kx, ky);
        isa_term fs[3] = {tm_app2(c, ISA_OP_EQ, x, kx), tm_app2(c, ISA_OP_EQ, y, ky),
                          tm_sort(c, sym) == TM_BOOL ? tm_app2(c, ISA_OP_IFF, sym, folded) : tm_app2(c, ISA_OP_EQ, sym, folded)};
        if (smt_check(s, fs, 3, NULL, 0) != SMT_SAT && bad++ < 5)
          fprintf(stderr, "operator %d on 0x%llx, 0x%llx: Z3 disagrees with folding\n", op,
                  (unsigned long long)vals[i], (unsigned long long)vals[j]);
      }
    }
  CHECK(bad == 0);
  smt_free(s);
  tm_free(c);
}

/* A dump file the session opens (what MCVETO_SMT_DUMP=FILE sets). */
static void test_dump_env(void) {
  char path[] = "/tmp/mcveto-smt-dump-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return;
  close(fd);
  tm_ctx *c = tm_new(32);
  smt *s = smt_new(c, 1000);
  CHECK(smt_open_dump(s, path) == 0);
  isa_term x = tm_var(c, "dumped", 16);
  isa_term fs[1] = {tm_app2(c, ISA_OP_EQ, x, k(c, 5, 16))};
  smt_check(s, fs, 1, NULL, 0);
  smt_free(s);
  tm_free(c);
  FILE *f = fopen(path, "r");
  char buf[1024] = "";
  size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
  buf[n] = 0;
  if (f) fclose(f);
  remove(path);
  CHECK(strstr(buf, "dumped") != NULL);
}

/* A query whose term Z3 spends long on outside its own timeout checks (a
 * 20,000-deep nonlinear chain): the session's watchdog interrupts it soon
 * after its limit, the answer is unknown with the limit in the reason, and
 * the session answers the next query. */
static void test_watchdog(void) {
  tm_ctx *c = tm_new(32);
  smt *s = smt_new(c, 1);
  isa_term x = tm_var(c, "x", 32), t = x;
  for (unsigned i = 0; i < 20000; i++)
    t = tm_app2(c, ISA_OP_ADD, tm_app2(c, ISA_OP_MUL, t, tm_app2(c, ISA_OP_XOR, t, x)), k(c, i * 2654435761u, 32));
  isa_term f[1] = {tm_app2(c, ISA_OP_EQ, t, k(c, 12345, 32))};
  char why[200] = "";
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  smt_result r = smt_check(s, f, 1, why, sizeof why);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double el = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  CHECK(r == SMT_UNKNOWN);
  CHECK(strncmp(why, "solver timeout after 1 ms", 25) == 0);
  CHECK(el < 5.0);
  smt_set_timeout(s, 5000);
  isa_term g[1] = {tm_app2(c, ISA_OP_EQ, x, k(c, 7, 32))};
  uint64_t v = 0;
  CHECK(smt_check(s, g, 1, NULL, 0) == SMT_SAT);
  CHECK(smt_model_eval(s, x, &v) && v == 7);
  smt_free(s);
  tm_free(c);
}

int main(void) {
  test_watchdog();
  test_dump_env();
  test_sat_unsat();
  test_memory_model();
  test_timeout();
  test_dump();
  test_operators();
  if (fails) {
    fprintf(stderr, "%d check(s) failed\n", fails);
    return 1;
  }
  printf("smt: all checks passed\n");
  return 0;
}
