/* explore.h — which branch of which run to negate next: the directed-
 * testing side of DPG.
 *
 * DPG (MCVETO report §2, after Synergy/Dash) is directed test generation and
 * proof at once: a satisfiable frontier gives a new input.  Its frontiers
 * follow the abstract graph, though, and where the graph's proof effort
 * stalls (refinements that carry a property through a loop or many calling
 * contexts) it stops producing tests too.  This module keeps a second,
 * graph-free source of inputs, in the manner of generational search
 * (Godefroid et al., SAGE): every branch position of every run is a
 * candidate; the caller solves the run's path up to the position with the
 * branch's successor negated, and runs the model.
 *
 * Promises:
 *   - a candidate is identified by (address, how often the address occurred
 *     before in its run, the successor the run took, the set of edges its
 *     run covered before it); each identity is offered once, so a loop
 *     yields a bounded number of candidates (occurrences up to
 *     EXPLORE_MAX_OCC, positions up to EXPLORE_MAX_POS, at most
 *     EXPLORE_MAX_PER_RUN per run), while the same branch after a run went
 *     somewhere new (a state machine one step further) is a new candidate;
 *   - explore_next offers first the candidates at addresses with one successor
 *     seen in any run so far (negating them covers a new edge), newest run
 *     and latest position first; then the others in the same order.  A run
 *     cut by the step budget offers its earliest positions first instead:
 *     its late branches lie inside the computation that did not end, and
 *     negating one of them mostly gives another run that does not end.
 *     A candidate whose address gets its second successor while it waits
 *     keeps its place among the others (before the older runs' ones);
 *   - a run that its parent's negation took nowhere the parent had not been
 *     (explore_add_child) offers its candidates after all others' but the
 *     failed addresses': negating a loop's exit again and again would
 *     otherwise unroll the loop one pass per run;
 *   - once a negation at an address had no input (explore_failed), the
 *     waiting candidates of that address with one successor are offered
 *     after all others: a branch the path makes infeasible at one
 *     occurrence mostly is at the next ones too (a recursion's base case
 *     that its caller excludes), and each try is a solver call.
 * The module knows no ISA: the caller says which positions are branches.
 *
 * Ownership: an xp owns its tables; the arrays passed in stay the caller's.
 */
#ifndef MCVETO_EXPLORE_H
#define MCVETO_EXPLORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EXPLORE_MAX_OCC 256
#define EXPLORE_MAX_POS 65536
#define EXPLORE_MAX_PER_RUN 4096
#define EXPLORE_MAX_KEPT (1u << 22) /* edges kept to compare a child with its parent (8 bytes each) */

typedef struct xp xp;

xp *explore_new(void);
void explore_free(xp *x);

/* Records run `run`: pc[i] is the address of position i, branch[i] nonzero
 * where the successor depends on the state, and the successor of the last
 * position is `last_next` (UINT64_MAX: none, the run stopped there); `cut`:
 * the step budget stopped the run.  Adds the run's edges to the coverage
 * and its new candidates to the queue.  Returns how many edges (address →
 * successor) no earlier run had. */
size_t explore_add_run(xp *x, uint32_t run, const uint64_t *pc, const uint8_t *branch, size_t n, uint64_t last_next,
                       bool cut);
/* The same for a run made by negating a branch of run parent (recorded
 * before).  When it covers no edge parent did not (a loop's exit negated
 * once more, a case the parent took elsewhere) and none new at all, its
 * candidates wait after every other run's but those of failed addresses:
 * they would mostly repeat the parent's.  (Runs' edges are kept for this
 * up to EXPLORE_MAX_KEPT in all; a child of a run past that is not judged.) */
#define EXPLORE_NO_PARENT UINT32_MAX
size_t explore_add_child(xp *x, uint32_t run, uint32_t parent, const uint64_t *pc, const uint8_t *branch, size_t n,
                         uint64_t last_next, bool cut);

/* Would a run with these edges cover any edge not seen yet? */
bool explore_is_new(const xp *x, const uint64_t *pc, size_t n, uint64_t last_next);

/* The next candidate: run and position, best first.  False when none is left. */
bool explore_next(xp *x, uint32_t *run, size_t *pos);

/* The caller found no input for a negation at address pc. */
void explore_failed(xp *x, uint64_t pc);
/* The caller could not try the candidate explore_next gave (run, pos, at
 * address pc): the time ran out.  It is offered first again. */
void explore_again(xp *x, uint32_t run, size_t pos, uint64_t pc);

size_t explore_pending(const xp *x);
/* Distinct successors seen at address pc. */
unsigned explore_successors(const xp *x, uint64_t pc);

#endif
