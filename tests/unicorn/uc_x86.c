/* uc_x86.c — the x86 part of the unicorn oracle (specs/x86.spec against
 * unicorn's UC_ARCH_X86 / UC_MODE_32): register and EFLAGS mapping, traps,
 * the flags the Intel SDM leaves undefined, and the known disagreements.
 *
 * Manual references are to the Intel 64 and IA-32 Architectures Software
 * Developer's Manual, Volume 2 (instruction reference), "Flags Affected" of
 * each instruction.
 */
#include <string.h>

#include "uc_isa.h"

/* ---- state ----------------------------------------------------------------- */

static const uc_reg_map regs[] = {
    {"EAX", UC_X86_REG_EAX}, {"ECX", UC_X86_REG_ECX}, {"EDX", UC_X86_REG_EDX}, {"EBX", UC_X86_REG_EBX},
    {"ESP", UC_X86_REG_ESP}, {"EBP", UC_X86_REG_EBP}, {"ESI", UC_X86_REG_ESI}, {"EDI", UC_X86_REG_EDI},
    {"EIP", UC_X86_REG_EIP},
};

/* EFLAGS bits; the order here is the bit order of undefined_flags(). */
enum { CF = 1 << 0, PF = 1 << 1, AF = 1 << 2, ZF = 1 << 3, SF = 1 << 4, OF = 1 << 5 };
static const uc_field_map fields[] = {
    {"CF", UC_X86_REG_EFLAGS, 0}, {"PF", UC_X86_REG_EFLAGS, 2}, {"AF", UC_X86_REG_EFLAGS, 4},
    {"ZF", UC_X86_REG_EFLAGS, 6}, {"SF", UC_X86_REG_EFLAGS, 7}, {"OF", UC_X86_REG_EFLAGS, 11},
    {"DF", UC_X86_REG_EFLAGS, 10},
};
/* Bit 1 of EFLAGS is reserved and always 1; IF (bit 9) is always 1 in a
 * user process (pushfd shows it); TF and the rest stay 0. */
static const uc_word words[] = {{UC_X86_REG_EFLAGS, 0x202, NULL, NULL, 0, 0, 0}};

/* ---- traps and flows ----------------------------------------------------------- */

static const uc_trap_map traps[] = {
    {"divide error", UC_OUT_INTR, 0},            /* #DE, vector 0 */
    {"invalid opcode (ud2)", UC_OUT_INVALID, 6}, /* #UD: unicorn stops with UC_ERR_INSN_INVALID */
    /* popfd of TF, NT, AC or ID: a limit of the model, not an exception */
    {"popfd: the TF, NT, AC or ID flag is not modelled", UC_OUT_UNMODELLED, 0},
};
/* int 0x80 completes (EIP after it) and raises vector 0x80; hlt (flow halt)
 * completes normally in unicorn with EIP after it, as in our step. */
static const uc_flow_map flows[] = {{ISA_FLOW_SYSCALL, 0x80}};

/* ---- helpers ------------------------------------------------------------------- */

/* The mnemonic of the printed instruction, without lock/rep prefixes. */
static void mnemonic(const char *text, char *out, size_t size) {
  static const char *const pfx[] = {"lock ", "repne ", "repe ", "rep "};
  for (int again = 1; again;) {
    again = 0;
    for (size_t i = 0; i < sizeof pfx / sizeof *pfx; i++)
      if (!strncmp(text, pfx[i], strlen(pfx[i]))) {
        text += strlen(pfx[i]);
        again = 1;
      }
  }
  size_t n = strcspn(text, " ");
  if (n >= size) n = size - 1;
  memcpy(out, text, n);
  out[n] = 0;
}

static int reg_index(const isa_desc *d, const char *name) {
  for (unsigned i = 0; i < d->nregs; i++)
    if (!strcmp(d->regs[i].name, name)) return (int)i;
  return -1;
}

static bool ends_with(const char *s, const char *suffix) {
  size_t a = strlen(s), b = strlen(suffix);
  return a >= b && !strcmp(s + a - b, suffix);
}

