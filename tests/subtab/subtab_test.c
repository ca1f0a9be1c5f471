/* subtab_test.c — several sub-tables at one pattern position (subtab.spec):
 * decoding (length, rule, invalid and truncated input), printing and the
 * concrete step, with hand-computed expectations, and the symbolic
 * transformer against the step on each case (stepcheck). */
#include <stdio.h>
#include <string.h>

#include "isa.h"
#include "sparse_mem.h"
#include "stepcheck.h"

extern const isa_desc subtab_isa_desc;
static const isa_desc *const D = &subtab_isa_desc;
static int failures;

#define FAIL(...) (fprintf(stderr, "subtab_test.c:%d: ", line), fprintf(stderr, __VA_ARGS__), failures++)

static int reg_index(const char *name) {
  for (unsigned i = 0; i < D->nregs; i++)
    if (!strcmp(D->regs[i].name, name)) return (int)i;
  return -1;
}

/* bytes decode to rule `rule`, `len` bytes, printed as `text`; stepped with
 * r[k] = 0x100 * (k + 1) (memory at those addresses: 0x11 bytes), register
 * `reg` then holds `want` (reg NULL: not checked), and the symbolic
 * transformer agrees with the step. */
static void check(int line, const uint8_t *b, size_t n, const char *rule, unsigned len, const char *text,
                  const char *reg, uint64_t want) {
  isa_insn in;
  isa_decode_result r = D->decode(b, n, 0x1000, &in);
  if (r != ISA_DECODE_OK) {
    FAIL("decode result %d, expected ok\n", (int)r);
    return;
  }
  if (strcmp(D->insns[in.id].name, rule)) FAIL("rule %s, expected %s\n", D->insns[in.id].name, rule);
  if (in.len != len) FAIL("length %u, expected %u\n", in.len, len);
  char t[128];
  D->print(&in, t, sizeof t);
  if (strcmp(t, text)) FAIL("printed '%s', expected '%s'\n", t, text);
  smem *m = smem_new(32, 0);
  smem_set_default(m, true);
  for (uint64_t a = 0x100; a < 0x900; a++) smem_poke(m, a, 0x11);
  uint64_t regs[64] = {0}, pre[64];
  for (int k = 0; k < 8; k++) regs[k] = 0x100u * (unsigned)(k + 1);
  regs[reg_index("PC")] = 0x1000;
  memcpy(pre, regs, sizeof pre);
  isa_cpu cpu = {.reg = regs, .mem = m, .load = smem_load, .store = smem_store};
  smem_log_clear(m);
  isa_step_result res = D->step(&cpu, &in);
  if (res != ISA_STEP_OK) FAIL("step result %d\n", (int)res);
  if (reg) {
    int i = reg_index(reg);
    uint64_t got = i >= 0 ? regs[i] : (uint64_t)-1;
    if (i < 0) {
      uint8_t v[4];
      smem_load(m, 0x400 - 16, 4, v); /* the memory operand of the cases below */
      got = (uint64_t)v[0] | (uint64_t)v[1] << 8 | (uint64_t)v[2] << 16 | (uint64_t)v[3] << 24;
    }
    if (got != want) FAIL("%s = 0x%llx, expected 0x%llx\n", reg, (unsigned long long)got, (unsigned long long)want);
  }
  if (regs[reg_index("PC")] != 0x1000 + len) FAIL("PC 0x%llx\n", (unsigned long long)regs[reg_index("PC")]);
  char msg[512];
  if (stepcheck(D, &in, pre, regs, res, m, msg, sizeof msg) == STEPCHECK_MISMATCH) FAIL("stepcheck: %s\n", msg);
  smem_free(m);
}

static void fails(int line, const uint8_t *b, size_t n, isa_decode_result want) {
  isa_insn in;
  isa_decode_result r = D->decode(b, n, 0x1000, &in);
  if (r != want) FAIL("decode result %d, expected %d\n", (int)r, (int)want);
}

#define OK(rule, len, text, reg, want, ...)                                                     \
  do {                                                                                         \
    const uint8_t b_[] = {__VA_ARGS__};                                                        \
    check(__LINE__, b_, sizeof b_, rule, len, text, reg, want);                                \
  } while (0)
