/* stepcheck.h — check a generated symbolic transformer against a concrete
 * step of the same instruction (both from runtime/machine/isa.h), for any ISA.
 *
 * The symbolic side runs from the identity state (one tb_eval variable per
 * register, one memory variable, trap = false) and every resulting term is
 * evaluated under the concrete pre-state; the values must equal the concrete
 * post-state: every register and flag, the PC, every byte either side wrote,
 * and the trap condition must hold exactly when the concrete step trapped.
 */
#ifndef STEPCHECK_H
#define STEPCHECK_H

#include <stddef.h>
#include <stdint.h>

#include "isa.h"
#include "sparse_mem.h"

typedef enum stepcheck_result {
  STEPCHECK_AGREE,    /* symbolic == concrete */
  STEPCHECK_SKIPPED,  /* the concrete step faulted: nothing to compare */
  STEPCHECK_MISMATCH  /* see the message */
} stepcheck_result;

/* pre: registers before the step; post: after it (cpu.reg); res: what the
 * concrete step returned; mem: the memory after the step, whose store log
 * covers exactly this step (smem_pre gives the pre-state).  On a mismatch a
 * description (location, expected vs got, the term) goes to msg. */
stepcheck_result stepcheck(const isa_desc *d, const isa_insn *insn, const uint64_t *pre,
                           const uint64_t *post, isa_step_result res, const smem *mem, char *msg,
                           size_t msgsz);

#endif
