/* sema.c — name resolution, type checking and lowering to IR. */
#include "sema.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char *const md_flow_names[] = {"fallthrough", "jump",  "cjump",   "call", "return",
                                     "ijump",       "icall", "syscall", "halt"};

/* ---- symbols ------------------------------------------------------------ */

typedef enum sym_kind {
  SY_REG, SY_ALIAS, SY_CLASS, SY_CTX, SY_FIELD, SY_TOKEN, SY_TABLE, SY_FN, SY_ARCH, SY_CONST, SY_PFRAG
} sym_kind;

static const char *const sym_kind_names[] = {"register", "alias", "class", "context variable",
                                             "field", "token", "table", "function", "architecture",
                                             "constant", "pattern"};

/* A named constant: an integer, evaluated when first used (constants may
 * refer to constants declared later), or a template fragment. */
typedef struct sm_const {
  ast *node;
  int state; /* 0 not yet evaluated, 1 being evaluated, 2 done, 3 in error */
  uint64_t v;
  bool neg;
} sm_const;

typedef struct sym {
  const char *name;
  sym_kind kind;
  int index;
  void *ptr;
  sloc loc;
  bool used;
} sym;

typedef struct symtab {
  sym **slots;
  int cap, n;
} symtab;

static unsigned hash_str(const char *s) {
  unsigned h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static sym *st_find(symtab *t, const char *name) {
  if (!t->cap) return NULL;
  for (unsigned i = hash_str(name) & (unsigned)(t->cap - 1);; i = (i + 1) & (unsigned)(t->cap - 1)) {
    if (!t->slots[i]) return NULL;
    if (strcmp(t->slots[i]->name, name) == 0) return t->slots[i];
  }
}

static void st_insert(arena *ar, symtab *t, sym *s) {
  if ((t->n + 1) * 2 > t->cap) {
    int cap = t->cap ? t->cap * 2 : 64;
    sym **old = t->slots;
    int oldcap = t->cap;
    t->slots = ar_alloc(ar, sizeof(sym *) * (size_t)cap);
    t->cap = cap;
    t->n = 0;
    for (int i = 0; i < oldcap; i++)
      if (old[i]) st_insert(ar, t, old[i]);
  }
  unsigned i = hash_str(s->name) & (unsigned)(t->cap - 1);
  while (t->slots[i]) i = (i + 1) & (unsigned)(t->cap - 1);
  t->slots[i] = s;
  t->n++;
}

/* ---- builtins ------------------------------------------------------------ */

static const char *const builtin_names[] = {
    "zext", "sext", "concat", "ite", "carry", "borrow", "scarry", "sborrow", "parity", "clz",
    "ctz", "popcount", "bswap", "slt", "sle", "sgt", "sge", "sdiv", "srem", "asr", "rol", "ror",
    "msb", "width", "ult", "ule", "ugt", "uge", NULL};

static bool is_builtin(const char *n) {
  for (int i = 0; builtin_names[i]; i++)
    if (strcmp(n, builtin_names[i]) == 0) return true;
  int w;
  char c;
  if ((sscanf(n, "zext%d%c", &w, &c) == 1 || sscanf(n, "sext%d%c", &w, &c) == 1) && w >= 1 &&
      w <= 64)
    return true;
  return false;
}

/* memN / memNle / memNbe: returns bytes (1,2,4,8) and sets *big; 0 if not a memory name. */
static int mem_name(const char *n, int *big, bool arch_big) {
  int bits;
  char rest[8] = "";
  if (strncmp(n, "mem", 3) != 0) return 0;
  if (sscanf(n + 3, "%d%7s", &bits, rest) < 1) return 0;
  char digits[8];
  snprintf(digits, sizeof digits, "%d", bits);
  if (strncmp(n + 3, digits, strlen(digits)) != 0) return 0;
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64) return 0;
  if (!rest[0]) *big = arch_big;
  else if (strcmp(rest, "le") == 0) *big = 0;
  else if (strcmp(rest, "be") == 0) *big = 1;
  else return 0;
  return bits / 8;
}

/* ---- the elaboration state ------------------------------------------------ */

typedef struct scope_ent {
  const char *name;
  int local;   /* local index */
  bool mutable_;
  bool param;
  sloc loc;
  ir_expr *subst; /* stands for this expression instead of a local */
} scope_ent;

/* Where field and sub-table names resolve: a rule instance. */
typedef struct rscope {
  md_rule *rule;
  int fbase, abase;
} rscope;

typedef struct sm {
  arena *ar;
  dg *d;
  md_spec *md;
  symtab syms;
  ast *arch;
  /* per-instruction elaboration */
  md_rule *insn;
  ar_vec locals; /* ir_local* */
  scope_ent *scope;
  int nscope, capscope;
  rscope rs;
  ir_block *cur;
  int cond_depth; /* inside a conditional expression or a table export */
  int no_hoist;
  int inline_depth;
  int table_depth; /* size_table calls under way: sub-tables nest at most MAX_TABLE_NESTING deep */
  const char *inline_stack[32];
  bool writes_pc;
  bool side_effects; /* set when a statement with effects is elaborated */
  ast *fn_ret_site;  /* call site for diagnostics of inlined bodies */
  long nodes;        /* IR nodes built for the current instruction */
  bool too_big;      /* the size limit was reported for it */
  bool synthetic_call; /* checking an unused helper: there is no call site */
  int const_depth;     /* constants being evaluated, one inside another */
  int tpl_depth;       /* template constants being expanded, one inside another */
  int capregs, capaliases, capclasses, capctxs; /* array capacities in md */
  int captokens, captables, capinsns, capprefixes;
} sm;

/* Inlining is exponential in the worst case (a helper calling another
 * helper several times, ten levels deep); cap the size of one instruction. */
#define MAX_IR_NODES 300000L

#define ERR(S, loc, ...) dg_error((S)->d, (loc), __VA_ARGS__)

static const char *type_name(sm *S, int w) {
  if (w == TY_BOOL) return "bool";
  if (w == TY_INT) return "integer";
  if (w == TY_ERR) return "<error>";
  return ar_printf(S->ar, "bv%d", w);
}

static uint64_t mask_of(int w) { return w >= 64 ? ~(uint64_t)0 : w <= 0 ? 1 : (((uint64_t)1 << w) - 1); }

/* ---- IR construction ------------------------------------------------------- */

static ir_expr *mk(sm *S, ir_op op, int w) {
  S->nodes++;
  ir_expr *e = ar_alloc(S->ar, sizeof *e);
  e->op = op;
  e->w = w;
  e->stat = true;
  return e;
}

static void kid(sm *S, ir_expr *e, ir_expr *k) {
  ir_expr **nk = ar_alloc(S->ar, sizeof *nk * (size_t)(e->nk + 1));
  if (e->nk) memcpy(nk, e->k, sizeof *nk * (size_t)e->nk);
  nk[e->nk++] = k;
  e->k = nk;
  if (!k->stat) e->stat = false;
}

static ir_expr *konst(sm *S, uint64_t v, int w) {
  ir_expr *e = mk(S, IR_CONST, w);
  e->val = w == TY_BOOL ? (v != 0) : (w == TY_INT ? v : v & mask_of(w));
  return e;
}

static ir_expr *err_expr(sm *S) { return konst(S, 0, TY_ERR); }

static ir_expr *un(sm *S, ir_op op, ir_expr *a, int w) {
  ir_expr *e = mk(S, op, w);
  kid(S, e, a);
  return e;
}
static ir_expr *bin(sm *S, ir_op op, ir_expr *a, ir_expr *b, int w) {
  ir_expr *e = mk(S, op, w);
  kid(S, e, a);
  kid(S, e, b);
  return e;
}
static ir_expr *ite(sm *S, ir_expr *c, ir_expr *a, ir_expr *b) {
  if (c->op == IR_CONST) return c->val ? a : b;
  ir_expr *e = mk(S, IR_ITE, a->w);
  kid(S, e, c);
  kid(S, e, a);
  kid(S, e, b);
  return e;
}
static ir_expr *extract(sm *S, ir_expr *a, int hi, int lo) {
  if (lo == 0 && hi == a->w - 1) return a;
  ir_expr *e = mk(S, IR_EXTRACT, hi - lo + 1);
  e->a = hi;
  e->b = lo;
  kid(S, e, a);
  return e;
}
static ir_expr *bit(sm *S, ir_expr *a, int i) { /* bool */
  ir_expr *x = extract(S, a, i, i);
  ir_expr *one = konst(S, 1, 1);
  return bin(S, IR_EQ, x, one, TY_BOOL);
}
static ir_expr *to_bv(sm *S, ir_expr *a) { return a->w == TY_BOOL ? un(S, IR_BOOL2BV, a, 1) : a; }
static ir_expr *zext(sm *S, ir_expr *a, int w) {
  a = to_bv(S, a);
  if (a->w == w) return a;
  ir_expr *e = un(S, IR_ZEXT, a, w);
  return e;
}
static ir_expr *sext(sm *S, ir_expr *a, int w) {
  a = to_bv(S, a);
  if (a->w == w) return a;
  return un(S, IR_SEXT, a, w);
}

static void block_add(sm *S, ir_block *b, ir_stmt *s) {
  if (b->n == b->cap) {
    int cap = b->cap ? b->cap * 2 : 8;
    ir_stmt **ns = ar_alloc(S->ar, sizeof *ns * (size_t)cap);
    if (b->n) memcpy(ns, b->s, sizeof *ns * (size_t)b->n);
    b->s = ns;
    b->cap = cap;
  }
  b->s[b->n++] = s;
}

static ir_stmt *stmt(sm *S, ir_sop op, sloc loc) {
  ir_stmt *s = ar_alloc(S->ar, sizeof *s);
  s->op = op;
  s->loc = loc;
  return s;
}

static int new_local(sm *S, const char *name, int w, bool stat) {
  ir_local *l = ar_alloc(S->ar, sizeof *l);
  l->name = name;
  l->w = w;
  l->stat = stat;
  ar_push(S->ar, &S->locals, l);
  return S->locals.n - 1;
}

static bool has_load(ir_expr *e) {
  if (e->op == IR_LOAD) return true;
  for (int i = 0; i < e->nk; i++)
    if (has_load(e->k[i])) return true;
  return false;
}

/* Make an expression safe to use several times: bind it to a temporary when
 * it is not a leaf and can be evaluated early (no loads, not inside a
 * table export where fields of other alternatives are meaningless). */
static ir_expr *share(sm *S, ir_expr *e) {
  if (e->nk == 0 || e->w == TY_ERR || S->no_hoist || !S->cur || has_load(e)) return e;
  int l = new_local(S, NULL, e->w, e->stat);
  ir_stmt *s = stmt(S, IR_S_SETVAR, (sloc){0});
  s->a = l;
  s->e[0] = e;
  block_add(S, S->cur, s);
  ir_expr *v = mk(S, IR_VAR, e->w);
  v->a = l;
  v->stat = e->stat;
  return v;
}

/* ---- integer literals ------------------------------------------------------ */

/* Untyped integers are IR_CONST with w == TY_INT; `b` holds 1 if negative. */
static ir_expr *int_lit(sm *S, uint64_t v, bool neg) {
  ir_expr *e = konst(S, v, TY_INT);
  e->b = neg;
  return e;
}

static bool fits(uint64_t v, bool neg, int w) {
  if (w >= 64) return true;
  if (neg) return (int64_t)v >= -((int64_t)1 << (w - 1));
  return v <= mask_of(w);
}

/* Give an untyped literal the type `w`, checking that it fits. */
static ir_expr *coerce(sm *S, ir_expr *e, int w, sloc loc) {
  if (e->w == TY_ERR || w == TY_ERR) return e->w == TY_ERR ? e : err_expr(S);
  if (e->w != TY_INT) return e;
  if (e->op != IR_CONST) { /* only literals may be untyped */
    ERR(S, loc, "cannot infer the width of this expression; give it a type");
    return err_expr(S);
  }
  if (w == TY_INT) {
    ERR(S, loc, "cannot infer the width of this integer; give it a type (e.g. a typed let)");
    return err_expr(S);
  }
  if (w == TY_BOOL) {
    ERR(S, loc, "integer used where a bool is expected (use true/false or a comparison)");
    return err_expr(S);
  }
  if (!fits(e->val, e->b, w)) {
    ERR(S, loc, "constant %s%llu does not fit in bv%d", e->b ? "-" : "",
        (unsigned long long)(e->b ? (uint64_t)0 - e->val : e->val), w);
    return err_expr(S);
  }
  return konst(S, e->val, w);
}

/* ---- forward declarations ----------------------------------------------------- */

static ir_expr *elab(sm *S, ast *e, int want);
static void elab_block(sm *S, ast *b, ir_block *out);
static void elab_stmt(sm *S, ast *s);
static int parse_type(sm *S, ast *t, bool allow_generic);

/* Evaluate a decode-time integer expression used as a bound (slice indices etc.). */
static bool const_int(sm *S, ast *e, int64_t *out) {
  ir_expr *x = elab(S, e, TY_INT);
  if (x->w == TY_ERR) return false;
  if (x->op != IR_CONST) {
    ERR(S, e->loc, "expected a constant integer");
    return false;
  }
  *out = x->w == TY_INT && x->b ? (int64_t)x->val : (int64_t)x->val;
  return true;
}

/* ---- named constants ----------------------------------------------------------- */

/* Constants evaluated inside one another (each through elab), and template
 * constants expanded inside one another: both recurse, so both are bounded. */
#define MAX_CONST_NESTING 64

/* The value of integer constant `sy`, used at `use`: false after an error. */
static bool const_value(sm *S, sym *sy, sloc use, uint64_t *v, bool *neg) {
  sm_const *c = sy->ptr;
  ast *n = c->node;
  if (n->tpl) {
    ERR(S, use, "constant '%s' is a template fragment; use it as a whole placeholder {%s} in an asm template",
        sy->name, sy->name);
    return false;
  }
  if (c->state == 1) {
    ERR(S, n->loc, "constant '%s' is defined in terms of itself", sy->name);
    c->state = 3;
    return false;
  }
  if (c->state == 0 && S->const_depth >= MAX_CONST_NESTING) {
    ERR(S, n->loc, "constants defined in terms of others more than %d deep", MAX_CONST_NESTING);
    c->state = 3;
  }
  if (c->state == 0) {
    c->state = 1;
    S->const_depth++;
    if (!n->nkids) { /* an enumerator: the parser counted */
      c->v = n->flag ? (uint64_t)0 - n->num : n->num;
      c->neg = n->flag;
      c->state = 2;
    } else {
      /* outside any rule: fields and locals are unavailable, so only
       * literals, constants and operators on them fold to a constant */
      rscope saved = S->rs;
      int saved_nscope = S->nscope;
      S->rs = (rscope){0};
      S->nscope = 0;
      ir_expr *x = elab(S, n->kids[0], TY_INT);
      S->rs = saved;
      S->nscope = saved_nscope;
      if (c->state == 3 || x->w == TY_ERR) c->state = 3;
      else if (x->op != IR_CONST || x->w != TY_INT) {
        ERR(S, n->kids[0]->loc, "the value of constant '%s' must be an integer computed from literals and other constants",
            sy->name);
        c->state = 3;
      } else {
        c->v = x->val;
        c->neg = x->b;
        c->state = 2;
      }
    }
    S->const_depth--;
  }
  if (c->state != 2) return false;
  *v = c->v;
  *neg = c->neg;
  return true;
}

/* The value a pattern atom compares with: its literal, or the constant it
 * names (two's complement). */
static bool atom_value(sm *S, ast *at, uint64_t *v) {
  if (!at->text) {
    *v = at->num;
    return true;
  }
  sym *c = st_find(&S->syms, at->text);
  if (!c) {
    ERR(S, at->loc, "undefined constant '%s' in pattern", at->text);
    return false;
  }
  if (c->kind != SY_CONST) {
    ERR(S, at->loc, "%s '%s' is not a constant (a pattern compares with a number or a constant)",
        sym_kind_names[c->kind], at->text);
    return false;
  }
  c->used = true;
  bool neg;
  return const_value(S, c, at->loc, v, &neg);
}

/* ---- scopes -------------------------------------------------------------------- */

static scope_ent *scope_find(sm *S, const char *name) {
  for (int i = S->nscope - 1; i >= 0; i--)
    if (S->scope[i].name && strcmp(S->scope[i].name, name) == 0) return &S->scope[i];
  return NULL;
}

static void scope_push(sm *S, const char *name, int local, bool mutable_, sloc loc) {
  if (S->nscope == S->capscope) {
    int cap = S->capscope ? S->capscope * 2 : 32;
    scope_ent *n = ar_alloc(S->ar, sizeof *n * (size_t)cap);
    if (S->nscope) memcpy(n, S->scope, sizeof *n * (size_t)S->nscope);
    S->scope = n;
    S->capscope = cap;
  }
  S->scope[S->nscope++] = (scope_ent){name, local, mutable_, false, loc, NULL};
}

/* Field visible in the current rule scope: returns its slot or -1. */
static int field_slot(sm *S, md_field *f) {
  md_rule *r = S->rs.rule;
  if (!r) return -1;
  for (int i = 0; i < r->nown; i++)
    if (r->own[i] == f) return S->rs.fbase + i;
  return -1;
}

/* Sub-table referenced by the current rule: position index or -1. */
static int table_pos(sm *S, md_table *t) {
  md_rule *r = S->rs.rule;
  if (!r) return -1;
  for (int i = 0; i < r->npos; i++)
    if (r->pos[i].sub == t) return i;
  return -1;
}

