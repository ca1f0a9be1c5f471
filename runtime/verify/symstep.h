/* symstep.h — one instruction of the loaded program, executed symbolically
 * on a state map: the walks of loopcand.c (a loop's passes) and cutproof.c
 * (a proof over cut points) share it.
 *
 * A state map S gives, per variable index of the vocabulary's tm_ctx, the
 * term the variable holds (0: the variable itself).  The state's variables
 * are the registers, then `mem`, `$V`, `$D`, `$A`, `$ip` (ss_state_vars);
 * `$in` and `$inlen` never change.  ss_post applies one letter's transition
 * (pre_post) to S, with a `read` from standard input stored byte by byte into
 * memory as exec.c does, and a conditional jump's target resolved by its
 * direction.
 *
 * Ownership: terms belong to the vocabulary's tm_ctx; the caller owns every
 * array. */
#ifndef MCVETO_SYMSTEP_H
#define MCVETO_SYMSTEP_H

#include <stdbool.h>
#include <stdint.h>

#include "fold.h"
#include "mem.h"
#include "pre.h"
#include "terms.h"

/* The letter at pc in direction dir (interned into L), or 0 when the bytes
 * there (read from code) do not decode; *insn and *len describe it. */
nwa_letter ss_letter_at(fold_letters *L, const isa_desc *d, const mem_space *code, uint64_t pc, unsigned dir,
                        uint32_t *insn, unsigned *len);

/* How many state variables there are, and their terms into vars (sized
 * ss_nstate). */
unsigned ss_nstate(const isa_desc *d);
void ss_state_vars(const fold_vocab *v, isa_term *vars);

/* S2 := the state after letter l's transition p from S (both sized for
 * every variable index).  A `read` stores its bytes when its count is a
 * constant of at most max_read at S; false otherwise (S2 is then
 * incomplete). */
bool ss_post(const fold_vocab *v, const isa_term *vars, const fold_letter *l, const pre_post *p, const isa_term *S,
             isa_term *S2, unsigned max_read);

#endif
