/* dpg_loop.c — the MCVETO loop (Alg. 1) over fold, nwa, reach, symex, smt,
 * pre: the budgets, the verdicts and their replay, and the public API of
 * dpg.h.  The loop's parts are the other dpg_*.c files (dpg_impl.h). */
#include "dpg_impl.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xalloc.h"

#define INV_SHARE 0.15 /* of the time for proving facts over G, but for each new G */
#define INV_CODE_BYTES (1u << 20) /* initial facts about writable code (SMC), in bytes */
#define BATCH 64 /* states a batch of frontier steps may touch between analyses */

void add_boot(nwa *a, tm_ctx *tc) {
  nwa_state s0 = nwa_start(a);
  nwa_state i = nwa_add_state(a, tm_true(tc), false);
  nwa_set_start(a, i);
  nwa_add_internal(a, i, DPG_BOOT, s0);
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

double elapsed(const dpg *g) {
  return now_s() - ((double)g->t0.tv_sec + (double)g->t0.tv_nsec * 1e-9);
}

/* The solver may not run past the time budget: a query gets at most the
 * time left (and the per-query limit). */
static void cap_solver_time(dpg *g) {
  unsigned per = g->o.smt_timeout_ms ? g->o.smt_timeout_ms : 10000;
  if (g->o.timeout_s > 0) {
    double left = g->o.timeout_s - elapsed(g);
    /* in steps of 500 ms, down (the solver's limit changes rarely: setting it
     * costs) */
    double ms = left > 0 ? left * 1000.0 : 0;
    if (ms < per) per = ms >= 500 ? (unsigned)(ms / 500) * 500 : 50;
  }
  smt_set_timeout(g->solver, per);
}

static bool out_of_time(const dpg *g) { return g->o.timeout_s > 0 && elapsed(g) >= g->o.timeout_s; }
bool late_cb(void *ctx) { return out_of_time(ctx); }

/* The reason of an unknown for a spent budget: the user's budget, and this
 * search's share of it when --candidates auto gave it one. */
static void budget_reason(const dpg *g, dpg_result *r, bool time) {
  double bs = g->o.budget_s > 0 ? g->o.budget_s : g->o.timeout_s;
  unsigned long bi = g->o.budget_iter ? g->o.budget_iter : g->o.max_iter;
  int n = time ? snprintf(r->reason, sizeof r->reason, "time budget of %g s spent", bs)
               : snprintf(r->reason, sizeof r->reason, "iteration budget of %lu spent", bi);
  size_t k = n < 0 ? 0 : (size_t)n < sizeof r->reason ? (size_t)n : sizeof r->reason - 1;
  if (time && bs != g->o.timeout_s)
    snprintf(r->reason + k, sizeof r->reason - k, " (this search had %.3g s of it)", g->o.timeout_s);
  else if (!time && bi != g->o.max_iter)
    snprintf(r->reason + k, sizeof r->reason - k, " (this search had %lu of them)", g->o.max_iter);
}

/* --self-check: report a failure, keep the first for the reason. */
void self_fail(dpg *g, const char *msg) {
  fprintf(stderr, "self-check: %s\n", msg);
  g->st.self_check_failures++;
  if (!g->self_fail[0]) snprintf(g->self_fail, sizeof g->self_fail, "%s", msg);
}

void note_pc(dpg *g, uint64_t pc) { ht_add(&g->an.pcs, pc + 1, 0); }

/* Replay the input from scratch before a verdict is printed: unrecorded, up
 * to the target, with the steps the deciding run took (long_run's may be
 * more than the budget). */
static bool confirm(dpg *g, in_assign *in, outcome want, ex_ae *ae) {
  run R;
  in_reset_use(in);
  if (run_start(g, in, &R)) {
    run_end(&R);
    return false;
  }
  uint64_t steps = g->longrun.confirm_steps > max_steps(g) ? g->longrun.confirm_steps : max_steps(g);
  ex_opts o = {.max_steps = steps, .stop_on_ae = true, .stop_at_pc = true, .stop_pc = g->o.target,
               .out = g->devnull, .err = g->devnull};
  R.r = ex_run(R.x, &o);
  bool ok = false, reached = R.r.status == EX_STOPPED_PC;
  if (want == OUT_TARGET) ok = reached;
  else if (want == OUT_AE && !reached) {
    ok = R.r.ae.found;
    *ae = R.r.ae;
  }
  run_end(&R);
  return ok;
}

sres finish_run(dpg *g, outcome out, const char *why, dpg_result *r) {
  if (out == OUT_NONE) return S_CONT;
  if (out == OUT_ERROR || out == OUT_CLOSED) {
    r->verdict = out == OUT_CLOSED ? DPG_SAFE : DPG_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "%s", why);
    return S_VERDICT;
  }
  in_assign *in = g->run.T[g->run.nT - 1].in;
  ex_ae ae = g->longrun.ae;
  if (!g->longrun.replayed && !confirm(g, in, out, &ae)) {
    r->verdict = DPG_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "internal error: a %s input does not replay",
             out == OUT_TARGET ? "reaching" : "violating");
    return S_VERDICT;
  }
  /* the confirming run marked what it used: in_write saves just that */
  r->witness = in;
  g->run.T[g->run.nT - 1].in = in_new(IN_FIXED, 0);
  r->verdict = out == OUT_TARGET ? DPG_REACHABLE : DPG_AE;
  r->ae = ae;
  if (out == OUT_TARGET && g->longrun.confirm_steps > max_steps(g))
    snprintf(r->reason, sizeof r->reason, "an input reaches 0x%llx after %llu steps (a run continued past the step budget)",
             (unsigned long long)g->o.target, (unsigned long long)g->longrun.confirm_steps - 1);
  else if (out == OUT_TARGET)
    snprintf(r->reason, sizeof r->reason, "an input reaches 0x%llx", (unsigned long long)g->o.target);
  else
    snprintf(r->reason, sizeof r->reason, "the return at 0x%llx goes to 0x%llx instead of 0x%llx",
             (unsigned long long)ae.ret_pc, (unsigned long long)ae.actual, (unsigned long long)ae.expected);
  return S_VERDICT;
}

