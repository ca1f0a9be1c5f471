/* fold.h — letters and trace folding (MCVETO report §3.1, Fig. 5, §3.5).
 *
 * A letter is one instruction at one address with one outcome: (address,
 * bytes, direction).  The direction tells apart the outcomes that the
 * abstract graph must keep apart (docs/architecture.md §9):
 *   conditional jumps (x86 rep included)      1 = taken (next PC is not the
 *                                               following instruction)
 *   system calls                              1 = the call ends the program
 *                                               (exit, exit_group)
 *   calls and returns that may fall through   1 = fell through (internal)
 *   everything else                           0
 * fold_letters interns letters as NWA letters 1, 2, … (0 is the wildcard).
 *
 * fold_fold builds G_π = π/[PC] from one recorded run, by rules 1–12 of Fig. 5
 * and §3.5, with the self-modifying-code variant (states q_{a,I}) when asked.
 * State predicates are terms over the machine-state vocabulary of fold_vocab:
 * one variable per register, `mem`, and the instrumentation variables of
 * §3.5 (`$V`, and the auxiliary stack `$A` with depth `$D`, see pre.h).
 *
 * Ownership: the letter table owns its letters; fold_fold returns a new nwa
 * the caller frees.  Terms belong to the tm_ctx passed in.
 */
#ifndef MCVETO_FOLD_H
#define MCVETO_FOLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa.h"
#include "nwa.h"
#include "terms.h"

typedef struct fold_letter {
  uint64_t pc;
  uint32_t insn;  /* isa_desc.insns index */
  uint8_t len, dir;
  uint8_t bytes[ISA_MAX_LEN];
} fold_letter;

typedef struct fold_letters fold_letters;

fold_letters *fold_letters_new(void);
void fold_letters_free(fold_letters *L);
nwa_letter fold_intern(fold_letters *L, uint64_t pc, const uint8_t *bytes, unsigned len, unsigned dir, uint32_t insn);
const fold_letter *fold_letter_get(const fold_letters *L, nwa_letter l);
size_t fold_letter_count(const fold_letters *L);
/* Does the instruction have two outcomes (see above)? */
bool fold_has_directions(const isa_desc *d, uint32_t insn);
/* The direction of a completed step: next_pc is the PC after it, sysnr the
 * system-call number (system calls only). */
unsigned fold_direction(const isa_desc *d, uint32_t insn, uint64_t pc, unsigned len, uint64_t next_pc, uint64_t sysnr);

/* Can the instruction make a transition of kind k?  A call (direct or
 * indirect) makes call steps, a return return steps, and either makes an
 * internal step only when it may fall through; every other instruction
 * makes internal steps only (exec.c classifies positions the same way). */
bool fold_kind_possible(const isa_desc *d, uint32_t insn, nwa_kind k);

/* Does the outcome end the program (exit, exit_group, halt)?  No state
 * follows it: the run is over, and its last PC is never executed. */
bool fold_letter_halts(const isa_desc *d, const fold_letter *e);

/* The state vocabulary: variables predicates and Pre are written over. */
typedef struct fold_vocab {
  const isa_desc *d;
  tm_ctx *tc;
  isa_term pc;  /* the PC register's variable */
  isa_term mem; /* `mem` */
  isa_term V;   /* `$V`: an AE violation happened */
  isa_term D;   /* `$D`: depth of the auxiliary stack */
  isa_term A;   /* `$A`: the auxiliary stack (word k at bytes k*W .. k*W+W-1) */
  /* standard input, an input of the initial state as in the report: the
   * stream `$in` (byte j at index j), its length `$inlen`, and how much of
   * it was read, `$ip` (0 initially) */
  isa_term in, inlen, ip;
  /* Address ranges [lo, last] (pairs, nrd of them) readable in every state
   * of every run: the image's readable segments and the initial stack,
   * which no supported system call unmaps.  A write(2) of a buffer inside
   * one to standard output or error transfers all of it (exec.c), which
   * Pre says; elsewhere its result is unknown.  Set by the owner of the
   * vocabulary (dpg), which frees it; NULL and 0 by fold_vocab_init. */
  const uint64_t *rd;
  size_t nrd;
} fold_vocab;

void fold_vocab_init(fold_vocab *v, const isa_desc *d, tm_ctx *tc);

/* One completed step of a run, as the folding sees it. */
typedef struct fold_step {
  uint64_t pc;
  nwa_letter letter;
  uint8_t kind; /* ex_kind: 0 internal, 1 call, 2 return */
} fold_step;

typedef enum fold_end {
  FOLD_END_HALT,   /* the last step ended the program (exit, halt) */
  FOLD_END_OPEN,   /* the run stopped for another reason after its last step
                    (a step budget, a system call the runtime lacks) */
  FOLD_END_FAULT   /* the last step did not complete (fault, trap): its outcome is unknown */
} fold_end;

/* The initial abstract graph of §3.5: q1 = PC != target && !V (start),
 * q2 = PC == target || V (accepting), wildcard transitions of every kind. */
nwa *fold_initial(const fold_vocab *v, uint64_t target);

/* The self-modifying-code variant's view of the code: fixed(ctx, a) says
 * that no run can change the byte at a (the page is mapped without write
 * permission and no supported system call changes permissions), so the
 * instruction there is the same in every state.  fixed may be NULL: every
 * byte may change (the report's variant as written). */
typedef struct fold_smc {
  bool (*fixed)(const void *ctx, uint64_t addr);
  const void *ctx;
} fold_smc;

/* The predicate of q_a (smc NULL) or q_{a,I} for the instruction of len
 * bytes at pc: PC = pc, and under SMC each of its bytes a run can change
 * equals I's (the others are I's in every state, and conjuncts on them would
 * only be refinement work: each store would have to be shown to miss them).
 * A state with this predicate executes that instruction and no other. */
isa_term fold_at_insn(const fold_vocab *v, const fold_smc *smc, uint64_t pc, const uint8_t *bytes, unsigned len);

/* G_π for the run steps[0..n) (n >= 1).  smc NULL folds per address (q_a);
 * otherwise states are q_{a,I}, whose predicates pin I's bytes that are not
 * fixed (a state whose bytes are all fixed is q_a: there is only one I at a),
 * with the report's "continue anywhere" transitions from every position whose
 * observed successor q' pins bytes (only then can a run from it leave π's
 * states), labelled with the position's letter and leading to a surrogate of
 * TS with the predicate ¬pred(q') (architecture §9), and a call's landing is π's state at the return address when the
 * instruction there is fixed, a surrogate otherwise.
 * *site receives, per state of the result, the letter with direction 0 of
 * the instruction the state stands for, or 0 for TS, its surrogates and
 * Exit (malloc'd; the caller frees it).
 * next is the PC after the last step when end is FOLD_END_OPEN and the run
 * knows it (UINT64_MAX otherwise).  A completed last step whose letter fixes
 * its successor (no indirect jump, call or return) and whose successor π
 * visited then leads to that successor's state instead of TS (rule 10): a
 * run cut by the step budget inside a loop leaves no unexplored region. */
nwa *fold_fold(const fold_vocab *v, fold_letters *L, const fold_step *steps, size_t n, fold_end end, uint64_t next,
             const fold_smc *smc, nwa_letter **site);

#endif
