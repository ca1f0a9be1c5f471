/* uc_isa.h — what one instruction set contributes to the unicorn oracle.
 *
 * The oracle (uc_oracle.h) is generic: it runs random instances of every
 * encoding form of an isa_desc both through the generated concrete step and
 * through unicorn, and compares.  Everything it needs to know about the ISA
 * that the descriptor does not say lives in one `uc_isa` value, defined in
 * one file per ISA (uc_x86.c, …) and named by MCVETO_UC_ISA at build time:
 *
 *   - how to open unicorn (arch, mode), the page size to map lazily and the
 *     instruction alignment;
 *   - every descriptor register: which unicorn register holds it, or which
 *     bits of a unicorn register (a flag, a field: such "words" are assembled
 *     from their fields plus fixed bits before the step and taken apart
 *     after), or, for state unicorn does not expose, the value it is pinned
 *     to in every pre-state (then it is not compared);
 *   - which unicorn outcome each trap message and each special flow class of
 *     the spec must produce (an interrupt vector, an invalid instruction);
 *   - the flags the manual leaves undefined for an instruction in a given
 *     pre-state (not compared);
 *   - instructions whose memory accesses have no architectural order (any
 *     faulting address of theirs is accepted);
 *   - the known disagreements, each with its reason: KNOWN_SPEC_BUGS (our
 *     spec is wrong; the owner fixes the spec and empties the list) and
 *     UNICORN_BUGS (unicorn is demonstrably wrong, with the manual's rule).
 *     Each entry carries an example case; when its entry no longer explains
 *     it the test fails, so the lists cannot go stale.
 */
#ifndef MCVETO_UC_ISA_H
#define MCVETO_UC_ISA_H

#include <stdbool.h>
#include <stdint.h>

#include <unicorn/unicorn.h>

#include "isa.h"

/* A descriptor register held whole in a unicorn register. */
typedef struct uc_reg_map {
  const char *name; /* isa_desc register name */
  int uc_reg;
} uc_reg_map;

/* A descriptor register (a flag or wider) held in bits lo.. lo+width-1 of
 * a unicorn register (x86: CF in bit 0 of EFLAGS; PowerPC: CR0_LT in bit 31
 * of CR, XER_LOW in bits 0..28 of XER). */
typedef struct uc_field_map {
  const char *name;
  int uc_reg;
  unsigned lo;
} uc_field_map;

/* A unicorn register assembled from fields: `fixed` is or-ed in (reserved
 * bits that must read as 1, e.g. bit 1 of EFLAGS).
 *
 * A register the register API does not reach (PowerPC XER: unicorn 2.0.1
 * keeps SO, OV and CA apart from the XER its uc_reg_read/uc_reg_write see)
 * goes through code instead: `put_code` is one instruction that sets the
 * word from unicorn register `via`, `get_code` one that copies the word into
 * `via` (PowerPC: mtxer r0, mfxer r0).  The engine runs them in the same
 * emulation as the step, as the instructions just before and just after it
 * (a code hook puts `via` back before the step and reads every register
 * before get_code), so unicorn translates one block per case; the case's
 * memory holds these bytes there on both sides.  Where that does not fit
 * (the code would leave the instruction's page, the step does not fall
 * through, or it stops on an interrupt or fault) they run on their own, in
 * place at the case's PC.  At most one word has code. */
typedef struct uc_word {
  int uc_reg;
  uint64_t fixed;
  const uint8_t *put_code, *get_code; /* NULL: the register API */
  unsigned put_len, get_len;
  int via;
} uc_word;

/* A descriptor register some of whose bits no instruction can set (PowerPC
 * XER_LOW: mtxer clears OV32/CA32, IBM bits 12-13): every pre-state is
 * and-ed with `mask`, so only reachable states are run. */
typedef struct uc_reg_mask {
  const char *name;
  uint64_t mask;
} uc_reg_mask;

/* A descriptor register unicorn does not expose (e.g. a reservation): every
 * pre-state holds `value` (choose what a fresh unicorn CPU implies), and it is
 * not compared. */
typedef struct uc_pinned {
  const char *name;
  uint64_t value;
} uc_pinned;