/* Relaxed, when no frontier is left: the exit state of a return edge
 * witnessed in some other calling context.  The step then refines the exit
 * state on the return's match with the top of `$A`, which carries the
 * context into the callee as a predicate (§3.5's instrumentation). */
static bool witnessed_any_cb(void *ctx, nwa_state s, nwa_state callpred) {
  dpg *g = ctx;
  (void)callpred;
  return s < nwa_nstates(g->gr.G) && g->wit.w[s].trace != 0;
}

static bool witnessed_cb(void *ctx, nwa_state s, nwa_state callpred) {
  dpg *g = ctx;
  if (s >= nwa_nstates(g->gr.G)) return false;
  if (callpred == NWA_NONE) return g->wit.w[s].trace != 0;
  wit w;
  return pair_get(g, s, callpred, &w) && w.trace;
}

/* fold_smc.fixed: the page is mapped without write permission.  A store
 * there faults (our emulator, qemu and Linux alike) and no system call of
 * the model (exec.h) changes permissions, so the byte is the loaded one in
 * every state.  Unmapped pages are not fixed: brk may map them. */
static bool code_fixed(const void *ctx, uint64_t a) {
  const mem_region *r = mem_region_of(ctx, a);
  return r && !(r->perms & MEM_W);
}

/* inv_fixed_fn: the same pages, whose loaded bytes are then every state's. */
static bool byte_fixed(const void *ctx, uint64_t a, uint8_t *b) {
  bool def;
  return code_fixed(ctx, a) && mem_peek(ctx, a, 1, b, &def, NULL) == MEM_OK && def;
}

