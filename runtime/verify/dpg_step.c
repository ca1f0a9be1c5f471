/* dpg_step.c — one DPG step on a frontier edge (Alg. 1 lines 7–13): name a
 * wildcard's letters, disassemble at the witness, or ask the path query and
 * either run its model or split along the frontier (Fig. 1). */
#include "dpg_impl.h"

#include <stdlib.h>

#include "pre.h"
#include "symex.h"
#include "xalloc.h"

/* What a step on frontier edge e = (n, I, m) knows as its phases go (see
 * dpg_step, at the end, for their order). */
typedef struct step {
  dpg *g;
  uint32_t ei;
  nwa_edge e;         /* a copy: G changes under the step */
  size_t t, pos;      /* the witness: run t of T at position pos */
  fold_letter I;        /* e's letter (a copy: fold_intern may move the table) */
  isa_term psi;       /* m's predicate */
  isa_term pre;       /* Pre(I, ψ or its essential part) under ¬V */
  isa_term rho;       /* what n is split on */
  isa_term ess;       /* the copy's essential part for its next query (core_split), or 0 */
  bool chained;       /* the last refinement's path query carries over to this edge */
  bool use_ess;       /* pre is of m's essential part, not of ψ */
  bool exact;         /* ρ is Pre itself (rho_of) */
  bool holds_at_witness; /* ρ holds at the witness's state */
  bool retried;       /* a model that did not lead across before: refine instead */
  bool cored;         /* ρ is one conjunct of the first (core_split) */
  run R;              /* the witness's concrete state, from witness_rho until refine */
} step;

/* The witness of e's source (for a return, of its pair with the call
 * predecessor).  False, and e stuck, when there is none. */
static bool find_witness(step *s) {
  dpg *g = s->g;
  wit rw = {0, 0};
  const wit *w = s->e.kind == NWA_RETURN && pair_get(g, s->e.from, s->e.pred, &rw) ? &rw : &g->wit.w[s->e.from];
  /* (a return frontier without a pair: another context, witnessed_any_cb) */
  if (!w->trace) {
    stuck(g, &s->e, 3, "internal error: a frontier without a witness");
    return false;
  }
  s->t = w->trace - 1, s->pos = w->pos;
  return true;
}

/* A wildcard edge from a state of an unexplored region (TS's part of n). */
static sres disassemble(step *s) {
  dpg *g = s->g;
  size_t t = s->t, pos = s->pos;
  const dtrace *T = &g->run.T[t];
  if (pos >= T->n) {
    stuck(g, &s->e, 3, "a frontier from an unexplored region whose witness executes nothing");
    return S_CONT;
  }
  /* Trace-based disassembly (§3.1) on the witness: its state executes
   * the instruction I at its PC, so split n into the states that execute
   * I next, which get I as their site, and the rest.  A partition of n:
   * sound whatever the split, and the copy with the witness can now be
   * refined like any state of the program (fold_at_insn pins what a run
   * could change). */
  const fold_letter x0 = *fold_letter_get(g->gr.L, T->st[pos].letter), *x = &x0; /* fold_intern may move the table */
  isa_term rho = fold_at_insn(&g->gr.v, g->prog.smc ? &g->prog.smc_code : NULL, x->pc, x->bytes, x->len);
  nwa_letter site = fold_intern(g->gr.L, x->pc, x->bytes, x->len, 0, x->insn);
  size_t ne0 = nwa_nedges(g->gr.G);
  nwa_state n2 = nwa_split(g->gr.G, s->e.from, rho);
  if (g->an.iv) inv_inherit(g->an.iv, n2, s->e.from);
  label_split(g, n2, site, s->e.from);
  prune(g, g->gr.G, g->gr.site, ne0);
  /* the copy makes only the steps its instruction can make */
  size_t nout;
  const uint32_t *out = nwa_out(g->gr.G, n2, &nout);
  uint32_t *drop = malloc(sizeof *drop * (nout ? nout : 1));
  size_t nd = 0;
  if (!drop) xa_nomem();
  for (size_t k = 0; k < nout; k++) {
    const nwa_edge *f = nwa_edge_at(g->gr.G, out[k]);
    if (!f->dead && f->from == n2 && !fold_kind_possible(g->prog.d, x->insn, (nwa_kind)f->kind)) drop[nd++] = out[k];
  }
  for (size_t k = 0; k < nd; k++) {
    nwa_edge f = *nwa_edge_at(g->gr.G, drop[k]);
    nwa_remove(g->gr.G, (nwa_kind)f.kind, f.from, f.pred, f.letter, f.to);
  }
  free(drop);
  if (g->o.debug & DPG_DEBUG_STEPS)
    fprintf(stderr, "disassemble n%u at 0x%llx (witness t%zu@%zu): n%u\n", s->e.from, (unsigned long long)x->pc, t,
            pos, n2);
  return S_CONT;
}

