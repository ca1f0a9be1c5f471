/* inv.h — facts proven over the abstract graph: forward constant
 * propagation along its transitions, and the strengthening of state
 * predicates with what it proves.
 *
 * Why.  Pre carries a property back through every store as "this write
 * misses that slot", over symbolic SP, frame pointer and call depth, so the
 * predicates near a proof's calls grow disjunctions about the stack layout
 * (and the AE half of every proof is exactly that: no store reaches a pending
 * return address).  In most programs the stack pointer, the frame pointer
 * and the call depth have one value at each state of the graph once the
 * graph tells calling contexts apart, and the return slots hold their
 * return addresses.  The report gets such facts speculatively, from dataflow
 * analyses over the folded trace, checked by DPG like any other predicate
 * (§3.2); here they are proven over the abstract graph itself, so no ¬φ half
 * has to be refuted.
 *
 * What is proven.  For each state s, a fact vector: the registers, `$V`,
 * `$D`, `$ip` and `$inlen` that hold one known value in every state a run
 * can be in at s, and known bytes of `mem` and of `$A` at constant
 * addresses.  It is the least fixpoint of: the start state knows nothing;
 * a boot step gives the initial facts (inv_set_initial); every other
 * transition applies its letter's symbolic transformer (pre_post_of, the
 * same as Pre) evaluated where its inputs are known — a wildcard letter
 * knows nothing afterwards; a store to an unknown address forgets all of
 * memory, a `read` forgets the bytes its window may fill; and a matched
 * return restores `$D` and the auxiliary stack below it from its call
 * predecessor (with ¬$V, calls and returns between them balance); at each
 * state the facts of its predicate (var == constant, bool literals) are
 * added, and a contradiction makes the state's value ⊥ (no run gets there
 * along that way).  Calls are analysed by the functional approach: values
 * are kept per calling context (a procedure entry and the facts it was
 * entered with, at most 16 per entry), and a return takes the callee's
 * value in a context back to the callers that entered it there, so a
 * procedure called from several places does not lose its callers' stack
 * pointers.
 *
 * Bytes of loaded pages without write permission (inv_set_fixed) are
 * known everywhere: a store there faults, so no run changes them.  Loaded
 * bytes of writable pages given as initial facts (inv_set_initial_byte: the
 * code a self-modifying program may rewrite) are known from the boot step
 * on, like any byte, until a store or a `read` may change them.  They form
 * a layer that all vectors share: a vector records only the bytes where it
 * differs from the layer (a known other value, or a hole where it knows
 * none), and a store to an unknown address drops the layer, so there is no
 * limit on the layer's size as there is on a vector's own bytes.
 *
 * Disjunctions.  The value of a (state, context) is a set of fact vectors,
 * every state a run can be in there satisfying one of them; up to 32 are
 * kept apart, then they are joined into one.  So a loop whose counter is
 * known in each pass (a string's length over fixed bytes, a constant trip
 * count) keeps one vector per pass, and its exit knows the counter.  A
 * step whose register result is ite(c, a, b) with a and b known and c not
 * (a conditional move) gives two vectors, one per value of c.  A vector
 * that knows no more than one already kept adds nothing.  Should the work
 * bound be exceeded, the analysis runs again with one vector per
 * (state, context) and no splits, as before.
 *
 * The byte variable u.  A vector may name one unknown byte u, with the set
 * of values (of 256) it can have: the first step that reads a byte the
 * vector does not know, at an address it knows, names it, and what is
 * computed from it stays a term over u (at most 256 nodes) in registers,
 * flags and bytes of `mem`.  A step's condition, or a destination's
 * predicate, that is a term over u keeps the values that satisfy it; a
 * vector with at most 8 values left is split into one per value, with
 * everything known.  A vector stands for the states for which some u in
 * its set gives every term its value, so a join keeps only the terms both
 * vectors have (with the union of the sets).  A vector whose u only bytes
 * of memory hold, with no value ruled out, gives it up to the next unknown
 * byte a step reads.  So `assume(n <= 4)` on an input byte leaves one
 * vector per value of n, and a recursion that n bounds has a context per
 * depth, each with its stack pointer known.
 *
 * Entries of `$A` at or above a known `$D` are dropped: no run's auxiliary
 * stack has them (the concrete model reads them as 0).
 *
 * Edges.  A transition is removed when, in every calling context its
 * source is reached in and for every vector there, its condition is false, its result contradicts the
 * destination's facts, or Pre of the destination's predicate is false
 * under the source's facts (which decides the accepting state's
 * "target or $V" from a state with ¬$V and a known next PC).  Contexts are
 * judged one by one, not on their join: a return slot holds its return
 * address in each context of a procedure called from several places, but
 * the join knows only the bytes the return addresses share.
 *
 * Soundness.  Every run of the program is a path of the graph whose
 * concrete states satisfy the predicates of the states they are in
 * (dpg.h).  Along such a path each step is its letter's instruction, so by
 * induction every concrete state at s satisfies s's facts.  Hence
 *   - P' = F ∧ P[known := values] (F the scalar facts and every byte fact
 *     substituted) holds of exactly the same reachable states as P, and
 *     replaces P (nwa_set_pred).  F carries the byte facts too because
 *     witnesses are marked by evaluating predicates on runs: without them
 *     a run in another copy of the same address would satisfy P';
 *   - a transition whose condition is false under its source's facts, or
 *     whose result contradicts its destination's predicate, is taken by no
 *     run and is removed (a refinement with ρ = false).
 * Splits and intersections only remove paths, so facts stay true of the
 * states that inherit them; dpg re-checks every run against the graph after
 * each change.
 *
 * Ownership: the context borrows the vocabulary and the letter table; terms
 * belong to the vocabulary's tm_ctx.
 */
