/* terms.c — hash-consed term DAG with local simplification. */
#include "terms.h"

#include <stdlib.h>
#include <string.h>

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

static uint64_t mask(unsigned w) { return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1); }

static int64_t sx(uint64_t v, unsigned w) {
  uint64_t s = (uint64_t)1 << (w - 1);
  v &= mask(w);
  return (int64_t)((v ^ s) - s);
}

tm_ctx *tm_new(unsigned addr_bits) {
  tm_ctx *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->addr_bits = addr_bits;
  c->nn = 1; /* id 0 is "no term" */
  c->capn = 1024;
  c->n = xa_realloc(NULL, sizeof *c->n * c->capn);
  memset(&c->n[0], 0, sizeof c->n[0]);
  c->caph = 2048;
  c->hash = calloc(c->caph, sizeof *c->hash);
  if (!c->hash) xa_nomem();
  return c;
}

void tm_free(tm_ctx *c) {
  if (!c) return;
  for (size_t i = 0; i < c->nvars; i++) free(c->names[i]);
  free(c->names);
  free(c->vars);
  free(c->vhash);
  free(c->n);
  free(c->hash);
  free(c->memo);
  free(c->memo_gen);
  free(c->cur);
  free(c->cur_gen);
  for (size_t i = 0; i < sizeof c->wm / sizeof c->wm[0]; i++) {
    free(c->wm[i].val);
    free(c->wm[i].gen);
  }
  free(c);
}

unsigned tm_addr_bits(const tm_ctx *c) { return c->addr_bits; }
size_t tm_count(const tm_ctx *c) { return c->nn - 1; }
const char *tm_error(const tm_ctx *c) { return c->error; }

static uint32_t node_hash(const tm_node *x) {
  uint64_t h = 1469598103934665603ull;
  const uint64_t f[8] = {x->kind, x->sort, x->p0, x->p1, x->a[0], x->a[1], x->a[2], x->val};
  for (int i = 0; i < 8; i++) h = (h ^ f[i]) * 1099511628211ull;
  /* FNV's last multiplication carries a field's low bits only upwards, so
   * constants that differ in few bits land in runs of neighbouring slots
   * (long probe chains under linear probing); a finaliser mixes every bit
   * into every other */
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return (uint32_t)h;
}

static bool node_eq(const tm_node *x, const tm_node *y) {
  return x->kind == y->kind && x->sort == y->sort && x->nargs == y->nargs && x->p0 == y->p0 && x->p1 == y->p1 &&
         x->a[0] == y->a[0] && x->a[1] == y->a[1] && x->a[2] == y->a[2] && x->val == y->val;
}

static void rehash(tm_ctx *c) {
  size_t cap = c->caph * 2;
  uint32_t *h = calloc(cap, sizeof *h);
  if (!h) xa_nomem();
  for (size_t id = 1; id < c->nn; id++) {
    size_t i = node_hash(&c->n[id]) & (cap - 1);
    while (h[i]) i = (i + 1) & (cap - 1);
    h[i] = (uint32_t)id;
  }
  free(c->hash);
  c->hash = h;
  c->caph = cap;
}

/* The unique id of a node equal to *x, creating it if needed. */
static isa_term intern(tm_ctx *c, const tm_node *x) {
  size_t i = node_hash(x) & (c->caph - 1);
  while (c->hash[i]) {
    if (node_eq(&c->n[c->hash[i]], x)) return c->hash[i];
    i = (i + 1) & (c->caph - 1);
  }
  if (c->nn >= UINT32_MAX - 1) xa_nomem(); /* term ids are 32 bits: as good as out of memory */
  c->n = xa_grow(c->n, &c->capn, c->nn + 1, sizeof *c->n);
  isa_term id = (isa_term)c->nn++;
  c->n[id] = *x;
  c->hash[i] = id;
  if ((c->nn + 1) * 2 > c->caph) rehash(c);
  return id;
}

isa_term tm_const(tm_ctx *c, uint64_t value, unsigned width) {
  tm_node x = {0};
  x.kind = TM_CONST;
  x.sort = (uint8_t)width;
  x.val = width == TM_BOOL ? (value != 0) : value & mask(width);
  return intern(c, &x);
}

isa_term tm_true(tm_ctx *c) { return tm_const(c, 1, TM_BOOL); }
isa_term tm_false(tm_ctx *c) { return tm_const(c, 0, TM_BOOL); }

static size_t vslot(const tm_ctx *c, const char *name, unsigned sort) {
  uint64_t h = 1469598103934665603ull ^ sort;
  for (const char *p = name; *p; p++) h = (h ^ (unsigned char)*p) * 1099511628211ull;
  return (size_t)(h ^ (h >> 29)) & (c->capvhash - 1);
}

isa_term tm_find_var(const tm_ctx *c, const char *name, unsigned sort) {
  if (!c->capvhash) return 0;
  for (size_t i = vslot(c, name, sort);; i = (i + 1) & (c->capvhash - 1)) {
    uint32_t v = c->vhash[i];
    if (!v) return 0;
    if (c->n[c->vars[v - 1]].sort == sort && strcmp(c->names[v - 1], name) == 0) return c->vars[v - 1];
  }
}

static void vindex(tm_ctx *c, size_t var) {
  if ((c->nvars + 1) * 2 > c->capvhash) { /* grow and re-insert everything */
    free(c->vhash);
    c->capvhash = c->capvhash ? c->capvhash * 2 : 128;
    c->vhash = calloc(c->capvhash, sizeof *c->vhash);
    if (!c->vhash) xa_nomem();
    for (size_t i = 0; i < c->nvars; i++) {
      size_t j = vslot(c, c->names[i], c->n[c->vars[i]].sort);
      while (c->vhash[j]) j = (j + 1) & (c->capvhash - 1);
      c->vhash[j] = (uint32_t)i + 1;
    }
    return;
  }
  size_t j = vslot(c, c->names[var], c->n[c->vars[var]].sort);
  while (c->vhash[j]) j = (j + 1) & (c->capvhash - 1);
  c->vhash[j] = (uint32_t)var + 1;
}

isa_term tm_var(tm_ctx *c, const char *name, unsigned sort) {
  isa_term have = tm_find_var(c, name, sort);
  if (have) return have;
  size_t capnames = c->capvars; /* names and vars grow together */
  c->names = xa_grow(c->names, &capnames, c->nvars + 1, sizeof *c->names);
  c->vars = xa_grow(c->vars, &c->capvars, c->nvars + 1, sizeof *c->vars);
  tm_node x = {0};
  x.kind = TM_VAR;
  x.sort = (uint8_t)sort;
  x.val = c->nvars;
  isa_term t = intern(c, &x);
  size_t len = strlen(name);
  c->names[c->nvars] = xa_realloc(NULL, len + 1);
  memcpy(c->names[c->nvars], name, len + 1);
  c->vars[c->nvars++] = t;
  vindex(c, c->nvars - 1);
  return t;
}

unsigned tm_sort(const tm_ctx *c, isa_term t) { return c->n[t].sort; }
int tm_kind(const tm_ctx *c, isa_term t) { return c->n[t].kind; }
unsigned tm_nargs(const tm_ctx *c, isa_term t) { return c->n[t].nargs; }
isa_term tm_arg(const tm_ctx *c, isa_term t, unsigned i) { return i < 3 ? c->n[t].a[i] : 0; }
unsigned tm_param(const tm_ctx *c, isa_term t, unsigned i) { return i ? c->n[t].p1 : c->n[t].p0; }
uint32_t tm_var_index(const tm_ctx *c, isa_term t) { return (uint32_t)c->n[t].val; }
size_t tm_var_count(const tm_ctx *c) { return c->nvars; }
isa_term tm_var_term(const tm_ctx *c, uint32_t index) { return index < c->nvars ? c->vars[index] : 0; }
const char *tm_var_name(const tm_ctx *c, uint32_t index) { return index < c->nvars ? c->names[index] : "?"; }

bool tm_is_const(const tm_ctx *c, isa_term t, uint64_t *value) {
  if (!t || c->n[t].kind != TM_CONST) return false;
  if (value) *value = c->n[t].val;
  return true;
}

/* ---- constant folding ------------------------------------------------------- */

