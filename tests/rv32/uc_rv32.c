/* uc_rv32.c — the RISC-V RV32IM part of the unicorn oracle (specs/rv32.spec
 * against unicorn's UC_ARCH_RISCV / UC_MODE_RISCV32, unicorn 2.0.1, whose
 * RISC-V is qemu 5.0's): register mapping, traps and flows.
 *
 * x0 is hard-wired to zero in unicorn; the spec's X0 is never read or
 * written (specs/rv32.spec, rx/wx), so it is pinned to 0 and not compared.
 * Interrupt numbers are qemu's RISC-V exception causes as unicorn's
 * UC_HOOK_INTR reports them (unicorn runs the CPU in machine mode).
 */
#include <stdio.h>
#include <string.h>

#include "uc_isa.h"

#define X(n) {"X" #n, UC_RISCV_REG_X##n}
static const uc_reg_map regs[] = {
    X(1),  X(2),  X(3),  X(4),  X(5),  X(6),  X(7),  X(8),  X(9),  X(10), X(11),
    X(12), X(13), X(14), X(15), X(16), X(17), X(18), X(19), X(20), X(21), X(22),
    X(23), X(24), X(25), X(26), X(27), X(28), X(29), X(30), X(31),
    {"PC", UC_RISCV_REG_PC},
};
#undef X

static const uc_pinned pinned[] = {{"X0", 0}};

/* ecall completes (PC after it) and unicorn's interrupt hook sees cause 8,
 * "environment call from U-mode" (Privileged spec, Table 3.6).  ebreak:
 * unicorn 2.0.1 ends uc_emu_start with UC_ERR_INSN_INVALID instead of
 * reporting cause 3 (breakpoint) to the hook; either way the instruction
 * stops the program (qemu-riscv32 delivers SIGTRAP), which is what the
 * spec's trap means. */
static const uc_trap_map traps[] = {
    {"breakpoint (ebreak)", UC_OUT_INVALID, 0},
};
static const uc_flow_map flows[] = {{ISA_FLOW_SYSCALL, 8}};

static const uc_known KNOWN_SPEC_BUGS[] = {
    {NULL, NULL, NULL, NULL, false},
};
static const uc_known UNICORN_BUGS[] = {
    {NULL, NULL, NULL, NULL, false},
};

#define N(a) (unsigned)(sizeof a / sizeof *a)

const uc_isa uc_isa_rv32 = {
    .name = "rv32",
    .arch = UC_ARCH_RISCV,
    .mode = UC_MODE_RISCV32,
    .page = 4096,
    .pc_align = 4,
    .regs = regs,
    .nregs = N(regs),
    .pinned = pinned,
    .npinned = N(pinned),
    .traps = traps,
    .ntraps = N(traps),
    .flows = flows,
    .nflows = N(flows),
    .one_engine = true,
    .spec_bugs = KNOWN_SPEC_BUGS,
    .unicorn_bugs = UNICORN_BUGS,
};
