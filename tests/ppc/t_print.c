/* t_print.c — decoding and printing of the PowerPC spec on fixed words.
 *
 * Every word below decodes (at 0x10000000) to the given text.  Each text was
 * checked against capstone 4.0.2 (cs_disasm, CS_MODE_32 | BIG_ENDIAN): the
 * same after reading numbers as values (capstone prints small numbers in
 * decimal, others in hex, signed 16-bit immediates as unsigned, and branch
 * targets sign-extended to 64 bits).  Where capstone 4 differs otherwise a
 * comment gives the reason.  The second list holds words that must not
 * decode: reserved fields set, 64-bit-only and invalid forms (PEM rule at
 * each), instructions outside the coverage.  A third list checks which rules
 * may fall through (isa_insn_info.may_fall_through).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "isa.h"

extern const isa_desc ppc_isa_desc;

static const struct {
  unsigned word;
  const char *text;
} cases[] = {
  {0x38600005, "li r3, 0x5"},
  {0x3860ff9c, "li r3, -0x64"},
  {0x3864fffc, "addi r3, r4, -0x4"},
  {0x3c601234, "lis r3, 0x1234"},
  {0x3c64ffff, "addis r3, r4, 0xffff"},
  {0x3064ffff, "addic r3, r4, -0x1"},
  {0x34640005, "addic. r3, r4, 0x5"},
  {0x2064ffff, "subfic r3, r4, -0x1"},
  {0x1c64fffd, "mulli r3, r4, -0x3"},
  {0x706400ff, "andi. r4, r3, 0xff"},
  {0x746400ff, "andis. r4, r3, 0xff"},
  {0x6064000a, "ori r4, r3, 0xa"},
  {0x60000000, "nop"},
  {0x68000000, "xnop"},
  {0x64640010, "oris r4, r3, 0x10"},
  {0x6c640010, "xoris r4, r3, 0x10"},
  {0x7c642a14, "add r3, r4, r5"},
  {0x7c642e15, "addo. r3, r4, r5"},  /* capstone 4 decodes no OE=1 form */
  {0x7c642814, "addc r3, r4, r5"},
  {0x7c642914, "adde r3, r4, r5"},
  {0x7c6401d4, "addme r3, r4"},
  {0x7c640194, "addze r3, r4"},
  {0x7c642850, "subf r3, r4, r5"},
  {0x7c642c51, "subfo. r3, r4, r5"},  /* capstone 4 decodes no OE=1 form */
  {0x7c642810, "subfc r3, r4, r5"},
  {0x7c642910, "subfe r3, r4, r5"},
  {0x7c6401d0, "subfme r3, r4"},
  {0x7c640190, "subfze r3, r4"},
  {0x7c6400d0, "neg r3, r4"},
  {0x7c6404d0, "nego r3, r4"},  /* capstone 4 decodes no OE=1 form */
  {0x7c6429d6, "mullw r3, r4, r5"},
  {0x7c642896, "mulhw r3, r4, r5"},
  {0x7c642817, "mulhwu. r3, r4, r5"},
  {0x7c642bd6, "divw r3, r4, r5"},
  {0x7c642b97, "divwu. r3, r4, r5"},
  {0x7c832838, "and r3, r4, r5"},
  {0x7c832878, "andc r3, r4, r5"},
  {0x7c832378, "mr r3, r4"},
  {0x7c832379, "or. r3, r4, r4"},
  {0x7c832b78, "or r3, r4, r5"},
  {0x7c832b38, "orc r3, r4, r5"},
  {0x7c832a78, "xor r3, r4, r5"},
  {0x7c832bb8, "nand r3, r4, r5"},
  {0x7c8320f8, "nor r3, r4, r4"},
  {0x7c832a38, "eqv r3, r4, r5"},
  {0x7c830774, "extsb r3, r4"},
  {0x7c830734, "extsh r3, r4"},
  {0x7c830035, "cntlz. r3, r4"},
  {0x2c830005, "cmpwi cr1, r3, 0x5"},
  {0x2f83ffff, "cmpwi cr7, r3, -0x1"},
  {0x28030005, "cmplwi r3, 0x5"},
  {0x2b83000a, "cmplwi cr7, r3, 0xa"},
  {0x7c032000, "cmpw r3, r4"},
  {0x7f832000, "cmpw cr7, r3, r4"},
  {0x7c032040, "cmplw r3, r4"},
  {0x5464103a, "slwi r4, r3, 2"},
  {0x5464f0be, "srwi r4, r3, 2"},
  {0x5464283e, "rotlwi r4, r3, 5"},
  {0x5464063e, "clrlwi r4, r3, 24"},
  {0x5464017f, "clrlwi. r4, r3, 5"},
  {0x5464003f, "rotlwi. r4, r3, 0"},
  {0x5464003e, "slwi r4, r3, 0"},
  {0x546402a8, "rlwinm r4, r3, 0, 10, 20"},
  {0x5109801e, "rlwimi r9, r8, 16, 0, 15"},
  {0x5c64283e, "rotlw r4, r3, r5"},
  {0x5c6428e8, "rlwnm r4, r3, r5, 3, 20"},
  {0x7c832830, "slw r3, r4, r5"},
  {0x7c832c30, "srw r3, r4, r5"},
  {0x7c832e31, "sraw. r3, r4, r5"},
  {0x7c832e71, "srawi. r3, r4, 5"},
  {0x80640008, "lwz r3, 0x8(r4)"},
  {0x80600008, "lwz r3, 0x8(0)"},
  {0x8464fff8, "lwzu r3, -0x8(r4)"},
  {0x88640008, "lbz r3, 0x8(r4)"},
  {0xa8640008, "lha r3, 0x8(r4)"},
  {0x90640008, "stw r3, 0x8(r4)"},
  {0x9421fff0, "stwu r1, -0x10(r1)"},
  {0xbba1fff4, "lmw r29, -0xc(r1)"},
  {0xbfa10014, "stmw r29, 0x14(r1)"},
  {0x7c64282e, "lwzx r3, r4, r5"},
  {0x7c60282e, "lwzx r3, 0, r5"},
  {0x7c64286e, "lwzux r3, r4, r5"},
  {0x7c642c2c, "lwbrx r3, r4, r5"},
  {0x7c642d2c, "stwbrx r3, r4, r5"},
  {0x7c642e2c, "lhbrx r3, r4, r5"},
  {0x7c642f2c, "sthbrx r3, r4, r5"},
  {0x7d207028, "lwarx r9, 0, r14"},
  {0x7d20712d, "stwcx. r9, 0, r14"},
  {0x48000100, "b 0x10000100"},
  {0x48000101, "bl 0x10000100"},
  {0x48000102, "ba 0x100"},
  {0x4bfffffd, "bl 0xffffffc"},
  {0x41820010, "beq 0x10000010"},
  {0x409e0010, "bne cr7, 0x10000010"},
  {0x41f0e204, "blt+ cr4, 0xfffe204"},
  {0x4200fff0, "bdnz 0xffffff0"},
  {0x42400010, "bdz 0x10000010"},
  {0x40020010, "bdnzf eq, 0x10000010"},
  {0x411d0010, "bdnzt 4*cr7+gt, 0x10000010"},
  {0x429f0005, "bcl 20, 31, 0x10000004"},  /* branch always (BO=20); capstone 4: bdnz…, but BO2=1 does not decrement CTR */
  {0x42800010, "bc 20, 0, 0x10000010"},  /* branch always (BO=20); capstone 4: bdnz…, but BO2=1 does not decrement CTR */
  {0x4e800020, "blr"},
  {0x4e800021, "blrl"},
  {0x4d820020, "beqlr"},
  {0x4ca20020, "bnelr"},
  {0x4cde0020, "bnelr- cr7"},
  {0x4e000020, "bdnzlr"},
  {0x4c1e0020, "bdnzflr 4*cr7+eq"},
  {0x4e800420, "bctr"},
  {0x4e800421, "bctrl"},
  {0x4d9e0420, "beqctr cr7"},
  {0x4cc63182, "crclr 6"},
  {0x4cc63242, "crset 6"},
  {0x4cc73b82, "crmove 6, 7"},
  {0x4cc73842, "crnot 6, 7"},
  {0x4cc74042, "crnor 6, 7, 8"},
  {0x4f8c0000, "mcrf cr7, cr3"},
  {0x7c600026, "mfcr r3"},
  {0x7c6ff120, "mtcrf 0xff, r3"},
  {0x7c680120, "mtcrf 0x80, r3"},
  {0x7c6102a6, "mfxer r3"},
  {0x7c6802a6, "mflr r3"},
  {0x7c6902a6, "mfctr r3"},
  {0x7c6103a6, "mtxer r3"},
  {0x7c6803a6, "mtlr r3"},
  {0x7c6903a6, "mtctr r3"},
  {0x44000002, "sc"},
  {0x7fe00008, "trap"},
  {0x7c832008, "tweq r3, r4"},
  {0x7c032008, "tw 0, r3, r4"},
  {0x0c83fffb, "tweqi r3, -0x5"},
  {0x0fe30005, "twui r3, 0x5"},
  {0x7c0004ac, "sync"},  /* capstone 4: "sync 0" */
  {0x7c2004ac, "lwsync"},
  {0x7c0006ac, "eieio"},
  {0x4c00012c, "isync"},
};