/* Shift/rotate count as the instruction sees it, masked to 5 bits (every
 * width, SDM "SAL/SAR/SHL/SHR", "ROL/ROR", "SHLD", "SHRD"): from CL, the
 * immediate (the last byte of every such form) or 1. */
static unsigned shift_count(const uc_case *c) {
  const char *name = c->d->insns[c->in->id].name;
  unsigned n;
  if (ends_with(name, "_cl")) n = (unsigned)(c->pre[reg_index(c->d, "ECX")] & 0xFF);
  else if (ends_with(name, "_1")) n = 1;
  else n = c->bytes[c->in->len - 1];
  return n & 0x1F;
}

/* Operand width of a shift or rotate, from its rule's name (shl_rm8_cl,
 * rcr_rm16_1, shld16_i8, sar_rm32_i8, shrd_cl). */
static unsigned operand_bits(const uc_case *c) {
  const char *name = c->d->insns[c->in->id].name;
  return strstr(name, "rm8") ? 8 : strstr(name, "16") ? 16 : 32;
}

/* ---- flags the SDM leaves undefined ---------------------------------------------- */

typedef enum when { ALWAYS, SHIFT, ROTATE, DSHIFT } when;

/* Per mnemonic: the flags that may be undefined and the rule that decides
 * which are, quoting "Flags Affected".  Mnemonics not listed define every
 * flag they write (add adc sub sbb cmp inc dec neg, cmps scas) or write
 * none; all their flags are compared. */
static const struct undefined_rule {
  const char *mnemonic;
  uint32_t flags;
  when when;
} UNDEFINED[] = {
    /* AND/OR/XOR/TEST: "The OF and CF flags are cleared; the SF, ZF, and PF
     * flags are set according to the result. The state of the AF flag is
     * undefined." */
    {"and", AF, ALWAYS},
    {"or", AF, ALWAYS},
    {"xor", AF, ALWAYS},
    {"test", AF, ALWAYS},
    /* MUL: "The OF and CF flags are set to 0 if the upper half of the result
     * is 0; otherwise, they are set to 1. The SF, ZF, AF, and PF flags are
     * undefined."  IMUL (every form): "... The SF, ZF, AF, and PF flags are
     * undefined." */
    {"mul", SF | ZF | AF | PF, ALWAYS},
    {"imul", SF | ZF | AF | PF, ALWAYS},
    /* DIV/IDIV: "The CF, OF, SF, ZF, AF, and PF flags are undefined." */
    {"div", CF | OF | SF | ZF | AF | PF, ALWAYS},
    {"idiv", CF | OF | SF | ZF | AF | PF, ALWAYS},
    /* SAL/SAR/SHL/SHR: "The CF flag contains the value of the last bit
     * shifted out of the destination operand; it is undefined for SHL and SHR
     * instructions where the count is greater than or equal to the size (in
     * bits) of the destination operand. The OF flag is affected only for
     * 1-bit shifts; otherwise, it is undefined. ... If the count is 0, the
     * flags are not affected. For a non-zero count, the AF flag is
     * undefined." */
    {"shl", CF | OF | AF, SHIFT},
    {"shr", CF | OF | AF, SHIFT},
    {"sar", OF | AF, SHIFT},
    /* RCL/RCR/ROL/ROR: "If the masked count is 0, the flags are not
     * affected. If the masked count is 1, then the OF flag is affected,
     * otherwise (masked count is greater than 1) the OF flag is undefined.
     * ... The SF, ZF, AF, and PF flags are always unaffected." */
    {"rol", OF, ROTATE},
    {"ror", OF, ROTATE},
    {"rcl", OF, ROTATE},
    {"rcr", OF, ROTATE},
    /* SHLD/SHRD: "For a 1-bit shift, the OF flag is set if a sign change
     * occurred; otherwise, it is cleared. For shifts greater than 1 bit, the
     * OF flag is undefined. If a shift occurs, the AF flag is undefined. If
     * the count operand is 0, the flags are not affected. If the count is
     * greater than the operand size, the flags are undefined."  (The count
     * is masked to 5 bits, so only 16-bit operands can exceed their size;
     * their result is then undefined too, but the spec and unicorn agree on
     * it, so it is compared.) */
    {"shld", CF | OF | SF | ZF | AF | PF, DSHIFT},
    {"shrd", CF | OF | SF | ZF | AF | PF, DSHIFT},
    /* BT/BTS/BTR/BTC: "The CF flag contains the value of the selected bit
     * before it is cleared. The ZF flag is unaffected. The OF, SF, AF, and PF
     * flags are undefined." */
    {"bt", OF | SF | AF | PF, ALWAYS},
    {"bts", OF | SF | AF | PF, ALWAYS},
    {"btr", OF | SF | AF | PF, ALWAYS},
    {"btc", OF | SF | AF | PF, ALWAYS},
    /* TZCNT: "ZF is set to 1 in case of zero output (least significant bit
     * of the source is set), and to 0 otherwise, CF is set to 1 if the input
     * was zero and cleared otherwise. OF, SF, PF and AF flags are
     * undefined." */
    {"tzcnt", OF | SF | PF | AF, ALWAYS},
    /* BSF/BSR: "The ZF flag is set to 1 if the source operand is 0;
     * otherwise, the ZF flag is cleared. The CF, OF, SF, AF, and PF flags are
     * undefined." */
    {"bsf", CF | OF | SF | AF | PF, ALWAYS},
    {"bsr", CF | OF | SF | AF | PF, ALWAYS},
};