/* ---- lvalues -------------------------------------------------------------------- */

typedef enum lv_kind { LV_NONE, LV_REG, LV_CREG, LV_VAR, LV_MEM, LV_PC, LV_ALT, LV_SLICE } lv_kind;

typedef struct lval lval;
struct lval {
  lv_kind kind;
  int w;
  int a, b;        /* reg / class / local / bytes+big / alt slot */
  ir_expr *idx;    /* class index, memory address */
  lval *base;      /* LV_SLICE: the sliced location; a = hi, b = lo */
  md_table *table; /* LV_ALT */
  md_pos *pos;
  rscope rs;
};

static ir_expr *lv_read(sm *S, lval *lv);
static void lv_write(sm *S, lval *lv, ir_expr *v, sloc loc);
static lval *elab_lvalue(sm *S, ast *e);

static lval *lv_new(sm *S, lv_kind k, int w) {
  lval *l = ar_alloc(S->ar, sizeof *l);
  l->kind = k;
  l->w = w;
  return l;
}

static ir_expr *reg_read(sm *S, int r) {
  ir_expr *e = mk(S, IR_REG, S->md->regs[r].w);
  e->a = r;
  e->stat = false;
  return e;
}

static ir_expr *lv_read(sm *S, lval *lv) {
  switch (lv->kind) {
  case LV_REG:
    return reg_read(S, lv->a);
  case LV_CREG: {
    ir_expr *e = mk(S, IR_CREG, lv->w);
    e->a = lv->a;
    kid(S, e, lv->idx);
    e->stat = false;
    return e;
  }
  case LV_VAR: {
    ir_local *l = S->locals.v[lv->a];
    ir_expr *e = mk(S, IR_VAR, l->w);
    e->a = lv->a;
    e->stat = l->stat;
    return e;
  }
  case LV_MEM: {
    ir_expr *e = mk(S, IR_LOAD, lv->a * 8);
    e->a = lv->a;
    e->b = lv->b;
    kid(S, e, lv->idx);
    e->stat = false;
    return e;
  }
  case LV_PC:
    return mk(S, IR_PCADDR, S->md->addr_bits);
  case LV_SLICE: {
    ir_expr *b = to_bv(S, lv_read(S, lv->base));
    if (lv->w == TY_BOOL) return bit(S, b, lv->a);
    return extract(S, b, lv->a, lv->b);
  }
  case LV_ALT: {
    ir_expr *e = mk(S, IR_ALT, lv->w);
    e->a = lv->a;
    e->tab = lv->table;
    e->fb = lv->rs.fbase;
    e->ab = lv->rs.abase;
    rscope saved = S->rs;
    S->no_hoist++;
    S->cond_depth++;
    for (int i = 0; i < lv->table->nalts; i++) {
      md_rule *alt = lv->table->alts[i];
      S->rs = (rscope){alt, lv->rs.fbase, lv->rs.abase};
      ast *ex = alt->node->nkids > 1 ? alt->node->kids[1] : NULL;
      ir_expr *v = ex ? coerce(S, elab(S, ex, lv->w), lv->w, ex->loc) : err_expr(S);
      kid(S, e, v);
    }
    S->cond_depth--;
    S->no_hoist--;
    S->rs = saved;
    e->stat = false;
    for (int i = 0; i < e->nk; i++)
      if (!e->k[i]->stat) return e;
    e->stat = true;
    return e;
  }
  case LV_NONE:
    break;
  }
  return err_expr(S);
}

static void lv_write(sm *S, lval *lv, ir_expr *v, sloc loc) {
  ir_stmt *s;
  switch (lv->kind) {
  case LV_REG:
    s = stmt(S, IR_S_SETREG, loc);
    s->a = lv->a;
    s->e[0] = v;
    block_add(S, S->cur, s);
    return;
  case LV_CREG:
    s = stmt(S, IR_S_SETCREG, loc);
    s->a = lv->a;
    s->e[0] = lv->idx;
    s->e[1] = v;
    block_add(S, S->cur, s);
    return;
  case LV_VAR:
    s = stmt(S, IR_S_SETVAR, loc);
    s->a = lv->a;
    s->e[0] = v;
    block_add(S, S->cur, s);
    return;
  case LV_MEM:
    s = stmt(S, IR_S_STORE, loc);
    s->a = lv->a;
    s->b = lv->b;
    s->e[0] = lv->idx;
    s->e[1] = v;
    block_add(S, S->cur, s);
    return;
  case LV_PC:
    s = stmt(S, IR_S_SETPC, loc);
    s->e[0] = v;
    block_add(S, S->cur, s);
    S->writes_pc = true;
    return;
  case LV_SLICE: {
    ir_expr *old = to_bv(S, lv_read(S, lv->base));
    ir_expr *ins = mk(S, IR_INSERT, old->w);
    ins->a = lv->b;
    kid(S, ins, old);
    kid(S, ins, to_bv(S, v));
    ir_expr *nv = ins;
    if (lv->base->w == TY_BOOL) nv = bit(S, ins, 0);
    lv_write(S, lv->base, nv, loc);
    return;
  }
  case LV_ALT: {
    s = stmt(S, IR_S_ALT, loc);
    s->a = lv->a;
    s->nbody = lv->table->nalts;
    s->body = ar_alloc(S->ar, sizeof(ir_block) * (size_t)s->nbody);
    rscope saved = S->rs;
    ir_block *savedb = S->cur;
    S->no_hoist++;
    for (int i = 0; i < lv->table->nalts; i++) {
      md_rule *alt = lv->table->alts[i];
      S->rs = (rscope){alt, lv->rs.fbase, lv->rs.abase};
      S->cur = &s->body[i];
      ast *ex = alt->node->nkids > 1 ? alt->node->kids[1] : NULL;
      lval *inner = ex ? elab_lvalue(S, ex) : NULL;
      if (inner && inner->kind != LV_NONE) lv_write(S, inner, v, loc);
    }
    S->no_hoist--;
    S->cur = savedb;
    S->rs = saved;
    block_add(S, S->cur, s);
    return;
  }
  case LV_NONE:
    return;
  }
}

static int class_index_check(sm *S, md_class *c, ir_expr *ix, sloc loc) {
  if (ix->w == TY_ERR) return 0;
  if (ix->w == TY_BOOL) {
    ERR(S, loc, "class index must be a bit-vector, not bool");
    return 0;
  }
  if (!ix->stat) {
    ERR(S, loc, "index of class '%s' must be known at decode time (a field, context or constant)",
        c->name);
    return 0;
  }
  if (ix->op == IR_CONST) {
    if (ix->val >= (uint64_t)c->n) {
      ERR(S, loc, "index %llu is out of range for class '%s' of %d elements",
          (unsigned long long)ix->val, c->name, c->n);
      return 0;
    }
    return 1;
  }
  if (ix->w >= 31 || ((uint64_t)1 << ix->w) > (uint64_t)c->n) {
    ERR(S, loc, "index of width %d may exceed class '%s' of %d elements", ix->w, c->name, c->n);
    return 0;
  }
  return 1;
}

/* Resolve an identifier to a location, or report why it is not one.  With
 * for_write, read-only things are errors. */
static lval *ident_lvalue(sm *S, ast *e, bool for_write) {
  const char *name = e->name;
  scope_ent *se = scope_find(S, name);
  if (se) {
    if (se->subst && !for_write) return NULL;
    if (for_write && !se->mutable_) {
      if (se->param)
        ERR(S, e->loc, "cannot assign to parameter '%s' (copy it into a 'var' local first)", name);
      else
        ERR(S, e->loc, "cannot assign to '%s': it is immutable (declare it with 'var')", name);
      return lv_new(S, LV_NONE, TY_ERR);
    }
    lval *l = lv_new(S, LV_VAR, ((ir_local *)S->locals.v[se->local])->w);
    l->a = se->local;
    return l;
  }
  sym *sy = st_find(&S->syms, name);
  if (!sy) return NULL;
  sy->used = true;
  switch (sy->kind) {
  case SY_REG: {
    md_reg *r = &S->md->regs[sy->index];
    if (sy->index == S->md->pc) return lv_new(S, LV_PC, S->md->addr_bits);
    if (for_write && r->readonly) {
      ERR(S, e->loc, "cannot assign to read-only register '%s'", name);
      return lv_new(S, LV_NONE, TY_ERR);
    }
    lval *l = lv_new(S, LV_REG, r->w);
    l->a = sy->index;
    return l;
  }
  case SY_ALIAS: {
    md_alias *a = &S->md->aliases[sy->index];
    if (for_write && S->md->regs[a->reg].readonly) {
      ERR(S, e->loc, "cannot assign to '%s': it is part of read-only register '%s'", name,
          S->md->regs[a->reg].name);
      return lv_new(S, LV_NONE, TY_ERR);
    }
    lval *base = lv_new(S, LV_REG, S->md->regs[a->reg].w);
    base->a = a->reg;
    if (a->reg == S->md->pc) base = lv_new(S, LV_PC, S->md->addr_bits);
    if (a->lo == 0 && a->hi == S->md->regs[a->reg].w - 1 && a->w != TY_BOOL) return base;
    lval *l = lv_new(S, LV_SLICE, a->w);
    l->base = base;
    l->a = a->hi;
    l->b = a->lo;
    return l;
  }
  case SY_TABLE: {
    md_table *t = sy->ptr;
    int p = table_pos(S, t);
    if (p < 0) {
      ERR(S, e->loc, "table '%s' is not part of this rule's pattern", name);
      return lv_new(S, LV_NONE, TY_ERR);
    }
    if (!t->has_export) {
      ERR(S, e->loc, "table '%s' exports no value", name);
      return lv_new(S, LV_NONE, TY_ERR);
    }
    if (for_write && !t->is_loc) {
      ERR(S, e->loc, "cannot assign to '%s': table exports a value, not a location (declare it ': loc …')",
          name);
      return lv_new(S, LV_NONE, TY_ERR);
    }
    md_pos *pos = &S->rs.rule->pos[p];
    lval *l = lv_new(S, LV_ALT, t->w);
    l->a = S->rs.abase + pos->sub_alt_slot;
    l->table = t;
    l->pos = pos;
    l->rs = (rscope){NULL, S->rs.fbase + pos->sub_field_base, S->rs.abase + pos->sub_alt_base};
    return l;
  }
  case SY_FIELD:
  case SY_CTX:
    if (for_write) {
      ERR(S, e->loc, "cannot assign to %s '%s': it is read-only", sym_kind_names[sy->kind], name);
      return lv_new(S, LV_NONE, TY_ERR);
    }
    return NULL;
  default:
    if (for_write) {
      ERR(S, e->loc, "cannot assign to %s '%s'", sym_kind_names[sy->kind], name);
      return lv_new(S, LV_NONE, TY_ERR);
    }
    return NULL;
  }
}

static lval *index_lvalue(sm *S, ast *e, bool for_write);

static lval *elab_lvalue_ex(sm *S, ast *e, bool for_write) {
  switch (e->kind) {
  case A_IDENT: {
    lval *l = ident_lvalue(S, e, for_write);
    if (!l) {
      if (!st_find(&S->syms, e->name) && !scope_find(S, e->name))
        ERR(S, e->loc, "undefined name '%s'", e->name);
      else
        ERR(S, e->loc, "'%s' is not assignable", e->name);
      return lv_new(S, LV_NONE, TY_ERR);
    }
    return l;
  }
  case A_INDEX:
  case A_SLICE:
    return index_lvalue(S, e, for_write);
  case A_NEXT:
    ERR(S, e->loc, "cannot assign to 'next'");
    return lv_new(S, LV_NONE, TY_ERR);
  default:
    ERR(S, e->loc, "this expression is not assignable");
    return lv_new(S, LV_NONE, TY_ERR);
  }
}

static lval *elab_lvalue(sm *S, ast *e) { return elab_lvalue_ex(S, e, true); }

/* X[i], X[h:l], C[i], memN[a] as locations. */
static lval *index_lvalue(sm *S, ast *e, bool for_write) {
  ast *base = e->kids[0];
  if (e->kind == A_INDEX && base->kind == A_IDENT && !scope_find(S, base->name)) {
    int big = 0, n = mem_name(base->name, &big, S->md->big_endian);
    sym *sy = st_find(&S->syms, base->name);
    if (n && !sy) {
      lval *l = lv_new(S, LV_MEM, n * 8);
      l->a = n;
      l->b = big;
      l->idx = coerce(S, elab(S, e->kids[1], S->md->addr_bits), S->md->addr_bits, e->kids[1]->loc);
      if (l->idx->w != TY_ERR && l->idx->w != S->md->addr_bits) {
        ERR(S, e->kids[1]->loc, "memory address must be bv%d, not %s", S->md->addr_bits,
            type_name(S, l->idx->w));
        l->idx = err_expr(S);
      }
      return l;
    }
    if (sy && sy->kind == SY_CLASS) {
      sy->used = true;
      md_class *c = &S->md->classes[sy->index];
      ir_expr *ix = elab(S, e->kids[1], TY_INT);
      if (ix->w == TY_INT) ix = coerce(S, ix, 32, e->kids[1]->loc);
      if (!class_index_check(S, c, ix, e->kids[1]->loc)) return lv_new(S, LV_NONE, TY_ERR);
      if (ix->op == IR_CONST) {
        /* a fixed element: same as naming it */
        int el = (int)ix->val;
        if (c->alias[el] >= 0) {
          ast fake = *base;
          fake.name = S->md->aliases[c->alias[el]].name;
          return ident_lvalue(S, &fake, for_write);
        }
        ast fake = *base;
        fake.name = S->md->regs[c->reg[el]].name;
        return ident_lvalue(S, &fake, for_write);
      }
      lval *l = lv_new(S, LV_CREG, c->w);
      l->a = (int)(c - S->md->classes);
      l->idx = ix;
      return l;
    }
  }
  /* a slice of a location */
  lval *b = elab_lvalue_ex(S, base, for_write);
  if (b->kind == LV_NONE) return b;
  if (b->w == TY_BOOL) {
    ERR(S, e->loc, "cannot take bits of a bool");
    return lv_new(S, LV_NONE, TY_ERR);
  }
  int64_t hi, lo;
  if (!const_int(S, e->kids[1], &hi)) return lv_new(S, LV_NONE, TY_ERR);
  lo = hi;
  if (e->kind == A_SLICE && !const_int(S, e->kids[2], &lo)) return lv_new(S, LV_NONE, TY_ERR);
  if (hi < lo || lo < 0 || hi >= b->w) {
    ERR(S, e->loc, "bit range [%lld:%lld] is outside %s", (long long)hi, (long long)lo,
        type_name(S, b->w));
    return lv_new(S, LV_NONE, TY_ERR);
  }
  lval *l = lv_new(S, LV_SLICE, e->kind == A_INDEX ? TY_BOOL : (int)(hi - lo + 1));
  l->base = b;
  l->a = (int)hi;
  l->b = (int)lo;
  return l;
}

/* ---- expressions ------------------------------------------------------------------ */

static ir_expr *need_bv(sm *S, ir_expr *e, sloc loc, const char *what) {
  if (e->w == TY_ERR) return e;
  if (e->w == TY_BOOL) {
    ERR(S, loc, "%s needs a bit-vector, not bool", what);
    return err_expr(S);
  }
  return e;
}

static ir_expr *need_bool(sm *S, ir_expr *e, sloc loc, const char *what) {
  if (e->w == TY_ERR || e->w == TY_BOOL) return e;
  ERR(S, loc, "%s needs a bool, not %s", what, type_name(S, e->w));
  return err_expr(S);
}

/* Bring two operands to one type (literals adopt the other side's width). */
static bool unify(sm *S, ir_expr **a, ir_expr **b, int want, sloc la, sloc lb, sloc whole,
                  const char *op) {
  if ((*a)->w == TY_ERR || (*b)->w == TY_ERR) return false;
  if ((*a)->w == TY_INT && (*b)->w == TY_INT) {
    if (want != TY_INT && want != TY_ERR && want != TY_BOOL) {
      *a = coerce(S, *a, want, la);
      *b = coerce(S, *b, want, lb);
      return (*a)->w != TY_ERR && (*b)->w != TY_ERR;
    }
    return true;
  }
  if ((*a)->w == TY_INT) *a = coerce(S, *a, (*b)->w, la);
  if ((*b)->w == TY_INT) *b = coerce(S, *b, (*a)->w, lb);
  if ((*a)->w == TY_ERR || (*b)->w == TY_ERR) return false;
  if ((*a)->w != (*b)->w) {
    if (strcmp(op, ":") == 0)
      ERR(S, whole, "width mismatch between the branches of a conditional: %s and %s", type_name(S, (*a)->w),
          type_name(S, (*b)->w));
    else
      ERR(S, whole, "width mismatch: %s %s %s", type_name(S, (*a)->w), op, type_name(S, (*b)->w));
    return false;
  }
  return true;
}

/* Untyped integers compare as mathematical integers: `b` marks negatives. */
static int int_cmp(const ir_expr *a, const ir_expr *b) {
  if (a->b != b->b) return a->b ? -1 : 1;
  if (a->b) return (int64_t)a->val < (int64_t)b->val ? -1 : (int64_t)a->val > (int64_t)b->val;
  return a->val < b->val ? -1 : a->val > b->val;
}

