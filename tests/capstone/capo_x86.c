/* capo_x86.c — IA-32 for the capstone oracle: CS_ARCH_X86, CS_MODE_32, Intel
 * syntax; the normaliser; capstone's known errors and our known spec bugs.
 *
 * The normaliser maps our printer's text and capstone's to one canonical
 * text, and only undoes differences of NOTATION:
 *   - numbers: both sides' immediates, displacements and targets become
 *     "0x…" hex; a negative immediate (capstone: "add esp, -0x10") is taken
 *     modulo 2^W, W the size of the first operand (8, 16 or 32; when no
 *     operand says, 16 with an operand-size prefix 66, else 32), so
 *     "add ax, -0x10" = "add ax, 0xfff0" and "66 6a a8" = "push 0xffa8", but
 *     "add ax, 0xfffffff0" stays different; other numbers modulo 2^32;
 *   - memory operands: "size ptr seg:[base + index*scale ± 0xdisp]", the
 *     displacement modulo 2^32 and left out when zero, "*1" left out;
 *     the order of the registers is kept (base first);
 *   - letter case, blanks, and the prefix synonyms repz/repnz = repe/repne;
 *   - the one documented departure of docs/x86.md: "66 90" prints as
 *     "xchg ax, ax" (capstone: "nop"); mapped for exactly that text.
 * Everything else — mnemonics, operand order, register names, operand sizes,
 * segment overrides — is compared as printed.
 */
#include <string.h>

#include "capo.h"
#include "capo_text.h"

static int reg_width(const char *r) {
  static const char *const r32[] = {"eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi"};
  static const char *const r16[] = {"ax", "cx", "dx", "bx", "sp", "bp", "si", "di"};
  static const char *const r8[] = {"al", "cl", "dl", "bl", "ah", "ch", "dh", "bh"};
  for (int i = 0; i < 8; i++) {
    if (!strcmp(r, r32[i])) return 32;
    if (!strcmp(r, r16[i])) return 16;
    if (!strcmp(r, r8[i])) return 8;
  }
  return 0;
}

static int ptr_width(const char *size) {
  if (!strcmp(size, "byte")) return 8;
  if (!strcmp(size, "word")) return 16;
  if (!strcmp(size, "dword")) return 32;
  return 0;
}

