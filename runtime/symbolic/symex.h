/* symex.h — symbolic execution of a recorded trace.
 *
 * Replays a trace recorded by exec (ex_opts.record) with the generated
 * symbolic transformer instead of the concrete step.  The initial state is
 * made of input variables (ARCHITECTURE §6): one per register other than PC
 * and SP (named like the register), the initial memory as one array variable
 * `mem` (the image's bytes and the undefined ones alike), and one byte
 * variable `stdin_K` per byte `read` returned.  PC and SP start concrete, as
 * in the run.  Along the way it collects the path constraint: the condition
 * on the inputs under which the program follows this same trace (the next-PC
 * term equals the recorded next PC at every step; no trap; system-call
 * numbers and sizes as observed).
 *
 * The result: every register and the memory as terms over the inputs, and
 * the path constraint as a list of bool terms.  Terms live in the caller's
 * tm_ctx; the sx_path owns only its arrays.
 */
#ifndef MCVETO_SYMEX_H
#define MCVETO_SYMEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exec.h"
#include "inputs.h"
#include "smt.h"
#include "terms.h"

typedef struct sx_path {
  isa_term *reg;      /* final register terms (nregs) */
  isa_term mem;       /* final memory */
  isa_term *pc;       /* path constraint conjuncts */
  size_t npc, cappc;
  size_t steps;       /* positions replayed */
  size_t nstdin;      /* stdin_K variables created */
  char error[256];    /* why the replay stopped early, or "" */
} sx_path;

/* Replays positions [0, n) of trace.  sp0 is the initial stack pointer and
 * entry the initial PC of the run.  Returns 0, or -1 with p->error set (an
 * undecodable position, a next PC that contradicts the trace, a term
 * misuse).  Free with sx_path_free. */
int sx_replay(const isa_desc *d, tm_ctx *tc, const ex_pos *trace, size_t n, uint64_t entry, uint64_t sp0,
              sx_path *p);
/* The same, asking stop(ctx) every 4096 positions (a million positions
 * take seconds): when it says true, returns 1 with p->error "stopped". */
int sx_replay_until(const isa_desc *d, tm_ctx *tc, const ex_pos *trace, size_t n, uint64_t entry, uint64_t sp0,
                    sx_path *p, bool (*stop)(void *ctx), void *ctx);
void sx_path_free(sx_path *p);

/* The exact transformer of one instruction from the identity state (one
 * variable per register, named like it, and `mem`): st->reg must have nregs
 * entries; st gets the post-state terms. */
void sx_transformer(const isa_desc *d, tm_ctx *tc, const isa_insn *insn, isa_symstate *st);

/* Turn the last model of s into a fixed input assignment: every register
 * variable of d, the stdin_K variables for K < nstdin (while present), and
 * the bytes of `mem` that the formulas fs[0..n) read (their addresses taken
 * in the model).  in should be IN_FIXED.  Returns 0, or -1 without a model. */
int sx_inputs_from_model(const isa_desc *d, tm_ctx *tc, smt *s, const isa_term *fs, size_t n, size_t nstdin,
                         in_assign *in);

#endif
