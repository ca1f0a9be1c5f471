/* loopcand.h — which candidate facts at a loop head one pass of the loop
 * keeps: a consecution check, Houdini style, over the loop body's paths.
 *
 * Why.  A candidate invariant split into G (cand.h, MCVETO report §3.2)
 * costs a proof states and refinements, and a fact the loop does not keep
 * costs them for nothing: DPG then has to refute it through the loop, which
 * is the unrolling the candidate was meant to avoid.  The facts the runs'
 * samples show at a loop head (relations, orders between two variables)
 * are many, and most are accidents of the few runs so far.  Checking which
 * of them one pass of the loop preserves, before the split, leaves the ones
 * worth a split.
 *
 * What is checked.  From the loop head, the instructions of the program
 * (decoded from the loaded image) are executed symbolically along every
 * path, both ways at each conditional branch, into calls and back, until
 * the path comes back to the head (a pass) or leaves the loop (a return
 * from the head's procedure, a halt, an exit, the target).  The walk starts
 * from the head's frame when the caller gave one (lc_set_frame).  A `read` from
 * standard input of a count known there (at most 16 bytes) stores the
 * input's next bytes, `$in` from `$ip`, as exec.c does; a read of another
 * count, an indirect jump,
 * bytes that do not decode, a path longer than LC_MAX_LEN instructions,
 * more than LC_MAX_PATHS passes or LC_MAX_STEPS instructions in all leave
 * the walk incomplete: a pass may be missing, and nothing is checked.  For each pass p, with A the conjunction of the
 * atoms still standing, the solver is asked whether A ∧ cond(p) ∧ ¬a[post(p)]
 * for some atom a is satisfiable; the atoms a model falsifies are dropped,
 * until no pass drops any.  What stands is preserved by every pass
 * followed.  When it also makes every path from the head to the target
 * infeasible (an assertion in the loop or after it), the atoms the caller
 * lets go (its orders) are cut down to what still does: they are dropped
 * from the last to the first while Houdini over the rest still excludes
 * those paths (each atom is a disjunct DPG has to refute).  A complete walk with no pass (the head is
 * not a loop in its own frame) keeps nothing.
 *
 * Soundness.  This is a heuristic filter for speculative candidates: a pass
 * not followed, or an initial state that breaks the fact, costs the split
 * states, never a verdict — DPG proves or refutes the split's ¬φ half like
 * any other state (cand.h).
 *
 * Ownership: the context borrows the vocabulary, the letter table (it
 * interns the letters it meets), the loaded memory and the solver (whose
 * timeout it changes); terms belong to the vocabulary's tm_ctx. */
#ifndef MCVETO_LOOPCAND_H
#define MCVETO_LOOPCAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fold.h"
#include "mem.h"
#include "smt.h"
#include "terms.h"

#define LC_MAX_LEN 160   /* instructions of one path */
#define LC_MAX_PATHS 48  /* passes followed */
#define LC_MAX_STEPS 4000 /* instructions executed symbolically, in all */
#define LC_MAX_CONSTS 8  /* constants remembered from the branches */

typedef struct lc_ctx lc_ctx;

#define LC_FRAME_MAX 8
/* Variables (the stack pointer, frame pointers) and the values every run
 * had at a head (cd_frame). */
typedef struct lc_frame {
  size_t n;
  isa_term var[LC_FRAME_MAX];
  uint64_t val[LC_FRAME_MAX];
} lc_frame;

/* target: the verification target (a path that reaches it leaves the loop). */
lc_ctx *lc_new(const fold_vocab *v, fold_letters *L, const mem_space *code, smt *solver, uint64_t target);
void lc_free(lc_ctx *c); /* NULL is fine */

/* The frame of head from now on (n ≤ LC_FRAME_MAX pairs; n = 0: none): the
 * walk starts from a state where those variables have those values, and
 * the atoms are checked in it.  The stores and loads of a pass then fall
 * at constant addresses, which the term rewriter tells apart, instead of
 * at SP + a and FP + b, which leave the solver to rule out their aliasing
 * in every query (in -O0 code every variable is such a word).  It only
 * narrows the states the check speaks of to those of the runs' frame,
 * which is what a heuristic filter may do (Soundness, above). */
void lc_set_frame(lc_ctx *c, uint64_t head, const isa_term *var, const uint64_t *val, size_t n);

/* Does t (a term over the state at head) speak only of what the loop tests:
 * the conditions of every pass, and of the branches of the head's own
 * procedure on the paths that leave the loop (an assertion after it)?  The
 * stack pointer counts as tested (stack words are relative to it); a byte
 * of the stack counts when such a branch reads it, unless a branch reads
 * memory at an address not relative to the stack pointer (then all do).
 * True when the walk is incomplete or found no pass. */
bool lc_relevant(lc_ctx *c, uint64_t head, isa_term t);

/* The constants (of the address width) that the branches of the walk
 * compare a variable with: the loop's passes and the head's procedure's
 * paths out of it, up to LC_MAX_CONSTS in the order met, up to cap into
 * out; how many.  The bounds a candidate may state (`i ≤ N` for a loop
 * `while (i < N)`). */
size_t lc_consts(lc_ctx *c, uint64_t head, uint64_t *out, size_t cap);

/* The atoms (bool terms over the state at head) that every pass preserves,
 * those from atoms[nfixed] on cut down to what the paths to the target
 * need when they exclude those paths, as a mask over atoms[0..n) (n ≤ 63);
 * none, and true, when the complete walk found no pass.  atoms[0..nfirst)
 * are checked first, and the rest then with what stood of them, each
 * check within LC_SECONDS: when the second runs out of time, the first's
 * answer stands.  Returns false, and all of them, when the walk is
 * incomplete or found no pass, or the first check took longer than
 * LC_SECONDS (nothing counts as checked).  Remembers the answer per
 * (head, frame, atoms). */
bool lc_keep(lc_ctx *c, uint64_t head, const isa_term *atoms, size_t n, size_t nfixed, size_t nfirst, uint64_t *mask);

#endif