static bool is_ident_char(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/* A memory operand "[size ptr] [seg:][terms]" into canonical form; -1 if it
 * does not parse. */
static int norm_mem(const char *op, capo_sb *sb) {
  const char *p = op, *ptr = strstr(op, " ptr ");
  if (ptr) {
    capo_sb_printf(sb, "%.*s ptr ", (int)(ptr - op), op);
    p = ptr + 5;
  }
  const char *br = strchr(p, '[');
  if (!br || br[strlen(br) - 1] != ']') return -1;
  if (br > p) { /* a segment: "es:" */
    if (br[-1] != ':') return -1;
    capo_sb_printf(sb, "%.*s", (int)(br - p), p);
  }
  char reg[2][16] = {"", ""};
  unsigned scale[2] = {1, 1};
  int nreg = 0;
  uint32_t disp = 0;
  const char *q = br + 1;
  bool first = true;
  for (;;) {
    q = capo_skip_blanks(q);
    if (*q == ']') break;
    bool minus = false;
    if (!first) {
      if (*q != '+' && *q != '-') return -1;
      minus = *q == '-';
      q = capo_skip_blanks(q + 1);
    }
    first = false;
    uint64_t mag;
    bool neg;
    if (capo_parse_num(&q, &mag, &neg)) {
      uint32_t v = (uint32_t)mag;
      if (neg != minus) v = 0u - v;
      disp += v;
      continue;
    }
    const char *s = q;
    while (is_ident_char(*q)) q++;
    if (q == s || q - s >= 16 || nreg == 2 || minus) return -1;
    memcpy(reg[nreg], s, (size_t)(q - s));
    reg[nreg][q - s] = 0;
    if (*q == '*') {
      if (q[1] != '1' && q[1] != '2' && q[1] != '4' && q[1] != '8') return -1;
      scale[nreg] = (unsigned)(q[1] - '0');
      q += 2;
    }
    nreg++;
  }
  /* A lone scaled register is an index; with two, the unscaled one is the
   * base and must come first in both syntaxes (order is not normalised). */
  capo_sb_puts(sb, "[");
  for (int i = 0; i < nreg; i++) {
    capo_sb_printf(sb, "%s%s", i ? " + " : "", reg[i]);
    if (scale[i] != 1) capo_sb_printf(sb, "*%u", scale[i]);
  }
  if (nreg == 0) capo_sb_printf(sb, "0x%x", disp);
  else if (disp >= 0x80000000u) capo_sb_printf(sb, " - 0x%x", 0u - disp);
  else if (disp) capo_sb_printf(sb, " + 0x%x", disp);
  capo_sb_puts(sb, "]");
  return 0;
}

/* True if the legacy prefixes at the start of the instruction include 66. */
static bool has_opsize_prefix(const uint8_t *b, size_t n) {
  for (size_t i = 0; i < n; i++) {
    switch (b[i]) {
    case 0x66: return true;
    case 0x67: case 0xf0: case 0xf2: case 0xf3: case 0x26: case 0x2e: case 0x36: case 0x3e: case 0x64: case 0x65:
      continue;
    default: return false;
    }
  }
  return false;
}

static int x86_normalise(const char *text, capo_side side, const uint8_t *bytes, size_t len, char *out,
                         size_t cap) {
  (void)side; /* both sides are Intel syntax: one normaliser */
  char t[256];
  capo_fold(text, t, sizeof t);
  capo_sb sb;
  capo_sb_init(&sb, out, cap);

  /* the mnemonic, after any prefix words */
  const char *p = t;
  for (;;) {
    const char *e = strchr(p, ' ');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    char w[32];
    if (n >= sizeof w) return -1;
    memcpy(w, p, n);
    w[n] = 0;
    bool prefix = !strcmp(w, "lock") || !strcmp(w, "rep") || !strcmp(w, "repe") || !strcmp(w, "repne") ||
                  !strcmp(w, "repz") || !strcmp(w, "repnz");
    if (!strcmp(w, "repz")) strcpy(w, "repe");
    if (!strcmp(w, "repnz")) strcpy(w, "repne");
    capo_sb_puts(&sb, w);
    p += n;
    if (!prefix || !e) break;
    capo_sb_puts(&sb, " ");
    p++;
  }

  char ops[CAPO_MAX_OPS][CAPO_OP_LEN];
  int nops = capo_split_ops(p, ops);
  if (nops < 0) return -1;

  /* the operand size that negative immediates are reduced to */
  int w = 0;
  if (nops > 0) {
    w = reg_width(ops[0]);
    const char *ptr = strstr(ops[0], " ptr ");
    if (!w && ptr) {
      char size[16];
      size_t n = (size_t)(ptr - ops[0]);
      if (n < sizeof size) {
        memcpy(size, ops[0], n);
        size[n] = 0;
        w = ptr_width(size);
      }
    }
  }
  if (!w) w = has_opsize_prefix(bytes, len) ? 16 : 32;
  uint32_t wmask = w == 32 ? 0xffffffffu : (1u << w) - 1;

  for (int i = 0; i < nops; i++) {
    capo_sb_puts(&sb, i ? ", " : " ");
    uint64_t mag;
    bool neg;
    if (strchr(ops[i], '[')) {
      if (norm_mem(ops[i], &sb) != 0) return -1;
    } else if (capo_is_num(ops[i], &mag, &neg)) {
      uint32_t v = (uint32_t)mag;
      capo_sb_printf(&sb, "0x%x", neg ? (0u - v) & wmask : v);
    } else {
      capo_sb_puts(&sb, ops[i]);
    }
  }
  if (sb.over) return -1;
  if (!strcmp(out, "xchg ax, ax")) snprintf(out, cap, "nop"); /* docs/x86.md: 66 90 */
  return 0;
}

/* ---- known disagreements ---------------------------------------------------- */

/* Our spec is wrong (or departs from capstone's syntax without a line in
 * docs/x86.md).  The spec owner fixes specs/x86 and deletes the entry. */
static const capo_exception KNOWN_SPEC_BUGS[] = {
    {NULL, NULL, NULL, NULL}};

/* The legacy prefixes before the opcode at b[*op]: the position of the last
 * F2/F3 (-1: none) and of the last 66 (-1: none). */
static void prefixes(const uint8_t *b, size_t n, size_t *op, int *last_rep, int *last_66) {
  size_t i = 0;
  *last_rep = *last_66 = -1;
  for (; i < n && (b[i] == 0x66 || b[i] == 0xf2 || b[i] == 0xf3 || b[i] == 0xf0); i++) {
    if (b[i] == 0x66) *last_66 = (int)i;
    if (b[i] == 0xf2 || b[i] == 0xf3) *last_rep = (int)i;
  }
  *op = i;
}

/* A 16-bit string instruction (movs, cmps, stos, lods, scas: A5 A7 AB AD AF)
 * whose last 66 prefix comes before its last F2/F3: capstone then drops the
 * 66 (66 f3 a5: 'rep movsd'; f3 66 a5: 'rep movsw'). */
static bool opsize_before_rep(const uint8_t *b, size_t n) {
  size_t op;
  int rep, o66;
  prefixes(b, n, &op, &rep, &o66);
  if (op >= n || rep < 0 || o66 < 0 || o66 > rep) return false;
  return b[op] == 0xa5 || b[op] == 0xa7 || b[op] == 0xab || b[op] == 0xad || b[op] == 0xaf;
}

/* F3 0F BC (tzcnt) whose last 66 prefix comes after its last F3: capstone
 * then takes 66 as the mandatory prefix and prints bsf (f3 66 0f bc c0:
 * 'bsf ax, ax'; 66 f3 0f bc c0: 'tzcnt ax, ax'). */
static bool rep_before_opsize_0f(const uint8_t *b, size_t n) {
  size_t op;
  int rep, o66;
  prefixes(b, n, &op, &rep, &o66);
  if (op + 1 >= n || rep < 0 || b[rep] != 0xf3 || o66 < rep) return false;
  return b[op] == 0x0f && b[op + 1] == 0xbc;
}

/* Capstone 4.0.2 is wrong; each entry quotes the Intel SDM rule. */
static const capo_exception CAPSTONE_WRONG[] = {
    {"nop_r32", NULL, NULL,
     "capstone rejects 0F 1F /0 with mod=11 (e.g. 0f 1f c3).  SDM Vol. 2B, NOP: '0F 1F /0  NOP r/m32'; "
     "an r/m32 operand with mod=11 is a general register (Vol. 2A, Table 2-2), so 0f 1f c3 is 'nop ebx' "
     "(objdump agrees)"},
    {NULL, NULL, opsize_before_rep,
     "capstone ignores a 66 prefix that comes before F2/F3 on string instructions (66 f3 a5 -> 'rep movsd'; "
     "f3 66 a5 -> 'rep movsw').  SDM Vol. 2A, 2.1.1: 'Groups 1 through 4 may be placed in any order relative "
     "to each other', so 66 f3 a5 is rep movsw with 16-bit operands (objdump agrees)"},
    {"tzcnt16", NULL, rep_before_opsize_0f,
     "capstone decodes F3 66 0F BC as bsf (it takes the later of 66/F3 as the mandatory prefix), but "
     "66 F3 0F BC as tzcnt.  SDM Vol. 2A, 2.1.1: prefix groups 1-4 'may be placed in any order relative "
     "to each other'; Vol. 2B, TZCNT: 'F3 0F BC /r  TZCNT r16, r/m16' with the 66 operand-size prefix, so "
     "f3 66 0f bc c0 is tzcnt ax, ax (objdump agrees)"},
    {NULL, NULL, NULL, NULL}};

const capo_isa capo_x86 = {
    .name = "x86",
    .arch = CS_ARCH_X86,
    .mode = CS_MODE_32,
    .syntax = CS_OPT_SYNTAX_INTEL,
    .normalise = x86_normalise,
    .known_spec_bugs = KNOWN_SPEC_BUGS,
    .capstone_wrong = CAPSTONE_WRONG,
};