static ir_expr *fold_int(sm *S, ast_op op, ir_expr *a, ir_expr *b, sloc loc) {
  uint64_t x = a->val, y = b->val, r = 0;
  bool neg = false;
  switch (op) {
  case OP_ADD: r = x + y; break;
  case OP_SUB: r = x - y; break;
  case OP_MUL: r = x * y; break;
  case OP_DIV:
  case OP_MOD:
    if (!y) {
      ERR(S, loc, "division by zero in a constant expression");
      return err_expr(S);
    }
    r = op == OP_DIV ? x / y : x % y;
    break;
  case OP_AND: r = x & y; break;
  case OP_OR: r = x | y; break;
  case OP_XOR: r = x ^ y; break;
  case OP_SHL: r = y >= 64 ? 0 : x << y; break;
  case OP_SHR: r = y >= 64 ? 0 : x >> y; break;
  case OP_EQ: return konst(S, int_cmp(a, b) == 0, TY_BOOL);
  case OP_NE: return konst(S, int_cmp(a, b) != 0, TY_BOOL);
  case OP_LT: return konst(S, int_cmp(a, b) < 0, TY_BOOL);
  case OP_LE: return konst(S, int_cmp(a, b) <= 0, TY_BOOL);
  case OP_GT: return konst(S, int_cmp(a, b) > 0, TY_BOOL);
  case OP_GE: return konst(S, int_cmp(a, b) >= 0, TY_BOOL);
  default:
    ERR(S, loc, "operator '%s' needs bool operands", ast_op_text(op));
    return err_expr(S);
  }
  neg = (int64_t)r < 0 && (a->b || b->b || op == OP_SUB);
  return int_lit(S, r, neg);
}

/* Shift/rotate amount brought to the value's width, saturating so that an
 * amount >= width still means "everything shifted out". */
static ir_expr *amount(sm *S, ir_expr *n, int w) {
  n = to_bv(S, n);
  if (n->w == w) return n;
  if (n->w < w) return zext(S, n, w);
  ir_expr *lim = konst(S, (uint64_t)w, n->w);
  ir_expr *in = bin(S, IR_ULT, n, lim, TY_BOOL);
  return ite(S, in, extract(S, n, w - 1, 0), w >= 64 ? konst(S, 64, w) : konst(S, (uint64_t)w & mask_of(w), w));
}

static ir_expr *rotate(sm *S, ir_expr *a, ir_expr *n, bool left) {
  int w = a->w;
  a = share(S, a);
  /* amount modulo width, computed in the amount's own width first */
  n = to_bv(S, n);
  ir_expr *m;
  if ((w & (w - 1)) == 0) {
    ir_expr *nn = n->w >= w ? extract(S, n, w - 1, 0) : zext(S, n, w);
    m = w == 1 ? konst(S, 0, 1) : bin(S, IR_AND, nn, konst(S, (uint64_t)w - 1, w), w);
  } else {
    int ww = n->w > w ? n->w : w;
    ir_expr *nn = zext(S, n, ww);
    ir_expr *r = bin(S, IR_UREM, nn, konst(S, (uint64_t)w, ww), ww);
    m = extract(S, r, w - 1, 0);
  }
  m = share(S, m);
  ir_expr *inv = bin(S, IR_SUB, konst(S, (uint64_t)w & mask_of(w), w), m, w); /* w - m, = w when m = 0 */
  ir_expr *x = bin(S, left ? IR_SHL : IR_LSHR, a, m, w);
  ir_expr *y = bin(S, left ? IR_LSHR : IR_SHL, a, inv, w);
  return bin(S, IR_OR, x, y, w);
}

static ir_expr *parity_expr(sm *S, ir_expr *x) {
  int w = x->w;
  ir_expr *acc = x;
  int p = 1;
  while (p < w) p <<= 1;
  for (int s = p / 2; s >= 1; s /= 2) {
    if (s >= w) continue;
    acc = share(S, acc);
    acc = bin(S, IR_XOR, acc, bin(S, IR_LSHR, acc, konst(S, (uint64_t)s, w), w), w);
  }
  return un(S, IR_LNOT, bit(S, acc, 0), TY_BOOL); /* true when the count of 1s is even */
}

static ir_expr *builtin(sm *S, ast *e, int want);

static ir_expr *call_fn(sm *S, ast *e, sym *fs, bool as_stmt);

static ir_expr *elab_ident(sm *S, ast *e, int want) {
  (void)want;
  scope_ent *se = scope_find(S, e->name);
  if (se) {
    if (se->subst) return se->subst;
    ir_local *l = S->locals.v[se->local];
    ir_expr *v = mk(S, IR_VAR, l->w);
    v->a = se->local;
    v->stat = l->stat;
    return v;
  }
  sym *sy = st_find(&S->syms, e->name);
  if (!sy) {
    int big;
    if (mem_name(e->name, &big, false))
      ERR(S, e->loc, "'%s' must be indexed with an address: %s[addr]", e->name, e->name);
    else if (is_builtin(e->name))
      ERR(S, e->loc, "builtin '%s' must be called", e->name);
    else
      ERR(S, e->loc, "undefined name '%s'", e->name);
    return err_expr(S);
  }
  sy->used = true;
  switch (sy->kind) {
  case SY_FIELD: {
    md_field *f = sy->ptr;
    int slot = field_slot(S, f);
    if (slot < 0) {
      if (!S->rs.rule)
        ERR(S, e->loc, "field '%s' cannot be used here (only in instruction and table rules)", e->name);
      else
        ERR(S, e->loc, "field '%s' is not available: token '%s' is not part of this rule's pattern",
            e->name, f->tok->name);
      return err_expr(S);
    }
    ir_expr *x = mk(S, IR_FIELD, f->w);
    x->a = slot;
    return x;
  }
  case SY_CTX: {
    ir_expr *x = mk(S, IR_CTX, S->md->ctxs[sy->index].w);
    x->a = sy->index;
    return x;
  }
  case SY_REG:
  case SY_ALIAS:
  case SY_TABLE: {
    lval *l = ident_lvalue(S, e, false);
    return lv_read(S, l);
  }
  case SY_CONST: {
    uint64_t v;
    bool neg;
    if (!const_value(S, sy, e->loc, &v, &neg)) return err_expr(S);
    return int_lit(S, v, neg);
  }
  case SY_CLASS:
    ERR(S, e->loc, "class '%s' must be indexed: %s[field]", e->name, e->name);
    return err_expr(S);
  case SY_FN:
    ERR(S, e->loc, "function '%s' must be called", e->name);
    return err_expr(S);
  default:
    ERR(S, e->loc, "%s '%s' cannot be used in an expression", sym_kind_names[sy->kind], e->name);
    return err_expr(S);
  }
}

static ir_expr *elab(sm *S, ast *e, int want) {
  switch (e->kind) {
  case A_NUM:
    return int_lit(S, e->num, false);
  case A_TRUE:
    return konst(S, 1, TY_BOOL);
  case A_FALSE:
    return konst(S, 0, TY_BOOL);
  case A_NEXT:
    return mk(S, IR_NEXT, S->md->addr_bits);
  case A_IDENT:
    return elab_ident(S, e, want);
  case A_INDEX:
  case A_SLICE: {
    ast *base = e->kids[0];
    if (base->kind == A_IDENT && !scope_find(S, base->name)) {
      sym *sy = st_find(&S->syms, base->name);
      int big;
      if ((!sy && e->kind == A_INDEX && mem_name(base->name, &big, false)) ||
          (sy && sy->kind == SY_CLASS && e->kind == A_INDEX)) {
        lval *l = index_lvalue(S, e, false);
        return l->kind == LV_NONE ? err_expr(S) : lv_read(S, l);
      }
    }
    ir_expr *b = elab(S, base, TY_INT);
    if (b->w == TY_ERR) return b;
    if (b->w == TY_INT) {
      ERR(S, base->loc, "cannot take bits of an untyped integer");
      return err_expr(S);
    }
    b = need_bv(S, b, base->loc, "bit selection");
    if (b->w == TY_ERR) return b;
    int64_t hi, lo;
    if (!const_int(S, e->kids[1], &hi)) return err_expr(S);
    lo = hi;
    if (e->kind == A_SLICE && !const_int(S, e->kids[2], &lo)) return err_expr(S);
    if (hi < lo || lo < 0 || hi >= b->w) {
      ERR(S, e->loc, "bit range [%lld:%lld] is outside %s", (long long)hi, (long long)lo,
          type_name(S, b->w));
      return err_expr(S);
    }
    if (e->kind == A_INDEX) return bit(S, b, (int)hi);
    return extract(S, b, (int)hi, (int)lo);
  }
  case A_TERNARY: {
    ir_expr *c = need_bool(S, elab(S, e->kids[0], TY_BOOL), e->kids[0]->loc, "condition");
    S->cond_depth++;
    ir_expr *a = elab(S, e->kids[1], want);
    ir_expr *b = elab(S, e->kids[2], want);
    S->cond_depth--;
    if (c->w == TY_ERR) return err_expr(S);
    if (!unify(S, &a, &b, want, e->kids[1]->loc, e->kids[2]->loc, e->loc, ":")) return err_expr(S);
    if (a->w == TY_INT) { /* both branches untyped and no width wanted */
      if (c->op == IR_CONST) return c->val ? a : b;
      ERR(S, e->loc, "cannot infer the width of this conditional; give its values a type (e.g. zext(…, N))");
      return err_expr(S);
    }
    return ite(S, c, a, b);
  }
  case A_UNARY: {
    ir_expr *a = elab(S, e->kids[0], want);
    if (a->w == TY_ERR) return a;
    if (e->op == OP_LNOT) {
      a = need_bool(S, a, e->kids[0]->loc, "'!'");
      if (a->w == TY_ERR) return a;
      if (a->op == IR_CONST) return konst(S, !a->val, TY_BOOL);
      return un(S, IR_LNOT, a, TY_BOOL);
    }
    if (a->w == TY_INT) {
      if (e->op == OP_NEG) return int_lit(S, (uint64_t)0 - a->val, a->val != 0 && !a->b);
      a = coerce(S, a, want, e->loc);
      if (a->w == TY_ERR) return a;
    }
    if (a->w == TY_BOOL) {
      if (e->op == OP_NOT) return un(S, IR_LNOT, a, TY_BOOL);
      ERR(S, e->loc, "'-' needs a bit-vector, not bool");
      return err_expr(S);
    }
    return un(S, e->op == OP_NEG ? IR_NEG : IR_NOT, a, a->w);
  }
  case A_BINARY: {
    ast_op op = e->op;
    bool cmp = op == OP_EQ || op == OP_NE || op == OP_LT || op == OP_LE || op == OP_GT || op == OP_GE;
    bool logic = op == OP_LAND || op == OP_LOR;
    bool shift = op == OP_SHL || op == OP_SHR;
    int sub_want = cmp || logic ? TY_INT : want;
    if (logic) sub_want = TY_BOOL;
    ir_expr *a = elab(S, e->kids[0], sub_want);
    if (logic) S->cond_depth++; /* the right operand is evaluated only sometimes */
    ir_expr *b = elab(S, e->kids[1], shift ? TY_INT : sub_want);
    if (logic) S->cond_depth--;
    if (a->w == TY_ERR || b->w == TY_ERR) return err_expr(S);
    if (logic) {
      a = need_bool(S, a, e->kids[0]->loc, ast_op_text(op));
      b = need_bool(S, b, e->kids[1]->loc, ast_op_text(op));
      if (a->w == TY_ERR || b->w == TY_ERR) return err_expr(S);
      if (a->op == IR_CONST && b->op == IR_CONST)
        return konst(S, op == OP_LAND ? (a->val && b->val) : (a->val || b->val), TY_BOOL);
      return bin(S, op == OP_LAND ? IR_LAND : IR_LOR, a, b, TY_BOOL);
    }
    if (shift) {
      if (a->w == TY_INT && b->w == TY_INT) return fold_int(S, op, a, b, e->loc);
      if (a->w == TY_INT) a = coerce(S, a, want, e->kids[0]->loc);
      if (b->w == TY_INT) b = coerce(S, b, a->w == TY_ERR || a->w == TY_BOOL ? 64 : a->w, e->kids[1]->loc);
      a = need_bv(S, a, e->kids[0]->loc, ast_op_text(op));
      b = need_bv(S, b, e->kids[1]->loc, "shift amount");
      if (a->w == TY_ERR || b->w == TY_ERR) return err_expr(S);
      return bin(S, op == OP_SHL ? IR_SHL : IR_LSHR, a, amount(S, b, a->w), a->w);
    }
    bool bitwise_ok = op == OP_AND || op == OP_OR || op == OP_XOR || op == OP_EQ || op == OP_NE;
    if (!bitwise_ok && (a->w == TY_BOOL || b->w == TY_BOOL)) {
      ERR(S, e->loc, "operator '%s' needs bit-vector operands, not bool", ast_op_text(op));
      return err_expr(S);
    }
    if (a->w == TY_INT && b->w == TY_INT && !(want >= 1 && !cmp)) return fold_int(S, op, a, b, e->loc);
    if (!unify(S, &a, &b, cmp ? TY_INT : want, e->kids[0]->loc, e->kids[1]->loc, e->loc, ast_op_text(op)))
      return err_expr(S);
    int w = a->w;
    if (w == TY_BOOL) {
      switch (op) {
      case OP_EQ: return bin(S, IR_IFF, a, b, TY_BOOL);
      case OP_NE:
      case OP_XOR: return bin(S, IR_LXOR, a, b, TY_BOOL);
      case OP_AND: return bin(S, IR_LAND, a, b, TY_BOOL);
      case OP_OR: return bin(S, IR_LOR, a, b, TY_BOOL);
      default:
        ERR(S, e->loc, "operator '%s' needs bit-vector operands, not bool", ast_op_text(op));
        return err_expr(S);
      }
    }
    switch (op) {
    case OP_ADD: return bin(S, IR_ADD, a, b, w);
    case OP_SUB: return bin(S, IR_SUB, a, b, w);
    case OP_MUL: return bin(S, IR_MUL, a, b, w);
    case OP_DIV: return bin(S, IR_UDIV, a, b, w);
    case OP_MOD: return bin(S, IR_UREM, a, b, w);
    case OP_AND: return bin(S, IR_AND, a, b, w);
    case OP_OR: return bin(S, IR_OR, a, b, w);
    case OP_XOR: return bin(S, IR_XOR, a, b, w);
    case OP_EQ: return bin(S, IR_EQ, a, b, TY_BOOL);
    case OP_NE: return un(S, IR_LNOT, bin(S, IR_EQ, a, b, TY_BOOL), TY_BOOL);
    case OP_LT: return bin(S, IR_ULT, a, b, TY_BOOL);
    case OP_LE: return bin(S, IR_ULE, a, b, TY_BOOL);
    case OP_GT: return bin(S, IR_ULT, b, a, TY_BOOL);
    case OP_GE: return bin(S, IR_ULE, b, a, TY_BOOL);
    default: break;
    }
    return err_expr(S);
  }
  case A_CALL: {
    sym *fs = st_find(&S->syms, e->name);
    if (fs && fs->kind == SY_FN) return call_fn(S, e, fs, false);
    if (fs) {
      ERR(S, e->loc, "%s '%s' is not a function", sym_kind_names[fs->kind], e->name);
      return err_expr(S);
    }
    if (is_builtin(e->name)) return builtin(S, e, want);
    ERR(S, e->loc, "undefined function '%s'", e->name);
    return err_expr(S);
  }
  default:
    ERR(S, e->loc, "expected an expression");
    return err_expr(S);
  }
}

static bool nargs(sm *S, ast *e, int lo, int hi) {
  if (e->nkids < lo || e->nkids > hi) {
    if (lo == hi)
      ERR(S, e->loc, "'%s' takes %d argument%s, not %d", e->name, lo, lo == 1 ? "" : "s", e->nkids);
    else
      ERR(S, e->loc, "'%s' takes %d to %d arguments, not %d", e->name, lo, hi, e->nkids);
    return false;
  }
  return true;
}

/* Elaborate all args of a builtin as same-width bit-vectors. */
static bool bv_args(sm *S, ast *e, ir_expr **out, int n, int want) {
  for (int i = 0; i < n; i++) out[i] = elab(S, e->kids[i], want);
  int w = TY_INT;
  for (int i = 0; i < n; i++)
    if (out[i]->w == TY_ERR) return false;
    else if (out[i]->w != TY_INT && w == TY_INT) w = out[i]->w;
  if (w == TY_INT) w = want;
  for (int i = 0; i < n; i++) {
    out[i] = coerce(S, out[i], w, e->kids[i]->loc);
    if (out[i]->w == TY_ERR) return false;
    out[i] = need_bv(S, out[i], e->kids[i]->loc, e->name);
    if (out[i]->w == TY_ERR) return false;
    if (out[i]->w != w) {
      ERR(S, e->kids[i]->loc, "width mismatch in '%s': %s and %s", e->name, type_name(S, w),
          type_name(S, out[i]->w));
      return false;
    }
  }
  return true;
}

