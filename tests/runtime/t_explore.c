/* t_explore.c — unit tests of runtime/verify/explore.c (which branch of which run
 * directed testing negates next): edge coverage and its count of new edges,
 * one offer per (address, occurrence, successor), the occurrence, position
 * and per-run bounds, a stopped run's last position, and the order —
 * addresses with one successor seen first, newest run and latest position
 * first (earliest first for a run cut by the step budget), a candidate whose
 * other way got covered meanwhile demoted with its order kept, and the
 * waiting candidates of an address whose negation had no input offered
 * last. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "explore.h"

#include "tcheck.h"

/* Offers until none is left, as pcs (via the runs' arrays). */
static size_t drain(xp *x, uint32_t *runs, size_t *poss, size_t cap) {
  size_t k = 0;
  uint32_t r;
  size_t p;
  while (explore_next(x, &r, &p)) {
    if (k < cap) {
      runs[k] = r;
      poss[k] = p;
    }
    k++;
  }
  return k;
}

static void test_coverage(void) {
  xp *x = explore_new();
  uint64_t pc[4] = {1, 2, 3, 4};
  uint8_t br[4] = {0, 1, 0, 0};
  CHECK(explore_is_new(x, pc, 4, 5));
  CHECK(explore_add_run(x, 0, pc, br, 4, 5, false) == 4); /* 1→2, 2→3, 3→4, 4→5 */
  CHECK(!explore_is_new(x, pc, 4, 5));
  CHECK(!explore_is_new(x, pc, 4, UINT64_MAX)); /* stopped at 4: no edge out of it */
  CHECK(explore_is_new(x, pc, 4, 6));
  CHECK(explore_successors(x, 2) == 1 && explore_successors(x, 9) == 0);
  CHECK(explore_pending(x) == 1);
  /* the same run again: nothing new, no second offer */
  CHECK(explore_add_run(x, 1, pc, br, 4, 5, false) == 0);
  CHECK(explore_pending(x) == 1);
  uint32_t r;
  size_t p;
  CHECK(explore_next(x, &r, &p) && r == 0 && p == 1);
  CHECK(!explore_next(x, &r, &p));
  /* the other way at 2: a new edge, and a new candidate (other successor) */
  uint64_t pc2[3] = {1, 2, 7};
  uint8_t br2[3] = {0, 1, 0};
  CHECK(explore_add_run(x, 2, pc2, br2, 3, UINT64_MAX, false) == 1);
  CHECK(explore_successors(x, 2) == 2);
  CHECK(explore_next(x, &r, &p) && r == 2 && p == 1);
  CHECK(!explore_next(x, &r, &p));
  explore_free(x);
}

static void test_stopped_last(void) {
  xp *x = explore_new();
  uint64_t pc[2] = {10, 11};
  uint8_t br[2] = {1, 1};
  /* the run stopped at 11 (a fault): its branch there has no successor to negate */
  CHECK(explore_add_run(x, 0, pc, br, 2, UINT64_MAX, false) == 1);
  CHECK(explore_pending(x) == 1);
  uint32_t r;
  size_t p;
  CHECK(explore_next(x, &r, &p) && p == 0);
  explore_free(x);
}

/* A synthetic run of n positions: pc0, pc0 + step, …; every position a
 * branch or none. */
typedef struct trun { uint64_t *pc; uint8_t *br; size_t n; } trun;

static trun trun_new(size_t n, uint64_t pc0, uint64_t step, uint8_t branch) {
  trun t = {malloc(sizeof *t.pc * n), malloc(n), n};
  if (!t.pc || !t.br) exit(3);
  for (size_t i = 0; i < n; i++) t.pc[i] = pc0 + step * i, t.br[i] = branch;
  return t;
}

static void trun_free(trun *t) {
  free(t->pc);
  free(t->br);
}

