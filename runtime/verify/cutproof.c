/* cutproof.c — a proof by inductive invariants at loop heads (cutproof.h). */
#include "cutproof.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "htab.h"
#include "pre.h"
#include "symstep.h"
#include "xalloc.h"

#define READ_MAX_BYTES 16 /* as loopcand's: the harness's nondet values */
#define MAX_READS 64      /* bytes read at constant addresses from a head's memory, per head */
#define MAX_DEPTH 64      /* pending calls at a head */
#define VAR_ROOM 4096
#define MAX_FIX 128       /* constants of a head's structure */
#define MAX_ROUNDS 6      /* walks with more constants known */
#define NL_QUERY_FACTOR 3 /* a query's time with atoms that multiply variables */
#define MAX_KS 12         /* constants compared with, for bounds */
#define MAX_LOCS 12       /* locations bounded by them */
#define PIN_MAX_CMP 24    /* comparisons looked at for equalities they pin */
#define PIN_QUERY_MS 200  /* the time to show one such equality */
#define MAX_ENTRY 32      /* names of the entry's values of the input (entry_value) */     /* variables the walks may make (fresh system-call results) */

enum { FROM_ENTRY = -1, TO_BAD = -1 };

/* A path from a cut point: to a head (its condition and the state at its
 * end), or to the target or a violation (the condition alone). */
typedef struct seg {
  int from, to;
  bool left; /* it returned from the procedure it started in */
  /* the fixpoint's last check of it found every atom of its end kept, with
   * its start head's atoms after ok_kills drops and its end head's after
   * ok_wakes uncovered (see houdini_seg) */
  bool ok;
  unsigned ok_kills, ok_wakes;
  isa_term cond;
  isa_term *S; /* sized nvars; NULL for a bad path */
} seg;

typedef struct chead {
  uint64_t pc;
  size_t nf;
  isa_term fvar[CP_FRAME_MAX];
  uint64_t fval[CP_FRAME_MAX];
  isa_term *cand; /* the caller's atoms */
  size_t ncand;
  /* per attempt */
  bool off; /* not a cut point in this attempt: on no cycle of paths */
  bool reached, walked;
  size_t order; /* when it was reached, in this round */
  uint64_t depth;
  uint64_t ra[MAX_DEPTH];
  int first; /* the first path to get there */
  isa_term *S0; /* the start state of its walk (sized nvars) */
  isa_term sigma; /* its structure, over the head's variables */
  isa_term guard; /* what every path from the entry to it tested of the input alone (head_guards) */
  uint64_t reads[MAX_READS]; /* memory bytes its paths read at constant addresses */
  size_t nreads;
  /* constants an earlier round's fixpoint kept (registers, memory bytes):
   * part of the structure from then on, so that the walk knows them (a
   * frame pointer reloaded from the frame, the return address it finds) */
  struct fix {
    isa_term var; /* a register, or 0: the memory byte at addr */
    uint64_t addr, val;
  } fix[MAX_FIX];
  size_t nfix;
  size_t a0, na; /* its atoms: c->atom[a0 .. a0 + na) */
  unsigned kills, wakes; /* atoms dropped; covered atoms that a drop uncovered */
} chead;

struct cp_ctx {
  const fold_vocab *v;
  fold_letters *L;
  const mem_space *code;
  smt *solver;
  uint64_t target;
  chead h[CP_MAX_HEADS];
  size_t nh;
  /* per attempt */
  size_t nvars;
  isa_term *vars; /* the state's variables (ss_state_vars) */
  seg *sg;
  size_t nsg, capsg;
  isa_term *atom;  /* all heads' atoms, over the head's variables */
  struct fix *afix; /* per atom: the constant it states (var or addr, val), or addr UINT64_MAX none */
  uint8_t *alive;   /* per atom: 1 stands, 0 dropped, 2 held back (products) */
  /* per atom k: the atoms of its head that imply it by their shape alone
   * (cover[cover0[k] .. cover0[k + 1])): while one of them stands, k is
   * covered, and the queries leave it out (see covered) */
  uint32_t *cover0, *cover;
  size_t capcover;
  uint8_t *has_prod; /* per atom: it multiplies two variables */
  bool products;    /* the fixpoint's second stage: only atoms with products are checked */
  bool first_stage; /* the fixpoint's first stage: paths' tests of products left out */
  size_t natom, capatom, capafix;
  cp_ground_fn gr;
  cp_sample_fn holds;
  void *gctx;
  size_t steps;
  size_t nreached;
  unsigned fresh;
  double deadline;
  bool timeout;
  char why[240]; /* the first thing that ended the attempt */
  bool debug;
  unsigned query_ms; /* the solver's timeout now (set_timeout) */
  /* (head, atom) pairs a fixpoint dropped: every later fixpoint starts
   * without them (fewer atoms is always sound, and the same atoms would
   * mostly fall again, each for a query).  The caller's, so that they
   * outlive this context (the searches of `auto` have terms of their
   * own): keyed by the atom's text. */
  ht_map *dropped;
  /* per attempt: the values the first paths from the entry give the atoms'
   * terms, when they are terms of the input alone (entry_value), each
   * named by a variable of its own ($entry#<hash of its text>), and the
   * conjunction of `name == value` (true facts: a name is its value) */
  isa_term entry_var[MAX_ENTRY], entry_term[MAX_ENTRY];
  size_t nentry;
  isa_term entry_def;
};

/* The key of (pc, atom) in dropped, or 0 when the atom's text is too long
 * to tell it from another. */
static uint64_t drop_key(const cp_ctx *c, uint64_t pc, isa_term a) {
  char buf[1024];
  size_t n = tm_print(c->v->tc, a, buf, sizeof buf);
  if (n >= sizeof buf) return 0;
  uint64_t h = (pc ^ 0x9E3779B97F4A7C15ull) * 0xff51afd7ed558ccdull;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)buf[i]) * 0x100000001b3ull;
  return h | 1;
}

void cp_set_debug(cp_ctx *c, bool on) { c->debug = on; }

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void fail(cp_ctx *c, const char *fmt, ...) {
  if (c->why[0]) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->why, sizeof c->why, fmt, ap);
  va_end(ap);
}

cp_ctx *cp_new(const fold_vocab *v, fold_letters *L, const mem_space *code, smt *solver, uint64_t target,
               ht_map *dropped) {
  cp_ctx *c = xa_calloc(1, sizeof *c);
  c->v = v, c->L = L, c->code = code, c->solver = solver, c->target = target, c->dropped = dropped;
  return c;
}

static void reset(cp_ctx *c) {
  for (size_t i = 0; i < c->nsg; i++) free(c->sg[i].S);
  free(c->sg);
  c->sg = NULL, c->nsg = c->capsg = 0;
  free(c->atom), free(c->alive), free(c->afix), free(c->cover0), free(c->cover), free(c->has_prod);
  c->atom = NULL, c->alive = NULL, c->afix = NULL, c->natom = c->capatom = c->capafix = 0;
  c->cover0 = c->cover = NULL, c->has_prod = NULL, c->capcover = 0;
  for (size_t i = 0; i < c->nh; i++) {
    free(c->h[i].S0);
    c->h[i].S0 = NULL;
    c->h[i].reached = c->h[i].walked = false;
    c->h[i].nreads = c->h[i].na = 0;
    c->h[i].kills = c->h[i].wakes = 0;
  }
  c->why[0] = 0;
  c->steps = 0;
  c->nreached = 0;
  c->timeout = false;
  c->nentry = 0;
  c->entry_def = tm_true(c->v->tc);
}

void cp_free(cp_ctx *c) {
  if (!c) return;
  reset(c);
  for (size_t i = 0; i < c->nh; i++) free(c->h[i].cand);
  free(c->vars);
  free(c);
}

bool cp_head(cp_ctx *c, uint64_t pc, const isa_term *fvar, const uint64_t *fval, size_t nf, const isa_term *atoms,
             size_t n) {
  if (nf > CP_FRAME_MAX) nf = CP_FRAME_MAX;
  size_t i = 0;
  while (i < c->nh && c->h[i].pc != pc) i++;
  if (i == c->nh) {
    if (c->nh == CP_MAX_HEADS) return false;
    memset(&c->h[c->nh++], 0, sizeof c->h[0]);
  } else if (c->h[i].nf == nf && c->h[i].ncand == n && !memcmp(c->h[i].fvar, fvar, nf * sizeof *fvar) &&
             !memcmp(c->h[i].fval, fval, nf * sizeof *fval) && (!n || !memcmp(c->h[i].cand, atoms, n * sizeof *atoms)))
    return false;
  chead *h = &c->h[i];
  h->pc = pc;
  h->nf = nf;
  memcpy(h->fvar, fvar, nf * sizeof *fvar);
  memcpy(h->fval, fval, nf * sizeof *fval);
  free(h->cand);
  h->cand = xa_malloc((n ? n : 1) * sizeof *atoms);
  memcpy(h->cand, atoms, n * sizeof *atoms);
  h->ncand = n;
  return true;
}

static int head_at(const cp_ctx *c, uint64_t pc) {
  for (size_t i = 0; i < c->nh; i++)
    if (c->h[i].pc == pc && !c->h[i].off) return (int)i;
  return -1;
}

/* ---- the walk ------------------------------------------------------------ */

typedef struct walk {
  cp_ctx *c;
  int from;       /* FROM_ENTRY or a head */
  uint64_t depth; /* the call depth it started at */
} walk;

static void add_seg(cp_ctx *c, int from, int to, isa_term cond, const isa_term *S, bool left) {
  if (c->nsg >= CP_MAX_SEGS) {
    fail(c, "more than %d paths between the cut points", CP_MAX_SEGS);
    return;
  }
  c->sg = xa_grow(c->sg, &c->capsg, c->nsg + 1, sizeof *c->sg);
  seg *s = &c->sg[c->nsg++];
  s->from = from, s->to = to, s->cond = cond, s->S = NULL, s->left = left;
  s->ok = false;
  if (S) {
    s->S = xa_malloc(c->nvars * sizeof *S);
    memcpy(s->S, S, c->nvars * sizeof *S);
  }
}

/* t's term under the initial state's grounding (the walk from the entry
 * only): a value the initial state fixes becomes a constant. */
static isa_term grounded(const walk *w, isa_term t) {
  if (w->from != FROM_ENTRY) return t;
  isa_term facts;
  return w->c->gr(w->c->gctx, t, &facts);
}

static void follow(walk *w, uint64_t pc, isa_term cond, isa_term *S, unsigned len, uint64_t depth, uint64_t low);

/* A system call's unknown results get variables of their own on each path
 * step (pre.h names them once). */
