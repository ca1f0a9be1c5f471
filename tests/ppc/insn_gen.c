/* insn_gen.c — random single-instruction tests of the PowerPC spec, for qemu.
 *
 *   insn_gen SEED COUNT > prog.c
 *
 * Writes a freestanding C program (built with `mcveto-cc --isa ppc`) that
 * runs COUNT test cases and prints one line per case: the instruction word
 * and, after it ran, r0..r30, CR, XER, LR, CTR and a checksum of a 512-byte
 * memory window, in hex.  Each case loads random values (biased to corner
 * cases) into r0..r30, CR, XER (SO, OV, CA and the byte count), LR and
 * CTR, executes one random instance of a random encoding form of
 * ppc_isa_desc, and stores the registers.  The same program under qemu-ppc
 * and under `mcveto-ppc run` must print the same lines: every register,
 * flag, carry and memory byte of every instruction checked against qemu.
 *
 * Forms are used only if the instance falls through to the next instruction,
 * cannot trap and does not write r31 (the base register of the dump) —
 * decided from the spec's own symbolic transformer.  Loads and stores are
 * used in their D and X forms with RA pointing into the window (initially
 * random) and a small displacement or RB; lmw (which loads r31), lwarx and
 * stwcx. (which may trap on alignment), branches, traps and sc are left to
 * whole programs.  Each case's disassembly is a comment in the program, so
 * that a failing line can be traced to its instruction.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "forms.h"
#include "isa.h"
#include "terms.h"

#define WINDOW 512 /* bytes of memory the load and store cases use */

extern const isa_desc ppc_isa_desc;

