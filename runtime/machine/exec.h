/* exec.h — concrete execution of a loaded program.
 *
 * A machine is an ISA descriptor, a memory (with the program loaded), a
 * register file and an input assignment.  ex_run executes instructions
 * decoded from the *current* memory at the PC, through a decode cache that
 * any change to executable memory invalidates (so self-modifying code runs
 * exactly), performs the system calls exit, exit_group, read, write and brk
 * with the numbers and registers the spec's ABI gives, and stops on exit,
 * halt, a fault, a trap, an undecodable instruction, an unsupported system
 * call or the step budget.
 *
 * While running it can record the trace as a nested-word prefix: for each
 * position the PC, the instruction's bytes and whether the position is a
 * call, a return or internal (from the flow class).  It keeps the auxiliary
 * return-address stack of the MCVETO report (§3.5): a call pushes the
 * address after it, a return pops, and a return that does not land where the
 * matching call would have returned is an AE violation; the first one is
 * reported.
 *
 * Faults and traps leave the registers as they were before the instruction
 * (memory written before a fault in the same instruction stays written).
 *
 * Ownership: the machine owns its register file, decode cache and trace; it
 * borrows the descriptor, the memory, the image and the assignment, which
 * must outlive it.  The program's output goes to the FILE*s given (borrowed).
 */
#ifndef MCVETO_EXEC_H
#define MCVETO_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "elfload.h"
#include "inputs.h"
#include "isa.h"
#include "mem.h"

/* What `read` does, for the verifier's model of it (pre.c): fd 0 only
 * (else -EBADF), at most EX_READ_MAX bytes per call, -EFAULT (nothing
 * consumed) when the buffer's first byte is not writable. */
#define EX_LINUX_EBADF 9
#define EX_LINUX_EFAULT 14
#define EX_READ_MAX 4096

typedef enum ex_status {
  EX_RUNNING,
  EX_EXITED,      /* exit / exit_group: exit_code */
  EX_HALTED,      /* an instruction of flow class halt */
  EX_FAULT,       /* memory fault: addr, fault_kind, fault_write */
  EX_TRAP,        /* the semantics executed trap: trap_msg */
  EX_INVALID,     /* no instruction decodes at pc (or its bytes are not executable) */
  EX_UNSUPPORTED, /* a system call the runtime does not implement: addr = its number */
  EX_BUDGET,      /* the step budget is spent */
  EX_STOPPED_AE,  /* an AE violation, with stop_on_ae */
  EX_STOPPED_PC   /* about to execute the instruction at stop_pc, with stop_at_pc */
} ex_status;

typedef enum ex_kind { EX_INTERNAL = 0, EX_CALL = 1, EX_RETURN = 2 } ex_kind;

/* One position of the recorded trace. */
typedef struct ex_pos {
  uint64_t pc;
  int64_t sysret;  /* system calls: the result, Linux style (-errno on error) */
  uint64_t sysnr;  /* system calls: the number */
  uint8_t kind;    /* ex_kind */
  uint8_t len;
  uint8_t bytes[ISA_MAX_LEN];
} ex_pos;

typedef struct ex_ae {
  bool found;
  bool empty;        /* the return found the auxiliary stack empty (expected is 0) */
  uint64_t step;     /* position of the offending return */
  uint64_t ret_pc;   /* address of the return instruction */
  uint64_t expected; /* where the matching call would return */
  uint64_t actual;   /* where it went */
} ex_ae;

typedef struct ex_result {
  ex_status status;
  int exit_code;
  uint64_t pc;   /* of the instruction that stopped the run */
  uint64_t addr; /* fault address, or system call number */
  int fault_kind;
  bool fault_write;
  const char *trap_msg;
  uint64_t steps;
  ex_ae ae;
} ex_result;

typedef struct ex_machine ex_machine;

typedef struct ex_opts {
  uint64_t max_steps;  /* 0: no budget */
  bool record;         /* keep the trace */
  bool stop_on_ae;     /* stop at the first AE violation */
  bool stop_at_pc;     /* stop before the instruction at stop_pc (a run to a target) */
  uint64_t stop_pc;
  FILE *out, *err;     /* the program's file descriptors 1 and 2 */
  FILE *trace;         /* one line per step (address, bytes, assembly, call/ret), or NULL */
  /* Called after every completed step (not after one that faults or traps)
   * with the step's number (0-based), its kind and the machine, whose
   * registers, memory and auxiliary stack are the post-state; or NULL. */
  void (*hook)(void *ctx, struct ex_machine *x, uint64_t step, ex_kind kind);
  void *hook_ctx;
} ex_opts;

/* A machine for the image loaded in m; registers from the assignment. */
ex_machine *ex_new(const isa_desc *d, mem_space *m, const el_image *img, in_assign *in);
void ex_free(ex_machine *x);

/* Lay out a Linux-like initial stack below desc->stack_top (argc, argv,
 * envp, an auxiliary vector, the strings) and point SP at it; the stack
 * region below is program input.  0, or -1 with a message in err. */
int ex_setup_stack(ex_machine *x, int argc, char **argv, char *err, size_t errsz);

ex_result ex_run(ex_machine *x, const ex_opts *o);

uint64_t *ex_regs(ex_machine *x);
mem_space *ex_mem(ex_machine *x);
/* The auxiliary return-address stack, bottom first; *depth gets its size. */
const uint64_t *ex_aux_stack(const ex_machine *x, size_t *depth);
size_t ex_trace_len(const ex_machine *x);
const ex_pos *ex_trace(const ex_machine *x);

/* One line describing why a run stopped ("unsupported system call 7 at
 * 0x1008"), into buf. */
void ex_describe(const ex_machine *x, const ex_result *r, char *buf, size_t size);

#endif
