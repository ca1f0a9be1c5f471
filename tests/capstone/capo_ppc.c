/* capo_ppc.c — 32-bit PowerPC for the capstone oracle: CS_ARCH_PPC,
 * CS_MODE_32 | CS_MODE_BIG_ENDIAN (capstone's default syntax, with its
 * simplified mnemonics: li, lis, mr, nop, blr, bdnz, beq cr7, cmpwi, slwi …,
 * which specs/ppc follows); the normaliser; known disagreements.
 *
 * The normaliser only undoes differences of NUMBER NOTATION: every number
 * becomes 0x-hex; a negative number (ours: "li r3, -0x10"; capstone prints
 * some signed 16-bit fields unsigned: "li r3, 0xfff0") is taken modulo 2^16
 * — every signed immediate and displacement of the instruction set is a
 * 16-bit field — except in branches, whose operands are 32-bit addresses
 * (modulo 2^32); "d(rA)" operands keep their register.  Mnemonics (with
 * their '.', 'o', '+'/'-' suffixes), operand order, register names, CR
 * fields and CR-bit expressions ("4*cr7+eq") are compared as printed.  One
 * equivalence of simplified mnemonics is mapped: "sync 0" is "sync".
 */
#include <string.h>

#include "capo.h"
#include "capo_text.h"

static void put_num(capo_sb *sb, uint64_t mag, bool neg, bool branch) {
  uint32_t v = (uint32_t)mag;
  if (neg) v = branch ? 0u - v : (0u - v) & 0xffffu;
  capo_sb_printf(sb, "0x%x", v);
}

static int ppc_normalise(const char *text, capo_side side, const uint8_t *bytes, size_t len, char *out,
                         size_t cap) {
  (void)side;
  (void)bytes;
  (void)len;
  char t[256];
  capo_fold(text, t, sizeof t);
  capo_sb sb;
  capo_sb_init(&sb, out, cap);
  const char *sp = strchr(t, ' ');
  size_t n = sp ? (size_t)(sp - t) : strlen(t);
  capo_sb_printf(&sb, "%.*s", (int)n, t);
  bool branch = t[0] == 'b';
  char ops[CAPO_MAX_OPS][CAPO_OP_LEN];
  int nops = capo_split_ops(t + n, ops);
  if (nops < 0) return -1;
  for (int i = 0; i < nops; i++) {
    capo_sb_puts(&sb, i ? ", " : " ");
    const char *p = ops[i];
    uint64_t mag;
    bool neg;
    bool num = capo_parse_num(&p, &mag, &neg);
    if (num && *p == '(') { /* d(rA) */
      const char *close = strchr(p, ')');
      if (!close || close[1]) return -1;
      put_num(&sb, mag, neg, false);
      capo_sb_puts(&sb, p);
    } else if (num && !*p) {
      put_num(&sb, mag, neg, branch);
    } else {
      capo_sb_puts(&sb, ops[i]);
    }
  }
  if (sb.over) return -1;
  /* the simplified mnemonic "sync" is "sync 0" (Book II, 4.4.3): capstone
   * prints the operand, specs/ppc the simplified form */
  if (!strcmp(out, "sync 0x0")) snprintf(out, cap, "sync");
  return 0;
}

static uint32_t word(const uint8_t *b, size_t n) {
  return n < 4 ? 0 : (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* An XO-form arithmetic instruction (primary opcode 31) with OE=1. */
static bool oe_form(const uint8_t *b, size_t n) {
  uint32_t w = word(b, n), xo = (w >> 1) & 0x1ff;
  static const uint16_t xos[] = {266, 10, 138, 234, 202, 40, 8, 136, 232, 200, 104, 235, 491, 459};
  if (n < 4 || w >> 26 != 31 || !(w & 0x400)) return false;
  for (size_t i = 0; i < sizeof xos / sizeof xos[0]; i++)
    if (xo == xos[i]) return true;
  return false;
}

/* A conditional branch whose BO has BO[0] = BO[2] = 1 (1z1zz: branch
 * always), other than the plain bclr/bcctr 20, 0 (blr, bctr). */
static bool bo_always(const uint8_t *b, size_t n) {
  uint32_t w = word(b, n), bo = (w >> 21) & 31, bi = (w >> 16) & 31, xo = (w >> 1) & 0x3ff;
  if (n < 4 || (bo & 0x14) != 0x14) return false;
  if (w >> 26 == 16) return true;
  return w >> 26 == 19 && (xo == 16 || xo == 528) && !(bo == 20 && bi == 0);
}

/* Our spec is wrong here; the spec owner fixes specs/ppc and deletes the entry. */
static const capo_exception KNOWN_SPEC_BUGS[] = {
    {NULL, NULL, NULL, NULL}};

/* Capstone 4.0.2 is wrong here; each entry quotes the manual's rule. */
static const capo_exception CAPSTONE_WRONG[] = {
    {NULL, NULL, oe_form,
     "capstone rejects every XO-form instruction with OE=1 (addo, subfo., mullwo, divwuo …; e.g. "
     "7c 63 26 14 addo r3, r3, r4).  Power ISA v2.06 Book I, 3.3.9/3.3.10 (PEM 8.2: add, subf, mullw, "
     "divw …): each has the forms with OE=1 ('addo', 'addo.') that also set XER[OV] and XER[SO]; "
     "objdump agrees"},
    {NULL, NULL, bo_always,
     "capstone prints a branch whose BO is 1z1zz other than bclr/bcctr 20,0 as a CTR-decrementing branch "
     "(42 80 00 08: 'bdnz'; 4e 8e 04 20: 'bdnzctr').  Power ISA v2.06 Book I, 2.4 (bc/bclr/bcctr "
     "pseudocode): 'if ¬BO[2] then CTR <- CTR - 1', 'ctr_ok <- BO[2] | …', 'cond_ok <- BO[0] | …': "
     "with BO[0] = BO[2] = 1 the branch is always taken and CTR is not touched (objdump: 'bc 20,...')"},
    {NULL, NULL, NULL, NULL}};

const capo_isa capo_ppc = {
    .name = "ppc",
    .arch = CS_ARCH_PPC,
    .mode = CS_MODE_32 | CS_MODE_BIG_ENDIAN,
    .syntax = 0,
    .normalise = ppc_normalise,
    .known_spec_bugs = KNOWN_SPEC_BUGS,
    .capstone_wrong = CAPSTONE_WRONG,
};