/* op applied to constants, SMT-LIB semantics; w = operand width. */
static uint64_t fold(isa_op op, const uint64_t *v, unsigned w, unsigned p0, unsigned p1, unsigned w2) {
  uint64_t a = v[0], b = v[1], m = mask(w);
  switch (op) {
  case ISA_OP_NOT: return ~a & m;
  case ISA_OP_NEG: return (0 - a) & m;
  case ISA_OP_ADD: return (a + b) & m;
  case ISA_OP_SUB: return (a - b) & m;
  case ISA_OP_MUL: return (a * b) & m;
  case ISA_OP_UDIV: return b ? a / b : m;
  case ISA_OP_UREM: return b ? a % b : a;
  case ISA_OP_SDIV: {
    int64_t x = sx(a, w), y = sx(b, w);
    if (!y) return x < 0 ? 1 : m;
    uint64_t ux = x < 0 ? 0 - (uint64_t)x : (uint64_t)x, uy = y < 0 ? 0 - (uint64_t)y : (uint64_t)y;
    uint64_t q = ux / uy;
    return ((x < 0) != (y < 0) ? 0 - q : q) & m;
  }
  case ISA_OP_SREM: {
    int64_t x = sx(a, w), y = sx(b, w);
    if (!y) return a;
    uint64_t ux = x < 0 ? 0 - (uint64_t)x : (uint64_t)x, uy = y < 0 ? 0 - (uint64_t)y : (uint64_t)y;
    uint64_t r = ux % uy;
    return (x < 0 ? 0 - r : r) & m;
  }
  case ISA_OP_AND: return a & b;
  case ISA_OP_OR: return a | b;
  case ISA_OP_XOR: return a ^ b;
  case ISA_OP_SHL: return b >= w ? 0 : (a << b) & m;
  case ISA_OP_LSHR: return b >= w ? 0 : a >> b;
  case ISA_OP_ASHR: {
    int64_t x = sx(a, w);
    if (b >= w) b = w - 1;
    return (uint64_t)(x < 0 ? ~(~x >> b) : x >> b) & m;
  }
  case ISA_OP_EQ: return a == b;
  case ISA_OP_ULT: return a < b;
  case ISA_OP_ULE: return a <= b;
  case ISA_OP_SLT: return sx(a, w) < sx(b, w);
  case ISA_OP_SLE: return sx(a, w) <= sx(b, w);
  case ISA_OP_LNOT: return !a;
  case ISA_OP_LAND: return a && b;
  case ISA_OP_LOR: return a || b;
  case ISA_OP_LXOR: return (a != 0) != (b != 0);
  case ISA_OP_IFF: return (a != 0) == (b != 0);
  case ISA_OP_ITE: return a ? v[1] : v[2];
  case ISA_OP_EXTRACT: return (a >> p1) & mask(p0 - p1 + 1);
  case ISA_OP_CONCAT: return (w2 >= 64 ? 0 : a << w2) | b;
  case ISA_OP_ZEXT: return a;
  case ISA_OP_SEXT: return (uint64_t)sx(a, w) & mask(p0);
  case ISA_OP_BOOL2BV: return a != 0;
  default: return 0;
  }
}

/* ---- construction with rewrites --------------------------------------------- */

static bool misuse(tm_ctx *c, const char *what) {
  if (!c->error) c->error = what;
  return false;
}

/* Result sort of op on args, or -1 (and an error) if ill-sorted. */
static int result_sort(tm_ctx *c, isa_op op, const isa_term *a, unsigned n, unsigned p0, unsigned p1) {
  unsigned s0 = n > 0 ? c->n[a[0]].sort : 0, s1 = n > 1 ? c->n[a[1]].sort : 0;
  for (unsigned i = 0; i < n; i++)
    if (!a[i] || a[i] >= c->nn) return misuse(c, "invalid term argument"), -1;
  switch (op) {
  case ISA_OP_NOT:
  case ISA_OP_NEG:
    if (n != 1 || s0 == TM_BOOL || s0 == TM_ARRAY) return misuse(c, "NOT/NEG needs one bit-vector"), -1;
    return (int)s0;
  case ISA_OP_ADD: case ISA_OP_SUB: case ISA_OP_MUL: case ISA_OP_UDIV: case ISA_OP_UREM:
  case ISA_OP_SDIV: case ISA_OP_SREM: case ISA_OP_AND: case ISA_OP_OR: case ISA_OP_XOR:
  case ISA_OP_SHL: case ISA_OP_LSHR: case ISA_OP_ASHR:
    if (n != 2 || s0 != s1 || s0 == TM_BOOL || s0 == TM_ARRAY) return misuse(c, "binary bit-vector operator needs two bit-vectors of one width"), -1;
    return (int)s0;
  case ISA_OP_EQ: case ISA_OP_ULT: case ISA_OP_ULE: case ISA_OP_SLT: case ISA_OP_SLE:
    if (n != 2 || s0 != s1 || s0 == TM_BOOL || s0 == TM_ARRAY) return misuse(c, "comparison needs two bit-vectors of one width"), -1;
    return TM_BOOL;
  case ISA_OP_LNOT:
    if (n != 1 || s0 != TM_BOOL) return misuse(c, "LNOT needs a bool"), -1;
    return TM_BOOL;
  case ISA_OP_LAND: case ISA_OP_LOR: case ISA_OP_LXOR: case ISA_OP_IFF:
    if (n != 2 || s0 != TM_BOOL || s1 != TM_BOOL) return misuse(c, "boolean operator needs two bools"), -1;
    return TM_BOOL;
  case ISA_OP_ITE:
    if (n != 3 || s0 != TM_BOOL || s1 != c->n[a[2]].sort) return misuse(c, "ITE needs a bool and two terms of one sort"), -1;
    return (int)s1;
  case ISA_OP_EXTRACT:
    if (n != 1 || s0 == TM_BOOL || s0 == TM_ARRAY || p0 < p1 || p0 >= s0) return misuse(c, "EXTRACT out of range"), -1;
    return (int)(p0 - p1 + 1);
  case ISA_OP_CONCAT:
    if (n != 2 || s0 == TM_BOOL || s1 == TM_BOOL || s0 == TM_ARRAY || s1 == TM_ARRAY || s0 + s1 > 64)
      return misuse(c, "CONCAT needs two bit-vectors of at most 64 bits together"), -1;
    return (int)(s0 + s1);
  case ISA_OP_ZEXT:
  case ISA_OP_SEXT:
    if (n != 1 || s0 == TM_BOOL || s0 == TM_ARRAY || p0 < s0 || p0 > 64) return misuse(c, "extension to a narrower width"), -1;
    return (int)p0;
  case ISA_OP_BOOL2BV:
    if (n != 1 || s0 != TM_BOOL) return misuse(c, "BOOL2BV needs a bool"), -1;
    return 1;
  case ISA_OP_SELECT:
    if (n != 2 || s0 != TM_ARRAY || s1 != c->addr_bits) return misuse(c, "SELECT needs an array and an address"), -1;
    return 8;
  case ISA_OP_STORE:
    if (n != 3 || s0 != TM_ARRAY || s1 != c->addr_bits || c->n[a[2]].sort != 8) return misuse(c, "STORE needs an array, an address and a byte"), -1;
    return TM_ARRAY;
  default:
    return misuse(c, "unknown operator"), -1;
  }
}

static isa_term mk(tm_ctx *c, isa_op op, unsigned sort, const isa_term *a, unsigned n, unsigned p0, unsigned p1) {
  tm_node x = {0};
  x.kind = (uint8_t)op;
  x.sort = (uint8_t)sort;
  x.nargs = (uint8_t)n;
  x.p0 = (uint8_t)p0;
  x.p1 = (uint8_t)p1;
  for (unsigned i = 0; i < n; i++) x.a[i] = a[i];
  return intern(c, &x);
}

static bool is_k(tm_ctx *c, isa_term t, uint64_t v) { return c->n[t].kind == TM_CONST && c->n[t].val == v; }

static bool complement(tm_ctx *c, isa_term x, isa_term y) {
  return (c->n[x].kind == ISA_OP_LNOT && c->n[x].a[0] == y) || (c->n[y].kind == ISA_OP_LNOT && c->n[y].a[0] == x);
}

/* x op y with op ∧ (∨) is false (true) because some operand of one side's
 * op-chain, two levels deep, is the negation of one of the other's: the
 * splits of refinement conjoin a predicate with its own negation often. */
static bool clashes(tm_ctx *c, isa_op op, isa_term x, isa_term y) {
  isa_term xs[7], ys[7];
  size_t nx = 0, ny = 0;
  isa_term roots[2] = {x, y};
  for (int side = 0; side < 2; side++) {
    isa_term *v = side ? ys : xs;
    size_t *n = side ? &ny : &nx;
    v[(*n)++] = roots[side];
    for (size_t i = 0; i < *n && *n + 2 <= 7; i++)
      if (c->n[v[i]].kind == op) {
        v[(*n)++] = c->n[v[i]].a[0];
        v[(*n)++] = c->n[v[i]].a[1];
      }
  }
  for (size_t i = 0; i < nx; i++)
    for (size_t j = 0; j < ny; j++) {
      const tm_node *p = &c->n[xs[i]], *q = &c->n[ys[j]];
      if (p->kind == op || q->kind == op) continue;
      if (complement(c, xs[i], ys[j])) return true;
      /* t == k1 ∧ t == k2 with k1 ≠ k2 */
      if (op == ISA_OP_LAND && p->kind == ISA_OP_EQ && q->kind == ISA_OP_EQ && p->a[0] == q->a[0] &&
          c->n[p->a[1]].kind == TM_CONST && c->n[q->a[1]].kind == TM_CONST && p->a[1] != q->a[1])
        return true;
    }
  return false;
}

