/* t_decode.c — decoding without a match (INVALID), truncated input
 * (NEED_MORE), prefix bookkeeping and the flow class of every rule. */
#include <stdio.h>
#include <string.h>

#include "toy_test.h"

static void invalid(void) {
  /* byte stream: opcodes with no rule */
  INVALID(0x02, 0xC0);
  INVALID(0x05, 0, 0, 0, 0);
  INVALID(0x10, 0xC0);
  INVALID(0x60);
  INVALID(0x80, 0xC0, 0x00);
  INVALID(0x99);
  INVALID(0xA1, 0xC0, 0x01);
  INVALID(0xA8);
  INVALID(0xAF);
  /* group opcodes with an undefined /reg */
  INVALID(0x81, MODRM(3, 2, 0), 1, 0, 0, 0);
  INVALID(0x81, MODRM(3, 3, 0));
  INVALID(0x83, MODRM(3, 1, 0), 1);
  INVALID(0x98, MODRM(3, 0, 0));
  INVALID(0x98, MODRM(0, 6, 1));
  INVALID(0xA0, MODRM(3, 2, 0), 1);
  INVALID(0xA0, MODRM(3, 6, 0), 1);
  INVALID(0xA2, MODRM(3, 0, 0));
  INVALID(0xA2, MODRM(3, 6, 0));
  INVALID(0xA4, MODRM(3, 0, 0));
  INVALID(0xA4, MODRM(3, 1, 0));
  /* memory-only rules with a register operand */
  INVALID(0x8D, MODRM(3, 0, 0));
  INVALID(0x0F, 0x38, MODRM(3, 0, 1));
  INVALID(0x0F, 0x39, MODRM(3, 1, 0));
  /* 0x0F page holes */
  INVALID(0x0F, 0x00, 0xC0);
  INVALID(0x0F, 0x0F, 0xC0);
  INVALID(0x0F, 0xFF, 0xC0);
  INVALID(0x0F, 0xA5, 0xC0, 1);
  INVALID(0x0F, 0xB4, 0xC0);
  INVALID(0x0F, 0xD0);
  /* the 16-bit forms need the 0x66 rules; 0x66 with an opsize-free rule is fine,
     but 0x66 before nothing decodable is still invalid */
  INVALID(0x66, 0x02, 0xC0);
  INVALID(0x65, 0x66, 0x99);
  /* only prefixes, and the whole 12-byte window is used up */
  INVALID(0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66);
  INVALID(0x65, 0x66, 0x65, 0x66, 0x65, 0x66, 0x65, 0x66, 0x65, 0x66, 0x65, 0x66, 0x90);
  /* fixed width: undefined fop/fsz/fn3 */
  INVALID(0xC2, 0x00, 0x00, 0x00);             /* fop 0 fsz 2 */
  INVALID(0xC3, 0x00, 0x00, 0x00);             /* fop 0 fsz 3 */
  INVALID(0xC1, 0x00, 0x0E, 0x00);             /* fop 0 fsz 1 fn3 7 */
  INVALID(0xDB, 0x00, 0x00, 0x00);             /* fop 6 fsz 3 */
  INVALID(0xE7, 0x00, 0x00, 0x00);             /* fop 9 fsz 3 */
  for (unsigned fop = 10; fop <= 14; fop++)
    for (unsigned fsz = 0; fsz < 4; fsz++) {
      uint8_t w[4] = {(uint8_t)(0xC0 | fop << 2 | fsz), 0x12, 0x34, 0x56};
      tc_decode_fail(__FILE__, __LINE__, w, 4, ISA_DECODE_INVALID);
    }
}

