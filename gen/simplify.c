/* simplify.c — fold what is known at generation time (see simplify.h).
 *
 * Helpers are inlined by sema with their arguments bound to locals, so a call
 * such as alu(ADD, a, b) leaves `op = 0` and every arm of alu's if-chain in
 * the instruction.  Nothing here is x86-specific: a forward pass tracks which
 * locals hold constants, folds, and prunes; a backward pass drops stores to
 * locals nobody reads.  Expressions may be shared between statements (sema
 * reuses an address for the load and the store of a read-modify-write), so
 * they are rebuilt, never changed in place.
 */
#include "simplify.h"

#include <stdlib.h>
#include <string.h>

typedef struct sp {
  md_spec *md;
  md_rule *r;
  const int *known; /* sp_special: the decoded choice at each alt slot, -1: any */
} sp;

/* A local's value along the current path: known constant or not. */
typedef struct sp_val {
  bool known;
  uint64_t v;
  int copy; /* it holds the same value as this other local, or -1 */
} sp_val;

static uint64_t sp_mask(int w) { return w <= 0 ? 1 : w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1); }
static int sp_bw(int w) { return w == TY_BOOL ? 1 : w; }

static int64_t sp_sx(uint64_t x, int w) {
  uint64_t s = (uint64_t)1 << (w - 1);
  x &= sp_mask(w);
  return (int64_t)((x ^ s) - s);
}

static ir_expr *sp_const(sp *P, int w, uint64_t v) {
  ir_expr *e = ar_alloc(P->md->ar, sizeof *e);
  e->op = IR_CONST;
  e->w = w;
  e->stat = true;
  e->val = v & sp_mask(sp_bw(w));
  return e;
}

/* The value of an operator on constants, exactly as emit.c's C computes it
 * (operands are already masked to their widths). */
static uint64_t sp_eval(ir_expr *e, const uint64_t *x) {
  int w = sp_bw(e->w);
  int kw = e->nk ? sp_bw(e->k[0]->w) : 0;
  uint64_t m = sp_mask(w);
  switch (e->op) {
  case IR_NOT: return ~x[0] & m;
  case IR_NEG: return (0 - x[0]) & m;
  case IR_ADD: return (x[0] + x[1]) & m;
  case IR_SUB: return (x[0] - x[1]) & m;
  case IR_MUL: return (x[0] * x[1]) & m;
  case IR_UDIV: return x[1] ? x[0] / x[1] : m;
  case IR_UREM: return x[1] ? x[0] % x[1] : x[0];
  case IR_SDIV:
  case IR_SREM: {
    int64_t a = sp_sx(x[0], w), b = sp_sx(x[1], w);
    if (!b) return e->op == IR_SDIV ? (a < 0 ? 1 : m) : x[0] & m;
    uint64_t ua = a < 0 ? 0 - (uint64_t)a : (uint64_t)a, ub = b < 0 ? 0 - (uint64_t)b : (uint64_t)b;
    if (e->op == IR_SDIV) {
      uint64_t q = ua / ub;
      return ((a < 0) != (b < 0) ? 0 - q : q) & m;
    }
    uint64_t r = ua % ub;
    return (a < 0 ? 0 - r : r) & m;
  }
  case IR_AND: return x[0] & x[1];
  case IR_OR: return x[0] | x[1];
  case IR_XOR: return x[0] ^ x[1];
  case IR_SHL: return x[1] >= (uint64_t)w ? 0 : (x[0] << x[1]) & m;
  case IR_LSHR: return x[1] >= (uint64_t)w ? 0 : x[0] >> x[1];
  case IR_ASHR: {
    int64_t a = sp_sx(x[0], w);
    uint64_t n = x[1] >= (uint64_t)w ? (uint64_t)w - 1 : x[1];
    return (uint64_t)(a < 0 ? ~(~a >> n) : a >> n) & m;
  }
  case IR_EQ: return x[0] == x[1];
  case IR_ULT: return x[0] < x[1];
  case IR_ULE: return x[0] <= x[1];
  case IR_SLT: return sp_sx(x[0], kw) < sp_sx(x[1], kw);
  case IR_SLE: return sp_sx(x[0], kw) <= sp_sx(x[1], kw);
  case IR_LNOT: return !x[0];
  case IR_LAND: return x[0] && x[1];
  case IR_LOR: return x[0] || x[1];
  case IR_LXOR: return x[0] != x[1];
  case IR_IFF: return x[0] == x[1];
  case IR_ITE: return x[0] ? x[1] : x[2];
  case IR_EXTRACT: return (x[0] >> e->b) & sp_mask(e->a - e->b + 1);
  case IR_CONCAT: return (x[0] << sp_bw(e->k[1]->w)) | x[1];
  case IR_ZEXT:
  case IR_BOOL2BV: return x[0];
  case IR_SEXT: return (uint64_t)sp_sx(x[0], kw) & m;
  case IR_INSERT: {
    int vw = sp_bw(e->k[1]->w);
    return (x[0] & ~(sp_mask(vw) << e->a)) | (x[1] << e->a);
  }
  default: return 0; /* leaves and alt are never evaluated here */
  }
}