static void freshen(cp_ctx *c, isa_term *S2) {
  tm_ctx *tc = c->v->tc;
  const isa_desc *d = c->v->d;
  static const char *names[3] = {"$sysret", "$syserr", "$sysmem"};
  const unsigned sorts[3] = {d->syscall.result >= 0 ? d->regs[d->syscall.result].width : 0, TM_BOOL, TM_ARRAY};
  isa_term *map = xa_calloc(c->nvars, sizeof *map);
  bool any = false;
  for (int k = 0; k < 3; k++) {
    isa_term v = tm_find_var(tc, names[k], sorts[k]);
    if (!v) continue;
    char nm[48];
    snprintf(nm, sizeof nm, "%s#cp%u", names[k], c->fresh);
    isa_term f = tm_var(tc, nm, sorts[k]);
    if (tm_var_index(tc, f) >= c->nvars) {
      fail(c, "too many system calls on the paths");
      break;
    }
    map[tm_var_index(tc, v)] = f, any = true;
  }
  c->fresh++;
  if (any && !c->why[0])
    for (size_t i = 0; i < c->nvars; i++)
      if (S2[i]) S2[i] = tm_subst(tc, S2[i], map);
  free(map);
}

/* t with its choices (c ? a : b) made where cond decides c: a conditional
 * return that does not branch (PowerPC `bnelr`) has the next address as its
 * PC only under its letter's condition. */
static isa_term under(tm_ctx *tc, isa_term t, isa_term cond) {
  while (tm_kind(tc, t) == ISA_OP_ITE) {
    isa_term c = tm_arg(tc, t, 0);
    if (tm_conj_contradicts(tc, cond, tm_app1(tc, ISA_OP_LNOT, c))) t = tm_arg(tc, t, 1);
    else if (tm_conj_contradicts(tc, cond, c)) t = tm_arg(tc, t, 2);
    else break;
  }
  return t;
}

/* One step of letter l (kind k) from S under cond, and on. */
static void step(walk *w, nwa_letter l, nwa_kind k, isa_term cond, const isa_term *S, unsigned len, uint64_t depth,
                 uint64_t low) {
  cp_ctx *c = w->c;
  tm_ctx *tc = c->v->tc;
  const isa_desc *d = c->v->d;
  const fold_letter *fl = fold_letter_get(c->L, l);
  pre_post p;
  if (tm_var_count(tc) > c->nvars) { /* a variable the maps cannot hold */
    fail(c, "too many variables on the paths");
    return;
  }
  if (pre_post_of(c->v, fl, k, &p)) {
    fail(c, "the bytes at 0x%llx do not decode", (unsigned long long)fl->pc);
    return;
  }
  isa_term cs = tm_subst(tc, p.cond, S);
  uint64_t b;
  if (tm_is_const(tc, grounded(w, cs), &b) && !b) { /* not possible here */
    pre_post_free(&p);
    return;
  }
  isa_term *S2 = xa_malloc(c->nvars * sizeof *S2);
  memcpy(S2, S, c->nvars * sizeof *S2);
  bool ok = ss_post(c->v, c->vars, fl, &p, S, S2, READ_MAX_BYTES);
  pre_post_free(&p);
  if (!ok) {
    fail(c, "a read at 0x%llx of a count not known or more than %d bytes", (unsigned long long)fl->pc, READ_MAX_BYTES);
    free(S2);
    return;
  }
  if (d->insns[fl->insn].flow == ISA_FLOW_SYSCALL) freshen(c, S2);
  isa_term c2 = tm_app2(tc, ISA_OP_LAND, cond, cs);
  isa_term V = S2[tm_var_index(tc, c->v->V)];
  if (!(tm_is_const(tc, V, &b) && !b)) { /* an AE violation: a path of its own */
    add_seg(c, w->from, TO_BAD, tm_app2(tc, ISA_OP_LAND, c2, V), NULL, low < w->depth);
    free(S2);
    return;
  }
  if (w->from == FROM_ENTRY) /* registers as the initial state makes them: concrete where it fixes them */
    for (unsigned r = 0; r < d->nregs; r++) {
      size_t i = tm_var_index(tc, c->vars[r]);
      S2[i] = grounded(w, S2[i]);
    }
  size_t pci = tm_var_index(tc, c->vars[d->pc]);
  uint64_t next;
  if (!tm_is_const(tc, S2[pci], &next) && k == NWA_RETURN) {
    /* a return transition goes where the top of `$A` says (its condition) */
    isa_term top = pre_aux_word(c->v, tm_subst(tc, c->v->A, S),
                                tm_app2(tc, ISA_OP_SUB, tm_subst(tc, c->v->D, S), tm_const(tc, 1, d->addr_bits)));
    uint64_t a;
    if (tm_is_const(tc, grounded(w, top), &a)) S2[pci] = tm_const(tc, a, d->regs[d->pc].width);
  }
  if (!tm_is_const(tc, S2[pci], &next)) S2[pci] = grounded(w, under(tc, S2[pci], cs));
  if (!tm_is_const(tc, S2[pci], &next)) {
    fail(c, "the instruction at 0x%llx goes to an address not known there", (unsigned long long)fl->pc);
    free(S2);
    return;
  }
  uint64_t nd = depth + (k == NWA_CALL) - (k == NWA_RETURN);
  follow(w, next, c2, S2, len + 1, nd, nd < low ? nd : low);
  free(S2);
}

static void follow(walk *w, uint64_t pc, isa_term cond, isa_term *S, unsigned len, uint64_t depth, uint64_t low) {
  cp_ctx *c = w->c;
  tm_ctx *tc = c->v->tc;
  const isa_desc *d = c->v->d;
  if (c->why[0]) return;
  if (pc == c->target) {
    add_seg(c, w->from, TO_BAD, cond, NULL, low < w->depth);
    return;
  }
  int h = head_at(c, pc);
  if (h >= 0 && (len || w->from == FROM_ENTRY)) {
    chead *hd = &c->h[h];
    if (!hd->reached) { /* the first arrival fixes its depth and pending calls */
      if (depth > MAX_DEPTH) {
        fail(c, "the loop head 0x%llx is reached more than %d calls deep", (unsigned long long)pc, MAX_DEPTH);
        return;
      }
      isa_term A = tm_subst(tc, c->v->A, S);
      for (uint64_t k = 0; k < depth; k++) {
        isa_term wk = grounded(w, pre_aux_word(c->v, A, tm_const(tc, k, d->addr_bits)));
        if (!tm_is_const(tc, wk, &hd->ra[k])) {
          fail(c, "the return addresses pending at 0x%llx are not known", (unsigned long long)pc);
          return;
        }
      }
      hd->reached = true, hd->depth = depth, hd->first = (int)c->nsg, hd->order = c->nreached++;
    }
    if (depth == hd->depth) {
      add_seg(c, w->from, h, cond, S, low < w->depth);
      return;
    }
  }
  if (len >= CP_MAX_LEN) {
    fail(c, "a path from %s passes 0x%llx after %d instructions without reaching a cut point",
         w->from == FROM_ENTRY ? "the entry" : "a loop head", (unsigned long long)pc, CP_MAX_LEN);
    return;
  }
  if (c->steps >= CP_MAX_STEPS) {
    fail(c, "more than %d instructions on the paths between the cut points", CP_MAX_STEPS);
    return;
  }
  if (now_s() > c->deadline) {
    c->timeout = true;
    fail(c, "out of time on the paths");
    return;
  }
  c->steps++;
  uint32_t insn;
  unsigned ilen;
  nwa_letter l0 = ss_letter_at(c->L, d, c->code, pc, 0, &insn, &ilen);
  if (!l0) {
    fail(c, "the bytes at 0x%llx do not decode", (unsigned long long)pc);
    return;
  }
  const isa_insn_info *ii = &d->insns[insn];
  nwa_letter l1 = fold_has_directions(d, insn) ? ss_letter_at(c->L, d, c->code, pc, 1, &insn, &ilen) : 0;
  switch (ii->flow) {
  case ISA_FLOW_HALT: return; /* the end of the program */
  case ISA_FLOW_CALL:
  case ISA_FLOW_ICALL:
    step(w, l0, NWA_CALL, cond, S, len, depth, low);
    if (l1) step(w, l1, NWA_INTERNAL, cond, S, len, depth, low); /* fell through */
    return;
  case ISA_FLOW_RETURN:
    step(w, l0, NWA_RETURN, cond, S, len, depth, low);
    step(w, l0, NWA_INTERNAL, cond, S, len, depth, low); /* rule 12: a violation */
    if (l1) step(w, l1, NWA_INTERNAL, cond, S, len, depth, low);
    return;
  case ISA_FLOW_SYSCALL: {
    const isa_syscall_abi *a = &d->syscall;
    uint64_t nr;
    if (a->number < 0 ||
        !tm_is_const(tc, grounded(w, tm_subst(tc, tm_var(tc, d->regs[a->number].name, d->regs[a->number].width), S)),
                     &nr)) {
      fail(c, "a system call at 0x%llx whose number is not known there", (unsigned long long)pc);
      return;
    }
    int which = -1;
    for (int i = 0; i < ISA_SYS_COUNT && which < 0; i++)
      if (a->numbers[i] >= 0 && (uint64_t)a->numbers[i] == nr) which = i;
    if (which < 0) {
      fail(c, "system call %llu at 0x%llx, which the runtime does not implement", (unsigned long long)nr,
           (unsigned long long)pc);
      return;
    }
    if (which == ISA_SYS_EXIT || which == ISA_SYS_EXIT_GROUP) return; /* the end of the program */
    step(w, l0, NWA_INTERNAL, cond, S, len, depth, low);
    nwa_letter l2 = which == ISA_SYS_READ ? ss_letter_at(c->L, d, c->code, pc, 2, &insn, &ilen) : 0;
    if (l2) step(w, l2, NWA_INTERNAL, cond, S, len, depth, low); /* EFAULT */
    return;
  }
  default:
    step(w, l0, NWA_INTERNAL, cond, S, len, depth, low);
    if (l1) step(w, l1, NWA_INTERNAL, cond, S, len, depth, low);
    return;
  }
}

/* ---- the heads' start states, structure and atoms ------------------------- */

/* A head's start state: its frame, depth and pending return addresses as
 * constants, no violation, PC the head. */
