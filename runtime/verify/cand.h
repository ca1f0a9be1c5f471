/* cand.h — candidate invariants from a run (MCVETO report §3.2,
 * speculative trace refinement).
 *
 * While a run of T executes, cd_observe is shown the machine state before
 * every instruction.  Per address, the module keeps the facts of a few
 * fixed shapes that held at every visit so far, and cd_candidate turns the
 * survivors into one predicate φ over the state vocabulary (fold_vocab).
 * The caller splits G_π's state for that address on φ and ¬φ before
 * G := G ∩ G_π, so a wrong candidate costs states, never soundness: both
 * halves keep every transition, and DPG has to prove the ¬φ half
 * unreachable (or reaches it) like any other state.
 *
 * The report finds candidates by dataflow analysis over the folded trace
 * (affine relations, strided intervals).  This module instead keeps what
 * the run's concrete states satisfy (as Daikon does); see
 * docs/verifier.md, "Candidate invariants".  Shapes:
 *   CD_FRAMES  the call depth `$D` and the stack pointer when they are the
 *              same at every visit; for the three innermost pending calls,
 *              the return address `$A[$D-1-j]` when it is always the same,
 *              and the registers or words at SP + k (constant k) that hold
 *              it at every visit;
 *   CD_CONST   the other registers that hold the same value at every visit
 *              (addresses visited at least twice only: a loop head, not one
 *              step);
 *   CD_AFFINE  linear relations among registers and stack words at loop
 *              heads, over the samples of every run so far (below).
 *
 * Ownership: a cd_set owns its tables; terms belong to the vocabulary's
 * tm_ctx.  Machines passed to cd_observe stay the caller's. */
#ifndef MCVETO_CAND_H
#define MCVETO_CAND_H

#include <stdint.h>

#include "exec.h"
#include "fold.h"
#include "terms.h"

typedef struct cd_set cd_set;

/* the shapes, for cd_new; CD_ORDERS (with CD_AFFINE) is the caller's: it
 * adds cd_orders to the relations, checked (loopcand.h) */
enum { CD_FRAMES = 1, CD_CONST = 2, CD_CONTEXT = 4, CD_AFFINE = 8, CD_ORDERS = 16 };

cd_set *cd_new(const fold_vocab *v, unsigned shapes);
void cd_free(cd_set *c); /* NULL is fine */

/* CD_AFFINE keeps its samples across runs, in a history the caller owns
 * and hands to each run's cd_set (cd_use_history) before it observes.
 * Samples are taken at loop heads — addresses a run reached by going back,
 * from an address not below them, at the same call depth — of every
 * location a relation
 * may speak of: the registers of the address width (not SP, PC, flags)
 * and the words at SP + 4k, 0 ≤ k < 24 (a frame's locals and its outgoing
 * arguments).  Per run and address the first 24 visits and then the
 * 2^j-th are sampled, up to 192 samples per address over all runs. */
typedef struct cd_hist cd_hist;
cd_hist *cd_hist_new(const fold_vocab *v);
void cd_hist_free(cd_hist *h); /* NULL is fine */
void cd_use_history(cd_set *c, cd_hist *h);

/* CD_AFFINE: the relations (relate.h) that every sample of pc, from every
 * run given the history, satisfies: equalities among two or more
 * locations, congruences modulo a power of two (at most 8); a conjunction,
 * or 0.  Locations that ever held an address inside the image or the
 * initial stack (fold_vocab.rd) take no part: those are pointers. */
isa_term cd_relation(cd_set *c, uint64_t pc);

/* CD_AFFINE: locations ok(ctx, pc, term) rejects take no part in
 * cd_relation and cd_orders at pc (the caller's notion of relevance:
 * loopcand.h, what the loop tests).  NULL: all take part. */
typedef bool (*cd_loc_ok)(void *ctx, uint64_t pc, isa_term loc);
void cd_set_loc_filter(cd_set *c, cd_loc_ok ok, void *ctx);

