/* dpg_explore.c — directed testing beside the graph (--explore, explore.h):
 * the runs the explorer may branch off, and one negated branch solved and
 * run. */
#include "dpg_impl.h"

#include <stdlib.h>

#include "symex.h"
#include "xalloc.h"

/* ---- directed testing beside the graph (explore.h) ----------------------- */

/* Is position p a branch: a successor that the state decides? */
static bool is_branch(dpg *g, const ex_pos *p) {
  isa_insn in;
  if (g->prog.d->decode(p->bytes, p->len, p->pc, &in) != ISA_DECODE_OK || in.len != p->len) return false;
  switch (g->prog.d->insns[in.id].flow) {
  case ISA_FLOW_CJUMP:
  case ISA_FLOW_IJUMP:
  case ISA_FLOW_ICALL:
  case ISA_FLOW_RETURN: return true;
  default: return false;
  }
}

/* A run the explorer may branch off: run t of T, or (t < 0) the input in,
 * which the pool then owns.  offer: its branches may be negated; a run that
 * read no input, with standard input the only one, is the same whatever the
 * input, so none of its branches can be; and the search's own runs (the
 * ones that cross a frontier of G) only add their edges to the coverage:
 * negating their branches too would make the explorer's order depend on
 * when the search made them, and a chain of negations that builds a state
 * step by step (an input-driven state machine) would keep being pushed back
 * by them. */
void explore_add(dpg *g, in_assign *in, int64_t t, const ex_pos *pos, size_t n, uint64_t last_next, bool cut,
                 bool offer, uint32_t parent) {
  if (!g->explore.p.xp) {
    if (t < 0) in_free(in);
    return;
  }
  bool fixed = !offer;
  uint64_t *pc = malloc(sizeof *pc * (n + 1));
  uint8_t *br = malloc(n + 1);
  if (!pc || !br) xa_nomem();
  for (size_t i = 0; i < n; i++) {
    pc[i] = pos[i].pc;
    br[i] = !fixed && i < EXPLORE_MAX_POS && is_branch(g, &pos[i]);
  }
  g->explore.p.X = xa_grow(g->explore.p.X, &g->explore.p.capX, g->explore.p.nX + 1, sizeof *g->explore.p.X);
  g->explore.p.X[g->explore.p.nX] = (struct xrun){t < 0 ? in : NULL, t};
  explore_add_child(g->explore.p.xp, (uint32_t)g->explore.p.nX, parent, pc, br, n, last_next, cut);
  g->explore.p.nX++;
  free(pc);
  free(br);
}

/* One negated branch: solve the path of a run up to a branch, with the
 * successor the run took excluded, and run the model.  A run that reaches
 * the target or an AE violation, or covers an edge no run covered, joins T
 * (and G is intersected with its fold: *changed); any other run only joins
 * the explorer's pool. */