/* Is x one of the operands of the op-chain rooted at t (a bounded walk)? */
static bool in_chain(tm_ctx *c, isa_op op, isa_term t, isa_term x) {
  isa_term st[64];
  size_t n = 0;
  st[n++] = t;
  for (unsigned steps = 0; n && steps < 256; steps++) {
    isa_term y = st[--n];
    if (y == x) return true;
    if (c->n[y].kind == op && n + 2 <= 64) {
      st[n++] = c->n[y].a[0];
      st[n++] = c->n[y].a[1];
    }
  }
  return false;
}

static bool commutative(isa_op op) {
  return op == ISA_OP_ADD || op == ISA_OP_MUL || op == ISA_OP_AND || op == ISA_OP_OR || op == ISA_OP_XOR ||
         op == ISA_OP_EQ || op == ISA_OP_LAND || op == ISA_OP_LOR || op == ISA_OP_LXOR || op == ISA_OP_IFF;
}

/* Is t msb(x), the spec's bit(x, w - 1): x[w-1:w-1] == 1?  Returns x or 0. */
static isa_term msb_of(tm_ctx *c, isa_term t) {
  const tm_node *e = &c->n[t];
  if (e->kind != ISA_OP_EQ || !is_k(c, e->a[1], 1) || c->n[e->a[1]].sort != 1) return 0;
  const tm_node *x = &c->n[e->a[0]];
  if (x->kind != ISA_OP_EXTRACT || x->p0 != x->p1 || x->p0 + 1 != c->n[x->a[0]].sort) return 0;
  return x->a[0];
}

/* SF != OF after a - b is a <s b.  The specs compute the two flags bit by
 * bit (SF = msb(a - b), OF = sborrow(a, b) = msb((a ^ b) & (a ^ (a - b))));
 * a solver given the comparison itself decides a chain of them far faster
 * than the same chain as subtractions, and so do the conjunct tests here.
 * Returns a <s b, or 0 when x, y are not the two flags of one subtraction. */
static isa_term slt_of_flags(tm_ctx *c, isa_term x, isa_term y) {
  for (int i = 0; i < 2; i++) {
    isa_term r = msb_of(c, i ? y : x), o = msb_of(c, i ? x : y);
    if (!r || !o || c->n[o].kind != ISA_OP_AND) continue;
    isa_term p = c->n[o].a[0], q = c->n[o].a[1];
    for (int j = 0; j < 2; j++) {
      isa_term ab = j ? q : p, ar = j ? p : q; /* (a ^ b) and (a ^ r) */
      if (c->n[ab].kind != ISA_OP_XOR || c->n[ar].kind != ISA_OP_XOR) continue;
      for (int k = 0; k < 2; k++) {
        isa_term a = c->n[ab].a[k], b = c->n[ab].a[1 - k];
        isa_term other = c->n[ar].a[0] == a ? c->n[ar].a[1] : c->n[ar].a[1] == a ? c->n[ar].a[0] : 0;
        if (other != r) continue;
        if (tm_app2(c, ISA_OP_SUB, a, b) == r) return tm_app2(c, ISA_OP_SLT, a, b);
      }
    }
  }
  return 0;
}

/* Split t into base + constant offset (base 0 means t is constant). */
static void base_off(tm_ctx *c, isa_term t, isa_term *base, uint64_t *off) {
  const tm_node *x = &c->n[t];
  if (x->kind == TM_CONST) {
    *base = 0;
    *off = x->val;
  } else if (x->kind == ISA_OP_ADD && c->n[x->a[1]].kind == TM_CONST) {
    *base = x->a[0];
    *off = c->n[x->a[1]].val;
  } else {
    *base = t;
    *off = 0;
  }
}

/* An unsigned upper bound of t: constants, ite (the larger arm's bound, or
 * the smaller for the minimum ite(x <=u y, x, y)), zero extension.  The
 * lengths of a `read` window are minima of the count asked for, the page
 * limit and what is left of the input, so comparisons of an offset with
 * them often fold. */
static uint64_t ubound(tm_ctx *c, isa_term t, int depth) {
  const tm_node *x = &c->n[t];
  if (x->kind == TM_CONST) return x->val;
  uint64_t all = x->sort == TM_BOOL ? 1 : mask(x->sort);
  if (depth > 6) return all;
  if (x->kind == ISA_OP_ITE) {
    uint64_t b1 = ubound(c, x->a[1], depth + 1), b2 = ubound(c, x->a[2], depth + 1);
    const tm_node *p = &c->n[x->a[0]];
    if ((p->kind == ISA_OP_ULE || p->kind == ISA_OP_ULT) && p->a[0] == x->a[1] && p->a[1] == x->a[2])
      return b1 < b2 ? b1 : b2;
    return b1 > b2 ? b1 : b2;
  }
  if (x->kind == ISA_OP_ZEXT) {
    uint64_t b = ubound(c, x->a[0], depth + 1);
    return b < all ? b : all;
  }
  return all;
}

/* How many low bits of t are known to be zero (at most its width): an
 * aligned stack pointer (SP & -16) plus multiples of 16 stays aligned, so
 * masking it again changes nothing. */
static unsigned tzeros(tm_ctx *c, isa_term t, int depth) {
  const tm_node *x = &c->n[t];
  unsigned w = x->sort;
  if (w == TM_BOOL || w == TM_ARRAY || w > 64) return 0;
  if (x->kind == TM_CONST) {
    uint64_t v = x->val & mask(w);
    unsigned k = 0;
    while (k < w && !(v >> k & 1)) k++;
    return k;
  }
  if (depth > 6) return 0;
  unsigned a, b;
  switch (x->kind) {
  case ISA_OP_AND:
    a = tzeros(c, x->a[0], depth + 1), b = tzeros(c, x->a[1], depth + 1);
    return a > b ? a : b;
  case ISA_OP_ADD:
  case ISA_OP_SUB:
  case ISA_OP_OR:
  case ISA_OP_XOR:
    a = tzeros(c, x->a[0], depth + 1), b = tzeros(c, x->a[1], depth + 1);
    return a < b ? a : b;
  case ISA_OP_MUL:
    a = tzeros(c, x->a[0], depth + 1) + tzeros(c, x->a[1], depth + 1);
    return a < w ? a : w;
  case ISA_OP_NEG:
    return tzeros(c, x->a[0], depth + 1);
  case ISA_OP_SHL:
    if (c->n[x->a[1]].kind == TM_CONST) {
      uint64_t k = c->n[x->a[1]].val;
      if (k >= w) return w;
      a = tzeros(c, x->a[0], depth + 1) + (unsigned)k;
      return a < w ? a : w;
    }
    return 0;
  case ISA_OP_ITE:
    a = tzeros(c, x->a[1], depth + 1), b = tzeros(c, x->a[2], depth + 1);
    return a < b ? a : b;
  default:
    return 0;
  }
}

/* The few values an address can take when it is built from constants by
 * ite and adding constants (a pointer chosen by a branch): up to KSET_MAX
 * of them in *out.  False when the term is anything else or has more. */
#define KSET_MAX 8
static bool kset(tm_ctx *c, isa_term t, uint64_t *out, unsigned *n, int depth) {
  const tm_node *x = &c->n[t];
  if (x->kind == TM_CONST) {
    for (unsigned i = 0; i < *n; i++)
      if (out[i] == x->val) return true;
    if (*n == KSET_MAX) return false;
    out[(*n)++] = x->val;
    return true;
  }
  if (depth > 6) return false;
  if (x->kind == ISA_OP_ITE) return kset(c, x->a[1], out, n, depth + 1) && kset(c, x->a[2], out, n, depth + 1);
  if (x->kind == ISA_OP_ADD && c->n[x->a[1]].kind == TM_CONST) {
    uint64_t sub[KSET_MAX];
    unsigned m = 0;
    if (!kset(c, x->a[0], sub, &m, depth + 1)) return false;
    uint64_t k = c->n[x->a[1]].val, msk = mask(x->sort);
    for (unsigned i = 0; i < m; i++) {
      uint64_t v = (sub[i] + k) & msk;
      bool dup = false;
      for (unsigned j = 0; j < *n && !dup; j++) dup = out[j] == v;
      if (dup) continue;
      if (*n == KSET_MAX) return false;
      out[(*n)++] = v;
    }
    return true;
  }
  return false;
}

/* 1: the addresses are equal, 0: provably different, -1: unknown. */
static int addr_cmp(tm_ctx *c, isa_term a, isa_term b) {
  if (a == b) return 1;
  isa_term ba, bb;
  uint64_t oa, ob;
  base_off(c, a, &ba, &oa);
  base_off(c, b, &bb, &ob);
  if (ba == bb) return oa == ob ? 1 : 0;
  /* both from small sets of constants: different when the sets are
   * disjoint */
  uint64_t sa[KSET_MAX], sb[KSET_MAX];
  unsigned na = 0, nb = 0;
  if (!kset(c, a, sa, &na, 0) || !kset(c, b, sb, &nb, 0)) return -1;
  for (unsigned i = 0; i < na; i++)
    for (unsigned j = 0; j < nb; j++)
      if (sa[i] == sb[j]) return -1;
  return 0;
}

