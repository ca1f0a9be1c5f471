/* uc_ppc.c — the PowerPC part of the unicorn oracle (specs/ppc.spec against
 * unicorn's UC_ARCH_PPC / UC_MODE_PPC32 | UC_MODE_BIG_ENDIAN, unicorn 2.0.1,
 * whose PowerPC is qemu 5.0's): register, CR and XER mapping, traps, the
 * results the manual leaves undefined, and the known disagreements.
 *
 * XER goes through code: unicorn 2.0.1's UC_PPC_REG_XER reads and writes a
 * copy of XER without SO, OV and CA (qemu keeps those three in separate
 * variables, which instructions use), so a case's XER is set by executing
 * `mtxer r0` just before the instruction under test and read by executing
 * `mfxer r0` just after it (uc_isa.h, uc_word).
 *
 * Manual references: "PowerPC Microprocessor Family: The Programming
 * Environments Manual for 32 and 64-bit Microprocessors" (PEM), chapter 8 at
 * each instruction unless said otherwise.  Interrupt numbers are qemu's
 * exception indices as unicorn's UC_HOOK_INTR reports them.
 */
#include <stdio.h>
#include <string.h>

#include "uc_isa.h"

/* ---- state ----------------------------------------------------------------- */

#define R(n) {"R" #n, UC_PPC_REG_##n}
static const uc_reg_map regs[] = {
    R(0),  R(1),  R(2),  R(3),  R(4),  R(5),  R(6),  R(7),  R(8),  R(9),  R(10),
    R(11), R(12), R(13), R(14), R(15), R(16), R(17), R(18), R(19), R(20), R(21),
    R(22), R(23), R(24), R(25), R(26), R(27), R(28), R(29), R(30), R(31),
    {"PC", UC_PPC_REG_PC},   {"LR", UC_PPC_REG_LR},   {"CTR", UC_PPC_REG_CTR},
};
#undef R

/* CR field f, bit LT GT EQ SO: IBM bit 4f+k, i.e. bit 31-4f-k of the
 * 32-bit CR.  The order here is the bit order of undefined_flags(): CR0's
 * LT, GT, EQ are bits 0..2. */