/* A wildcard edge: the state stands for one instruction, so the edge
 * becomes one per letter of it (or n is disassembled first). */
static sres name_letters(step *s) {
  dpg *g = s->g;
  const nwa_edge e = s->e;
  const fold_letter *sl = fold_letter_get(g->gr.L, g->gr.site[e.from]);
  if (!sl) return disassemble(s);
  fold_letter c = *sl;
  if (!fold_kind_possible(g->prog.d, c.insn, (nwa_kind)e.kind)) { /* e.g. a call step from a mov */
    nwa_remove(g->gr.G, e.kind, e.from, e.pred, NWA_ANY, e.to);
    return S_CONT;
  }
  unsigned ndir = directions(g, c.insn);
  for (unsigned d = 0; d < ndir; d++) {
    nwa_letter l = fold_intern(g->gr.L, c.pc, c.bytes, c.len, d, c.insn);
    if (fold_letter_halts(g->prog.d, fold_letter_get(g->gr.L, l))) continue; /* no state follows */
    if (e.kind == NWA_INTERNAL) nwa_add_internal(g->gr.G, e.from, l, e.to);
    else if (e.kind == NWA_CALL) nwa_add_call(g->gr.G, e.from, l, e.to);
    else nwa_add_return(g->gr.G, e.from, e.pred, l, e.to);
  }
  nwa_remove(g->gr.G, e.kind, e.from, e.pred, NWA_ANY, e.to);
  return S_CONT;
}

/* The edges that need no query: a letter after which no state follows, a
 * witness that is not at the letter's instruction, a return refined at its
 * call (summary_refine).  True if the step goes on. */
static bool named_letter(step *s) {
  dpg *g = s->g;
  const nwa_edge *e = &s->e;
  s->I = *fold_letter_get(g->gr.L, e->letter);
  if (fold_letter_halts(g->prog.d, &s->I)) { /* no state follows exit or halt: no run takes this edge */
    nwa_remove(g->gr.G, e->kind, e->from, e->pred, e->letter, e->to);
    return false;
  }
  const dtrace *T = &g->run.T[s->t];
  if (s->pos >= T->n || T->pos[s->pos].pc != s->I.pc) {
    stuck(g, e, 3, "internal error: the witness is not at the frontier's instruction");
    return false;
  }
  if (e->kind == NWA_RETURN && !g->o.no_summaries && summary_refine(g, s->ei, e, s->t, s->pos)) return false;
  return true;
}

/* ρ = Pre_α(I, ψ) at the witness's replayed state (s->R, live when this
 * returns true), and whether it holds there.  False when the step is over:
 * e stuck, or removed because n's predicate already excludes ρ. */
