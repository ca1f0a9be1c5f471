/* dpg_refine.c — the predicates a refinement splits on: ρ = Pre_α(I, ψ) at
 * a witness, ρ narrowed to one conjunct of it that the path alone refutes,
 * and Pre through a whole callee at its call site (summaries). */
#include "dpg_impl.h"

#include <stdlib.h>
#include <string.h>

#include "pre.h"
#include "xalloc.h"

/* ---- generalising ρ by an unsatisfiable core ----------------------------- */

typedef struct tlist { isa_term *v; size_t n, cap; } tlist;

static void tl_push(tlist *l, isa_term t) {
  l->v = xa_grow(l->v, &l->cap, l->n + 1, sizeof *l->v);
  l->v[l->n++] = t;
}

/* The conjuncts of t (of ¬t when neg): ∧ and ¬∨ are flattened, and a ∨
 * whose one side is a single conjunct is distributed over the other's, so
 * α ⇒ (c1 ∧ c2), Pre_α's form, gives (¬α ∨ c1), (¬α ∨ c2).  Their
 * conjunction is equivalent to t. */
enum { CONJ_DEPTH = 16 }; /* nested distributions of ∨ in conjuncts_ */

static void conjuncts_(tm_ctx *tc, isa_term t, bool neg, tlist *out, unsigned *budget, unsigned depth) {
  /* ∧-chains and ¬ are walked with a stack (a predicate's chain is as long
   * as its refinements were many); only the distribution of a ∨ recurses,
   * at most CONJ_DEPTH deep (deeper, the ∨ stays one conjunct).  The walk
   * is over a DAG taken as a tree: a budget keeps a predicate with much
   * sharing from costing exponential time (what is left over is one
   * conjunct, which is still equivalent). */
  struct item {
    isa_term t;
    bool neg;
  } *st = NULL;
  size_t n = 0, cap = 0;
#define CJ_PUSH(T, N)                                                                                            \
  do {                                                                                                           \
    st = xa_grow(st, &cap, n + 1, sizeof *st);                                                                   \
    st[n++] = (struct item){(T), (N)};                                                                           \
  } while (0)
  CJ_PUSH(t, neg);
  while (n) {
    struct item it = st[--n];
    t = it.t, neg = it.neg;
    int k = tm_kind(tc, t);
    if (*budget && (k == ISA_OP_LNOT || k == ISA_OP_LAND || k == ISA_OP_LOR)) {
      --*budget;
      if (k == ISA_OP_LNOT) {
        CJ_PUSH(tm_arg(tc, t, 0), !neg);
        continue;
      }
      if (k == (neg ? ISA_OP_LOR : ISA_OP_LAND)) { /* the left side's conjuncts first */
        CJ_PUSH(tm_arg(tc, t, 1), neg);
        CJ_PUSH(tm_arg(tc, t, 0), neg);
        continue;
      }
      if (out->n < 256 && depth < CONJ_DEPTH) {
        tlist a = {0}, b = {0};
        conjuncts_(tc, tm_arg(tc, t, 0), neg, &a, budget, depth + 1);
        conjuncts_(tc, tm_arg(tc, t, 1), neg, &b, budget, depth + 1);
        bool dist = a.n == 1 || b.n == 1;
        if (dist) {
          const tlist *one = a.n == 1 ? &a : &b, *many = a.n == 1 ? &b : &a;
          for (size_t i = 0; i < many->n; i++) tl_push(out, tm_app2(tc, ISA_OP_LOR, one->v[0], many->v[i]));
        }
        free(a.v);
        free(b.v);
        if (dist) continue;
      }
    }
    tl_push(out, neg ? tm_app1(tc, ISA_OP_LNOT, t) : t);
  }
#undef CJ_PUSH
  free(st);
}

static void conjuncts(tm_ctx *tc, isa_term t, bool neg, tlist *out) {
  unsigned budget = 4096;
  conjuncts_(tc, t, neg, out, &budget, 0);
}

/* Size of t's tree (shared subterms counted each time, capped) and
 * whether it mentions the auxiliary return-address stack. */