dpg_carry *dpg_carry_new(void) {
  dpg_carry *c = calloc(1, sizeof *c);
  if (!c) xa_nomem();
  c->t0 = now_s();
  return c;
}

void dpg_carry_free(dpg_carry *c) {
  if (!c) return;
  cont_free(c);
  xpool_free(&c->explore);
  ht_free(&c->cut_dropped);
  free(c);
}

dpg *dpg_new(const isa_desc *d, const el_image *img, const mem_space *loaded, const dpg_opts *o) {
  dpg *g = calloc(1, sizeof *g);
  if (!g) xa_nomem();
  g->prog.d = d;
  g->prog.img = img;
  g->prog.loaded = loaded;
  g->o = *o;
  g->self_check = o->self_check;
  g->tc = tm_new(d->addr_bits);
  g->solver = smt_new(g->tc, o->smt_timeout_ms ? o->smt_timeout_ms : 10000);
  if (g->solver && (o->debug & DPG_DEBUG_SMT_TIME)) smt_set_time_log(g->solver, true);
  if (g->solver && o->smt_dump && *o->smt_dump && smt_open_dump(g->solver, o->smt_dump))
    fprintf(stderr, "mcveto: cannot open MCVETO_SMT_DUMP file %s\n", o->smt_dump);
  if (!g->solver) xa_nomem(); /* Z3 could not make a context */
  g->wit.memo.limit = MEMO_LIMIT;
  fold_vocab_init(&g->gr.v, d, g->tc);
  g->gr.L = fold_letters_new();
  g->an.fs = feas_new(&g->gr.v, g->gr.L);
  feas_set_return_sites(g->an.fs, call_ra, g);
  g->devnull = fopen("/dev/null", "w");
  g->carry = o->carry ? o->carry : (g->own_carry = dpg_carry_new());
  explore_resume(g);
  for (size_t i = 0; i < img->nsegs; i++) /* §9: which folding */
    if ((img->segs[i].perms & MEM_W) && (img->segs[i].perms & MEM_X)) g->prog.smc = true;
  g->prog.smc_code = (fold_smc){code_fixed, loaded};
  if (!g->prog.smc) g->an.lc = lc_new(&g->gr.v, g->gr.L, loaded, g->solver, o->target);
  /* the proof over loop heads walks the image's code from the Linux
   * initial state */
  if (!g->prog.smc && o->inputs == DPG_INPUTS_LINUX && !o->no_induction) 
    g->an.cp = cp_new(&g->gr.v, g->gr.L, loaded, g->solver, o->target, &g->carry->cut_dropped);
  return g;
}

void dpg_free(dpg *g) {
  if (!g) return;
  if (g->o.debug & DPG_DEBUG_STEPS) {
    fprintf(stderr, "solver: %lu queries to Z3, %lu answered from memory, %.3f s in Z3\n", smt_queries(g->solver),
            smt_cached(g->solver), smt_seconds(g->solver));
    fprintf(stderr, "predicate memo: %zu entries, cleared %lu times\n", g->wit.memo.n, g->wit.memo_clears);
  }
  for (size_t i = 0; i < g->run.nT; i++) {
    in_free(g->run.T[i].in);
    free(g->run.T[i].pos);
    free(g->run.T[i].st);
  }
  free(g->run.T);
  xpool_free(&g->explore.p);
  free(g->wit.w);
  ht_free(&g->wit.pw);
  ht_free(&g->wit.memo);
  ht_free(&g->q.grounded);
  ht_free(&g->q.zeroed);
  free(g->q.regvar);
  ht_free(&g->wit.preds);
  ht_free(&g->q.model_failed);
  ht_free(&g->q.chain);
  ht_free(&g->q.ess);
  ht_free(&g->an.refs_at);
  free(g->stuck.key);
  ht_free(&g->an.pcs);
  ht_free(&g->an.cand_done);
  cd_hist_free(g->an.cd_hist);
  lc_free(g->an.lc);
  cp_free(g->an.cp);
  ht_free(&g->an.cut_seen);
  feas_free(g->an.fs);
  inv_free(g->an.iv);
  free(g->gr.site);
  free(g->gr.cmark);
  nwa_free(g->gr.G);
  fold_letters_free(g->gr.L);
  smt_free(g->solver);
  tm_free(g->tc);
  mem_free(g->prog.init);
  free((void *)g->gr.v.rd);
  if (g->devnull) fclose(g->devnull);
  dpg_carry_free(g->own_carry);
  free(g);
}

