/* rv32_objdump.c — the RV32IM decoder and printer against GNU objdump.
 *
 *   rv32_objdump gen N SEED OUT.bin
 *       N random instruction words (little-endian) for objdump: half
 *       uniformly random, half with an RV32IM major opcode; all with the
 *       32-bit length encoding (bits 1:0 = 11, bits 4:2 != 111).  Words of
 *       other lengths are checked here directly: mcveto must find them
 *       invalid (no C extension, no 48-bit and longer encodings).
 *   rv32_objdump check LISTING
 *       LISTING is `riscv64-linux-gnu-objdump -d -M no-aliases` output (of
 *       the words above in an object whose attributes say rv32im, or of a
 *       test binary).  Every instruction line is decoded by mcveto at its
 *       address and must agree:
 *         - objdump decodes it as an RV32IM instruction: the same text,
 *           after normalisation (objdump's tab after the mnemonic becomes a
 *           blank, a trailing " <symbol>" and "# comment" are dropped, and a
 *           branch or jal target gets a "0x" prefix);
 *         - objdump prints ".4byte": mcveto finds it invalid too;
 *         - objdump decodes it as an instruction outside RV32IM (Zicsr's
 *           csrr*, Zifencei's fence.i, which binutils 2.40 accepts for any
 *           rv32i object): mcveto finds it invalid;
 *         - objdump decodes slli/srli/srai with a shift amount of 32 or more
 *           (bit 25 set): RV64 encodings, reserved in RV32 (Vol. I §2.4);
 *           binutils 2.40 decodes them for rv32 objects as well.  mcveto
 *           finds them invalid, as qemu-riscv32 does (illegal instruction).
 *       Prints the counts; exit status 1 on any disagreement.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"

extern const isa_desc rv32_isa_desc;

static uint64_t rng_state;
static uint32_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state >> 16);
}

static const char *const rv32im[] = {
    "lui",  "auipc", "addi", "slti", "sltiu", "xori", "ori",  "andi",   "slli",  "srli", "srai", "add",
    "sub",  "sll",   "slt",  "sltu", "xor",   "srl",  "sra",  "or",     "and",   "mul",  "mulh", "mulhsu",
    "mulhu", "div",  "divu", "rem",  "remu",  "lb",   "lh",   "lw",     "lbu",   "lhu",  "sb",   "sh",
    "sw",   "beq",   "bne",  "blt",  "bge",   "bltu", "bgeu", "jal",    "jalr",  "fence", "fence.tso",
    "ecall", "ebreak", NULL};

static int in_rv32im(const char *m) {
  for (int i = 0; rv32im[i]; i++)
    if (!strcmp(m, rv32im[i])) return 1;
  return 0;
}

static int decode(uint32_t w, uint64_t addr, char *text, size_t n, unsigned *len) {
  const isa_desc *d = &rv32_isa_desc;
  uint8_t b[4] = {(uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16), (uint8_t)(w >> 24)};
  isa_insn insn;
  isa_decode_result r = d->decode(b, 4, addr, &insn);
  if (r != ISA_DECODE_OK) return 0;
  *len = insn.len;
  d->print(&insn, text, n);
  return 1;
}

static int gen(unsigned long n, unsigned long long seed, const char *out) {
  static const uint8_t ops[] = {0x37, 0x17, 0x6F, 0x67, 0x63, 0x03, 0x23, 0x13, 0x33, 0x0F, 0x73};
  FILE *f = fopen(out, "wb");
  if (!f) {
    perror(out);
    return 2;
  }
  rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
  unsigned long other = 0, bad = 0;
  /* first the words random ones rarely hit: fence.tso, ecall, ebreak, ret, nop */
  static const uint32_t fixed[] = {0x8330000fu, 0x00000073u, 0x00100073u, 0x00008067u, 0x00028067u, 0x00000013u};
  for (unsigned long i = 0; i < n; i++) {
    uint32_t w = rnd() ^ (rnd() << 16);
    if (i < sizeof fixed / sizeof *fixed) {
      uint8_t b[4] = {(uint8_t)fixed[i], (uint8_t)(fixed[i] >> 8), (uint8_t)(fixed[i] >> 16), (uint8_t)(fixed[i] >> 24)};
      fwrite(b, 1, 4, f);
      continue;
    }
    if ((w & 3) != 3 || (w & 0x1C) == 0x1C) { /* not a 32-bit encoding: must be invalid */
      char t[128];
      unsigned len;
      other++;
      if (decode(w, 0, t, sizeof t, &len)) {
        printf("FAIL: %08x (length encoding %u) decodes as \"%s\"\n", w, w & 0x1F, t);
        bad++;
      }
      w |= 3;
      if ((w & 0x1C) == 0x1C) w &= ~0x10u;
    }
    if (i & 1) { /* an RV32IM major opcode, often with the other fields of its forms */
      static const uint32_t f7[] = {0x00, 0x20, 0x01};
      w = (w & ~0x7Fu) | ops[rnd() % sizeof ops];
      switch (rnd() % 4) {
      case 0: w = (w & 0x01FFFFFFu) | f7[rnd() % 3] << 25; break;   /* R type, shifts */
      case 1: w &= ~(0x1Fu << 7 | 0x1Fu << 15 | 0xEu << 28); break; /* rd = rs1 = 0: fence (fm 0, 1), system */
      case 2: w &= 0x001FF07Fu; break;                               /* ecall, ebreak, fence 0 */
      default: break;
      }
    }
    uint8_t b[4] = {(uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16), (uint8_t)(w >> 24)};
    fwrite(b, 1, 4, f);
  }
  fclose(f);
  printf("rv32_objdump gen: %lu words; %lu words of other lengths invalid as they must be, %lu not\n", n,
         other - bad, bad);
  return bad != 0;
}