static void head_start(cp_ctx *c, chead *h) {
  tm_ctx *tc = c->v->tc;
  const isa_desc *d = c->v->d;
  unsigned ab = d->addr_bits, W = (ab + 7) / 8;
  h->S0 = xa_calloc(c->nvars, sizeof *h->S0);
  for (size_t k = 0; k < h->nf; k++)
    h->S0[tm_var_index(tc, h->fvar[k])] = tm_const(tc, h->fval[k], tm_sort(tc, h->fvar[k]));
  h->S0[tm_var_index(tc, c->v->pc)] = tm_const(tc, h->pc, d->regs[d->pc].width);
  h->S0[tm_var_index(tc, c->v->V)] = tm_false(tc);
  h->S0[tm_var_index(tc, c->v->D)] = tm_const(tc, h->depth, ab);
  isa_term A = c->v->A;
  isa_term sigma = tm_app2(tc, ISA_OP_EQ, c->v->D, tm_const(tc, h->depth, ab));
  sigma = tm_app2(tc, ISA_OP_LAND, sigma, tm_app1(tc, ISA_OP_LNOT, c->v->V));
  for (uint64_t k = 0; k < h->depth; k++) {
    for (unsigned i = 0; i < W; i++) {
      isa_term st[3] = {A, tm_const(tc, k * W + i, ab), tm_const(tc, h->ra[k] >> (8 * i) & 0xff, 8)};
      A = tm_app(tc, ISA_OP_STORE, st, 3, 0, 0);
    }
    isa_term wk = pre_aux_word(c->v, c->v->A, tm_const(tc, k, ab));
    sigma = tm_app2(tc, ISA_OP_LAND, sigma, tm_app2(tc, ISA_OP_EQ, wk, tm_const(tc, h->ra[k], tm_sort(tc, wk))));
  }
  h->S0[tm_var_index(tc, c->v->A)] = A;
  isa_term mem = c->v->mem;
  for (size_t k = 0; k < h->nfix; k++) {
    const struct fix *x = &h->fix[k];
    isa_term cur, val;
    if (x->var) {
      val = tm_const(tc, x->val, tm_sort(tc, x->var));
      h->S0[tm_var_index(tc, x->var)] = val, cur = x->var;
    } else {
      isa_term sel[2] = {c->v->mem, tm_const(tc, x->addr, ab)}, st[3] = {mem, sel[1], tm_const(tc, x->val, 8)};
      mem = tm_app(tc, ISA_OP_STORE, st, 3, 0, 0);
      cur = tm_app(tc, ISA_OP_SELECT, sel, 2, 0, 0), val = st[2];
    }
    sigma = tm_app2(tc, ISA_OP_LAND, sigma, tm_app2(tc, ISA_OP_EQ, cur, val));
  }
  h->S0[tm_var_index(tc, c->v->mem)] = mem;
  for (size_t k = 0; k < h->nf; k++)
    sigma = tm_app2(tc, ISA_OP_LAND, sigma,
                    tm_app2(tc, ISA_OP_EQ, h->fvar[k], tm_const(tc, h->fval[k], tm_sort(tc, h->fvar[k]))));
  h->sigma = sigma;
}

/* x into a[0..*n) unless it is there; false when it is not and there is
 * no room (cap). */
static bool push_unique(uint64_t *a, size_t *n, size_t cap, uint64_t x) {
  for (size_t i = 0; i < *n; i++)
    if (a[i] == x) return true;
  if (*n == cap) return false;
  a[(*n)++] = x;
  return true;
}

/* Collects in h->reads the bytes of the head's memory a term reads at
 * constant addresses. */
static uint64_t note_reads(tm_walk *tw, isa_term t, void *ctx) {
  void **p = ctx;
  cp_ctx *c = p[0];
  chead *h = p[1];
  tm_ctx *tc = tm_walk_ctx(tw);
  uint64_t a, x;
  if (tm_kind(tc, t) == ISA_OP_SELECT && tm_arg(tc, t, 0) == c->v->mem && tm_is_const(tc, tm_arg(tc, t, 1), &a))
    (void)push_unique(h->reads, &h->nreads, MAX_READS, a);
  for (unsigned i = 0; i < tm_nargs(tc, t); i++) (void)tm_walk_get(tw, tm_arg(tc, t, i), &x);
  return 0;
}

/* A head's next atom (its first at c->h[..].a0 = from), once. */
static void add_atom(cp_ctx *c, size_t from, isa_term a, isa_term var, uint64_t addr, uint64_t val) {
  for (size_t i = from; i < c->natom; i++)
    if (c->atom[i] == a) return;
  c->atom = xa_grow(c->atom, &c->capatom, c->natom + 1, sizeof *c->atom);
  c->afix = xa_grow(c->afix, &c->capafix, c->natom + 1, sizeof *c->afix);
  c->atom[c->natom] = a;
  c->afix[c->natom++] = (struct fix){var, addr, val};
}

enum { NO_FIX = 0 };
#define NOT_FIXED UINT64_MAX

/* t (over the state at the start of path s) at the end of s, as a constant
 * when the path fixes it: from the entry, grounded; from a head, with the
 * constants that head's atoms state (candidates of this round: the
 * fixpoint decides them together) — a frame's saved word an outer loop's
 * head knows is what the head of the loop nested in it finds. */
static bool seg_value(cp_ctx *c, const seg *s, isa_term t, uint64_t *val) {
  tm_ctx *tc = c->v->tc;
  isa_term x = tm_subst(tc, t, s->S);
  if (s->from == FROM_ENTRY) {
    isa_term facts;
    x = c->gr(c->gctx, x, &facts);
  } else if (!tm_is_const(tc, x, val) && c->afix) {
    const chead *f = &c->h[s->from];
    isa_term *map = xa_calloc(c->nvars, sizeof *map), mem = c->v->mem;
    unsigned ab = c->v->d->addr_bits;
    for (size_t i = f->a0; i < f->a0 + f->na; i++) {
      const struct fix *k = &c->afix[i];
      if (k->addr == NOT_FIXED) continue;
      if (k->var) map[tm_var_index(tc, k->var)] = tm_const(tc, k->val, tm_sort(tc, k->var));
      else {
        isa_term st[3] = {mem, tm_const(tc, k->addr, ab), tm_const(tc, k->val, 8)};
        mem = tm_app(tc, ISA_OP_STORE, st, 3, 0, 0);
      }
    }
    map[tm_var_index(tc, c->v->mem)] = mem;
    x = tm_subst(tc, x, map);
    free(map);
  }
  return tm_is_const(tc, x, val);
}

static bool fixed(const chead *h, isa_term var, uint64_t addr) {
  for (size_t k = 0; k < h->nfix; k++)
    if (h->fix[k].var == var && (var || h->fix[k].addr == addr)) return true;
  for (size_t k = 0; var && k < h->nf; k++)
    if (h->fvar[k] == var) return true;
  return false;
}

/* Collects the comparisons' constants of a condition (up to MAX_KS). */
static uint64_t note_consts(tm_walk *tw, isa_term t, void *ctx) {
  void **p = ctx;
  cp_ctx *c = p[0];
  uint64_t *ks = p[1];
  size_t *nk = p[2];
  tm_ctx *tc = tm_walk_ctx(tw);
  int op = tm_kind(tc, t);
  uint64_t k, x;
  if ((op == ISA_OP_EQ || op == ISA_OP_SLT || op == ISA_OP_SLE) &&
      tm_sort(tc, tm_arg(tc, t, 0)) == c->v->d->addr_bits) {
    isa_term a = tm_arg(tc, t, 0), b = tm_arg(tc, t, 1);
    bool ka = tm_is_const(tc, a, &k), kb = !ka && tm_is_const(tc, b, &k);
    bool ptr = false; /* an address of the image or the stack (a return's match): no bound */
    for (size_t q = 0; q < c->v->nrd && !ptr; q++) ptr = k >= c->v->rd[2 * q] && k <= c->v->rd[2 * q + 1];
    if (ka != kb && !ptr) (void)push_unique(ks, nk, MAX_KS, k);
  }
  for (unsigned i = 0; i < tm_nargs(tc, t); i++) (void)tm_walk_get(tw, tm_arg(tc, t, i), &x);
  return 0;
}

/* Is t a location of the caller's atoms: a register, or a word of memory
 * (bytes of `mem` joined)? */
static bool is_loc(const cp_ctx *c, isa_term t) {
  tm_ctx *tc = c->v->tc;
  if (tm_sort(tc, t) != c->v->d->addr_bits) return false;
  if (tm_kind(tc, t) == TM_VAR) return true;
  if (tm_kind(tc, t) != ISA_OP_CONCAT) return false;
  isa_term st[8];
  size_t n = 0;
  st[n++] = t;
  while (n) {
    isa_term x = st[--n];
    if (tm_kind(tc, x) == ISA_OP_CONCAT && n + 2 <= 8) st[n++] = tm_arg(tc, x, 0), st[n++] = tm_arg(tc, x, 1);
    else if (!(tm_kind(tc, x) == ISA_OP_SELECT && tm_arg(tc, x, 0) == c->v->mem)) return false;
  }
  return true;
}

static uint64_t note_locs(tm_walk *tw, isa_term t, void *ctx) {
  void **p = ctx;
  cp_ctx *c = p[0];
  isa_term *locs = p[1];
  size_t *nl = p[2];
  tm_ctx *tc = tm_walk_ctx(tw);
  uint64_t x;
  if (is_loc(c, t)) {
    bool have = false;
    for (size_t i = 0; i < *nl && !have; i++) have = locs[i] == t;
    if (!have && *nl < MAX_LOCS) locs[(*nl)++] = t;
    return 0;
  }
  for (unsigned i = 0; i < tm_nargs(tc, t); i++) (void)tm_walk_get(tw, tm_arg(tc, t, i), &x);
  return 0;
}

/* What the branches of the paths test: the variables and the bytes read at
 * constant addresses of their conditions. */
typedef struct tested {
  cp_ctx *c;
  uint8_t *var; /* per variable index */
  uint64_t reads[MAX_READS];
  size_t nreads;
  bool all; /* too many bytes to tell apart: every byte counts */
} tested;

static uint64_t note_tested(tm_walk *tw, isa_term t, void *ctx) {
  tested *ts = ctx;
  tm_ctx *tc = tm_walk_ctx(tw);
  uint64_t a, x;
  if (tm_kind(tc, t) == TM_VAR) {
    uint32_t i = tm_var_index(tc, t);
    if (i < ts->c->nvars) ts->var[i] = 1;
    return 0;
  }
  if (tm_kind(tc, t) == ISA_OP_SELECT && tm_arg(tc, t, 0) == ts->c->v->mem && tm_is_const(tc, tm_arg(tc, t, 1), &a)) {
    if (!push_unique(ts->reads, &ts->nreads, MAX_READS, a)) ts->all = true;
    return 0;
  }
  for (unsigned i = 0; i < tm_nargs(tc, t); i++) (void)tm_walk_get(tw, tm_arg(tc, t, i), &x);
  return 0;
}

/* Does t (in the head's start state) speak only of what is tested?  (A
 * fact of the runs about a word no branch reads, an environment string's
 * bytes above main's frame say, costs every query and serves none.) */
static uint64_t untested(tm_walk *tw, isa_term t, void *ctx) {
  const tested *ts = ctx;
  tm_ctx *tc = tm_walk_ctx(tw);
  uint64_t a, x, r = 0;
  if (tm_kind(tc, t) == TM_VAR) {
    uint32_t i = tm_var_index(tc, t);
    return t != ts->c->v->mem && (i >= ts->c->nvars || !ts->var[i]);
  }
  if (tm_kind(tc, t) == ISA_OP_SELECT && tm_arg(tc, t, 0) == ts->c->v->mem && tm_is_const(tc, tm_arg(tc, t, 1), &a)) {
    if (ts->all) return 0;
    for (size_t i = 0; i < ts->nreads; i++)
      if (ts->reads[i] == a) return 0;
    return 1;
  }
  for (unsigned i = 0; i < tm_nargs(tc, t); i++)
    if (tm_walk_get(tw, tm_arg(tc, t, i), &x)) r |= x;
  return r;
}