static ir_expr *builtin(sm *S, ast *e, int want) {
  const char *n = e->name;
  ir_expr *x[3];
  int w;
  char c;
  if (strcmp(n, "zext") == 0 || strcmp(n, "sext") == 0 ||
      ((sscanf(n, "zext%d%c", &w, &c) == 1 || sscanf(n, "sext%d%c", &w, &c) == 1))) {
    bool s = n[0] == 's';
    int target;
    if (n[4]) {
      if (!nargs(S, e, 1, 1)) return err_expr(S);
      target = atoi(n + 4);
    } else {
      if (!nargs(S, e, 2, 2)) return err_expr(S);
      int64_t t;
      if (!const_int(S, e->kids[1], &t)) return err_expr(S);
      if (t < 1 || t > 64) {
        ERR(S, e->kids[1]->loc, "extension width must be 1..64");
        return err_expr(S);
      }
      target = (int)t;
    }
    ir_expr *a = elab(S, e->kids[0], TY_INT);
    if (a->w == TY_ERR) return a;
    if (a->w == TY_INT) return coerce(S, a, target, e->kids[0]->loc);
    int aw = a->w == TY_BOOL ? 1 : a->w;
    if (aw > target) {
      ERR(S, e->loc, "cannot extend %s to the narrower bv%d (use a slice to truncate)",
          type_name(S, a->w), target);
      return err_expr(S);
    }
    return s ? sext(S, a, target) : zext(S, a, target);
  }
  if (strcmp(n, "width") == 0) {
    if (!nargs(S, e, 1, 1)) return err_expr(S);
    ir_expr *a = elab(S, e->kids[0], TY_INT);
    if (a->w == TY_ERR) return a;
    if (a->w == TY_INT) {
      ERR(S, e->kids[0]->loc, "an untyped integer has no width");
      return err_expr(S);
    }
    return int_lit(S, (uint64_t)(a->w == TY_BOOL ? 1 : a->w), false);
  }
  if (strcmp(n, "concat") == 0) {
    if (e->nkids < 2) {
      ERR(S, e->loc, "'concat' takes at least 2 arguments");
      return err_expr(S);
    }
    ir_expr *acc = NULL;
    int total = 0;
    for (int i = 0; i < e->nkids; i++) {
      ir_expr *a = elab(S, e->kids[i], TY_INT);
      if (a->w == TY_ERR) return a;
      if (a->w == TY_INT) {
        ERR(S, e->kids[i]->loc, "concat needs typed operands; give this integer a width");
        return err_expr(S);
      }
      a = to_bv(S, a);
      total += a->w;
      if (total > 64) {
        ERR(S, e->loc, "concatenation is wider than 64 bits");
        return err_expr(S);
      }
      acc = acc ? bin(S, IR_CONCAT, acc, a, total) : a;
    }
    return acc;
  }
  if (strcmp(n, "ite") == 0) {
    if (!nargs(S, e, 3, 3)) return err_expr(S);
    ast t = *e;
    t.kind = A_TERNARY;
    return elab(S, &t, want);
  }
  if (strcmp(n, "msb") == 0 || strcmp(n, "parity") == 0 || strcmp(n, "clz") == 0 ||
      strcmp(n, "ctz") == 0 || strcmp(n, "popcount") == 0 || strcmp(n, "bswap") == 0) {
    if (!nargs(S, e, 1, 1) || !bv_args(S, e, x, 1, want)) return err_expr(S);
    ir_expr *a = x[0];
    w = a->w;
    if (n[0] == 'm') return bit(S, a, w - 1);
    if (n[0] == 'p' && n[1] == 'a') return parity_expr(S, a);
    a = share(S, a);
    if (n[0] == 'b') {
      if (w % 8) {
        ERR(S, e->loc, "bswap needs a whole number of bytes, not %s", type_name(S, w));
        return err_expr(S);
      }
      ir_expr *acc = NULL;
      for (int i = 0; i < w / 8; i++) {
        ir_expr *byte = extract(S, a, i * 8 + 7, i * 8);
        acc = acc ? bin(S, IR_CONCAT, acc, byte, (i + 1) * 8) : byte;
      }
      return acc;
    }
    if (n[0] == 'p') {
      ir_expr *acc = konst(S, 0, w);
      for (int i = 0; i < w; i++) acc = bin(S, IR_ADD, acc, zext(S, bit(S, a, i), w), w);
      return acc;
    }
    /* clz / ctz as a priority chain; all-zero input gives the width */
    ir_expr *acc = konst(S, (uint64_t)w & mask_of(w), w);
    if (w == 1) acc = konst(S, 1, 1);
    for (int i = 0; i < w; i++) {
      int b = n[1] == 'l' ? i : w - 1 - i; /* test from the far end inward */
      int count = n[1] == 'l' ? w - 1 - b : b;
      acc = ite(S, bit(S, a, b), konst(S, (uint64_t)count, w), acc);
    }
    return acc;
  }
  if (strcmp(n, "carry") == 0 || strcmp(n, "borrow") == 0 || strcmp(n, "scarry") == 0 ||
      strcmp(n, "sborrow") == 0) {
    if (!nargs(S, e, 2, 3)) return err_expr(S);
    x[2] = NULL;
    if (!bv_args(S, e, x, 2, want)) return err_expr(S);
    w = x[0]->w;
    ir_expr *cin = NULL;
    if (e->nkids == 3) {
      cin = elab(S, e->kids[2], TY_BOOL);
      if (cin->w == TY_ERR) return cin;
      if (cin->w == TY_INT) cin = coerce(S, cin, 1, e->kids[2]->loc);
      if (cin->w != TY_BOOL && cin->w != 1) {
        ERR(S, e->kids[2]->loc, "carry-in must be bool or bv1, not %s", type_name(S, cin->w));
        return err_expr(S);
      }
      cin = share(S, zext(S, cin, w));
    }
    ir_expr *a = share(S, x[0]), *b = share(S, x[1]);
    bool add = n[0] == 'c' || (n[0] == 's' && n[1] == 'c');
    ir_expr *r1 = share(S, bin(S, add ? IR_ADD : IR_SUB, a, b, w));
    ir_expr *r = cin ? share(S, bin(S, add ? IR_ADD : IR_SUB, r1, cin, w)) : r1;
    if (n[0] == 'c') {
      ir_expr *c1 = bin(S, IR_ULT, r1, a, TY_BOOL);
      if (!cin) return c1;
      return bin(S, IR_LOR, c1, bin(S, IR_ULT, r, r1, TY_BOOL), TY_BOOL);
    }
    if (n[0] == 'b') {
      ir_expr *b1 = bin(S, IR_ULT, a, b, TY_BOOL);
      if (!cin) return b1;
      return bin(S, IR_LOR, b1, bin(S, IR_ULT, r1, cin, TY_BOOL), TY_BOOL);
    }
    /* signed overflow: operands' signs agree (add) / differ (sub) and the result's differs */
    ir_expr *ab = bin(S, IR_XOR, a, b, w);
    if (add) ab = un(S, IR_NOT, ab, w);
    ir_expr *ar_ = bin(S, IR_XOR, a, r, w);
    return bit(S, bin(S, IR_AND, ab, ar_, w), w - 1);
  }
  struct { const char *name; ir_op op; bool swap, neg; } cmps[] = {
      {"slt", IR_SLT, 0, 0}, {"sle", IR_SLE, 0, 0}, {"sgt", IR_SLT, 1, 0}, {"sge", IR_SLE, 1, 0},
      {"ult", IR_ULT, 0, 0}, {"ule", IR_ULE, 0, 0}, {"ugt", IR_ULT, 1, 0}, {"uge", IR_ULE, 1, 0}};
  for (unsigned i = 0; i < sizeof cmps / sizeof *cmps; i++)
    if (strcmp(n, cmps[i].name) == 0) {
      if (!nargs(S, e, 2, 2) || !bv_args(S, e, x, 2, TY_INT)) return err_expr(S);
      return cmps[i].swap ? bin(S, cmps[i].op, x[1], x[0], TY_BOOL) : bin(S, cmps[i].op, x[0], x[1], TY_BOOL);
    }
  if (strcmp(n, "sdiv") == 0 || strcmp(n, "srem") == 0) {
    if (!nargs(S, e, 2, 2) || !bv_args(S, e, x, 2, want)) return err_expr(S);
    return bin(S, n[1] == 'd' ? IR_SDIV : IR_SREM, x[0], x[1], x[0]->w);
  }
  if (strcmp(n, "asr") == 0 || strcmp(n, "rol") == 0 || strcmp(n, "ror") == 0) {
    if (!nargs(S, e, 2, 2)) return err_expr(S);
    ir_expr *a = elab(S, e->kids[0], want);
    ir_expr *b = elab(S, e->kids[1], TY_INT);
    if (a->w == TY_ERR || b->w == TY_ERR) return err_expr(S);
    if (a->w == TY_INT) a = coerce(S, a, want, e->kids[0]->loc);
    if (b->w == TY_INT) b = coerce(S, b, a->w >= 1 ? a->w : 64, e->kids[1]->loc);
    a = need_bv(S, a, e->kids[0]->loc, n);
    b = need_bv(S, b, e->kids[1]->loc, "shift amount");
    if (a->w == TY_ERR || b->w == TY_ERR) return err_expr(S);
    if (n[0] == 'a') return bin(S, IR_ASHR, a, amount(S, b, a->w), a->w);
    return rotate(S, a, b, n[1] == 'o' && n[2] == 'l');
  }
  ERR(S, e->loc, "undefined function '%s'", n);
  return err_expr(S);
}

/* ---- helper functions (inlined at each call) ------------------------------------------------ */

static void mark_site(ir_block *b, sloc site, const char *fn) {
  for (int i = 0; i < b->n; i++) {
    b->s[i]->site = site;
    b->s[i]->site_fn = fn;
    b->s[i]->has_site = true;
    for (int k = 0; k < b->s[i]->nbody; k++) mark_site(&b->s[i]->body[k], site, fn);
  }
}

static ir_expr *call_fn(sm *S, ast *e, sym *fs, bool as_stmt) {
  ast *fn = fs->ptr;
  fs->used = true;
  ast *params = fn->kids[0];
  ast *body = fn->kids[1];
  bool is_value = fn->type != NULL;
  if (!is_value && !as_stmt) {
    ERR(S, e->loc, "'%s' returns no value", e->name);
    return err_expr(S);
  }
  if (e->nkids != params->nkids) {
    ERR(S, e->loc, "'%s' takes %d argument%s, not %d", e->name, params->nkids,
        params->nkids == 1 ? "" : "s", e->nkids);
    return err_expr(S);
  }
  if (S->nodes > MAX_IR_NODES) {
    if (!S->too_big)
      ERR(S, e->loc, "the semantics grow beyond %ld operations once helpers are inlined; simplify the helpers",
          MAX_IR_NODES);
    S->too_big = true;
    return err_expr(S);
  }
  for (int i = 0; i < S->inline_depth; i++)
    if (strcmp(S->inline_stack[i], fn->name) == 0) {
      ERR(S, e->loc, "recursive call of '%s' (helpers are inlined and cannot recurse)", fn->name);
      return err_expr(S);
    }
  if (S->inline_depth >= 32) {
    ERR(S, e->loc, "helper calls nested too deeply");
    return err_expr(S);
  }
  if (!S->cur) {
    ERR(S, e->loc, "function calls are not allowed here");
    return err_expr(S);
  }
  /* arguments are evaluated once, left to right, into immutable locals */
  int *locs = ar_alloc(S->ar, sizeof(int) * (size_t)(params->nkids + 1));
  ir_expr **substs = ar_alloc(S->ar, sizeof(ir_expr *) * (size_t)(params->nkids + 1));
  for (int i = 0; i < params->nkids; i++) {
    ast *p = params->kids[i];
    int pt = parse_type(S, p->type, true);
    ir_expr *a = elab(S, e->kids[i], pt == -3 ? TY_INT : pt);
    if (a->w == TY_ERR || pt == TY_ERR) return err_expr(S);
    if (pt == -3) { /* generic bv */
      if (a->w == TY_INT) {
        ERR(S, e->kids[i]->loc, "cannot infer the width of this argument for generic parameter '%s'", p->name);
        return err_expr(S);
      }
      if (a->w == TY_BOOL) {
        ERR(S, e->kids[i]->loc, "parameter '%s' needs a bit-vector, not bool", p->name);
        return err_expr(S);
      }
      pt = a->w;
    }
    a = coerce(S, a, pt, e->kids[i]->loc);
    if (a->w == TY_ERR) return a;
    if (a->w != pt) {
      ERR(S, e->kids[i]->loc, "argument %d of '%s' is %s, but parameter '%s' is %s", i + 1,
          fn->name, type_name(S, a->w), p->name, type_name(S, pt));
      return err_expr(S);
    }
    /* Bound to a local, evaluated once -- unless evaluating it before the
     * enclosing statement could fault (a load under a condition) or read
     * fields of an alternative that was not decoded (table exports,
     * templates): then the parameter stands for the expression itself. */
    if (S->no_hoist || (S->cond_depth > 0 && has_load(a))) {
      locs[i] = -1;
      substs[i] = a;
      continue;
    }
    locs[i] = new_local(S, p->name, pt, a->stat);
    ir_stmt *s = stmt(S, IR_S_SETVAR, e->loc);
    s->a = locs[i];
    s->e[0] = a;
    block_add(S, S->cur, s);
  }
  /* the body sees only its parameters and global names */
  int saved_nscope = S->nscope;
  scope_ent *saved_scope = S->scope;
  int saved_cap = S->capscope;
  S->scope = NULL;
  S->nscope = S->capscope = 0;
  rscope saved_rs = S->rs;
  S->rs = (rscope){NULL, 0, 0};
  for (int i = 0; i < params->nkids; i++) {
    scope_push(S, params->kids[i]->name, locs[i], false, params->kids[i]->loc);
    S->scope[S->nscope - 1].param = true;
    S->scope[S->nscope - 1].subst = substs[i];
  }
  S->inline_stack[S->inline_depth++] = fn->name;
  int nerr = S->d->nerrors;
  int ret_type = is_value ? parse_type(S, fn->type, false) : TY_ERR;
  ir_expr *result = NULL;
  bool saved_fx = S->side_effects;
  S->side_effects = false;
  ir_block tmp = {0};
  ir_block *saved_cur = S->cur;
  S->cur = &tmp;
  if (body->kind == A_BLOCK) {
    int n = body->nkids;
    ast *last = n ? body->kids[n - 1] : NULL;
    int misplaced = -1;
    for (int i = 0; i < n - (is_value ? 1 : 0); i++)
      if (body->kids[i] && body->kids[i]->kind == A_RETURN) misplaced = i;
    if (misplaced >= 0) {
      ERR(S, body->kids[misplaced]->loc, is_value ? "'return' must be the last statement of '%s'"
                                                  : "'%s' returns no value, so it cannot use 'return'",
          fn->name);
    } else if (is_value && (!last || last->kind != A_RETURN)) {
      ERR(S, body->loc, "function '%s' must end with 'return'", fn->name);
    } else {
      /* the statements' locals stay in scope for the final return */
      for (int i = 0; i < (is_value ? n - 1 : n); i++)
        if (body->kids[i]) elab_stmt(S, body->kids[i]);
      if (is_value) result = elab(S, last->kids[0], ret_type);
    }
  } else {
    result = elab(S, body, ret_type);
  }
  S->cur = saved_cur;
  bool fx = S->side_effects;
  S->side_effects = saved_fx || fx;
  if (fx && S->cond_depth > 0)
    ERR(S, e->loc, "'%s' has side effects and cannot be called inside a conditional expression or table export",
        fn->name);
  if (S->inline_depth == 1) mark_site(&tmp, e->loc, fn->name); /* called from the instruction itself */
  for (int i = 0; i < tmp.n; i++) block_add(S, S->cur, tmp.s[i]);
  if (result && result->w != TY_ERR) {
    result = coerce(S, result, ret_type, body->loc);
    if (result->w != TY_ERR && result->w != ret_type) {
      ERR(S, body->kind == A_BLOCK ? body->kids[body->nkids - 1]->loc : body->loc,
          "'%s' returns %s but is declared to return %s", fn->name, type_name(S, result->w),
          type_name(S, ret_type));
      result = err_expr(S);
    }
  }
  if (S->d->nerrors > nerr && !S->synthetic_call) dg_note(S->d, e->loc, "in the call of '%s' here", fn->name);
  S->inline_depth--;
  S->rs = saved_rs;
  S->scope = saved_scope;
  S->nscope = saved_nscope;
  S->capscope = saved_cap;
  if (!is_value) return NULL;
  if (!result || result->w == TY_ERR) return err_expr(S);
  return share(S, result);
}

/* ---- statements ------------------------------------------------------------------------- */