static bool sp_expr_eq(const ir_expr *a, const ir_expr *b) {
  if (a == b) return true;
  if (a->op != b->op || a->w != b->w || a->a != b->a || a->b != b->b || a->val != b->val || a->nk != b->nk ||
      a->stat != b->stat)
    return false;
  for (int i = 0; i < a->nk; i++)
    if (!sp_expr_eq(a->k[i], b->k[i])) return false;
  return true;
}

static bool sp_block_eq(const ir_block *a, const ir_block *b);

static bool sp_stmt_eq(const ir_stmt *a, const ir_stmt *b) {
  if (a == b) return true;
  if (a->op != b->op || a->a != b->a || a->b != b->b || a->nbody != b->nbody) return false;
  for (int i = 0; i < 2; i++) {
    if (!a->e[i] != !b->e[i]) return false;
    if (a->e[i] && !sp_expr_eq(a->e[i], b->e[i])) return false;
  }
  if (!a->msg != !b->msg || (a->msg && strcmp(a->msg, b->msg) != 0)) return false;
  for (int i = 0; i < a->nbody; i++)
    if (!sp_block_eq(&a->body[i], &b->body[i])) return false;
  return true;
}

static bool sp_block_eq(const ir_block *a, const ir_block *b) {
  if (a->n != b->n) return false;
  for (int i = 0; i < a->n; i++)
    if (!sp_stmt_eq(a->s[i], b->s[i])) return false;
  return true;
}

static bool sp_has_load(const ir_expr *e) {
  if (e->op == IR_LOAD) return true;
  for (int i = 0; i < e->nk; i++)
    if (sp_has_load(e->k[i])) return true;
  return false;
}

/* ---- expressions --------------------------------------------------------------- */

/* e with known locals replaced and constants folded; e itself if nothing
 * changed. */
static bool sp_is(const ir_expr *e, uint64_t v) { return e->op == IR_CONST && e->val == v; }

/* Identities with one constant operand: the other operand, already masked to
 * the width, or NULL.  Only rewrites that evaluate the same loads in the
 * concrete step (C's && and || skip their right operand when the left one
 * decides). */
