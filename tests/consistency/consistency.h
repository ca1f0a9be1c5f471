/* consistency.h — the interpretations of an ISA checked against each other.
 *
 * For every encoding form of the ISA (fm_forms) and many random
 * machine states, the symbolic transformer of the decoded instruction, built
 * with the runtime's term library from the identity state and evaluated on
 * the state, must equal the concrete step: every register and flag, the PC,
 * every byte either interpretation writes, and the trap condition.  Works for
 * any ISA; each ISA registers it with mcveto_consistency_test() (CMake).
 */
#ifndef MCVETO_CONSISTENCY_H
#define MCVETO_CONSISTENCY_H

#include <stdint.h>
#include <stdio.h>

#include "isa.h"

typedef struct cs_stats {
  unsigned long cases, agreed, faulted, traps, mismatches;
  unsigned forms;
} cs_stats;

/* Runs `per_form` random cases for every form (seeded by `seed`); reports
 * the first `max_report` mismatches to `out`.  Returns the statistics. */
cs_stats cs_run(const isa_desc *d, unsigned per_form, uint64_t seed, unsigned max_report, FILE *out);

#endif