/* "d lies outside [lo, lo + len]" (modular): !(d == k) or k' <u d + c.
 * The byte-wise aliasing conditions of Pre_α (§3.4) are conjunctions of
 * many such facts about one difference of addresses; they merge into one. */
static bool out_range(tm_ctx *c, isa_term t, isa_term *d, uint64_t *lo, uint64_t *len) {
  const tm_node *x = &c->n[t];
  if (x->kind == ISA_OP_LNOT) {
    const tm_node *e = &c->n[x->a[0]];
    if (e->kind != ISA_OP_EQ || c->n[e->a[1]].kind != TM_CONST || c->n[e->a[0]].kind == TM_CONST) return false;
    *d = e->a[0];
    *lo = c->n[e->a[1]].val;
    *len = 0;
    return true;
  }
  if (x->kind != ISA_OP_ULT || c->n[x->a[0]].kind != TM_CONST || c->n[x->a[1]].kind == TM_CONST) return false;
  unsigned w = c->n[x->a[1]].sort;
  isa_term b;
  uint64_t off;
  base_off(c, x->a[1], &b, &off);
  *d = b;
  *lo = (0 - off) & mask(w);
  *len = c->n[x->a[0]].val;
  return true;
}

static isa_term mk_out_range(tm_ctx *c, isa_term d, uint64_t lo, uint64_t len) {
  unsigned w = c->n[d].sort;
  if (!len) return tm_app1(c, ISA_OP_LNOT, tm_app2(c, ISA_OP_EQ, d, tm_const(c, lo, w)));
  return tm_app2(c, ISA_OP_ULT, tm_const(c, len, w), tm_app2(c, ISA_OP_ADD, d, tm_const(c, (0 - lo) & mask(w), w)));
}

/* a ∧ b as one range fact when both are range facts about one d whose
 * intervals touch or overlap; 0 if they do not merge */
static isa_term merge_ranges(tm_ctx *c, isa_term a, isa_term b) {
  isa_term da, db;
  uint64_t la, na, lb, nb;
  if (!out_range(c, a, &da, &la, &na) || !out_range(c, b, &db, &lb, &nb) || da != db) return 0;
  unsigned w = c->n[da].sort;
  if (w > 62) return 0; /* the interval arithmetic below needs two spare bits */
  uint64_t m = mask(w);
  for (int pass = 0; pass < 2; pass++) {
    /* b's interval relative to a's start: starts inside a's or right after it */
    uint64_t s = (lb - la) & m;
    if (s <= na || s == na + 1) {
      uint64_t end = s + nb > na ? s + nb : na; /* < 2^(w+1): no overflow for w <= 62 */
      if (end >= m) return tm_false(c);      /* the intervals cover every value */
      return mk_out_range(c, da, la, end);
    }
    uint64_t t1 = la, t2 = na;
    la = lb, na = nb, lb = t1, nb = t2;
  }
  return 0;
}