static ir_expr *sp_ident(sp *P, ir_expr *e, ir_expr **k) {
  int w = sp_bw(e->w);
  int kw = e->nk ? sp_bw(e->k[0]->w) : 0;
  switch (e->op) {
  case IR_ADD:
  case IR_OR:
  case IR_XOR:
    if (sp_is(k[0], 0)) return k[1];
    if (sp_is(k[1], 0)) return k[0];
    return NULL;
  case IR_SUB:
  case IR_SHL:
  case IR_LSHR:
  case IR_ASHR:
    return sp_is(k[1], 0) ? k[0] : NULL;
  case IR_AND:
    if (sp_is(k[0], sp_mask(w))) return k[1];
    if (sp_is(k[1], sp_mask(w))) return k[0];
    return NULL;
  case IR_LAND:
    if (sp_is(k[0], 1)) return k[1];
    if (sp_is(k[0], 0)) return k[0];
    if (sp_is(k[1], 1)) return k[0];
    return NULL;
  case IR_LOR:
    if (sp_is(k[0], 0)) return k[1];
    if (sp_is(k[0], 1)) return k[0];
    if (sp_is(k[1], 0)) return k[0];
    return NULL;
  /* comparisons the C compiler would call always true or false */
  case IR_EQ:
  case IR_IFF:
    if (sp_expr_eq(k[0], k[1]) && !sp_has_load(k[0])) return sp_const(P, e->w, 1);
    return NULL;
  case IR_LXOR:
    if (sp_expr_eq(k[0], k[1]) && !sp_has_load(k[0])) return sp_const(P, e->w, 0);
    return NULL;
  case IR_ULT: /* x < 0, max < x, x < x */
    if (sp_expr_eq(k[0], k[1]) && !sp_has_load(k[0])) return sp_const(P, e->w, 0);
    if ((sp_is(k[1], 0) && !sp_has_load(k[0])) || (sp_is(k[0], sp_mask(kw)) && !sp_has_load(k[1])))
      return sp_const(P, e->w, 0);
    return NULL;
  case IR_ULE: /* 0 <= x, x <= max, x <= x */
    if (sp_expr_eq(k[0], k[1]) && !sp_has_load(k[0])) return sp_const(P, e->w, 1);
    if ((sp_is(k[0], 0) && !sp_has_load(k[1])) || (sp_is(k[1], sp_mask(kw)) && !sp_has_load(k[0])))
      return sp_const(P, e->w, 1);
    return NULL;
  case IR_EXTRACT:
    return e->b == 0 && e->w == k[0]->w && e->a == sp_bw(k[0]->w) - 1 ? k[0] : NULL;
  case IR_ZEXT:
    return e->w == k[0]->w ? k[0] : NULL;
  case IR_ITE:
    return sp_expr_eq(k[1], k[2]) && !sp_has_load(k[0]) ? k[1] : NULL;
  default:
    return NULL;
  }
}

static ir_expr *sp_expr(sp *P, ir_expr *e, const sp_val *env) {
  /* a known choice: its alternative (the last one stands for any other, as
   * in the emitted table functions) */
  if (e->op == IR_ALT && P->known && P->known[e->a] >= 0)
    return sp_expr(P, e->k[P->known[e->a] < e->nk ? P->known[e->a] : e->nk - 1], env);
  if (e->op == IR_VAR) {
    if (!env) return e;
    if (env[e->a].known) return sp_const(P, e->w, env[e->a].v);
    if (env[e->a].copy >= 0) {
      ir_expr *c = ar_alloc(P->md->ar, sizeof *c);
      *c = *e;
      c->a = env[e->a].copy;
      return c;
    }
    return e;
  }
  if (!e->nk) return e;
  ir_expr *kbuf[8], **k = e->nk <= 8 ? kbuf : malloc(sizeof *k * (size_t)e->nk);
  if (!k) exit(3);
  bool changed = false, allc = true, allstat = true;
  ir_expr *k0 = sp_expr(P, e->k[0], env);
  /* ite on a known condition: only the arm taken (C's ?: and the symbolic
   * ite agree on it, and the other arm is never evaluated) */
  if (e->op == IR_ITE && k0->op == IR_CONST) {
    if (k != kbuf) free(k);
    return sp_expr(P, e->k[k0->val ? 1 : 2], env);
  }
  for (int i = 0; i < e->nk; i++) {
    k[i] = i ? sp_expr(P, e->k[i], env) : k0;
    changed |= k[i] != e->k[i];
    allc &= k[i]->op == IR_CONST;
    allstat &= k[i]->stat;
  }
  ir_expr *r = e;
  if (e->op == IR_ALT) {
    bool same = true;
    for (int i = 1; i < e->nk && same; i++) same = sp_expr_eq(k[0], k[i]);
    if (same) r = k[0];
  } else if (allc && e->op >= IR_NOT && e->op <= IR_INSERT) {
    uint64_t xbuf[8], *x = e->nk <= 8 ? xbuf : malloc(sizeof *x * (size_t)e->nk);
    if (!x) exit(3);
    for (int i = 0; i < e->nk; i++) x[i] = k[i]->val;
    r = sp_const(P, e->w, sp_eval(e, x));
    if (x != xbuf) free(x);
  } else {
    ir_expr *id = sp_ident(P, e, k);
    if (id) r = id;
  }
  if (r == e && changed) {
    r = ar_alloc(P->md->ar, sizeof *r);
    *r = *e;
    r->k = ar_alloc(P->md->ar, sizeof *r->k * (size_t)e->nk);
    memcpy(r->k, k, sizeof *k * (size_t)e->nk);
    /* an operator is static when its operands are (a load or a class element
     * with a static address or index is not) */
    if (allstat && e->op >= IR_NOT) r->stat = true;
  }
  if (k != kbuf) free(k);
  return r;
}

