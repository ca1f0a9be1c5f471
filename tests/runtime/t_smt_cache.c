/* t_smt_cache.c — unit tests of runtime/symbolic/smt.c's memory of unsatisfiable
 * conjunctions: the same set of assertion terms (any order, repeats) that
 * was unsat is answered unsat without Z3 (smt_cached counts it, smt_queries
 * does not move); a superset, a subset, a different set or the same
 * meaning in other terms goes to Z3 and gets the right answer; sat and
 * unknown answers are never remembered, and a sat answer always comes with a
 * model that satisfies every assertion.  A random part asks subsets of a
 * pool of atoms about one 8-bit x and a bool b, checks every answer against
 * all 512 assignments, and predicts each query's counter movement from its
 * own record of the unsat sets asked before. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smt.h"
#include "terms.h"

#include "tcheck.h"

static tm_ctx *tc;
static smt *s;

/* Asks as[0..n-1]; checks that the answer is `want` and that it was (or
 * was not) answered from memory, by the two counters. */
static void ask(const isa_term *as, size_t n, smt_result want, bool from_memory, int line) {
  unsigned long q0 = smt_queries(s), c0 = smt_cached(s);
  char reason[256] = "";
  smt_result r = smt_check(s, as, n, reason, sizeof reason);
  unsigned long dq = smt_queries(s) - q0, dc = smt_cached(s) - c0;
  if (r != want || dq != (from_memory ? 0u : 1u) || dc != (from_memory ? 1u : 0u)) {
    fprintf(stderr, "t_smt_cache.c:%d: %zu assertions: answer %d (want %d, reason '%s'), queries +%lu, cached +%lu "
            "(want %s)\n", line, n, (int)r, (int)want, reason, dq, dc, from_memory ? "from memory" : "from Z3");
    fails++;
  }
  if (r == SMT_SAT) { /* the model satisfies every assertion */
    for (size_t i = 0; i < n; i++) {
      uint64_t v = 2;
      if (!smt_model_eval(s, as[i], &v) || v != 1) {
        fprintf(stderr, "t_smt_cache.c:%d: the model does not satisfy assertion %zu (%" PRIu64 ")\n", line, i, v);
        fails++;
      }
    }
  } else {
    uint64_t v;
    isa_term x = tm_find_var(tc, "x", 8);
    if (x && smt_model_eval(s, x, &v)) {
      fprintf(stderr, "t_smt_cache.c:%d: a model after a %s answer\n", line, r == SMT_UNSAT ? "unsat" : "unknown");
      fails++;
    }
  }
}
#define ASK(want, mem, ...)                                                              \
  do {                                                                                   \
    isa_term as_[] = {__VA_ARGS__};                                                      \
    ask(as_, sizeof as_ / sizeof as_[0], want, mem, __LINE__);                           \
  } while (0)

static isa_term K(uint64_t v) { return tm_const(tc, v, 8); }
static isa_term A2(isa_op op, isa_term a, isa_term b) { return tm_app2(tc, op, a, b); }

static void t_focused(void) {
  isa_term x = tm_var(tc, "x", 8), y = tm_var(tc, "y", 8), b = tm_var(tc, "b", TM_BOOL);
  isa_term lt5 = A2(ISA_OP_ULT, x, K(5)), eq10 = A2(ISA_OP_EQ, x, K(10)), gt2 = A2(ISA_OP_ULT, K(2), x);
  isa_term ylt = A2(ISA_OP_ULT, y, x), nb = tm_app1(tc, ISA_OP_LNOT, b);
  /* the first time from Z3; then the same set in any order, with repeats */
  ASK(SMT_UNSAT, false, lt5, eq10);
  ASK(SMT_UNSAT, true, lt5, eq10);
  ASK(SMT_UNSAT, true, eq10, lt5);
  ASK(SMT_UNSAT, true, eq10, lt5, eq10, lt5, lt5);
  /* a superset is a new question (and unsat); then it is remembered too */
  ASK(SMT_UNSAT, false, lt5, eq10, gt2);
  ASK(SMT_UNSAT, true, gt2, lt5, eq10);
  ASK(SMT_UNSAT, false, lt5, eq10, ylt, b);
  /* subsets and other sets: Z3, and sat with a model */
  ASK(SMT_SAT, false, lt5);
  ASK(SMT_SAT, false, eq10);
  ASK(SMT_SAT, false, lt5, gt2);
  ASK(SMT_SAT, false, lt5, gt2); /* sat twice: both times Z3 */
  ASK(SMT_SAT, false, eq10, ylt, nb);
  uint64_t xv, yv, bv;
  CHECK(smt_model_eval(s, x, &xv) && xv == 10 && smt_model_eval(s, y, &yv) && yv < 10 && smt_model_eval(s, b, &bv) &&
        bv == 0);
  /* after a sat answer, an unsat one from memory leaves no model behind */
  ASK(SMT_UNSAT, true, eq10, lt5);
  /* the same meaning in other terms is not the same set: Z3 */
  isa_term le4 = A2(ISA_OP_ULE, x, K(4));
  CHECK(le4 != lt5);
  ASK(SMT_UNSAT, false, le4, eq10);
  ASK(SMT_UNSAT, true, eq10, le4);
  /* the empty conjunction is sat, every time */
  ask(NULL, 0, SMT_SAT, false, __LINE__);
  ask(NULL, 0, SMT_SAT, false, __LINE__);
  /* a single false assertion */
  ASK(SMT_UNSAT, false, tm_false(tc));
  ASK(SMT_UNSAT, true, tm_false(tc), tm_false(tc));
  ASK(SMT_UNSAT, false, tm_false(tc), lt5);
  /* unknown (an assertion that is not a bool) is never remembered */
  ASK(SMT_UNKNOWN, false, x, eq10);
  ASK(SMT_UNKNOWN, false, x, eq10);
  /* the memory belongs to the session: a new one asks Z3 */
  smt *s2 = smt_new(tc, 0), *s1 = s;
  CHECK(s2 != NULL);
  s = s2;
  ASK(SMT_UNSAT, false, lt5, eq10);
  ASK(SMT_UNSAT, true, eq10, lt5);
  s = s1;
  smt_free(s2);
  ASK(SMT_UNSAT, true, lt5, eq10); /* the first session still knows */
}

