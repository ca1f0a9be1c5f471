/* capo_run.h — the three ways the capstone oracle is fed byte strings.
 *
 *   capo_run_random  `count` uniformly random byte strings at random addresses
 *   capo_run_forms   `per_form` random instances of every encoding form of the
 *                    descriptor (fm_forms, with the prefixes that give the
 *                    form's context), each once as is and once with one more
 *                    random prefix byte from isa_desc.prefixes
 *   capo_run_elf     every instruction of the executable sections of ELF
 *                    files, by linear sweep restarted at function symbols;
 *                    here an instruction capstone decodes and we do not is a
 *                    coverage hole, and a failure
 *
 * Each prints its figures (acceptance rates, agreement, gap) to `out` and
 * returns the number of failures (0: the run passed).
 */
#ifndef MCVETO_CAPO_RUN_H
#define MCVETO_CAPO_RUN_H

#include "capo.h"

unsigned long capo_run_random(capo *c, const isa_desc *d, unsigned long count, uint64_t seed, unsigned gap_top,
                              FILE *out);
unsigned long capo_run_forms(capo *c, const isa_desc *d, unsigned per_form, uint64_t seed, unsigned gap_top,
                             FILE *out);
unsigned long capo_run_elf(capo *c, const isa_desc *d, int nfiles, char *const *files, FILE *out);

/* Prints "label: N strings: ours accepts …" from the statistics. */
void capo_print_stats(const char *label, capo_stats st, FILE *out);

#endif
