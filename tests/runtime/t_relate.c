/* t_relate.c — unit tests of runtime/support/relate.c: the relations found from
 * samples of loops whose invariants are known (a counter and a pointer
 * stepping together, three variables summing to a constant, a relation with
 * coefficient 2 on both sides, wrap-around modulo 2^32, parity that two
 * variables share), what must not be found (a relation the samples only
 * fit, one that fails on one sample), and every relation returned checked
 * against every sample. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "relate.h"
#include "tcheck.h"

#define N 4
static uint64_t S[RL_MAX_SAMPLES * N];
static rl_rel R[64];

/* Is there an equality with exactly these coefficients (up to sign), on
 * variables 0..n-1? */
static int has_eq(size_t nr, const int64_t *coef, size_t n, uint64_t c) {
  for (size_t k = 0; k < nr; k++) {
    if (R[k].bits != 32) continue;
    int64_t full[N] = {0};
    for (unsigned i = 0; i < R[k].nv; i++) full[R[k].var[i]] = R[k].coef[i];
    for (int sg = -1; sg <= 1; sg += 2) {
      int same = 1;
      for (size_t i = 0; i < n; i++) same &= full[i] == sg * coef[i];
      if (same && ((sg > 0 ? R[k].c : (uint64_t)-R[k].c) & 0xffffffffu) == (c & 0xffffffffu)) return 1;
    }
  }
  return 0;
}

static void all_hold(size_t nr, size_t m, size_t n, const char *what) {
  for (size_t k = 0; k < nr; k++)
    for (size_t j = 0; j < m; j++)
      if (!rl_holds(&R[k], S + j * n, 32)) {
        fprintf(stderr, "%s: relation %zu fails on sample %zu\n", what, k, j);
        fails++;
        return;
      }
}

