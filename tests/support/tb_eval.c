/* tb_eval.c — test term builder: construction with sort checks, evaluation
 * with SMT-LIB semantics, and an infix printer.  See tb_eval.h. */
#include "tb_eval.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct tbe_node {
  unsigned kind;  /* isa_op, TBE_CONST, TBE_VAR */
  unsigned width; /* 0 bool, 1..64, TBE_MEM */
  unsigned aw;    /* memories: address width */
  unsigned nargs;
  size_t arg0;    /* first argument in tbe.args */
  unsigned p0, p1;
  uint64_t value; /* CONST: value; VAR: variable number */
  char *name;     /* VAR */
} tbe_node;

struct tbe {
  tbe_node *n;
  size_t nn, ncap;
  isa_term *args;
  size_t na, acap;
  unsigned nvars;
  /* evaluation cache, valid where cep[t] == epoch */
  uint64_t *cval;
  uint32_t *cep;
  size_t ccap;
  uint32_t epoch;
  bool has_err;
  char err[512];
};

/* ---- helpers ------------------------------------------------------------ */

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) {
    fprintf(stderr, "tb_eval: out of memory\n");
    abort();
  }
  return q;
}

static uint64_t mask(unsigned w) {
  if (w == 0) return 1;
  if (w >= 64) return ~(uint64_t)0;
  return ((uint64_t)1 << w) - 1;
}

static bool msb(uint64_t v, unsigned w) { return (v >> (w - 1)) & 1; }

static int64_t sval(uint64_t v, unsigned w) {
  v &= mask(w);
  if (w < 64 && msb(v, w)) v |= ~mask(w);
  return (int64_t)v;
}

static void fail(tbe *b, const char *fmt, ...) {
  if (b->has_err) return;
  b->has_err = true;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(b->err, sizeof b->err, fmt, ap);
  va_end(ap);
}

static isa_term push_node(tbe *b, tbe_node nd) {
  if (b->nn == b->ncap) {
    b->ncap = b->ncap ? b->ncap * 2 : 256;
    b->n = xrealloc(b->n, b->ncap * sizeof *b->n);
  }
  b->n[b->nn] = nd;
  return (isa_term)b->nn++;
}

static const isa_term *args_of(const tbe *b, isa_term t) { return b->args + b->n[t].arg0; }

/* ---- construction ------------------------------------------------------- */

tbe *tbe_new(void) {
  tbe *b = xrealloc(NULL, sizeof *b);
  memset(b, 0, sizeof *b);
  tbe_node unused = {.kind = TBE_CONST, .width = 1};
  push_node(b, unused); /* handle 0 is never valid */
  b->epoch = 1;
  return b;
}

void tbe_free(tbe *b) {
  if (!b) return;
  for (size_t i = 0; i < b->nn; i++) free(b->n[i].name);
  free(b->n);
  free(b->args);
  free(b->cval);
  free(b->cep);
  free(b);
}

const char *tbe_error(const tbe *b) { return b->has_err ? b->err : NULL; }
size_t tbe_count(const tbe *b) { return b->nn - 1; }
int tbe_valid(const tbe *b, isa_term t) { return t != 0 && t < b->nn; }
unsigned tbe_width(const tbe *b, isa_term t) { return tbe_valid(b, t) ? b->n[t].width : 0; }
unsigned tbe_kind(const tbe *b, isa_term t) { return tbe_valid(b, t) ? b->n[t].kind : TBE_CONST; }

static char *dupstr(const char *s) {
  size_t k = strlen(s);
  char *d = xrealloc(NULL, k + 1);
  memcpy(d, s, k + 1);
  return d;
}

isa_term tbe_var(tbe *b, const char *name, unsigned width, unsigned *varno) {
  if (width > 64) fail(b, "tbe_var %s: width %u", name, width);
  tbe_node nd = {.kind = TBE_VAR, .width = width > 64 ? 64 : width, .value = b->nvars, .name = dupstr(name)};
  if (varno) *varno = b->nvars;
  b->nvars++;
  return push_node(b, nd);
}