static void elab_stmt(sm *S, ast *s) {
  switch (s->kind) {
  case A_BLOCK: {
    int mark = S->nscope;
    elab_block(S, s, S->cur);
    S->nscope = mark;
    return;
  }
  case A_ASSIGN: {
    if (S->no_hoist) {
      ERR(S, s->loc, "a helper used in a table export or a template cannot assign");
      return;
    }
    lval *l = elab_lvalue(S, s->kids[0]);
    S->side_effects = true;
    int want = l->kind == LV_NONE ? TY_INT : l->w;
    ir_expr *v = elab(S, s->kids[1], want);
    if (l->kind == LV_NONE || v->w == TY_ERR) return;
    v = coerce(S, v, l->w, s->kids[1]->loc);
    if (v->w == TY_ERR) return;
    if (v->w != l->w) {
      ERR(S, s->loc, "cannot assign %s to %s", type_name(S, v->w), type_name(S, l->w));
      return;
    }
    lv_write(S, l, v, s->loc);
    return;
  }
  case A_LET: {
    int t = s->type ? parse_type(S, s->type, false) : TY_INT;
    ir_expr *v = elab(S, s->kids[0], t);
    scope_ent *prev_local = scope_find(S, s->name);
    sym *prev_sym = st_find(&S->syms, s->name);
    if (prev_local || (prev_sym && prev_sym->name[0] != '$')) {
      ERR(S, s->loc, "'%s' is already defined", s->name);
      if (prev_local) dg_note(S->d, prev_local->loc, "local '%s' is defined here", s->name);
      else dg_note(S->d, prev_sym->loc, "%s '%s' is defined here", sym_kind_names[prev_sym->kind], s->name);
      return; /* keep the earlier meaning of the name */
    }
    if (v->w != TY_ERR && t != TY_ERR) {
      v = coerce(S, v, t == TY_INT ? v->w : t, s->kids[0]->loc);
      if (v->w == TY_INT) v = coerce(S, v, TY_INT, s->kids[0]->loc);
      if (v->w != TY_ERR && s->type && v->w != t) {
        ERR(S, s->kids[0]->loc, "'%s' is declared %s but initialised with %s", s->name,
            type_name(S, t), type_name(S, v->w));
        v = err_expr(S);
      }
    }
    if (S->cond_depth > 0 && has_load(v) && !S->no_hoist) {
      /* inside a conditional: evaluating the read early could fault */
      if (s->flag) {
        ERR(S, s->loc, "a 'var' holding a memory read cannot be used in a helper called inside a conditional");
        return;
      }
      scope_push(S, s->name, -1, false, s->loc);
      S->scope[S->nscope - 1].subst = v;
      return;
    }
    if (S->no_hoist) { /* table export or template: no statements, so name the value */
      if (s->flag) ERR(S, s->loc, "'var' cannot be used in a helper called from a table export or a template");
      scope_push(S, s->name, -1, false, s->loc);
      S->scope[S->nscope - 1].subst = v->w == TY_ERR ? err_expr(S) : v;
      return;
    }
    int w = v->w == TY_ERR ? (t >= 0 ? t : 32) : v->w;
    int l = new_local(S, s->name, w, !s->flag && v->stat);
    if (v->w != TY_ERR) {
      ir_stmt *st = stmt(S, IR_S_SETVAR, s->loc);
      st->a = l;
      st->e[0] = v;
      block_add(S, S->cur, st);
    }
    scope_push(S, s->name, l, s->flag, s->loc);
    return;
  }
  case A_IF: {
    ir_expr *c = need_bool(S, elab(S, s->kids[0], TY_BOOL), s->kids[0]->loc, "'if'");
    if (c->w == TY_ERR) c = konst(S, 0, TY_BOOL);
    ir_stmt *st = stmt(S, IR_S_IF, s->loc);
    st->e[0] = c;
    st->b = S->locals.n; /* locals from here on are declared inside the arms */
    st->nbody = 2;
    st->body = ar_alloc(S->ar, sizeof(ir_block) * 2);
    ir_block *saved = S->cur;
    int mark = S->nscope;
    S->cur = &st->body[0];
    elab_block(S, s->kids[1], S->cur);
    S->nscope = mark;
    if (s->nkids > 2 && s->kids[2]) {
      S->cur = &st->body[1];
      elab_block(S, s->kids[2], S->cur);
      S->nscope = mark;
    }
    S->cur = saved;
    block_add(S, S->cur, st);
    return;
  }
  case A_CALLSTMT: {
    ast *c = s->kids[0];
    if (c->kind != A_CALL) return;
    sym *fs = st_find(&S->syms, c->name);
    if (fs && fs->kind == SY_FN) {
      if (fs->ptr && ((ast *)fs->ptr)->type) {
        ERR(S, c->loc, "the value of '%s' is unused", c->name);
        return;
      }
      fs->used = true;
      call_fn(S, c, fs, true);
      return;
    }
    if (is_builtin(c->name)) ERR(S, c->loc, "the value of builtin '%s' is unused", c->name);
    else if (fs) ERR(S, c->loc, "%s '%s' is not a function", sym_kind_names[fs->kind], c->name);
    else ERR(S, c->loc, "undefined function '%s'", c->name);
    return;
  }
  case A_TRAP: {
    if (S->no_hoist) {
      ERR(S, s->loc, "a helper used in a table export or a template cannot trap");
      return;
    }
    ir_stmt *st = stmt(S, IR_S_TRAP, s->loc);
    st->msg = s->text;
    block_add(S, S->cur, st);
    S->side_effects = true;
    return;
  }
  case A_RETURN:
    ERR(S, s->loc, "'return' is only allowed as the last statement of a function");
    return;
  default:
    return;
  }
}

static void elab_block(sm *S, ast *b, ir_block *out) {
  ir_block *saved = S->cur;
  S->cur = out;
  int mark = S->nscope;
  for (int i = 0; i < b->nkids; i++) elab_stmt(S, b->kids[i]);
  S->nscope = mark;
  S->cur = saved;
}

/* ---- types ------------------------------------------------------------------------------- */

/* Returns TY_BOOL, 1..64, -3 for generic `bv` (if allowed) or TY_ERR. */
static int parse_type(sm *S, ast *t, bool allow_generic) {
  const char *n = t->name;
  if (strcmp(n, "bool") == 0) return TY_BOOL;
  if (strcmp(n, "bv") == 0) {
    if (allow_generic) return -3;
    ERR(S, t->loc, "'bv' (any width) is only allowed for function parameters");
    return TY_ERR;
  }
  if (strncmp(n, "bv", 2) == 0 && isdigit((unsigned char)n[2])) {
    char *end;
    long w = strtol(n + 2, &end, 10);
    if (!*end && w >= 1 && w <= 64) return (int)w;
    if (!*end) {
      ERR(S, t->loc, "bit-vector width must be 1..64, not %s", n + 2);
      return TY_ERR;
    }
  }
  ERR(S, t->loc, "unknown type '%s' (expected bool or bv1..bv64)", n);
  return TY_ERR;
}

/* ---- declarations ------------------------------------------------------------------------ */

static bool declare(sm *S, const char *name, sym_kind k, int index, void *ptr, sloc loc) {
  sym *old = st_find(&S->syms, name);
  if (old) {
    ERR(S, loc, "redefinition of '%s'", name);
    dg_note(S->d, old->loc, "previous definition of %s '%s' is here", sym_kind_names[old->kind], name);
    return false;
  }
  int big;
  if (is_builtin(name) || mem_name(name, &big, false)) {
    ERR(S, loc, "'%s' is the name of a builtin", name);
    return false;
  }
  sym *s = ar_alloc(S->ar, sizeof *s);
  *s = (sym){name, k, index, ptr, loc, false};
  st_insert(S->ar, &S->syms, s);
  return true;
}

#define GROW(S, arr, n, cap)                                                    \
  do {                                                                          \
    if ((n) == (cap)) {                                                         \
      int c_ = (cap) ? (cap) * 2 : 16;                                          \
      void *p_ = ar_alloc((S)->ar, sizeof *(arr) * (size_t)c_);                 \
      if (n) memcpy(p_, (arr), sizeof *(arr) * (size_t)(n));                    \
      (arr) = p_;                                                               \
      (cap) = c_;                                                               \
    }                                                                           \
  } while (0)


static int add_reg(sm *S, const char *name, int w, bool ro, sloc loc) {
  md_spec *md = S->md;
  GROW(S, md->regs, md->nregs, S->capregs);
  md->regs[md->nregs] = (md_reg){name, w, ro, loc};
  if (!declare(S, name, SY_REG, md->nregs, NULL, loc)) return -1;
  return md->nregs++;
}

static int add_class(sm *S, const char *name, int n, sloc loc) {
  md_spec *md = S->md;
  GROW(S, md->classes, md->nclasses, S->capclasses);
  md_class *c = &md->classes[md->nclasses];
  c->name = name;
  c->n = n;
  c->reg = ar_alloc(S->ar, sizeof(int) * (size_t)(n ? n : 1));
  c->alias = ar_alloc(S->ar, sizeof(int) * (size_t)(n ? n : 1));
  c->loc = loc;
  if (!declare(S, name, SY_CLASS, md->nclasses, NULL, loc)) return -1;
  return md->nclasses++;
}

/* Resolve an arch setting that names one register (e.g. `pc EIP`, `sp r[1]`). */
static int setting_reg(sm *S, ast *v) {
  if (v->kind == A_IDENT) {
    sym *s = st_find(&S->syms, v->name);
    if (s && s->kind == SY_REG) {
      s->used = true;
      return s->index;
    }
    ERR(S, v->loc, "'%s' is not a register", v->name);
    return -1;
  }
  if (v->kind == A_INDEX && v->kids[0]->kind == A_IDENT && v->kids[1]->kind == A_NUM) {
    sym *s = st_find(&S->syms, v->kids[0]->name);
    if (s && s->kind == SY_CLASS) {
      md_class *c = &S->md->classes[s->index];
      if (v->kids[1]->num < (uint64_t)c->n && c->alias[v->kids[1]->num] < 0) return c->reg[v->kids[1]->num];
      ERR(S, v->loc, "not a register of class '%s'", c->name);
      return -1;
    }
  }
  ERR(S, v->loc, "expected a register");
  return -1;
}

static bool setting_num(sm *S, ast *set, uint64_t *out) {
  if (set->nkids != 1 || set->kids[0]->kind != A_NUM) {
    ERR(S, set->loc, "'%s' expects one number", set->name);
    return false;
  }
  *out = set->kids[0]->num;
  return true;
}

/* System calls the runtime implements, in the order of md_spec.sys_svc. */
static const char *const svc_names[] = {"exit", "exit_group", "read", "write", "brk"};
static int svc_index(const char *n) {
  for (int i = 0; i < 5; i++)
    if (!strcmp(n, svc_names[i])) return i;
  return -1;
}

static void do_arch(sm *S, ast *a) {
  md_spec *md = S->md;
  md->name = a->name;
  bool seen[16] = {0};
  sloc pcloc = a->loc, sploc = a->loc;
  static const char *const keys[] = {"endian", "addr", "pc", "sp", "elf", "stack", "syscall", "maxlen", NULL};
  for (int i = 0; i < a->nkids; i++) {
    ast *s = a->kids[i];
    int k = 0;
    while (keys[k] && strcmp(keys[k], s->name) != 0) k++;
    if (!keys[k]) {
      ERR(S, s->loc, "unknown arch setting '%s' (expected endian, addr, pc, sp, elf, stack, syscall or maxlen)", s->name);
      continue;
    }
    if (seen[k]) {
      ERR(S, s->loc, "duplicate arch setting '%s'", s->name);
      continue;
    }
    seen[k] = true;
    uint64_t v;
    switch (k) {
    case 0:
      if (s->nkids == 1 && s->kids[0]->kind == A_IDENT && (!strcmp(s->kids[0]->name, "little") || !strcmp(s->kids[0]->name, "big")))
        md->big_endian = s->kids[0]->name[0] == 'b';
      else
        ERR(S, s->loc, "endian must be 'little' or 'big'");
      break;
    case 1:
      if (setting_num(S, s, &v)) {
        if (v != 16 && v != 32 && v != 64) ERR(S, s->kids[0]->loc, "address width must be 16, 32 or 64");
        else md->addr_bits = (int)v;
      }
      break;
    case 2:
    case 3:
      if (s->nkids != 1) ERR(S, s->loc, "'%s' expects one register", s->name);
      else {
        int r = setting_reg(S, s->kids[0]);
        if (k == 2) md->pc = r; else md->sp = r;
        if (k == 2) pcloc = s->kids[0]->loc; else sploc = s->kids[0]->loc;
      }
      break;
    case 4:
      if (setting_num(S, s, &v)) md->elf_machine = v;
      break;
    case 5:
      if (setting_num(S, s, &v)) md->stack_top = v;
      break;
    case 6: {
      if (!s->flag) {
        ERR(S, s->loc, "syscall expects a block: syscall { number R; args R, …; result R; }");
        break;
      }
      ast *blk = s->kids[0];
      bool got_num = false, got_res = false;
      for (int j = 0; j < blk->nkids; j++) {
        ast *t = blk->kids[j];
        if (!strcmp(t->name, "number") || !strcmp(t->name, "result") || !strcmp(t->name, "error")) {
          if (t->nkids != 1) { ERR(S, t->loc, "'%s' expects one register", t->name); continue; }
          int r = setting_reg(S, t->kids[0]);
          if (t->name[0] == 'n') { md->sys_number = r; got_num = true; }
          else if (t->name[0] == 'r') { md->sys_result = r; got_res = true; }
          else {
            md->sys_error = r;
            if (r >= 0 && md->regs[r].w != TY_BOOL) ERR(S, t->kids[0]->loc, "syscall error indicator must be a flag");
          }
        } else if (svc_index(t->name) >= 0) {
          if (!setting_num(S, t, &v)) continue;
          if (v > 0xFFFFFFFFull) ERR(S, t->loc, "system call number %llu is too large", (unsigned long long)v);
          else md->sys_svc[svc_index(t->name)] = (int64_t)v;
        } else if (!strcmp(t->name, "args")) {
          if (t->nkids > 8) ERR(S, t->loc, "at most 8 syscall argument registers");
          for (int q = 0; q < t->nkids && q < 8; q++) md->sys_args[md->sys_nargs++] = setting_reg(S, t->kids[q]);
        } else {
          ERR(S, t->loc, "unknown syscall setting '%s' (expected number, args, result, error, or a system call number: exit, exit_group, read, write, brk)", t->name);
        }
      }
      if (!got_num) ERR(S, s->loc, "syscall convention needs 'number'");
      if (!got_res) ERR(S, s->loc, "syscall convention needs 'result'");
      break;
    }
    case 7:
      if (setting_num(S, s, &v)) {
        if (v < 1 || v > MD_MAX_LEN) ERR(S, s->kids[0]->loc, "maxlen must be 1..%d", MD_MAX_LEN);
        else md->max_len_setting = (int)v;
      }
      break;
    }
  }
  if (!seen[0]) ERR(S, a->loc, "arch '%s' does not say its endianness (endian little|big)", a->name);
  if (!seen[1]) ERR(S, a->loc, "arch '%s' does not give its address width (addr N)", a->name);
  if (!seen[2]) ERR(S, a->loc, "arch '%s' does not name its program counter (pc REG)", a->name);
  if (!seen[3]) ERR(S, a->loc, "arch '%s' does not name its stack pointer (sp REG)", a->name);
  if (md->pc >= 0 && md->addr_bits && md->regs[md->pc].w != md->addr_bits) {
    ERR(S, pcloc, "program counter '%s' is %s but addresses are bv%d", md->regs[md->pc].name,
        type_name(S, md->regs[md->pc].w), md->addr_bits);
    dg_note(S->d, md->regs[md->pc].loc, "'%s' is declared here", md->regs[md->pc].name);
  }
  if (md->sp >= 0 && md->addr_bits && md->regs[md->sp].w != md->addr_bits)
    ERR(S, sploc, "stack pointer '%s' is %s but addresses are bv%d", md->regs[md->sp].name,
        type_name(S, md->regs[md->sp].w), md->addr_bits);
}

/* ---- patterns ---------------------------------------------------------------------------- */

/* Names a rule's semantics or template mention, those of the template
 * fragments it uses included (depth bounds a fragment that uses itself,
 * which elab_tpl reports). */
static void collect_names(sm *S, ast *n, ar_vec *out, int depth) {
  if (!n) return;
  if (n->kind == A_IDENT) {
    ar_push(S->ar, out, (void *)n->name);
    sym *c = st_find(&S->syms, n->name);
    if (c && c->kind == SY_CONST && depth < MAX_CONST_NESTING)
      collect_names(S, ((sm_const *)c->ptr)->node->tpl, out, depth + 1);
  }
  for (int i = 0; i < n->nkids; i++) collect_names(S, n->kids[i], out, depth);
  if (n->tpl) collect_names(S, n->tpl, out, depth);
}

static bool rule_uses(ar_vec *names, const char *n) {
  for (int i = 0; i < names->n; i++)
    if (strcmp(names->v[i], n) == 0) return true;
  return false;
}

/* A default context constraint: the variable's index, or -1 if the atom is
 * not a valid default (check_defaults has reported it). */
static int default_ctx(sm *S, ast *at, uint64_t *v) {
  sym *s = at->name ? st_find(&S->syms, at->name) : NULL;
  if (!s || s->kind != SY_CTX || at->flag || !at->has_value) return -1;
  if (at->text) {
    sym *c = st_find(&S->syms, at->text);
    bool neg;
    if (!c || c->kind != SY_CONST || !const_value(S, c, at->loc, v, &neg) || neg) return -1;
  } else
    *v = at->num;
  if (!fits(*v, false, S->md->ctxs[s->index].w) || (int64_t)*v < 0) return -1;
  return s->index;
}

/* Each default constraint of a file or a context block ('context ATOMS;',
 * 'context ATOMS { … }'), once. */
static void check_default(sm *S, ast *conj) {
  for (int j = 0; j < conj->nkids; j++) {
    ast *at = conj->kids[j];
    sym *s = at->name ? st_find(&S->syms, at->name) : NULL;
    if (!at->name) {
      ERR(S, at->loc, "a default constraint names a context variable (NAME=N), not a byte");
      continue;
    }
    if (!s) {
      ERR(S, at->loc, "undefined name '%s' in a default constraint", at->name);
      continue;
    }
    s->used = true;
    if (s->kind != SY_CTX) {
      ERR(S, at->loc, "only context variables can have defaults, and %s '%s' is not one", sym_kind_names[s->kind],
          at->name);
      continue;
    }
    if (at->flag || !at->has_value) {
      ERR(S, at->loc, "a default constraint needs a value (%s=N)", at->name);
      continue;
    }
    uint64_t v;
    if (!atom_value(S, at, &v)) continue;
    md_ctx *c = &S->md->ctxs[s->index];
    if (!fits(v, false, c->w) || (int64_t)v < 0) {
      ERR(S, at->loc, "value does not fit context variable '%s' of %d bits", at->name, c->w);
      continue;
    }
    for (int k = 0; k < j; k++)
      if (conj->kids[k]->name && strcmp(conj->kids[k]->name, at->name) == 0) {
        ERR(S, at->loc, "a second default for '%s' in one declaration", at->name);
        break;
      }
  }
}