/* CD_AFFINE: orders that every sample of pc satisfies, for the caller to
 * check (loopcand.h) before it offers them: x ≤s y, and x <s y where every
 * sample has it strictly, between two locations as cd_relation takes them
 * that vary, or that have one nonzero value in the samples (a bound from
 * input that the runs so far did not change) — pairs with a location that
 * varies first; 0 ≤s x for a location
 * that varies and is never negative; x ≡ c (mod 2) for a location whose
 * samples all have parity c; then, for a location x that varies, bounds
 * by the constants ks[0..nk) (what the loop compares with): x ≤ K and
 * x ≤ K + 1 (signed, or unsigned for K ≥ 2^(w−1)), K ≤s x and K − 1 ≤s x;
 * then x + y ≤s z and z ≤s x + y for locations one of which varies, or
 * any three with all_sums (x and y may be one: 2x).
 * Up to cap terms into out, in that order; how many, and in *npairs how
 * many come before the bounds by constants. */
size_t cd_orders(cd_set *c, uint64_t pc, const uint64_t *ks, size_t nk, isa_term *out, size_t cap, size_t *npairs,
                 bool all_sums);

/* CD_AFFINE: x == c for each location x (as cd_relation takes them, not
 * pointers) that held one value c at every sample of pc; up to cap into
 * out, how many. */
size_t cd_constants(cd_set *c, uint64_t pc, isa_term *out, size_t cap);

/* CD_AFFINE: polynomial equalities that every sample of pc satisfies,
 * with a product of locations in each (the linear ones are cd_relation's):
 * a_1 m_1 + … + a_k m_k == c (mod 2^w), k ≤ RL_MAX_TERMS, |a_i| ≤
 * RL_MAX_COEF, each m_i a product of one to three of the locations that
 * vary at pc (as cd_relation takes them; three only when at most five
 * vary, and at most eight take part), found over the samples whose
 * products fit in w signed bits (y == 3n·n + 3n + 1, x == n·n·n).  Up to
 * cap into out; how many. */
size_t cd_poly(cd_set *c, uint64_t pc, isa_term *out, size_t cap);

/* A number that changes when the samples of pc change (0: none). */
uint64_t cd_hist_version(const cd_hist *h, uint64_t pc);

/* Does t (a bool term over the state at pc) hold at every sample of pc in
 * the history?  The registers and the words at SP + 4k have their sampled
 * values, SP the one every sample had; true when t reads anything else
 * (it cannot tell) or pc has no samples. */
bool cd_hist_holds(const cd_hist *h, uint64_t pc, isa_term t);

/* CD_AFFINE: the frame at pc, when every sample from every run had the
 * same stack pointer there (no recursion or alloca above it): SP and each
 * register that held one pointer into the stack (within CTX_NEAR of SP) at
 * every sample, as variables with their values, up to cap into var and
 * val; how many (0 when SP varied or there are too few samples).  A loop
 * check can then tell the frame's words apart (loopcand.h). */
size_t cd_frame(cd_set *c, uint64_t pc, isa_term *var, uint64_t *val, size_t cap);

/* Record the state of x, about to execute the instruction at its PC. */
void cd_observe(cd_set *c, ex_machine *x);

/* From now on, cd_observe only drops facts that a visit contradicts and
 * adds no address or context: for a second run that tells which values
 * depend on the input. */
void cd_freeze(cd_set *c);

/* The candidate invariant at address pc: a conjunction of the facts that
 * held at every observed visit, or 0 if there is none. */
isa_term cd_candidate(cd_set *c, uint64_t pc);

/* CD_CONTEXT: the candidate of the i-th calling context seen at pc (i from
 * 0), or 0 past the last: the call depth, every pending return address,
 * the stack pointer if it was the same at every visit, and the registers
 * and words at SP + k that held the same stack pointer or return address at
 * every visit in that context. */
isa_term cd_context(cd_set *c, uint64_t pc, size_t i);

#endif