isa_term tbe_memvar(tbe *b, const char *name, unsigned addr_width, unsigned *varno) {
  if (addr_width < 1 || addr_width > 64) fail(b, "tbe_memvar %s: address width %u", name, addr_width);
  tbe_node nd = {.kind = TBE_VAR, .width = TBE_MEM, .aw = addr_width, .value = b->nvars, .name = dupstr(name)};
  if (varno) *varno = b->nvars;
  b->nvars++;
  return push_node(b, nd);
}

isa_term tbe_const(tbe *b, uint64_t value, unsigned width) {
  if (width > 64) {
    fail(b, "konst: width %u", width);
    width = 64;
  }
  if (width == 0 && value > 1) fail(b, "konst: bool constant with value %llu", (unsigned long long)value);
  tbe_node nd = {.kind = TBE_CONST, .width = width, .value = value & mask(width)};
  return push_node(b, nd);
}

static const char *sort_name(unsigned w, char *buf, size_t n) {
  if (w == 0) snprintf(buf, n, "bool");
  else if (w == TBE_MEM) snprintf(buf, n, "mem");
  else snprintf(buf, n, "bv%u", w);
  return buf;
}

/* Checks one application; returns its result sort, or -1 (error recorded). */
static long check_app(tbe *b, isa_op op, const isa_term *a, unsigned n, unsigned p0, unsigned p1) {
  const char *name = tbe_op_name(op);
  unsigned arity = 0;
  bool nary = false;
  switch (op) {
  case ISA_OP_NOT: case ISA_OP_NEG: case ISA_OP_LNOT: case ISA_OP_EXTRACT:
  case ISA_OP_ZEXT: case ISA_OP_SEXT: case ISA_OP_BOOL2BV:
    arity = 1; break;
  case ISA_OP_LAND: case ISA_OP_LOR: case ISA_OP_LXOR:
    arity = 2; nary = true; break;
  case ISA_OP_ITE: case ISA_OP_STORE:
    arity = 3; break;
  default:
    if ((unsigned)op >= ISA_OP_COUNT) {
      fail(b, "app: unknown operator %u", (unsigned)op);
      return -1;
    }
    arity = 2;
  }
  if (nary ? n < arity : n != arity) {
    fail(b, "%s: %u arguments, expected %s%u", name, n, nary ? "at least " : "", arity);
    return -1;
  }
  if (!a && n) {
    fail(b, "%s: NULL argument array", name);
    return -1;
  }
  for (unsigned i = 0; i < n; i++)
    if (!tbe_valid(b, a[i])) {
      fail(b, "%s: argument %u is not a term (%u)", name, i, (unsigned)a[i]);
      return -1;
    }
  unsigned w[3] = {0, 0, 0};
  for (unsigned i = 0; i < n && i < 3; i++) w[i] = b->n[a[i]].width;
  char s0[16], s1[16], s2[16];
  const bool bv0 = w[0] >= 1 && w[0] <= 64, bv1 = w[1] >= 1 && w[1] <= 64;
  switch (op) {
  case ISA_OP_NOT: case ISA_OP_NEG:
    if (!bv0) break;
    return w[0];
  case ISA_OP_ADD: case ISA_OP_SUB: case ISA_OP_MUL: case ISA_OP_UDIV: case ISA_OP_UREM:
  case ISA_OP_SDIV: case ISA_OP_SREM: case ISA_OP_AND: case ISA_OP_OR: case ISA_OP_XOR:
  case ISA_OP_SHL: case ISA_OP_LSHR: case ISA_OP_ASHR:
    if (!bv0 || w[0] != w[1]) break;
    return w[0];
  case ISA_OP_EQ: case ISA_OP_ULT: case ISA_OP_ULE: case ISA_OP_SLT: case ISA_OP_SLE:
    if (!bv0 || w[0] != w[1]) break;
    return 0;
  case ISA_OP_LNOT:
    if (w[0] != 0) break;
    return 0;
  case ISA_OP_LAND: case ISA_OP_LOR: case ISA_OP_LXOR: case ISA_OP_IFF:
    for (unsigned i = 0; i < n; i++)
      if (b->n[a[i]].width != 0) {
        fail(b, "%s: argument %u is %s, expected bool", name, i, sort_name(b->n[a[i]].width, s0, sizeof s0));
        return -1;
      }
    return 0;
  case ISA_OP_ITE:
    if (w[0] != 0 || w[1] != w[2]) break;
    if (w[1] == TBE_MEM && b->n[a[1]].aw != b->n[a[2]].aw) break;
    return w[1];
  case ISA_OP_EXTRACT:
    if (!bv0 || p0 >= w[0] || p1 > p0) {
      fail(b, "extract[%u:%u] of %s", p0, p1, sort_name(w[0], s0, sizeof s0));
      return -1;
    }
    return p0 - p1 + 1;
  case ISA_OP_CONCAT:
    if (!bv0 || !bv1 || w[0] + w[1] > 64) break;
    return w[0] + w[1];
  case ISA_OP_ZEXT: case ISA_OP_SEXT:
    if (!bv0 || p0 < w[0] || p0 > 64) {
      fail(b, "%s to %u of %s", name, p0, sort_name(w[0], s0, sizeof s0));
      return -1;
    }
    return p0;
  case ISA_OP_BOOL2BV:
    if (w[0] != 0) break;
    return 1;
  case ISA_OP_SELECT:
    if (w[0] != TBE_MEM || w[1] != b->n[a[0]].aw) break;
    return 8;
  case ISA_OP_STORE:
    if (w[0] != TBE_MEM || w[1] != b->n[a[0]].aw || w[2] != 8) break;
    return TBE_MEM;
  default:
    break;
  }
  fail(b, "%s: ill-sorted arguments (%s%s%s%s%s) p0=%u p1=%u", name, sort_name(w[0], s0, sizeof s0),
       n > 1 ? ", " : "", n > 1 ? sort_name(w[1], s1, sizeof s1) : "", n > 2 ? ", " : "",
       n > 2 ? sort_name(w[2], s2, sizeof s2) : "", p0, p1);
  return -1;
}