static unsigned term_cost(dpg *g, isa_term t, bool *aux, unsigned depth) {
  tm_ctx *tc = g->tc;
  if (tm_kind(tc, t) == TM_VAR) {
    if (t == g->gr.v.A || t == g->gr.v.D) *aux = true;
    return 1;
  }
  if (depth > 40) return 1000;
  unsigned n = 1, k = tm_nargs(tc, t);
  for (unsigned i = 0; i < k && n < 1000; i++) n += term_cost(g, tm_arg(tc, t, i), aux, depth + 1);
  return n;
}

/* The path query (hard: the witness's path to n, sliced to the query's
 * variables; map takes n's state variables to the path's terms) with
 * Pre(I, ψ) is unsatisfiable.  Is one conjunct c of ρ enough, the path
 * with c alone unsatisfiable?  Then split on c: Pre(I, ψ) ⇒ ρ ⇒ c, so
 * removing the edge from the ¬c copy is as sound as from the ¬ρ one
 * (Fig. 1), and the witness is on the ¬c side.  It is more general: ρ
 * carries all of m's predicate back — the splits of every refinement
 * before, the calling context's return addresses in a callee — and most of
 * that is not why this witness cannot cross.  *ess = c: what the copy's
 * next query along the witness needs (dpg_step).  A plain query per
 * conjunct tried: Z3's cores (assumption literals) go through its
 * incremental solver, 5–12 times slower on these formulas
 * (docs/architecture.md §9). */
bool core_split(dpg *g, const isa_term *hard, size_t nh, const isa_term *map, isa_term *rho, isa_term *ess) {
  tm_ctx *tc = g->tc;
  tlist cr = {0};
  conjuncts(tc, *rho, false, &cr);
  /* the likeliest reasons first: conjuncts about the program's own state
   * (not the return-address stack $A/$D: those name a calling context),
   * smaller first */
  unsigned *cost = malloc(sizeof *cost * (cr.n + 1));
  if (!cost) xa_nomem();
  for (size_t i = 0; i < cr.n; i++) {
    bool aux = false;
    cost[i] = term_cost(g, cr.v[i], &aux, 0) + (aux ? 100000u : 0);
  }
  for (size_t i = 1; i < cr.n; i++) /* insertion sort: a handful of conjuncts */
    for (size_t j = i; j > 0 && cost[j] < cost[j - 1]; j--) {
      unsigned c = cost[j];
      cost[j] = cost[j - 1], cost[j - 1] = c;
      isa_term t = cr.v[j];
      cr.v[j] = cr.v[j - 1], cr.v[j - 1] = t;
    }
  free(cost);
  bool ok = false;
  isa_term *q = malloc(sizeof *q * (nh + 1));
  if (!q) xa_nomem();
  memcpy(q, hard, sizeof *q * nh);
  for (size_t i = 0; cr.n > 1 && i < cr.n && i < CORE_TRIES && !ok; i++) {
    q[nh] = ground(g, tm_subst(tc, cr.v[i], map));
    char reason[200];
    g->st.se++;
    if (smt_check(g->solver, q, nh + 1, reason, sizeof reason) == SMT_UNSAT) *rho = *ess = cr.v[i], ok = true;
  }
  free(q);
  free(cr.v);
  return ok;
}

/* ρ = Pre_α(pre) at state n, for the witness state env: aliasing resolved
 * as at the witness, what system calls return forgotten, n's proven facts
 * substituted, and the input still to come projected out.  *exact: ρ is
 * Pre itself (no aliasing choice, nothing forgotten). */
isa_term rho_of(dpg *g, isa_term pre, nwa_state n, const tm_env *env, bool *exact) {
  tm_ctx *tc = g->tc;
  isa_term alpha = 0;
  isa_term rho = pre_alpha(&g->gr.v, pre, env, &alpha);
  uint64_t av;
  *exact = tm_is_const(tc, alpha, &av) && av; /* no aliasing choice: ρ is Pre(I, ψ) */
  /* what a system call returns is not a property of the state before it */
  if (pre_mentions_fresh(tc, rho)) rho = pre_forget_fresh(tc, rho), *exact = false;
  /* n's proven facts (inv.h) hold in every state n's split is about, so
   * ρ with them substituted splits n the same way, and is often much
   * smaller: which bytes a read's window covers, once its buffer and
   * count are known, is decided */
  if (g->an.iv && g->an.inv_gen == g->gr.gen) rho = inv_ground(g->an.iv, n, rho);
  /* Which input is still to come is free (the witness's path query leaves
   * it so), so ρ weakened to ∃ unread input (pre.h) splits n no worse for
   * the edge, as long as the witness still falls outside it; and a loop
   * over input gets predicates about its variables, not a growing list of
   * bytes to come. */
  if (!g->o.keep_input) {
    isa_term rx = pre_forget_input(&g->gr.v, rho);
    if (rx != rho && !tm_eval(tc, rx, env)) rho = rx, *exact = false;
    else if (rx != rho && (g->o.debug & DPG_DEBUG_DETAIL)) {
      fprintf(stderr, "input kept: rho without it holds at the witness: ");
      tm_fprint(tc, rx, stderr);
      fputc('\n', stderr);
    }
  }
  return rho;
}