static const struct {
  unsigned word;
  const char *why;
} invalid[] = {
  {0x2c230005, "cmpi with L=1: 64-bit compare, invalid form in 32-bit implementations (PEM cmpi)"},
  {0x7c232000, "cmp with L=1 (PEM cmp)"},
  {0x2c430005, "cmpi with reserved bit 9 (IBM) set"},
  {0x7c032001, "cmp with the reserved bit 31 (Rc position) set"},
  {0x7c642c96, "mulhw with bit 21 (IBM, OE position) set: reserved"},
  {0x7c6429d4, "addze with RB != 0: reserved field"},
  {0x4e800422, "opcode 19, extended opcode 529 (bcctr with bit 30 set): none"},
  {0x4c000420, "bcctr with BO2=0 (decrement CTR): invalid form (PEM bcctr)"},
  {0x4e808020, "bclr with bits 16..20 (IBM) set: reserved (BH of later versions)"},
  {0x44000022, "sc with LEV=1: no LEV field in the 32-bit architecture"},
  {0x44000000, "sc without bit 30 (IBM) set"},
  {0x7c6c42a6, "mfspr of SPR 268 (time base): not covered"},
  {0x7c7802a6, "mfspr of SPR 24: not covered"},
  {0x7c780026, "mfocrf (IBM bit 11 set): not covered"},
  {0x7c780120, "mtocrf (IBM bit 11 set): not covered"},
  {0x7c4004ac, "sync L=2 (ptesync): not for user code"},
  {0x7c6407b4, "extsw: 64-bit"},
  {0x7c640074, "cntlzd: 64-bit"},
  {0xfc000090, "fmr: floating point, not covered"},
  {0x7c0000a6, "mfmsr: supervisor"},
  {0x00000000, "primary opcode 0"},
  {0x7c6f01a0, "opcode 31, extended opcode 208: none"},
};

