/* feas.h — cheap infeasibility of abstract transitions from the facts
 * their states fix.
 *
 * Splitting states (candidate invariants, §3.2; refinement, Fig. 1) keeps
 * every transition between the pieces, and intersection builds every
 * product edge whose letters match.  With calling contexts in the
 * predicates, most of those edges join states of different contexts
 * (another call depth, another pending return address, another stack
 * pointer): no concrete step takes them, but DPG would spend a frontier
 * step and a refinement on each, and nested reachability slows with their
 * number.  This module removes them up front, by term simplification alone.
 *
 * The facts of a predicate are its top-level conjuncts that compare a term
 * with a constant, or are a bool variable or its negation.  An edge
 * (n, I, m) is infeasible when facts(n) ∧ Pre(I, facts(m)) folds to false
 * or contradicts itself syntactically (tm_conj_ground, tm_conj_contradicts).
 * Since n ⇒ facts(n) and Pre(I, m) ⇒ Pre(I, facts(m)), no state of n has
 * an I-successor in m, so removing the edge is what a refinement with
 * ρ = false would do: sound, and no weaker than DPG's own reasoning.
 *
 * A return edge (x, p, I, m) is also infeasible when the facts of p over
 * the auxiliary stack alone (`$D`, `$A`) contradict facts(m): between a
 * call and its matching return, calls and returns are balanced, so the
 * return restores the call's depth and leaves the words below it as the
 * call found them (pre.h: a call writes `$A[$D]` and increments `$D`).
 *
 * With return sites known (feas_set_return_sites), a return edge (x, p, I, m),
 * whatever its letter, is infeasible when p's states execute a call whose
 * return address is ra and facts(m) say ¬V and PC = a with a ≠ ra: the
 * matching call pushed ra on the auxiliary stack, the words below the
 * depth a call found are as it left them when it returns, and a return to
 * anything but the top sets V (§3.5).
 *
 * Ownership: an feas_cache borrows the vocabulary and the letter table, which
 * must outlive it, and owns its memo tables. */
#ifndef MCVETO_FEAS_H
#define MCVETO_FEAS_H

#include <stdbool.h>
#include <stddef.h>

#include "fold.h"
#include "nwa.h"

typedef struct feas_cache feas_cache;

feas_cache *feas_new(const fold_vocab *v, const fold_letters *L);
void feas_free(feas_cache *c); /* NULL is fine */

/* ra(ctx, p, &ra): p's states all execute one call instruction (not its
 * fall-through outcome), whose return address is ra.  false: unknown. */
typedef bool (*feas_ra_fn)(const void *ctx, nwa_state p, uint64_t *ra);
/* Use ra (NULL: none) for return edges from now on; ctx is borrowed. */
void feas_set_return_sites(feas_cache *c, feas_ra_fn ra, const void *ctx);

/* Is live edge k of a infeasible by the facts of its states?  Edges with
 * the wildcard letter are judged only by the return-site rule. */
bool feas_infeasible(feas_cache *c, const nwa *a, size_t k);

/* Remove every live edge numbered first or higher that feas_infeasible
 * judges infeasible; returns how many went. */
size_t feas_prune(feas_cache *c, nwa *a, size_t first);

#endif