/* tm_app past constant folding: the rewrites, or the node itself. */
static isa_term rewrite(tm_ctx *c, isa_op op, unsigned sort, isa_term *a, unsigned n, unsigned p0, unsigned p1) {
  unsigned w = c->n[a[0]].sort; /* operand width */
  uint64_t m = mask(w);
  switch (op) {
  case ISA_OP_NOT:
  case ISA_OP_NEG:
  case ISA_OP_LNOT:
    if (c->n[a[0]].kind == op) return c->n[a[0]].a[0];
    break;
  case ISA_OP_ADD:
    if (is_k(c, a[1], 0)) return a[0];
    /* (x + k1) + k2 = x + (k1 + k2): keeps addresses in base + offset form */
    if (c->n[a[1]].kind == TM_CONST && c->n[a[0]].kind == ISA_OP_ADD && c->n[c->n[a[0]].a[1]].kind == TM_CONST)
      return tm_app2(c, ISA_OP_ADD, c->n[a[0]].a[0],
                     tm_const(c, c->n[c->n[a[0]].a[1]].val + c->n[a[1]].val, w));
    break;
  case ISA_OP_SUB:
    if (is_k(c, a[1], 0)) return a[0];
    if (a[0] == a[1]) return tm_const(c, 0, w);
    { /* (x + k1) - (x + k2) = k1 - k2: addresses in one frame */
      isa_term b0, b1;
      uint64_t o0, o1;
      base_off(c, a[0], &b0, &o0);
      base_off(c, a[1], &b1, &o1);
      if (b0 && b0 == b1) return tm_const(c, (o0 - o1) & m, w);
    }
    if (c->n[a[1]].kind == TM_CONST) return tm_app2(c, ISA_OP_ADD, a[0], tm_const(c, 0 - c->n[a[1]].val, w));
    break;
  case ISA_OP_MUL:
    if (is_k(c, a[1], 0)) return a[1];
    if (is_k(c, a[1], 1)) return a[0];
    /* (x + k) * c = x * c + k * c: keeps scaled indices in base + offset form */
    if (c->n[a[1]].kind == TM_CONST && c->n[a[0]].kind == ISA_OP_ADD && c->n[c->n[a[0]].a[1]].kind == TM_CONST)
      return tm_app2(c, ISA_OP_ADD, tm_app2(c, ISA_OP_MUL, c->n[a[0]].a[0], a[1]),
                     tm_const(c, (c->n[c->n[a[0]].a[1]].val * c->n[a[1]].val) & m, w));
    break;
  case ISA_OP_AND:
    if (is_k(c, a[1], 0)) return a[1];
    if (is_k(c, a[1], m) || a[0] == a[1]) return a[0];
    if (c->n[a[1]].kind == TM_CONST) {
      /* a mask clearing the k low bits: x & -2^k is x when x's k low bits
       * are zero, and (y + c) & -2^k is y + (c & -2^k) when y's are (the low
       * bits of the sum are c's, and clearing them borrows nothing) */
      uint64_t k1 = c->n[a[1]].val & m, low = ~k1 & m;
      if (low && (low & (low + 1)) == 0) {
        unsigned k = 0;
        while (low >> k & 1) k++;
        if (tzeros(c, a[0], 0) >= k) return a[0];
        const tm_node *x = &c->n[a[0]];
        if (x->kind == ISA_OP_ADD && c->n[x->a[1]].kind == TM_CONST && tzeros(c, x->a[0], 0) >= k)
          return tm_app2(c, ISA_OP_ADD, x->a[0], tm_const(c, c->n[x->a[1]].val & k1, w));
      }
    }
    break;
  case ISA_OP_OR:
    if (is_k(c, a[1], 0) || a[0] == a[1]) return a[0];
    if (is_k(c, a[1], m)) return a[1];
    break;
  case ISA_OP_XOR:
    if (is_k(c, a[1], 0)) return a[0];
    if (a[0] == a[1]) return tm_const(c, 0, w);
    break;
  case ISA_OP_SHL:
  case ISA_OP_LSHR:
    if (is_k(c, a[1], 0)) return a[0];
    if (c->n[a[1]].kind == TM_CONST && c->n[a[1]].val >= w) return tm_const(c, 0, w);
    break;
  case ISA_OP_ASHR:
    if (is_k(c, a[1], 0)) return a[0];
    break;
  case ISA_OP_EQ:
    /* ite(b, k1, k2) == k3 over constants: a condition on b alone (branch
     * targets compared with the next PC, all over the refinements) */
    if (c->n[a[1]].kind == TM_CONST && c->n[a[0]].kind == ISA_OP_ITE &&
        c->n[c->n[a[0]].a[1]].kind == TM_CONST && c->n[c->n[a[0]].a[2]].kind == TM_CONST) {
      isa_term t[3] = {c->n[a[0]].a[0], tm_const(c, c->n[c->n[a[0]].a[1]].val == c->n[a[1]].val, TM_BOOL),
                       tm_const(c, c->n[c->n[a[0]].a[2]].val == c->n[a[1]].val, TM_BOOL)};
      return tm_app(c, ISA_OP_ITE, t, 3, 0, 0);
    }
    if (a[0] == a[1]) return tm_true(c);
    if (c->n[a[0]].sort != TM_BOOL) { /* x + k1 == x + k2 */
      isa_term b0, b1;
      uint64_t o0, o1;
      base_off(c, a[0], &b0, &o0);
      base_off(c, a[1], &b1, &o1);
      if (b0 && b0 == b1) return tm_const(c, o0 == o1, TM_BOOL);
      /* x + k1 == k2 is x == k2 - k1; x + k1 == y + k2 is x - y == k2 - k1
       * (x before y): the aliasing conditions of one pair of bases become
       * facts about one difference (w <= 62 keeps the sums exact) */
      if (b0 && !b1 && o0) return tm_app2(c, ISA_OP_EQ, b0, tm_const(c, (o1 - o0) & m, w));
      if (b0 && b1 && (o0 || o1) && w <= 62) {
        if (b0 > b1) {
          isa_term tb = b0;
          b0 = b1, b1 = tb;
          uint64_t to = o0;
          o0 = o1, o1 = to;
        }
        return tm_app2(c, ISA_OP_EQ, tm_app2(c, ISA_OP_SUB, b0, b1), tm_const(c, (o1 - o0) & m, w));
      }
    }
    break;
  case ISA_OP_ULE:
    if (is_k(c, a[0], 0)) return tm_true(c); /* 0 <=u x */
    if (a[0] == a[1]) return tm_true(c);
    if (c->n[a[0]].kind == TM_CONST && ubound(c, a[1], 0) < c->n[a[0]].val) return tm_false(c);
    if (c->n[a[1]].kind == TM_CONST && ubound(c, a[0], 0) <= c->n[a[1]].val) return tm_true(c);
    break;
  case ISA_OP_SLE:
    if (a[0] == a[1]) return tm_true(c);
    break;
  case ISA_OP_IFF:
    if (a[0] == a[1]) return tm_true(c);
    if (is_k(c, a[1], 1)) return a[0];
    if (is_k(c, a[1], 0)) return tm_app1(c, ISA_OP_LNOT, a[0]);
    {
      isa_term lt = slt_of_flags(c, a[0], a[1]); /* SF == OF */
      if (lt) return tm_app1(c, ISA_OP_LNOT, lt);
    }
    break;
  case ISA_OP_ULT:
    if (is_k(c, a[1], 0)) return tm_false(c); /* x <u 0 */
    if (a[0] == a[1]) return tm_false(c);
    /* 0 <u min(k, y) with k ≠ 0 is 0 <u y: "the read gets a byte" is "input
     * is left", as Pre of a read writes it (min(count, $inlen - $ip)) */
    if (is_k(c, a[0], 0) && c->n[a[1]].kind == ISA_OP_ITE) {
      const tm_node *x = &c->n[a[1]], *p = &c->n[x->a[0]];
      if (p->kind == ISA_OP_ULE && p->a[0] == x->a[1] && p->a[1] == x->a[2] && c->n[x->a[1]].kind == TM_CONST &&
          c->n[x->a[1]].val != 0)
        return tm_app2(c, ISA_OP_ULT, a[0], x->a[2]);
    }
    if (c->n[a[0]].kind == TM_CONST && ubound(c, a[1], 0) <= c->n[a[0]].val) return tm_false(c);
    if (c->n[a[1]].kind == TM_CONST && ubound(c, a[0], 0) < c->n[a[1]].val) return tm_true(c);
    break;
  case ISA_OP_SLT:
    if (a[0] == a[1]) return tm_false(c);
    break;
  case ISA_OP_LXOR:
    if (a[0] == a[1]) return tm_false(c);
    if (is_k(c, a[1], 0)) return a[0];
    if (is_k(c, a[1], 1)) return tm_app1(c, ISA_OP_LNOT, a[0]);
    {
      isa_term lt = slt_of_flags(c, a[0], a[1]); /* SF != OF */
      if (lt) return lt;
    }
    break;
  case ISA_OP_LAND:
    if (is_k(c, a[1], 0)) return a[1];
    if (is_k(c, a[1], 1) || a[0] == a[1]) return a[0];
    if (clashes(c, ISA_OP_LAND, a[0], a[1])) return tm_false(c);
    /* intersection conjoins [PC = a] with states that already say so */
    if (in_chain(c, ISA_OP_LAND, a[0], a[1])) return a[0];
    if (in_chain(c, ISA_OP_LAND, a[1], a[0])) return a[1];
    /* x ∧ ¬(p ∧ q) with p among x's conjuncts is x ∧ ¬q: a split labels
     * n ∧ ¬ρ, and ρ carries back n's own conjuncts (a candidate invariant's,
     * the depth's) through instructions that keep them */
    for (int i = 0; i < 2; i++) {
      isa_term x = a[i], y = a[1 - i];
      if (c->n[y].kind != ISA_OP_LNOT || c->n[c->n[y].a[0]].kind != ISA_OP_LAND) continue;
      isa_term p = c->n[c->n[y].a[0]].a[0], q = c->n[c->n[y].a[0]].a[1];
      if (in_chain(c, ISA_OP_LAND, x, p)) return tm_app2(c, ISA_OP_LAND, x, tm_app1(c, ISA_OP_LNOT, q));
      if (in_chain(c, ISA_OP_LAND, x, q)) return tm_app2(c, ISA_OP_LAND, x, tm_app1(c, ISA_OP_LNOT, p));
    }
    /* range facts about one difference merge, also with the head of a
     * conjunction they are added to */
    for (int i = 0; i < 2; i++) {
      isa_term x = a[i], y = a[1 - i], r;
      if ((r = merge_ranges(c, x, y))) return r;
      if (c->n[y].kind != ISA_OP_LAND) continue;
      isa_term y0 = c->n[y].a[0], y1 = c->n[y].a[1];
      if ((r = merge_ranges(c, x, y0))) return tm_app2(c, ISA_OP_LAND, r, y1);
      if ((r = merge_ranges(c, x, y1))) return tm_app2(c, ISA_OP_LAND, y0, r);
    }
    break;
  case ISA_OP_LOR:
    if (is_k(c, a[1], 1)) return a[1];
    if (is_k(c, a[1], 0) || a[0] == a[1]) return a[0];
    if (clashes(c, ISA_OP_LOR, a[0], a[1])) return tm_true(c);
    if (in_chain(c, ISA_OP_LOR, a[0], a[1])) return a[0];
    if (in_chain(c, ISA_OP_LOR, a[1], a[0])) return a[1];
    break;
  case ISA_OP_ITE:
    if (c->n[a[0]].kind == TM_CONST) return c->n[a[0]].val ? a[1] : a[2];
    if (a[1] == a[2]) return a[1];
    if (sort == TM_BOOL && is_k(c, a[1], 1) && is_k(c, a[2], 0)) return a[0];
    if (sort == TM_BOOL && is_k(c, a[1], 0) && is_k(c, a[2], 1)) return tm_app1(c, ISA_OP_LNOT, a[0]);
    if (c->n[a[0]].kind == ISA_OP_LNOT) { /* ite(!c, x, y) = ite(c, y, x) */
      isa_term t[3] = {c->n[a[0]].a[0], a[2], a[1]};
      return tm_app(c, ISA_OP_ITE, t, 3, 0, 0);
    }
    break;
  case ISA_OP_EXTRACT: {
    const tm_node *x = &c->n[a[0]];
    if (p1 == 0 && p0 == w - 1) return a[0];
    if (x->kind == ISA_OP_EXTRACT) return tm_extract(c, x->a[0], p0 + x->p1, p1 + x->p1);
    if (x->kind == ISA_OP_CONCAT) {
      unsigned lw = c->n[x->a[1]].sort;
      if (p0 < lw) return tm_extract(c, x->a[1], p0, p1);
      if (p1 >= lw) return tm_extract(c, x->a[0], p0 - lw, p1 - lw);
    }
    if (x->kind == ISA_OP_ZEXT) {
      unsigned iw = c->n[x->a[0]].sort;
      if (p0 < iw) return tm_extract(c, x->a[0], p0, p1);
      if (p1 >= iw) return tm_const(c, 0, p0 - p1 + 1);
    }
    break;
  }
  case ISA_OP_CONCAT: {
    const tm_node *x = &c->n[a[0]], *y = &c->n[a[1]];
    /* adjacent slices of one value join again */
    if (x->kind == ISA_OP_EXTRACT && y->kind == ISA_OP_EXTRACT && x->a[0] == y->a[0] && x->p1 == y->p0 + 1)
      return tm_extract(c, x->a[0], x->p0, y->p1);
    if (x->kind == TM_CONST && x->val == 0) return tm_zext(c, a[1], sort);
    break;
  }
  case ISA_OP_ZEXT:
  case ISA_OP_SEXT:
    if (p0 == w) return a[0];
    if (c->n[a[0]].kind == op) {
      isa_term in = c->n[a[0]].a[0];
      return tm_app(c, op, &in, 1, p0, 0);
    }
    break;
  case ISA_OP_SELECT: {
    /* read over write */
    isa_term mem = a[0];
    for (int guard = 0; guard < 4096; guard++) {
      const tm_node *x = &c->n[mem];
      if (x->kind != ISA_OP_STORE) break;
      int r = addr_cmp(c, x->a[1], a[1]);
      if (r == 1) return x->a[2];
      if (r == -1) break;
      mem = x->a[0];
    }
    isa_term t[2] = {mem, a[1]};
    return mk(c, op, sort, t, 2, 0, 0);
  }
  case ISA_OP_STORE: {
    const tm_node *x = &c->n[a[0]];
    if (x->kind == ISA_OP_STORE && addr_cmp(c, x->a[1], a[1]) == 1) { /* overwritten */
      isa_term t[3] = {x->a[0], a[1], a[2]};
      return mk(c, op, sort, t, 3, 0, 0);
    }
    /* storing back what is there changes nothing */
    const tm_node *v = &c->n[a[2]];
    if (v->kind == ISA_OP_SELECT && v->a[0] == a[0] && v->a[1] == a[1]) return a[0];
    break;
  }
  default:
    break;
  }
  return mk(c, op, sort, a, n, op == ISA_OP_EXTRACT || op == ISA_OP_ZEXT || op == ISA_OP_SEXT ? p0 : 0,
            op == ISA_OP_EXTRACT ? p1 : 0);
}


