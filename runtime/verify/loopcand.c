/* loopcand.c — consecution of candidate facts over a loop's passes
 * (loopcand.h). */
#include "loopcand.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "htab.h"
#include "pre.h"
#include "symstep.h"
#include "xalloc.h"

#define LC_QUERY_MS 200
#define LC_SECONDS 1.0  /* for one check (lc_keep): past it, nothing counts as checked */
#define LC_MIN_QUERY_MS 1000
#define LC_MIN_SECONDS 3.0 /* for the search of a smaller candidate (minimise) */
#define OFF_LO (-256)   /* stack offsets whose reads are told apart */
#define OFF_HI 4096

/* One pass: its condition and the state after it, over the head's state. */
typedef struct pass {
  isa_term cond;
  isa_term *S; /* per variable index (sized nvars), 0: unchanged */
} pass;

/* A head's passes, followed once (walk_head). */
typedef struct hwalk {
  uint64_t head;
  pass *p;
  size_t np;
  size_t nvars;    /* the size of each S and of tested */
  uint8_t *tested; /* per variable index: a branch of some pass reads it */
  uint8_t *off;    /* per byte at SP + k (OFF_LO ≤ k < OFF_HI): a branch reads it */
  bool mem_any;    /* a branch reads memory elsewhere (then every stack word counts) */
  isa_term mem, sp;
  bool complete;   /* every path was followed to a pass or out of the loop */
  isa_term *bad;   /* the conditions of the paths from the head to the target */
  size_t nbad;
  uint64_t ks[LC_MAX_CONSTS]; /* constants the branches compare with */
  size_t nk;
  lc_frame fr;     /* the frame the walk started from */
  isa_term *S0;    /* that frame as a state (sized nvars, 0: the variable itself); NULL: none */
} hwalk;

/* The frame lc_set_frame gave for a head. */
typedef struct hframe {
  uint64_t head;
  lc_frame fr;
} hframe;

struct lc_ctx {
  const fold_vocab *v;
  fold_letters *L;
  const mem_space *code;
  smt *solver;
  uint64_t target; /* a path that gets there leaves the loop */
  ht_map memo; /* hash(head, frame, atoms) -> mask << 1 | checked */
  hwalk *hw;
  size_t nhw, caphw;
  hframe *fr;
  size_t nfr, capfr;
};

typedef struct walk {
  lc_ctx *c;
  uint64_t head;
  size_t nvars;
  pass *p;
  size_t np;
  size_t steps;
  const isa_term *vars; /* the state's variables (registers, mem, $V, $D, $A, $ip) */
  size_t nstate;
  uint8_t *tested; /* per variable index: a branch of the loop reads it (at the head's state) */
  uint8_t *off;    /* hwalk */
  uint64_t ks[LC_MAX_CONSTS]; /* hwalk */
  size_t nk;
  bool sp_known;   /* the frame gives SP: stack bytes are at constant addresses */
  uint64_t sp_val;
  bool mem_any;
  bool incomplete; /* a path was cut or could not be followed: some pass may be missing */
  isa_term *bad;   /* hwalk */
  size_t nbad;
} walk;

lc_ctx *lc_new(const fold_vocab *v, fold_letters *L, const mem_space *code, smt *solver, uint64_t target) {
  lc_ctx *c = xa_calloc(1, sizeof *c);
  c->v = v, c->L = L, c->code = code, c->solver = solver, c->target = target;
  return c;
}

static void hwalk_free(hwalk *h) {
  for (size_t k = 0; k < h->np; k++) free(h->p[k].S);
  free(h->p);
  free(h->tested);
  free(h->off);
  free(h->bad);
  free(h->S0);
}

/* Is a (an address) SP + k, k returned? */
static bool sp_offset(tm_ctx *tc, isa_term a, isa_term sp, int64_t *k) {
  uint64_t c;
  unsigned w = tm_sort(tc, a);
  if (a == sp) return *k = 0, true;
  if (tm_kind(tc, a) != ISA_OP_ADD) return false;
  isa_term x = tm_arg(tc, a, 0), y = tm_arg(tc, a, 1);
  if (!((x == sp && tm_is_const(tc, y, &c)) || (y == sp && tm_is_const(tc, x, &c)))) return false;
  *k = w >= 64 ? (int64_t)c : (int64_t)((c ^ (1ull << (w - 1))) - (1ull << (w - 1)));
  return true;
}