void dpg_result_free(dpg_result *r) {
  in_free(r->witness);
  r->witness = NULL;
}

const char *dpg_verdict_name(dpg_verdict v) {
  switch (v) {
  case DPG_SAFE: return "safe";
  case DPG_REACHABLE: return "reachable";
  case DPG_AE: return "ae-violation";
  default: return "unknown";
  }
}

/* The facts' initial values, from the machine a run starts in (R): the
 * registers the input model fixes, the loaded bytes of writable code, and
 * $V, $D, $ip = 0 (as initial_map and ground() say). */
static void initial_facts(dpg *g, const run *R) {
  g->an.iv = inv_new(&g->gr.v, g->gr.L, DPG_BOOT);
  if (g->self_check) inv_set_self_check(g->an.iv, g->o.debug & DPG_DEBUG_FACTS_WHY ? 2 : 1);
  inv_set_fixed(g->an.iv, byte_fixed, g->prog.loaded);
  for (unsigned i = 0; i < g->prog.d->nregs; i++)
    if (i == g->prog.d->pc || i == g->prog.d->sp || g->o.inputs == DPG_INPUTS_LINUX)
      inv_set_initial(
          g->an.iv,
          tm_var(g->tc, g->prog.d->regs[i].name, g->prog.d->regs[i].is_flag ? TM_BOOL : g->prog.d->regs[i].width),
          ex_regs(R->x)[i]);
  /* the loaded bytes of writable, executable segments: the code a
   * self-modifying program may rewrite, whose facts say which
   * instruction a run meets there (§9).  Whole segments, up to
   * INV_CODE_BYTES in all (8 bytes of memory each): the facts' initial
   * layer, which every vector shares until a store changes a byte of
   * it or one to an unknown address drops it */
  size_t budget = INV_CODE_BYTES;
  for (size_t i = 0; i < g->prog.img->nsegs; i++) {
    const el_segment *sg = &g->prog.img->segs[i];
    if (!(sg->perms & MEM_W) || !(sg->perms & MEM_X)) continue;
    if (sg->memsz > budget) {
      if (g->o.debug & DPG_DEBUG_STEPS)
        fprintf(stderr, "facts: the %llu bytes of the writable code at 0x%llx are not initial facts (over %u)\n",
                (unsigned long long)sg->memsz, (unsigned long long)sg->vaddr, INV_CODE_BYTES);
      continue;
    }
    budget -= sg->memsz;
    for (uint64_t a = sg->vaddr; a < sg->vaddr + sg->memsz; a++) {
      uint8_t b;
      bool def;
      if (mem_peek(g->prog.init, a, 1, &b, &def, NULL) == MEM_OK && def) inv_set_initial_byte(g->an.iv, a, b);
    }
  }
  inv_set_initial(g->an.iv, g->gr.v.V, 0);
  inv_set_initial(g->an.iv, g->gr.v.D, 0);
  inv_set_initial(g->an.iv, g->gr.v.ip, 0);
}

/* The memory a run starts with, for grounding initial reads, its entry and
 * stack pointer, and the facts' initial values.  False (an unknown in *r)
 * when no run can start. */
