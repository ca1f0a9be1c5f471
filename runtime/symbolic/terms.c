/* terms.c — the hash-consed node table, variables, constant folding and
 * construction (tm_app); the rewrites are terms_rewrite.c's. */
#include "terms_impl.h"

#include <stdlib.h>
#include <string.h>

static int64_t sx(uint64_t v, unsigned w) {
  uint64_t s = (uint64_t)1 << (w - 1);
  v &= tm_mask(w);
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
  x.val = width == TM_BOOL ? (value != 0) : value & tm_mask(width);
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
uint64_t tm_fold(isa_op op, const uint64_t *v, unsigned w, unsigned p0, unsigned p1, unsigned w2) {
  uint64_t a = v[0], b = v[1], m = tm_mask(w);
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
  case ISA_OP_EXTRACT: return (a >> p1) & tm_mask(p0 - p1 + 1);
  case ISA_OP_CONCAT: return (w2 >= 64 ? 0 : a << w2) | b;
  case ISA_OP_ZEXT: return a;
  case ISA_OP_SEXT: return (uint64_t)sx(a, w) & tm_mask(p0);
  case ISA_OP_BOOL2BV: return a != 0;
  default: return 0;
  }
}

/* ---- construction (the rewrites: terms_rewrite.c) --------------------------- */

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

isa_term tm_mk(tm_ctx *c, isa_op op, unsigned sort, const isa_term *a, unsigned n, unsigned p0, unsigned p1) {
  tm_node x = {0};
  x.kind = (uint8_t)op;
  x.sort = (uint8_t)sort;
  x.nargs = (uint8_t)n;
  x.p0 = (uint8_t)p0;
  x.p1 = (uint8_t)p1;
  for (unsigned i = 0; i < n; i++) x.a[i] = a[i];
  return intern(c, &x);
}

static bool commutative(isa_op op) {
  return op == ISA_OP_ADD || op == ISA_OP_MUL || op == ISA_OP_AND || op == ISA_OP_OR || op == ISA_OP_XOR ||
         op == ISA_OP_EQ || op == ISA_OP_LAND || op == ISA_OP_LOR || op == ISA_OP_LXOR || op == ISA_OP_IFF;
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
    return tm_const(c, tm_fold(op, v, w, p0, p1, n > 1 ? c->n[a[1]].sort : 0), sort);
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
    return tm_mk(c, op, sort, a, n, op == ISA_OP_EXTRACT || op == ISA_OP_ZEXT || op == ISA_OP_SEXT ? p0 : 0,
              op == ISA_OP_EXTRACT ? p1 : 0);
  c->rw_depth++;
  isa_term r = tm_rewrite(c, op, sort, a, n, p0, p1);
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

isa_term tm_mem_word(tm_ctx *c, isa_term mem, isa_term addr, unsigned nbytes, bool big_endian) {
  isa_term w = 0;
  for (unsigned i = 0; i < nbytes; i++) {
    isa_term b = tm_app2(c, ISA_OP_SELECT, mem, tm_app2(c, ISA_OP_ADD, addr, tm_const(c, i, c->addr_bits)));
    w = !w ? b : big_endian ? tm_app2(c, ISA_OP_CONCAT, w, b) : tm_app2(c, ISA_OP_CONCAT, b, w);
  }
  return w;
}
