/* sema.h — from parse trees to a checked model with lowered semantics.
 *
 * sm_build resolves every name, checks widths, flow classes and patterns'
 * structure, lowers each instruction's semantics and template to IR, and
 * reports every problem it finds through the diagnostics sink.  The model and
 * its IR live in `ar`.  Returns NULL only if the spec is too broken to model
 * (errors have been reported); callers must also check dg->nerrors.
 */
#ifndef ISAGEN_SEMA_H
#define ISAGEN_SEMA_H

#include "arena.h"
#include "ast.h"
#include "diag.h"
#include "model.h"

md_spec *sm_build(arena *ar, dg *d, ast **decls, int ndecls);

#endif