isa_term tm_app(tm_ctx *c, isa_op op, const isa_term *args, unsigned n, unsigned p0, unsigned p1) {
  int rs = result_sort(c, op, args, n, p0, p1);
  if (rs < 0) return 0;
  unsigned sort = (unsigned)rs;
  isa_term a[3] = {n > 0 ? args[0] : 0, n > 1 ? args[1] : 0, n > 2 ? args[2] : 0};
  unsigned w = c->n[a[0]].sort; /* operand width */
  /* constants */
  bool allk = op != ISA_OP_SELECT && op != ISA_OP_STORE;
  for (unsigned i = 0; i < n && allk; i++) allk = c->n[a[i]].kind == TM_CONST;
  if (allk) {
    uint64_t v[3] = {c->n[a[0]].val, n > 1 ? c->n[a[1]].val : 0, n > 2 ? c->n[a[2]].val : 0};
    return tm_const(c, fold(op, v, w, p0, p1, n > 1 ? c->n[a[1]].sort : 0), sort);
  }
  if (commutative(op) && (c->n[a[0]].kind == TM_CONST || (c->n[a[1]].kind != TM_CONST && a[0] > a[1]))) {
    isa_term t = a[0];
    a[0] = a[1];
    a[1] = t;
  }
  /* Rewrites build their results through tm_app again, each on a smaller
   * or normalised form; the nesting is capped all the same (TM_RW_DEPTH),
   * and past the cap a node is built as it is, which is always sound. */
  if (c->rw_depth >= TM_RW_DEPTH)
    return mk(c, op, sort, a, n, op == ISA_OP_EXTRACT || op == ISA_OP_ZEXT || op == ISA_OP_SEXT ? p0 : 0,
              op == ISA_OP_EXTRACT ? p1 : 0);
  c->rw_depth++;
  isa_term r = rewrite(c, op, sort, a, n, p0, p1);
  c->rw_depth--;
  return r;
}

isa_term tm_app1(tm_ctx *c, isa_op op, isa_term a) { return tm_app(c, op, &a, 1, 0, 0); }
isa_term tm_app2(tm_ctx *c, isa_op op, isa_term a, isa_term b) {
  isa_term t[2] = {a, b};
  return tm_app(c, op, t, 2, 0, 0);
}
isa_term tm_ite(tm_ctx *c, isa_term cond, isa_term a, isa_term b) {
  isa_term t[3] = {cond, a, b};
  return tm_app(c, ISA_OP_ITE, t, 3, 0, 0);
}
isa_term tm_extract(tm_ctx *c, isa_term a, unsigned hi, unsigned lo) { return tm_app(c, ISA_OP_EXTRACT, &a, 1, hi, lo); }
isa_term tm_zext(tm_ctx *c, isa_term a, unsigned width) { return tm_app(c, ISA_OP_ZEXT, &a, 1, width, 0); }

static isa_term tb_konst(void *ctx, uint64_t value, unsigned width) { return tm_const(ctx, value, width); }
static isa_term tb_app(void *ctx, isa_op op, const isa_term *args, unsigned nargs, unsigned p0, unsigned p1) {
  return tm_app(ctx, op, args, nargs, p0, p1);
}

isa_tb tm_builder(tm_ctx *c) { return (isa_tb){c, tb_konst, tb_app}; }

/* ---- evaluation -------------------------------------------------------------- */

/* A stamped memo over node ids: vals[t] is valid when gen[t] == *cur.
 * Starting a new walk is one increment (a clear only when the stamp wraps);
 * the arrays grow to twice the node count when the table outgrows them.
 * Returns vals, perhaps moved. */
static void *stamp_begin(tm_ctx *c, void *vals, size_t vsize, uint32_t **gen, size_t *cap, uint32_t *cur) {
  if (*cap < c->nn) {
    size_t capvals = *cap; /* vals and gen grow together */
    vals = xa_grow(vals, &capvals, c->nn, vsize);
    *gen = xa_grow(*gen, cap, c->nn, sizeof **gen);
    memset(*gen, 0, sizeof **gen * *cap);
    *cur = 0;
  }
  if (++*cur == 0) {
    memset(*gen, 0, sizeof **gen * *cap);
    *cur = 1;
  }
  return vals;
}

static void memo_reset(tm_ctx *c) {
  c->memo = stamp_begin(c, c->memo, sizeof *c->memo, &c->memo_gen, &c->capmemo, &c->gen);
  if (c->capcur < c->capmemo || c->gen == 1) { /* grown, or the stamps started again */
    c->cur = xa_realloc(c->cur, sizeof *c->cur * c->capmemo);
    c->cur_gen = xa_realloc(c->cur_gen, sizeof *c->cur_gen * c->capmemo);
    memset(c->cur_gen, 0, sizeof *c->cur_gen * c->capmemo);
    c->capcur = c->capmemo;
  }
}

/* Evaluation and substitution walk the DAG with explicit stacks: terms from
 * long traces can be far deeper than the C stack. */
typedef struct tstack {
  isa_term *v;
  size_t n, cap;
} tstack;

static void ts_push(tstack *s, isa_term t) {
  s->v = xa_grow(s->v, &s->cap, s->n + 1, sizeof *s->v);
  s->v[s->n++] = t;
}

static bool done(const tm_ctx *c, isa_term t) { return c->memo_gen[t] == c->gen; }
static void set(tm_ctx *c, isa_term t, uint64_t v) {
  c->memo[t] = v;
  c->memo_gen[t] = c->gen;
}

static uint64_t ev(tm_ctx *c, isa_term t, const tm_env *env);

/* The byte at addr of an array term (tm_eval_byte; ev scans the same way
 * inside its own loop). */
static uint8_t ev_byte(tm_ctx *c, isa_term mem, uint64_t addr, const tm_env *env) {
  for (;;) {
    const tm_node *x = &c->n[mem];
    if (x->kind == ISA_OP_STORE) {
      if ((ev(c, x->a[1], env) & mask(c->addr_bits)) == addr) return (uint8_t)ev(c, x->a[2], env);
      mem = x->a[0];
    } else if (x->kind == ISA_OP_ITE) {
      mem = ev(c, x->a[0], env) ? x->a[1] : x->a[2];
    } else if (x->kind == TM_VAR) {
      return env->mem ? env->mem(env->ctx, (uint32_t)x->val, addr) : 0;
    } else {
      return 0;
    }
  }
}