static bool initial_state(dpg *g, dpg_result *r) {
  in_assign *in0 = in_new(IN_FIXED, 0);
  run R;
  if (run_start(g, in0, &R)) {
    run_end(&R);
    in_free(in0);
    r->verdict = DPG_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "cannot set up the initial stack");
    return false;
  }
  g->prog.init = mem_clone(ex_mem(R.x));
  set_readable(g);
  g->prog.entry = ex_regs(R.x)[g->prog.d->pc];
  g->prog.sp0 = ex_regs(R.x)[g->prog.d->sp];
  if (!g->o.no_facts) initial_facts(g, &R);
  run_end(&R);
  in_free(in0);
  return true;
}

/* G's first form and the line 1 of Alg. 1: a run on some input (a fixed
 * pseudo-random standard input).  S_VERDICT when that decides (r). */
static sres first_run(dpg *g, dpg_result *r) {
  g->gr.G = fold_initial(&g->gr.v, g->o.target);
  g->gr.gen = 1; /* inv_gen 0: no facts yet */
  add_boot(g->gr.G, g->tc);
  g->gr.site = calloc(nwa_nstates(g->gr.G), sizeof *g->gr.site);
  g->gr.cmark = calloc(nwa_nstates(g->gr.G), sizeof *g->gr.cmark);
  if (!g->gr.site || !g->gr.cmark) xa_nomem();
  if (g->prog.entry == g->o.target) {
    r->verdict = DPG_REACHABLE;
    r->witness = in_new(IN_FIXED, 0);
    snprintf(r->reason, sizeof r->reason, "the target is the entry point");
    return S_VERDICT;
  }
  in_assign *in = in_new(IN_FIXED, 0);
  uint64_t x = 0x9E3779B97F4A7C15ull;
  for (int i = 0; i < 64; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    uint8_t b = (uint8_t)(x >> 24);
    in_append_stdin(in, &b, 1);
  }
  uint8_t pad[STDIN_PAD] = {0};
  in_append_stdin(in, pad, sizeof pad);
  ex_result res;
  char why[300] = "";
  sres s0 = finish_run(g, add_run(g, in, &res, why, sizeof why), why, r);
  g->st.first_run_seconds = elapsed(g);
  return s0;
}

/* Directed testing's turn: its share of the time (--explore) while it has
 * branches to negate; it hands back when a run changed G. */
static sres explore_turn(dpg *g, dpg_result *r) {
  bool changed = false;
  sres s = S_CONT;
  while (!changed && s == S_CONT && explore_pending(g->explore.p.xp)) {
    double el = elapsed(g);
    if (g->explore.seconds >= g->o.explore / 100.0 * el || (g->o.timeout_s > 0 && el >= g->o.timeout_s)) break;
    double t0 = now_s();
    cap_solver_time(g);
    s = explore_step(g, r, &changed);
    g->explore.seconds += now_s() - t0;
  }
  return s;
}

/* The facts' turn: facts proven over G strengthen its predicates (inv.h).
 * They stay true as G shrinks and split states inherit them, so the
 * fixpoint runs for every new G (a run joined) and otherwise within a share
 * of the time. */
static void facts_turn(dpg *g) {
  if (!g->an.iv || (g->gr.gen == g->an.inv_gen && g->an.inv_seconds > INV_SHARE * elapsed(g))) return;
  double ti0 = now_s();
  inv_stats is;
  bool ok = inv_strengthen(g->an.iv, g->gr.G, &is);
  g->st.analysis_seconds += now_s() - ti0;
  g->an.inv_seconds += now_s() - ti0;
  g->an.inv_gen = g->gr.gen;
  if (g->o.debug & DPG_DEBUG_STEPS)
    fprintf(stderr,
            "facts: %s, %zu contexts, %zu predicates strengthened, %zu edges removed, %zu states unreached (%.3f s)\n",
            ok ? "settled" : "gave up", is.contexts, is.changed, is.removed, is.bottom, now_s() - ti0);
}

/* Debugging (DPG_DEBUG_PATH): the way from frontier edge fe's target to
 * acceptance along the analysis' distances. */