/* How many directions (letters) the instruction's steps have (fold_intern):
 * 1, 2 for a branch, 3 for a system call (continue, exit, read EFAULT). */
unsigned directions(const dpg *g, uint32_t insn) {
  return !fold_has_directions(g->prog.d, insn) ? 1 : g->prog.d->insns[insn].flow == ISA_FLOW_SYSCALL ? 3 : 2;
}

/* t with V = false: the state is not accepting, so it has ¬V (dpg_step). */
isa_term without_V(dpg *g, isa_term t) {
  tm_ctx *tc = g->tc;
  isa_term *vm = calloc(tm_var_count(tc) + 1, sizeof *vm);
  if (!vm) xa_nomem();
  vm[tm_var_index(tc, g->gr.v.V)] = tm_false(tc);
  t = tm_subst(tc, t, vm);
  free(vm);
  return t;
}

/* ---- refining at the call, not inside the callee ------------------------- */

/* A return frontier (x, c, I, m) whose path query is unsatisfiable is most
 * often about the caller: m's predicate speaks of the caller's variables,
 * and the callee only carries them through.  Refining at x pushes ψ into the
 * callee, whose states every call site shares, and the refinements then walk
 * the callee's body once per caller predicate (the loops of our corpus spent
 * two thirds of their refinements inside nondet_* and the system-call
 * wrapper).  When the part of G that a call from c can run through before it
 * returns is acyclic, small and fully disassembled, Pre over all of it is
 * computable: W(s) = ∨ over s's transitions of Pre(letter, W(successor)),
 * where returns matched with c contribute Pre(I', ψ) if they enter m and
 * false otherwise, and nested calls are followed to their own matched
 * returns.  Every run from c to a matched return into m is a path of G
 * there (G over-approximates every run), so its state at c satisfies
 * ρ_c = Pre(call, W(entry)), and c splits on ρ_c like n on ρ in Fig. 1:
 * from c ∧ ¬ρ_c every matched return into m goes.  This is Pre through a
 * whole procedure, the refinement the report makes one instruction at a
 * time (§3.3, §3.4), made at once. */

/* SUM_PATH bounds sw_at's recursion: a callee region with a longer path
 * from c's successor is not summarised (the refinement goes on as usual). */
enum { SUM_BUDGET = 3000, SUM_DEPTH = 4, SUM_STACKS = 64, SUM_PATH = 256 };

typedef struct sumw {
  dpg *g;
  nwa_state m;
  isa_term psi;
  nwa_state stk[SUM_DEPTH]; /* pending calls inside the region; stk[0] = c */
  size_t nstk;
  nwa_state stacks[SUM_STACKS][SUM_DEPTH]; /* the distinct stacks met, by id */
  size_t stack_len[SUM_STACKS], nstacks;
  ht_map memo; /* (state << 32 | stack id) + 1 -> W + 1 (1: being computed) */
  unsigned budget, depth;
  bool fail;
} sumw;

static size_t sw_stack_id(sumw *S) {
  for (size_t i = 0; i < S->nstacks; i++)
    if (S->stack_len[i] == S->nstk && !memcmp(S->stacks[i], S->stk, sizeof *S->stk * S->nstk)) return i;
  if (S->nstacks == SUM_STACKS) {
    S->fail = true;
    return 0;
  }
  memcpy(S->stacks[S->nstacks], S->stk, sizeof *S->stk * S->nstk);
  S->stack_len[S->nstacks] = S->nstk;
  return S->nstacks++;
}

