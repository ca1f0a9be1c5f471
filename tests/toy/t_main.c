/* t_main.c — toy_test: positive tests of the code isagen generates for
 * tests/toy/toy.spec.  Usage: toy_test [--iters N] [--seed S]
 * (N random states per instruction form, default 2000). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "toy_test.h"

#define CHECK(cond, ...)                                                                                             \
  do {                                                                                                               \
    if (!(cond)) tc_fail(NULL, __LINE__, __VA_ARGS__);                                                               \
  } while (0)

void toy_check_desc(void) {
  const isa_desc *d = TOY;
  static const char *const names[NREG] = {"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
                                          "PC", "C",  "Z",  "S",  "V",  "P"};
  CHECK(strcmp(d->name, "toy") == 0, "desc name %s", d->name);
  CHECK(!d->big_endian, "desc: big_endian");
  CHECK(d->addr_bits == 32, "desc addr_bits %u", d->addr_bits);
  CHECK(d->elf_machine == 0x7A7, "desc elf_machine %u", d->elf_machine);
  CHECK(d->stack_top == UINT64_C(0xC0000000), "desc stack_top 0x%llx", (unsigned long long)d->stack_top);
  /* longest: 0x66 0x65 0x81 modrm disp32 imm32; shortest: one byte */
  CHECK(d->max_len == 12, "desc max_len %u", d->max_len);
  CHECK(d->min_len == 1, "desc min_len %u", d->min_len);
  CHECK(d->max_len <= ISA_MAX_LEN, "desc max_len above ISA_MAX_LEN");
  CHECK(d->pc == RPC && d->sp == R7, "desc pc %u sp %u", d->pc, d->sp);
  CHECK(d->nregs == NREG, "desc nregs %u", d->nregs);
  for (unsigned i = 0; i < d->nregs && i < NREG; i++) {
    CHECK(strcmp(d->regs[i].name, names[i]) == 0, "desc reg %u is %s, expected %s", i, d->regs[i].name, names[i]);
    bool flag = i >= FC;
    CHECK(d->regs[i].is_flag == flag && d->regs[i].width == (flag ? 1u : 32u) && !d->regs[i].readonly,
          "desc reg %s: width %u flag %d readonly %d", d->regs[i].name, d->regs[i].width, d->regs[i].is_flag,
          d->regs[i].readonly);
  }
  CHECK(d->syscall.number == R0 && d->syscall.result == R0 && d->syscall.error_flag == FC,
        "desc syscall number %d result %d error %d", d->syscall.number, d->syscall.result, d->syscall.error_flag);
  CHECK(d->syscall.nargs == 4, "desc syscall nargs %u", d->syscall.nargs);
  for (unsigned i = 0; i < d->syscall.nargs && i < 4; i++)
    CHECK(d->syscall.args[i] == (int)(R1 + i), "desc syscall arg %u is %d", i, d->syscall.args[i]);
  CHECK(d->naliases == 16, "desc naliases %u", d->naliases);
  if (d->naliases == 16) {
    CHECK(strcmp(d->aliases[4].name, "r0h") == 0 && d->aliases[4].reg == 0 && d->aliases[4].hi == 15 &&
              d->aliases[4].lo == 8,
          "desc alias 4 (r0h)");
    CHECK(strcmp(d->aliases[15].name, "r7w") == 0 && d->aliases[15].reg == 7 && d->aliases[15].hi == 15 &&
              d->aliases[15].lo == 0,
          "desc alias 15 (r7w)");
  }
  CHECK(d->nclasses == 3, "desc nclasses %u", d->nclasses);
  if (d->nclasses == 3) {
    CHECK(strcmp(d->classes[0].name, "r") == 0 && d->classes[0].count == 8 && d->classes[0].regs[7] == 7 &&
              d->classes[0].aliases[7] == -1,
          "desc class r");
    CHECK(strcmp(d->classes[1].name, "rb") == 0 && d->classes[1].count == 8 && d->classes[1].regs[5] == -1 &&
              d->classes[1].aliases[5] == 5,
          "desc class rb");
    CHECK(strcmp(d->classes[2].name, "rw") == 0 && d->classes[2].count == 8 && d->classes[2].aliases[0] == 8,
          "desc class rw");
  }
  CHECK(d->ninsns == 117, "desc ninsns %u (toy.spec has 117 insn rules)", d->ninsns);
  CHECK(d->nctx == 2 && strcmp(d->ctx_names[0], "opsize") == 0 && strcmp(d->ctx_names[1], "lock") == 0,
        "desc contexts");
  for (unsigned i = 0; i < d->ninsns; i++) {
    const isa_insn_info *ii = &d->insns[i];
    CHECK(ii->name && ii->file && strcmp(ii->file, "tests/toy/toy.spec") == 0 && ii->line > 0 && ii->source &&
              strncmp(ii->source, "insn ", 5) == 0 && (unsigned)ii->flow < ISA_FLOW_COUNT,
          "desc insn %u (%s): file/line/source/flow", i, ii->name ? ii->name : "?");
    if (ii->name && ii->source) {
      char want[64];
      snprintf(want, sizeof want, "insn %s ", ii->name);
      CHECK(strncmp(ii->source, want, strlen(want)) == 0, "desc insn %s: source starts \"%.30s\"", ii->name, ii->source);
    }
  }
  CHECK(d->decode && d->print && d->step && d->symstep, "desc entry points");
}

int main(int argc, char **argv) {
  unsigned iters = 2000;
  uint64_t seed = 0x70790001;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--iters") == 0 && i + 1 < argc) iters = (unsigned)strtoul(argv[++i], NULL, 0);
    else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else {
      fprintf(stderr, "usage: %s [--iters N] [--seed S]\n", argv[0]);
      return 2;
    }
  }
  toy_check_desc();
  if (tc_failures) {
    fprintf(stderr, "toy_test: the descriptor is not what toy.spec says; stopping\n");
    return 1;
  }
  toy_bytes_alu();
  toy_bytes_misc();
  toy_fixed();
  toy_decoding();
  unsigned hand_cases = tc_cases, hand_checked = tc_checked;
  toy_random(iters, seed);
  if (tc_failures) {
    fprintf(stderr, "toy_test: %u failure(s)\n", tc_failures);
    return 1;
  }
  printf("toy_test: %u hand-written cases (%u checked symbolically), %u random cases (%u checked symbolically), "
         "all passed\n",
         hand_cases, hand_checked, tc_cases - hand_cases, tc_checked - hand_checked);
  return 0;
}