static uint64_t undefined_flags(const uc_case *c) {
  char mn[16];
  mnemonic(c->text, mn, sizeof mn);
  for (size_t i = 0; i < sizeof UNDEFINED / sizeof *UNDEFINED; i++) {
    const struct undefined_rule *r = &UNDEFINED[i];
    if (strcmp(r->mnemonic, mn)) continue;
    if (r->when == ALWAYS) return r->flags;
    unsigned n = shift_count(c);
    if (n == 0) return 0; /* no flag is affected */
    uint32_t u = 0;
    if (r->when == SHIFT) {
      u = AF;
      if (n != 1) u |= OF;
      if (n >= operand_bits(c)) u |= r->flags & CF; /* SHL and SHR only */
    } else if (r->when == ROTATE) {
      if (n > 1) u = OF;
    } else {
      u = AF;
      if (n > 1) u |= OF;
      if (n > operand_bits(c)) u = CF | OF | SF | ZF | AF | PF;
    }
    return u & r->flags;
  }
  return 0;
}

/* CMPS reads [ESI] and ES:[EDI]; the SDM gives no order for the two reads
 * (qemu reads ES:[EDI] first, our spec [ESI]), so when both fault either
 * address is right. */
static bool unordered_access(const uc_case *c) {
  char mn[16];
  mnemonic(c->text, mn, sizeof mn);
  return !strncmp(mn, "cmps", 4);
}

/* ---- known disagreements ------------------------------------------------------------ */

/* The r/m operand of a ModRM instruction whose ModRM byte follows a one-byte
 * opcode: a register (mod = 3) or our step's first load. */
static uint64_t rm_operand(const uc_case *c) {
  static const char *const r32[8] = {"EAX", "ECX", "EDX", "EBX", "ESP", "EBP", "ESI", "EDI"};
  uint8_t modrm = c->bytes[c->in->nprefix + 1];
  if (modrm >> 6 == 3) return c->pre[reg_index(c->d, r32[modrm & 7])];
  return c->nloads ? c->load[0] : 0;
}

static uint64_t reg(const uc_case *c, const char *name) { return c->pre[reg_index(c->d, name)]; }

/* idiv r/m32 of EDX:EAX = -2^63 by -1, idiv r/m16 of DX:AX = -2^31 by -1. */
static bool idiv_min_by_minus_one(const uc_case *c) {
  const char *name = c->d->insns[c->in->id].name;
  if (!strcmp(name, "idiv_rm32"))
    return reg(c, "EDX") == 0x80000000u && reg(c, "EAX") == 0 && (rm_operand(c) & 0xFFFFFFFFu) == 0xFFFFFFFFu;
  if (!strcmp(name, "idiv_rm16"))
    return (reg(c, "EDX") & 0xFFFF) == 0x8000 && (reg(c, "EAX") & 0xFFFF) == 0 && (rm_operand(c) & 0xFFFF) == 0xFFFF;
  return false;
}