static uint64_t rs;
static uint64_t rnd(void) {
  rs += 0x9e3779b97f4a7c15ull;
  uint64_t x = rs;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
/* 32-bit values that reach carries, overflows and sign changes often */
static uint32_t val32(void) {
  switch (rnd() % 10) {
  case 0: return 0;
  case 1: return 0xFFFFFFFFu;
  case 2: return 0x80000000u;
  case 3: return 0x7FFFFFFFu;
  case 4: return (uint32_t)(rnd() % 64);
  case 5: return (uint32_t)(0 - rnd() % 64);
  case 6: return (uint32_t)rnd() & 0xFFFFu;
  case 7: return 0x80000000u ^ (uint32_t)(rnd() % 4);
  default: return (uint32_t)rnd();
  }
}

static int reg_index(const isa_desc *d, const char *name) {
  for (unsigned i = 0; i < d->nregs; i++)
    if (strcmp(d->regs[i].name, name) == 0) return (int)i;
  fprintf(stderr, "insn_gen: the spec has no register %s\n", name);
  exit(3);
}

/* Does term t read memory? */
static int reads_mem(tm_ctx *c, isa_term t, unsigned char *seen) {
  if (seen[t]) return 0;
  seen[t] = 1;
  int k = tm_kind(c, t);
  if (k == ISA_OP_SELECT) return 1;
  if (k < 0 || k >= ISA_OP_COUNT) return 0; /* constant or variable */
  for (unsigned i = 0; i < tm_nargs(c, t); i++)
    if (reads_mem(c, tm_arg(c, t, i), seen)) return 1;
  return 0;
}

/* What an instance can be used for: see the header comment.  0 not at all,
 * 1 a register-only case, 2 a memory case (a load or store of the D or X
 * form: RA is the base, d or (RB) a small offset). */
enum { UNUSABLE, REGS_ONLY, MEMORY };
static int usable(const isa_desc *d, const isa_insn *in, uint32_t word, int r31) {
  if (d->insns[in->id].flow != ISA_FLOW_FALLTHROUGH) return UNUSABLE;
  tm_ctx *c = tm_new(d->addr_bits);
  isa_tb tb = tm_builder(c);
  isa_term *regs = calloc(d->nregs, sizeof *regs), *pre = calloc(d->nregs, sizeof *pre);
  if (!regs || !pre) exit(3);
  for (unsigned i = 0; i < d->nregs; i++)
    pre[i] = regs[i] = tm_var(c, d->regs[i].name, d->regs[i].is_flag ? TM_BOOL : d->regs[i].width);
  isa_term mem0 = tm_var(c, "$mem", TM_ARRAY);
  isa_symstate st = {regs, mem0, tm_false(c)};
  d->symstep(&tb, &st, in);
  uint64_t v = 1;
  int use = !tm_error(c) && tm_is_const(c, st.trap, &v) && v == 0 && regs[r31] == pre[r31] ? REGS_ONLY : UNUSABLE;
  int mem = st.mem != mem0;
  unsigned char *seen = calloc(tm_count(c) + 1, 1);
  if (!seen) exit(3);
  for (unsigned i = 0; i < d->nregs && !mem; i++)
    if (i != d->pc && reads_mem(c, regs[i], seen)) mem = 1;
  free(seen);
  free(regs);
  free(pre);
  tm_free(c);
  if (use && mem) {
    /* D-form loads and stores (opcodes 32..47) and X-form ones (31) address
     * (RA) + d or (RA) + (RB); RA = 0 would be an absolute address, RA = RB
     * leaves no register for the offset, and r31 is the dump's pointer */
    unsigned op = word >> 26, ra = word >> 16 & 31, rb = word >> 11 & 31;
    use = ra != 0 && ra != 31 && ((op >= 32 && op <= 47) || (op == 31 && ra != rb && rb != 31)) ? MEMORY : UNUSABLE;
  }
  return use;
}

/* rN = v, as two lines of the asm string */
static void set_reg(int r, uint32_t v) {
  printf("\"\tlis %%r%d, 0x%x\\n\"\n\"\tori %%r%d, %%r%d, 0x%x\\n\"\n", r, v >> 16, r, r, v & 0xFFFF);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: insn_gen SEED COUNT > prog.c\n");
    return 2;
  }
  const isa_desc *d = &ppc_isa_desc;
  rs = strtoull(argv[1], NULL, 0);
  long count = strtol(argv[2], NULL, 0);
  if (count < 1 || count > 100000) {
    fprintf(stderr, "insn_gen: COUNT must be 1..100000\n");
    return 2;
  }
  int r31 = reg_index(d, "R31");
  uint32_t *words = calloc((size_t)count, sizeof *words);
  if (!words) exit(3);
  printf("/* generated by insn_gen %s %ld: do not edit */\n#include \"mcveto.h\"\n\n", argv[1], count);
  printf("#define NCASES %ld\n#define NWORDS 36 /* r0..r30, CR, XER, LR, CTR, memory checksum */\n\n", count);
  printf("unsigned int mcveto_cases[NCASES * NWORDS];\nunsigned int mcveto_save[24];\n");
  /* the memory window the load and store cases use, with random contents */
  printf("unsigned int mcveto_mem[%d] = {", WINDOW / 4);
  for (int i = 0; i < WINDOW / 4; i++) printf("%s%s0x%08x", i ? "," : "", i % 8 ? " " : "\n  ", (uint32_t)rnd());
  printf("\n};\n");
  printf("void run_cases(unsigned int *out);\n\n");
  /* run_cases(out): one function in assembly.  It saves the state the C
   * caller expects to keep (r1, r2, r13..r31, LR, CR) in mcveto_save, uses
   * r31 as the pointer into out, and restores everything at the end. */
  printf("__asm__(\n\"\t.text\\n\"\n\"\t.globl run_cases\\n\"\n\"run_cases:\\n\"\n");
  printf("\"\tlis %%r4, mcveto_save@ha\\n\"\n\"\taddi %%r4, %%r4, mcveto_save@l\\n\"\n");
  printf("\"\tstw %%r1, 0(%%r4)\\n\"\n\"\tstw %%r2, 4(%%r4)\\n\"\n\"\tstmw %%r13, 8(%%r4)\\n\"\n");
  printf("\"\tmflr %%r0\\n\"\n\"\tstw %%r0, 84(%%r4)\\n\"\n\"\tmfcr %%r0\\n\"\n\"\tstw %%r0, 88(%%r4)\\n\"\n");
  printf("\"\tmr %%r31, %%r3\\n\"\n");
  long made = 0, tries = 0;
  while (made < count) {
    if (++tries > count * 1000) {
      fprintf(stderr, "insn_gen: too few usable forms\n");
      return 3;
    }
    const isa_form *f = &fm_forms(d)[rnd() % d->nforms];
    uint8_t b[ISA_MAX_LEN] = {0};
    for (int i = 0; i < f->len; i++) b[i] = (uint8_t)((rnd() & ~f->mask[i]) | f->val[i]);
    isa_insn in;
    if (f->len != 4) continue;
    uint32_t word = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
    unsigned op = word >> 26, ra = word >> 16 & 31, rb = word >> 11 & 31;
    if (op >= 32 && op <= 47) { /* a small displacement: the access stays in the window */
      word = (word & 0xFFFF0000u) | ((uint32_t)(rnd() % 256 - 128) & 0xFFFFu);
      for (int i = 0; i < 4; i++) b[i] = (uint8_t)(word >> (24 - 8 * i));
    }
    if (d->decode(b, 4, 0x10000000, &in) != ISA_DECODE_OK) continue;
    int use = usable(d, &in, word, r31);
    if (use == UNUSABLE) continue;
    char text[200];
    d->print(&in, text, sizeof text);
    words[made] = word;
    printf("/* case %ld: %s */\n", made, text);
    set_reg(0, (val32() & 0xFFFF0000u) | ((uint32_t)rnd() & 0xFFFF));
    printf("\"\tmtcrf 0xff, %%r0\\n\"\n");
    set_reg(0, (uint32_t)rnd() & 0xE000007Fu); /* XER: SO, OV, CA, byte count */
    printf("\"\tmtxer %%r0\\n\"\n");
    set_reg(0, val32());
    printf("\"\tmtlr %%r0\\n\"\n");
    set_reg(0, val32());
    printf("\"\tmtctr %%r0\\n\"\n");
    for (int r = 0; r <= 30; r++) {
      if (use == MEMORY && (unsigned)r == ra)
        printf("\"\tlis %%r%d, (mcveto_mem + %d)@ha\\n\"\n\"\taddi %%r%d, %%r%d, (mcveto_mem + %d)@l\\n\"\n",
               r, WINDOW / 2, r, r, WINDOW / 2);
      else if (use == MEMORY && op == 31 && (unsigned)r == rb)
        set_reg(r, (uint32_t)(rnd() % 256 - 128));
      else
        set_reg(r, val32());
    }
    printf("\"\t.long 0x%08x\\n\"\n", word);
    for (int r = 0; r <= 30; r++) printf("\"\tstw %%r%d, %d(%%r31)\\n\"\n", r, 4 * r);
    printf("\"\tmfcr %%r0\\n\"\n\"\tstw %%r0, 124(%%r31)\\n\"\n\"\tmfxer %%r0\\n\"\n\"\tstw %%r0, 128(%%r31)\\n\"\n");
    printf("\"\tmflr %%r0\\n\"\n\"\tstw %%r0, 132(%%r31)\\n\"\n\"\tmfctr %%r0\\n\"\n\"\tstw %%r0, 136(%%r31)\\n\"\n");
    /* a checksum of the memory window */
    printf("\"\tlis %%r3, mcveto_mem@ha\\n\"\n\"\taddi %%r3, %%r3, mcveto_mem@l\\n\"\n"
           "\"\tli %%r4, %d\\n\"\n\"\tmtctr %%r4\\n\"\n\"\tli %%r5, 0\\n\"\n"
           "\"1:\tlwz %%r4, 0(%%r3)\\n\"\n\"\trotlwi %%r5, %%r5, 5\\n\"\n\"\txor %%r5, %%r5, %%r4\\n\"\n"
           "\"\taddi %%r3, %%r3, 4\\n\"\n\"\tbdnz 1b\\n\"\n\"\tstw %%r5, 140(%%r31)\\n\"\n", WINDOW / 4);
    printf("\"\taddi %%r31, %%r31, 144\\n\"\n");
    made++;
  }
  printf("\"\tlis %%r4, mcveto_save@ha\\n\"\n\"\taddi %%r4, %%r4, mcveto_save@l\\n\"\n");
  printf("\"\tlwz %%r1, 0(%%r4)\\n\"\n\"\tlwz %%r2, 4(%%r4)\\n\"\n\"\tlwz %%r0, 84(%%r4)\\n\"\n\"\tmtlr %%r0\\n\"\n");
  printf("\"\tlwz %%r0, 88(%%r4)\\n\"\n\"\tmtcrf 0xff, %%r0\\n\"\n\"\tlmw %%r13, 8(%%r4)\\n\"\n\"\tblr\\n\"\n);\n\n");
  printf("static const unsigned int mcveto_words[NCASES] = {");
  for (long i = 0; i < count; i++) printf("%s%s0x%08x", i ? "," : "", i % 8 ? " " : "\n  ", words[i]);
  printf("\n};\n\n");
  /* print the results: "case word: r0 … r30 cr xer lr ctr", one write per case */
  printf("static char *hex(char *p, unsigned int v) {\n"
         "  for (int i = 28; i >= 0; i -= 4) *p++ = \"0123456789abcdef\"[(v >> i) & 15];\n"
         "  return p;\n}\n\n"
         "int main(void) {\n"
         "  static char line[NWORDS * 9 + 32];\n"
         "  run_cases(mcveto_cases);\n"
         "  for (int k = 0; k < NCASES; k++) {\n"
         "    char *p = line;\n"
         "    p = hex(p, (unsigned int)k);\n"
         "    *p++ = ' ';\n"
         "    p = hex(p, mcveto_words[k]);\n"
         "    *p++ = ':';\n"
         "    for (int i = 0; i < NWORDS; i++) { *p++ = ' '; p = hex(p, mcveto_cases[k * NWORDS + i]); }\n"
         "    *p++ = '\\n';\n"
         "    write(1, line, (size_t)(p - line));\n"
         "  }\n"
         "  return 0;\n}\n");
  free(words);
  return 0;
}