static bool witness_rho(step *s) {
  dpg *g = s->g;
  tm_ctx *tc = g->tc;
  const nwa_edge *e = &s->e;
  size_t t = s->t, pos = s->pos;
  const dtrace *T = &g->run.T[t];
  pre_post pp;
  if (pre_post_of(&g->gr.v, &s->I, (nwa_kind)e->kind, &pp)) {
    stuck(g, e, 3, "the frontier's instruction does not decode");
    return false;
  }
  s->psi = nwa_pred(g->gr.G, e->to);
  /* Along a witness whose next step's query was unsatisfiable (the chain
   * below), the part of m's predicate that made it so (core_split) is
   * enough: m's predicate implies it, so Pre(I, it) is implied by Pre(I, ψ)
   * and a split on it is as sound, and more general. */
  uint64_t cv;
  chain_sync(g);
  s->chained = ht_get(&g->q.chain, (uint64_t)e->to + 1, &cv) && cv == ((uint64_t)t << 32 | (pos + 1)) &&
               e->letter == T->st[pos].letter && e->kind == T->st[pos].kind;
  uint64_t essv = 0;
  s->use_ess = s->chained && ht_get(&g->q.ess, (uint64_t)e->to + 1, &essv);
  /* n is not accepting, so its concrete states that matter have ¬V: a run
   * stops at its first AE violation (§3.5), and only a return sets V.  Pre
   * under V = false spares one split per instruction on V alone. */
  s->pre = without_V(g, pre_exact(&g->gr.v, &pp, s->use_ess ? (isa_term)essv : s->psi));
  /* the concrete witness state */
  if (replay_to(g, t, pos, &s->R)) {
    pre_post_free(&pp);
    run_end(&s->R);
    stuck(g, e, 3, "internal error: a witness does not replay");
    return false;
  }
  /* ρ = Pre_α(I, ψ) needs only the witness's concrete state, so it comes
   * first: when n's predicate already excludes ρ (a copy of m whose
   * predicate carries back to one n was split on before), no state of n
   * crosses — Pre(I, ψ) implies ρ — and the edge goes without the symbolic
   * execution of the path or a solver call. */
  cenv c = {.g = g, .x = s->R.x, .in = g->run.T[t].in};
  tm_env env = cenv_env(&c);
  s->rho = rho_of(g, s->pre, e->from, &env, &s->exact);
  s->holds_at_witness = tm_eval(tc, s->rho, &env) != 0;
  if (s->holds_at_witness && s->use_ess) { /* (a heuristic's miss: the whole of m's predicate) */
    s->use_ess = false;
    s->pre = without_V(g, pre_exact(&g->gr.v, &pp, s->psi));
    s->rho = rho_of(g, s->pre, e->from, &env, &s->exact);
    s->holds_at_witness = tm_eval(tc, s->rho, &env) != 0;
  }
  free(c.vmap);
  pre_post_free(&pp);
  bool rho_false = tm_is_const(tc, s->rho, &cv) && !cv; /* (false never holds at the witness) */
  /* n ∧ ρ may hold no state (n's predicate already excludes ρ, as a
   * candidate invariant's φ excludes the ¬φ a Pre carries back): then the
   * edge goes and no state is added.  Only the cheap tests: a Z3 call here,
   * on predicates without the path's facts, costs more than the split. */
  if (!rho_false && !s->holds_at_witness) {
    isa_term pn = nwa_pred(g->gr.G, e->from);
    isa_term both = tm_conj_ground(tc, tm_app2(tc, ISA_OP_LAND, pn, s->rho));
    rho_false = (tm_is_const(tc, both, &cv) && !cv) || tm_conj_contradicts(tc, pn, s->rho) ||
                tm_conj_contradicts(tc, pn, both);
  }
  if (rho_false && !s->holds_at_witness) {
    run_end(&s->R);
    g->st.ref++;
    if (g->o.debug & DPG_DEBUG_STEPS)
      fprintf(stderr, "refine edge %u kind %d n%u -> n%u letter 0x%llx/%u (witness t%zu@%zu): rho excluded by n\n",
              s->ei, e->kind, e->from, e->to, (unsigned long long)s->I.pc, s->I.dir, t, pos);
    nwa_remove(g->gr.G, e->kind, e->from, e->pred, e->letter, e->to);
    return false;
  }
  return true;
}

/* The last refinement split the witness's next state m on an exact Pre
 * (ρ' = Pre(I', ψ')), and its path query was unsatisfiable.  This edge
 * is the witness's own step into that copy, so its query — the path to n,
 * the step, m's predicate ∧ ρ' — says what that one did: skip it.  (A
 * heuristic only: refining is sound whatever the query would say, and ρ
 * not holding at the witness, checked in witness_rho, is what progress
 * needs.) */
static void carry_over(step *s) {
  dpg *g = s->g;
  if (s->use_ess && s->exact) s->ess = s->rho; /* the path to n ∧ Pre(I, m's essential part) is unsatisfiable */
  if (g->o.debug & DPG_DEBUG_STEPS) fprintf(stderr, "edge %u: the path query of the last refinement carries over\n", s->ei);
  g->st.carried++;
}

/* The path query of a step, as it is built and asked. */
typedef struct query {
  isa_term *map; /* each location's value at the path's end */
  isa_term *fs;  /* the constraints: fs[0 .. npath) the path, then the frontier's */
  size_t nf, npath;
  size_t nin; /* bytes of standard input the path read */
  isa_term inarr, inlen;
  isa_term fpre, fpn;  /* the frontier's two: Pre(I, ψ) and n's predicate, over the path */
  unsigned char *used; /* the variables the solver saw (slice_and_check) */
  smt_result sr;
  char reason[256];
} query;

