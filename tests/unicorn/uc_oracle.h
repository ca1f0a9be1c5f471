/* uc_oracle.h — the instruction-semantics oracle: generated concrete step
 * against unicorn, one instruction at a time, for any ISA.
 *
 * For every encoding form of the descriptor (fm_forms, with the prefixes
 * its context needs, in random order) and `per_form` random states, the same
 * bytes are decoded and stepped by the generated code (isa_desc.step) and
 * executed by unicorn for exactly one instruction (one iteration of a repeated
 * string instruction) from the same registers and the same memory (uc_mem.h).
 * Then:
 *   - our step faulted:   unicorn must fault too, in the same direction (read
 *                         or write) on a page of our faulting access (any
 *                         unmapped page if the ISA part says the instruction's
 *                         access order is not architectural);
 *   - our step trapped:   unicorn must give the outcome the ISA part maps the
 *                         trap message to (an interrupt vector, invalid
 *                         instruction); nothing else is compared;
 *   - otherwise:          unicorn must complete normally (or raise the
 *                         interrupt the ISA part maps the flow class to) and
 *                         every register, the next PC, every flag the manual
 *                         defines for the instruction, and every byte either
 *                         side wrote (address set and values; unicorn's pages
 *                         are also diffed against their contents before the
 *                         step) must be equal.
 * A disagreement matching an entry of the ISA's KNOWN_SPEC_BUGS or
 * UNICORN_BUGS is counted, not failed.  Each entry's example case runs first
 * and must still be explained by that entry, or the test fails (the entry is
 * stale).  Entries marked `crashes` are never run in unicorn.
 * A form none of whose cases got past a fault gets more cases (up to 8 times
 * per_form, without corner values); one that still only faults is reported
 * as uncovered and fails.
 * Unicorn runs each case from a fresh CPU context, in two engines: one
 * without a write hook gives the state, one with it the written addresses
 * (a write hook changes unicorn's results for some instructions).
 */
#ifndef MCVETO_UC_ORACLE_H
#define MCVETO_UC_ORACLE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "isa.h"
#include "uc_isa.h"

typedef struct uo_opts {
  unsigned per_form; /* cases per form (more for forms that only faulted) */
  uint64_t seed;
  unsigned max_report; /* detailed reports of the first N mismatches */
  long only_form;      /* run this form only (-1: all) */
  bool verbose;        /* describe every case */
  bool two_engines;    /* two engines even if the ISA part says one will do */
  FILE *out;           /* reports */
} uo_opts;

typedef struct uo_stats {
  unsigned long cases;       /* (instruction, state) pairs run on both sides */
  unsigned long compared;    /* completed on our side: state compared */
  unsigned long faults;      /* our step faulted: fault agreement checked */
  unsigned long traps;       /* our step trapped: outcome compared */
  unsigned long unmodelled;  /* … with a trap marking a limit of the model: not run */
  unsigned long undefined;   /* … with a trap for an outcome the manual leaves undefined: not run */
  unsigned long mismatches;  /* unexplained disagreements */
  unsigned long known_spec;  /* disagreements explained by KNOWN_SPEC_BUGS */
  unsigned long known_uc;    /* … by UNICORN_BUGS */
  unsigned long undef_diffs; /* cases where only undefined flags differed */
  unsigned long harness;     /* harness failures (decode, unicorn API) */
  unsigned long hook_perturbed; /* cases a write hook changes unicorn's result */
  unsigned forms;            /* forms in the descriptor */
  unsigned forms_run;        /* forms with at least one case */
  unsigned forms_covered;    /* forms with a case that did not fault */
  unsigned stale;            /* known-bug entries that matched nothing */
  double seconds;
} uo_stats;

/* Exit statuses of uo_run (and of the test). */
enum { UO_PASS = 0, UO_FAIL = 1, UO_USAGE = 2, UO_SKIP = 77 };

/* Runs the oracle; returns UO_PASS, UO_FAIL, UO_USAGE (the ISA part does not
 * fit the descriptor) or UO_SKIP (unicorn cannot open this architecture). */
int uo_run(const isa_desc *d, const uc_isa *u, const uo_opts *o, uo_stats *st);

#endif
