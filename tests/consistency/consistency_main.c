/* consistency_main.c — the consistency test for one ISA: main() around cs_run.
 * Built once per ISA by mcveto_consistency_test(); MCVETO_ISA_DESC names the
 * descriptor (e.g. toy_isa_desc). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "consistency.h"

extern const isa_desc MCVETO_ISA_DESC;

int main(int argc, char **argv) {
  unsigned per_form = 200;
  uint64_t seed = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--per-form") && i + 1 < argc) per_form = (unsigned)strtoul(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--per-form N] [--seed S]\n", argv[0]);
      return 2;
    }
  }
  const isa_desc *d = &MCVETO_ISA_DESC;
  cs_stats st = cs_run(d, per_form, seed, 10, stderr);
  printf("%s: %u forms, %lu cases: %lu agree, %lu faulted (skipped), %lu traps, %lu mismatches\n", d->name,
         st.forms, st.cases, st.agreed, st.faulted, st.traps, st.mismatches);
  return st.mismatches ? 1 : 0;
}
