/* relate.h — linear relations that every one of a set of sample states
 * satisfies, for candidate invariants (MCVETO report §3.2: affine
 * relations and strided values, here found from concrete states as
 * Daikon does rather than by abstract interpretation).
 *
 * The samples are m vectors of n machine words of w bits.  Two kinds of
 * relation are found:
 *   - equalities  a_1 x_1 + … + a_n x_n ≡ c (mod 2^w) with at most
 *     RL_MAX_TERMS nonzero coefficients, at least two (one-variable facts
 *     `x == c` are the caller's business), each of magnitude at most
 *     RL_MAX_COEF;
 *   - congruences x ≡ c, x − y ≡ c and x + y ≡ c (mod 2^t), 1 ≤ t ≤ 16,
 *     that no smaller congruence implies, from at least RL_CONG_SAMPLES
 *     distinct samples (fewer share a low bit too often by chance).
 * Every relation returned holds exactly, modulo its power of two, on every
 * sample.  Equalities come from the null space of the samples' differences
 * over a large prime field, lifted to small integers by rational
 * reconstruction and then checked modulo 2^w; one is returned only when
 * the samples over-determine it (RL_SPARE more distinct samples than the
 * rank of their differences needs), so that a few points of a loop with
 * ten variables do not yield relations that merely fit.
 *
 * Pure computation: no allocation survives a call, nothing is kept. */
#ifndef MCVETO_RELATE_H
#define MCVETO_RELATE_H

#include <stddef.h>
#include <stdint.h>

#define RL_MAX_VARS 64   /* n at most */
#define RL_MAX_SAMPLES 256
#define RL_MAX_TERMS 4   /* variables of one relation */
#define RL_MAX_COEF 16   /* |coefficient| at most */
#define RL_SPARE 4       /* samples beyond the rank an equality needs */
#define RL_CONG_SAMPLES 8

typedef struct rl_rel {
  unsigned nv;                   /* variables with a nonzero coefficient */
  uint32_t var[RL_MAX_TERMS];    /* their indices, increasing */
  int64_t coef[RL_MAX_TERMS];
  uint64_t c;                    /* the right-hand side, reduced mod 2^bits */
  unsigned bits;                 /* the relation holds modulo 2^bits (w: an equality) */
} rl_rel;

/* Relations of the samples s[j*n + i] (sample j, variable i; 0 ≤ j < m,
 * n ≤ RL_MAX_VARS, m ≤ RL_MAX_SAMPLES, 1 ≤ w ≤ 64), at most cap of them
 * into out, equalities first.  Congruences speak only of variables i with
 * cong[i] nonzero (cong NULL: every variable; a caller passes the ones a
 * loop changes, since an input's low bits agree between a few runs by
 * chance).  Returns how many. */
size_t rl_find(const uint64_t *s, size_t m, size_t n, unsigned w, const unsigned char *cong, rl_rel *out,
               size_t cap);

/* Does r hold of the vector x (n words of w bits)? */
int rl_holds(const rl_rel *r, const uint64_t *x, unsigned w);

#endif