/* Pre(l, ψ) through a transition of kind k; false after a halt. */
static isa_term sw_pre(sumw *S, nwa_letter l, nwa_kind k, isa_term psi) {
  dpg *g = S->g;
  const fold_letter *I = fold_letter_get(g->gr.L, l);
  if (!I) {
    S->fail = true;
    return 0;
  }
  if (fold_letter_halts(g->prog.d, I)) return tm_false(g->tc);
  if (!fold_kind_possible(g->prog.d, I->insn, k)) return tm_false(g->tc);
  pre_post pp;
  if (pre_post_of(&g->gr.v, I, k, &pp)) {
    S->fail = true;
    return 0;
  }
  isa_term r = pre_exact(&g->gr.v, &pp, psi);
  pre_post_free(&pp);
  return r;
}

static isa_term sw_at(sumw *S, nwa_state s);

/* Pre over edge f (letters named, a wildcard from a disassembled state
 * stands for each of its instruction's directions) of `then`, which gives
 * the successor's W. */
static isa_term sw_edge(sumw *S, const nwa_edge *f, isa_term post) {
  dpg *g = S->g;
  tm_ctx *tc = g->tc;
  if (f->letter != NWA_ANY) return sw_pre(S, f->letter, (nwa_kind)f->kind, post);
  const fold_letter *sl = f->from < nwa_nstates(g->gr.G) ? fold_letter_get(g->gr.L, g->gr.site[f->from]) : NULL;
  if (!sl) { /* an unexplored region: no instruction to take Pre of */
    S->fail = true;
    return 0;
  }
  fold_letter c = *sl; /* fold_intern may move the table */
  unsigned ndir = directions(g, c.insn);
  isa_term acc = tm_false(tc);
  for (unsigned d = 0; d < ndir && !S->fail; d++) {
    nwa_letter l = fold_intern(g->gr.L, c.pc, c.bytes, c.len, d, c.insn);
    isa_term p = sw_pre(S, l, (nwa_kind)f->kind, post);
    if (p) acc = tm_app2(tc, ISA_OP_LOR, acc, p);
  }
  return S->fail ? 0 : acc;
}

static isa_term sw_at(sumw *S, nwa_state s) {
  dpg *g = S->g;
  tm_ctx *tc = g->tc;
  size_t sid = sw_stack_id(S);
  uint64_t key = ((uint64_t)s << 32 | sid) + 1, v;
  if (S->fail) return 0; /* too many distinct stacks */
  if (ht_get(&S->memo, key, &v)) {
    if (v == 1) S->fail = true; /* a cycle: a loop or recursion in the callee */
    return S->fail ? 0 : (isa_term)(v - 1);
  }
  if (!S->budget-- || S->depth == SUM_PATH) {
    S->fail = true;
    return 0;
  }
  S->depth++;
  ht_put(&S->memo, key, 1);
  isa_term acc = tm_false(tc);
  size_t nout;
  const uint32_t *out = nwa_out(g->gr.G, s, &nout); /* the walk does not change G */
  for (size_t k = 0; k < nout && !S->fail; k++) {
    nwa_edge f = *nwa_edge_at(g->gr.G, out[k]);
    if (f.dead || f.from != s) continue;
    isa_term post = 0;
    if (f.kind == NWA_INTERNAL)
      post = sw_at(S, f.to);
    else if (f.kind == NWA_CALL) {
      if (S->nstk == SUM_DEPTH) {
        S->fail = true;
        break;
      }
      S->stk[S->nstk++] = s;
      post = sw_at(S, f.to);
      S->nstk--;
    } else { /* a return: only those matched with the innermost pending call */
      if (f.pred != S->stk[S->nstk - 1]) continue;
      if (S->nstk == 1) {
        if (f.to != S->m) continue; /* back in the caller, but not in m */
        post = S->psi;
      } else {
        nwa_state top = S->stk[--S->nstk];
        post = sw_at(S, f.to);
        S->stk[S->nstk++] = top;
      }
    }
    if (S->fail || !post) break;
    uint64_t cv;
    if (tm_is_const(tc, post, &cv) && !cv) continue; /* Pre(I, false) = false */
    isa_term p = sw_edge(S, &f, post);
    if (p) acc = tm_app2(tc, ISA_OP_LOR, acc, p);
  }
  S->depth--;
  if (S->fail) return 0;
  ht_put(&S->memo, key, (uint64_t)acc + 1);
  return acc;
}