/* Merge the default context constraints of an instruction's context blocks
 * (innermost first) and file into its own: a variable the rule constrains
 * itself, or frees with 'NAME=*', keeps the rule's choice.  The constraints
 * come out in the order the defaults name the variables, then the rule's
 * others, so that a rule written out in full and the same rule relying on
 * defaults are the same encoding. */
static void apply_defaults(sm *S, md_rule *r, unsigned any_ctx) {
  ast *n = r->node;
  if (!n->dflt && !n->fdflt) return;
  int idx[8], cnt = 0;
  uint64_t val[8];
  unsigned seen = 0;
  int nsrc = (n->dflt ? n->dflt->nkids : 0) + (n->fdflt ? 1 : 0);
  for (int k = 0; k < nsrc; k++) {
    ast *conj = n->dflt && k < n->dflt->nkids ? n->dflt->kids[k] : n->fdflt;
    for (int j = 0; j < conj->nkids; j++) {
      uint64_t v;
      int c = default_ctx(S, conj->kids[j], &v);
      if (c < 0 || (seen >> c & 1)) continue;
      seen |= 1u << c;
      if (any_ctx >> c & 1) continue;
      for (int q = 0; q < r->ctxn; q++)
        if (r->ctxv_idx[q] == c) v = r->ctxv[q];
      idx[cnt] = c;
      val[cnt++] = v;
    }
  }
  for (int q = 0; q < r->ctxn; q++)
    if (!(seen >> r->ctxv_idx[q] & 1)) {
      idx[cnt] = r->ctxv_idx[q];
      val[cnt++] = r->ctxv[q];
    }
  for (int q = 0; q < cnt; q++) {
    r->ctxv_idx[q] = idx[q];
    r->ctxv[q] = val[q];
  }
  r->ctxn = cnt;
}

/* The atoms of one pattern position, with each named pattern fragment
 * replaced by its atoms (recursively: `stack` holds the fragments being
 * expanded, at most MAX_CONST_NESTING). */
static void expand_atoms(sm *S, ast *conj, ar_vec *out, ast **stack, int depth) {
  for (int j = 0; j < conj->nkids; j++) {
    ast *at = conj->kids[j];
    sym *s = at->name ? st_find(&S->syms, at->name) : NULL;
    if (!s || s->kind != SY_PFRAG) {
      ar_push(S->ar, out, at);
      continue;
    }
    s->used = true;
    if (at->has_value || at->flag) {
      ERR(S, at->loc, "pattern '%s' cannot be compared with a value", at->name);
      continue;
    }
    ast *def = s->ptr;
    bool cycle = false;
    for (int k = 0; k < depth; k++) cycle |= stack[k] == def;
    if (cycle) {
      ERR(S, def->loc, "pattern '%s' uses itself", at->name);
      continue;
    }
    if (depth >= MAX_CONST_NESTING) {
      ERR(S, def->loc, "patterns used inside one another more than %d deep", MAX_CONST_NESTING);
      continue;
    }
    stack[depth] = def;
    expand_atoms(S, def->kids[0], out, stack, depth + 1);
  }
}

/* Build positions, context constraints and bound fields of a rule. */
/* A literal byte (written, or a constant's value) at position p: the
 * `$byte` field's constraint, if no field of another token is there. */
static void literal_byte(sm *S, md_pos *p, const ast *at, uint64_t value) {
  sym *bs = st_find(&S->syms, "$byte");
  md_field *bf = bs->ptr;
  if (p->tok && p->tok != bf->tok) {
    ERR(S, at->loc, "a literal byte cannot share a position with fields of token '%s' (use ';')", p->tok->name);
    return;
  }
  p->tok = bf->tok;
  p->cf[p->ncons] = bf;
  p->cv[p->ncons++] = value;
}

static void build_pattern(sm *S, md_rule *r, ast *pat, ast *sem, ast *tpl) {
  ar_vec used = {0};
  collect_names(S, sem, &used, 0);
  collect_names(S, tpl, &used, 0);
  unsigned any_ctx = 0; /* context variables the rule frees from their defaults with 'NAME=*' */
  /* Each conjunction is one position, plus one joined position (md_pos.join)
   * per table after its first: count them first. */
  ar_vec *conj_atoms = ar_alloc(S->ar, sizeof(ar_vec) * (size_t)(pat->nkids + 1));
  int maxpos = 0;
  for (int i = 0; i < pat->nkids; i++) {
    ast *stack[MAX_CONST_NESTING];
    expand_atoms(S, pat->kids[i], &conj_atoms[i], stack, 0);
    int ntab = 0;
    for (int j = 0; j < conj_atoms[i].n; j++) {
      ast *at = conj_atoms[i].v[j];
      sym *s = at->name ? st_find(&S->syms, at->name) : NULL;
      if (s && s->kind == SY_TABLE) ntab++;
    }
    maxpos += ntab > 1 ? ntab : 1;
  }
  r->pos = ar_alloc(S->ar, sizeof(md_pos) * (size_t)(maxpos + 1));
  ar_vec own = {0}, ownpos = {0};
  int next = 0; /* the first free position */
  for (int ci = 0; ci < pat->nkids; ci++) {
    ast *conj = pat->kids[ci];
    int i = next++; /* this conjunction's position; its joined tables follow it */
    md_pos *p = &r->pos[i];
    p->loc = conj->loc;
    ar_vec atoms = conj_atoms[ci];
    p->cf = ar_alloc(S->ar, sizeof(md_field *) * (size_t)(atoms.n + 1));
    p->cv = ar_alloc(S->ar, sizeof(uint64_t) * (size_t)(atoms.n + 1));
    for (int j = 0; j < atoms.n; j++) {
      ast *at = atoms.v[j];
      sym *cs = at->name && !at->has_value && !at->flag ? st_find(&S->syms, at->name) : NULL;
      if (cs && cs->kind == SY_CONST) { /* a constant standing for a literal byte */
        cs->used = true;
        bool neg;
        uint64_t bv;
        if (!const_value(S, cs, at->loc, &bv, &neg)) continue;
        if (neg || bv > 0xFF) {
          ERR(S, at->loc, "a literal in a pattern is one byte; constant '%s' (%s%llu) does not fit", at->name,
              neg ? "-" : "", (unsigned long long)(neg ? (uint64_t)0 - bv : bv));
          continue;
        }
        literal_byte(S, p, at, bv);
        continue;
      }
      if (!at->name) { /* literal byte */
        if (at->num > 0xFF) {
          ERR(S, at->loc, "a literal in a pattern is one byte; 0x%llx does not fit", (unsigned long long)at->num);
          continue;
        }
        literal_byte(S, p, at, at->num);
        continue;
      }
      sym *s = st_find(&S->syms, at->name);
      if (!s) {
        ERR(S, at->loc, "undefined name '%s' in pattern", at->name);
        continue;
      }
      s->used = true;
      if (at->flag && s->kind != SY_CTX) {
        ERR(S, at->loc, "'%s=*' (any value) is only for context variables, and %s '%s' is not one",
            at->name, sym_kind_names[s->kind], at->name);
        continue;
      }
      uint64_t atv = 0;
      if (at->has_value && !atom_value(S, at, &atv)) continue;
      if (s->kind == SY_CTX) {
        if (at->flag) { /* no constraint: overrides a default */
          any_ctx |= 1u << s->index;
          continue;
        }
        if (!at->has_value) {
          ERR(S, at->loc, "context variable '%s' needs a value in a pattern (%s=N)", at->name, at->name);
          continue;
        }
        md_ctx *c = &S->md->ctxs[s->index];
        if (!fits(atv, (int64_t)atv < 0, c->w) || (int64_t)atv < 0) {
          ERR(S, at->loc, "value does not fit context variable '%s' of %d bits; this rule can never match", at->name, c->w);
          continue;
        }
        bool dup = false;
        for (int q = 0; q < r->ctxn; q++)
          if (r->ctxv_idx[q] == s->index) {
            dup = true;
            if (r->ctxv[q] != atv) ERR(S, at->loc, "contradictory constraints on '%s'; this rule can never match", at->name);
          }
        if (!dup) {
          if (r->ctxn >= 8) { ERR(S, at->loc, "too many context constraints"); continue; }
          r->ctxv_idx[r->ctxn] = s->index;
          r->ctxv[r->ctxn++] = atv;
        }
        continue;
      }
      if (s->kind == SY_TABLE) {
        if (at->has_value) {
          ERR(S, at->loc, "table '%s' cannot be compared with a value", at->name);
          continue;
        }
        bool twice = false;
        for (int q = 0; q < next && !twice; q++)
          if (r->pos[q].sub == s->ptr) {
            ERR(S, at->loc, "table '%s' appears twice in one pattern", at->name);
            twice = true;
          }
        if (twice) continue;
        if (p->sub) { /* a further table at this position: a joined position */
          md_pos *q = &r->pos[next++];
          q->join = true;
          q->sub = s->ptr;
          q->loc = at->loc;
        } else {
          p->sub = s->ptr;
        }
        ((md_table *)s->ptr)->used = true;
        continue;
      }
      if (s->kind != SY_FIELD) {
        ERR(S, at->loc, "%s '%s' cannot appear in a pattern (expected a field, a context variable or a table)",
            sym_kind_names[s->kind], at->name);
        continue;
      }
      md_field *f = s->ptr;
      if (p->tok && p->tok != f->tok) {
        if (p->tok->name[0] == 'b' && !strcmp(p->tok->name, "byte") && p->ncons && p->cf[0]->name[0] == '$')
          ERR(S, at->loc, "a literal byte is a position of its own; separate it from field '%s' with ';'", at->name);
        else
          ERR(S, at->loc, "field '%s' belongs to token '%s', but this position already reads token '%s' (use ';' to move on)",
              at->name, f->tok->name, p->tok->name);
        continue;
      }
      for (int q = 0; q < i; q++)
        if (r->pos[q].tok == f->tok) {
          bool mentioned = false;
          for (int z = 0; z < own.n; z++) if (own.v[z] == f) mentioned = true;
          if (mentioned) {
            ERR(S, at->loc, "field '%s' is bound twice in one pattern", at->name);
            break;
          }
        }
      p->tok = f->tok;
      if (at->has_value) {
        uint64_t v = atv;
        bool neg = (int64_t)v < 0;
        bool ok = neg ? (f->is_signed && fits(v, true, f->w)) : fits(v, false, f->w);
        if (!ok) {
          ERR(S, at->loc, "%s%llu does not fit in field '%s' (%s%d bits); this rule can never match",
              neg ? "-" : "", (unsigned long long)(neg ? (uint64_t)0 - v : v), f->name,
              f->is_signed ? "signed, " : "", f->w);
          continue;
        }
        v &= mask_of(f->w);
        bool dup = false;
        for (int q = 0; q < p->ncons; q++)
          if (p->cf[q] == f) {
            dup = true;
            if (p->cv[q] != v)
              ERR(S, at->loc, "contradictory constraints on field '%s'; this rule can never match", f->name);
          }
        if (!dup) {
          p->cf[p->ncons] = f;
          p->cv[p->ncons++] = v;
        }
        if (rule_uses(&used, f->name)) {
          bool have = false;
          for (int z = 0; z < own.n; z++) if (own.v[z] == f) have = true;
          if (!have) {
            ar_push(S->ar, &own, f);
            ar_push(S->ar, &ownpos, (void *)(intptr_t)i);
          }
        }
      } else {
        bool have = false;
        for (int z = 0; z < own.n; z++) if (own.v[z] == f) have = true;
        if (!have) {
          ar_push(S->ar, &own, f);
          ar_push(S->ar, &ownpos, (void *)(intptr_t)i);
        }
        if (!rule_uses(&used, f->name))
          dg_warning(S->d, at->loc, "field '%s' is bound but never used", f->name);
      }
    }
  }
  r->npos = next;
  /* fields used in semantics/template whose token is at a position are bound implicitly */
  for (int i = 0; i < r->npos; i++) {
    md_token *t = r->pos[i].tok;
    if (!t) continue;
    for (int j = 0; j < t->nf; j++) {
      md_field *f = t->f[j];
      if (!rule_uses(&used, f->name)) continue;
      bool have = false;
      for (int z = 0; z < own.n; z++) if (own.v[z] == f) have = true;
      if (have) continue;
      for (int q = i + 1; q < r->npos; q++)
        if (r->pos[q].tok == t) {
          ERR(S, r->pos[q].loc, "token '%s' appears more than once in this pattern, so field '%s' is ambiguous; name it at the position you mean",
              t->name, f->name);
          break;
        }
      ar_push(S->ar, &own, f);
      ar_push(S->ar, &ownpos, (void *)(intptr_t)i);
    }
  }
  if (r->is_insn) apply_defaults(S, r, any_ctx);
  r->own = (md_field **)own.v;
  r->nown = own.n;
  r->own_pos = ar_alloc(S->ar, sizeof(int) * (size_t)(own.n + 1));
  for (int k = 0; k < own.n; k++) r->own_pos[k] = (int)(intptr_t)ownpos.v[k];
}

/* Slot budget of a table: fields and alternative slots its subtree needs. */
#define MAX_TABLE_NESTING 64
static void size_table(sm *S, md_table *t, sloc use);

static void size_rule(sm *S, md_rule *r) {
  int nf = r->nown, na = 0;
  for (int i = 0; i < r->npos; i++) {
    md_pos *p = &r->pos[i];
    if (!p->sub) continue;
    size_table(S, p->sub, p->loc);
    p->sub_alt_slot = na;
    p->sub_alt_base = na + 1;
    p->sub_field_base = nf;
    na += 1 + p->sub->nalts_slots;
    nf += p->sub->nfields;
  }
  r->nfields = nf;
  r->nalts = na;
}

static void size_table(sm *S, md_table *t, sloc use) {
  if (t->sized) return;
  if (t->busy) {
    ERR(S, use, "table '%s' refers to itself", t->name);
    t->sized = true;
    return;
  }
  if (S->table_depth >= MAX_TABLE_NESTING) { /* the passes after this one recurse through sub-tables */
    ERR(S, use, "sub-tables nested more than %d deep at '%s'", MAX_TABLE_NESTING, t->name);
    t->sized = true;
    return;
  }
  t->busy = true;
  S->table_depth++;
  for (int i = 0; i < t->nalts; i++) {
    size_rule(S, t->alts[i]);
    if (t->alts[i]->nfields > t->nfields) t->nfields = t->alts[i]->nfields;
    if (t->alts[i]->nalts > t->nalts_slots) t->nalts_slots = t->alts[i]->nalts;
  }
  S->table_depth--;
  t->busy = false;
  t->sized = true;
}

/* ---- templates ------------------------------------------------------------------------------ */

static ir_tpl *elab_tpl(sm *S, ast *tpl, md_rule *r);

static void tpl_add(sm *S, ir_tpl *t, ir_tpart p) {
  GROW(S, t->p, t->n, t->cap);
  t->p[t->n++] = p;
}

static const char *const fmts[] = {"d", "s", "x", "sx", "h", "sh", "+s", "+sx", "+sh", NULL};

static ir_expr *subst_vars(sm *S, ir_expr *e, ir_block *defs) {
  if (e->op == IR_VAR)
    for (int i = defs->n - 1; i >= 0; i--)
      if (defs->s[i]->a == e->a) return subst_vars(S, defs->s[i]->e[0], defs);
  if (!e->nk) return e;
  ir_expr *n = ar_alloc(S->ar, sizeof *n);
  *n = *e;
  n->k = ar_alloc(S->ar, sizeof(ir_expr *) * (size_t)e->nk);
  for (int i = 0; i < e->nk; i++) n->k[i] = subst_vars(S, e->k[i], defs);
  return n;
}

/* A template value or choice condition: elaborated, and required to be known
 * at decode time.  NULL after an error (reported). */
static ir_expr *tpl_static(sm *S, ast *e, sloc loc) {
  ir_block scratch = {0};
  ir_block *saved = S->cur;
  S->cur = &scratch;
  S->no_hoist++;
  ir_expr *v = elab(S, e, TY_INT);
  S->no_hoist--;
  S->cur = saved;
  if (v->w == TY_ERR) return NULL;
  if (v->w == TY_INT) v = coerce(S, v, 64, loc);
  /* helper calls leave immutable temporaries behind: substitute them */
  bool pure = true;
  for (int i = 0; i < scratch.n; i++)
    if (scratch.s[i]->op != IR_S_SETVAR || !scratch.s[i]->e[0]->stat) pure = false;
  if (pure && scratch.n) v = subst_vars(S, v, &scratch);
  if (!v->stat || !pure) {
    ERR(S, e->loc, "template values must be known at decode time (fields, context, PC, next, constants)");
    return NULL;
  }
  return v;
}

/* {COND ? "then" : "else"}: the condition must be a bool known at decode time. */
static void tpl_choice(sm *S, ir_tpl *t, ast *c, md_rule *r) {
  ir_expr *v = tpl_static(S, c->kids[0], c->kids[0]->loc);
  ir_tpart part = {.kind = IR_T_CHOICE, .e = v, .nalts = 2};
  if (v && v->w != TY_BOOL) {
    ERR(S, c->kids[0]->loc, "a template choice needs a bool condition, not %s", type_name(S, v->w));
    v = NULL;
  }
  part.alts = ar_alloc(S->ar, sizeof(ir_tpl *) * 2);
  part.alts[0] = elab_tpl(S, c->kids[1], r);
  part.alts[1] = elab_tpl(S, c->kids[2], r);
  if (v) tpl_add(S, t, part);
}