/* Does t speak of anything but the input (`$in`, `$inlen`)? */
static uint64_t not_input(tm_walk *tw, isa_term t, void *ctx) {
  const cp_ctx *c = ctx;
  tm_ctx *tc = tm_walk_ctx(tw);
  uint64_t x, r = 0;
  if (tm_kind(tc, t) == TM_VAR) return t != c->v->in && t != c->v->inlen;
  for (unsigned i = 0; i < tm_nargs(tc, t); i++)
    if (tm_walk_get(tw, tm_arg(tc, t, i), &x)) r |= x;
  return r;
}

/* The variable that names the input's value e, one per value in an
 * attempt, or 0 when there is no room.  Its name, $entry#<hash>, hashes
 * the term's number and its text (the start of it, and its length): the
 * atoms a fixpoint dropped are remembered by their text (c->dropped), and
 * another search's terms have other numbers. */
static isa_term entry_name(cp_ctx *c, isa_term e) {
  tm_ctx *tc = c->v->tc;
  for (size_t i = 0; i < c->nentry; i++)
    if (c->entry_term[i] == e) return c->entry_var[i];
  if (c->nentry == MAX_ENTRY) return 0;
  char buf[512], nm[48];
  size_t n = tm_print(tc, e, buf, sizeof buf), m = n < sizeof buf ? n : sizeof buf - 1;
  uint64_t h = (0xcbf29ce484222325ull ^ (uint64_t)e) * 0x100000001b3ull;
  h = (h ^ n) * 0x100000001b3ull;
  for (size_t i = 0; i < m; i++) h = (h ^ (unsigned char)buf[i]) * 0x100000001b3ull;
  snprintf(nm, sizeof nm, "$entry#%016llx", (unsigned long long)h);
  isa_term v = tm_var(tc, nm, tm_sort(tc, e));
  for (size_t i = 0; i < c->nentry; i++)
    if (c->entry_var[i] == v) return 0; /* two values, one hash: no name */
  if (tm_var_index(tc, v) >= c->nvars) return 0;
  c->entry_var[c->nentry] = v, c->entry_term[c->nentry++] = e;
  c->entry_def = tm_app2(tc, ISA_OP_LAND, c->entry_def, tm_app2(tc, ISA_OP_EQ, v, e));
  return v;
}

/* For a caller's atom `l == K` of head hi (l not a bit mask): `l == x`,
 * where x names what l is when the program first arrives at the head, a
 * term of the input alone and not a constant; else 0.  The runs' K was
 * then their input's: a length checked before the loop and kept in a
 * register (`l` a location), or the start of a counter that steps with
 * another (`p - 2i`, where p starts at an input's value).  The first
 * arrival is by one of the paths from the entry to the head, and which
 * one the input decides: x is `c1 ? e1 : c2 ? e2 : … ek`, the value ej of
 * l at the end of path j under its condition cj (each a term of the input
 * alone, or there is no x).  The input never changes, so `l == x` can hold
 * at every arrival, and Houdini decides whether it does: every path into
 * the head must establish it, every pass keep it.  The name keeps the
 * input's value, whose terms follow how much input each read got, out of
 * the questions about passes, which only need that it does not change; the
 * questions from the entry and about the target get what it names
 * (entry_def). */
static isa_term entry_value(cp_ctx *c, size_t hi, isa_term a) {
  tm_ctx *tc = c->v->tc;
  uint64_t k;
  if (tm_kind(tc, a) != ISA_OP_EQ) return 0;
  isa_term l = tm_arg(tc, a, 0);
  if (!tm_is_const(tc, tm_arg(tc, a, 1), &k) || tm_is_const(tc, l, &k) || tm_kind(tc, l) == ISA_OP_AND) return 0;
  isa_term x = 0, e0 = 0;
  bool differ = false;
  for (size_t j = c->nsg; j-- > 0;) { /* the last path's value is the chain's default */
    const seg *s = &c->sg[j];
    if (s->to != (int)hi || s->from != FROM_ENTRY) continue;
    isa_term facts, e = c->gr(c->gctx, tm_subst(tc, l, s->S), &facts);
    if (tm_walk_run(tc, e, not_input, c)) return 0;
    if (!x) {
      x = e0 = e;
      continue;
    }
    differ = differ || e != e0;
    isa_term cj = c->gr(c->gctx, s->cond, &facts);
    if (tm_walk_run(tc, cj, not_input, c)) return 0;
    x = tm_ite(tc, cj, e, x);
  }
  if (!x || (!differ && tm_is_const(tc, e0, &k))) return 0;
  x = entry_name(c, differ ? x : e0);
  return x ? tm_app2(tc, ISA_OP_EQ, l, x) : 0;
}

/* ---- sums the relations imply ------------------------------------------- */

static bool has_product(cp_ctx *c, isa_term a);

#define LIN_MAX 6     /* locations of a parsed sum */
#define LIN_COEF 16   /* the largest coefficient of a derived relation */
#define LIN_VARS 4    /* and its most locations */
#define MAX_DERIVED 16

/* A linear sum Σ coef·loc + k, modulo 2^w. */
typedef struct lsum {
  isa_term loc[LIN_MAX];
  uint64_t coef[LIN_MAX];
  size_t n;
  uint64_t k;
  unsigned w;
} lsum;

static uint64_t lin_mask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static bool lin_add(lsum *L, isa_term loc, uint64_t coef) {
  coef &= lin_mask(L->w);
  for (size_t i = 0; i < L->n; i++)
    if (L->loc[i] == loc) {
      L->coef[i] = (L->coef[i] + coef) & lin_mask(L->w);
      return true;
    }
  if (L->n == LIN_MAX) return false;
  L->loc[L->n] = loc, L->coef[L->n++] = coef;
  return true;
}

/* t·m into L: sums, differences, products by constants; anything else is a
 * location of its own.  With a stack of its own (LIN_STACK deep: the
 * candidate's relations are small); false when L or the stack has no
 * room. */
#define LIN_STACK 32
static bool lin_parse(tm_ctx *tc, isa_term t, uint64_t m, lsum *L) {
  struct {
    isa_term t;
    uint64_t m;
  } st[LIN_STACK];
  size_t n = 0;
  st[n].t = t, st[n++].m = m;
  while (n) {
    isa_term x = st[--n].t;
    uint64_t mx = st[n].m, k;
    if (tm_is_const(tc, x, &k)) {
      L->k = (L->k + k * mx) & lin_mask(L->w);
      continue;
    }
    int op = tm_kind(tc, x);
    isa_term a = 0, b = 0;
    uint64_t ma = mx, mb = mx;
    if (op == ISA_OP_ADD) a = tm_arg(tc, x, 0), b = tm_arg(tc, x, 1);
    else if (op == ISA_OP_SUB) a = tm_arg(tc, x, 0), b = tm_arg(tc, x, 1), mb = 0 - mx;
    else if (op == ISA_OP_NEG) a = tm_arg(tc, x, 0), ma = 0 - mx;
    else if (op == ISA_OP_MUL && tm_is_const(tc, tm_arg(tc, x, 1), &k)) a = tm_arg(tc, x, 0), ma = mx * k;
    else if (op == ISA_OP_MUL && tm_is_const(tc, tm_arg(tc, x, 0), &k)) a = tm_arg(tc, x, 1), ma = mx * k;
    if (!a) {
      if (!lin_add(L, x, mx)) return false;
      continue;
    }
    if (n + 2 > LIN_STACK) return false;
    if (b) st[n].t = b, st[n++].m = mb;
    st[n].t = a, st[n++].m = ma;
  }
  return true;
}

/* a == K as a sum with the constant moved right (Σ coef·loc == K), or
 * false when a is no such equality of words. */
static bool lin_of(cp_ctx *c, isa_term a, lsum *L) {
  tm_ctx *tc = c->v->tc;
  uint64_t k;
  if (tm_kind(tc, a) != ISA_OP_EQ || !tm_is_const(tc, tm_arg(tc, a, 1), &k)) return false;
  memset(L, 0, sizeof *L);
  L->w = tm_sort(tc, tm_arg(tc, a, 0));
  if (L->w != c->v->d->addr_bits || !lin_parse(tc, tm_arg(tc, a, 0), 1, L)) return false;
  L->k = (k - L->k) & lin_mask(L->w);
  return true;
}

/* A coefficient as a signed number of the word. */
static int64_t lin_signed(uint64_t v, unsigned w) { return w >= 64 || !(v >> (w - 1)) ? (int64_t)v : (int64_t)(v | ~lin_mask(w)); }

/* Σ coef·loc == k as a term, the locations in L's order. */
static isa_term lin_term(tm_ctx *tc, const lsum *L) {
  isa_term t = 0;
  for (size_t i = 0; i < L->n; i++) {
    if (!L->coef[i]) continue;
    isa_term x = L->coef[i] == 1 ? L->loc[i] : tm_app2(tc, ISA_OP_MUL, L->loc[i], tm_const(tc, L->coef[i], L->w));
    t = t ? tm_app2(tc, ISA_OP_ADD, t, x) : x;
  }
  return t ? tm_app2(tc, ISA_OP_EQ, t, tm_const(tc, L->k, L->w)) : 0;
}

/* The relations two equalities of the candidate imply without a location
 * they share: cb·a − ca·b, where ca and cb are that location's
 * coefficients.  The samples' relations are a basis of what the samples
 * satisfy, and the basis may name a location whose value at the head's
 * first arrival is not what it is on the loop's passes (a scratch register
 * that the pass writes, PowerPC -O2's `r9`); the sum without it (`p + 2k`,
 * the cursor and the count of passes left) can be what holds at every
 * arrival.  Each is implied by two relations every sample satisfies, so
 * the samples satisfy it too; Houdini checks it like any atom.  Up to
 * MAX_DERIVED, with at most LIN_VARS locations and coefficients up to
 * LIN_COEF. */
