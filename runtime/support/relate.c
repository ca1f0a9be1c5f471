/* relate.c — linear relations of sample states; see relate.h. */
#include "relate.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* ---- arithmetic in F_P, P = 2^61 − 1 ----------------------------------------
 * A prime far above any difference of two 32-bit words, so that a relation
 * with small coefficients over the integers is one over F_P too, and the
 * products fit in 128 bits. */
#define P 0x1FFFFFFFFFFFFFFFull

static uint64_t red(uint64_t r) {
  while (r >= P) r -= P;
  return r;
}
static uint64_t fsub(uint64_t a, uint64_t b) { return a >= b ? a - b : a + P - b; }
static uint64_t fmul(uint64_t a, uint64_t b) {
  unsigned __int128 x = (unsigned __int128)a * b;
  return red((uint64_t)(x & P) + (uint64_t)(x >> 61));
}
static uint64_t finv(uint64_t a) { /* a ≠ 0: a^(P−2) */
  uint64_t r = 1, e = P - 2;
  for (; e; e >>= 1, a = fmul(a, a))
    if (e & 1) r = fmul(r, a);
  return r;
}
static uint64_t from_signed(int64_t v) { return v >= 0 ? red((uint64_t)v) : fsub(0, red((uint64_t)(-(v + 1)) + 1)); }

/* u = a / b with |a|, b ≤ 2^20 (rational reconstruction, by the extended
 * Euclidean algorithm stopped half-way).  False if there is none. */
#define RR_BOUND (1ll << 20)
static bool rational(uint64_t u, int64_t *a, int64_t *b) {
  int64_t r0 = (int64_t)P, r1 = (int64_t)u, t0 = 0, t1 = 1;
  while (r1 > RR_BOUND) {
    int64_t q = r0 / r1, r2 = r0 - q * r1;
    __int128 t2 = (__int128)t0 - (__int128)q * t1;
    if (t2 > (__int128)P || t2 < -(__int128)P) return false;
    r0 = r1, r1 = r2, t0 = t1, t1 = (int64_t)t2;
  }
  if (t1 == 0 || t1 > RR_BOUND || t1 < -RR_BOUND) return false;
  if (t1 < 0) t1 = -t1, r1 = -r1;
  if (fmul(from_signed(t1), u) != from_signed(r1)) return false;
  *a = r1, *b = t1;
  return true;
}

static int64_t gcd64(int64_t a, int64_t b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b) {
    int64_t t = a % b;
    a = b, b = t;
  }
  return a;
}

static uint64_t wmask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }
static int64_t sext(uint64_t v, unsigned w) {
  if (w >= 64) return (int64_t)v;
  v &= wmask(w);
  return (v >> (w - 1)) & 1 ? (int64_t)(v | ~wmask(w)) : (int64_t)v;
}
static unsigned ctz64(uint64_t v) { return v ? (unsigned)__builtin_ctzll(v) : 64; }

static uint64_t lhs(const rl_rel *r, const uint64_t *x) {
  uint64_t s = 0;
  for (unsigned k = 0; k < r->nv; k++) s += (uint64_t)r->coef[k] * x[r->var[k]];
  return s;
}

int rl_holds(const rl_rel *r, const uint64_t *x, unsigned w) {
  unsigned b = r->bits < w ? r->bits : w;
  return ((lhs(r, x) - r->c) & wmask(b)) == 0;
}

static bool holds_all(const rl_rel *r, const uint64_t *s, size_t m, size_t n, unsigned w) {
  for (size_t j = 0; j < m; j++)
    if (!rl_holds(r, s + j * n, w)) return false;
  return true;
}

static bool push(rl_rel *out, size_t *k, size_t cap, rl_rel r) {
  if (*k >= cap) return false;
  out[(*k)++] = r;
  return true;
}