isa_term tbe_app(tbe *b, isa_op op, const isa_term *args, unsigned nargs, unsigned p0, unsigned p1) {
  long sort = check_app(b, op, args, nargs, p0, p1);
  if (sort < 0) return tbe_const(b, 0, 1); /* placeholder; tbe_error says why */
  if (b->na + nargs > b->acap) {
    while (b->na + nargs > b->acap) b->acap = b->acap ? b->acap * 2 : 512;
    b->args = xrealloc(b->args, b->acap * sizeof *b->args);
  }
  size_t arg0 = b->na;
  memcpy(b->args + b->na, args, nargs * sizeof *args);
  b->na += nargs;
  tbe_node nd = {.kind = (unsigned)op, .width = (unsigned)sort, .nargs = nargs, .arg0 = arg0, .p0 = p0, .p1 = p1};
  if (sort == TBE_MEM) nd.aw = b->n[args[op == ISA_OP_ITE ? 1 : 0]].aw;
  if (op != ISA_OP_EXTRACT && op != ISA_OP_ZEXT && op != ISA_OP_SEXT) nd.p0 = nd.p1 = 0;
  return push_node(b, nd);
}

static isa_term cb_konst(void *ctx, uint64_t value, unsigned width) { return tbe_const(ctx, value, width); }
static isa_term cb_app(void *ctx, isa_op op, const isa_term *args, unsigned nargs, unsigned p0, unsigned p1) {
  return tbe_app(ctx, op, args, nargs, p0, p1);
}

isa_tb tbe_builder(tbe *b) {
  isa_tb tb = {b, cb_konst, cb_app};
  return tb;
}

/* ---- semantics ------------------------------------------------------------ */