static size_t derived(cp_ctx *c, const isa_term *cand, size_t ncand, isa_term *out) {
  tm_ctx *tc = c->v->tc;
  lsum R[16];
  size_t nr = 0, n = 0;
  /* not of the polynomial equalities: products in more atoms cost the
   * second stage of the fixpoint its time (poly_loop_safe) */
  for (size_t i = 0; i < ncand && nr < 16; i++)
    if (!has_product(c, cand[i]) && lin_of(c, cand[i], &R[nr]) && R[nr].n >= 2) nr++;
  for (size_t a = 0; a < nr; a++)
    for (size_t b = a + 1; b < nr; b++)
      for (size_t ia = 0; ia < R[a].n; ia++)
        for (size_t ib = 0; ib < R[b].n; ib++) {
          if (R[a].loc[ia] != R[b].loc[ib] || R[a].w != R[b].w) continue;
          unsigned w = R[a].w;
          uint64_t ca = R[a].coef[ia], cb = R[b].coef[ib], M = lin_mask(w);
          lsum D = {.w = w, .k = (cb * R[a].k - ca * R[b].k) & M};
          bool ok = true;
          for (size_t j = 0; j < R[a].n && ok; j++) ok = lin_add(&D, R[a].loc[j], cb * R[a].coef[j]);
          for (size_t j = 0; j < R[b].n && ok; j++) ok = lin_add(&D, R[b].loc[j], (0 - ca) * R[b].coef[j]);
          size_t nz = 0;
          for (size_t j = 0; j < D.n && ok; j++) {
            int64_t s = lin_signed(D.coef[j], w);
            if (!D.coef[j]) continue;
            nz++;
            ok = s >= -LIN_COEF && s <= LIN_COEF;
          }
          if (!ok || nz < 2 || nz > LIN_VARS) continue;
          isa_term t = lin_term(tc, &D);
          bool have = false;
          for (size_t j = 0; j < n && !have; j++) have = out[j] == t;
          if (t && !have && n < MAX_DERIVED) out[n++] = t;
        }
  return n;
}

/* The atoms of head h: the caller's; bounds of the locations they speak
 * of by the constants the paths compare with (a guard before the loop,
 * `n >= 1`, and the loop's own); then the values the first path to it
 * gives the registers and the bytes its own paths read, where it fixes
 * them. */
static void head_atoms(cp_ctx *c, size_t hi, const uint64_t *ks, size_t nk) {
  tm_ctx *tc = c->v->tc;
  const isa_desc *d = c->v->d;
  unsigned ab = d->addr_bits;
  chead *h = &c->h[hi];
  h->a0 = c->natom;
  /* what any path tests (a loop's exit test may lie on the paths of the
   * loop nested in it), in absolute terms: the frames are constants */
  tested ts = {.c = c, .var = xa_calloc(c->nvars, 1)};
  for (size_t k = 0; k < c->nsg; k++) tm_walk_run(tc, c->sg[k].cond, note_tested, &ts);
  isa_term locs[MAX_LOCS];
  size_t nl = 0;
  const seg *f = &c->sg[h->first];
  for (size_t i = 0; i < h->ncand; i++) {
    if (tm_walk_run(tc, tm_subst(tc, h->cand[i], h->S0), untested, &ts)) continue;
    add_atom(c, h->a0, h->cand[i], NO_FIX, NOT_FIXED, 0);
    isa_term e = entry_value(c, hi, h->cand[i]);
    if (e) add_atom(c, h->a0, e, NO_FIX, NOT_FIXED, 0);
    void *ctx[3] = {c, locs, &nl};
    tm_walk_run(tc, h->cand[i], note_locs, ctx);
  }
  isa_term dv[MAX_DERIVED];
  size_t nd = derived(c, h->cand, h->ncand, dv);
  for (size_t i = 0; i < nd; i++) {
    if (tm_walk_run(tc, tm_subst(tc, dv[i], h->S0), untested, &ts)) continue;
    add_atom(c, h->a0, dv[i], NO_FIX, NOT_FIXED, 0);
    isa_term e = entry_value(c, hi, dv[i]);
    if (e) add_atom(c, h->a0, e, NO_FIX, NOT_FIXED, 0);
  }
  free(ts.var);
  for (size_t i = 0; i < nl; i++) {
    if (tm_kind(tc, locs[i]) == TM_VAR && fixed(h, locs[i], 0)) continue;
    for (size_t j = 0; j < nk; j++) {
      /* `i < K` keeps i ≤ K at the head; `n >= K` before the loop, K ≤ n; a
       * count that steps down until it is 0 (PowerPC's `addic.` and `bne`)
       * is 1 or more (only for 0: each atom costs every question) */
      isa_term k = tm_const(tc, ks[j], ab), k1 = tm_const(tc, ks[j] + 1, ab);
      add_atom(c, h->a0, tm_app2(tc, ISA_OP_SLE, k, locs[i]), NO_FIX, NOT_FIXED, 0);
      if (!ks[j]) add_atom(c, h->a0, tm_app2(tc, ISA_OP_SLE, k1, locs[i]), NO_FIX, NOT_FIXED, 0);
      add_atom(c, h->a0, tm_app2(tc, ISA_OP_SLE, locs[i], k), NO_FIX, NOT_FIXED, 0);
      add_atom(c, h->a0, tm_app2(tc, ISA_OP_SLE, locs[i], k1), NO_FIX, NOT_FIXED, 0);
      add_atom(c, h->a0, tm_app2(tc, ISA_OP_ULE, locs[i], k1), NO_FIX, NOT_FIXED, 0);
    }
  }
  for (unsigned r = 0; r < d->nregs; r++) {
    if (r == d->pc || d->regs[r].is_flag) continue;
    isa_term var = c->vars[r];
    uint64_t val;
    if (!fixed(h, var, 0) && seg_value(c, f, var, &val))
      add_atom(c, h->a0, tm_app2(tc, ISA_OP_EQ, var, tm_const(tc, val, d->regs[r].width)), var, 0, val);
  }
  /* the bytes any head's paths read (a frame's words are at constant
   * addresses in every head's frame: an outer loop's head must know what
   * the paths of the loop nested in it read) */
  for (size_t j = 0; j < c->nh; j++)
    for (size_t i = 0; c->h[j].reached && i < c->h[j].nreads; i++) {
      uint64_t a = c->h[j].reads[i], val;
      if (fixed(h, 0, a)) continue;
      isa_term sel[2] = {c->v->mem, tm_const(tc, a, ab)};
      isa_term byte = tm_app(tc, ISA_OP_SELECT, sel, 2, 0, 0);
      if (seg_value(c, f, byte, &val)) add_atom(c, h->a0, tm_app2(tc, ISA_OP_EQ, byte, tm_const(tc, val, 8)), 0, a, val);
    }
  h->na = c->natom - h->a0;
}

#define MAX_GUARDS 256 /* conjuncts of a path's condition looked at (head_guards) */

/* The conjuncts of the ∧-chain t, left to right, in an array the caller
 * frees; *n of them.  With a stack: a path's condition is a deep chain. */
static isa_term *conjuncts(tm_ctx *tc, isa_term t, size_t *n) {
  size_t ns = 0, caps = 64, capo = 16;
  isa_term *st = xa_malloc(caps * sizeof *st), *out = xa_malloc(capo * sizeof *out);
  *n = 0;
  st[ns++] = t;
  while (ns) {
    isa_term x = st[--ns];
    if (tm_kind(tc, x) == ISA_OP_LAND) {
      st = xa_grow(st, &caps, ns + 2, sizeof *st);
      st[ns++] = tm_arg(tc, x, 1);
      st[ns++] = tm_arg(tc, x, 0);
    } else {
      out = xa_grow(out, &capo, *n + 1, sizeof *out);
      out[(*n)++] = x;
    }
  }
  free(st);
  return out;
}

/* The conjuncts of the ∧-chain t that speak of the input alone (not
 * constants), into out (up to cap); how many. */
static size_t input_conjuncts(cp_ctx *c, isa_term t, isa_term *out, size_t cap) {
  tm_ctx *tc = c->v->tc;
  size_t n = 0, nx;
  isa_term *x = conjuncts(tc, t, &nx);
  uint64_t k;
  for (size_t i = 0; i < nx && n < cap; i++)
    if (!tm_is_const(tc, x[i], &k) && !tm_walk_run(tc, x[i], not_input, c)) out[n++] = x[i];
  free(x);
  return n;
}

/* Each head's guard: the tests of the input alone that every path from
 * the entry to it made (`if (room < 2 * n) return;` before the loop), when
 * only such paths and its own passes lead to it.  The input never changes,
 * so the guard holds at every arrival; the questions about the paths to
 * the target get it (hypothesis), and no atom has to carry it (the loop
 * may keep no location that is `2 * n`). */
static void head_guards(cp_ctx *c) {
  tm_ctx *tc = c->v->tc;
  isa_term *g = xa_malloc(2 * MAX_GUARDS * sizeof *g), *o = g + MAX_GUARDS;
  for (size_t i = 0; i < c->nh; i++) {
    chead *h = &c->h[i];
    h->guard = tm_true(tc);
    if (!h->reached) continue;
    size_t ng = 0;
    bool first = true, alone = true;
    for (size_t k = 0; k < c->nsg && alone; k++) {
      const seg *s = &c->sg[k];
      if (s->to != (int)i || s->from == (int)i) continue;
      if (s->from != FROM_ENTRY) {
        alone = false;
        break;
      }
      isa_term facts, cond = c->gr(c->gctx, s->cond, &facts);
      if (first) {
        ng = input_conjuncts(c, cond, g, MAX_GUARDS), first = false;
        continue;
      }
      size_t no = input_conjuncts(c, cond, o, MAX_GUARDS), keep = 0;
      for (size_t a = 0; a < ng; a++) {
        bool in = false;
        for (size_t b = 0; b < no && !in; b++) in = o[b] == g[a];
        if (in) g[keep++] = g[a];
      }
      ng = keep;
    }
    if (!alone) continue;
    for (size_t a = 0; a < ng; a++) h->guard = tm_app2(tc, ISA_OP_LAND, h->guard, g[a]);
  }
  free(g);
}

/* The constants the fixpoint kept join their heads' structure; how many
 * did. */
static size_t promote(cp_ctx *c) {
  size_t n = 0;
  for (size_t i = 0; i < c->nh; i++) {
    chead *h = &c->h[i];
    if (!h->reached) continue;
    for (size_t k = h->a0; k < h->a0 + h->na; k++)
      if (c->alive[k] == 1 && c->afix[k].addr != NOT_FIXED && h->nfix < MAX_FIX) h->fix[h->nfix++] = c->afix[k], n++;
  }
  return n;
}

/* ---- atoms that others imply ------------------------------------------------ */

/* v of width w as a signed number. */
static int64_t sx(uint64_t v, unsigned w) {
  if (w == 0 || w >= 64) return (int64_t)v;
  uint64_t m = (uint64_t)1 << (w - 1);
  v &= ((uint64_t)1 << w) - 1;
  return (int64_t)((v ^ m) - m);
}

/* a ≤ b as numbers of width w, signed or not */
static bool le_num(uint64_t a, uint64_t b, unsigned w, bool sgn) {
  if (sgn) return sx(a, w) <= sx(b, w);
  uint64_t m = w >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << w) - 1;
  return (a & m) <= (b & m);
}