static uint64_t ev(tm_ctx *c, isa_term root, const tm_env *env) {
  if (done(c, root)) return c->memo[root];
  tstack st = {0};
  ts_push(&st, root);
  while (st.n) {
    isa_term t = st.v[st.n - 1];
    if (done(c, t)) {
      st.n--;
      continue;
    }
    const tm_node *x = &c->n[t];
    if (x->kind == TM_CONST) {
      set(c, t, x->val);
    } else if (x->kind == TM_VAR) {
      set(c, t, env->var ? env->var(env->ctx, (uint32_t)x->val) & (x->sort ? mask(x->sort) : 1) : 0);
    } else if (x->kind == ISA_OP_ITE) { /* only the chosen arm is evaluated */
      if (!done(c, x->a[0])) {
        ts_push(&st, x->a[0]);
        continue;
      }
      isa_term arm = c->memo[x->a[0]] ? x->a[1] : x->a[2];
      if (c->n[arm].sort == TM_ARRAY) {
        set(c, t, 0);
      } else {
        if (!done(c, arm)) {
          ts_push(&st, arm);
          continue;
        }
        set(c, t, c->memo[arm]);
      }
    } else if (x->kind == ISA_OP_LAND || x->kind == ISA_OP_LOR) { /* the second operand only if needed */
      if (!done(c, x->a[0])) {
        ts_push(&st, x->a[0]);
        continue;
      }
      bool a0 = c->memo[x->a[0]] != 0;
      if (a0 == (x->kind == ISA_OP_LOR)) {
        set(c, t, a0);
      } else {
        if (!done(c, x->a[1])) {
          ts_push(&st, x->a[1]);
          continue;
        }
        set(c, t, c->memo[x->a[1]] != 0);
      }
    } else if (x->kind == ISA_OP_SELECT) {
      /* down the stores and ites of the array to the byte: a value it
       * lacks (an address, a condition, the byte stored) is pushed, and
       * the scan resumes where it stopped (cur[t]) once it is known */
      if (!done(c, x->a[1])) {
        ts_push(&st, x->a[1]);
        continue;
      }
      uint64_t addr = c->memo[x->a[1]] & mask(c->addr_bits), v = 0;
      isa_term mem = c->cur_gen[t] == c->gen ? c->cur[t] : x->a[0], need = 0;
      for (;;) {
        const tm_node *y = &c->n[mem];
        if (y->kind == ISA_OP_STORE) {
          if (!done(c, y->a[1])) {
            need = y->a[1];
            break;
          }
          if ((c->memo[y->a[1]] & mask(c->addr_bits)) == addr) {
            if (!done(c, y->a[2])) need = y->a[2];
            else v = c->memo[y->a[2]];
            break;
          }
          mem = y->a[0];
        } else if (y->kind == ISA_OP_ITE) {
          if (!done(c, y->a[0])) {
            need = y->a[0];
            break;
          }
          mem = c->memo[y->a[0]] ? y->a[1] : y->a[2];
        } else {
          v = y->kind == TM_VAR && env->mem ? env->mem(env->ctx, (uint32_t)y->val, addr) : 0;
          break;
        }
      }
      if (need) {
        c->cur[t] = mem;
        c->cur_gen[t] = c->gen;
        ts_push(&st, need);
        continue;
      }
      set(c, t, (uint8_t)v);
    } else if (x->kind == ISA_OP_STORE || x->sort == TM_ARRAY) {
      set(c, t, 0); /* arrays have no scalar value; bytes come from ev_byte */
    } else {
      bool ready = true;
      for (unsigned i = 0; i < x->nargs; i++)
        if (!done(c, x->a[i])) {
          ts_push(&st, x->a[i]);
          ready = false;
        }
      if (!ready) continue;
      uint64_t v[3] = {0, 0, 0};
      for (unsigned i = 0; i < x->nargs; i++) v[i] = c->memo[x->a[i]];
      set(c, t, fold((isa_op)x->kind, v, c->n[x->a[0]].sort, x->p0, x->p1, x->nargs > 1 ? c->n[x->a[1]].sort : 0));
    }
    st.n--;
  }
  free(st.v);
  return c->memo[root];
}

uint64_t tm_eval(tm_ctx *c, isa_term t, const tm_env *env) {
  memo_reset(c);
  return ev(c, t, env);
}

void tm_eval_begin(tm_ctx *c) { memo_reset(c); }

uint64_t tm_eval_more(tm_ctx *c, isa_term t, const tm_env *env) {
  if (c->capmemo < c->nn) memo_reset(c); /* new terms since tm_eval_begin: start over */
  return ev(c, t, env);
}

uint8_t tm_eval_byte(tm_ctx *c, isa_term array, uint64_t addr, const tm_env *env) {
  memo_reset(c);
  return ev_byte(c, array, addr & mask(c->addr_bits), env);
}

/* ---- walks ------------------------------------------------------------------ */

typedef struct wmemo wmemo;

struct tm_walk {
  tm_ctx *c;
  tm_walk_fn fn;
  void *ctx;
  wmemo *m;
  bool own_m;  /* m was allocated for this walk (the pool was in use) */
  tstack stk;  /* terms being computed, the top first */
  tstack q;    /* what the current call of fn asked for and lacks */
};

static void wm_grow(wmemo *m, size_t need) {
  if (need <= m->cap) return;
  size_t old = m->cap, capval = m->cap; /* val and gen grow together */
  m->val = xa_grow(m->val, &capval, need, sizeof *m->val);
  m->gen = xa_grow(m->gen, &m->cap, need, sizeof *m->gen);
  memset(m->gen + old, 0, sizeof *m->gen * (m->cap - old));
}

tm_walk *tm_walker_new(tm_ctx *c, tm_walk_fn fn, void *ctx) {
  tm_walk *w = xa_realloc(NULL, sizeof *w);
  *w = (tm_walk){.c = c, .fn = fn, .ctx = ctx};
  for (size_t i = 0; i < sizeof c->wm / sizeof c->wm[0] && !w->m; i++)
    if (!c->wm[i].busy) w->m = &c->wm[i];
  if (!w->m) {
    w->m = xa_realloc(NULL, sizeof *w->m);
    *w->m = (wmemo){0};
    w->own_m = true;
  }
  w->m->busy = true;
  wm_grow(w->m, c->nn);
  if (++w->m->cur == 0) { /* the stamps wrapped: clear them once */
    memset(w->m->gen, 0, sizeof *w->m->gen * w->m->cap);
    w->m->cur = 1;
  }
  return w;
}

void tm_walker_free(tm_walk *w) {
  if (!w) return;
  if (w->own_m) {
    free(w->m->val);
    free(w->m->gen);
    free(w->m);
  } else
    w->m->busy = false;
  free(w->stk.v);
  free(w->q.v);
  free(w);
}

static bool wk_known(const tm_walk *w, isa_term t) { return t < w->m->cap && w->m->gen[t] == w->m->cur; }

bool tm_walk_get(tm_walk *w, isa_term u, uint64_t *value) {
  if (wk_known(w, u)) {
    *value = w->m->val[u];
    return true;
  }
  ts_push(&w->q, u);
  return false;
}

bool tm_walk_peek(const tm_walk *w, isa_term u, uint64_t *value) {
  if (!wk_known(w, u)) return false;
  *value = w->m->val[u];
  return true;
}

tm_ctx *tm_walk_ctx(const tm_walk *w) { return w->c; }

bool tm_walk_args(tm_walk *w, isa_term t, isa_term args[3]) {
  const tm_node *x = &w->c->n[t];
  unsigned n = x->nargs;
  isa_term a[3] = {x->a[0], x->a[1], x->a[2]};
  bool all = true;
  for (unsigned i = 0; i < n; i++) {
    uint64_t v = 0;
    if (!tm_walk_get(w, a[i], &v)) all = false;
    args[i] = (isa_term)v;
  }
  for (unsigned i = n; i < 3; i++) args[i] = 0;
  return all;
}

isa_term tm_rebuild(tm_ctx *c, isa_term t, const isa_term *args) {
  tm_node x = c->n[t]; /* a copy: tm_app may move the node array */
  bool same = true;
  for (unsigned i = 0; i < x.nargs; i++) same = same && args[i] == x.a[i];
  return same ? t : tm_app(c, (isa_op)x.kind, args, x.nargs, x.p0, x.p1);
}

uint64_t tm_walker_run(tm_walk *w, isa_term root) {
  if (wk_known(w, root)) return w->m->val[root];
  w->stk.n = 0;
  ts_push(&w->stk, root);
  while (w->stk.n) {
    isa_term t = w->stk.v[w->stk.n - 1];
    if (wk_known(w, t)) {
      w->stk.n--;
      continue;
    }
    w->q.n = 0;
    uint64_t v = w->fn(w, t, w->ctx);
    if (!w->q.n) {
      wm_grow(w->m, (size_t)t + 1); /* t may be newer than the walk */
      w->m->val[t] = v;
      w->m->gen[t] = w->m->cur;
      w->stk.n--;
    } else /* the first asked on top, computed first */
      for (size_t i = w->q.n; i-- > 0;) ts_push(&w->stk, w->q.v[i]);
  }
  return w->m->val[root];
}

uint64_t tm_walk_run(tm_ctx *c, isa_term root, tm_walk_fn fn, void *ctx) {
  tm_walk *w = tm_walker_new(c, fn, ctx);
  uint64_t r = tm_walker_run(w, root);
  tm_walker_free(w);
  return r;
}

/* ---- substitution ------------------------------------------------------------ */

static uint64_t subst_step(tm_walk *w, isa_term t, void *ctx) {
  const isa_term *map = ctx;
  const tm_node *x = &w->c->n[t];
  if (x->kind == TM_VAR) return map[x->val] ? map[x->val] : t;
  if (x->kind == TM_CONST) return t;
  isa_term a[3];
  if (!tm_walk_args(w, t, a)) return 0;
  return tm_rebuild(w->c, t, a);
}

isa_term tm_subst(tm_ctx *c, isa_term root, const isa_term *map) {
  return (isa_term)tm_walk_run(c, root, subst_step, (void *)map);
}

/* ---- printing ---------------------------------------------------------------- */

typedef struct pbuf {
  char *buf;
  size_t size, n;
} pbuf;

static void put(pbuf *p, const char *s) {
  for (; *s; s++, p->n++)
    if (p->n + 1 < p->size) p->buf[p->n] = *s;
}