static void print_path(dpg *g, const reach_result *rr, uint32_t fe_index) {
  const nwa_edge *fe = nwa_edge_at(g->gr.G, fe_index);
  fprintf(stderr, "frontier e%u n%u -> n%u:", fe_index, fe->from, fe->to);
  nwa_state x = fe->to;
  for (int hop = 0; hop < 400 && rr->dist[x] && rr->dist[x] != REACH_INF; hop++) {
    size_t n;
    const uint32_t *out = nwa_out(g->gr.G, x, &n);
    const nwa_edge *best = NULL;
    for (size_t j = 0; j < n && !best; j++) {
      const nwa_edge *e = nwa_edge_at(g->gr.G, out[j]);
      if (!e->dead && rr->dist[e->to] + 1 == rr->dist[x]) best = e;
    }
    if (!best) { /* a summary: the call's return sites */
      const uint32_t *rs = nwa_ret_by_pred(g->gr.G, x, &n);
      for (size_t j = 0; j < n && !best; j++) {
        const nwa_edge *e = nwa_edge_at(g->gr.G, rs[j]);
        if (!e->dead && rr->dist[e->to] + 1 == rr->dist[x]) best = e;
      }
      if (!best) break;
      fprintf(stderr, " S>n%u", best->to);
      x = best->to;
      continue;
    }
    const fold_letter *fl = fold_letter_get(g->gr.L, best->letter);
    fprintf(stderr, " %s%llx>n%u",
            best->kind == NWA_CALL     ? "C"
            : best->kind == NWA_RETURN ? "R"
                                       : "",
            fl ? (unsigned long long)fl->pc : 0ull, best->to);
    x = best->to;
  }
  fputc('\n', stderr);
}

/* One analysis serves several steps: reach_analyze and the witness marking
 * cost more than a refinement on a graph with many states, and a frontier
 * of a slightly older analysis is still a frontier while its edge lives and
 * neither of its states has been split (a step on it is sound; it may only
 * turn out to lie on no path any more).  A run that joins T makes a new
 * graph, so the batch ends there.  Steps on fr[pick..nfr). */
static sres frontier_batch(dpg *g, const uint32_t *fr, size_t pick, size_t nfr, dpg_result *r) {
  nwa_state touched[BATCH];
  size_t ntouched = 0, done_steps = 0;
  sres sr = S_CONT;
  for (size_t k = pick; k < nfr && done_steps < BATCH; k++) {
    const nwa_edge *fe = nwa_edge_at(g->gr.G, fr[k]);
    if (fe->dead || is_stuck(g, tuple_key(g, fe), 3)) continue;
    bool clash = false;
    for (size_t j = 0; j < ntouched && !clash; j++) clash = touched[j] == fe->from || touched[j] == fe->to;
    if (clash) continue;
    nwa_state from = fe->from, to = fe->to;
    nwa *G0 = g->gr.G;
    size_t nT0 = g->run.nT, ns0 = nwa_nstates(g->gr.G);
    g->st.iterations++;
    cap_solver_time(g);
    sr = dpg_step(g, fr[k], r);
    done_steps++;
    if (sr == S_VERDICT || g->gr.G != G0 || g->run.nT != nT0) break;
    if (nwa_nstates(g->gr.G) != ns0) touched[ntouched++] = from;
    touched[ntouched++] = to; /* its in-edges may all have gone */
    if (ntouched + 2 > BATCH) break;
    if (g->o.max_iter && g->st.iterations >= g->o.max_iter) break;
    if (g->o.timeout_s > 0 && elapsed(g) >= g->o.timeout_s) break;
  }
  return sr;
}

/* With the analysis rr of a graph that still reaches acceptance (freed
 * here, before the steps): the budgets, the progress line, the frontier,
 * and a batch of steps on it.  S_VERDICT when the search ends (r). */