static void need_more(void) {
  uint8_t none[1] = {0};
  tc_decode_fail(__FILE__, __LINE__, none, 0, ISA_DECODE_NEED_MORE);
  NEED_MORE(0x66);
  NEED_MORE(0x66, 0x65);
  NEED_MORE(0x0F);
  NEED_MORE(0x01);
  NEED_MORE(0x0F, 0x0C);
  NEED_MORE(0x81, MODRM(3, 0, 0), 1, 2, 3);
  NEED_MORE(0x81, MODRM(2, 0, 0), 1, 2, 3, 4);
  NEED_MORE(0x8B, MODRM(0, 0, 5), 0x00, 0x10);
  NEED_MORE(0x8B, MODRM(1, 0, 0));
  NEED_MORE(0x83, MODRM(1, 0, 0), 0x10);
  NEED_MORE(0x0F, 0x8C, 0x00);
  NEED_MORE(0x0F, 0xA4, MODRM(3, 1, 0));
  NEED_MORE(0xB8, 1, 2, 3);
  NEED_MORE(0x66, 0xB8, 1);
  NEED_MORE(0x96, 0x08);
  NEED_MORE(0xC4);
  NEED_MORE(0xC4, 0x00);
  NEED_MORE(0xC4, 0x00, 0x00);
  NEED_MORE(0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66);
}

/* Prefix bookkeeping in isa_insn. */
static void prefixes(void) {
  static const struct {
    uint8_t b[4];
    unsigned n, nprefix;
    uint32_t prefixes;
    uint64_t opsize, lock;
  } pc[] = {
      {{0x90}, 1, 0, 0, 0, 0},
      {{0x66, 0x90}, 2, 1, 1, 1, 0},
      {{0x65, 0x90}, 2, 1, 2, 0, 1},
      {{0x65, 0x66, 0x90}, 3, 2, 3, 1, 1},
      {{0x66, 0x65, 0x66, 0x90}, 4, 3, 3, 1, 1},
  };
  for (size_t i = 0; i < sizeof pc / sizeof pc[0]; i++) {
    isa_insn in;
    isa_decode_result r = TOY->decode(pc[i].b, pc[i].n, 0x1000, &in);
    tc_cases++;
    if (r != ISA_DECODE_OK || in.len != pc[i].n || in.nprefix != pc[i].nprefix || in.prefixes != pc[i].prefixes ||
        in.ctx[0] != pc[i].opsize || in.ctx[1] != pc[i].lock || strcmp(TOY->insns[in.id].name, "nop") != 0) {
      char hex[32];
      tc_hex(hex, sizeof hex, pc[i].b, pc[i].n);
      tc_fail(NULL, __LINE__,
              "[%s]: expected nop len %u nprefix %u prefixes %u opsize %llu lock %llu; got result %d len %u nprefix %u "
              "prefixes %u opsize %llu lock %llu",
              hex, pc[i].n, pc[i].nprefix, (unsigned)pc[i].prefixes, (unsigned long long)pc[i].opsize,
              (unsigned long long)pc[i].lock, (int)r, in.len, in.nprefix, (unsigned)in.prefixes,
              (unsigned long long)in.ctx[0], (unsigned long long)in.ctx[1]);
    }
  }
  tcase t;
  TC(&t, 0x1000, 0x65, 0x66, 0x65, 0x90);
  DEC(&t, 4, "nop", "lock nop");
  STEP(&t, ISA_STEP_OK);
  END(&t);
}

/* The flow class of every rule is the one its source text names. */
static void flows(void) {
  static const char *const fname[ISA_FLOW_COUNT] = {"fallthrough", "jump",    "cjump",   "call", "return",
                                                    "ijump",       "icall",   "syscall", "halt"};
  unsigned seen[ISA_FLOW_COUNT] = {0};
  for (unsigned i = 0; i < TOY->ninsns; i++) {
    const isa_insn_info *ii = &TOY->insns[i];
    const char *p = strstr(ii->source, " flow ");
    char word[32] = "";
    if (p) sscanf(p + 6, "%31[a-z]", word);
    tc_cases++;
    if ((unsigned)ii->flow >= ISA_FLOW_COUNT || strcmp(word, fname[ii->flow]) != 0) {
      tc_fail(NULL, __LINE__, "insn %s: flow %d, source says \"%s\"", ii->name, (int)ii->flow, word);
      continue;
    }
    seen[ii->flow]++;
  }
  for (unsigned f = 0; f < ISA_FLOW_COUNT; f++)
    if (seen[f] < 2) tc_fail(NULL, __LINE__, "flow %s: %u rules, toy.spec has at least two", fname[f], seen[f]);
}

void toy_decoding(void) {
  invalid();
  need_more();
  prefixes();
  flows();
}