/* KNOWN_SPEC_BUGS: our spec is wrong (the owner of specs/ fixes them and
 * removes the entry; an entry that matches nothing fails the test). */
static const uc_known KNOWN_SPEC_BUGS[] = {
    {NULL, NULL, NULL, NULL, false},
};

/* A taken jcc whose target wraps around 2^32 (e.g. 0f 86 62 af 19 bc at
 * 0x384c1666: jbe 0xf465c5ce). */
static bool jcc_target_wraps(const uc_case *c) {
  if (strncmp(c->d->insns[c->in->id].name, "jcc_", 4) || c->res != ISA_STEP_OK) return false;
  unsigned len = c->in->len;
  uint64_t next = c->in->addr + len;
  if (c->post[c->d->pc] == (next & 0xFFFFFFFFu)) return false; /* not taken */
  int64_t disp = len == 2 ? (int8_t)c->bytes[1]
                          : (int32_t)((uint32_t)c->bytes[len - 4] | (uint32_t)c->bytes[len - 3] << 8 |
                                      (uint32_t)c->bytes[len - 2] << 16 | (uint32_t)c->bytes[len - 1] << 24);
  int64_t target = (int64_t)next + disp;
  return target < 0 || target > 0xFFFFFFFF;
}

/* ret imm16 with bit 15 of imm16 set (e.g. c2 30 f8, ret 0xf830). */
static bool ret_imm16_high(const uc_case *c) {
  return !strcmp(c->d->insns[c->in->id].name, "ret_imm16") && (c->bytes[c->in->len - 1] & 0x80);
}

/* UNICORN_BUGS: unicorn (2.0.1) demonstrably violates the SDM. */
static const uc_known UNICORN_BUGS[] = {
    {NULL, idiv_min_by_minus_one, "f7 f9 @0x10000000 EDX=0x80000000 ECX=0xffffffff",
     "idiv of the most negative dividend by -1 (quotient 2^31 or 2^15 does not fit): SDM IDIV raises #DE "
     "(\"If the quotient is too large for the designated register\"); unicorn divides in host arithmetic "
     "(helper_idivl_EAX / helper_idivw_AX) and the host process dies of SIGFPE, so these cases are not run",
     true},
    {NULL, jcc_target_wraps, "0f 84 00 00 00 e0 @0x10000000 ZF=1",
     "taken jcc whose target wraps around 2^32: SDM Jcc in 32-bit mode computes EIP := EIP + SignExtend(DEST) "
     "in the 32-bit EIP (modulo 2^32); unicorn (qemu 5.0 gen_jcc does not mask the target to 32 bits, unlike "
     "jmp and call) fetches from the 64-bit address and stops with UC_ERR_FETCH_UNMAPPED",
     false},
    {NULL, ret_imm16_high, "c2 30 f8 @0x10000000 ESP=0x20000000",
     "ret imm16 with imm16 >= 0x8000: SDM RET (near, 32-bit stack) \"ESP := ESP + SRC\" with SRC the imm16 "
     "count of bytes to release (zero-extended); unicorn (qemu 5.0 reads the immediate with x86_ldsw_code, "
     "signed) releases imm16 - 0x10000 bytes, e.g. ESP 0x7fffffff -> 0x7ffff833 instead of 0x8000f833",
     false},
    {NULL, NULL, NULL, NULL, false},
};

#define N(a) (unsigned)(sizeof a / sizeof *a)

const uc_isa uc_isa_x86 = {
    .name = "x86",
    .arch = UC_ARCH_X86,
    .mode = UC_MODE_32,
    .page = 4096,
    .regs = regs,
    .nregs = N(regs),
    .fields = fields,
    .nfields = N(fields),
    .words = words,
    .nwords = N(words),
    .traps = traps,
    .ntraps = N(traps),
    .flows = flows,
    .nflows = N(flows),
    .undefined_flags = undefined_flags,
    .unordered_access = unordered_access,
    .spec_bugs = KNOWN_SPEC_BUGS,
    .unicorn_bugs = UNICORN_BUGS,
};
