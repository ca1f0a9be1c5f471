/* tb_eval.h — a test implementation of the term builder (isa_tb, runtime/machine/isa.h).
 *
 * Terms are nodes in a growable array; the handle is the index (0 unused).
 * Every node has a kind (an isa_op, TBE_CONST or TBE_VAR), a sort (width 0 =
 * bool, 1..64 = bit-vector, TBE_MEM = memory array) and arguments.  There is
 * no hash-consing and no simplification: the builder records exactly what the
 * generated symbolic code asked for, checks its sorts, and can evaluate any
 * term under a concrete environment with SMT-LIB semantics.
 *
 * Memory terms evaluate to a "memory view": a VAR or STORE node reached after
 * resolving the ITEs on top; reading a byte walks the STORE chain (resolving
 * nested ITEs on the way) down to the base memory supplied by the environment.
 *
 * Ill-sorted applications do not abort: the first problem is recorded
 * (tbe_error) and a placeholder constant is returned, so a test can report it.
 */
#ifndef TB_EVAL_H
#define TB_EVAL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isa.h"

#define TBE_MEM 0xFFFFu /* sort marker: memory array BV(addr) -> BV8 */

/* Node kinds beyond isa_op. */
enum { TBE_CONST = ISA_OP_COUNT, TBE_VAR };

typedef struct tbe tbe;

/* Values for evaluation.  vars[i] is the value of variable number i (the
 * number tbe_var returned); bools are 0/1.  mem_byte returns the byte at addr
 * of the base memory behind memory variable number memvar. */
typedef struct tbe_env {
  const uint64_t *vars;
  uint8_t (*mem_byte)(void *ctx, unsigned memvar, uint64_t addr);
  void *mem_ctx;
} tbe_env;

/* The result of evaluating a term. */
typedef struct tbe_value {
  unsigned width; /* 0 bool, 1..64 bit-vector, TBE_MEM memory */
  uint64_t bits;  /* bool / bit-vector value, masked to width */
  isa_term view;  /* memory: the resolved VAR or STORE node */
} tbe_value;

tbe *tbe_new(void);
void tbe_free(tbe *b);

/* The isa_tb to hand to generated code; its ctx is b. */
isa_tb tbe_builder(tbe *b);

/* A fresh bool (width 0) or bit-vector variable.  *varno (if not NULL)
 * receives its variable number, the index into tbe_env.vars. */
isa_term tbe_var(tbe *b, const char *name, unsigned width, unsigned *varno);
/* A fresh memory variable with addresses of addr_width bits. */
isa_term tbe_memvar(tbe *b, const char *name, unsigned addr_width, unsigned *varno);

/* Direct construction (same checks as through the isa_tb). */
isa_term tbe_const(tbe *b, uint64_t value, unsigned width);
isa_term tbe_app(tbe *b, isa_op op, const isa_term *args, unsigned nargs, unsigned p0, unsigned p1);

/* NULL, or a description of the first ill-formed request. */
const char *tbe_error(const tbe *b);

size_t tbe_count(const tbe *b);                  /* nodes created */
int tbe_valid(const tbe *b, isa_term t);         /* t names a node */
unsigned tbe_width(const tbe *b, isa_term t);    /* sort of t (TBE_MEM for memories) */
unsigned tbe_kind(const tbe *b, isa_term t);     /* isa_op, TBE_CONST or TBE_VAR */

/* Evaluate t under env.  Shared subterms are evaluated once per call. */
tbe_value tbe_eval(tbe *b, isa_term t, const tbe_env *env);

/* The byte at addr of the memory term m (any memory term, ITEs allowed). */
uint8_t tbe_mem_read(tbe *b, isa_term m, uint64_t addr, const tbe_env *env);

/* The concrete addresses stored to along the memory term m as evaluated under
 * env (ITEs resolved), newest first.  Writes up to max addresses to out and
 * returns how many there are in total (duplicates included). */
size_t tbe_mem_writes(tbe *b, isa_term m, const tbe_env *env, uint64_t *out, size_t max);

/* Print t in infix form; subterms past a budget of max_nodes nodes are
 * printed as "...".  Returns the number of characters written. */
int tbe_print(const tbe *b, isa_term t, FILE *f, unsigned max_nodes);

/* Name of an operator as printed ("+", "/u", "zext", ...). */
const char *tbe_op_name(unsigned kind);

/* SMT-LIB semantics of one bit-vector operator on concrete operands of width
 * w (exposed for the tests of this module). */
uint64_t tbe_apply_bv(isa_op op, unsigned w, uint64_t a, uint64_t b);

#endif