sres explore_step(dpg *g, dpg_result *r, bool *changed) {
  tm_ctx *tc = g->tc;
  *changed = false;
  uint32_t id;
  size_t i;
  if (!explore_next(g->explore.p.xp, &id, &i)) return S_CONT;
  int64_t t = g->explore.p.X[id].t;
  in_assign *win = t >= 0 ? g->run.T[t].in : g->explore.p.X[id].in;
  const ex_pos *pos = t >= 0 ? g->run.T[t].pos : NULL;
  size_t n = t >= 0 ? g->run.T[t].n : 0;
  run R;
  bool rerun = !pos;
  if (rerun) { /* the pool keeps inputs, not traces: run it again as far as the branch */
    in_reset_use(win);
    if (run_start(g, win, &R)) {
      run_end(&R);
      return S_CONT;
    }
    ex_opts o = {.max_steps = i + 2, .record = true, .stop_on_ae = true, .out = g->devnull, .err = g->devnull};
    R.r = ex_run(R.x, &o);
    pos = ex_trace(R.x);
    n = ex_trace_len(R.x);
  }
  if (i + 1 >= n) {
    if (rerun) run_end(&R);
    return S_CONT;
  }
  uint64_t taken = pos[i + 1].pc, at = pos[i].pc;
  sx_path path;
  int bad = sx_replay_until(g->prog.d, tc, pos, i + 1, g->prog.entry, g->prog.sp0, &path, late_cb, g);
  if (rerun) run_end(&R);
  if (bad) {
    sx_path_free(&path);
    if (late_cb(g)) explore_again(g->explore.p.xp, id, i, at); /* cut by the search's end: the next one tries it */
    return S_CONT;
  }
  isa_term *fs = malloc(sizeof *fs * (path.npc + 1));
  if (!fs) xa_nomem();
  size_t nf = 0;
  for (size_t k = 0; k < path.npc; k++) fs[nf++] = path.pc[k];
  size_t npath = nf, nin = path.nstdin;
  unsigned pw = g->prog.d->regs[g->prog.d->pc].width;
  fs[nf++] = tm_app1(tc, ISA_OP_LNOT, tm_app2(tc, ISA_OP_EQ, path.reg[g->prog.d->pc], tm_const(tc, taken, pw)));
  sx_path_free(&path);
  for (size_t k = 0; k < nf; k++) fs[k] = ground(g, fs[k]);
  /* the stream after what the path read: not in the query, so model_input
   * keeps the run's bytes (made before the slice, which sizes `used` by
   * the variables that exist) */
  isa_term inarr = tm_var(tc, "$inrest", TM_ARRAY), inlen = tm_var(tc, "$inlen0", g->prog.d->addr_bits);
  char reason[256] = "";
  unsigned char *used = NULL;
  smt_result sr = slice_and_check(g, fs, &nf, npath, &used, reason, sizeof reason);
  in_assign *in = NULL;
  if (sr == SMT_SAT) in = model_input(g, fs, nf, nin, inarr, inlen, win, used);
  free(fs);
  free(used);
  if (!in) {
    if (sr == SMT_UNSAT) explore_failed(g->explore.p.xp, at);
    else if (late_cb(g)) explore_again(g->explore.p.xp, id, i, at);
    if (g->o.debug & DPG_DEBUG_DETAIL)
      fprintf(stderr, "explore: run %u position %zu (0x%llx, not to 0x%llx): %s\n", id, i, (unsigned long long)at,
              (unsigned long long)taken, sr == SMT_UNSAT ? "no input" : sr == SMT_SAT ? "no model" : "unknown");
    return S_CONT;
  }
  run P;
  if (run_start(g, in, &P)) {
    run_end(&P);
    in_free(in);
    return S_CONT;
  }
  ex_opts o = {.max_steps = max_steps(g), .record = true, .stop_on_ae = true, .out = g->devnull, .err = g->devnull};
  P.r = ex_run(P.x, &o);
  g->st.explored++;
  size_t m = ex_trace_len(P.x);
  const ex_pos *pp = ex_trace(P.x);
  uint64_t last_next = run_next(g, &P);
  bool decides = run_outcome(g, &P, pp, m) != OUT_NONE;
  uint64_t *pcs = malloc(sizeof *pcs * (m + 1));
  if (!pcs) xa_nomem();
  for (size_t j = 0; j < m; j++) pcs[j] = pp[j].pc;
  bool fresh = explore_is_new(g->explore.p.xp, pcs, m, last_next);
  free(pcs);
  if (g->o.debug & DPG_DEBUG_STEPS)
    fprintf(stderr, "explore: run %u position %zu (0x%llx, not to 0x%llx): %zu steps%s%s\n", id, i,
            (unsigned long long)at, (unsigned long long)taken, m, decides ? ", decides" : "",
            fresh ? ", new edges" : "");
  if (!decides && !fresh) {
    g->st.ce++;
    explore_add(g, in, -1, pp, m, last_next, P.r.status == EX_BUDGET,
                in_stdin_asked(in) || g->o.inputs != DPG_INPUTS_LINUX, id);
    run_end(&P);
    return S_CONT;
  }
  run_end(&P);
  in_reset_use(in);
  ex_result res;
  char why[300] = "";
  g->explore.own = true;
  g->explore.parent = id;
  outcome out = add_run(g, in, &res, why, sizeof why);
  g->explore.own = false;
  *changed = true;
  return finish_run(g, out, why, r);
}

/* ---- directed testing from one search to the next ------------------------ */

/* The searches of --candidates auto differ in the graph, not in the
 * program: directed testing goes on where the last one left it (its queue,
 * its coverage, its runs), rather than negating the same branches again. */
void explore_resume(dpg *g) {
  if (!g->o.explore) return;
  g->explore.p = g->carry->explore;
  g->carry->explore = (struct xpool){0};
  if (!g->explore.p.xp) g->explore.p.xp = explore_new();
}

void explore_park(dpg *g) {
  if (!g->explore.p.xp || g->carry->explore.xp) return;
  for (size_t i = 0; i < g->explore.p.nX; i++) { /* T goes with the search */
    struct xrun *x = &g->explore.p.X[i];
    if (x->t >= 0) {
      x->in = in_clone(g->run.T[x->t].in);
      x->t = -1;
    }
  }
  g->carry->explore = g->explore.p;
  g->explore.p = (struct xpool){0};
}

void xpool_free(struct xpool *p) {
  for (size_t i = 0; i < p->nX; i++) in_free(p->X[i].in);
  free(p->X);
  explore_free(p->xp);
  *p = (struct xpool){0};
}