static void test_bounds(void) {
  xp *x = explore_new();
  /* a loop: one branch address visited 300 times, going round but the last time */
  trun t = trun_new(300, 0x40, 0, 1);
  explore_add_run(x, 0, t.pc, t.br, t.n, 0x44, false);
  CHECK(explore_pending(x) == EXPLORE_MAX_OCC);
  /* the same loop run once less: occurrence 298 now leaves, a new identity
   * but past EXPLORE_MAX_OCC; everything else was offered already */
  explore_add_run(x, 1, t.pc, t.br, t.n - 1, 0x44, false);
  CHECK(explore_pending(x) == EXPLORE_MAX_OCC);
  trun_free(&t);
  explore_free(x);
  /* many distinct branches in one run */
  x = explore_new();
  t = trun_new(EXPLORE_MAX_PER_RUN + 500, 0x1000, 4, 1);
  explore_add_run(x, 0, t.pc, t.br, t.n, 0, false);
  CHECK(explore_pending(x) == EXPLORE_MAX_PER_RUN);
  trun_free(&t);
  explore_free(x);
  /* positions past EXPLORE_MAX_POS are not offered */
  x = explore_new();
  t = trun_new(EXPLORE_MAX_POS + 10, 0, 1, 0);
  t.br[EXPLORE_MAX_POS + 3] = 1;
  t.br[5] = 1;
  explore_add_run(x, 0, t.pc, t.br, t.n, t.n, false);
  CHECK(explore_pending(x) == 1);
  uint32_t r;
  size_t p;
  CHECK(explore_next(x, &r, &p) && p == 5);
  trun_free(&t);
  explore_free(x);
}

static void test_order(void) {
  xp *x = explore_new();
  /* run 0: branches at positions 0, 2, 4, all one-successor addresses */
  uint64_t a[6] = {100, 101, 200, 201, 300, 301};
  uint8_t ba[6] = {1, 0, 1, 0, 1, 0};
  explore_add_run(x, 0, a, ba, 6, 302, false);
  /* run 1 goes the other way at 200: 200 now has two successors; its own
   * candidate there is of the second class from the start */
  uint64_t b[3] = {100, 101, 200};
  uint8_t bb[3] = {1, 0, 1};
  explore_add_run(x, 1, b, bb, 3, 250, false);
  CHECK(explore_pending(x) == 4);
  uint32_t runs[8];
  size_t poss[8];
  size_t k = drain(x, runs, poss, 8);
  CHECK(k == 4);
  /* first the one-successor addresses of run 0, latest position first:
   * 300 (pos 4), then 100 (pos 0); 200 (pos 2) was demoted */
  CHECK(runs[0] == 0 && poss[0] == 4);
  CHECK(runs[1] == 0 && poss[1] == 0);
  /* then the second class: run 0's 200 and run 1's 200, both offered */
  CHECK((runs[2] == 0 && poss[2] == 2 && runs[3] == 1 && poss[3] == 2) ||
        (runs[2] == 1 && poss[2] == 2 && runs[3] == 0 && poss[3] == 2));
  explore_free(x);

  /* within one class: newest run first */
  x = explore_new();
  uint64_t c[2] = {500, 501}, d[2] = {600, 601};
  uint8_t bc[2] = {1, 0};
  explore_add_run(x, 0, c, bc, 2, 502, false);
  explore_add_run(x, 1, d, bc, 2, 602, false);
  k = drain(x, runs, poss, 8);
  CHECK(k == 2 && runs[0] == 1 && runs[1] == 0);
  explore_free(x);
}

/* A run cut by the step budget: its earliest branch first, in both
 * classes, and a later complete run still comes out before it. */
static void test_cut_order(void) {
  xp *x = explore_new();
  uint64_t a[6] = {100, 101, 200, 201, 300, 301};
  uint8_t ba[6] = {1, 0, 1, 0, 1, 0};
  explore_add_run(x, 0, a, ba, 6, 302, true);
  uint32_t runs[8];
  size_t poss[8];
  size_t k = drain(x, runs, poss, 8);
  CHECK(k == 3 && poss[0] == 0 && poss[1] == 2 && poss[2] == 4);
  explore_free(x);

  x = explore_new();
  explore_add_run(x, 0, a, ba, 6, 302, true);
  uint64_t b[4] = {400, 401, 500, 501};
  uint8_t bb[4] = {1, 0, 1, 0};
  explore_add_run(x, 1, b, bb, 4, 502, false);
  k = drain(x, runs, poss, 8);
  CHECK(k == 5);
  CHECK(runs[0] == 1 && poss[0] == 2 && runs[1] == 1 && poss[1] == 0);
  CHECK(runs[2] == 0 && poss[2] == 0 && runs[3] == 0 && poss[3] == 2 && runs[4] == 0 && poss[4] == 4);
  explore_free(x);
}

/* A cut run's candidates at one address, demoted while they wait (a later
 * run covers the address's other way), keep the earliest-first order. */
static void test_demoted_order(void) {
  xp *x = explore_new();
  trun t = trun_new(8, 0x70, 0, 1); /* a loop branch, 8 times one way */
  explore_add_run(x, 0, t.pc, t.br, t.n, 0x70, true);
  uint64_t b[2] = {0x70, 0x90};
  uint8_t bb[2] = {1, 0};
  explore_add_run(x, 1, b, bb, 2, 0x94, false); /* the other way at 0x70 */
  uint32_t runs[16];
  size_t poss[16];
  size_t k = drain(x, runs, poss, 16);
  CHECK(k == 9);
  for (size_t i = 0; i < 8 && i < k; i++) CHECK(runs[i] == 0 && poss[i] == i);
  CHECK(runs[8] == 1 && poss[8] == 0);
  trun_free(&t);
  explore_free(x);
}