static const char *const infix[] = {
    [ISA_OP_ADD] = "+", [ISA_OP_SUB] = "-", [ISA_OP_MUL] = "*", [ISA_OP_UDIV] = "/u", [ISA_OP_UREM] = "%u",
    [ISA_OP_SDIV] = "/s", [ISA_OP_SREM] = "%s", [ISA_OP_AND] = "&", [ISA_OP_OR] = "|", [ISA_OP_XOR] = "^",
    [ISA_OP_SHL] = "<<", [ISA_OP_LSHR] = ">>", [ISA_OP_ASHR] = ">>s", [ISA_OP_EQ] = "==", [ISA_OP_ULT] = "<u",
    [ISA_OP_ULE] = "<=u", [ISA_OP_SLT] = "<s", [ISA_OP_SLE] = "<=s", [ISA_OP_LAND] = "&&", [ISA_OP_LOR] = "||",
    [ISA_OP_LXOR] = "^^", [ISA_OP_IFF] = "<=>", [ISA_OP_CONCAT] = "++"};

static void pr(tm_ctx *c, isa_term t, pbuf *p, int depth) {
  char tmp[64];
  const tm_node *x = &c->n[t];
  if (p->n >= p->size && p->size) return; /* enough */
  if (depth > 200) {
    put(p, "...");
    return;
  }
  switch (x->kind) {
  case TM_CONST:
    if (x->sort == TM_BOOL) put(p, x->val ? "true" : "false");
    else {
      snprintf(tmp, sizeof tmp, x->val < 10 ? "%llu" : "0x%llx", (unsigned long long)x->val);
      put(p, tmp);
    }
    return;
  case TM_VAR:
    put(p, c->names[x->val]);
    return;
  case ISA_OP_NOT: put(p, "~"); pr(c, x->a[0], p, depth + 1); return;
  case ISA_OP_NEG: put(p, "-"); pr(c, x->a[0], p, depth + 1); return;
  case ISA_OP_LNOT: put(p, "!"); pr(c, x->a[0], p, depth + 1); return;
  case ISA_OP_ITE:
    put(p, "(");
    pr(c, x->a[0], p, depth + 1);
    put(p, " ? ");
    pr(c, x->a[1], p, depth + 1);
    put(p, " : ");
    pr(c, x->a[2], p, depth + 1);
    put(p, ")");
    return;
  case ISA_OP_EXTRACT:
    pr(c, x->a[0], p, depth + 1);
    if (x->p0 == x->p1) snprintf(tmp, sizeof tmp, "[%u]", x->p0);
    else snprintf(tmp, sizeof tmp, "[%u:%u]", x->p0, x->p1);
    put(p, tmp);
    return;
  case ISA_OP_ZEXT:
  case ISA_OP_SEXT:
    snprintf(tmp, sizeof tmp, "%s%u(", x->kind == ISA_OP_ZEXT ? "zext" : "sext", x->p0);
    put(p, tmp);
    pr(c, x->a[0], p, depth + 1);
    put(p, ")");
    return;
  case ISA_OP_BOOL2BV:
    put(p, "bv1(");
    pr(c, x->a[0], p, depth + 1);
    put(p, ")");
    return;
  case ISA_OP_SELECT:
    pr(c, x->a[0], p, depth + 1);
    put(p, "[");
    pr(c, x->a[1], p, depth + 1);
    put(p, "]");
    return;
  case ISA_OP_STORE:
    pr(c, x->a[0], p, depth + 1);
    put(p, "{");
    pr(c, x->a[1], p, depth + 1);
    put(p, " := ");
    pr(c, x->a[2], p, depth + 1);
    put(p, "}");
    return;
  default:
    if (x->kind < sizeof infix / sizeof *infix && infix[x->kind] && x->nargs == 2) {
      put(p, "(");
      pr(c, x->a[0], p, depth + 1);
      put(p, " ");
      put(p, infix[x->kind]);
      put(p, " ");
      pr(c, x->a[1], p, depth + 1);
      put(p, ")");
      return;
    }
    put(p, "?");
  }
}

size_t tm_print(tm_ctx *c, isa_term t, char *buf, size_t size) {
  pbuf p = {buf, size, 0};
  if (size) buf[0] = 0;
  if (!t) {
    put(&p, "<none>");
  } else
    pr(c, t, &p, 0);
  if (size) {
    if (p.n + 1 > size && size > 4) memcpy(buf + size - 4, "...", 4);
    else buf[p.n < size ? p.n : size - 1] = 0;
  }
  return p.n;
}

void tm_fprint(tm_ctx *c, isa_term t, FILE *f) {
  char small[4096];
  size_t n = tm_print(c, t, small, sizeof small);
  if (n < sizeof small) {
    fputs(small, f);
    return;
  }
  char *big = malloc(n + 1);
  if (!big) xa_nomem();
  tm_print(c, t, big, n + 1);
  fputs(big, f);
  free(big);
}

static size_t conj_atoms(tm_ctx *c, isa_term t, isa_term *out, size_t max) {
  isa_term st[64];
  size_t n = 0, k = 0;
  st[n++] = t;
  for (unsigned steps = 0; n && steps < 512; steps++) {
    isa_term y = st[--n];
    if (c->n[y].kind == ISA_OP_LAND && n + 2 <= 64) {
      st[n++] = c->n[y].a[0];
      st[n++] = c->n[y].a[1];
    } else if (k < max)
      out[k++] = y;
  }
  return k;
}

/* Is every atom of x's ∧-chain among xs[0..nx)?  False when the chain is
 * too long to walk (only "yes" is used, so giving up is safe). */
static bool chain_within(tm_ctx *c, isa_term x, const isa_term *xs, size_t nx) {
  isa_term st[32];
  size_t n = 0;
  st[n++] = x;
  for (unsigned steps = 0; n; steps++) {
    if (steps >= 256) return false;
    isa_term y = st[--n];
    if (c->n[y].kind == ISA_OP_LAND) {
      if (n + 2 > 32) return false;
      st[n++] = c->n[y].a[0];
      st[n++] = c->n[y].a[1];
      continue;
    }
    size_t i = 0;
    while (i < nx && xs[i] != y) i++;
    if (i == nx) return false;
  }
  return true;
}

bool tm_conj_contradicts(tm_ctx *c, isa_term a, isa_term b) {
  isa_term xs[128], ys[128];
  size_t nx = conj_atoms(c, a, xs, 128), ny = conj_atoms(c, b, ys, 128);
  /* ¬X on one side where the other has all of X's conjuncts (a split's ρ
   * is often the negation of a conjunction n already has, e.g. ¬φ of a
   * candidate invariant carried back by Pre) */
  for (int side = 0; side < 2; side++) {
    const isa_term *us = side ? xs : ys, *vs = side ? ys : xs;
    size_t nu = side ? nx : ny, nv = side ? ny : nx;
    for (size_t j = 0; j < nu; j++)
      if (c->n[us[j]].kind == ISA_OP_LNOT && chain_within(c, c->n[us[j]].a[0], vs, nv)) return true;
  }
  for (size_t i = 0; i < nx; i++)
    for (size_t j = 0; j < ny; j++) {
      const tm_node *p = &c->n[xs[i]], *q = &c->n[ys[j]];
      if (complement(c, xs[i], ys[j])) return true;
      if (p->kind == ISA_OP_EQ && q->kind == ISA_OP_EQ && p->a[0] == q->a[0] && c->n[p->a[1]].kind == TM_CONST &&
          c->n[q->a[1]].kind == TM_CONST && p->a[1] != q->a[1])
        return true;
    }
  return false;
}

isa_term tm_mem_word(tm_ctx *c, isa_term mem, isa_term addr, unsigned nbytes, bool big_endian) {
  isa_term w = 0;
  for (unsigned i = 0; i < nbytes; i++) {
    isa_term b = tm_app2(c, ISA_OP_SELECT, mem, tm_app2(c, ISA_OP_ADD, addr, tm_const(c, i, c->addr_bits)));
    w = !w ? b : big_endian ? tm_app2(c, ISA_OP_CONCAT, w, b) : tm_app2(c, ISA_OP_CONCAT, b, w);
  }
  return w;
}

isa_term tm_conj_ground(tm_ctx *c, isa_term t) {
  isa_term xs[128];
  size_t nx = conj_atoms(c, t, xs, 128);
  isa_term *map = NULL, facts = 0;
  for (size_t i = 0; i < nx; i++) {
    const tm_node *p = &c->n[xs[i]];
    if (p->kind != ISA_OP_EQ) continue;
    isa_term x = p->a[0], k = p->a[1];
    if (c->n[x].kind == TM_CONST) x = p->a[1], k = p->a[0];
    if (c->n[x].kind != TM_VAR || c->n[k].kind != TM_CONST) continue;
    if (!map) {
      map = calloc(c->nvars + 1, sizeof *map);
      if (!map) xa_nomem();
    }
    uint64_t v = c->n[x].val;
    if (map[v]) continue; /* a second value: the conjunction is false, and Z3 says so */
    map[v] = k;
    facts = facts ? tm_app2(c, ISA_OP_LAND, facts, xs[i]) : xs[i];
  }
  if (!map) return t;
  isa_term r = tm_subst(c, t, map);
  free(map);
  return tm_app2(c, ISA_OP_LAND, facts, r);
}