/* Does atom p imply atom q by their shapes alone: x < y implies x ≤ y; a
 * lower bound K ≤ x implies every lower bound below K, an upper bound
 * likewise; (x & m) == c implies (x & m') == c & m' for the bits m' of m.
 * The candidates come in such families (bounds by every constant the
 * paths compare with, and one below or above it), and their queries need
 * only the strongest that stands. */
static bool implies(tm_ctx *tc, isa_term p, isa_term q) {
  if (p == q) return true;
  int kp = tm_kind(tc, p), kq = tm_kind(tc, q);
  if (tm_nargs(tc, p) != 2 || tm_nargs(tc, q) != 2) return false;
  isa_term p0 = tm_arg(tc, p, 0), p1 = tm_arg(tc, p, 1), q0 = tm_arg(tc, q, 0), q1 = tm_arg(tc, q, 1);
  if ((kp == ISA_OP_SLT && kq == ISA_OP_SLE) || (kp == ISA_OP_ULT && kq == ISA_OP_ULE)) return p0 == q0 && p1 == q1;
  uint64_t a, b;
  if (kp == kq && (kp == ISA_OP_SLE || kp == ISA_OP_ULE)) {
    bool sgn = kp == ISA_OP_SLE;
    unsigned w = tm_sort(tc, p0);
    if (p1 == q1 && tm_is_const(tc, p0, &a) && tm_is_const(tc, q0, &b)) return le_num(b, a, w, sgn);
    if (p0 == q0 && tm_is_const(tc, p1, &a) && tm_is_const(tc, q1, &b)) return le_num(a, b, w, sgn);
    return false;
  }
  if (kp == ISA_OP_EQ && kq == ISA_OP_EQ && tm_kind(tc, p0) == ISA_OP_AND && tm_kind(tc, q0) == ISA_OP_AND &&
      tm_is_const(tc, p1, &a) && tm_is_const(tc, q1, &b)) {
    uint64_t m, n;
    isa_term x = tm_arg(tc, p0, 0), y = tm_arg(tc, q0, 0);
    if (x != y || !tm_is_const(tc, tm_arg(tc, p0, 1), &m) || !tm_is_const(tc, tm_arg(tc, q0, 1), &n)) return false;
    return (n & ~m) == 0 && (a & n) == b;
  }
  return false;
}

/* The atoms that imply each atom of its head (c->cover0, c->cover).  Of
 * two that imply each other, the earlier covers the later: a cycle would
 * leave both out. */
static void build_covers(cp_ctx *c) {
  tm_ctx *tc = c->v->tc;
  c->cover0 = xa_calloc(c->natom + 1, sizeof *c->cover0);
  size_t n = 0;
  for (size_t i = 0; i < c->nh; i++) {
    const chead *h = &c->h[i];
    if (!h->reached) continue;
    for (size_t k = h->a0; k < h->a0 + h->na; k++) {
      c->cover0[k] = (uint32_t)n;
      for (size_t j = h->a0; j < h->a0 + h->na; j++)
        if (j != k && implies(tc, c->atom[j], c->atom[k]) && (j < k || !implies(tc, c->atom[k], c->atom[j]))) {
          c->cover = xa_grow(c->cover, &c->capcover, n + 1, sizeof *c->cover);
          c->cover[n++] = (uint32_t)j;
        }
      c->cover0[k + 1] = (uint32_t)n;
    }
  }
}

/* Is atom k implied by another that stands (or true)?  Such an atom is left
 * out of the queries: the hypothesis has what implies it, and it holds at a
 * path's end wherever that does.  When the last atom that implies it
 * falls, it is checked like the others (the fixpoint goes round again,
 * since something fell).  The implication is strict or ordered (the
 * earlier of two equal ones covers), so a chain ends in an atom that is
 * checked. */
static bool covered(const cp_ctx *c, size_t k) {
  uint64_t v;
  if (tm_is_const(c->v->tc, c->atom[k], &v) && v) return true;
  if (!c->cover0) return false;
  for (uint32_t i = c->cover0[k]; i < c->cover0[k + 1]; i++)
    if (c->alive[c->cover[i]] == 1) return true;
  return false;
}

/* ---- the checks -------------------------------------------------------------- */

/* The hypothesis at the start of path s: the invariant of its cut point
 * (atoms still standing, in its start state) and its condition; for a path
 * from the entry, the condition grounded with the facts of the initial
 * state. */
static bool has_product(cp_ctx *c, isa_term a);

/* The conjuncts of cond without a product of variables (see cp_prove's
 * first stage); true when none.  An explicit stack: a long path's
 * condition is a deep chain of conjunctions. */
static isa_term without_products(cp_ctx *c, isa_term cond) {
  tm_ctx *tc = c->v->tc;
  if (!has_product(c, cond)) return cond;
  size_t n;
  isa_term *x = conjuncts(tc, cond, &n), out = tm_true(tc);
  for (size_t i = 0; i < n; i++)
    if (!has_product(c, x[i])) out = tm_app2(tc, ISA_OP_LAND, out, x[i]);
  free(x);
  return out;
}

static isa_term hypothesis(cp_ctx *c, const seg *s, isa_term *facts) {
  tm_ctx *tc = c->v->tc;
  *facts = tm_true(tc);
  /* the first stage of the fixpoint leaves out the path's tests of
   * products (an assertion about n·n): weaker, so what it keeps is still
   * kept soundly, and the linear atoms rarely need them */
  isa_term cond = c->first_stage ? without_products(c, s->cond) : s->cond;
  if (s->from == FROM_ENTRY) {
    isa_term f, t = c->gr(c->gctx, cond, &f);
    *facts = tm_app2(tc, ISA_OP_LAND, f, c->entry_def);
    return t;
  }
  const chead *h = &c->h[s->from];
  /* a path to the target also gets the input's values the atoms name and
   * the head's guard (true facts, which the passes need not carry) */
  isa_term A = s->to == TO_BAD ? tm_app2(tc, ISA_OP_LAND, tm_app2(tc, ISA_OP_LAND, cond, c->entry_def), h->guard) : cond;
  for (size_t i = h->a0; i < h->a0 + h->na; i++)
    if (c->alive[i] == 1 && !covered(c, i)) A = tm_app2(tc, ISA_OP_LAND, A, tm_subst(tc, c->atom[i], h->S0));
  return A;
}

/* t over the head's state at the end of s: its term, and the facts it
 * needs when s starts at the entry. */
static isa_term at_end(cp_ctx *c, const seg *s, isa_term t, isa_term *facts) {
  tm_ctx *tc = c->v->tc;
  isa_term x = tm_subst(tc, t, s->S);
  *facts = tm_true(tc);
  if (s->from == FROM_ENTRY) x = c->gr(c->gctx, x, facts);
  return x;
}

static bool dropped_before(const cp_ctx *c, uint64_t pc, isa_term a) {
  uint64_t k = drop_key(c, pc, a);
  return k && ht_get(c->dropped, k, NULL);
}

static void kill(cp_ctx *c, const chead *hc, size_t i) {
  chead *h = &c->h[hc - c->h];
  c->alive[i] = 0;
  h->kills++;
  uint64_t k = drop_key(c, h->pc, c->atom[i]);
  if (k) ht_put(c->dropped, k, 0);
  for (size_t j = h->a0; c->cover0 && j < h->a0 + h->na; j++) {
    if (c->alive[j] != 1) continue;
    bool by_i = false;
    for (uint32_t x = c->cover0[j]; x < c->cover0[j + 1] && !by_i; x++) by_i = c->cover[x] == i;
    if (by_i && !covered(c, j)) h->wakes++;
  }
}

/* The atoms idx[0..n) of path s's head (their terms at its end in post)
 * that hold at the end whenever hyp and facts hold at its start: those s
 * can break are dropped, by the solver's models.  The atoms of a query
 * the solver cannot decide are halved; one alone that it cannot decide is
 * dropped.  A model also drops the covered atoms cov[0..ncov) it breaks
 * (it is a state the hypothesis allows: none of them is in the greatest
 * inductive subset either).  How many were dropped; -1 when the time ran
 * out. */
static long check_group(cp_ctx *c, const seg *s, const chead *h, isa_term hyp, isa_term facts, const isa_term *post,
                        size_t *idx, size_t n, const size_t *cov, size_t ncov) {
  tm_ctx *tc = c->v->tc;
  long dropped = 0;
  while (n) {
    if (now_s() > c->deadline) return -1;
    isa_term goal = 0;
    for (size_t j = 0; j < n; j++) {
      isa_term neg = tm_app1(tc, ISA_OP_LNOT, post[idx[j]]);
      goal = goal ? tm_app2(tc, ISA_OP_LOR, goal, neg) : neg;
    }
    isa_term q[3] = {hyp, facts, goal};
    char why[100];
    double tq = now_s();
    smt_result r = smt_check(c->solver, q, 3, why, sizeof why);
    if (c->debug)
      fprintf(stderr, "proof over loop heads: path %d -> 0x%llx, %zu atoms: %s in %.3f s\n", s->from,
              (unsigned long long)h->pc, n, r == SMT_SAT ? "sat" : r == SMT_UNSAT ? "unsat" : "unknown", now_s() - tq);
    if (r == SMT_UNSAT) return dropped;
    size_t m = n;
    if (r == SMT_SAT) {
      m = 0;
      for (size_t j = 0; j < n; j++) {
        uint64_t val;
        if (!smt_model_eval(c->solver, post[idx[j]], &val) || !val) {
          kill(c, h, h->a0 + idx[j]), dropped++;
        }
        else idx[m++] = idx[j];
      }
      for (size_t j = 0; m < n && j < ncov; j++) {
        uint64_t val;
        if (c->alive[h->a0 + cov[j]] == 1 && smt_model_eval(c->solver, post[cov[j]], &val) && !val)
          kill(c, h, h->a0 + cov[j]), dropped++;
      }
    }
    if (m < n) {
      if (s->from == s->to) return dropped; /* what it assumed fell too: the caller asks again */
      n = m;
      continue;
    }
    /* undecided (or a model that breaks none) */
    if (n == 1) {
      kill(c, h, h->a0 + idx[0]);
      return dropped + 1;
    }
    long d1 = check_group(c, s, h, hyp, facts, post, idx, n / 2, cov, ncov);
    long d2 = d1 < 0 ? -1 : check_group(c, s, h, hyp, facts, post, idx + n / 2, n - n / 2, cov, ncov);
    return d2 < 0 ? -1 : dropped + d1 + d2;
  }
  return dropped;
}

static uint64_t product_in(tm_walk *tw, isa_term t, void *ctx) {
  (void)ctx;
  tm_ctx *tc = tm_walk_ctx(tw);
  if (tm_kind(tc, t) == ISA_OP_MUL && !tm_is_const(tc, tm_arg(tc, t, 0), NULL) && !tm_is_const(tc, tm_arg(tc, t, 1), NULL))
    return 1;
  uint64_t r = 0, x;
  for (unsigned i = 0; i < tm_nargs(tc, t); i++)
    if (tm_walk_get(tw, tm_arg(tc, t, i), &x)) r |= x;
  return r;
}