/* What unicorn must do for an instruction. */
typedef enum uc_outcome_kind {
  UC_OUT_NORMAL,    /* returns UC_ERR_OK without an interrupt */
  UC_OUT_INTR,      /* the UC_HOOK_INTR hook sees `vector` */
  UC_OUT_INVALID,   /* uc_emu_start returns UC_ERR_INSN_INVALID */
  UC_OUT_UNMODELLED, /* a trap marking a limit of the model (e.g. a state bit
                        the spec does not track): nothing to compare */
  UC_OUT_UNDEFINED   /* a trap for what the manual leaves undefined (an
                        invalid instruction form, which an implementation
                        may execute or reject): any outcome is right, the
                        case is counted, not run */
} uc_outcome_kind;

/* A `trap "msg"` of the spec and the unicorn outcome it corresponds to.
 * Traps stop the instruction: only the outcome is compared. */
typedef struct uc_trap_map {
  const char *msg;
  uc_outcome_kind kind;
  int vector;
} uc_trap_map;

/* A flow class (isa_desc.insns[].flow) that unicorn reports as an interrupt
 * after the instruction completed (x86: int 0x80 -> vector 0x80): the outcome
 * and the whole state (the runtime's view before it handles the flow) are
 * compared.  Flows not listed must give UC_OUT_NORMAL. */
typedef struct uc_flow_map {
  isa_flow flow;
  int vector;
} uc_flow_map;

/* One case, as the per-ISA hooks see it. */
typedef struct uc_case {
  const isa_desc *d;
  const isa_insn *in;
  const uint8_t *bytes; /* in->len bytes, prefixes included */
  const char *text;     /* d->print of the instruction */
  const uint64_t *pre;  /* registers before the step, in descriptor order */
  const uint64_t *post; /* … after our step */
  isa_step_result res;  /* what our step returned */
  const char *trap_msg; /* … its trap message (ISA_STEP_TRAP) */
  unsigned nloads;      /* the first loads of our step: values in the */
  const uint64_t *load; /* ISA's byte order */
} uc_case;

/* A tolerated disagreement.  It matches a case when the instruction's bytes
 * start with `bytes` (hex pairs separated by spaces, "??" = any byte; NULL =
 * any) and, if `match` is given, match(c) holds.  `example` is a case that
 * shows it, run before the random cases: "hex bytes @pc REG=value …
 * [seed=N]" (registers not named are 0; seed = the memory contents, default
 * 1); a mismatch report prints its case in this form.  When the example is
 * no longer explained by its entry (the bug was fixed) the test fails until
 * the entry is removed. */
typedef struct uc_known {
  const char *bytes;
  bool (*match)(const uc_case *c);
  const char *example;
  const char *what; /* the disagreement and why the other side is right */
  bool crashes;     /* UNICORN_BUGS only: unicorn would crash the process,
                       so matching cases are not run in unicorn at all */
} uc_known;

typedef struct uc_isa {
  const char *name;
  uc_arch arch;
  int mode; /* uc_mode bits */
  uint64_t page;     /* unicorn's page size: the unit of lazy mapping */
  uint64_t pc_align; /* instruction alignment (PowerPC 4); 0 or 1: any */

  const uc_reg_map *regs;
  unsigned nregs;
  const uc_field_map *fields; /* at most 64 */
  unsigned nfields;
  const uc_word *words;
  unsigned nwords;
  const uc_pinned *pinned;
  unsigned npinned;
  const uc_reg_mask *masks;
  unsigned nmasks;
  /* True: unicorn's results for this ISA do not change with a write hook,
   * so one engine with the hook gives the state and the written bytes
   * (`--two-engines` checks it: it runs the second engine and counts the
   * cases whose state differs). */
  bool one_engine;

  /* Optional: called after the mapped registers and words are written, for
   * state unicorn's register API does not set properly (e.g. a register
   * whose write does not reach the CPU's split copies); false on failure. */
  bool (*put_state)(uc_engine *uc, const isa_desc *d, const uint64_t *pre);

  const uc_trap_map *traps;
  unsigned ntraps;
  const uc_flow_map *flows;
  unsigned nflows;

  /* Bit i set: fields[i] (a flag) is undefined after c's instruction: it is
   * not compared. */
  uint64_t (*undefined_flags)(const uc_case *c);
  /* True: the order of c's memory accesses is not architectural. */
  bool (*unordered_access)(const uc_case *c);

  /* Both lists end with an entry whose `what` is NULL. */
  const uc_known *spec_bugs;    /* KNOWN_SPEC_BUGS */
  const uc_known *unicorn_bugs; /* UNICORN_BUGS */
} uc_isa;

#endif
