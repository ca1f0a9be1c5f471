/* terms.h — hash-consed terms over bit-vectors, booleans and byte arrays.
 *
 * The runtime's own representation of symbolic values: a DAG in which every
 * distinct term exists once (structural equality is identity), built through
 * tm_app, which folds constants and applies cheap rewrites (neutral elements,
 * ite on constants, extract/concat, read-over-write when addresses are
 * provably equal or different).  Terms are evaluated under a concrete
 * environment, substituted, and printed in infix form.
 *
 * Sorts: TM_BOOL (0), bit-vectors of width 1..64, and TM_ARRAY (memory:
 * addr_bits-wide addresses to bytes).  Terms are isa_term handles (0 = none)
 * and belong to their tm_ctx; they are valid until tm_free.  A tm_ctx
 * implements the isa_tb interface the generated symbolic code calls.
 * Not thread-safe; use one context per thread.
 */
#ifndef MCVETO_TERMS_H
#define MCVETO_TERMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isa.h"

#define TM_BOOL 0
#define TM_ARRAY 255

/* Node kinds: the isa_op values, then these. */
enum { TM_CONST = ISA_OP_COUNT, TM_VAR, TM_KIND_COUNT };

typedef struct tm_ctx tm_ctx;

tm_ctx *tm_new(unsigned addr_bits);
void tm_free(tm_ctx *c);
/* The builder for generated code (ctx = c). */
isa_tb tm_builder(tm_ctx *c);
unsigned tm_addr_bits(const tm_ctx *c);
size_t tm_count(const tm_ctx *c); /* distinct terms so far */

/* ---- construction ---- */
isa_term tm_const(tm_ctx *c, uint64_t value, unsigned width); /* width 0: bool */
isa_term tm_true(tm_ctx *c);
isa_term tm_false(tm_ctx *c);
/* A variable of the given sort (TM_BOOL, 1..64 or TM_ARRAY); the same name
 * and sort give the same variable.  The name is copied. */
isa_term tm_var(tm_ctx *c, const char *name, unsigned sort);
/* The variable of that name and sort if it exists, else 0 (creates nothing). */
isa_term tm_find_var(const tm_ctx *c, const char *name, unsigned sort);
isa_term tm_app(tm_ctx *c, isa_op op, const isa_term *args, unsigned nargs, unsigned p0, unsigned p1);
isa_term tm_app1(tm_ctx *c, isa_op op, isa_term a);
isa_term tm_app2(tm_ctx *c, isa_op op, isa_term a, isa_term b);
isa_term tm_ite(tm_ctx *c, isa_term cond, isa_term a, isa_term b);
isa_term tm_extract(tm_ctx *c, isa_term a, unsigned hi, unsigned lo);
isa_term tm_zext(tm_ctx *c, isa_term a, unsigned width);

/* The first misuse (wrong sort or arity), or NULL.  A misuse is a bug in the
 * caller; tm_app then returns 0. */
const char *tm_error(const tm_ctx *c);

/* ---- inspection ---- */
unsigned tm_sort(const tm_ctx *c, isa_term t);
int tm_kind(const tm_ctx *c, isa_term t);               /* isa_op, TM_CONST or TM_VAR */
unsigned tm_nargs(const tm_ctx *c, isa_term t);
isa_term tm_arg(const tm_ctx *c, isa_term t, unsigned i);
unsigned tm_param(const tm_ctx *c, isa_term t, unsigned i); /* p0 / p1 */
bool tm_is_const(const tm_ctx *c, isa_term t, uint64_t *value);
/* Variables are numbered 0, 1, … in order of creation. */
uint32_t tm_var_index(const tm_ctx *c, isa_term t);
size_t tm_var_count(const tm_ctx *c);
isa_term tm_var_term(const tm_ctx *c, uint32_t index);
const char *tm_var_name(const tm_ctx *c, uint32_t index);

/* ---- evaluation ---- */
/* Values of the variables: `var` for bool/bit-vector variables (by index),
 * `mem` for the bytes of array variables. */
typedef struct tm_env {
  void *ctx;
  uint64_t (*var)(void *ctx, uint32_t index);
  uint8_t (*mem)(void *ctx, uint32_t index, uint64_t addr);
} tm_env;

/* Value of a bool or bit-vector term (bools are 0/1). */
uint64_t tm_eval(tm_ctx *c, isa_term t, const tm_env *env);
/* Several evaluations in one environment: tm_eval_begin, then tm_eval_more
 * for each term; values of shared subterms are computed once.  The
 * environment must not change in between. */
void tm_eval_begin(tm_ctx *c);
uint64_t tm_eval_more(tm_ctx *c, isa_term t, const tm_env *env);
/* Within the evaluations since tm_eval_begin: t's value is v, whatever
 * the environment says (the caller knows it by other means), and terms
 * above t use it.  tm_eval_known: t's value so far, if it has one. */