/* Does term a multiply two variables (x == n·n·n)? */
static bool has_product(cp_ctx *c, isa_term a) { return tm_walk_run(c->v->tc, a, product_in, NULL) != 0; }
/* The same of atom k (kept, since every pass over a path asks). */
static bool atom_has_product(const cp_ctx *c, size_t k) { return c->has_prod[k]; }

/* Houdini over path s: drops the atoms of its head that s can break when
 * its start's invariant holds.  False when the time ran out.
 * A path whose last check kept every atom of its end is not asked again
 * while no atom of its start has fallen (the same hypothesis) and none of
 * its end was uncovered (the same atoms or fewer: what held of them still
 * does); a path from the entry then never is. */
static bool houdini_seg(cp_ctx *c, seg *s, bool *changed) {
  tm_ctx *tc = c->v->tc;
  const chead *h = &c->h[s->to];
  if (!h->na) return true;
  unsigned kills0 = s->from >= 0 ? c->h[s->from].kills : 0, wakes0 = h->wakes;
  if (s->ok && s->ok_kills == kills0 && s->ok_wakes == wakes0) return true;
  isa_term *post = xa_calloc(h->na, sizeof *post);
  size_t *idx = xa_malloc(h->na * sizeof *idx), *cov = xa_malloc(h->na * sizeof *cov);
  long d;
  do { /* again while some fall: a path from the head to itself assumed them */
    isa_term facts, hyp = hypothesis(c, s, &facts);
    size_t n = 0, ncov = 0;
    for (size_t i = 0; i < h->na; i++) {
      if (c->alive[h->a0 + i] != 1 || (c->products && !atom_has_product(c, h->a0 + i))) continue;
      isa_term f;
      post[i] = at_end(c, s, c->atom[h->a0 + i], &f);
      facts = tm_app2(tc, ISA_OP_LAND, facts, f);
      if (covered(c, h->a0 + i)) cov[ncov++] = i;
      else idx[n++] = i;
    }
    wakes0 = h->wakes;
    d = check_group(c, s, h, hyp, facts, post, idx, n, cov, ncov);
    if (d > 0) *changed = true;
  } while (d > 0 && s->from == s->to);
  /* what check_group kept held under this hypothesis (on a path from a
   * head to itself, once nothing fell) */
  s->ok = d == 0 || (d > 0 && s->from != s->to && h->wakes == wakes0);
  s->ok_kills = s->from >= 0 ? c->h[s->from].kills : 0;
  s->ok_wakes = h->wakes;
  free(post);
  free(idx);
  free(cov);
  return d >= 0;
}

static void set_timeout(cp_ctx *c, unsigned ms) {
  c->query_ms = ms;
  smt_set_timeout(c->solver, ms);
}

/* ---- equalities that inequalities pin --------------------------------------- */

/* The operand pairs of the comparisons among the conjuncts of t (a
 * comparison's negation too) into out (up to cap, each pair once); how
 * many.  An explicit stack: a path's condition is a deep chain. */
static size_t comparisons(tm_ctx *tc, isa_term t, isa_term (*out)[2], size_t cap) {
  size_t n = 0, nc;
  isa_term *cj = conjuncts(tc, t, &nc);
  for (size_t j = 0; j < nc && n < cap; j++) {
    isa_term x = cj[j];
    int k = tm_kind(tc, x);
    if (k == ISA_OP_LNOT) x = tm_arg(tc, x, 0), k = tm_kind(tc, x);
    if (k != ISA_OP_SLT && k != ISA_OP_SLE && k != ISA_OP_ULT && k != ISA_OP_ULE) continue;
    isa_term a = tm_arg(tc, x, 0), b = tm_arg(tc, x, 1);
    if (tm_is_const(tc, a, NULL) || tm_is_const(tc, b, NULL)) continue; /* a bound pins nothing alone */
    bool seen = false;
    for (size_t i = 0; i < n && !seen; i++) seen = out[i][0] == a && out[i][1] == b;
    if (!seen) out[n][0] = a, out[n][1] = b, n++;
  }
  free(cj);
  return n;
}

/* The equalities a = b, a = b + 1 and a + 1 = b, for the operands of the
 * comparisons of q's linear part, that this part implies (each shown
 * within PIN_QUERY_MS), into out; how many.  Two inequalities often pin
 * a value: a loop's exit after `n++` with n ≤ a before it leaves n = a + 1.
 * Such an equality is what the solver for products substitutes (smt.h),
 * while it does not derive it from the inequalities in time: with it, an
 * assertion after the loop about n·n·n and a is a polynomial identity. */
static size_t pinned(cp_ctx *c, isa_term lin, isa_term *out, size_t cap) {
  tm_ctx *tc = c->v->tc;
  isa_term pairs[PIN_MAX_CMP][2];
  size_t np = comparisons(tc, lin, pairs, PIN_MAX_CMP), n = 0;
  unsigned ms = c->query_ms;
  smt_set_timeout(c->solver, PIN_QUERY_MS);
  for (size_t i = 0; i < np && n < cap && now_s() < c->deadline; i++) {
    isa_term a = pairs[i][0], b = pairs[i][1];
    isa_term one = tm_const(tc, 1, tm_sort(tc, a));
    isa_term cand[3] = {tm_app2(tc, ISA_OP_EQ, a, b), tm_app2(tc, ISA_OP_EQ, a, tm_app2(tc, ISA_OP_ADD, b, one)),
                        tm_app2(tc, ISA_OP_EQ, tm_app2(tc, ISA_OP_ADD, a, one), b)};
    for (int k = 0; k < 3 && n < cap; k++) {
      if (tm_is_const(tc, cand[k], NULL)) continue;
      isa_term q[2] = {lin, tm_app1(tc, ISA_OP_LNOT, cand[k])};
      if (smt_check(c->solver, q, 2, NULL, 0) == SMT_UNSAT) {
        out[n++] = cand[k];
        break; /* at most one of the three holds */
      }
    }
  }
  smt_set_timeout(c->solver, ms);
  return n;
}

/* t with each byte of the start's memory at a constant address read as
 * its byte of a variable for the aligned word that holds it ($word<address>,
 * in the ISA's byte order), so that a word read whole is that variable. */
static bool has_product(cp_ctx *c, isa_term a);

static uint64_t to_cells(tm_walk *w, isa_term t, void *ctx) {
  cp_ctx *c = ctx;
  tm_ctx *tc = tm_walk_ctx(w);
  uint64_t k;
  if (tm_kind(tc, t) == ISA_OP_SELECT && tm_arg(tc, t, 0) == c->v->mem && tm_is_const(tc, tm_arg(tc, t, 1), &k)) {
    unsigned W = c->v->d->addr_bits / 8, i = (unsigned)(k % W);
    char nm[40];
    snprintf(nm, sizeof nm, "$word%llx", (unsigned long long)(k - i));
    unsigned lo = 8 * (c->v->d->big_endian ? W - 1 - i : i);
    return tm_extract(tc, tm_var(tc, nm, 8 * W), lo + 7, lo);
  }
  isa_term a[3];
  if (!tm_walk_args(w, t, a)) return 0;
  unsigned wd = tm_sort(tc, t);
  if (tm_kind(tc, t) == ISA_OP_SHL && tm_is_const(tc, a[1], &k) && k < wd && wd <= 64)
    /* a product, which the solver's polynomials take in (it makes a shift
     * a concatenation of an extract and zeros instead) */
    return tm_app2(tc, ISA_OP_MUL, a[0], tm_const(tc, (uint64_t)1 << k, wd));
  unsigned as = tm_nargs(tc, t) == 2 ? tm_sort(tc, a[0]) : 0;
  if (tm_kind(tc, t) == ISA_OP_EQ && as && as != TM_ARRAY && !(tm_is_const(tc, a[1], &k) && !k) && has_product(c, t))
    /* a polynomial equality as p - q == 0: the solver's sums of monomials
     * then make the same equality, however its sides were written (an
     * invariant 2s == n + n·n, a test n + n·n - 2s != 0), the same term */
    return tm_app2(tc, ISA_OP_EQ, tm_app2(tc, ISA_OP_SUB, a[0], a[1]), tm_const(tc, 0, as));
  return tm_rebuild(tc, t, a);
}

static uint64_t mentions(tm_walk *w, isa_term t, void *ctx) {
  if (t == *(const isa_term *)ctx) return 1;
  tm_ctx *tc = tm_walk_ctx(w);
  uint64_t r = 0, x;
  for (unsigned i = 0; i < tm_nargs(tc, t); i++)
    if (tm_walk_get(w, tm_arg(tc, t, i), &x)) r |= x;
  return r;
}

/* The terms q[0..n) with the start's memory read at constant addresses
 * only, as variables: the solver for products substitutes the equalities
 * of a variable (x == n·n·n), not those of an array's element, and at -O0
 * (and for what -O2 spills) the variables are memory.  The cells of one
 * array at distinct constant addresses are distinct, so nothing changes
 * but the form; when the memory is read at an address that is not
 * constant as well (it might be one of them), q stays as it is. */
static void cells_as_vars(cp_ctx *c, isa_term *q, size_t n) {
  tm_ctx *tc = c->v->tc;
  isa_term *r = xa_malloc(n * sizeof *r), mem = c->v->mem;
  for (size_t i = 0; i < n; i++) {
    r[i] = (isa_term)tm_walk_run(tc, q[i], to_cells, c);
    if (tm_walk_run(tc, r[i], mentions, &mem)) {
      free(r);
      return;
    }
  }
  memcpy(q, r, n * sizeof *r);
  free(r);
}

/* Is goal impossible at the start of s?  1 yes, 0 no, -1 unknown.  A
 * query with products gets the equalities its linear part pins, and the
 * start's memory cells as variables. */
static int refuted(cp_ctx *c, const seg *s, isa_term goal, isa_term goal_facts) {
  tm_ctx *tc = c->v->tc;
  isa_term facts, hyp = hypothesis(c, s, &facts);
  isa_term q[4 + PIN_MAX_CMP] = {hyp, facts, goal_facts, goal};
  size_t n = 4;
  isa_term all = tm_app2(tc, ISA_OP_LAND, tm_app2(tc, ISA_OP_LAND, hyp, facts), tm_app2(tc, ISA_OP_LAND, goal_facts, goal));
  if (has_product(c, all)) {
    n += pinned(c, without_products(c, all), q + 4, PIN_MAX_CMP);
    if (c->debug)
      for (size_t i = 4; i < n; i++) {
        char buf[300];
        tm_print(tc, q[i], buf, sizeof buf);
        fprintf(stderr, "proof over loop heads: pinned %s\n", buf);
      }
    cells_as_vars(c, q, n);
  }
  char why[100];
  smt_result r = smt_check(c->solver, q, n, why, sizeof why);
  return r == SMT_UNSAT ? 1 : r == SMT_SAT ? 0 : -1;
}