/* The equalities: the null space of the differences s_j − s_0 over F_P. */
static void equalities(const uint64_t *s, size_t m, size_t n, unsigned w, rl_rel *out, size_t *k, size_t cap) {
  size_t rows = m - 1;
  uint64_t *A = xa_calloc(rows * n + 1, sizeof *A);
  for (size_t j = 0; j < rows; j++)
    for (size_t i = 0; i < n; i++) A[j * n + i] = from_signed(sext(s[(j + 1) * n + i] - s[i], w));
  /* reduced row echelon form */
  size_t rank = 0;
  size_t piv[RL_MAX_VARS];
  bool is_piv[RL_MAX_VARS] = {false};
  for (size_t col = 0; col < n && rank < rows; col++) {
    size_t p = rank;
    while (p < rows && !A[p * n + col]) p++;
    if (p == rows) continue;
    if (p != rank)
      for (size_t i = 0; i < n; i++) {
        uint64_t t = A[p * n + i];
        A[p * n + i] = A[rank * n + i], A[rank * n + i] = t;
      }
    uint64_t iv = finv(A[rank * n + col]);
    for (size_t i = 0; i < n; i++) A[rank * n + i] = fmul(A[rank * n + i], iv);
    for (size_t r = 0; r < rows; r++) {
      uint64_t f = A[r * n + col];
      if (r == rank || !f) continue;
      for (size_t i = 0; i < n; i++) A[r * n + i] = fsub(A[r * n + i], fmul(f, A[rank * n + i]));
    }
    piv[rank++] = col;
    is_piv[col] = true;
  }
  /* a relation the samples only fit is no evidence: ask for two samples
   * beyond what the rank accounts for */
  if (rows < rank + RL_SPARE) {
    free(A);
    return;
  }
  for (size_t f = 0; f < n; f++) {
    if (is_piv[f]) continue;
    /* a_f = 1, a_piv[r] = −A[r][f] */
    int64_t num[RL_MAX_VARS], den[RL_MAX_VARS];
    uint32_t var[RL_MAX_VARS];
    unsigned nv = 0;
    bool ok = true;
    for (size_t r = 0; r < rank && ok; r++) {
      uint64_t v = fsub(0, A[r * n + f]);
      if (!v) continue;
      if (nv == RL_MAX_TERMS - 1 || !rational(v, &num[nv], &den[nv])) ok = false;
      else var[nv++] = (uint32_t)piv[r];
    }
    if (!ok || nv == 0) continue; /* too wide, or a variable that never changes */
    num[nv] = 1, den[nv] = 1, var[nv++] = (uint32_t)f;
    int64_t l = 1;
    for (unsigned i = 0; i < nv && ok; i++) {
      int64_t g = gcd64(l, den[i]);
      l = l / g * den[i];
      if (l > RR_BOUND) ok = false;
    }
    if (!ok) continue;
    /* integer coefficients, divided by their gcd */
    int64_t ic[RL_MAX_VARS], g = 0;
    for (unsigned i = 0; i < nv; i++) g = gcd64(g, ic[i] = num[i] * (l / den[i]));
    if (!g) continue;
    for (unsigned i = 0; i < nv && ok; i++) ok = (ic[i] /= g) <= RL_MAX_COEF && ic[i] >= -RL_MAX_COEF;
    if (!ok) continue;
    /* increasing variable order, first coefficient positive */
    rl_rel r = {.bits = w};
    for (unsigned i = 0; i < nv; i++) {
      unsigned at = r.nv;
      while (at > 0 && r.var[at - 1] > var[i]) {
        r.var[at] = r.var[at - 1], r.coef[at] = r.coef[at - 1];
        at--;
      }
      r.var[at] = var[i], r.coef[at] = ic[i];
      r.nv++;
    }
    if (r.coef[0] < 0)
      for (unsigned i = 0; i < r.nv; i++) r.coef[i] = -r.coef[i];
    r.c = lhs(&r, s) & wmask(w);
    if (holds_all(&r, s, m, n, w) && !push(out, k, cap, r)) break;
  }
  free(A);
}

#define CONG_MAX 16

/* x ≡ c, and x ∓ y ≡ c where the single ones do not imply it; a single
 * one only of a variable cong allows, a pair only with one such. */
static void congruences(const uint64_t *s, size_t m, size_t n, unsigned w, const unsigned char *cong, rl_rel *out,
                        size_t *k, size_t cap) {
  size_t neq = *k; /* out[0..neq): the equalities */
  unsigned t[RL_MAX_VARS];
  uint64_t mask = wmask(w);
  for (size_t i = 0; i < n; i++) {
    uint64_t g = 0;
    for (size_t j = 1; j < m; j++) g |= (s[j * n + i] - s[i]) & mask;
    t[i] = g ? ctz64(g) : 64; /* 64: never changes */
  }
  for (size_t i = 0; i < n; i++) {
    if (t[i] == 64 || t[i] == 0 || (cong && !cong[i])) continue;
    unsigned b = t[i] < CONG_MAX ? t[i] : CONG_MAX;
    rl_rel r = {.nv = 1, .var = {(uint32_t)i}, .coef = {1}, .bits = b};
    r.c = s[i] & wmask(b);
    if (!push(out, k, cap, r)) return;
  }
  for (size_t i = 0; i < n; i++)
    for (size_t i2 = i + 1; i2 < n; i2++) {
      if (t[i] == 64 || t[i2] == 64 || (cong && !cong[i] && !cong[i2])) continue;
      /* two variables an equality relates: their sum and difference add little */
      bool related = false;
      for (size_t q = 0; q < neq && !related; q++)
        related = out[q].nv == 2 && out[q].var[0] == i && out[q].var[1] == i2;
      if (related) continue;
      unsigned implied = t[i] < t[i2] ? t[i] : t[i2];
      for (int sign = -1; sign <= 1; sign += 2) {
        uint64_t g = 0;
        for (size_t j = 1; j < m; j++)
          g |= ((s[j * n + i] - s[i]) + (uint64_t)(int64_t)sign * (s[j * n + i2] - s[i2])) & mask;
        if (!g) continue; /* x ∓ y never changes: an equality's business */
        unsigned tt = ctz64(g);
        unsigned b = tt < CONG_MAX ? tt : CONG_MAX;
        if (b <= implied || b == 0) continue;
        rl_rel r = {.nv = 2, .var = {(uint32_t)i, (uint32_t)i2}, .coef = {1, sign}, .bits = b};
        r.c = lhs(&r, s) & wmask(b);
        if (!push(out, k, cap, r)) return;
      }
    }
}

size_t rl_find(const uint64_t *s0, size_t m0, size_t n, unsigned w, const unsigned char *cong, rl_rel *out,
               size_t cap) {
  if (!n || n > RL_MAX_VARS || !w || w > 64 || m0 > RL_MAX_SAMPLES) return 0;
  /* distinct samples only */
  uint64_t *s = xa_malloc(sizeof *s * (m0 * n + 1));
  size_t m = 0;
  for (size_t j = 0; j < m0; j++) {
    bool dup = false;
    for (size_t q = 0; q < m && !dup; q++) {
      dup = true;
      for (size_t i = 0; i < n && dup; i++) dup = ((s0[j * n + i] ^ s[q * n + i]) & wmask(w)) == 0;
    }
    if (dup) continue;
    for (size_t i = 0; i < n; i++) s[m * n + i] = s0[j * n + i] & wmask(w);
    m++;
  }
  size_t k = 0;
  if (m >= 3) equalities(s, m, n, w, out, &k, cap);
  if (m >= RL_CONG_SAMPLES) congruences(s, m, n, w, cong, out, &k, cap);
  free(s);
  return k;
}