/* objdump's operands, normalised: " <sym>" and "# comment" dropped, the
 * branch/jal target with 0x. */
static void normalise(const char *mn, char *ops, size_t size) {
  char *p = strstr(ops, " #");
  if (p) *p = 0;
  p = strstr(ops, " <");
  if (p) *p = 0;
  size_t n = strlen(ops);
  while (n && isspace((unsigned char)ops[n - 1])) ops[--n] = 0;
  if (mn[0] == 'b' || !strcmp(mn, "jal")) {
    char *c = strrchr(ops, ',');
    char *t = c ? c + 1 : ops;
    size_t tl = strlen(t);
    if (n + 2 < size) { /* insert "0x" */
      memmove(t + 2, t, tl + 1);
      t[0] = '0';
      t[1] = 'x';
    }
  }
}

static int check(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    return 2;
  }
  char line[1024];
  unsigned long lines = 0, same = 0, invalid = 0, outside = 0, rv64 = 0, bad = 0;
  unsigned long per[64] = {0};
  while (fgets(line, sizeof line, f)) {
    unsigned long long addr;
    unsigned w;
    int pos = 0;
    line[strcspn(line, "\n")] = 0;
    if (sscanf(line, " %llx: %x %n", &addr, &w, &pos) < 2 || !pos || !strchr(line, '\t')) continue;
    /* the hex word must be 8 digits (objdump prints 4 for 16-bit units) */
    const char *h = strchr(line, ':') + 1;
    while (*h == ' ' || *h == '\t') h++;
    size_t hl = strspn(h, "0123456789abcdef");
    if (hl != 8) {
      printf("FAIL: %s: not a 32-bit unit\n", line);
      bad++;
      continue;
    }
    const char *rest = h + hl;
    while (*rest == ' ' || *rest == '\t') rest++;
    char mn[64] = "", ops[512] = "";
    size_t ml = strcspn(rest, " \t");
    if (ml >= sizeof mn) ml = sizeof mn - 1;
    memcpy(mn, rest, ml);
    mn[ml] = 0;
    const char *o = rest + ml;
    while (*o == ' ' || *o == '\t') o++;
    snprintf(ops, sizeof ops, "%s", o);
    lines++;
    char ours[256];
    unsigned len = 0;
    int ok = decode(w, addr, ours, sizeof ours, &len);
    if (!strcmp(mn, ".4byte")) {
      if (ok) {
        printf("FAIL: %08x at 0x%llx: objdump: invalid, mcveto: \"%s\"\n", w, addr, ours);
        bad++;
      } else
        invalid++;
      continue;
    }
    int shift_rv64 = (!strcmp(mn, "slli") || !strcmp(mn, "srli") || !strcmp(mn, "srai")) && (w >> 25 & 1);
    if (!in_rv32im(mn) || shift_rv64) {
      if (ok) {
        printf("FAIL: %08x at 0x%llx: objdump: \"%s %s\" (not RV32IM), mcveto: \"%s\"\n", w, addr, mn, ops, ours);
        bad++;
      } else if (shift_rv64)
        rv64++;
      else
        outside++;
      continue;
    }
    normalise(mn, ops, sizeof ops);
    char theirs[640];
    snprintf(theirs, sizeof theirs, "%s%s%s", mn, *ops ? " " : "", ops);
    if (!ok) {
      printf("FAIL: %08x at 0x%llx: objdump: \"%s\", mcveto: invalid\n", w, addr, theirs);
      bad++;
    } else if (strcmp(ours, theirs) || len != 4) {
      printf("FAIL: %08x at 0x%llx: objdump: \"%s\", mcveto: \"%s\" (length %u)\n", w, addr, theirs, ours, len);
      bad++;
    } else {
      same++;
      for (int i = 0; rv32im[i]; i++)
        if (!strcmp(mn, rv32im[i])) per[i]++;
    }
    if (bad > 50) break;
  }
  fclose(f);
  printf("rv32_objdump check: %lu instructions; %lu the same text, %lu invalid in both, %lu outside RV32IM "
         "(objdump only), %lu RV64 shifts (objdump only), %lu disagreements\n",
         lines, same, invalid, outside, rv64, bad);
  printf("forms seen:");
  for (int i = 0; rv32im[i]; i++) printf(" %s=%lu", rv32im[i], per[i]);
  printf("\n");
  return bad != 0 || lines == 0;
}

int main(int argc, char **argv) {
  if (argc == 5 && !strcmp(argv[1], "gen")) return gen(strtoul(argv[2], NULL, 0), strtoull(argv[3], NULL, 0), argv[4]);
  if (argc == 3 && !strcmp(argv[1], "check")) return check(argv[2]);
  fprintf(stderr, "usage: %s gen N SEED OUT.bin | check LISTING\n", argv[0]);
  return 2;
}