uint64_t tbe_apply_bv(isa_op op, unsigned w, uint64_t a, uint64_t b) {
  const uint64_t m = mask(w);
  a &= m;
  b &= m;
  switch (op) {
  case ISA_OP_NOT: return ~a & m;
  case ISA_OP_NEG: return (0 - a) & m;
  case ISA_OP_ADD: return (a + b) & m;
  case ISA_OP_SUB: return (a - b) & m;
  case ISA_OP_MUL: return (a * b) & m;
  case ISA_OP_UDIV: return b == 0 ? m : a / b;
  case ISA_OP_UREM: return b == 0 ? a : a % b;
  case ISA_OP_SDIV: {
    /* bvsdiv: divide magnitudes, negate when the signs differ (b = 0 gives
     * all ones for a >= 0 and 1 for a < 0, as udiv by 0 is all ones) */
    bool na = msb(a, w), nb = msb(b, w);
    uint64_t ua = na ? (0 - a) & m : a, ub = nb ? (0 - b) & m : b;
    uint64_t q = ub == 0 ? m : ua / ub;
    return na != nb ? (0 - q) & m : q;
  }
  case ISA_OP_SREM: {
    /* bvsrem: the sign follows the dividend (b = 0 gives a) */
    bool na = msb(a, w), nb = msb(b, w);
    uint64_t ua = na ? (0 - a) & m : a, ub = nb ? (0 - b) & m : b;
    uint64_t r = ub == 0 ? ua : ua % ub;
    return na ? (0 - r) & m : r;
  }
  case ISA_OP_AND: return a & b;
  case ISA_OP_OR: return a | b;
  case ISA_OP_XOR: return a ^ b;
  case ISA_OP_SHL: return b >= w ? 0 : (a << b) & m;
  case ISA_OP_LSHR: return b >= w ? 0 : a >> b;
  case ISA_OP_ASHR:
    if (b >= w) return msb(a, w) ? m : 0;
    return ((uint64_t)(sval(a, w) >> b)) & m;
  case ISA_OP_EQ: return a == b;
  case ISA_OP_ULT: return a < b;
  case ISA_OP_ULE: return a <= b;
  case ISA_OP_SLT: return sval(a, w) < sval(b, w);
  case ISA_OP_SLE: return sval(a, w) <= sval(b, w);
  default: return 0;
  }
}

static uint64_t ev(tbe *b, isa_term t, const tbe_env *env);

/* Byte at addr of the memory view reached from memory term m. */
static uint64_t select_byte(tbe *b, isa_term m, uint64_t addr, const tbe_env *env) {
  isa_term v = (isa_term)ev(b, m, env);
  for (;;) {
    const tbe_node *nd = &b->n[v];
    if (nd->kind == TBE_VAR) {
      if (!env->mem_byte) return 0;
      return env->mem_byte(env->mem_ctx, (unsigned)nd->value, addr);
    }
    if (nd->kind != ISA_OP_STORE) return 0; /* not reachable for well-sorted terms */
    const isa_term *a = args_of(b, v);
    if (ev(b, a[1], env) == addr) return ev(b, a[2], env);
    v = (isa_term)ev(b, a[0], env);
  }
}