void tm_eval_assume(tm_ctx *c, isa_term t, uint64_t v);
bool tm_eval_known(const tm_ctx *c, isa_term t, uint64_t *v);
/* Byte at addr of an array term. */
uint8_t tm_eval_byte(tm_ctx *c, isa_term array, uint64_t addr, const tm_env *env);

/* ---- substitution ---- */
/* t with every variable i for which map[i] != 0 replaced by map[i] (sorts must
 * agree), rebuilt through tm_app so the result is simplified.  map has
 * tm_var_count() entries at least at the time of the call. */
isa_term tm_subst(tm_ctx *c, isa_term t, const isa_term *map);

/* ---- walks ---- */
/* One traversal for every computation over a term DAG that needs the
 * results of subterms first (rewriting, grounding, partial evaluation,
 * collecting): an explicit stack, so a term's depth never reaches the C
 * stack (terms from long traces are thousands of nodes deep), and a memo,
 * so a shared subterm is computed once per walk.
 *
 * tm_walk_run(c, root, fn, ctx) calls fn(w, t, ctx) for root.  fn asks for
 * the results it needs with tm_walk_get; one not known yet is queued and
 * tm_walk_get returns false: fn must then return soon (its return value is
 * ignored; it may first ask for more, all are queued in order) and is
 * called again for t once the queued terms have results.  Queued terms are
 * computed first asked, first done, each with all it asks for, as a
 * recursive walk would.  fn must only ask for terms below t in the DAG.
 * Results are uint64_t (a term, a flag, a count); fn may create terms and
 * start other walks (each has its own memo).  A tm_walker keeps its memo
 * over several roots.  The keys walked need not be terms: a walk that
 * computes two things per term walks 2t and 2t + 1 (tm_walk_args then does
 * not apply). */
typedef struct tm_walk tm_walk;
typedef uint64_t (*tm_walk_fn)(tm_walk *w, isa_term t, void *ctx);
uint64_t tm_walk_run(tm_ctx *c, isa_term root, tm_walk_fn fn, void *ctx);
tm_walk *tm_walker_new(tm_ctx *c, tm_walk_fn fn, void *ctx); /* owned by the caller: tm_walker_free */
uint64_t tm_walker_run(tm_walk *w, isa_term root);
void tm_walker_free(tm_walk *w);
bool tm_walk_get(tm_walk *w, isa_term u, uint64_t *value);
/* u's result if it is known, without queueing it. */
bool tm_walk_peek(const tm_walk *w, isa_term u, uint64_t *value);
tm_ctx *tm_walk_ctx(const tm_walk *w);
/* The results of t's arguments as terms, in args[0..nargs): false (the
 * missing ones queued) unless all are known. */
bool tm_walk_args(tm_walk *w, isa_term t, isa_term args[3]);
/* t with its arguments replaced by args: t itself when they are t's own,
 * else rebuilt through tm_app. */
isa_term tm_rebuild(tm_ctx *c, isa_term t, const isa_term *args);

/* Is a ∧ b false because their ∧-chains (walked up to a bound) contain an
 * atom and its negation, an atom ¬X where the other chain has every
 * conjunct of X, or t == k1 and t == k2 with constants k1 ≠ k2?  A cheap,
 * incomplete test: true means unsatisfiable, false means unknown. */
bool tm_conj_contradicts(tm_ctx *c, isa_term a, isa_term b);

/* The nbytes-byte word of array mem at addr .. addr + nbytes - 1 (nbytes
 * >= 1), the first byte most significant if big_endian. */
isa_term tm_mem_word(tm_ctx *c, isa_term mem, isa_term addr, unsigned nbytes, bool big_endian);

/* t with the values its ∧-chain fixes (atoms var == constant, found as
 * tm_conj_contradicts walks) substituted into the rest: (x == k) ∧ t[x := k],
 * equivalent to t.  Predicates then name `mem[k + 4]` instead of
 * `mem[SP + 4]` under SP == k, which the rewrites and the solver like. */
isa_term tm_conj_ground(tm_ctx *c, isa_term t);

/* ---- printing ---- */
/* Infix text of t into buf (truncated with "..." past size); returns the
 * length it needed.  Shared subterms are printed in place. */
size_t tm_print(tm_ctx *c, isa_term t, char *buf, size_t size);
void tm_fprint(tm_ctx *c, isa_term t, FILE *f);
/* The same with shared subterms named: every subterm that is not a variable
 * or constant and occurs more than once gets a name (m1, m2, … for arrays,
 * t1, t2, … otherwise), defined once on a line `let NAME = TERM` before its
 * first use; then t.  Lines after the first start with indent. */
size_t tm_print_let(tm_ctx *c, isa_term t, const char *indent, char *buf, size_t size);
void tm_fprint_let(tm_ctx *c, isa_term t, const char *indent, FILE *f);

#endif