int main(void) {
  /* p = leader + 2 i, leader differing between runs; q unrelated noise */
  size_t m = 0;
  for (uint64_t leader = 3; leader < 40; leader += 7)
    for (uint64_t i = 0; i < 5; i++, m++) {
      S[m * N + 0] = leader + 2 * i;
      S[m * N + 1] = i;
      S[m * N + 2] = leader;
      S[m * N + 3] = (i * 7919 + leader * 104729) ^ (i << 5);
    }
  size_t nr = rl_find(S, m, N, 32, NULL, R, 64);
  CHECK(has_eq(nr, (int64_t[]){1, -2, -1, 0}, N, 0));
  all_hold(nr, m, N, "counter and pointer");

  /* x + y + z = 1 (MCVETO's Fig. 10 style), w = 2 x */
  m = 0;
  for (int64_t a = -3; a < 4; a++)
    for (int64_t b = 0; b < 3; b++, m++) {
      S[m * N + 0] = (uint64_t)a & 0xffffffffu;
      S[m * N + 1] = (uint64_t)b;
      S[m * N + 2] = (uint64_t)(1 - a - b) & 0xffffffffu;
      S[m * N + 3] = (uint64_t)(2 * a) & 0xffffffffu;
    }
  nr = rl_find(S, m, N, 32, NULL, R, 64);
  CHECK(has_eq(nr, (int64_t[]){1, 1, 1, 0}, 3, 1) || has_eq(nr, (int64_t[]){0, 2, 2, 1}, N, 2) ||
        has_eq(nr, (int64_t[]){2, 2, 2, 0}, N, 2));
  CHECK(has_eq(nr, (int64_t[]){2, 0, 0, -1}, N, 0));
  all_hold(nr, m, N, "sum to one");

  /* 2 v2 = v1 + v3 (an arithmetic progression) */
  m = 0;
  for (uint64_t a = 0; a < 6; a++)
    for (uint64_t d = 1; d < 4; d++, m++) {
      S[m * N + 0] = a, S[m * N + 1] = a + d, S[m * N + 2] = a + 2 * d, S[m * N + 3] = 17;
    }
  nr = rl_find(S, m, N, 32, NULL, R, 64);
  CHECK(has_eq(nr, (int64_t[]){1, -2, 1, 0}, N, 0));
  all_hold(nr, m, N, "progression");

  /* modulo 2^32: x = 3 i wraps, y = i */
  m = 0;
  for (uint64_t i = 0x55555550; i < 0x55555560; i++, m++) {
    S[m * N + 0] = (3 * i) & 0xffffffffu, S[m * N + 1] = i, S[m * N + 2] = 5, S[m * N + 3] = 5;
  }
  nr = rl_find(S, m, N, 32, NULL, R, 64);
  all_hold(nr, m, N, "wrap-around");

  /* shared parity: x ≡ y (mod 2), neither has one parity; no equality */
  m = 0;
  for (uint64_t y = 0; y < 6; y++)
    for (uint64_t k = 0; k < 4; k++, m++) {
      S[m * N + 0] = y + 2 * k * k, S[m * N + 1] = y, S[m * N + 2] = k * k * k, S[m * N + 3] = 9;
    }
  nr = rl_find(S, m, N, 32, NULL, R, 64);
  int parity = 0;
  for (size_t k = 0; k < nr; k++)
    if (R[k].bits == 1 && R[k].nv == 2 && R[k].var[0] == 0 && R[k].var[1] == 1) parity = 1;
  CHECK(parity);
  all_hold(nr, m, N, "parity");

  /* only fitted: three samples of four changing variables say nothing */
  m = 3;
  for (size_t j = 0; j < m; j++)
    for (size_t i = 0; i < N; i++) S[j * N + i] = (j + 1) * (i + 3) * (j * i + 11) * 2654435761u;
  nr = rl_find(S, m, N, 32, NULL, R, 64);
  for (size_t k = 0; k < nr; k++) CHECK(R[k].bits < 32);

  /* a relation broken by its last sample is not returned */
  m = 0;
  for (uint64_t i = 0; i < 10; i++, m++) {
    S[m * N + 0] = i, S[m * N + 1] = 5 * i + 1, S[m * N + 2] = i * i, S[m * N + 3] = 0;
  }
  S[9 * N + 1] = 0;
  nr = rl_find(S, m, N, 32, NULL, R, 64);
  CHECK(!has_eq(nr, (int64_t[]){5, -1, 0, 0}, N, (uint64_t)-1));
  all_hold(nr, m, N, "broken");

  /* duplicates count once: the same two states repeated find nothing */
  for (size_t j = 0; j < 20; j++)
    for (size_t i = 0; i < N; i++) S[j * N + i] = (j & 1) * (i + 1);
  CHECK(rl_find(S, 20, N, 32, NULL, R, 64) == 0);
  /* bad sizes */
  CHECK(rl_find(S, 20, 0, 32, NULL, R, 64) == 0);
  CHECK(rl_find(S, 20, RL_MAX_VARS + 1, 32, NULL, R, 64) == 0);
  /* two variables an equality relates get no congruence of the pair */
  m = 0;
  for (uint64_t i = 0; i < 12; i++, m++) S[m * N + 0] = 2 * i, S[m * N + 1] = 2 * i + 6, S[m * N + 2] = 7, S[m * N + 3] = 7;
  nr = rl_find(S, m, N, 32, NULL, R, 64);
  CHECK(has_eq(nr, (int64_t[]){1, -1, 0, 0}, N, (uint64_t)-6));
  for (size_t k = 0; k < nr; k++) CHECK(!(R[k].bits < 32 && R[k].nv == 2));
  /* congruences only of the variables asked about */
  nr = rl_find(S, m, N, 32, (const unsigned char[]){0, 0, 1, 1}, R, 64);
  for (size_t k = 0; k < nr; k++) CHECK(R[k].bits == 32);
  /* the cap is kept */
  m = 0;
  for (uint64_t i = 0; i < 12; i++, m++) S[m * N + 0] = 4 * i, S[m * N + 1] = 4 * i, S[m * N + 2] = 8 * i, S[m * N + 3] = 2 * i;
  CHECK(rl_find(S, m, N, 32, NULL, R, 2) == 2);
  if (fails) fprintf(stderr, "runtime.relate: %d check(s) failed\n", fails);
  return fails != 0;
}