/* may_fall_through: true for rules some path of which leaves PC at the next
 * instruction (conditional branches, calls, returns; every fallthrough rule),
 * false for those that always branch. */
static const struct {
  unsigned word;
  bool may_fall;
} falls[] = {
  {0x4d820020, true},  /* beqlr */
  {0x4e000020, true},  /* bdnzlr */
  {0x41820011, true},  /* beql */
  {0x4d9e0421, true},  /* beqctrl cr7 */
  {0x4e800020, false}, /* blr */
  {0x4e800021, false}, /* blrl */
  {0x4e800420, false}, /* bctr */
  {0x48000100, false}, /* b */
  {0x48000101, false}, /* bl */
  {0x429f0011, false}, /* bcl 20, 31, .+16 */
  {0x429f0005, true},  /* bcl 20, 31, .+4: a fallthrough rule */
  {0x7c642a14, true},  /* add */
};

int main(void) {
  const isa_desc *d = &ppc_isa_desc;
  int failures = 0, n = 0;
  for (size_t i = 0; i < sizeof falls / sizeof falls[0]; i++, n++) {
    unsigned w = falls[i].word;
    uint8_t b[4] = {(uint8_t)(w >> 24), (uint8_t)(w >> 16), (uint8_t)(w >> 8), (uint8_t)w};
    isa_insn in;
    if (d->decode(b, 4, 0x10000000, &in) != ISA_DECODE_OK || d->insns[in.id].may_fall_through != falls[i].may_fall) {
      printf("FAIL: %08x: may_fall_through should be %s\n", w, falls[i].may_fall ? "true" : "false");
      failures++;
    }
  }
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++, n++) {
    unsigned w = cases[i].word;
    uint8_t b[4] = {(uint8_t)(w >> 24), (uint8_t)(w >> 16), (uint8_t)(w >> 8), (uint8_t)w};
    isa_insn in;
    char text[128];
    if (d->decode(b, 4, 0x10000000, &in) != ISA_DECODE_OK) {
      printf("FAIL: %08x does not decode; want \"%s\"\n", w, cases[i].text);
      failures++;
      continue;
    }
    d->print(&in, text, sizeof text);
    if (in.len != 4 || strcmp(text, cases[i].text) != 0) {
      printf("FAIL: %08x prints \"%s\" (length %u); want \"%s\"\n", w, text, in.len, cases[i].text);
      failures++;
    }
    /* three bytes are the beginning of this word: the decoder asks for more */
    if (d->decode(b, 3, 0x10000000, &in) != ISA_DECODE_NEED_MORE) {
      printf("FAIL: the first 3 bytes of %08x do not ask for more\n", w);
      failures++;
    }
  }
  for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++, n++) {
    unsigned w = invalid[i].word;
    uint8_t b[4] = {(uint8_t)(w >> 24), (uint8_t)(w >> 16), (uint8_t)(w >> 8), (uint8_t)w};
    isa_insn in;
    if (d->decode(b, 4, 0x10000000, &in) != ISA_DECODE_INVALID) {
      char text[128];
      d->print(&in, text, sizeof text);
      printf("FAIL: %08x decodes as \"%s\"; it must not (%s)\n", w, text, invalid[i].why);
      failures++;
    }
  }
  printf("%s: %d words, %d failures\n", failures ? "FAILED" : "ok", n, failures);
  return failures != 0;
}