static sres search_frontier(dpg *g, reach_result *rr, dpg_result *r, double *last_progress) {
  double el = elapsed(g);
  if (g->o.timeout_s > 0 && el >= g->o.timeout_s) {
    reach_free(rr);
    r->verdict = DPG_UNKNOWN;
    budget_reason(g, r, true);
    return S_VERDICT;
  }
  if (g->o.max_iter && g->st.iterations >= g->o.max_iter) {
    reach_free(rr);
    r->verdict = DPG_UNKNOWN;
    budget_reason(g, r, false);
    return S_VERDICT;
  }
  if (g->o.progress && el - *last_progress >= 5) {
    *last_progress = el;
    fprintf(g->o.progress, "verify: %.0f s, %lu iterations, %zu states, CE %lu, SE %lu, Ref %lu\n", el,
            g->st.iterations, nwa_nstates(g->gr.G), g->st.ce, g->st.se, g->st.ref);
  }
  uint32_t fr[256];
  /* alternating: the frontier closest to the target (a proof's refinements
   * stay near it) every other time, and otherwise the oldest, which is
   * where the first runs branch (what directed testing would try next;
   * refinements near the target alone can unroll a loop for ever) */
  reach_policy pol = g->o.policy;
  if (pol == REACH_ALTERNATE) pol = g->st.iterations % 2 ? REACH_FIRST : REACH_CLOSEST_TO_TARGET;
  size_t nfr = reach_frontiers(g->gr.G, rr, witnessed_cb, g, pol, fr, 256);
  if (!nfr) nfr = reach_frontiers(g->gr.G, rr, witnessed_any_cb, g, pol, fr, 256);
  if (nfr && (g->o.debug & DPG_DEBUG_PATH)) print_path(g, rr, fr[0]);
  reach_free(rr);
  if (nfr > 256) nfr = 256;
  size_t pick = nfr;
  for (size_t k = 0; k < nfr && pick == nfr; k++)
    if (!is_stuck(g, tuple_key(g, nwa_edge_at(g->gr.G, fr[k])), 3)) pick = k;
  if (pick == nfr) {
    r->verdict = DPG_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "no frontier can be extended or refined%s%s",
             g->stuck.why[0] ? ": " : " (the path to the target runs through unexplored code no input reaches)",
             g->stuck.why);
    return S_VERDICT;
  }
  return frontier_batch(g, fr, pick, nfr, r);
}

/* One pass of the loop: directed testing, the facts, the witnesses, the
 * analysis (line 6: safe when nothing reaches acceptance), and a batch of
 * frontier steps.  S_VERDICT when the search ends (r). */
static sres iteration(dpg *g, dpg_result *r, double *last_progress) {
  char why[300];
  if (cont_turn(g, r) == S_VERDICT) return S_VERDICT;
  if (cut_turn(g, r) == S_VERDICT) return S_VERDICT;
  if (g->explore.p.xp && explore_turn(g, r) == S_VERDICT) return S_VERDICT;
  if (out_of_time(g)) {
    r->verdict = DPG_UNKNOWN;
    budget_reason(g, r, true);
    return S_VERDICT;
  }
  facts_turn(g);
  int wr = witnesses(g, why, sizeof why);
  if (wr) {
    r->verdict = DPG_UNKNOWN;
    if (wr > 0) budget_reason(g, r, true);
    else snprintf(r->reason, sizeof r->reason, "%s", why);
    return S_VERDICT;
  }
  reach_result rr;
  double ta0 = now_s();
  reach_analyze(g->gr.G, &rr);
  g->st.analysis_seconds += now_s() - ta0;
  if (!rr.reachable) { /* line 6 */
    reach_free(&rr);
    r->verdict = DPG_SAFE;
    snprintf(r->reason, sizeof r->reason, "no path to 0x%llx or to an AE violation remains in the abstract graph",
             (unsigned long long)g->o.target);
    return S_VERDICT;
  }
  /* returns no matched path takes never will be taken: drop them (reach.h) */
  reach_prune_returns(g->gr.G, &rr);
  return search_frontier(g, &rr, r, last_progress);
}

/* The verdict as given: a self-check failure means the graph may not
 * contain every run, so no proof rests on it; and the statistics. */