static void tpl_expr(sm *S, ir_tpl *t, ast *e, const char *fmt, sloc loc, sloc fmtloc) {
  if (fmt) {
    int k = 0;
    while (fmts[k] && strcmp(fmts[k], fmt) != 0) k++;
    if (!fmts[k]) {
      ERR(S, fmtloc, "unknown format '%s' (expected d, s, x, sx, h, sh, +s, +sx or +sh)", fmt);
      return;
    }
  }
  /* registers print by name, tables by their alternative's template */
  if (e->kind == A_IDENT && !scope_find(S, e->name)) {
    sym *s = st_find(&S->syms, e->name);
    if (s && (s->kind == SY_REG || s->kind == SY_ALIAS) && !fmt) {
      s->used = true;
      tpl_add(S, t, (ir_tpart){.kind = IR_T_TEXT, .text = e->name});
      return;
    }
    if (s && s->kind == SY_TABLE && !fmt) {
      md_table *tb = s->ptr;
      s->used = true;
      int p = table_pos(S, tb);
      if (p < 0) {
        ERR(S, e->loc, "table '%s' is not part of this rule's pattern", e->name);
        return;
      }
      md_pos *pos = &S->rs.rule->pos[p];
      ir_tpart part = {.kind = IR_T_ALT, .a = S->rs.abase + pos->sub_alt_slot, .nalts = tb->nalts, .tab = tb,
                       .fb = S->rs.fbase + pos->sub_field_base, .ab = S->rs.abase + pos->sub_alt_base};
      part.alts = ar_alloc(S->ar, sizeof(ir_tpl *) * (size_t)(tb->nalts ? tb->nalts : 1));
      rscope saved = S->rs;
      for (int i = 0; i < tb->nalts; i++) {
        md_rule *alt = tb->alts[i];
        S->rs = (rscope){alt, saved.fbase + pos->sub_field_base, saved.abase + pos->sub_alt_base};
        if (alt->node->tpl) {
          part.alts[i] = elab_tpl(S, alt->node->tpl, alt);
        } else if (alt->node->nkids > 1) {
          part.alts[i] = ar_alloc(S->ar, sizeof(ir_tpl));
          tpl_expr(S, part.alts[i], alt->node->kids[1], NULL, alt->node->kids[1]->loc, alt->node->kids[1]->loc);
        } else {
          part.alts[i] = ar_alloc(S->ar, sizeof(ir_tpl));
        }
      }
      S->rs = saved;
      tpl_add(S, t, part);
      return;
    }
  }
  if (e->kind == A_INDEX && e->kids[0]->kind == A_IDENT && !fmt) {
    sym *s = st_find(&S->syms, e->kids[0]->name);
    if (s && s->kind == SY_CLASS) {
      s->used = true;
      md_class *c = &S->md->classes[s->index];
      ir_expr *ix = elab(S, e->kids[1], TY_INT);
      if (ix->w == TY_INT) ix = coerce(S, ix, 32, e->kids[1]->loc);
      if (!class_index_check(S, c, ix, e->kids[1]->loc)) return;
      tpl_add(S, t, (ir_tpart){.kind = IR_T_CREG, .a = (int)(c - S->md->classes), .e = ix});
      return;
    }
  }
  ir_expr *v = tpl_static(S, e, loc);
  if (!v) return;
  if (v->w == TY_BOOL) v = zext(S, v, 1);
  const char *f = fmt;
  if (!f) {
    f = "d";
    if (v->op == IR_FIELD) {
      md_rule *r = S->rs.rule;
      int idx = v->a - S->rs.fbase;
      if (r && idx >= 0 && idx < r->nown && r->own[idx]->is_signed) f = "s";
    }
  }
  tpl_add(S, t, (ir_tpart){.kind = IR_T_VALUE, .e = v, .fmt = f});
}

/* The parts of `tpl` appended to `t`; a placeholder {NAME} naming a
 * template constant stands for the constant's parts. */
static void elab_tpl_into(sm *S, ir_tpl *t, ast *tpl, md_rule *r) {
  for (int i = 0; i < tpl->nkids; i++) {
    ast *p = tpl->kids[i];
    if (p->kind == A_TTEXT) tpl_add(S, t, (ir_tpart){.kind = IR_T_TEXT, .text = p->text});
    else if (p->kind == A_TCHOICE) tpl_choice(S, t, p, r);
    else {
      sym *c = p->kids[0]->kind == A_IDENT && !scope_find(S, p->kids[0]->name) ? st_find(&S->syms, p->kids[0]->name) : NULL;
      sm_const *k = c && c->kind == SY_CONST ? c->ptr : NULL;
      if (k && k->node->tpl) {
        c->used = true;
        if (p->text) {
          ERR(S, p->type->loc, "template constant '%s' takes no format", c->name);
          continue;
        }
        if (k->state == 1) {
          ERR(S, k->node->loc, "template constant '%s' uses itself", c->name);
          k->state = 3;
          continue;
        }
        if (k->state == 3) continue;
        if (S->tpl_depth >= MAX_CONST_NESTING) {
          ERR(S, k->node->loc, "template constants used inside one another more than %d deep", MAX_CONST_NESTING);
          k->state = 3;
          continue;
        }
        k->state = 1;
        S->tpl_depth++;
        elab_tpl_into(S, t, k->node->tpl, r);
        S->tpl_depth--;
        if (k->state == 1) k->state = 0;
        continue;
      }
      tpl_expr(S, t, p->kids[0], p->text, p->loc, p->type ? p->type->loc : p->loc);
    }
  }
}

static ir_tpl *elab_tpl(sm *S, ast *tpl, md_rule *r) {
  ir_tpl *t = ar_alloc(S->ar, sizeof *t);
  elab_tpl_into(S, t, tpl, r);
  return t;
}

/* ---- the whole spec ------------------------------------------------------------------------ */

static bool writes_pc_block(ir_block *b);
static bool writes_pc_stmt(ir_stmt *s) {
  if (s->op == IR_S_SETPC) return true;
  for (int i = 0; i < s->nbody; i++)
    if (writes_pc_block(&s->body[i])) return true;
  return false;
}
static bool writes_pc_block(ir_block *b) {
  for (int i = 0; i < b->n; i++)
    if (writes_pc_stmt(b->s[i])) return true;
  return false;
}

/* Does every path through b assign PC (or trap)? */
static bool always_leaves_block(ir_block *b);
static bool always_leaves_stmt(ir_stmt *s) {
  if (s->op == IR_S_SETPC || s->op == IR_S_TRAP) return true;
  if (s->op == IR_S_IF) return always_leaves_block(&s->body[0]) && always_leaves_block(&s->body[1]);
  if (s->op == IR_S_ALT) {
    for (int i = 0; i < s->nbody; i++)
      if (!always_leaves_block(&s->body[i])) return false;
    return s->nbody > 0;
  }
  return false;
}
static bool always_leaves_block(ir_block *b) {
  for (int i = 0; i < b->n; i++)
    if (always_leaves_stmt(b->s[i])) return true;
  return false;
}

static ir_stmt *first_pc_write(ir_block *b) {
  for (int i = 0; i < b->n; i++) {
    if (b->s[i]->op == IR_S_SETPC) return b->s[i];
    for (int k = 0; k < b->s[i]->nbody; k++) {
      ir_stmt *w = first_pc_write(&b->s[i]->body[k]);
      if (w) return w;
    }
  }
  return NULL;
}

static void do_insn(sm *S, md_rule *r) {
  ast *n = r->node;
  S->nodes = 0;
  S->too_big = false;
  S->insn = r;
  S->locals = (ar_vec){0};
  S->nscope = 0;
  S->rs = (rscope){r, 0, 0};
  S->writes_pc = false;
  S->cond_depth = 0;
  S->no_hoist = 0;
  r->body = ar_alloc(S->ar, sizeof(ir_block));
  r->flow = -1;
  if (!n->flow) r->flow = 0; /* fallthrough, the default */
  else {
    for (int i = 0; i < MD_NFLOWS; i++)
      if (strcmp(md_flow_names[i], n->flow->name) == 0) r->flow = i;
    if (r->flow < 0)
      ERR(S, n->flow->loc, "unknown flow class '%s' (expected fallthrough, jump, cjump, call, return, ijump, icall, syscall or halt)",
          n->flow->name);
  }
  if (!n->tpl) ERR(S, r->loc, "instruction '%s' has no asm template", r->name);
  else r->tpl = elab_tpl(S, n->tpl, r);
  elab_block(S, n->kids[1], r->body);
  r->locals = (ir_local **)S->locals.v;
  r->nlocals = S->locals.n;
  if (r->nfields > 32) ERR(S, r->loc, "instruction '%s' needs %d field slots; the limit is 32", r->name, r->nfields);
  if (r->nalts > 16) ERR(S, r->loc, "instruction '%s' needs %d sub-table slots; the limit is 16", r->name, r->nalts);
  if (r->flow == 7 && S->md->sys_number < 0)
    ERR(S, r->loc, "instruction '%s' has flow class syscall, but the arch declares no syscall convention", r->name);
  if (r->flow == 0 && writes_pc_block(r->body)) {
    if (n->flow) ERR(S, r->loc, "instruction '%s' writes PC but its flow class is fallthrough", r->name);
    else ERR(S, r->loc, "instruction '%s' writes PC but has no flow clause (the default is fallthrough)", r->name);
    ir_stmt *w = first_pc_write(r->body);
    if (w) dg_note(S->d, w->loc, "PC is written here");
    if (w && w->has_site) dg_note(S->d, w->site, "in the call of '%s' here", w->site_fn);
  }
  r->may_fall = !always_leaves_block(r->body);
  if (r->flow > 0 && r->flow <= 6 && !writes_pc_block(r->body))
    ERR(S, r->loc, "instruction '%s' has flow class %s but never writes PC", r->name, md_flow_names[r->flow]);
}

/* A helper nobody calls is still checked, with arguments of its declared
 * types (generic `bv` parameters cannot be instantiated, so those wait). */
static void check_unused_fn(sm *S, sym *fs) {
  ast *fn = fs->ptr;
  ast *params = fn->kids[0];
  ast *call = ast_new(S->ar, A_CALL, fn->loc);
  call->name = fn->name;
  S->locals = (ar_vec){0};
  S->nscope = 0;
  S->rs = (rscope){NULL, 0, 0};
  S->cond_depth = S->no_hoist = 0;
  ir_block scratch = {0};
  S->cur = &scratch;
  for (int i = 0; i < params->nkids; i++) {
    int pt = parse_type(S, params->kids[i]->type, true);
    if (pt == -3 || pt == TY_ERR) return;
    const char *nm = ar_printf(S->ar, "$arg%d", i);
    scope_push(S, nm, new_local(S, nm, pt, false), false, fn->loc);
    ast *arg = ast_new(S->ar, A_IDENT, params->kids[i]->loc);
    arg->name = nm;
    ast_add(S->ar, call, arg);
  }
  S->synthetic_call = true;
  call_fn(S, call, fs, fn->type == NULL);
  S->synthetic_call = false;
  S->cur = NULL;
}

/* sm_build, step by step.  The order of the steps is the order of the
 * spec's dependencies: aliases refer to registers, classes to registers and
 * aliases, the arch block to registers and classes, prefixes to context
 * variables, patterns to tokens and tables, bodies to all of them.  Each
 * step reports its own errors and goes on, so one run lists them all. */

/* An empty model: no PC, SP or system-call convention declared yet. */
static md_spec *new_spec(sm *S) {
  md_spec *md = ar_alloc(S->ar, sizeof *md);
  md->ar = S->ar;
  md->dg = S->d;
  md->pc = md->sp = -1;
  md->sys_number = md->sys_result = md->sys_error = -1;
  for (int i = 0; i < 5; i++) md->sys_svc[i] = -1;
  return md;
}

/* The implicit byte token: its field $byte matches the literal bytes of
 * patterns. */
static void declare_byte_token(sm *S) {
  md_token *bt = ar_alloc(S->ar, sizeof *bt);
  bt->name = "byte";
  bt->bits = 8;
  bt->nbytes = 1;
  md_field *bf = ar_alloc(S->ar, sizeof *bf);
  *bf = (md_field){.name = "$byte", .tok = bt, .nr = 1, .w = 8};
  bf->hi[0] = 7;
  bt->f = ar_alloc(S->ar, sizeof(md_field *));
  bt->f[0] = bf;
  bt->nf = 1;
  sym *bs = ar_alloc(S->ar, sizeof *bs);
  *bs = (sym){"$byte", SY_FIELD, 0, bf, {0}, true};
  st_insert(S->ar, &S->syms, bs);
}

/* reg NAME, ... : TYPE — plain registers, and arrays NAME[N], which are a
 * class of N registers NAME0..NAME{N-1}. */
static void declare_regs(sm *S, ast *n) {
  md_spec *md = S->md;
  int w = parse_type(S, n->type, false);
  for (int j = 0; j < n->nkids; j++) {
    ast *nm = n->kids[j];
    if (!nm->has_value) {
      add_reg(S, nm->name, w, n->flag, nm->loc);
      continue;
    }
    if (nm->num < 1 || nm->num > 1024) {
      ERR(S, nm->loc, "register array size must be 1..1024");
      continue;
    }
    int c = add_class(S, nm->name, (int)nm->num, nm->loc);
    for (uint64_t q = 0; q < nm->num; q++) {
      int r = add_reg(S, ar_printf(S->ar, "%s%llu", nm->name, (unsigned long long)q), w, n->flag, nm->loc);
      if (c >= 0) {
        md->classes[c].reg[q] = r;
        md->classes[c].alias[q] = -1;
        md->classes[c].w = w;
      }
    }
  }
}

static void declare_context(sm *S, ast *n) {
  md_spec *md = S->md;
  if (n->num < 1 || n->num > 32) {
    ERR(S, n->loc, "context variable width must be 1..32");
    return;
  }
  GROW(S, md->ctxs, md->nctxs, S->capctxs);
  md->ctxs[md->nctxs] = (md_ctx){n->name, (int)n->num, n->loc};
  if (md->nctxs >= 8) ERR(S, n->loc, "at most 8 context variables");
  else if (declare(S, n->name, SY_CTX, md->nctxs, NULL, n->loc)) md->nctxs++;
}

/* One field of token t: its bit ranges, checked and concatenated. */
static void declare_field(sm *S, md_token *t, ast *fa) {
  md_field *f = ar_alloc(S->ar, sizeof *f);
  f->name = fa->name;
  f->tok = t;
  f->is_signed = fa->flag;
  f->loc = fa->loc;
  bool ok = true;
  if (fa->nkids > 8) {
    ERR(S, fa->loc, "a field has at most 8 parts");
    ok = false;
  }
  uint64_t used = 0;
  for (int q = 0; q < fa->nkids && q < 8; q++) {
    ast *rg = fa->kids[q];
    if (rg->num < rg->num2) {
      ERR(S, rg->loc, "bit range %llu:%llu is reversed (write high:low)", (unsigned long long)rg->num,
          (unsigned long long)rg->num2);
      ok = false;
      continue;
    }
    if (rg->num >= (uint64_t)t->bits) {
      ERR(S, rg->loc, "bit %llu is outside token '%s' of %d bits", (unsigned long long)rg->num, t->name, t->bits);
      ok = false;
      continue;
    }
    uint64_t m = mask_of((int)(rg->num - rg->num2 + 1)) << rg->num2;
    if (used & m) {
      ERR(S, rg->loc, "parts of field '%s' overlap", f->name);
      ok = false;
    }
    used |= m;
    f->hi[f->nr] = (int)rg->num;
    f->lo[f->nr++] = (int)rg->num2;
    f->w += (int)(rg->num - rg->num2 + 1);
  }
  if (f->w > 64) {
    ERR(S, fa->loc, "field '%s' is wider than 64 bits", f->name);
    ok = false;
  }
  if (!ok) {
    /* declared anyway (as a 1-bit field) so that its uses do not cascade */
    f->nr = 1;
    f->hi[0] = f->lo[0] = 0;
    f->w = 1;
  }
  if (declare(S, f->name, SY_FIELD, 0, f, f->loc)) t->f[t->nf++] = f;
}

static void declare_token(sm *S, ast *n) {
  md_spec *md = S->md;
  if (n->num != 8 && n->num != 16 && n->num != 32 && n->num != 64) {
    ERR(S, n->loc, "token size must be 8, 16, 32 or 64 bits");
    return;
  }
  md_token *t = ar_alloc(S->ar, sizeof *t);
  t->name = n->name;
  t->bits = (int)n->num;
  t->nbytes = t->bits / 8;
  t->loc = n->loc;
  t->f = ar_alloc(S->ar, sizeof(md_field *) * (size_t)(n->nkids + 1));
  if (!declare(S, n->name, SY_TOKEN, 0, t, n->loc)) return;
  for (int j = 0; j < n->nkids; j++) declare_field(S, t, n->kids[j]);
  GROW(S, md->tokens, md->ntokens, S->captokens);
  md->tokens[md->ntokens++] = t;
}

/* A table's name and type; its alternatives wait for build_patterns. */
static void declare_table(sm *S, ast *n) {
  md_spec *md = S->md;
  md_table *t = ar_alloc(S->ar, sizeof *t);
  t->name = n->name;
  t->node = n;
  t->loc = n->loc;
  t->is_loc = n->flag;
  t->has_export = n->type != NULL;
  t->w = n->type ? parse_type(S, n->type, false) : TY_ERR;
  if (!declare(S, n->name, SY_TABLE, md->ntables, t, n->loc)) return;
  GROW(S, md->tables, md->ntables, S->captables);
  md->tables[md->ntables++] = t;
}

