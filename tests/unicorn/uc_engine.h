/* uc_engine.h — unicorn's side of the oracle: one engine, reused for every
 * case, that runs exactly one instruction from a given register state over
 * the case's memory (uc_mem.h) and reports what happened.
 *
 * Registers travel through the ISA part's mapping (uc_isa.h), bound once to
 * the descriptor by ue_bind: every descriptor register must be mapped exactly
 * once, as a unicorn register, as a field of an assembled word, or pinned
 * (unicorn does not expose it: ue_step leaves its post value alone).
 */
#ifndef MCVETO_UC_ENGINE_H
#define MCVETO_UC_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "isa.h"
#include "uc_isa.h"
#include "uc_mem.h"

typedef enum ue_kind {
  UE_NORMAL,    /* completed */
  UE_INTR,      /* raised interrupt `vector` */
  UE_INVALID,   /* invalid instruction */
  UE_FAULT,     /* unmapped access `acc` */
  UE_OTHER,     /* another unicorn error `err` */
  UE_UNMODELLED, /* (expected outcomes only) nothing to compare */
  UE_UNDEFINED   /* (expected outcomes only) any outcome is right */
} ue_kind;

typedef struct ue_outcome {
  ue_kind kind;
  int vector;
  uc_err err;
  um_access acc;
} ue_outcome;

/* The descriptor's registers bound to unicorn's. */
typedef struct ue_map {
  const isa_desc *d;
  const uc_isa *u;
  int *reg_uc;  /* per descriptor register: unicorn register, or -1 */
  int *field_ix;  /* per descriptor register: index into u->fields, or -1 */
  int *pinned_ix; /* per descriptor register: index into u->pinned, or -1 */
} ue_map;

/* The step's code hook (uc_word.put_code/get_code run around the step). */
typedef struct ue_fuse {
  bool active;
  const ue_map *map;
  uint64_t *post;      /* where the hook reads the registers to */
  uint64_t pc, get_at; /* the step's instruction; the get code (0: none) */
  bool restore_via;    /* put `via` back to via_value at the instruction */
  int via;
  uint64_t via_value;
  bool at_insn, snapped, strayed, ok;
} ue_fuse;

typedef struct ue_engine {
  uc_engine *uc;
  uc_context *fresh; /* the CPU as opened */
  um_uc mem;
  ue_fuse fuse;
  int intr; /* vector the interrupt hook saw in this step, or -1 */
} ue_engine;

/* Binds; false (with messages on stderr) if the mapping does not fit. */
bool ue_bind(ue_map *b, const isa_desc *d, const uc_isa *u);
void ue_unbind(ue_map *b);

/* Opens an engine over m (recording writes through a UC_HOOK_MEM_WRITE hook
 * if asked).  Returns 0, 77 (unicorn lacks the architecture) or 1. */
int ue_open(ue_engine *g, const uc_isa *u, um_mem *m, bool record_writes);
void ue_close(ue_engine *g);

/* The bytes the case's memory holds from *start on (both sides): the word
 * code that runs just before the instruction, the instruction's len bytes,
 * the code that runs just after it (each only where it stays in the
 * instruction's page).  Returns their number (at most len + 32). */
unsigned ue_frame(const ue_map *b, uint64_t page, uint64_t pc, const uint8_t *insn, unsigned len, uint8_t *out,
                  uint64_t *start);

/* One instruction at pc (len bytes) from registers pre; post receives the
 * registers afterwards.  `until` should be where the step ends (it ends
 * unicorn's translation block there); `falls_through`: our step completed
 * at pc + len (the get code can run there).  The case's memory must hold
 * ue_frame's bytes.  Call um_uc_begin / um_uc_end on g->mem around it. */
ue_outcome ue_step(ue_engine *g, const ue_map *b, const uint64_t *pre, uint64_t pc, unsigned len, uint64_t until,
                   bool falls_through, uint64_t *post);

#endif