/* Symbolic execution of the witness's trace (line 8).  False when the step
 * is over (the time budget ran out, or e stuck; s->R ended). */
static bool replay_path(step *s, sx_path *path) {
  dpg *g = s->g;
  const dtrace *T = &g->run.T[s->t];
  int sxr = sx_replay_until(g->prog.d, g->tc, T->pos, s->pos, g->prog.entry, g->prog.sp0, path, late_cb, g);
  if (sxr > 0) { /* the time budget ran out: the loop ends with that reason */
    sx_path_free(path);
    run_end(&s->R);
    return false;
  }
  if (sxr) {
    char why[300];
    snprintf(why, sizeof why, "symbolic execution failed: %s", path->error);
    sx_path_free(path);
    run_end(&s->R);
    stuck(g, &s->e, 3, why);
    return false;
  }
  return true;
}

/* q's constraints: the path's, the PC at the frontier's instruction, and
 * Pre(I, ψ) and n's predicate over the path's final state (q->map), all
 * grounded in the initial memory. */
static void build_query(step *s, const sx_path *path, query *q) {
  dpg *g = s->g;
  tm_ctx *tc = g->tc;
  const fold_letter I = s->I;
  size_t pos = s->pos;
  const dtrace *T = &g->run.T[s->t];
  size_t nv = tm_var_count(tc);
  isa_term *map = q->map = calloc(nv + 1, sizeof *map);
  isa_term *fs = q->fs = malloc(sizeof *fs * (path->npc + 4));
  if (!map || !fs) xa_nomem();
  size_t nf = 0;
  for (size_t k = 0; k < path->npc; k++) fs[nf++] = path->pc[k];
  unsigned pw = g->prog.d->regs[g->prog.d->pc].width;
  if (pos) fs[nf++] = tm_app2(tc, ISA_OP_EQ, path->reg[g->prog.d->pc], tm_const(tc, I.pc, pw));
  q->npath = nf; /* fs[0 .. npath) is the path; the rest asks about the frontier */
  for (unsigned k = 0; k < g->prog.d->nregs; k++) {
    const isa_reg *rg = &g->prog.d->regs[k];
    isa_term var = tm_var(tc, rg->name, rg->is_flag ? TM_BOOL : rg->width);
    map[tm_var_index(tc, var)] = k == g->prog.d->pc ? tm_const(tc, I.pc, pw) : path->reg[k];
  }
  size_t depth;
  const uint64_t *stk = ex_aux_stack(s->R.x, &depth);
  map[tm_var_index(tc, g->gr.v.mem)] = path->mem;
  map[tm_var_index(tc, g->gr.v.V)] = tm_false(tc);
  map[tm_var_index(tc, g->gr.v.D)] = tm_const(tc, depth, g->prog.d->addr_bits);
  map[tm_var_index(tc, g->gr.v.A)] = aux_term(g, stk, depth);
  /* standard input: the path read stdin_0 .. stdin_{c-1}; the rest is free,
   * and so is the length unless the witness read to its end */
  size_t nin = q->nin = path->nstdin, Lw = in_stdin_len(T->in);
  unsigned ab = g->prog.d->addr_bits;
  isa_term inarr = tm_var(tc, "$inrest", TM_ARRAY), inlen;
  for (size_t k = 0; k < nin; k++) {
    char name[32];
    snprintf(name, sizeof name, "stdin_%zu", k);
    isa_term st3[3] = {inarr, tm_const(tc, k, ab), tm_var(tc, name, 8)};
    inarr = tm_app(tc, ISA_OP_STORE, st3, 3, 0, 0);
  }
  if (nin >= Lw) inlen = tm_const(tc, Lw, ab);
  else {
    inlen = tm_var(tc, "$inlen0", ab);
    fs[nf++] = tm_app2(tc, ISA_OP_ULE, tm_const(tc, nin, ab), inlen);
  }
  map[tm_var_index(tc, g->gr.v.in)] = inarr;
  map[tm_var_index(tc, g->gr.v.ip)] = tm_const(tc, nin, ab);
  map[tm_var_index(tc, g->gr.v.inlen)] = inlen;
  fs[nf++] = tm_subst(tc, s->pre, map);
  /* and the state is in n: the path alone does not say so where n's
   * predicate is about input not read yet */
  fs[nf++] = tm_subst(tc, nwa_pred(g->gr.G, s->e.from), map);
  for (size_t k = 0; k < nf; k++) fs[k] = ground(g, fs[k]);
  q->nf = nf;
  q->inarr = inarr, q->inlen = inlen;
  q->fpre = fs[nf - 2], q->fpn = fs[nf - 1];
}

