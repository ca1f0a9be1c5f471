/* capo_main.c — the capstone oracle for one ISA: main() around capo_run_*.
 *
 * Built once per ISA by mcveto_capstone_test() (tests/capstone/CMakeLists.txt):
 * MCVETO_ISA_DESC names our descriptor (x86_isa_desc), MCVETO_CAPO_ISA the
 * capstone description (capo_x86, from capo_<isa>.c).
 *
 *   capo_<isa> [--count N] [--per-form K] [--seed S] [--gap-top T]
 *       N random byte strings, then K instances of every form (each also
 *       with one more prefix); N or K may be 0.
 *   capo_<isa> --elf FILE...
 *       every instruction of the executable sections of the files.
 *
 * Exit status: 0 no failure, 1 disagreements (or coverage holes with --elf),
 * 2 usage error, 3 capstone or memory unavailable.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capo_run.h"

extern const isa_desc MCVETO_ISA_DESC;
extern const capo_isa MCVETO_CAPO_ISA;

static int usage(const char *argv0) {
  fprintf(stderr,
          "usage: %s [--count N] [--per-form K] [--seed S] [--gap-top T]\n"
          "       %s [--gap-top T] --elf FILE...\n",
          argv0, argv0);
  return 2;
}

static bool number_arg(const char *s, unsigned long long *v) {
  char *end;
  *v = strtoull(s, &end, 0);
  return *s && !*end && *s != '-';
}

int main(int argc, char **argv) {
  unsigned long long count = 1000000, per_form = 8, seed = 1, gap_top = 25, v;
  int elf_at = 0;
  for (int i = 1; i < argc; i++) {
    unsigned long long *dst = NULL;
    if (!strcmp(argv[i], "--elf")) {
      elf_at = i + 1;
      break;
    }
    if (!strcmp(argv[i], "--count")) dst = &count;
    else if (!strcmp(argv[i], "--per-form")) dst = &per_form;
    else if (!strcmp(argv[i], "--seed")) dst = &seed;
    else if (!strcmp(argv[i], "--gap-top")) dst = &gap_top;
    if (!dst || i + 1 >= argc || !number_arg(argv[i + 1], &v)) return usage(argv[0]);
    *dst = v;
    i++;
  }
  if (elf_at && elf_at >= argc) return usage(argv[0]);
  if (per_form > 1000000 || gap_top > 100000) return usage(argv[0]);

  const isa_desc *d = &MCVETO_ISA_DESC;
  capo *c = capo_new(d, &MCVETO_CAPO_ISA, stderr);
  if (!c) return 3;
  printf("capstone %d.%d against the %s decoder (%u instructions, %u forms)\n", CS_API_MAJOR, CS_API_MINOR,
         d->name, d->ninsns, d->nforms);
  unsigned long failures = 0;
  if (elf_at) {
    failures += capo_run_elf(c, d, argc - elf_at, argv + elf_at, stdout);
  } else {
    if (count) failures += capo_run_random(c, d, (unsigned long)count, seed, (unsigned)gap_top, stdout);
    if (per_form) failures += capo_run_forms(c, d, (unsigned)per_form, seed + 1, (unsigned)gap_top, stdout);
  }
  printf("known disagreements (KNOWN_SPEC_BUGS, CAPSTONE_WRONG in capo_%s.c):\n", d->name);
  capo_print_exceptions(c, stdout);
  printf("%s: %lu failures\n", failures ? "FAIL" : "PASS", failures);
  capo_free(c);
  return failures ? 1 : 0;
}
