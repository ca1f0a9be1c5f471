/* terms_impl.h — what the files of the term module share (private to
 * runtime/symbolic/terms*.c; the interface is terms.h).
 *
 * terms.c         the node table, variables, constant folding, tm_app
 * terms_rewrite.c the rewrites tm_app applies past constant folding, and
 *                 the conjunction tests built on them
 * terms_eval.c    evaluation under a concrete environment
 * terms_walk.c    tm_walk_run and substitution
 * terms_print.c   infix printing
 */
#ifndef MCVETO_TERMS_IMPL_H
#define MCVETO_TERMS_IMPL_H

#include "terms.h"

#include "xalloc.h"

enum { TM_RW_DEPTH = 24 }; /* nested rewrites in tm_app */

typedef struct tm_node {
  uint8_t kind, sort, nargs, p0, p1;
  isa_term a[3];
  uint64_t val; /* constants: the value; variables: the index */
} tm_node;

struct tm_ctx {
  unsigned addr_bits;
  tm_node *n;
  size_t nn, capn;
  uint32_t *hash; /* open addressing over node ids; 0 = empty */
  size_t caph;
  /* variables, and a name index over them */
  isa_term *vars;
  char **names;
  size_t nvars, capvars;
  uint32_t *vhash; /* open addressing: variable index + 1, 0 = empty */
  size_t capvhash;
  const char *error;
  /* evaluation memo */
  uint64_t *memo;
  uint32_t *memo_gen;
  size_t capmemo;
  uint32_t gen;
  isa_term *cur;     /* where a select's scan of its array stopped, valid */
  uint32_t *cur_gen; /* when cur_gen[t] == gen */
  size_t capcur;
  /* the memos of walks (tm_walk_run), reused so that a walk costs what it
   * visits, not the size of the whole term table; a walk started while all
   * are in use (nested walks) allocates its own */
  struct wmemo {
    uint64_t *val; /* val[t] is t's result when gen[t] == cur */
    uint32_t *gen;
    size_t cap;
    uint32_t cur;
    bool busy;
  } wm[4];
  unsigned rw_depth; /* tm_app calls under way (rewrites nest) */
};

static inline uint64_t tm_mask(unsigned w) { return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1); }

/* Evaluation and walks go down the DAG with explicit stacks: terms from
 * long traces can be far deeper than the C stack. */
typedef struct tm_stack {
  isa_term *v;
  size_t n, cap;
} tm_stack;

static inline void tm_stack_push(tm_stack *s, isa_term t) {
  s->v = xa_grow(s->v, &s->cap, s->n + 1, sizeof *s->v);
  s->v[s->n++] = t;
}

/* terms.c: op applied to constants, SMT-LIB semantics (w: operand width,
 * w2: the second operand's). */
uint64_t tm_fold(isa_op op, const uint64_t *v, unsigned w, unsigned p0, unsigned p1, unsigned w2);
/* terms.c: the node op(a[0..n)) as it is, no rewrite. */
isa_term tm_mk(tm_ctx *c, isa_op op, unsigned sort, const isa_term *a, unsigned n, unsigned p0, unsigned p1);
/* terms_rewrite.c: tm_app past constant folding, the rewrites or the node
 * itself; a is normalised (a constant operand of a commutative op second). */
isa_term tm_rewrite(tm_ctx *c, isa_op op, unsigned sort, isa_term *a, unsigned n, unsigned p0, unsigned p1);

#endif