/* An unsatisfiable query: ρ generalised to one conjunct (core_split) when
 * that does not hold at the witness. */
static void core_rho(step *s, query *q) {
  dpg *g = s->g;
  tm_ctx *tc = g->tc;
  /* the path's constraints that the slice kept, without the frontier's two */
  isa_term *hard = malloc(sizeof *hard * (q->nf + 1));
  size_t nh = 0;
  if (!hard) xa_nomem();
  for (size_t k = 0; k < q->nf; k++)
    if (q->fs[k] != q->fpre && q->fs[k] != q->fpn) hard[nh++] = q->fs[k];
  isa_term r2 = s->rho, ess2 = 0;
  if (core_split(g, hard, nh, q->map, &r2, &ess2)) {
    cenv c = {.g = g, .x = s->R.x, .in = g->run.T[s->t].in};
    tm_env env = cenv_env(&c);
    if (!tm_eval(tc, r2, &env)) {
      if ((g->o.debug & DPG_DEBUG_DETAIL) && r2 != s->rho) {
        fprintf(stderr, "  core: rho generalised to ");
        tm_fprint(tc, r2, stderr);
        fputc('\n', stderr);
      }
      s->rho = r2, s->ess = ess2, s->cored = true;
      g->st.conjuncts++;
    }
    free(c.vmap);
  }
  free(hard);
}

/* The heuristic key of a model from the witness step across e's letter
 * (model_failed): a collision only means refining, which is always sound. */
static uint64_t model_key(const step *s) { return ((uint64_t)s->t << 40 ^ (uint64_t)s->pos << 12 ^ s->e.letter) | 1; }

/* A satisfiable query: its model's input runs and joins T; *res is the
 * step's result.  Frees q's constraints and ends s->R. */
static void run_model(step *s, query *q, dpg_result *r, sres *res) {
  dpg *g = s->g;
  const nwa_edge e = s->e;
  size_t t = s->t, pos = s->pos;
  in_assign *in = model_input(g, q->fs, q->nf, q->nin, q->inarr, q->inlen, g->run.T[t].in, q->used);
  if (g->o.debug & DPG_DEBUG_STEPS) {
    fprintf(stderr, "sat edge %u kind %d n%u -> n%u letter 0x%llx/%u (witness t%zu@%zu), psi = ", s->ei, e.kind, e.from,
            e.to, (unsigned long long)s->I.pc, s->I.dir, t, pos);
    tm_fprint(g->tc, s->psi, stderr);
    fputc('\n', stderr);
  }
  free(q->fs);
  free(q->used);
  run_end(&s->R);
  if (!in) {
    stuck(g, &e, 1, "the solver's model gives no input");
    return;
  }
  ex_result rs;
  char why[300] = "";
  isa_term pn = nwa_pred(g->gr.G, e.from); /* G changes in add_run */
  outcome out = add_run(g, in, &rs, why, sizeof why);
  if (out == OUT_NONE && !crossed(g, g->run.nT - 1, pos, e.letter, pn, s->psi)) {
    const dtrace *nt = &g->run.T[g->run.nT - 1];
    if (nt->cut && pos + 1 == nt->n && nt->st[pos].letter == e.letter) { /* say why: it faulted there */
      g->stuck.fault_letter = (uint64_t)e.letter + 1;
      snprintf(g->stuck.fault_why, sizeof g->stuck.fault_why,
               "the solver's input faults at 0x%llx, which the symbolic step does not model",
               (unsigned long long)s->I.pc);
    }
    stuck(g, &e, 1,
          g->stuck.fault_letter == (uint64_t)e.letter + 1 ? g->stuck.fault_why
                                                          : "the solver's inputs do not lead across the frontier");
    ht_add(&g->q.model_failed, model_key(s), 0);
  }
  *res = finish_run(g, out, why, r);
}

/* The path query of e: the witness's path to n (line 8), then Pre(I, ψ)
 * and n's predicate over the path's final state.  On a satisfiable query,
 * its model's run joins T (*res: the step's result); false then, and when
 * the step is over otherwise (e stuck; s->R ended either way).  True: the
 * query is unsatisfiable, or a model failed before, so refine. */