/* A helper's name and its parameters' names; its body is checked where it
 * is called (or by check_unused_fn). */
static void declare_fn(sm *S, ast *n) {
  if (!declare(S, n->name, SY_FN, 0, n, n->loc)) return;
  ast *params = n->kids[0];
  for (int j = 0; j < params->nkids; j++) {
    sym *g = st_find(&S->syms, params->kids[j]->name);
    if (g && g->name[0] != '$' && g->kind != SY_FN) {
      ERR(S, params->kids[j]->loc, "parameter '%s' has the name of a %s", params->kids[j]->name,
          sym_kind_names[g->kind]);
      dg_note(S->d, g->loc, "%s '%s' is defined here", sym_kind_names[g->kind], g->name);
    }
  }
  for (int j = 0; j < params->nkids; j++)
    for (int q = 0; q < j; q++)
      if (strcmp(params->kids[j]->name, params->kids[q]->name) == 0)
        ERR(S, params->kids[j]->loc, "duplicate parameter '%s'", params->kids[j]->name);
}

static void declare_insn(sm *S, ast *n) {
  md_spec *md = S->md;
  for (int j = 0; j < md->ninsns; j++)
    if (strcmp(md->insns[j]->name, n->name) == 0) {
      ERR(S, n->loc, "redefinition of instruction '%s'", n->name);
      dg_note(S->d, md->insns[j]->loc, "previous definition is here");
      return;
    }
  md_rule *r = ar_alloc(S->ar, sizeof *r);
  r->name = n->name;
  r->is_insn = true;
  r->node = n;
  r->loc = n->loc;
  r->index = md->ninsns;
  GROW(S, md->insns, md->ninsns, S->capinsns);
  md->insns[md->ninsns++] = r;
}

/* Step 1: every name that does not refer to another declaration, in the
 * order of the spec. */
static void declare_names(sm *S, ast **decls, int ndecls) {
  for (int i = 0; i < ndecls; i++) {
    ast *n = decls[i];
    switch (n->kind) {
    case A_ARCH:
      if (S->arch) {
        ERR(S, n->loc, "second arch declaration");
        dg_note(S->d, S->arch->loc, "first arch declaration is here");
      } else
        S->arch = n;
      break;
    case A_REG:
      declare_regs(S, n);
      break;
    case A_FLAG:
      for (int j = 0; j < n->nkids; j++) add_reg(S, n->kids[j]->name, TY_BOOL, false, n->kids[j]->loc);
      break;
    case A_CONTEXT:
      declare_context(S, n);
      break;
    case A_TOKEN:
      declare_token(S, n);
      break;
    case A_TABLE:
      declare_table(S, n);
      break;
    case A_FN:
      declare_fn(S, n);
      break;
    case A_INSN:
      declare_insn(S, n);
      break;
    case A_PFRAG:
      declare(S, n->name, SY_PFRAG, 0, n, n->loc);
      break;
    case A_CONST: {
      sm_const *c = ar_alloc(S->ar, sizeof *c);
      c->node = n;
      declare(S, n->name, SY_CONST, 0, c, n->loc);
      break;
    }
    default:
      break;
    }
  }
}

/* alias NAME = REG[hi:lo], REG[bit] or CLASS[i] (the whole element). */
static void declare_alias(sm *S, ast *n) {
  md_spec *md = S->md;
  ast *t = n->kids[0];
  int64_t hi = -1, lo = -1;
  ast *base = t->kind == A_SLICE || t->kind == A_INDEX ? t->kids[0] : t;
  sym *s = base->kind == A_IDENT ? st_find(&S->syms, base->name) : NULL;
  int reg = -1;
  if (t->kind == A_INDEX && t->kids[0]->kind == A_IDENT) {
    sym *cs = st_find(&S->syms, t->kids[0]->name);
    if (cs && cs->kind == SY_CLASS) { /* alias X = r[3]: the whole element */
      base = t;
      s = NULL;
    }
  }
  if (s && s->kind == SY_REG) reg = s->index;
  else if (base->kind == A_INDEX) {
    reg = setting_reg(S, base);
    if (reg < 0) return;
  } else {
    ERR(S, base->loc, "an alias must name a slice of a register: %s = REG[hi:lo]", n->name);
    return;
  }
  if (s) s->used = true;
  if (t == base) {
    hi = md->regs[reg].w - 1;
    lo = 0;
  } else {
    if (!const_int(S, t->kids[1], &hi)) return;
    lo = hi;
    if (t->kind == A_SLICE && !const_int(S, t->kids[2], &lo)) return;
  }
  int rw = md->regs[reg].w;
  if (rw == TY_BOOL) {
    ERR(S, t->loc, "cannot alias bits of flag '%s'", md->regs[reg].name);
    return;
  }
  if (hi < lo || lo < 0 || hi >= rw) {
    ERR(S, t->loc, "bit range [%lld:%lld] is outside register '%s' (%s)", (long long)hi, (long long)lo,
        md->regs[reg].name, type_name(S, rw));
    return;
  }
  GROW(S, md->aliases, md->naliases, S->capaliases);
  md->aliases[md->naliases] = (md_alias){
      n->name, reg, (int)hi, (int)lo, t->kind == A_INDEX && t != base ? TY_BOOL : (int)(hi - lo + 1), n->loc};
  if (declare(S, n->name, SY_ALIAS, md->naliases, NULL, n->loc)) md->naliases++;
}

/* class NAME { elements }: registers or aliases of one width. */
static void declare_class(sm *S, ast *n) {
  md_spec *md = S->md;
  int c = add_class(S, n->name, n->nkids, n->loc);
  if (c < 0) return;
  md_class *cl = &md->classes[c];
  cl->w = TY_ERR;
  if (!n->nkids) ERR(S, n->loc, "class '%s' is empty", n->name);
  for (int j = 0; j < n->nkids; j++) {
    ast *el = n->kids[j];
    cl->reg[j] = 0;
    cl->alias[j] = -1;
    sym *s = el->kind == A_IDENT ? st_find(&S->syms, el->name) : NULL;
    int w;
    if (s && s->kind == SY_REG) {
      cl->reg[j] = s->index;
      w = md->regs[s->index].w;
    } else if (s && s->kind == SY_ALIAS) {
      cl->alias[j] = s->index;
      cl->reg[j] = md->aliases[s->index].reg;
      w = md->aliases[s->index].w;
    } else {
      ERR(S, el->loc, "class elements must be registers or aliases");
      continue;
    }
    s->used = true;
    if (cl->w == TY_ERR) cl->w = w;
    else if (cl->w != w)
      ERR(S, el->loc, "class '%s' mixes %s and %s elements", n->name, type_name(S, cl->w), type_name(S, w));
  }
}

/* Steps 2 and 3: aliases (they refer to registers), then classes (to
 * registers and aliases). */
static void declare_aliases_and_classes(sm *S, ast **decls, int ndecls) {
  for (int i = 0; i < ndecls; i++)
    if (decls[i]->kind == A_ALIAS) declare_alias(S, decls[i]);
  for (int i = 0; i < ndecls; i++)
    if (decls[i]->kind == A_CLASS) declare_class(S, decls[i]);
}

/* Step 4: the arch block (it names registers and classes) and what it
 * implies for the rest of the spec. */
static void check_arch(sm *S) {
  md_spec *md = S->md;
  if (!S->arch) {
    dg_error(S->d, (sloc){0, 1, 1, 1, 1}, "the spec has no arch declaration");
  } else
    do_arch(S, S->arch);
  if (!md->addr_bits) md->addr_bits = 32;
  /* the PC must not be reachable through a class: writes to it would escape
   * the flow-class check */
  for (int c = 0; c < md->nclasses && md->pc >= 0; c++)
    for (int j = 0; j < md->classes[c].n; j++)
      if (md->classes[c].reg[j] == md->pc) {
        ERR(S, md->classes[c].loc, "the program counter '%s' cannot be an element of class '%s'; declare it as a register of its own",
            md->regs[md->pc].name, md->classes[c].name);
        break;
      }
  sloc archloc = S->arch ? S->arch->loc : (sloc){0, 1, 1, 1, 1};
  if (md->elf_machine > 0xFFFF) ERR(S, archloc, "elf machine number %llu does not fit in 16 bits", (unsigned long long)md->elf_machine);
  if (md->addr_bits < 64 && md->stack_top > mask_of(md->addr_bits))
    ERR(S, archloc, "initial stack 0x%llx is outside the %d-bit address space", (unsigned long long)md->stack_top, md->addr_bits);
  if (!md->ninsns && S->arch) ERR(S, S->arch->loc, "the spec declares no instructions");
}

/* A prefix's text: its template's text pieces joined (placeholders are
 * reported). */
static const char *prefix_text(sm *S, ast *tpl) {
  for (int j = 0; j < tpl->nkids; j++)
    if (tpl->kids[j]->kind != A_TTEXT) ERR(S, tpl->kids[j]->loc, "prefix text cannot have placeholders");
  if (tpl->nkids <= 1) return tpl->nkids ? tpl->kids[0]->text : "";
  size_t len = 0;
  for (int j = 0; j < tpl->nkids; j++)
    if (tpl->kids[j]->kind == A_TTEXT) len += strlen(tpl->kids[j]->text);
  char *s = ar_alloc(S->ar, len + 1);
  for (int j = 0; j < tpl->nkids; j++)
    if (tpl->kids[j]->kind == A_TTEXT) strcat(s, tpl->kids[j]->text);
  return s;
}

/* prefix BYTE [asm "text"] { ctx = value, ... } */
static void declare_prefix(sm *S, ast *n) {
  md_spec *md = S->md;
  if (n->num > 0xFF) {
    ERR(S, n->loc, "a prefix is one byte; 0x%llx does not fit", (unsigned long long)n->num);
    return;
  }
  if (md->nprefixes >= 32) {
    ERR(S, n->loc, "at most 32 prefixes");
    return;
  }
  GROW(S, md->prefixes, md->nprefixes, S->capprefixes);
  md_prefix *p = &md->prefixes[md->nprefixes];
  memset(p, 0, sizeof *p);
  p->byte = (uint8_t)n->num;
  p->loc = n->loc;
  for (int j = 0; j < md->nprefixes; j++)
    if (md->prefixes[j].byte == p->byte) {
      ERR(S, n->loc, "duplicate prefix 0x%02x", p->byte);
      dg_note(S->d, md->prefixes[j].loc, "previous definition is here");
    }
  if (n->tpl) p->asm_text = prefix_text(S, n->tpl);
  for (int j = 0; j < n->nkids; j++) {
    ast *a = n->kids[j];
    sym *s = st_find(&S->syms, a->name);
    if (!s || s->kind != SY_CTX) {
      ERR(S, a->loc, "'%s' is not a context variable", a->name);
      continue;
    }
    s->used = true;
    if (!fits(a->num, false, md->ctxs[s->index].w)) {
      ERR(S, a->loc, "%llu does not fit in context variable '%s' of %d bits", (unsigned long long)a->num, a->name,
          md->ctxs[s->index].w);
      continue;
    }
    if (p->n >= 8) continue;
    p->ctx[p->n] = s->index;
    p->val[p->n++] = a->num;
  }
  md->nprefixes++;
}

/* Step 5: prefixes (they set context variables). */
static void declare_prefixes(sm *S, ast **decls, int ndecls) {
  for (int i = 0; i < ndecls; i++)
    if (decls[i]->kind == A_PREFIX) declare_prefix(S, decls[i]);
}

/* A table's alternatives, each a rule with its pattern. */
static void build_table_alts(sm *S, md_table *t) {
  ast *n = t->node;
  t->alts = ar_alloc(S->ar, sizeof(md_rule *) * (size_t)(n->nkids + 1));
  if (!n->nkids) ERR(S, t->loc, "table '%s' has no alternatives", t->name);
  for (int j = 0; j < n->nkids; j++) {
    ast *an = n->kids[j];
    md_rule *r = ar_alloc(S->ar, sizeof *r);
    r->name = t->name;
    r->table = t;
    r->index = t->nalts;
    r->node = an;
    r->loc = an->loc;
    if (t->has_export && an->nkids < 2) ERR(S, an->loc, "alternative of table '%s' needs '=> value'", t->name);
    if (!t->has_export && an->nkids > 1)
      ERR(S, an->kids[1]->loc, "table '%s' declares no type, so its alternatives cannot export a value", t->name);
    build_pattern(S, r, an->kids[0], an->nkids > 1 ? an->kids[1] : NULL, an->tpl);
    t->alts[t->nalts++] = r;
  }
}

/* Step 6: the patterns of table alternatives and instructions, then their
 * sizes (a rule's size needs its sub-tables' patterns). */
static void build_patterns(sm *S) {
  md_spec *md = S->md;
  for (int i = 0; i < md->ntables; i++) build_table_alts(S, md->tables[i]);
  for (int i = 0; i < md->ninsns; i++) {
    md_rule *r = md->insns[i];
    build_pattern(S, r, r->node->kids[0], r->node->kids[1], r->node->tpl);
  }
  for (int i = 0; i < md->ntables; i++) size_table(S, md->tables[i], md->tables[i]->loc);
  for (int i = 0; i < md->ninsns; i++) size_rule(S, md->insns[i]);
  if (S->d->nerrors) {
    /* semantic lowering of broken patterns would only add noise */
    for (int i = 0; i < md->ninsns; i++) md->insns[i]->body = ar_alloc(S->ar, sizeof(ir_block));
  }
}

/* One alternative's export (a value or a location of the table's type) and
 * template, elaborated into a scratch block that is thrown away. */
static void check_table_export(sm *S, md_table *t, md_rule *alt) {
  S->locals = (ar_vec){0};
  S->nscope = 0;
  S->rs = (rscope){alt, 0, 0};
  ir_block scratch = {0};
  S->cur = &scratch;
  S->no_hoist = 1;
  if (alt->node->nkids > 1 && t->has_export && t->w != TY_ERR) {
    ast *ex = alt->node->kids[1];
    if (t->is_loc) {
      lval *l = elab_lvalue(S, ex);
      if (l->kind != LV_NONE && l->w != t->w)
        ERR(S, ex->loc, "table '%s' exports %s, but this location is %s", t->name, type_name(S, t->w),
            type_name(S, l->w));
    } else {
      ir_expr *v = elab(S, ex, t->w);
      if (v->w != TY_ERR) {
        v = coerce(S, v, t->w, ex->loc);
        if (v->w != TY_ERR && v->w != t->w)
          ERR(S, ex->loc, "table '%s' exports %s, but this value is %s", t->name, type_name(S, t->w),
              type_name(S, v->w));
      }
    }
  }
  if (alt->node->tpl) elab_tpl(S, alt->node->tpl, alt);
  S->no_hoist = 0;
  S->cur = NULL;
}

/* Step 7: table exports type-check once on their own, so that their errors
 * are reported once and not at every use. */
static void check_table_exports(sm *S) {
  md_spec *md = S->md;
  for (int i = 0; i < md->ntables && !S->d->nerrors; i++)
    for (int j = 0; j < md->tables[i]->nalts; j++) check_table_export(S, md->tables[i], md->tables[i]->alts[j]);
}

/* Step 8: each instruction's semantics lowered to IR, on a spec without
 * errors so far (broken declarations would only add noise). */
static void lower_insns(sm *S) {
  if (S->d->nerrors) return;
  for (int i = 0; i < S->md->ninsns; i++) do_insn(S, S->md->insns[i]);
}

/* Step 9: declarations nothing uses.  Unused helpers are reported only when
 * every body was checked, in the order of the spec, and are then checked
 * on their own. */
static void warn_unused(sm *S) {
  md_spec *md = S->md;
  for (int i = 0; i < md->ntables; i++)
    if (!md->tables[i]->used)
      dg_warning(S->d, md->tables[i]->loc, "table '%s' is never used; its rules are unreachable", md->tables[i]->name);
  ar_vec unused = {0};
  for (int i = 0; i < S->syms.cap && !S->d->nerrors; i++) {
    sym *s = S->syms.slots[i];
    if (s && s->kind == SY_FN && !s->used) ar_push(S->ar, &unused, s);
  }
  /* the symbol table's order is the hash's: sort by position in the spec */
  for (int i = 1; i < unused.n; i++)
    for (int j = i; j > 0; j--) {
      sym *a = unused.v[j - 1], *b = unused.v[j];
      if (a->loc.file < b->loc.file || (a->loc.file == b->loc.file && a->loc.line <= b->loc.line)) break;
      unused.v[j - 1] = b;
      unused.v[j] = a;
    }
  for (int i = 0; i < unused.n; i++) {
    sym *s = unused.v[i];
    dg_warning(S->d, s->loc, "function '%s' is never used", s->name);
    check_unused_fn(S, s);
  }
}

md_spec *sm_build(arena *ar, dg *d, ast **decls, int ndecls) {
  sm SS = {0}, *S = &SS;
  S->ar = ar;
  S->d = d;
  S->md = new_spec(S);
  declare_byte_token(S);
  declare_names(S, decls, ndecls);
  declare_aliases_and_classes(S, decls, ndecls);
  check_arch(S);
  declare_prefixes(S, decls, ndecls);
  for (int i = 0; i < ndecls; i++)
    if (decls[i]->kind == A_PCONJ) check_default(S, decls[i]);
  build_patterns(S);
  check_table_exports(S);
  lower_insns(S);
  warn_unused(S);
  return S->md;
}