static void final_result(dpg *g, dpg_result *r) {
  if (g->self_fail[0] && r->verdict == DPG_SAFE) {
    r->verdict = DPG_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "self-check failed: %s", g->self_fail);
  }
  g->st.instructions = g->an.pcs.n;
  g->st.seconds = elapsed(g);
  g->st.solver_seconds = smt_seconds(g->solver);
  g->st.states = nwa_nstates(g->gr.G);
  g->st.edges = nwa_live_edges(g->gr.G);
  r->stats = g->st;
}

void dpg_run(dpg *g, dpg_result *r) {
  memset(r, 0, sizeof *r);
  clock_gettime(CLOCK_MONOTONIC, &g->t0);
  g->wit.until = g->o.timeout_s;
  if (!initial_state(g, r)) return;
  if (first_run(g, r) == S_CONT) {
    double last_progress = 0;
    while (iteration(g, r, &last_progress) == S_CONT) {}
  }
  explore_park(g);
  final_result(g, r);
}

void dpg_write_dot(dpg *g, FILE *f) {
  tm_ctx *tc = g->tc;
  /* the graph may have changed since the witnesses were last marked (a
   * deciding run joins it): mark them again, in what is left of the time
   * budget (at least half a second: a long run takes seconds to re-check) */
  int wr = 0;
  if (g->gr.G && g->run.nT) {
    char why[300];
    double el = elapsed(g);
    g->wit.until = g->o.timeout_s > 0 ? (g->o.timeout_s > el + 0.5 ? g->o.timeout_s : el + 0.5) : 0;
    wr = witnesses(g, why, sizeof why);
  }
  fprintf(f, "digraph G {\n  node [shape=box fontname=monospace fontsize=9];\n");
  if (wr > 0) fprintf(f, "  // the time budget ran out while witnessed states were marked: some are not filled\n");
  size_t ns = nwa_nstates(g->gr.G);
  char buf[512];
  for (size_t s = 0; s < ns; s++) {
    tm_print(tc, nwa_pred(g->gr.G, (nwa_state)s), buf, sizeof buf);
    for (char *p = buf; *p; p++)
      if (*p == '"' || *p == '\\') *p = '\'';
    const fold_letter *l = fold_letter_get(g->gr.L, g->gr.site[s]);
    bool witnessed = g->wit.w && s < g->wit.nw && g->wit.w[s].trace;
    char at[32] = "";
    if (l) snprintf(at, sizeof at, " @0x%llx", (unsigned long long)l->pc);
    else if (s == nwa_start(g->gr.G)) snprintf(at, sizeof at, " start");
    fprintf(f, "  n%zu [label=\"%zu%s\\n%s\"%s%s];\n", s, s, at, buf,
            nwa_accepting(g->gr.G, (nwa_state)s) ? " peripheries=2" : "",
            witnessed ? " style=filled fillcolor=lightgrey" : "");
  }
  for (size_t i = 0; i < nwa_nedges(g->gr.G); i++) {
    const nwa_edge *e = nwa_edge_at(g->gr.G, i);
    if (e->dead) continue;
    const fold_letter *l = fold_letter_get(g->gr.L, e->letter);
    char lab[64];
    if (l) snprintf(lab, sizeof lab, "0x%llx%s", (unsigned long long)l->pc, l->dir ? "/1" : "");
    else snprintf(lab, sizeof lab, "%s", e->letter == DPG_BOOT ? "boot" : "*");
    if (e->kind == NWA_RETURN)
      fprintf(f, "  n%u -> n%u [label=\"ret %s (n%u)\" style=dashed];\n", e->from, e->to, lab, e->pred);
    else
      fprintf(f, "  n%u -> n%u [label=\"%s%s\"%s];\n", e->from, e->to, e->kind == NWA_CALL ? "call " : "", lab,
              e->kind == NWA_CALL ? " style=bold" : "");
  }
  fprintf(f, "}\n");
}
