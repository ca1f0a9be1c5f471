/* cutproof.h — a proof of safety by inductive invariants at loop heads:
 * Floyd's method over cut points, the invariants chosen by Houdini's
 * fixpoint over candidate atoms.
 *
 * Why.  A speculative candidate split into the abstract graph (cand.h,
 * MCVETO report §3.2) must still be proven by DPG, one refinement at a
 * time, through the loop's body and the code before it; with the dozen
 * facts a loop with a bound from input needs (`j ≤ 2n`, `x = leader + 2i`,
 * ...) that is often more than the budget allows, though the facts are
 * inductive.  This module checks such facts directly, and when they suffice
 * the check is the proof.
 *
 * What is proven.  The cut points are the program's entry and the loop
 * heads the caller names (cp_head), each at the call depth of its first
 * arrival.  From each one, the program's instructions are executed
 * symbolically (symstep.h) along every path — both directions of each
 * branch, into calls and back, through returns that go back to their call
 * (and, as a path of its own, through one that does not: an AE violation,
 * §3.5) — until the path reaches a cut point at its depth, the target, an
 * AE violation, or the program's end (an exit or a halt).  The walk from
 * the entry starts in the initial state of the Linux input model (the
 * caller's map and grounding: registers 0, the image's memory, standard
 * input free); the walk from a head starts in any state with the head's
 * invariant.  A head's invariant is its structure — the stack pointer and
 * frame pointers the runs had there (cd_frame), the call depth, the
 * pending return addresses and "no AE violation yet", as at the first
 * arrival — and the atoms that survive Houdini: each path from a cut point
 * whose invariant holds to a head must keep every surviving atom of that
 * head, and atoms a path can break are dropped until none is.  The atoms
 * are the caller's (relations and orders from the runs' samples) and the
 * values that the registers and the memory bytes a head's paths read at
 * constant addresses (a frame's words at -O0, a return address, a global)
 * had at the first arrival.  The proof stands when, with the invariants
 * that survive, every path to a head keeps that head's structure and no
 * path to the target or to an AE violation is feasible.  By induction over
 * an execution's visits to the cut points, no execution then reaches the
 * target or makes an AE violation.
 *
 * It is complete only when every path was followed: an indirect jump or
 * call whose target is not known, a `read` of a count not known or of
 * more than 16 bytes, a system call the runtime does not implement, bytes
 * that do not decode, a path of more than CP_MAX_LEN instructions (a loop
 * that is not a cut point) or more than CP_MAX_STEPS instructions in all
 * end the attempt without a proof.  The symbolic semantics does not model
 * memory faults (a fault ends a run, so paths past one only add
 * behaviours) and gives each system call's unknown result a fresh
 * variable.
 *
 * Ownership: the context borrows the vocabulary, the letter table (it
 * interns the letters it meets), the loaded image and the solver (whose
 * timeout it changes); terms belong to the vocabulary's tm_ctx. */
#ifndef MCVETO_CUTPROOF_H
#define MCVETO_CUTPROOF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fold.h"
#include "htab.h"
#include "mem.h"
#include "smt.h"
#include "terms.h"

#define CP_MAX_LEN 400     /* instructions of one path */
#define CP_MAX_STEPS 40000 /* instructions executed symbolically, in all */
#define CP_MAX_SEGS 600    /* paths ending at a cut point, the target or a violation */
#define CP_MAX_HEADS 16
#define CP_FRAME_MAX 8

typedef struct cp_ctx cp_ctx;

/* t over the initial state made ground under the input model: the term
 * (reads of the initial memory at known addresses replaced by the image's
 * bytes, registers by their initial values), and in *facts what holds of
 * every initial state about the reads that stay (dpg's ground). */
typedef isa_term (*cp_ground_fn)(void *ctx, isa_term t, isa_term *facts);

/* Does an atom hold at every state the runs showed at a loop head (false
 * only when some state refutes it)?  Atoms the runs refute are dropped
 * before the fixpoint, which would need a query for each. */
typedef bool (*cp_sample_fn)(void *ctx, uint64_t pc, isa_term atom);

/* target: a path that reaches it must be infeasible.  dropped (the
 * caller's, which may outlive the context and its terms): the atoms
 * earlier fixpoints dropped, by head and text; a later one starts without
 * them. */
cp_ctx *cp_new(const fold_vocab *v, fold_letters *L, const mem_space *code, smt *solver, uint64_t target,
               ht_map *dropped);
void cp_free(cp_ctx *c); /* NULL is fine */
/* Print on standard error the heads, their atoms, and what failed. */
void cp_set_debug(cp_ctx *c, bool on);

/* The loop head at pc: the frame the runs had there (variables with the
 * values every sample had; SP among them) and the candidate atoms (bool
 * terms over the state at the head), both copied.  Given again, they
 * replace the earlier ones.  True when that changed anything: an attempt
 * since may now go otherwise. */
bool cp_head(cp_ctx *c, uint64_t pc, const isa_term *fvar, const uint64_t *fval, size_t nf, const isa_term *atoms,
             size_t n);

/* What an attempt found. */
typedef struct cp_stats {
  size_t heads;    /* cut points reached from the entry */
  size_t atoms;    /* atoms in the invariants that stood */
  size_t segments; /* paths between cut points, to the target, to violations */
} cp_stats;

/* Try to prove that no execution reaches the target or makes an AE
 * violation.  init: the initial state as a map over variable indices (PC,
 * SP, `$V`, `$D`, `$ip`; 0 elsewhere), with ninit entries; gr grounds terms
 * over it, and holds (NULL: none) tells atoms the runs refute, both with
 * gctx.  Within the given seconds (the solver's per-query limit is set
 * to at most query_ms).  1: proven; 0: not (why says what stood in the
 * way); -1: out of time. */
int cp_prove(cp_ctx *c, const isa_term *init, size_t ninit, cp_ground_fn gr, cp_sample_fn holds, void *gctx,
             double seconds, unsigned query_ms, cp_stats *st, char *why, size_t whysz);

#endif
