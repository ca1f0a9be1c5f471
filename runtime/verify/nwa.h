/* nwa.h — nested-word automata whose states carry predicates (the abstract
 * graph of directed proof generation; MCVETO report §3 and App. A).
 *
 * An automaton has states, one start state, accepting states, and three
 * transition relations: internal (q, a, q'), call (q, a, q') and return
 * (q_exit, q_callpred, a, q').  Letters are opaque numbers chosen by the
 * caller (fold interns instructions); letter NWA_ANY is the wildcard `*`,
 * which matches every letter.  Every state is labelled with a bool term, its
 * predicate over the machine state; the automaton borrows the tm_ctx that
 * owns those terms.
 *
 * Intersection (§3.1: G := G ∩ Gπ) builds only the product states reachable
 * from the product start state, labels each with the conjunction of its
 * components' predicates, and makes it accepting iff both components are.
 * Letters match when equal or when one is NWA_ANY; the product transition
 * carries the more specific letter.
 *
 * Refinement (Fig. 1) is nwa_split plus edge removal; see there.
 *
 * Ownership: an nwa owns its arrays; terms belong to the tm_ctx given at
 * creation, which must outlive the automaton.  State numbers are dense,
 * 0 .. nwa_nstates() - 1, and stay valid until the automaton is freed.
 */
#ifndef MCVETO_NWA_H
#define MCVETO_NWA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "terms.h"

#define NWA_ANY 0u          /* the wildcard letter */
#define NWA_NONE UINT32_MAX /* no state */

typedef uint32_t nwa_state;
typedef uint32_t nwa_letter;

typedef enum nwa_kind { NWA_INTERNAL, NWA_CALL, NWA_RETURN } nwa_kind;

/* One transition.  For internal and call transitions pred is NWA_NONE. */
typedef struct nwa_edge {
  nwa_state from;   /* q, or q_exit for a return */
  nwa_state pred;   /* the call predecessor of a return */
  nwa_letter letter;
  nwa_state to;
  uint8_t kind;     /* nwa_kind */
  bool dead;        /* removed by refinement (kept so edge numbers stay stable) */
} nwa_edge;

typedef struct nwa nwa;

nwa *nwa_new(tm_ctx *tc);
void nwa_free(nwa *a);

/* A new state with predicate pred (a bool term of the automaton's tm_ctx).
 * The first state added is the start state unless nwa_set_start says otherwise. */
nwa_state nwa_add_state(nwa *a, isa_term pred, bool accepting);
void nwa_set_start(nwa *a, nwa_state s);

/* Transitions; adding an existing live transition again does nothing. */
void nwa_add_internal(nwa *a, nwa_state from, nwa_letter l, nwa_state to);
void nwa_add_call(nwa *a, nwa_state from, nwa_letter l, nwa_state to);
void nwa_add_return(nwa *a, nwa_state exit, nwa_state callpred, nwa_letter l, nwa_state to);

/* Remove a live transition (pred is ignored unless kind is NWA_RETURN).
 * Returns true if one was removed. */
bool nwa_remove(nwa *a, nwa_kind kind, nwa_state from, nwa_state pred, nwa_letter l, nwa_state to);

/* Split n on rho (Fig. 1): n keeps its number and becomes n ∧ ¬rho; the
 * returned new state is n ∧ rho with a copy of every transition that
 * touches n (as source, call predecessor or destination; self-loops are
 * copied for every combination).  The caller then removes the frontier edge
 * from n. */
nwa_state nwa_split(nwa *a, nwa_state n, isa_term rho);

/* The product of a and b (both over tc), reachable part only.  *origin, if
 * not NULL, receives a malloc'd array mapping each product state to its
 * (state of a, state of b) pair: origin[2*i], origin[2*i+1]. */
nwa *nwa_intersect(const nwa *a, const nwa *b, nwa_state **origin);

/* ---- queries ---- */
tm_ctx *nwa_terms(const nwa *a);
size_t nwa_nstates(const nwa *a);
nwa_state nwa_start(const nwa *a);
isa_term nwa_pred(const nwa *a, nwa_state s);
bool nwa_accepting(const nwa *a, nwa_state s);
size_t nwa_nedges(const nwa *a);
const nwa_edge *nwa_edge_at(const nwa *a, size_t i);
/* Live edges leaving s (internal, call, and returns whose exit is s), as
 * edge numbers; *n gets the count.  The array is owned by the automaton and
 * valid until it changes. */
const uint32_t *nwa_out(const nwa *a, nwa_state s, size_t *n);
/* Live return edges whose call predecessor is s. */
const uint32_t *nwa_ret_by_pred(const nwa *a, nwa_state s, size_t *n);
/* Live edges arriving at s (returns by their return site). */
const uint32_t *nwa_in(const nwa *a, nwa_state s, size_t *n);
size_t nwa_live_edges(const nwa *a);

/* Replace s's predicate.  Only for a predicate that every state a run can
 * be in at s satisfies equally (the same set of reachable states): the
 * automaton keeps its language, and the caller its soundness argument
 * (inv.h strengthens predicates with facts proven over the graph). */
void nwa_set_pred(nwa *a, nwa_state s, isa_term pred);

#endif
