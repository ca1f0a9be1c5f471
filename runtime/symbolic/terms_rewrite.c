/* terms_rewrite.c — the rewrites tm_app applies past constant folding
 * (terms.h lists them), and the conjunction tests built on the same facts
 * (tm_conj_contradicts, tm_conj_ground). */
#include "terms_impl.h"

#include <stdlib.h>

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

#define SHADOW_MAX 64 /* stores looked through for one the new store overwrites */

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
  uint64_t all = x->sort == TM_BOOL ? 1 : tm_mask(x->sort);
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
    uint64_t v = x->val & tm_mask(w);
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
    uint64_t k = c->n[x->a[1]].val, msk = tm_mask(x->sort);
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
  *lo = (0 - off) & tm_mask(w);
  *len = c->n[x->a[0]].val;
  return true;
}

static isa_term mk_out_range(tm_ctx *c, isa_term d, uint64_t lo, uint64_t len) {
  unsigned w = c->n[d].sort;
  if (!len) return tm_app1(c, ISA_OP_LNOT, tm_app2(c, ISA_OP_EQ, d, tm_const(c, lo, w)));
  return tm_app2(c, ISA_OP_ULT, tm_const(c, len, w), tm_app2(c, ISA_OP_ADD, d, tm_const(c, (0 - lo) & tm_mask(w), w)));
}

/* a ∧ b as one range fact when both are range facts about one d whose
 * intervals touch or overlap; 0 if they do not merge */
static isa_term merge_ranges(tm_ctx *c, isa_term a, isa_term b) {
  isa_term da, db;
  uint64_t la, na, lb, nb;
  if (!out_range(c, a, &da, &la, &na) || !out_range(c, b, &db, &lb, &nb) || da != db) return 0;
  unsigned w = c->n[da].sort;
  if (w > 62) return 0; /* the interval arithmetic below needs two spare bits */
  uint64_t m = tm_mask(w);
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
isa_term tm_rewrite(tm_ctx *c, isa_op op, unsigned sort, isa_term *a, unsigned n, unsigned p0, unsigned p1) {
  unsigned w = c->n[a[0]].sort; /* operand width */
  uint64_t m = tm_mask(w);
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
      /* a rotation masked to one of its halves is a shift (PowerPC's
       * rlwinm: (x >> (w-k) | x << k) & -2^k is x << k) */
      const tm_node *x = &c->n[a[0]];
      if (x->kind == ISA_OP_OR)
        for (unsigned i = 0; i < 2; i++) {
          const tm_node *l = &c->n[x->a[i]], *r = &c->n[x->a[1 - i]];
          if (l->kind != ISA_OP_SHL || r->kind != ISA_OP_LSHR || l->a[0] != r->a[0] ||
              c->n[l->a[1]].kind != TM_CONST || c->n[r->a[1]].kind != TM_CONST)
            continue;
          uint64_t kl = c->n[l->a[1]].val, kr = c->n[r->a[1]].val;
          if (kl == 0 || kr == 0 || kl + kr != w) continue;
          uint64_t lowk = (1ull << kl) - 1; /* the bits x >> kr fills */
          if ((k1 & lowk) == 0)
            return k1 == (m & ~lowk) ? x->a[i] : tm_app2(c, ISA_OP_AND, x->a[i], a[1]);
          if ((k1 & ~lowk) == 0)
            return k1 == lowk ? x->a[1 - i] : tm_app2(c, ISA_OP_AND, x->a[1 - i], a[1]);
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
    if (x->kind == ISA_OP_SEXT && p0 < c->n[x->a[0]].sort) return tm_extract(c, x->a[0], p0, p1);
    /* the low bits of a sum or product are those of the operands' low
     * bits: a 32-bit multiply done on sign-extended 64-bit operands (imul)
     * is the 32-bit product, which the solver can normalise with the
     * program's other products */
    if (p1 == 0 && (x->kind == ISA_OP_ADD || x->kind == ISA_OP_SUB || x->kind == ISA_OP_MUL)) {
      bool narrow = true;
      for (unsigned i = 0; i < 2 && narrow; i++) {
        const tm_node *y = &c->n[x->a[i]];
        narrow = y->kind == TM_CONST ||
                 ((y->kind == ISA_OP_SEXT || y->kind == ISA_OP_ZEXT) && p0 < c->n[y->a[0]].sort);
      }
      if (narrow)
        return tm_app2(c, (isa_op)x->kind, tm_extract(c, x->a[0], p0, 0), tm_extract(c, x->a[1], p0, 0));
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
    return tm_mk(c, op, sort, t, 2, 0, 0);
  }
  case ISA_OP_STORE: {
    const tm_node *x = &c->n[a[0]];
    /* overwritten, just below or further down below stores to addresses
     * provably different: that store goes and the ones above it are made
     * again on what it stored into.  A loop that updates a few words of its frame
     * (every variable of -O0 code) then keeps a chain as long as its words,
     * not one as long as the run: a witness of a million steps is replayed
     * symbolically with reads that find their store at once */
    if (x->kind == ISA_OP_STORE) {
      isa_term above[SHADOW_MAX];
      unsigned na = 0;
      isa_term at = a[0];
      while (na < SHADOW_MAX && c->n[at].kind == ISA_OP_STORE) {
        int r = addr_cmp(c, c->n[at].a[1], a[1]);
        if (r == -1) break;
        if (r == 1) {
          isa_term base = c->n[at].a[0];
          while (na) {
            const tm_node *y = &c->n[above[--na]];
            isa_term t[3] = {base, y->a[1], y->a[2]};
            base = tm_mk(c, op, sort, t, 3, 0, 0);
          }
          isa_term t[3] = {base, a[1], a[2]};
          return tm_mk(c, op, sort, t, 3, 0, 0);
        }
        above[na++] = at;
        at = c->n[at].a[0];
      }
    }
    /* storing back what is there changes nothing */
    const tm_node *v = &c->n[a[2]];
    if (v->kind == ISA_OP_SELECT && v->a[0] == a[0] && v->a[1] == a[1]) return a[0];
    break;
  }
  default:
    break;
  }
  return tm_mk(c, op, sort, a, n, op == ISA_OP_EXTRACT || op == ISA_OP_ZEXT || op == ISA_OP_SEXT ? p0 : 0,
            op == ISA_OP_EXTRACT ? p1 : 0);
}

/* ---- conjunctions ----------------------------------------------------------- */

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