/* ---- statements: forward pass ------------------------------------------------------ */

static void sp_block(sp *P, ir_block *b, sp_val *env);

static void sp_push(sp *P, ir_block *b, ir_stmt *s) {
  if (b->n == b->cap) {
    int cap = b->cap ? b->cap * 2 : 8;
    ir_stmt **ns = ar_alloc(P->md->ar, sizeof *ns * (size_t)cap);
    if (b->n) memcpy(ns, b->s, sizeof *ns * (size_t)b->n);
    b->s = ns;
    b->cap = cap;
  }
  b->s[b->n++] = s;
}

static ir_stmt *sp_copy_stmt(sp *P, ir_stmt *s) {
  ir_stmt *c = ar_alloc(P->md->ar, sizeof *c);
  *c = *s;
  return c;
}

/* env after either of two paths: a local stays known only if both agree */
static void sp_meet(sp_val *into, const sp_val *other, int n) {
  for (int i = 0; i < n; i++) {
    if (!into[i].known || !other[i].known || into[i].v != other[i].v) into[i].known = false;
    if (into[i].copy != other[i].copy) into[i].copy = -1;
  }
}

static void sp_stmt(sp *P, ir_block *out, ir_stmt *s, sp_val *env) {
  int nl = P->r->nlocals;
  if (s->op == IR_S_ALT && P->known && P->known[s->a] >= 0) { /* a known choice: its arm, if any */
    if (P->known[s->a] < s->nbody)
      for (int i = 0; i < s->body[P->known[s->a]].n; i++) sp_stmt(P, out, s->body[P->known[s->a]].s[i], env);
    return;
  }
  ir_stmt *c = sp_copy_stmt(P, s);
  for (int i = 0; i < 2; i++)
    if (s->e[i]) c->e[i] = sp_expr(P, s->e[i], env);
  if (s->op == IR_S_IF && c->e[0]->op == IR_CONST) { /* the arm taken, in place of the if */
    ir_block *arm = &s->body[c->e[0]->val ? 0 : 1];
    for (int i = 0; i < arm->n; i++) sp_stmt(P, out, arm->s[i], env);
    return;
  }
  switch (s->op) {
  case IR_S_SETVAR: {
    ir_expr *v = c->e[0];
    ir_local **L = P->r->locals;
    for (int i = 0; i < nl; i++) /* copies of the old value are no longer copies */
      if (env[i].copy == s->a) env[i].copy = -1;
    env[s->a].known = v->op == IR_CONST;
    env[s->a].v = v->val;
    env[s->a].copy = v->op == IR_VAR && v->a != s->a && L[v->a]->w == L[s->a]->w && L[v->a]->stat == L[s->a]->stat
                         ? v->a
                         : -1;
    sp_push(P, out, c);
    return;
  }
  case IR_S_IF: /* the arms, each from its own copy of env */
  case IR_S_ALT: {
    sp_val *e0 = malloc(sizeof *e0 * (size_t)(nl + 1)), *ei = malloc(sizeof *ei * (size_t)(nl + 1));
    if (!e0 || !ei) exit(3);
    c->body = ar_alloc(P->md->ar, sizeof *c->body * (size_t)s->nbody);
    for (int k = 0; k < s->nbody; k++) {
      memcpy(k ? ei : e0, env, sizeof *env * (size_t)nl);
      c->body[k] = s->body[k]; /* sp_block reads it and builds the new one */
      sp_block(P, &c->body[k], k ? ei : e0);
      if (k) sp_meet(e0, ei, nl);
    }
    if (s->nbody) memcpy(env, e0, sizeof *env * (size_t)nl);
    free(e0);
    free(ei);
    if (s->op == IR_S_ALT && s->nbody > 0) {
      bool same = true;
      for (int k = 1; k < s->nbody && same; k++) same = sp_block_eq(&c->body[0], &c->body[k]);
      if (same) { /* every alternative does the same: no choice left */
        for (int i = 0; i < c->body[0].n; i++) sp_push(P, out, c->body[0].s[i]);
        return;
      }
    }
    sp_push(P, out, c);
    return;
  }
  default:
    sp_push(P, out, c);
    return;
  }
}