/* Try the refinement above for return frontier e (witness: trace t at pos,
 * about to return).  True if it changed G; false to refine at x as usual. */
bool summary_refine(dpg *g, uint32_t ei, const nwa_edge *e, size_t t, size_t pos) {
  tm_ctx *tc = g->tc;
  const dtrace *T = &g->run.T[t];
  nwa_state c = e->pred;
  /* the witness's matching call */
  size_t cp = pos, depth = 0;
  bool found = false;
  while (cp-- > 0) {
    if (T->st[cp].kind == NWA_RETURN) depth++;
    else if (T->st[cp].kind == NWA_CALL) {
      if (!depth) {
        found = true;
        break;
      }
      depth--;
    }
  }
  if (!found) return false;
  sumw S = {.g = g, .m = e->to, .psi = nwa_pred(g->gr.G, e->to), .nstk = 1, .budget = SUM_BUDGET};
  S.stk[0] = c;
  isa_term pre = tm_false(tc);
  size_t nout;
  const uint32_t *out = nwa_out(g->gr.G, c, &nout);
  for (size_t k = 0; k < nout && !S.fail; k++) {
    nwa_edge f = *nwa_edge_at(g->gr.G, out[k]);
    if (f.dead || f.from != c) continue;
    if (f.kind != NWA_CALL) { /* c makes other steps too: not a call site only */
      S.fail = true;
      break;
    }
    isa_term w = sw_at(&S, f.to);
    if (S.fail) break;
    isa_term p = sw_edge(&S, &f, w);
    if (p) pre = tm_app2(tc, ISA_OP_LOR, pre, p);
  }
  ht_free(&S.memo);
  if (S.fail) return false;
  pre = without_V(g, pre); /* c is not accepting: ¬V there (as in dpg_step) */
  run R;
  if (replay_to(g, t, cp, &R)) {
    run_end(&R);
    return false;
  }
  cenv cx = {.g = g, .x = R.x, .in = T->in};
  tm_env env = cenv_env(&cx);
  bool exact;
  isa_term rho = rho_of(g, pre, c, &env, &exact);
  bool holds = tm_eval(tc, rho, &env) != 0;
  free(cx.vmap);
  run_end(&R);
  if (holds) return false; /* no progress at c: refine inside, as usual */
  g->st.ref++;
  g->st.summaries++;
  uint64_t cv;
  bool empty = tm_is_const(tc, rho, &cv) && !cv;
  if (!empty) {
    char rs[200];
    g->st.se++;
    empty = smt_check(g->solver, &rho, 1, rs, sizeof rs) == SMT_UNSAT;
  }
  if (g->o.debug & DPG_DEBUG_STEPS) {
    fprintf(stderr, "refine edge %u kind 2 n%u (call n%u) -> n%u at the call (witness t%zu@%zu): rho = ", ei, e->from, c,
            e->to, t, cp);
    if (empty) fputs("(empty)", stderr);
    else tm_fprint(tc, rho, stderr);
    fputc('\n', stderr);
  }
  if (!empty) {
    size_t ne0 = nwa_nedges(g->gr.G);
    nwa_state n2 = nwa_split(g->gr.G, c, rho);
    if (g->an.iv) inv_inherit(g->an.iv, n2, c);
    label_split(g, n2, g->gr.site[c], c);
    prune(g, g->gr.G, g->gr.site, ne0);
  }
  /* from c (now c ∧ ¬ρ_c) no matched return enters m */
  size_t nin;
  const uint32_t *in0 = nwa_in(g->gr.G, e->to, &nin);
  uint32_t *drop = malloc(sizeof *drop * (nin ? nin : 1));
  size_t nd = 0;
  if (!drop) xa_nomem();
  for (size_t k = 0; k < nin; k++) {
    const nwa_edge *f = nwa_edge_at(g->gr.G, in0[k]);
    if (!f->dead && f->kind == NWA_RETURN && f->pred == c && f->to == e->to) drop[nd++] = in0[k];
  }
  for (size_t k = 0; k < nd; k++) {
    nwa_edge f = *nwa_edge_at(g->gr.G, drop[k]);
    nwa_remove(g->gr.G, NWA_RETURN, f.from, f.pred, f.letter, f.to);
  }
  free(drop);
  return true;
}