/* Every path from the entry (state S), then from each head as it is
 * reached.  False when a walk failed (c->why). */
static bool walk_all(cp_ctx *c, isa_term *S) {
  tm_ctx *tc = c->v->tc;
  uint64_t pc0;
  if (!tm_is_const(tc, S[tm_var_index(tc, c->v->pc)], &pc0)) {
    fail(c, "the entry is not known");
    return false;
  }
  walk w = {c, FROM_ENTRY, 0};
  follow(&w, pc0, tm_true(tc), S, 0, 0, 0);
  for (bool more = true; more && !c->why[0];) {
    more = false;
    for (size_t i = 0; i < c->nh && !c->why[0]; i++) {
      chead *h = &c->h[i];
      if (!h->reached || h->walked) continue;
      h->walked = more = true;
      head_start(c, h);
      size_t s0 = c->nsg;
      walk wh = {c, (int)i, h->depth};
      follow(&wh, h->pc, tm_true(tc), h->S0, 0, h->depth, h->depth);
      for (size_t k = s0; k < c->nsg; k++) {
        void *ctx[2] = {c, h};
        tm_walk_run(tc, c->sg[k].cond, note_reads, ctx);
        if (c->sg[k].S)
          for (size_t v = 0; v < c->nvars; v++)
            if (c->sg[k].S[v]) tm_walk_run(tc, c->sg[k].S[v], note_reads, ctx);
      }
    }
  }
  return !c->why[0];
}

/* Marks off the reached heads on no cycle of paths that stay in the
 * head's procedure (consecutive calls of one procedure are no loop); true
 * when there were any (walk again without them). */
static bool drop_acyclic(cp_ctx *c) {
  bool any = false;
  for (size_t i = 0; i < c->nh; i++) {
    if (!c->h[i].reached) continue;
    /* can i reach itself?  a search over the paths between heads */
    bool seen[CP_MAX_HEADS] = {false}, grew = true, cyc = false;
    seen[i] = false;
    for (size_t k = 0; k < c->nsg; k++)
      if (c->sg[k].from == (int)i && c->sg[k].to >= 0 && !c->sg[k].left) seen[c->sg[k].to] = true;
    while (grew) {
      grew = false;
      for (size_t k = 0; k < c->nsg; k++) {
        const seg *s = &c->sg[k];
        if (s->from >= 0 && s->to >= 0 && !s->left && seen[s->from] && !seen[s->to]) seen[s->to] = grew = true;
      }
    }
    cyc = seen[i];
    if (!cyc) {
      if (c->debug) fprintf(stderr, "proof over loop heads: 0x%llx is on no cycle\n", (unsigned long long)c->h[i].pc);
      c->h[i].off = true, any = true;
    }
  }
  return any;
}

/* The structure of every head on every path to it, and no path to the
 * target or a violation, with the atoms that stand.  1 proven, 0 not (why
 * in c->why), -1 out of time. */
static int final_check(cp_ctx *c) {
  tm_ctx *tc = c->v->tc;
  for (size_t k = 0; k < c->nsg; k++) {
    const seg *s = &c->sg[k];
    if (now_s() > c->deadline) {
      c->timeout = true;
      fail(c, "out of time");
      return -1;
    }
    int r;
    if (s->to == TO_BAD) {
      r = refuted(c, s, tm_true(tc), tm_true(tc));
      if (r != 1 && c->debug) {
        char buf[2000];
        tm_print(tc, s->cond, buf, sizeof buf);
        fprintf(stderr, "proof over loop heads: the path to the target or a violation: %s\n", buf);
      }
      if (r != 1) {
        fail(c, r ? "the solver could not refute a path from %s%.0llx to the target or a violation"
                  : "a path from %s%.0llx to the target or to a violation is not excluded by the invariants",
             s->from < 0 ? "the entry" : "0x", s->from < 0 ? 0ull : (unsigned long long)c->h[s->from].pc);
        return 0;
      }
    } else {
      isa_term f, g = at_end(c, s, c->h[s->to].sigma, &f);
      r = refuted(c, s, tm_app1(tc, ISA_OP_LNOT, g), f);
      if (r != 1) {
        fail(c, "a path to 0x%llx %s its frame, depth or pending calls", (unsigned long long)c->h[s->to].pc,
             r ? "may not keep" : "does not keep");
        return 0;
      }
    }
  }
  return 1;
}

int cp_prove(cp_ctx *c, const isa_term *init, size_t ninit, cp_ground_fn gr, cp_sample_fn holds, void *gctx,
             double seconds, unsigned query_ms, cp_stats *st, char *why, size_t whysz) {
  tm_ctx *tc = c->v->tc;
  const isa_desc *d = c->v->d;
  memset(st, 0, sizeof *st);
  reset(c);
  c->gr = gr, c->holds = holds, c->gctx = gctx;
  c->deadline = now_s() + seconds;
  if (!c->vars) c->vars = xa_malloc(ss_nstate(d) * sizeof *c->vars);
  ss_state_vars(c->v, c->vars);
  tm_var(tc, "$sysmem", TM_ARRAY); /* before the maps are sized */
  c->nvars = tm_var_count(tc) + VAR_ROOM;
  set_timeout(c, query_ms);
  /* the paths from the entry, then from each head as it is reached; a
   * head on no cycle of paths (a procedure entered by a jump back, not a
   * loop) is walked through in the next round instead.  Then the
   * fixpoint; the constants it keeps become structure, and the walks start
   * again knowing them, until no more are kept */
  for (size_t i = 0; i < c->nh; i++) c->h[i].off = false, c->h[i].nfix = 0;
  isa_term *S = xa_calloc(c->nvars, sizeof *S);
  int res = 0;
  for (size_t round = 0; round < MAX_ROUNDS; round++) {
    for (size_t again = 0; again <= CP_MAX_HEADS; again++) {
      if (round || again) reset(c);
      memset(S, 0, c->nvars * sizeof *S);
      memcpy(S, init, (ninit < c->nvars ? ninit : c->nvars) * sizeof *S);
      if (!walk_all(c, S) || !drop_acyclic(c)) break;
    }
    if (c->why[0]) goto out;
    uint64_t ks[MAX_KS];
    size_t nk = 0;
    for (size_t k = 0; k < c->nsg; k++) {
      void *ctx[3] = {c, ks, &nk};
      tm_walk_run(tc, c->sg[k].cond, note_consts, ctx);
    }
    st->heads = 0;
    for (size_t o = 0; o < c->nreached; o++) /* in the order reached: a first arrival's start has its atoms */
      for (size_t i = 0; i < c->nh; i++)
        if (c->h[i].reached && c->h[i].order == o) head_atoms(c, i, ks, nk), st->heads++;
    head_guards(c);
    c->alive = xa_malloc(c->natom ? c->natom : 1);
    memset(c->alive, 1, c->natom ? c->natom : 1);
    for (size_t i = 0; i < c->nh; i++)
      for (size_t k = c->h[i].a0; c->h[i].reached && k < c->h[i].a0 + c->h[i].na; k++)
        if (dropped_before(c, c->h[i].pc, c->atom[k]) ||
            (c->holds && !c->holds(c->gctx, c->h[i].pc, c->atom[k])))
          c->alive[k] = 0;
    /* Houdini: the atoms each path to a head keeps, to the fixpoint.  The
     * atoms with products of variables wait for a second stage: queries
     * with them go to a slower solver (smt.h), and with a hundred linear
     * atoms to check beside them they run out of time.  What the first
     * stage keeps stays inductive when the hypothesis grows, so the second
     * checks only them. */
    bool held = false;
    c->has_prod = xa_malloc(c->natom ? c->natom : 1);
    for (size_t k = 0; k < c->natom; k++) {
      c->has_prod[k] = has_product(c, c->atom[k]);
      if (c->alive[k] && c->has_prod[k]) c->alive[k] = 2, held = true;
    }
    build_covers(c);
    for (int stage = 0; stage < 2; stage++) {
      for (size_t k = 0; k < c->nsg; k++) c->sg[k].ok = false; /* another hypothesis, other atoms */
      c->products = stage == 1;
      c->first_stage = stage == 0;
      /* normalising products takes the solver longer */
      if (c->products) set_timeout(c, NL_QUERY_FACTOR * query_ms);
      for (bool changed = true; changed;) {
        changed = false;
        for (size_t k = 0; k < c->nsg; k++) {
          if (c->sg[k].to == TO_BAD) continue;
          if (!houdini_seg(c, &c->sg[k], &changed)) {
            c->timeout = true;
            fail(c, "out of time in the fixpoint");
            goto out;
          }
        }
      }
      if (!held) break;
      for (size_t k = 0; k < c->natom; k++)
        if (c->alive[k] == 2) c->alive[k] = 1;
    }
    c->products = c->first_stage = false;
    /* (the longer time stays for the final check: its paths are those
     * the products were needed for) */
    /* the proof, or the constants that stood as structure for another
     * round (the walks then know them) */
    int fc = final_check(c);
    if (fc < 0) goto out;
    if (fc == 1) {
      res = 1;
      break;
    }
    set_timeout(c, query_ms);
    if (!promote(c)) goto out;
    c->why[0] = 0;
  }
  if (res != 1) {
    fail(c, "no proof after %d rounds", MAX_ROUNDS);
    goto out;
  }
  for (size_t i = 0; i < c->natom; i++) st->atoms += c->alive[i] == 1;
out:
  if (c->debug)
    for (size_t i = 0; i < c->nh; i++) {
      const chead *h = &c->h[i];
      if (!h->reached) continue;
      fprintf(stderr, "proof over loop heads: head 0x%llx at depth %llu, %zu atoms, %zu bytes read, %zu constants:",
              (unsigned long long)h->pc, (unsigned long long)h->depth, h->na, h->nreads, h->nfix);
      for (size_t k = 0; k < h->nfix; k++)
        if (h->fix[k].var) fprintf(stderr, " %s=%llx", tm_var_name(tc, tm_var_index(tc, h->fix[k].var)), (unsigned long long)h->fix[k].val);
        else fprintf(stderr, " [%llx]=%02llx", (unsigned long long)h->fix[k].addr, (unsigned long long)h->fix[k].val);
      fprintf(stderr, "\n");
      for (size_t k = h->a0; k < h->a0 + h->na && c->alive; k++) {
        char buf[300];
        tm_print(tc, c->atom[k], buf, sizeof buf);
        fprintf(stderr, "  %s %s\n", c->alive[k] == 1 ? "kept" : c->alive[k] ? "held back" : "dropped", buf);
      }
    }
  st->segments = c->nsg;
  free(S);
  if (res != 1) res = c->timeout ? -1 : 0;
  snprintf(why, whysz, "%s", res == 1 ? "" : c->why);
  return res;
}