static uint64_t ev(tbe *b, isa_term t, const tbe_env *env) {
  if (b->cep[t] == b->epoch) return b->cval[t];
  const tbe_node nd = b->n[t]; /* by value: b->n does not move during evaluation */
  const isa_term *a = args_of(b, t);
  const unsigned w = nd.width;
  uint64_t r = 0;
  switch (nd.kind) {
  case TBE_CONST:
    r = nd.value;
    break;
  case TBE_VAR:
    r = w == TBE_MEM ? t : (env->vars ? env->vars[nd.value] & mask(w) : 0);
    break;
  case ISA_OP_ITE:
    r = ev(b, a[0], env) ? ev(b, a[1], env) : ev(b, a[2], env);
    break;
  case ISA_OP_STORE:
    r = t;
    break;
  case ISA_OP_SELECT:
    r = select_byte(b, a[0], ev(b, a[1], env), env) & 0xFF;
    break;
  case ISA_OP_LNOT:
    r = !ev(b, a[0], env);
    break;
  case ISA_OP_LAND:
    r = 1;
    for (unsigned i = 0; i < nd.nargs; i++) r &= ev(b, a[i], env);
    break;
  case ISA_OP_LOR:
    r = 0;
    for (unsigned i = 0; i < nd.nargs; i++) r |= ev(b, a[i], env);
    break;
  case ISA_OP_LXOR:
    r = 0;
    for (unsigned i = 0; i < nd.nargs; i++) r ^= ev(b, a[i], env);
    break;
  case ISA_OP_IFF:
    r = ev(b, a[0], env) == ev(b, a[1], env);
    break;
  case ISA_OP_EXTRACT:
    r = (ev(b, a[0], env) >> nd.p1) & mask(w);
    break;
  case ISA_OP_CONCAT: {
    unsigned wl = b->n[a[1]].width;
    r = ((ev(b, a[0], env) << wl) | ev(b, a[1], env)) & mask(w);
    break;
  }
  case ISA_OP_ZEXT:
    r = ev(b, a[0], env);
    break;
  case ISA_OP_SEXT:
    r = (uint64_t)sval(ev(b, a[0], env), b->n[a[0]].width) & mask(w);
    break;
  case ISA_OP_BOOL2BV:
    r = ev(b, a[0], env) & 1;
    break;
  case ISA_OP_NOT: case ISA_OP_NEG:
    r = tbe_apply_bv((isa_op)nd.kind, w, ev(b, a[0], env), 0);
    break;
  default: { /* binary bit-vector operators and comparisons */
    unsigned aw = b->n[a[0]].width;
    uint64_t x = ev(b, a[0], env), y = ev(b, a[1], env);
    r = tbe_apply_bv((isa_op)nd.kind, aw, x, y);
    break;
  }
  }
  b->cval[t] = r;
  b->cep[t] = b->epoch;
  return r;
}

/* Starts a new evaluation: grows the cache and invalidates it. */
static void begin_eval(tbe *b) {
  if (b->ccap < b->nn) {
    size_t old = b->ccap;
    b->ccap = b->nn;
    b->cval = xrealloc(b->cval, b->ccap * sizeof *b->cval);
    b->cep = xrealloc(b->cep, b->ccap * sizeof *b->cep);
    memset(b->cep + old, 0, (b->ccap - old) * sizeof *b->cep);
  }
  if (++b->epoch == 0) {
    memset(b->cep, 0, b->ccap * sizeof *b->cep);
    b->epoch = 1;
  }
}

tbe_value tbe_eval(tbe *b, isa_term t, const tbe_env *env) {
  tbe_value v = {0, 0, 0};
  if (!tbe_valid(b, t)) return v;
  begin_eval(b);
  v.width = b->n[t].width;
  uint64_t r = ev(b, t, env);
  if (v.width == TBE_MEM) v.view = (isa_term)r;
  else v.bits = r & mask(v.width);
  return v;
}

uint8_t tbe_mem_read(tbe *b, isa_term m, uint64_t addr, const tbe_env *env) {
  if (!tbe_valid(b, m) || b->n[m].width != TBE_MEM) return 0;
  begin_eval(b);
  return (uint8_t)select_byte(b, m, addr & mask(b->n[m].aw), env);
}

size_t tbe_mem_writes(tbe *b, isa_term m, const tbe_env *env, uint64_t *out, size_t max) {
  if (!tbe_valid(b, m) || b->n[m].width != TBE_MEM) return 0;
  begin_eval(b);
  size_t k = 0;
  isa_term v = (isa_term)ev(b, m, env);
  while (b->n[v].kind == ISA_OP_STORE) {
    const isa_term *a = args_of(b, v);
    uint64_t addr = ev(b, a[1], env);
    if (k < max) out[k] = addr;
    k++;
    v = (isa_term)ev(b, a[0], env);
  }
  return k;
}

/* ---- printing -------------------------------------------------------------- */