/* ---- random subsets of a pool of atoms about x (8 bits) and b ---- */

static uint64_t rs = 0x2545f4914f6cdd1dull;
static uint64_t rnd(void) {
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return rs;
}

enum { NPOOL = 24, MAXSETS = 4096 };
static uint64_t xval, bval;
static uint64_t envvar(void *ctx, uint32_t index) {
  (void)ctx;
  return tm_var_name(tc, index)[0] == 'b' ? bval : xval;
}
static const tm_env env = {NULL, envvar, NULL};

/* the unsat sets asked so far, each as a bit set over the pool */
static uint32_t unsat_sets[MAXSETS];
static int nunsat;

static void t_random(void) {
  isa_term x = tm_var(tc, "x", 8), b = tm_var(tc, "b", TM_BOOL), pool[NPOOL];
  for (int i = 0; i < NPOOL; i++) {
    isa_term k = K(rnd() % 12);
    switch (i % 6) {
    case 0: pool[i] = A2(ISA_OP_EQ, x, k); break;
    case 1: pool[i] = A2(ISA_OP_ULT, x, k); break;
    case 2: pool[i] = A2(ISA_OP_ULT, k, x); break;
    case 3: pool[i] = tm_app1(tc, ISA_OP_LNOT, A2(ISA_OP_EQ, x, k)); break;
    case 4: pool[i] = tm_ite(tc, b, A2(ISA_OP_ULE, x, k), A2(ISA_OP_EQ, x, K(rnd() % 12 + 1))); break;
    default: pool[i] = i % 12 == 5 ? b : tm_app1(tc, ISA_OP_LNOT, b); break;
    }
  }
  int first[NPOOL]; /* the first atom of the pool that is the same term */
  for (int i = 0; i < NPOOL; i++)
    for (first[i] = 0; pool[first[i]] != pool[i];) first[i]++;
  long queries = 0, from_memory = 0, sat = 0, unsat = 0;
  for (int q = 0; q < 600; q++) {
    /* a set: small, or one of the unsat sets asked before (in another
     * order, with repeats), or such a set with one atom more or less */
    uint32_t set = 0;
    if (nunsat && rnd() % 3 == 0) {
      set = unsat_sets[rnd() % (uint64_t)nunsat];
      if (rnd() % 3 == 0) set ^= 1u << (rnd() % NPOOL);
    } else {
      for (int n = 1 + (int)(rnd() % 4); n > 0; n--) set |= 1u << (rnd() % NPOOL);
    }
    isa_term as[3 * NPOOL];
    size_t n = 0;
    for (int i = 0; i < NPOOL; i++)
      if (set >> i & 1)
        for (int r = (int)(rnd() % 4 == 0 ? 2 : 1); r > 0; r--) as[n++] = pool[i];
    for (size_t i = n; i > 1; i--) { /* shuffle */
      size_t j = (size_t)(rnd() % i);
      isa_term t = as[i - 1];
      as[i - 1] = as[j];
      as[j] = t;
    }
    /* the truth, over every assignment */
    bool any = false;
    for (xval = 0; xval < 256 && !any; xval++)
      for (bval = 0; bval < 2 && !any; bval++) {
        tm_eval_begin(tc);
        bool all = true;
        for (size_t i = 0; i < n && all; i++) all = tm_eval_more(tc, as[i], &env) != 0;
        any = all;
      }
    /* the same set of terms as an unsat one before (pool atoms may be one
     * term: sets are compared by their first atoms) */
    uint32_t canon = 0;
    for (int i = 0; i < NPOOL; i++)
      if (set >> i & 1) canon |= 1u << first[i];
    bool known = false;
    for (int u = 0; u < nunsat && !known; u++) known = unsat_sets[u] == canon;
    ask(as, n, any ? SMT_SAT : SMT_UNSAT, known, __LINE__);
    queries++;
    from_memory += known;
    sat += any;
    unsat += !any;
    if (!any && !known && nunsat < MAXSETS) unsat_sets[nunsat++] = canon;
  }
  printf("t_smt_cache: random: %ld queries (%ld sat, %ld unsat, %ld answered from memory, %d unsat sets); session "
         "counters: %lu to Z3 (%.1f s in Z3), %lu from memory\n",
         queries, sat, unsat, from_memory, nunsat, smt_queries(s), smt_seconds(s), smt_cached(s));
  CHECK(from_memory > 100 && sat > 100 && unsat > from_memory);
  CHECK(smt_queries(s) == (unsigned long)(queries - from_memory) && smt_cached(s) == (unsigned long)from_memory);
}

int main(void) {
  tc = tm_new(32);
  s = smt_new(tc, 0);
  if (!s) {
    fprintf(stderr, "t_smt_cache: cannot start a Z3 session\n");
    return 2;
  }
  t_focused();
  smt_free(s);
  s = smt_new(tc, 0); /* a session whose memory the random part predicts */
  t_random();
  smt_free(s);
  tm_free(tc);
  if (fails) {
    fprintf(stderr, "t_smt_cache: %d checks failed\n", fails);
    return 1;
  }
  printf("t_smt_cache: all checks passed\n");
  return 0;
}
