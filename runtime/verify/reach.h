/* reach.h — reachability in a predicate-labelled NWA over nested-word
 * prefixes (MCVETO report §3.3 and App. A).
 *
 * Paths are NWPrefixes: every return matches an earlier call, and calls may
 * stay pending.  reach_analyze decides exactly whether an accepting state is
 * reachable from the start state.  It tabulates same-level paths from each
 * procedure entry and summarises every call that can be matched by a return,
 * in the style of Reps–Horwitz–Sagiv.  That decision is the one a *safe*
 * verdict rests on, so it must not under-approximate; it does not.
 *
 * It also computes, per state, the length of a shortest path from the state
 * to an accepting state.  This is an over-approximation: return edges count
 * without checking which call they match.  The frontier policy uses it; a
 * frontier that lies on no real path costs time but never soundness.
 *
 * Ownership: an reach_result owns its arrays (reach_free); it refers to the
 * automaton only by state and edge numbers.
 */
#ifndef MCVETO_REACH_H
#define MCVETO_REACH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nwa.h"

#define REACH_INF UINT32_MAX

typedef struct reach_result {
  bool reachable;   /* some accepting state is reachable from start */
  size_t nstates;
  uint8_t *fwd;     /* per state: 1 if reachable from start along an NWPrefix */
  uint32_t *dist;   /* per state: edges to an accepting state, or REACH_INF */
  uint32_t *depth;  /* per state: edges from start (a shortest NWPrefix path), or REACH_INF */
  size_t nsummaries; /* matched call/return pairs found (statistics) */
  size_t nedges;
  uint8_t *ret_used; /* per edge: 1 for a return edge some matched path takes */
} reach_result;

void reach_analyze(const nwa *a, reach_result *r);
void reach_free(reach_result *r);

/* Remove the live return edges (x, c, r) of the analysed automaton that no
 * NWPrefix from the start takes: c is not reached, or no procedure entry
 * that c calls reaches x along a same-level path.  Such an edge stays
 * unused for good: splits and removals only shrink what is reachable (every
 * path of a split automaton maps to one of the unsplit), and so does the
 * intersection with a trace's fold.  Every run from the start is a path of
 * the automaton (its soundness), so no run's return is removed.  Returns the
 * number removed.  Must follow reach_analyze on the same automaton, unchanged. */
size_t reach_prune_returns(nwa *a, const reach_result *r);

/* The frontier policy (§3.3). */
typedef enum reach_policy {
  REACH_CLOSEST_TO_TARGET, /* smallest dist of the edge's destination */
  REACH_CLOSEST_TO_START,  /* smallest depth of the edge's source */
  REACH_FIRST,             /* lowest edge number */
  REACH_ALTERNATE          /* the verifier's default: the DPG driver alternates closest to target
                           and first (reach_frontiers itself reads it as closest to target) */
} reach_policy;

/* Does a concrete state witness state s?  For a return edge callpred is the
 * edge's call predecessor, which the witness's own call predecessor must be;
 * otherwise it is NWA_NONE. */
typedef bool (*reach_witnessed_fn)(void *ctx, nwa_state s, nwa_state callpred);

/* Frontier edges: live edges (n, I, m) with n reachable and witnessed (for the
 * edge's call predecessor when it is a return), m not witnessed, and m able to
 * reach an accepting state.  Up to max edge numbers are written to out, best
 * first under the policy; returns how many there are in all. */
size_t reach_frontiers(const nwa *a, const reach_result *r, reach_witnessed_fn witnessed, void *ctx, reach_policy policy,
                    uint32_t *out, size_t max);

#endif