static bool path_query(step *s, dpg_result *r, sres *res) {
  dpg *g = s->g;
  *res = S_CONT;
  /* a witness that went round a loop a hundred thousand times: its path
   * formula is as long as the run (a variable the loop updates from input
   * becomes a term with a node per pass), replaying it takes seconds and
   * Z3 seldom decides it.  The refinement is sound whatever the query would
   * say, so refine; a new input across this frontier is left to directed
   * testing and to the shorter witnesses later runs give */
  if (s->pos > PATH_QUERY_MAX_STEPS) {
    g->st.long_witnesses++;
    if (g->o.debug & DPG_DEBUG_STEPS)
      fprintf(stderr, "edge %u: witness t%zu@%zu is longer than %d steps: no path query, refine\n", s->ei, s->t, s->pos,
              PATH_QUERY_MAX_STEPS);
    return true;
  }
  sx_path path;
  if (!replay_path(s, &path)) return false;
  query q = {.sr = SMT_UNSAT};
  build_query(s, &path, &q);
  sx_path_free(&path);
  q.sr = slice_and_check(g, q.fs, &q.nf, q.npath, &q.used, q.reason, sizeof q.reason);
  /* one conjunct of ρ (core_split) where refinements repeat: a loop or a
   * callee refined over and over; elsewhere the extra queries cost more
   * than the generality brings */
  uint64_t nrefs = 0;
  if (q.sr == SMT_UNSAT) ht_get(&g->an.refs_at, s->I.pc + 1, &nrefs), ht_put(&g->an.refs_at, s->I.pc + 1, nrefs + 1);
  if (q.sr == SMT_UNSAT && nrefs >= CORE_AFTER && !g->o.no_cores) core_rho(s, &q);
  free(q.map);
  /* a model whose input did not lead across before: the path formula is
   * weaker than the runs (what system calls return, memory the solver may
   * choose), so try a refinement, which is sound whatever the model says */
  s->retried = q.sr == SMT_SAT && is_stuck(g, tuple_key(g, &s->e), 1);
  /* the same when a model from the same witness step across the same letter
   * failed before, for another copy of these states */
  if (q.sr == SMT_SAT && ht_get(&g->q.model_failed, model_key(s), NULL)) s->retried = true;
  if (q.sr == SMT_SAT && !s->retried) {
    run_model(s, &q, r, res);
    return false;
  }
  free(q.fs);
  free(q.used);
  if (q.sr == SMT_UNKNOWN && !s->retried) {
    char why[300];
    snprintf(why, sizeof why, "the solver gave up: %s", q.reason);
    run_end(&s->R);
    stuck(g, &s->e, 3, why);
    return false;
  }
  return true;
}

/* ρ holds at the witness, so a split on it makes no progress: m may hold
 * no state, or the step is stuck. */
static void rho_at_witness(step *s) {
  dpg *g = s->g;
  tm_ctx *tc = g->tc;
  const nwa_edge *e = &s->e;
  if (g->o.debug & DPG_DEBUG_STEPS) {
    fprintf(stderr, "rho holds at the witness: edge %u kind %d n%u -> n%u letter 0x%llx/%u (t%zu@%zu): rho = ", s->ei,
            e->kind, e->from, e->to, (unsigned long long)s->I.pc, s->I.dir, s->t, s->pos);
    tm_fprint(tc, s->rho, stderr);
    fputc('\n', stderr);
  }
  /* m may hold no state at all (splits conjoin what no solver call has
   * checked together): then nothing enters it */
  char rs[200];
  g->st.se++;
  if (smt_check(g->solver, &s->psi, 1, rs, sizeof rs) == SMT_UNSAT) {
    for (size_t k = 0; k < nwa_nedges(g->gr.G); k++) {
      const nwa_edge *f = nwa_edge_at(g->gr.G, k);
      if (!f->dead && f->to == e->to) nwa_remove(g->gr.G, (nwa_kind)f->kind, f->from, f->pred, f->letter, f->to);
    }
    return;
  }
  stuck(g, e, 3,
        !s->retried ? "internal error: the refinement predicate holds at the witness"
        : g->stuck.fault_letter == (uint64_t)e->letter + 1 ? g->stuck.fault_why
                                                           : "the solver's inputs do not lead across the frontier");
}

