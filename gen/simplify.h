/* simplify.h — generation-time folding of the lowered IR.
 *
 * sp_rule rewrites one instruction's body and template in place (new nodes
 * come from the model's arena; shared nodes are never mutated):
 *   - locals whose value at a read is a known constant are replaced by it
 *     (values tracked forward through the body, merged after if/alt arms);
 *   - operators whose operands are all constants are evaluated, with exactly
 *     the semantics of the emitted C (widths, SMT-LIB division and shifts);
 *   - an `if` (statement, `ite` or template choice) whose condition is a
 *     constant is replaced by the arm it takes;
 *   - an `alt` choice (expression or statement) whose arms are all identical
 *     is replaced by that arm;
 *   - assignments to locals that are never read are dropped unless their value
 *     reads memory (a load can fault in the concrete step), and locals that are
 *     neither read nor written any more are marked `unused`.
 * The rule means exactly what it meant before, concretely and symbolically:
 * every rewrite replaces a value by an equal one or removes code whose only
 * effect was on a location nobody reads.  Decoding data (patterns, flats,
 * slots) is not touched.
 */
#ifndef ISAGEN_SIMPLIFY_H
#define ISAGEN_SIMPLIFY_H

#include "model.h"

void sp_rule(md_spec *md, md_rule *r);

/* A copy of instruction r for the decoded choices known[slot] (-1: any), for
 * a concrete handler specialised to them: each known choice's alternative in
 * place of the choice, then folded and pruned as above, so the copy holds
 * only the code those choices run (an operation table's other operations
 * go).  r is not changed; the copy has no template. */
md_rule *sp_special(md_spec *md, const md_rule *r, const int *known);

/* Every instruction of the spec. */
void sp_spec(md_spec *md);

#endif