static void sp_block(sp *P, ir_block *b, sp_val *env) {
  ir_block in = *b;
  *b = (ir_block){0};
  for (int i = 0; i < in.n; i++) sp_stmt(P, b, in.s[i], env);
}

/* ---- dead stores: backward over uses --------------------------------------------- */

static void sp_reads_expr(const ir_expr *e, bool *rd) {
  if (e->op == IR_VAR) rd[e->a] = true;
  for (int i = 0; i < e->nk; i++) sp_reads_expr(e->k[i], rd);
}

static void sp_reads_block(const ir_block *b, bool *rd, bool *wr) {
  for (int i = 0; i < b->n; i++) {
    ir_stmt *s = b->s[i];
    for (int k = 0; k < 2; k++)
      if (s->e[k]) sp_reads_expr(s->e[k], rd);
    if (s->op == IR_S_SETVAR && wr) wr[s->a] = true;
    for (int k = 0; k < s->nbody; k++) sp_reads_block(&s->body[k], rd, wr);
  }
}

static void sp_reads_tpl(const ir_tpl *t, bool *rd) {
  if (!t) return;
  for (int i = 0; i < t->n; i++) {
    if (t->p[i].e) sp_reads_expr(t->p[i].e, rd);
    for (int k = 0; k < t->p[i].nalts; k++) sp_reads_tpl(t->p[i].alts[k], rd);
  }
}

/* Drop stores to unread locals (unless they load) and statements left with
 * nothing to do; true if anything was dropped. */
static bool sp_prune(ir_block *b, const bool *rd) {
  bool dropped = false;
  int n = 0;
  for (int i = 0; i < b->n; i++) {
    ir_stmt *s = b->s[i];
    for (int k = 0; k < s->nbody; k++) dropped |= sp_prune(&s->body[k], rd);
    bool dead = false;
    if (s->op == IR_S_SETVAR) dead = !rd[s->a] && !sp_has_load(s->e[0]);
    else if (s->op == IR_S_IF || s->op == IR_S_ALT) {
      dead = !(s->op == IR_S_IF && sp_has_load(s->e[0]));
      for (int k = 0; k < s->nbody && dead; k++) dead = s->body[k].n == 0;
    }
    if (dead) dropped = true;
    else b->s[n++] = s;
  }
  b->n = n;
  return dropped;
}

/* ---- templates ---------------------------------------------------------------------- */