/* Refine along the frontier (Fig. 1) with ρ = Pre_α(I, ψ), found above. */
static sres refine(step *s) {
  dpg *g = s->g;
  tm_ctx *tc = g->tc;
  const nwa_edge *e = &s->e;
  size_t t = s->t, pos = s->pos;
  g->st.ref++;
  run_end(&s->R);
  if (s->holds_at_witness) {
    rho_at_witness(s);
    return S_CONT;
  }
  if (g->o.debug & DPG_DEBUG_STEPS) {
    fprintf(stderr, "refine edge %u kind %d n%u -> n%u letter 0x%llx/%u (witness t%zu@%zu): rho = ", s->ei, e->kind,
            e->from, e->to, (unsigned long long)s->I.pc, s->I.dir, t, pos);
    tm_fprint(tc, s->rho, stderr);
    fputc('\n', stderr);
    if (g->o.debug & DPG_DEBUG_DETAIL) {
      fprintf(stderr, "  psi = ");
      tm_fprint(tc, s->psi, stderr);
      fprintf(stderr, "\n  pre = ");
      tm_fprint(tc, s->pre, stderr);
      fputc('\n', stderr);
    }
  }
  /* ρ may still hold in no state: the cheap tests above do not see that
   * max(a,b,c) < max(b,c,a) is false.  A split on such a ρ leaves an empty
   * copy of n whose in-edges each become a frontier in turn, and the
   * refinements walk back through the whole program before the cheap tests
   * catch up.  One solver call on ρ (grounded with n's facts; n's whole
   * predicate made the call slower and changed no refinement count on the
   * six runs measured) settles it.  Few calls find one (1–2 % in the loops of our corpus, where
   * the calls are most of the solver's time), but each that does saves a
   * chain of refinements; a share of the time would make the search depend
   * on the machine's speed, so every ρ is asked about. */
  {
    char rs[200];
    g->st.se++;
    if (smt_check(g->solver, &s->rho, 1, rs, sizeof rs) == SMT_UNSAT) {
      if (g->o.debug & DPG_DEBUG_STEPS)
        fprintf(stderr,
                "refine edge %u kind %d n%u -> n%u letter 0x%llx/%u (witness t%zu@%zu): rho excluded by n (solver)\n",
                s->ei, e->kind, e->from, e->to, (unsigned long long)s->I.pc, s->I.dir, t, pos);
      nwa_remove(g->gr.G, e->kind, e->from, e->pred, e->letter, e->to);
      return S_CONT;
    }
  }
  /* n ∧ ρ may hold states: split */
  size_t ne0 = nwa_nedges(g->gr.G);
  nwa_state n2 = nwa_split(g->gr.G, e->from, s->rho);
  if (g->an.iv) inv_inherit(g->an.iv, n2, e->from);
  label_split(g, n2, g->gr.site[e->from], e->from);
  if ((s->exact || s->cored) && !s->retried && pos && t < UINT32_MAX && pos < UINT32_MAX) { /* the next query along the witness is this one's (above) */
    chain_sync(g);
    ht_put(&g->q.chain, (uint64_t)n2 + 1, (uint64_t)t << 32 | pos);
    if (s->ess) ht_put(&g->q.ess, (uint64_t)n2 + 1, s->ess);
  }
  prune(g, g->gr.G, g->gr.site, ne0);
  nwa_remove(g->gr.G, e->kind, e->from, e->pred, e->letter, e->to);
  return S_CONT;
}

/* One DPG step on frontier edge ei (Alg. 1 lines 7–13): the witness; a
 * boot step or a wildcard named; the edges that need no query; ρ at the
 * witness; the path query (or the last one carried over), whose model
 * runs; and otherwise the refinement. */
sres dpg_step(dpg *g, uint32_t ei, dpg_result *r) {
  step s = {.g = g, .ei = ei, .e = *nwa_edge_at(g->gr.G, ei)};
  if (!find_witness(&s)) return S_CONT;
  if (s.e.letter == DPG_BOOT) return boot_step(g, &s.e, r);
  if (s.e.letter == NWA_ANY) return name_letters(&s);
  if (!named_letter(&s) || !witness_rho(&s)) return S_CONT;
  if (!s.holds_at_witness && s.chained) carry_over(&s);
  else {
    sres res;
    if (!path_query(&s, r, &res)) return res;
  }
  return refine(&s);
}
