/* uc_main.c — the unicorn oracle test for one ISA: main() around uo_run.
 * Built once per ISA by mcveto_unicorn_test(); MCVETO_ISA_DESC names the
 * descriptor (e.g. x86_isa_desc) and MCVETO_UC_ISA the ISA part (uc_isa_x86).
 * Exit: 0 all agree, 1 disagreement or uncovered form, 2 usage or a mapping
 * that does not fit the descriptor, 77 unicorn lacks the architecture. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uc_oracle.h"

extern const isa_desc MCVETO_ISA_DESC;
extern const uc_isa MCVETO_UC_ISA;

int main(int argc, char **argv) {
  uo_opts o = {.per_form = 10, .seed = 1, .max_report = 20, .only_form = -1, .out = stdout};
  unsigned long min_cases = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--per-form") && i + 1 < argc) o.per_form = (unsigned)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) o.seed = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--form") && i + 1 < argc) o.only_form = strtol(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--max-report") && i + 1 < argc) o.max_report = (unsigned)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--min-cases") && i + 1 < argc) min_cases = strtoul(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--verbose")) o.verbose = true;
    else if (!strcmp(argv[i], "--two-engines")) o.two_engines = true;
    else {
      fprintf(stderr,
              "usage: %s [--per-form N] [--seed S] [--form F] [--max-report N] [--min-cases N] [--verbose] [--two-engines]\n",
              argv[0]);
      return UO_USAGE;
    }
  }
  if (!o.per_form) {
    fprintf(stderr, "%s: --per-form must be at least 1\n", argv[0]);
    return UO_USAGE;
  }
  const isa_desc *d = &MCVETO_ISA_DESC;
  uo_stats st;
  int rc = uo_run(d, &MCVETO_UC_ISA, &o, &st);
  if (rc == UO_SKIP || rc == UO_USAGE) return rc;
  printf("%s vs unicorn: %lu cases in %.1f s: %lu states compared, %lu faults, %lu traps (%lu unmodelled, %lu undefined); "
         "forms %u, run %u, covered %u; mismatches %lu, known spec bugs %lu, known unicorn bugs %lu, "
         "harness errors %lu, stale known entries %u (undefined flags differed in %lu cases; "
         "a write hook changed unicorn's result in %lu)\n",
         d->name, st.cases, st.seconds, st.compared, st.faults, st.traps, st.unmodelled, st.undefined, st.forms, st.forms_run,
         st.forms_covered, st.mismatches, st.known_spec, st.known_uc, st.harness, st.stale, st.undef_diffs, st.hook_perturbed);
  if (st.cases < min_cases) {
    printf("FAIL: %lu cases, fewer than the required %lu\n", st.cases, min_cases);
    rc = UO_FAIL;
  }
  return rc;
}