/* After a negation at an address had no input, that address's waiting
 * one-successor candidates come after every other candidate, in order. */
static void test_failed_last(void) {
  xp *x = explore_new();
  /* a cut run: 0x80 (a branch never taken the other way) at positions
   * 0, 2, 4, and 0x88 at 1, 3, 5 */
  uint64_t a[6] = {0x80, 0x88, 0x80, 0x88, 0x80, 0x88};
  uint8_t ba[6] = {1, 1, 1, 1, 1, 1};
  explore_add_run(x, 0, a, ba, 6, 0x80, true);
  uint32_t r;
  size_t p;
  CHECK(explore_next(x, &r, &p) && p == 0); /* earliest first */
  explore_failed(x, 0x80);
  uint32_t runs[8];
  size_t poss[8];
  size_t k = drain(x, runs, poss, 8);
  CHECK(k == 5);
  CHECK(poss[0] == 1 && poss[1] == 3 && poss[2] == 5); /* 0x88 first */
  CHECK(poss[3] == 2 && poss[4] == 4);                 /* then 0x80, in order */
  CHECK(explore_pending(x) == 0);
  explore_free(x);
}

/* The same branch at the same occurrence, taken the same way, is a new
 * candidate after its run covered an edge the first run had not (a state
 * machine one step further), and not when the run is the same again. */
static void test_context_identity(void) {
  xp *x = explore_new();
  uint64_t a[4] = {100, 101, 300, 301};
  uint8_t ba[4] = {0, 0, 1, 0};
  explore_add_run(x, 0, a, ba, 4, 302, false);
  CHECK(explore_pending(x) == 1);
  explore_add_run(x, 1, a, ba, 4, 302, false); /* the same run */
  CHECK(explore_pending(x) == 1);
  uint64_t b[4] = {100, 150, 300, 301}; /* another way before 300 */
  explore_add_run(x, 2, b, ba, 4, 302, false);
  CHECK(explore_pending(x) == 2);
  explore_free(x);
}

/* A child run that covers no edge its parent had not (one more pass of a
 * loop) offers its candidates after every other run's. */
static void test_dull_last(void) {
  xp *x = explore_new();
  uint64_t a[4] = {100, 101, 100, 102};
  uint8_t ba[4] = {1, 0, 1, 0};
  explore_add_run(x, 0, a, ba, 4, 103, false);
  uint64_t b[6] = {100, 101, 100, 101, 100, 102}; /* one more pass */
  uint8_t bb[6] = {1, 0, 1, 0, 1, 0};
  explore_add_child(x, 1, 0, b, bb, 6, 103, false);
  uint64_t c[2] = {500, 501};
  uint8_t bc[2] = {1, 0};
  explore_add_run(x, 2, c, bc, 2, 502, false);
  uint32_t runs[8];
  size_t poss[8];
  size_t k = drain(x, runs, poss, 8);
  CHECK(k == 5);
  CHECK(runs[0] == 2);                                 /* a new address first */
  CHECK(runs[1] == 0 && runs[2] == 0);                 /* then the parent's */
  CHECK(runs[3] == 1 && runs[4] == 1);                 /* the child's last */
  explore_free(x);
}

/* A candidate the caller could not try (the time ran out) comes first again. */
static void test_again(void) {
  xp *x = explore_new();
  uint64_t a[4] = {100, 101, 200, 201};
  uint8_t ba[4] = {1, 0, 1, 0};
  explore_add_run(x, 0, a, ba, 4, 202, false);
  uint32_t r;
  size_t p;
  CHECK(explore_next(x, &r, &p) && p == 2);
  explore_again(x, r, p, 200);
  CHECK(explore_pending(x) == 2);
  CHECK(explore_next(x, &r, &p) && r == 0 && p == 2);
  CHECK(explore_next(x, &r, &p) && p == 0);
  CHECK(explore_pending(x) == 0);
  explore_free(x);
}

int main(void) {
  test_again();
  test_context_identity();
  test_dull_last();
  test_demoted_order();
  test_failed_last();
  test_coverage();
  test_cut_order();
  test_stopped_last();
  test_bounds();
  test_order();
  if (fails) fprintf(stderr, "t_explore: %d checks failed\n", fails);
  return fails != 0;
}