void lc_free(lc_ctx *c) {
  if (!c) return;
  ht_free(&c->memo);
  for (size_t i = 0; i < c->nhw; i++) hwalk_free(&c->hw[i]);
  free(c->hw);
  free(c->fr);
  free(c);
}

static uint64_t mix(uint64_t h, uint64_t x) {
  h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

/* The letter at pc in direction dir, or 0 when the bytes there do not
 * decode. */
static nwa_letter letter_at(lc_ctx *c, uint64_t pc, unsigned dir, uint32_t *insn_out, unsigned *len_out) {
  return ss_letter_at(c->L, c->v->d, c->code, pc, dir, insn_out, len_out);
}

/* t over the head's state, after the steps whose state is S. */
static isa_term at_state(tm_ctx *tc, isa_term t, const isa_term *S) { return tm_subst(tc, t, S); }

static void follow(walk *w, uint64_t pc, isa_term cond, isa_term *S, unsigned len, size_t depth);

/* Marks the variables of a term in w->tested, and the stack bytes it
 * reads in w->off. */
static uint64_t mark_vars(tm_walk *tw, isa_term t, void *ctx) {
  walk *w = ctx;
  tm_ctx *tc = tm_walk_ctx(tw);
  if (tm_kind(tc, t) == TM_VAR) {
    uint32_t i = tm_var_index(tc, t);
    if (i < w->nvars) w->tested[i] = 1;
    return 0;
  }
  const isa_desc *d = w->c->v->d;
  int op = tm_kind(tc, t);
  if ((op == ISA_OP_EQ || op == ISA_OP_ULT || op == ISA_OP_ULE || op == ISA_OP_SLT || op == ISA_OP_SLE) &&
      tm_sort(tc, tm_arg(tc, t, 0)) == d->addr_bits) { /* a comparison with a constant: a bound the loop tests */
    uint64_t k;
    isa_term a = tm_arg(tc, t, 0), b = tm_arg(tc, t, 1);
    bool ka = tm_is_const(tc, a, &k), kb = !ka && tm_is_const(tc, b, &k);
    if (ka != kb) {
      bool have = false;
      for (size_t i = 0; i < w->nk && !have; i++) have = w->ks[i] == k;
      if (!have && w->nk < LC_MAX_CONSTS) w->ks[w->nk++] = k;
    }
  }
  if (tm_kind(tc, t) == ISA_OP_SELECT && tm_arg(tc, t, 0) == w->c->v->mem) {
    int64_t k;
    uint64_t a;
    bool rel = sp_offset(tc, tm_arg(tc, t, 1), w->vars[d->sp], &k);
    if (!rel && w->sp_known && tm_is_const(tc, tm_arg(tc, t, 1), &a)) /* SP + k with SP from the frame */
      rel = true, k = (int64_t)(a - w->sp_val);
    if (rel && k >= OFF_LO && k < OFF_HI) w->off[k - OFF_LO] = 1;
    else w->mem_any = true;
  }
  uint64_t x;
  for (unsigned i = 0; i < tm_nargs(tc, t); i++) (void)tm_walk_get(tw, tm_arg(tc, t, i), &x);
  return 0;
}

/* Does a term mention a variable the loop's branches do not test? */
static uint64_t mentions_other(tm_walk *tw, isa_term t, void *ctx) {
  const hwalk *w = ctx;
  tm_ctx *tc = tm_walk_ctx(tw);
  if (tm_kind(tc, t) == TM_VAR) {
    uint32_t i = tm_var_index(tc, t);
    return i >= w->nvars || !w->tested[i];
  }
  int64_t k;
  if (!w->mem_any && tm_kind(tc, t) == ISA_OP_SELECT && tm_arg(tc, t, 0) == w->mem &&
      sp_offset(tc, tm_arg(tc, t, 1), w->sp, &k)) /* a stack byte: does a branch read it? */
    return !(k >= OFF_LO && k < OFF_HI && w->off[k - OFF_LO]);
  uint64_t r = 0, x;
  bool all = true;
  for (unsigned i = 0; i < tm_nargs(tc, t); i++) {
    if (tm_walk_get(tw, tm_arg(tc, t, i), &x)) r |= x;
    else all = false;
  }
  return all ? r : 0;
}

/* A `read` from the input on a pass stores the input's bytes (symstep.h),
 * so that loops that read input on each pass are checked like any other;
 * only counts known to be at most READ_MAX_BYTES (the harness's nondet
 * values read 1 to 8 bytes). */
#define READ_MAX_BYTES 16

/* One step of letter l (kind k) from state S under cond: the state after
 * it, and on to its successor. */
static void step(walk *w, nwa_letter l, nwa_kind k, isa_term cond, const isa_term *S, unsigned len, size_t depth) {
  lc_ctx *c = w->c;
  tm_ctx *tc = c->v->tc;
  const isa_desc *d = c->v->d;
  pre_post p;
  if (pre_post_of(c->v, fold_letter_get(c->L, l), k, &p)) {
    w->incomplete = true;
    return;
  }
  if (tm_var_count(tc) > w->nvars) { /* a variable the map cannot hold */
    pre_post_free(&p);
    w->incomplete = true;
    return;
  }
  isa_term *S2 = xa_calloc(w->nvars, sizeof *S2);
  memcpy(S2, S, w->nvars * sizeof *S2);
  isa_term cs = at_state(tc, p.cond, S);
  isa_term c2 = tm_app2(tc, ISA_OP_LAND, cond, cs);
  /* what the head's procedure tests, in the loop and after it (an
   * assertion after the loop tests what the loop must keep); what a callee
   * tests counts on a pass (below) */
  const fold_letter *fl = fold_letter_get(c->L, l);
  if (depth == 0 && d->insns[fl->insn].flow == ISA_FLOW_CJUMP) tm_walk_run(tc, cs, mark_vars, w);
  if (!ss_post(c->v, w->vars, fl, &p, S, S2, READ_MAX_BYTES)) {
    pre_post_free(&p);
    free(S2);
    w->incomplete = true;
    return;
  }
  pre_post_free(&p);
  uint64_t b, next;
  bool sat_known = tm_is_const(tc, c2, &b);
  isa_term npc = S2[tm_var_index(tc, w->vars[d->pc])];
  if ((sat_known && !b) || !tm_is_const(tc, npc, &next)) { /* impossible, or a target not known */
    if (!(sat_known && !b)) w->incomplete = true;
    free(S2);
    return;
  }
  size_t nd = depth + (k == NWA_CALL) - (k == NWA_RETURN);
  follow(w, next, c2, S2, len + 1, nd);
  free(S2);
}

static void follow(walk *w, uint64_t pc, isa_term cond, isa_term *S, unsigned len, size_t depth) {
  lc_ctx *c = w->c;
  const isa_desc *d = c->v->d;
  if (w->np >= LC_MAX_PATHS || w->steps >= LC_MAX_STEPS) {
    w->incomplete = true;
    return;
  }
  if (len && pc == w->head && depth == 0) { /* a pass */
    w->p = xa_realloc(w->p, (w->np + 1) * sizeof *w->p);
    w->p[w->np].cond = cond;
    w->p[w->np].S = xa_malloc(w->nvars * sizeof *S);
    memcpy(w->p[w->np].S, S, w->nvars * sizeof *S);
    w->np++;
    tm_walk_run(c->v->tc, cond, mark_vars, w); /* what the loop's branches test */
    return;
  }
  if (pc == c->target) { /* out of the loop, at the target */
    if (w->nbad < LC_MAX_PATHS) {
      w->bad = xa_realloc(w->bad, (w->nbad + 1) * sizeof *w->bad);
      w->bad[w->nbad++] = cond;
      /* what an assertion tests counts, though a callee may test it (an
       * -O0 `assert(k >= 0)` computes k >= 0 in the loop's procedure with
       * a set-on-condition and branches on it in the callee) */
      tm_walk_run(c->v->tc, cond, mark_vars, w);
    } else
      w->incomplete = true;
    return;
  }
  if (len >= LC_MAX_LEN) {
    w->incomplete = true;
    return;
  }
  w->steps++;
  uint32_t insn;
  unsigned ilen;
  nwa_letter l0 = letter_at(c, pc, 0, &insn, &ilen);
  if (!l0) {
    w->incomplete = true;
    return;
  }
  const isa_insn_info *ii = &d->insns[insn];
  switch (ii->flow) {
  case ISA_FLOW_HALT: return; /* out of the loop */
  case ISA_FLOW_IJUMP:
  case ISA_FLOW_ICALL: w->incomplete = true; return; /* left to DPG */
  case ISA_FLOW_RETURN:
    if (depth == 0) return; /* leaves the head's procedure */
    step(w, l0, NWA_RETURN, cond, S, len, depth);
    return;
  case ISA_FLOW_CALL: step(w, l0, NWA_CALL, cond, S, len, depth); return;
  default: break;
  }
  step(w, l0, NWA_INTERNAL, cond, S, len, depth);
  if (fold_has_directions(d, insn)) {
    nwa_letter l1 = letter_at(c, pc, 1, &insn, &ilen);
    if (l1) step(w, l1, NWA_INTERNAL, cond, S, len, depth);
  }
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* t at the head, in the frame the walk started from. */
static isa_term at_frame(tm_ctx *tc, const hwalk *w, isa_term t) { return w->S0 ? tm_subst(tc, t, w->S0) : t; }

/* Houdini over the passes: the atoms of *mask that every pass keeps.
 * False when the time ran out (past deadline). */
static bool houdini(lc_ctx *c, const hwalk *w, const isa_term *atoms, size_t n, uint64_t *mask, double deadline) {
  tm_ctx *tc = c->v->tc;
  isa_term post[64];
  bool changed = true;
  while (changed && *mask) {
    changed = false;
    for (size_t k = 0; k < w->np && *mask; k++) {
      for (;;) {
        isa_term hyp[2], goal = 0, A = tm_true(tc);
        for (size_t i = 0; i < n; i++) {
          post[i] = 0;
          if (!(*mask >> i & 1)) continue;
          A = tm_app2(tc, ISA_OP_LAND, A, at_frame(tc, w, atoms[i]));
          post[i] = tm_subst(tc, atoms[i], w->p[k].S);
          isa_term neg = tm_app1(tc, ISA_OP_LNOT, post[i]);
          goal = goal ? tm_app2(tc, ISA_OP_LOR, goal, neg) : neg;
        }
        if (now_s() > deadline) return false;
        hyp[0] = tm_app2(tc, ISA_OP_LAND, A, w->p[k].cond);
        hyp[1] = goal;
        char why[100];
        smt_result r = smt_check(c->solver, hyp, 2, why, sizeof why);
        if (r == SMT_UNSAT) break;
        uint64_t before = *mask;
        if (r == SMT_SAT)
          for (size_t i = 0; i < n; i++) {
            uint64_t val;
            if ((*mask >> i & 1) && (!smt_model_eval(c->solver, post[i], &val) || !val)) *mask &= ~(1ull << i);
          }
        if (*mask == before) /* unknown, or a model that breaks none: each atom alone */
          for (size_t i = 0; i < n; i++) {
            if (!(*mask >> i & 1)) continue;
            if (now_s() > deadline) return false;
            hyp[1] = tm_app1(tc, ISA_OP_LNOT, post[i]);
            if (smt_check(c->solver, hyp, 2, why, sizeof why) != SMT_UNSAT) *mask &= ~(1ull << i);
          }
        changed = true;
        if (!*mask || *mask == before) break;
      }
    }
  }
  return true;
}

/* Do the atoms of mask exclude every path from the head to the target?
 * -1 when the solver could not tell, or the time ran out. */
static int excludes_bad(lc_ctx *c, const hwalk *w, const isa_term *atoms, size_t n, uint64_t mask, double deadline) {
  tm_ctx *tc = c->v->tc;
  isa_term A = tm_true(tc);
  for (size_t i = 0; i < n; i++)
    if (mask >> i & 1) A = tm_app2(tc, ISA_OP_LAND, A, at_frame(tc, w, atoms[i]));
  for (size_t k = 0; k < w->nbad; k++) {
    if (now_s() > deadline) return -1;
    isa_term hyp[2] = {A, w->bad[k]};
    char why[100];
    smt_result r = smt_check(c->solver, hyp, 2, why, sizeof why);
    if (r == SMT_SAT) return 0;
    if (r != SMT_UNSAT) return -1;
  }
  return 1;
}

/* When the atoms that every pass keeps also exclude every path from the
 * head to the target (an assertion in the loop or after it), the
 * candidate need only keep of atoms[from..n) what still does: each atom
 * is a disjunct of the split's ¬φ half that DPG has to refute, so the
 * fewer the cheaper the proof.  Atoms are tried for removal from the last
 * to atoms[from]; a removal stands when Houdini over what is left still
 * excludes every such path.  (The caller's atoms before `from` are the
 * relations: few, and what another head of the same loop, whose own
 * candidate is not checked, may stand on.) */
static void minimise(lc_ctx *c, const hwalk *w, const isa_term *atoms, size_t n, size_t from, uint64_t *mask,
                     double deadline) {
  if (!w->nbad || excludes_bad(c, w, atoms, n, *mask, deadline) != 1) return;
  for (size_t i = n; i-- > from;) {
    if (!(*mask >> i & 1)) continue;
    uint64_t m = *mask & ~(1ull << i);
    if (!m || !houdini(c, w, atoms, n, &m, deadline)) continue;
    int ex = excludes_bad(c, w, atoms, n, m, deadline);
    if (ex < 0) return;
    if (ex) *mask = m;
  }
}

static bool same_frame(const lc_frame *a, const lc_frame *b) {
  if (a->n != b->n) return false;
  for (size_t i = 0; i < a->n; i++)
    if (a->var[i] != b->var[i] || a->val[i] != b->val[i]) return false;
  return true;
}

static const lc_frame *frame_of(const lc_ctx *c, uint64_t head) {
  static const lc_frame none;
  for (size_t i = 0; i < c->nfr; i++)
    if (c->fr[i].head == head) return &c->fr[i].fr;
  return &none;
}

void lc_set_frame(lc_ctx *c, uint64_t head, const isa_term *var, const uint64_t *val, size_t n) {
  if (n > LC_FRAME_MAX) n = LC_FRAME_MAX;
  size_t i = 0;
  while (i < c->nfr && c->fr[i].head != head) i++;
  if (i == c->nfr) {
    c->fr = xa_grow(c->fr, &c->capfr, c->nfr + 1, sizeof *c->fr);
    c->nfr++;
  }
  hframe *f = &c->fr[i];
  memset(f, 0, sizeof *f);
  f->head = head;
  f->fr.n = n;
  for (size_t k = 0; k < n; k++) f->fr.var[k] = var[k], f->fr.val[k] = val[k];
}

/* The passes of head, followed once from its frame (lc_set_frame); again
 * when the variables made since no longer fit the walk's maps or the frame
 * changed. */
static hwalk *walk_head(lc_ctx *c, uint64_t head) {
  tm_ctx *tc = c->v->tc;
  const isa_desc *d = c->v->d;
  const lc_frame *fr = frame_of(c, head);
  for (size_t i = 0; i < c->nhw; i++)
    if (c->hw[i].head == head) {
      if (tm_var_count(tc) <= c->hw[i].nvars && same_frame(&c->hw[i].fr, fr)) return &c->hw[i];
      hwalk_free(&c->hw[i]);
      c->hw[i] = c->hw[--c->nhw];
      break;
    }
  /* the state's variables, then the identity state */
  isa_term *vars = xa_malloc(ss_nstate(d) * sizeof *vars);
  ss_state_vars(c->v, vars);
  walk w = {.c = c, .head = head, .vars = vars, .nstate = ss_nstate(d)};
  /* the passes may intern letters and variables: room for them */
  tm_var(tc, "$sysmem", TM_ARRAY);
  w.nvars = tm_var_count(tc) + 64;
  isa_term *S = xa_calloc(w.nvars, sizeof *S);
  w.tested = xa_calloc(w.nvars, 1);
  w.tested[tm_var_index(tc, vars[d->sp])] = 1; /* the frame every stack word is relative to */
  w.off = xa_calloc(OFF_HI - OFF_LO, 1);
  /* the head's state in its frame: the stack pointer and the frame
   * pointers as the constants every sample had, so that the stores of a
   * pass (a call's pushes, spilled locals) and the loads of the frame's
   * words are at constant addresses the term rewriter tells apart, and the
   * solver is not left to find that SP − 12 is not FP − 32 */
  isa_term *S0 = NULL;
  if (fr->n) {
    S0 = xa_calloc(w.nvars, sizeof *S0);
    for (size_t k = 0; k < fr->n; k++) {
      isa_term v = fr->var[k];
      S[tm_var_index(tc, v)] = S0[tm_var_index(tc, v)] = tm_const(tc, fr->val[k], tm_sort(tc, v));
      if (v == vars[d->sp]) w.sp_known = true, w.sp_val = fr->val[k];
    }
  }
  follow(&w, head, tm_true(tc), S, 0, 0);
  free(S);
  c->hw = xa_grow(c->hw, &c->caphw, c->nhw + 1, sizeof *c->hw);
  c->hw[c->nhw] = (hwalk){head, w.p, w.np, w.nvars, w.tested, w.off, w.mem_any, c->v->mem, vars[d->sp], !w.incomplete,
                          w.bad, w.nbad, {0}, w.nk, *fr, S0};
  memcpy(c->hw[c->nhw].ks, w.ks, sizeof w.ks);
  free(vars);
  return &c->hw[c->nhw++];
}

size_t lc_consts(lc_ctx *c, uint64_t head, uint64_t *out, size_t cap) {
  const hwalk *h = walk_head(c, head);
  size_t n = 0;
  for (size_t i = 0; i < h->nk && n < cap; i++) out[n++] = h->ks[i];
  return n;
}

bool lc_relevant(lc_ctx *c, uint64_t head, isa_term t) {
  const hwalk *h = walk_head(c, head);
  return !h->np || !h->complete || !tm_walk_run(c->v->tc, t, mentions_other, (void *)h);
}

/* Houdini over the atoms of *mask, then over those that speak of what the
 * loop's branches test: each atom is a disjunct of the split's ¬φ half that
 * DPG has to refute, so an atom the loop never tests costs the proof
 * without serving it; the rest checked again, as some may have stood on
 * the ones dropped.  False when the time ran out. */
static bool check_atoms(lc_ctx *c, const hwalk *w, const isa_term *atoms, size_t n, uint64_t *mask, double deadline) {
  if (!houdini(c, w, atoms, n, mask, deadline)) return false;
  uint64_t m = *mask;
  for (size_t i = 0; i < n; i++)
    if ((m >> i & 1) && tm_walk_run(c->v->tc, atoms[i], mentions_other, (void *)w)) m &= ~(1ull << i);
  if (m == *mask) return true;
  *mask = m;
  return houdini(c, w, atoms, n, mask, deadline);
}

bool lc_keep(lc_ctx *c, uint64_t head, const isa_term *atoms, size_t n, size_t nfixed, size_t nfirst, uint64_t *mask) {
  if (n > 63) n = 63;
  if (nfirst > n) nfirst = n;
  *mask = (1ull << n) - 1;
  if (!n) return false;
  uint64_t key = mix(mix(mix(1, head), nfixed), nfirst);
  const lc_frame *fr = frame_of(c, head);
  for (size_t i = 0; i < fr->n; i++) key = mix(mix(key, fr->var[i]), fr->val[i]);
  for (size_t i = 0; i < n; i++) key = mix(key, atoms[i]);
  key |= 1;
  uint64_t got;
  if (ht_get(&c->memo, key, &got)) {
    *mask = got >> 1;
    return got & 1;
  }
  const hwalk *w = walk_head(c, head);
  if (w->complete && !w->np) { /* no path comes back: not a loop in its own frame */
    *mask = 0;
    ht_put(&c->memo, key, 1);
    return true;
  }
  bool checked = w->np > 0 && w->complete;
  if (checked) {
    /* the first atoms, then the rest with what stood of them, each in its
     * own time: the rest (bounds, sums of three) are many, and a check
     * of all at once that runs out of time would leave none checked */
    smt_set_timeout(c->solver, LC_QUERY_MS);
    *mask = (1ull << nfirst) - 1;
    checked = check_atoms(c, w, atoms, n, mask, now_s() + LC_SECONDS);
    if (checked && nfirst < n) {
      uint64_t m2 = *mask | (((1ull << n) - 1) & ~((1ull << nfirst) - 1));
      if (check_atoms(c, w, atoms, n, &m2, now_s() + LC_SECONDS)) *mask = m2;
    }
  }
  if (checked) {
    smt_set_timeout(c->solver, LC_MIN_QUERY_MS);
    minimise(c, w, atoms, n, nfixed, mask, now_s() + LC_MIN_SECONDS);
  }
  if (!checked) *mask = (1ull << n) - 1;
  ht_put(&c->memo, key, (*mask << 1) | (checked ? 1 : 0));
  return checked;
}