#define CRF(f)                                                                                             \
  {"CR" #f "_LT", UC_PPC_REG_CR, 31 - 4 * f}, {"CR" #f "_GT", UC_PPC_REG_CR, 30 - 4 * f},                  \
      {"CR" #f "_EQ", UC_PPC_REG_CR, 29 - 4 * f}, {"CR" #f "_SO", UC_PPC_REG_CR, 28 - 4 * f}
enum { CR0_LT = 1 << 0, CR0_GT = 1 << 1, CR0_EQ = 1 << 2 };
static const uc_field_map fields[] = {
    CRF(0), CRF(1), CRF(2), CRF(3), CRF(4), CRF(5), CRF(6), CRF(7),
    /* XER (PEM ch. 2): SO, OV, CA are IBM bits 0, 1, 2; the rest is XER_LOW */
    {"SO", UC_PPC_REG_XER, 31},
    {"OV", UC_PPC_REG_XER, 30},
    {"CA", UC_PPC_REG_XER, 29},
    {"XER_LOW", UC_PPC_REG_XER, 0},
};
#undef CRF

/* XER through r0 (uc_isa.h, uc_word): mtspr 1, r0 sets SO, OV, CA and the
 * rest; mfspr r0, 1 reads them all. */
static const uint8_t MTXER_R0[4] = {0x7c, 0x01, 0x03, 0xa6}, MFXER_R0[4] = {0x7c, 0x01, 0x02, 0xa6};

static const uc_word words[] = {
    {UC_PPC_REG_CR, 0, NULL, NULL, 0, 0, 0},
    {UC_PPC_REG_XER, 0, MTXER_R0, MFXER_R0, 4, 4, UC_PPC_REG_0},
};

/* The reservation of lwarx/stwcx. is not exposed by unicorn; a fresh
 * unicorn CPU holds none (qemu: reserve_addr = -1), as a process starts in
 * the spec (RESV false), so stwcx. fails in both (that path is compared;
 * what lwarx reserves is not). */
static const uc_pinned pinned[] = {{"RESV", 0}, {"RESV_ADDR", 0}, {"RESV_VAL", 0}};

/* XER IBM bits 12-13 (OV32/CA32 of Power ISA 3.0) always read as 0 after
 * mtxer, in the spec and in qemu: no other instruction writes XER_LOW, so
 * no reachable state has them set. */
static const uc_reg_mask masks[] = {{"XER_LOW", 0x1FF3FFFF}};

/* ---- traps and flows ----------------------------------------------------------- */

/* qemu's exception indices: POWERPC_EXCP_PROGRAM 6
 * (tw/twi raise it with the trap reason), POWERPC_EXCP_SYSCALL 8 and
 * POWERPC_EXCP_HV_EMU 96 (how qemu raises an illegal instruction: converted
 * to a program interrupt on delivery, which unicorn does not do). */
static const uc_trap_map traps[] = {
    {"trap (tw/twi condition true)", UC_OUT_INTR, 6},
    /* PEM lwarx, stwcx.: "EA must be a multiple of four. If it is not, either
     * the system alignment exception handler is invoked or the results are
     * boundedly undefined."  The spec traps; unicorn raises the alignment
     * exception (5) for a mapped word, but faults first on an unmapped page
     * (lwarx) and stores without a check (stwcx.): no outcome to compare. */
    {"alignment interrupt: lwarx/stwcx. address not word-aligned", UC_OUT_UNDEFINED, 0},
    {"invalid instruction form: load with update and RA = 0 or RA = RT", UC_OUT_INTR, 96},
    {"invalid instruction form: store with update and RA = 0", UC_OUT_INTR, 96},
    /* PEM lmw: "If rA is in the range of registers to be loaded, including
     * the case in which rA = 0, the instruction form is invalid" — an
     * implementation may reject it (the spec traps) or execute it (unicorn's
     * qemu 5.0 loads): no outcome to compare. */
    {"invalid instruction form: lmw with RA among the registers loaded", UC_OUT_UNDEFINED, 0},
};
/* sc completes (PC after it) and raises the system-call exception. */
static const uc_flow_map flows[] = {{ISA_FLOW_SYSCALL, 8}};

/* ---- helpers ------------------------------------------------------------------- */

static uint32_t word(const uc_case *c) {
  const uint8_t *b = c->bytes;
  return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static const char *rule(const uc_case *c) { return c->d->insns[c->in->id].name; }

static int reg_index(const isa_desc *d, const char *name) {
  for (unsigned i = 0; i < d->nregs; i++)
    if (!strcmp(d->regs[i].name, name)) return (int)i;
  return -1;
}

/* GPR n before the step. */
static uint32_t gpr(const uc_case *c, unsigned n) {
  char name[8];
  snprintf(name, sizeof name, "R%u", n & 31);
  return (uint32_t)c->pre[reg_index(c->d, name)];
}

static unsigned field_ra(uint32_t w) { return w >> 16 & 31; }
static unsigned field_rb(uint32_t w) { return w >> 11 & 31; }

/* ---- results the manual leaves undefined ------------------------------------------ */

/* PEM divw: "If an attempt is made to perform either of the divisions
 * 0x8000_0000 / -1 or <anything> / 0, the contents of rD are undefined as
 * are the contents of the LT, GT, and EQ bits of the CR0 field (if Rc = 1)";
 * divwu: the same for a division by 0.  (rD is compared: the spec follows
 * qemu there, and unicorn is qemu.)  Every other instruction of the spec
 * defines every flag it writes. */
static uint64_t undefined_flags(const uc_case *c) {
  uint32_t w = word(c);
  bool sdiv = !strcmp(rule(c), "divw"), udiv = !strcmp(rule(c), "divwu");
  if (!(sdiv || udiv) || !(w & 1)) return 0;
  uint32_t a = gpr(c, field_ra(w)), b = gpr(c, field_rb(w));
  bool bad = b == 0 || (sdiv && a == 0x80000000u && b == 0xFFFFFFFFu);
  return bad ? CR0_LT | CR0_GT | CR0_EQ : 0;
}

/* ---- known disagreements ------------------------------------------------------------ */

/* KNOWN_SPEC_BUGS: our spec is wrong (the owner of specs/ fixes them and
 * removes the entry; an entry whose example is not explained any more fails
 * the test). */
static const uc_known KNOWN_SPEC_BUGS[] = {
    {NULL, NULL, NULL, NULL, false},
};

/* stmw whose stores cross a page boundary (e.g. bf a0 0f f0 at 0x10000000,
 * stmw r29, 0xff0(0): 12 bytes at 0xff0..0xffb do not, 0x1ffc.. would). */
static bool stmw_crosses_page(const uc_case *c) {
  if (strcmp(rule(c), "stmw")) return false;
  uint32_t w = word(c);
  unsigned ra = field_ra(w), rs = w >> 21 & 31;
  uint32_t ea = (ra ? gpr(c, ra) : 0) + (uint32_t)(int32_t)(int16_t)(w & 0xFFFF);
  uint32_t n = 4 * (32 - rs);
  return (ea & 0xFFF) + n > 0x1000;
}

/* UNICORN_BUGS: unicorn 2.0.1 demonstrably violates the manual. */
static const uc_known UNICORN_BUGS[] = {
    {NULL, stmw_crosses_page, "bf 60 0f f0 @0x10000000",
     "stmw whose stores cross into a page unicorn maps from its unmapped-memory hook during the instruction: "
     "unicorn 2.0.1 crashes (SIGSEGV) or fails later uc_mem_map_ptr calls (PEM stmw stores RS..r31 at EA, "
     "EA+4, ...: no outcome of the architecture is a host crash); not run",
     true},
    {NULL, NULL, NULL, NULL, false},
};

#define N(a) (unsigned)(sizeof a / sizeof *a)

const uc_isa uc_isa_ppc = {
    .name = "ppc",
    .arch = UC_ARCH_PPC,
    .mode = UC_MODE_PPC32 | UC_MODE_BIG_ENDIAN,
    .page = 4096,
    .pc_align = 4,
    .regs = regs,
    .nregs = N(regs),
    .fields = fields,
    .nfields = N(fields),
    .words = words,
    .nwords = N(words),
    .pinned = pinned,
    .npinned = N(pinned),
    .masks = masks,
    .nmasks = N(masks),
    .traps = traps,
    .ntraps = N(traps),
    .flows = flows,
    .nflows = N(flows),
    .one_engine = true, /* --two-engines: no case differs (6,700 cases checked) */
    .undefined_flags = undefined_flags,
    .spec_bugs = KNOWN_SPEC_BUGS,
    .unicorn_bugs = UNICORN_BUGS,
};