#define BAD(want, ...)                                                                         \
  do {                                                                                         \
    const uint8_t b_[] = {__VA_ARGS__};                                                        \
    fails(__LINE__, b_, sizeof b_, want);                                                      \
  } while (0)
#define MODRM(mod, reg, rm) (uint8_t)((mod) << 6 | (reg) << 3 | (rm))

int main(void) {
  /* grp: gop (reg bits) and rm32 (mod, rm, displacement) at one position */
  OK("grp", 3, "add r1, 0x5", "r1", 0x205, 0x81, MODRM(3, 0, 1), 0x05);
  OK("grp", 3, "or r2, 0x41", "r2", 0x341, 0x81, MODRM(3, 1, 2), 0x41);
  OK("grp", 3, "and r2, 0x7", "r2", 0x0, 0x81, MODRM(3, 4, 2), 0x07);
  OK("grp", 3, "sub r0, 0x1", "r0", 0xFF, 0x81, MODRM(3, 5, 0), 0x01);
  /* memory operand with a displacement: [r3 - 16] = [0x3F0], 0x11111111 */
  OK("grp", 4, "sub [r3-0x10], 0x11", "mem", 0x11111100, 0x81, MODRM(1, 5, 3), 0xF0, 0x11);
  OK("grp", 3, "add [r3], 0x1", NULL, 0, 0x81, MODRM(0, 0, 3), 0x01);
  /* the tables the other way round: the same bytes, the same fields */
  OK("grp_r", 3, "add.r r1, 0x5", "r1", 0x205, 0x83, MODRM(3, 0, 1), 0x05);
  OK("grp_r", 4, "or.r [r3-0x10], 0x22", "mem", 0x11111133, 0x83, MODRM(1, 1, 3), 0xF0, 0x22);
  /* reg 2, 3, 6, 7: no alternative of gop */
  BAD(ISA_DECODE_INVALID, 0x81, MODRM(3, 2, 1), 0x05);
  BAD(ISA_DECODE_INVALID, 0x83, MODRM(1, 7, 1), 0x05, 0x00);
  /* mod 2: no alternative of rm32 */
  BAD(ISA_DECODE_INVALID, 0x81, MODRM(2, 0, 1), 0x05);
  /* truncated: the displacement or the immediate is missing */
  BAD(ISA_DECODE_NEED_MORE, 0x81, MODRM(3, 0, 1));
  BAD(ISA_DECODE_NEED_MORE, 0x83, MODRM(1, 4, 1), 0x10);

  /* mix: wd=5 (own), wc (tc), wa=1 (ta), wb=3 (tb); tc's second alternative
   * takes a byte after the 16-bit token, and 0xEE follows the longest */
  OK("mix", 4, "mix a1 b3 5", "r0", 0x531, 0x90, 0x05, 0x13, 0xEE);
  OK("mix", 5, "mix a2 b5+42 9", "r0", 0x952, 0x90, 0xF9, 0x25, 42, 0xEE);
  BAD(ISA_DECODE_INVALID, 0x90, 0x05, 0x13, 0xEF);      /* the fixed byte after the group */
  BAD(ISA_DECODE_INVALID, 0x90, 0xF9, 0x25, 42, 0xEF);
  BAD(ISA_DECODE_INVALID, 0x90, 0x75, 0x13, 0xEE);      /* wc 7: no alternative of tc */
  BAD(ISA_DECODE_INVALID, 0x90, 0x05, 0x33, 0xEE);      /* wa 3: none of ta */
  BAD(ISA_DECODE_NEED_MORE, 0x90, 0xF9, 0x25, 42);

  /* nested: two tables at one position inside a table's alternative */
  OK("nested", 3, "nested a2.b4", "r1", 6, 0x91, 0x00, 0x24);
  OK("nested", 3, "nested none", "r1", 0, 0x91, 0x00, 0xF4);
  BAD(ISA_DECODE_INVALID, 0x91, 0x00, 0x26);

  if (failures) {
    fprintf(stderr, "subtab_test: %d failure(s)\n", failures);
    return 1;
  }
  printf("subtab_test: all cases pass\n");
  return 0;
}