const char *tbe_op_name(unsigned kind) {
  static const char *const names[] = {
      [ISA_OP_NOT] = "~",       [ISA_OP_NEG] = "-",      [ISA_OP_ADD] = "+",         [ISA_OP_SUB] = "-",
      [ISA_OP_MUL] = "*",       [ISA_OP_UDIV] = "/u",    [ISA_OP_UREM] = "%u",       [ISA_OP_SDIV] = "/s",
      [ISA_OP_SREM] = "%s",     [ISA_OP_AND] = "&",      [ISA_OP_OR] = "|",          [ISA_OP_XOR] = "^",
      [ISA_OP_SHL] = "<<",      [ISA_OP_LSHR] = ">>u",   [ISA_OP_ASHR] = ">>s",      [ISA_OP_EQ] = "==",
      [ISA_OP_ULT] = "<u",      [ISA_OP_ULE] = "<=u",    [ISA_OP_SLT] = "<s",        [ISA_OP_SLE] = "<=s",
      [ISA_OP_LNOT] = "!",      [ISA_OP_LAND] = "&&",    [ISA_OP_LOR] = "||",        [ISA_OP_LXOR] = "^^",
      [ISA_OP_IFF] = "<=>",     [ISA_OP_ITE] = "ite",    [ISA_OP_EXTRACT] = "extract", [ISA_OP_CONCAT] = "++",
      [ISA_OP_ZEXT] = "zext",   [ISA_OP_SEXT] = "sext",  [ISA_OP_BOOL2BV] = "bool2bv", [ISA_OP_SELECT] = "select",
      [ISA_OP_STORE] = "store", [TBE_CONST] = "const",   [TBE_VAR] = "var",
  };
  if (kind < sizeof names / sizeof names[0] && names[kind]) return names[kind];
  return "?";
}

static int pr(const tbe *b, isa_term t, FILE *f, unsigned *budget) {
  if (!tbe_valid(b, t)) return fprintf(f, "<bad term %u>", (unsigned)t);
  if (*budget == 0) return fprintf(f, "...");
  (*budget)--;
  const tbe_node *nd = &b->n[t];
  const isa_term *a = args_of(b, t);
  const char *op = tbe_op_name(nd->kind);
  int k = 0;
  switch (nd->kind) {
  case TBE_CONST:
    if (nd->width == 0) return fprintf(f, "%s", nd->value ? "true" : "false");
    return fprintf(f, "0x%llx:%u", (unsigned long long)nd->value, nd->width);
  case TBE_VAR:
    return fprintf(f, "%s", nd->name);
  case ISA_OP_NOT: case ISA_OP_NEG: case ISA_OP_LNOT:
    k += fprintf(f, "%s", op);
    k += pr(b, a[0], f, budget);
    return k;
  case ISA_OP_ITE:
    k += fprintf(f, "(");
    k += pr(b, a[0], f, budget);
    k += fprintf(f, " ? ");
    k += pr(b, a[1], f, budget);
    k += fprintf(f, " : ");
    k += pr(b, a[2], f, budget);
    return k + fprintf(f, ")");
  case ISA_OP_EXTRACT:
    k += pr(b, a[0], f, budget);
    return k + fprintf(f, "[%u:%u]", nd->p0, nd->p1);
  case ISA_OP_ZEXT: case ISA_OP_SEXT:
    k += fprintf(f, "%s%u(", op, nd->p0);
    k += pr(b, a[0], f, budget);
    return k + fprintf(f, ")");
  case ISA_OP_BOOL2BV:
    k += fprintf(f, "bv1(");
    k += pr(b, a[0], f, budget);
    return k + fprintf(f, ")");
  case ISA_OP_SELECT:
    k += pr(b, a[0], f, budget);
    k += fprintf(f, "[");
    k += pr(b, a[1], f, budget);
    return k + fprintf(f, "]");
  case ISA_OP_STORE:
    k += pr(b, a[0], f, budget);
    k += fprintf(f, "{");
    k += pr(b, a[1], f, budget);
    k += fprintf(f, " := ");
    k += pr(b, a[2], f, budget);
    return k + fprintf(f, "}");
  default: /* infix, n-ary for the logical operators */
    k += fprintf(f, "(");
    for (unsigned i = 0; i < nd->nargs; i++) {
      if (i) k += fprintf(f, " %s ", op);
      k += pr(b, a[i], f, budget);
    }
    return k + fprintf(f, ")");
  }
}

int tbe_print(const tbe *b, isa_term t, FILE *f, unsigned max_nodes) {
  unsigned budget = max_nodes;
  return pr(b, t, f, &budget);
}