static void sp_tpl(sp *P, ir_tpl *t) {
  if (!t) return;
  ir_tpl in = *t;
  ir_tpart *np = ar_alloc(P->md->ar, sizeof *np * (size_t)(in.n + 1));
  int n = 0, cap = in.n + 1;
  for (int i = 0; i < in.n; i++) {
    ir_tpart p = in.p[i];
    if (p.e) p.e = sp_expr(P, p.e, NULL);
    if (p.kind == IR_T_CHOICE && p.e->op == IR_CONST) { /* splice the arm taken */
      ir_tpl *arm = ar_alloc(P->md->ar, sizeof *arm); /* the original may be shared */
      *arm = *p.alts[p.e->val ? 0 : 1];
      sp_tpl(P, arm);
      if (n + arm->n + 1 > cap) {
        cap = 2 * (n + arm->n + 1);
        ir_tpart *g = ar_alloc(P->md->ar, sizeof *g * (size_t)cap);
        memcpy(g, np, sizeof *np * (size_t)n);
        np = g;
      }
      for (int k = 0; k < arm->n; k++) np[n++] = arm->p[k];
      continue;
    }
    if (p.nalts) {
      ir_tpl **alts = ar_alloc(P->md->ar, sizeof *alts * (size_t)p.nalts);
      for (int k = 0; k < p.nalts; k++) {
        alts[k] = ar_alloc(P->md->ar, sizeof *alts[k]);
        *alts[k] = *p.alts[k];
        sp_tpl(P, alts[k]);
      }
      p.alts = alts;
    }
    if (n + 1 > cap) {
      cap *= 2;
      ir_tpart *g = ar_alloc(P->md->ar, sizeof *g * (size_t)cap);
      memcpy(g, np, sizeof *np * (size_t)n);
      np = g;
    }
    np[n++] = p;
  }
  t->p = np;
  t->n = n;
  t->cap = cap;
}

/* ---- entry points -------------------------------------------------------------------- */

/* The forward pass and the dead stores over r's body (and template). */
static void sp_run(sp *P) {
  md_rule *r = P->r;
  int nl = r->nlocals;
  sp_tpl(P, r->tpl);
  if (!r->body) return;
  sp_val *env = calloc((size_t)nl + 1, sizeof *env);
  bool *rd = calloc((size_t)nl + 1, 1), *wr = calloc((size_t)nl + 1, 1);
  if (!env || !rd || !wr) exit(3);
  for (int i = 0; i < nl; i++) env[i].copy = -1;
  sp_block(P, r->body, env);
  do {
    memset(rd, 0, (size_t)nl + 1);
    sp_reads_block(r->body, rd, NULL);
    sp_reads_tpl(r->tpl, rd);
  } while (sp_prune(r->body, rd));
  memset(wr, 0, (size_t)nl + 1);
  sp_reads_block(r->body, rd, wr);
  for (int i = 0; i < nl; i++) r->locals[i]->unused = !rd[i] && !wr[i];
  free(env);
  free(rd);
  free(wr);
}

void sp_rule(md_spec *md, md_rule *r) {
  sp P = {md, r, NULL};
  sp_run(&P);
}

md_rule *sp_special(md_spec *md, const md_rule *r, const int *known) {
  md_rule *c = ar_alloc(md->ar, sizeof *c);
  *c = *r;
  c->tpl = NULL; /* the copy is for the concrete step, which prints nothing */
  c->locals = ar_alloc(md->ar, sizeof *c->locals * (size_t)(r->nlocals + 1));
  for (int i = 0; i < r->nlocals; i++) { /* own copies: the marks of unused ones differ */
    c->locals[i] = ar_alloc(md->ar, sizeof *c->locals[i]);
    *c->locals[i] = *r->locals[i];
  }
  if (r->body) {
    c->body = ar_alloc(md->ar, sizeof *c->body);
    *c->body = *r->body; /* sp_block builds new statement arrays */
  }
  sp P = {md, c, known};
  sp_run(&P);
  return c;
}

void sp_spec(md_spec *md) {
  for (int i = 0; i < md->ninsns; i++) sp_rule(md, md->insns[i]);
}