#ifndef MCVETO_INV_H
#define MCVETO_INV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fold.h"
#include "nwa.h"

typedef struct inv_ctx inv_ctx;

/* boot: the letter of the boot steps (their destination holds the initial
 * facts). */
inv_ctx *inv_new(const fold_vocab *v, const fold_letters *L, nwa_letter boot);
void inv_free(inv_ctx *c);

/* The initial state has variable var (a register, `$V`, `$D`, `$ip`) =
 * value in every run.  Call before the first inv_strengthen. */
void inv_set_initial(inv_ctx *c, isa_term var, uint64_t value);

/* The initial state has byte `byte` of `mem` at addr in every run (a
 * loaded byte of a writable page).  Give each address once.  Call before
 * the first inv_strengthen. */
void inv_set_initial_byte(inv_ctx *c, uint64_t addr, uint8_t byte);

/* Bytes of `mem` that hold one value in every state of every run: fn
 * returns true and the byte, or false.  The caller vouches for it (dpg: a
 * loaded page without write permission, which no modelled step changes; a
 * store there faults, so no run completes it).  ctx is borrowed and must
 * outlive c.  Call before the first inv_strengthen. */
typedef bool (*inv_fixed_fn)(const void *ctx, uint64_t addr, uint8_t *byte);
void inv_set_fixed(inv_ctx *c, inv_fixed_fn fn, const void *ctx);

typedef struct inv_stats {
  size_t changed; /* predicates strengthened */
  size_t removed; /* transitions removed */
  size_t bottom;  /* states no fact-consistent path reaches */
  size_t contexts; /* calling contexts the fixpoint told apart */
} inv_stats;

/* Compute the facts of every state of a and apply them (above).  Returns
 * false, changing nothing, if the fixpoint did not settle within its work
 * bound. */
bool inv_strengthen(inv_ctx *c, nwa *a, inv_stats *st);

/* t with the facts of state s at the last settled inv_strengthen substituted
 * (registers and known bytes), folded where that makes it constant, and
 * conjoined with the byte facts it used (a boolean t only: the caller's ρ).
 * In every state a run can be in at s, the result has t's value.  Only for the
 * graph that inv_strengthen analysed, or one made from it by splits
 * (inv_inherit) and edge removals: the caller calls inv_forget when it
 * replaces the graph.  Returns t where nothing is known. */
isa_term inv_ground(inv_ctx *c, nwa_state s, isa_term t);

/* State copy was split off orig (nwa_split): it holds a subset of orig's
 * states, so orig's facts hold there too. */
void inv_inherit(inv_ctx *c, nwa_state copy, nwa_state orig);

/* The graph was replaced: inv_ground knows nothing until the next
 * inv_strengthen. */
void inv_forget(inv_ctx *c);

/* Self-checks (verify --self-check): level 1 makes inv_strengthen keep
 * every state's vectors for inv_debug_covers; level 2 also has
 * inv_debug_covers say, on standard error, the fact each vector fails on. */
void inv_set_self_check(inv_ctx *c, unsigned level);

/* Self-check (inv_set_self_check, during inv_strengthen): does some fact vector of state s hold of the
 * concrete state env (registers by variable index, `mem` and `$A` bytes)?
 * 1 yes, 0 no (a fact is wrong, or s is reached in a way the fixpoint did
 * not see), -1 nothing kept for s.  Resets the term evaluator's memo
 * (tm_eval_begin). */
int inv_debug_covers(inv_ctx *c, nwa_state s, const tm_env *env);

#endif
