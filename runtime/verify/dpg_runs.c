/* dpg_runs.c — concrete runs for the search: a machine per input, the
 * state vocabulary evaluated in it, the witnesses (each input of T run
 * through G), and adding an input to T (its run folded, G intersected with
 * the fold). */
#include "dpg_impl.h"

#include <stdlib.h>
#include <string.h>

#include "cand.h"
#include "xalloc.h"

/* ---- concrete runs ----------------------------------------------------- */

/* A machine for input in, ready at the entry point. */
int run_start(dpg *g, in_assign *in, run *R) {
  memset(R, 0, sizeof *R);
  R->m = mem_clone(g->prog.loaded);
  if (!R->m) xa_nomem();
  R->x = ex_new(g->prog.d, R->m, g->prog.img, in);
  char err[256];
  char *av[1] = {(char *)(g->o.prog_name ? g->o.prog_name : "prog")};
  if (ex_setup_stack(R->x, 1, av, err, sizeof err)) return -1;
  return 0;
}

void run_end(run *R) {
  ex_free(R->x);
  mem_free(R->m);
}

uint64_t max_steps(const dpg *g) { return g->o.max_steps ? g->o.max_steps : 1000000; }

/* ---- the state vocabulary in a concrete machine --------------------------- */

enum { ROLE_OTHER = -1, ROLE_V = -2, ROLE_D = -3, ROLE_MEM = -4, ROLE_A = -5, ROLE_IN = -6, ROLE_INLEN = -7,
       ROLE_IP = -8 };

static int var_role(dpg *g, uint32_t idx) {
  const char *name = tm_var_name(g->tc, idx);
  static const struct { const char *name; int role; } fixed[] = {
      {"$V", ROLE_V}, {"$D", ROLE_D}, {"mem", ROLE_MEM}, {"$A", ROLE_A},
      {"$in", ROLE_IN}, {"$inlen", ROLE_INLEN}, {"$ip", ROLE_IP}};
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
    if (!strcmp(name, fixed[i].name)) return fixed[i].role;
  for (unsigned i = 0; i < g->prog.d->nregs; i++)
    if (!strcmp(name, g->prog.d->regs[i].name)) return (int)i;
  return ROLE_OTHER;
}

static int role(cenv *c, uint32_t idx) {
  if (idx >= c->nvmap) {
    size_t n = tm_var_count(c->g->tc);
    if (idx >= n) return -1;
    c->vmap = xa_realloc(c->vmap, sizeof *c->vmap * n);
    for (size_t i = c->nvmap; i < n; i++) c->vmap[i] = var_role(c->g, (uint32_t)i);
    c->nvmap = n;
  }
  return c->vmap[idx];
}

static uint64_t cenv_var(void *ctx, uint32_t idx) {
  cenv *c = ctx;
  int r = role(c, idx);
  if (r >= 0) return ex_regs(c->x)[r];
  if (r == ROLE_V) return c->V;
  if (r == ROLE_D) {
    size_t depth;
    ex_aux_stack(c->x, &depth);
    return depth;
  }
  if (r == ROLE_INLEN) return c->in ? in_stdin_len(c->in) : 0;
  if (r == ROLE_IP) return c->in ? in_stdin_pos(c->in) : 0;
  return 0;
}

static uint8_t cenv_mem(void *ctx, uint32_t idx, uint64_t addr) {
  cenv *c = ctx;
  int r = role(c, idx);
  if (r == ROLE_IN) return c->in ? in_stdin_byte(c->in, (size_t)addr) : 0;
  if (r == ROLE_MEM) {
    uint8_t b = 0;
    mem_peek(ex_mem(c->x), addr, 1, &b, NULL, NULL);
    return b;
  }
  if (r == ROLE_A) {
    size_t depth;
    const uint64_t *s = ex_aux_stack(c->x, &depth);
    unsigned W = (c->g->prog.d->addr_bits + 7) / 8;
    uint64_t k = addr / W;
    return k < depth ? (uint8_t)(s[k] >> (8 * (addr % W))) : 0;
  }
  return 0;
}

tm_env cenv_env(cenv *c) { return (tm_env){c, cenv_var, cenv_mem}; }

/* ---- witnesses: each input of T run through G ------------------------------ */

typedef struct sset {
  nwa_state *v;
  size_t n, cap;
} sset;

static void sset_add(sset *s, nwa_state x) {
  for (size_t i = 0; i < s->n; i++)
    if (s->v[i] == x) return;
  s->v = xa_grow(s->v, &s->cap, s->n + 1, sizeof *s->v);
  s->v[s->n++] = x;
}

static bool sset_has(const sset *s, nwa_state x) {
  for (size_t i = 0; i < s->n; i++)
    if (s->v[i] == x) return true;
  return false;
}

typedef struct sim {
  dpg *g;
  cenv c;
  uint32_t trace;
  const dtrace *t;
  uint64_t ae_step; /* the step of an AE violation, or UINT64_MAX */
  sset cur, next;
  sset *frames;
  size_t nframes, capframes;
  bool lost;        /* the run left G: a bug */
  bool late;        /* the time budget ran out: the rest of the run is not checked */
  bool inv_bad;     /* debugging: a state the facts do not cover was reported */
  uint64_t lost_pc;
  uint64_t mpos;    /* the memo's number of the current position; 0: no memo */
  struct share_ent *share; /* SHARE_CACHE entries (shared_conjunct_holds) */
} sim;
#define SHARE_CACHE 256

static void pair_mark(dpg *g, nwa_state xs, nwa_state pred, wit w) {
  ht_add(&g->wit.pw, ((uint64_t)xs << 32 | pred) + 1, (uint64_t)w.trace << 32 | w.pos);
}

bool pair_get(const dpg *g, nwa_state exit, nwa_state pred, wit *w) {
  uint64_t v;
  if (!ht_get(&g->wit.pw, ((uint64_t)exit << 32 | pred) + 1, &v)) return false;
  *w = (wit){(uint32_t)(v >> 32), (uint32_t)v};
  return true;
}

/* A predicate's value at the current position, remembered across
 * iterations: the runs are replayed after every change of G and the states'
 * predicates are mostly conjunctions of ones seen before (a split conjoins
 * ρ, an intersection conjoins the two sides), so only the new parts are
 * evaluated.  Within a step the evaluations also share their subterms
 * (tm_eval_begin). */

typedef struct mev {
  sim *S;
  const tm_env *env;
} mev;

static uint64_t memo_step(tm_walk *w, isa_term t, void *ctx) {
  mev *m = ctx;
  sim *S = m->S;
  tm_ctx *tc = S->g->tc;
  /* only states' predicates are remembered; below them the evaluation
   * goes down the connectives to find earlier states' predicates, and
   * leaves the rest to tm_eval_more, which shares subterms within a step */
  uint64_t known;
  if (tm_eval_known(tc, t, &known)) return known != 0;
  if (!ht_get(&S->g->wit.preds, t, NULL)) return tm_eval_more(tc, t, m->env) != 0;
  uint64_t key = S->mpos ? S->mpos << 32 | t : 0, v;
  if (key && ht_get(&S->g->wit.memo, key, &v)) return v != 0;
  int k = tm_kind(tc, t);
  bool r;
  if (k == ISA_OP_LAND || k == ISA_OP_LOR) { /* the second operand only if needed */
    if (!tm_walk_get(w, tm_arg(tc, t, 0), &v)) return 0;
    if ((v != 0) == (k == ISA_OP_LOR)) r = v != 0;
    else if (!tm_walk_get(w, tm_arg(tc, t, 1), &v)) return 0;
    else r = v != 0;
  } else
    r = tm_eval_more(tc, t, m->env) != 0;
  if (!key) return r;
  /* a full memo starts again rather than make every lookup miss */
  if (!ht_add(&S->g->wit.memo, key, r) && S->g->wit.memo.n >= S->g->wit.memo.limit) {
    ht_clear(&S->g->wit.memo);
    S->g->wit.memo_clears++;
    ht_add(&S->g->wit.memo, key, r);
  }
  return r;
}

/* A state's predicate t at the current position (a walk: conjunctions of
 * conjunctions are as deep as the refinements were many). */
static bool memo_eval(sim *S, isa_term t, const tm_env *env) {
  uint64_t known;
  if (tm_eval_known(S->g->tc, t, &known)) return known != 0;
  ht_add(&S->g->wit.preds, t, 0);
  uint64_t key = S->mpos ? S->mpos << 32 | t : 0, v;
  if (key && ht_get(&S->g->wit.memo, key, &v)) return v != 0;
  mev m = {S, env};
  return tm_walk_run(S->g->tc, t, memo_step, &m) != 0;
}

/* The memo's number of position p of the current run (0: none).  Only
 * the first MEMO_STEPS positions of a run have one: past them a long run
 * (a loop of a million passes) would fill the memo, clearing it for every
 * run, and its predicates are mostly decided by the shared conjuncts
 * (shared_conjunct_holds) without a lookup. */
#define MEMO_STEPS 65536
static uint64_t memo_pos(const sim *S, uint64_t p) {
  if (p > MEMO_STEPS) return 0;
  uint64_t m = S->t->base + p + 1;
  return m < ((uint64_t)1 << 32) ? m : 0;
}

/* Does state s's predicate hold in the current concrete state? */
static bool holds(sim *S, nwa_state s) {
  isa_term p = nwa_pred(S->g->gr.G, s);
  if (p == tm_true(S->g->tc)) return true;
  tm_env env = cenv_env(&S->c);
  return memo_eval(S, p, &env);
}

/* Debugging (MCVETO_LOST_PRED): the conjuncts of state s's predicate that
 * the run's current state fails. */
static void print_false_conjuncts(sim *S, nwa_state s) {
  dpg *g = S->g;
  tm_env env = cenv_env(&S->c);
  isa_term st[512];
  size_t n = 0;
  st[n++] = nwa_pred(g->gr.G, s);
  while (n) {
    isa_term y = st[--n];
    if (tm_kind(g->tc, y) == ISA_OP_LAND && n + 2 < 512) {
      st[n++] = tm_arg(g->tc, y, 0), st[n++] = tm_arg(g->tc, y, 1);
      continue;
    }
    if (!tm_eval(g->tc, y, &env)) {
      char pb[600];
      tm_print(g->tc, y, pb, sizeof pb);
      fprintf(stderr, "\n   n%u false: %s", s, pb);
    }
  }
  fprintf(stderr, "\n");
}

/* The run is in at least one of the states S->next (G covers every run),
 * so a conjunct that all their predicates share holds: it is taken as
 * true at this step (tm_eval_assume), and only what tells the states apart
 * is evaluated.  A split makes ρ ∧ n and ¬ρ ∧ n, so after many refinements the
 * shared part is nearly all of each predicate, and it was evaluated on
 * every step of a long run.  The shared conjuncts are looked for among the
 * top SHARE_DEPTH levels of each predicate's conjunctions, and remembered
 * per set of states (a loop meets the same sets on every pass). */
#define SHARE_DEPTH 4
#define SHARE_NODES 32 /* 2 + 4 + 8 + 16 */
#define SHARE_MAX 4

/* The conjunctions and conjuncts of t down to SHARE_DEPTH levels, top
 * first; how many. */
static size_t top_conjuncts(tm_ctx *tc, isa_term t, isa_term *out) {
  size_t n = 0, lo = 0;
  out[n++] = t;
  for (unsigned d = 0; d < SHARE_DEPTH; d++) {
    size_t hi = n;
    for (size_t i = lo; i < hi; i++)
      if (tm_kind(tc, out[i]) == ISA_OP_LAND && n + 2 <= SHARE_NODES)
        out[n++] = tm_arg(tc, out[i], 0), out[n++] = tm_arg(tc, out[i], 1);
    lo = hi;
  }
  return n;
}

static bool in_list(const isa_term *v, size_t n, isa_term t) {
  for (size_t i = 0; i < n; i++)
    if (v[i] == t) return true;
  return false;
}

/* The highest conjuncts every predicate of S->next has (up to SHARE_MAX
 * into out, none below another); how many. */
static size_t shared_conjuncts(sim *S, isa_term *out) {
  tm_ctx *tc = S->g->tc;
  isa_term first[SHARE_NODES], other[SHARE_NODES];
  size_t nf = top_conjuncts(tc, nwa_pred(S->g->gr.G, S->next.v[0]), first);
  bool shared[SHARE_NODES];
  for (size_t k = 0; k < nf; k++) shared[k] = true;
  for (size_t i = 1; i < S->next.n; i++) {
    size_t no = top_conjuncts(tc, nwa_pred(S->g->gr.G, S->next.v[i]), other);
    for (size_t k = 0; k < nf; k++) shared[k] = shared[k] && in_list(other, no, first[k]);
  }
  /* top first: a node whose ancestor is shared adds nothing */
  size_t n = 0;
  for (size_t k = 0; k < nf && n < SHARE_MAX; k++) {
    if (!shared[k] || first[k] == tm_true(tc)) continue;
    bool under = false;
    for (size_t j = 0; j < n && !under; j++) {
      isa_term sub[SHARE_NODES];
      under = in_list(sub, top_conjuncts(tc, out[j], sub), first[k]);
    }
    if (!under) out[n++] = first[k];
  }
  return n;
}

typedef struct share_ent {
  uint64_t key; /* hash of the states; 0: empty */
  uint8_t n;
  isa_term t[SHARE_MAX];
} share_ent;

static void shared_conjunct_holds(sim *S) {
  dpg *g = S->g;
  uint64_t key = 0x9E3779B97F4A7C15ull + S->next.n; /* G is fixed while a run is replayed */
  for (size_t i = 0; i < S->next.n; i++) key = (key ^ S->next.v[i]) * 0xff51afd7ed558ccdull;
  key |= 1;
  if (!S->share) S->share = xa_calloc(SHARE_CACHE, sizeof *S->share);
  share_ent *e = &S->share[key % SHARE_CACHE];
  if (e->key != key) {
    e->key = key;
    e->n = (uint8_t)shared_conjuncts(S, e->t);
  }
  for (size_t i = 0; i < e->n; i++) tm_eval_assume(g->tc, e->t[i], 1);
}

static void sim_hook(void *ctx, ex_machine *x, uint64_t step, ex_kind kind) {
  sim *S = ctx;
  dpg *g = S->g;
  (void)kind;
  if (S->lost || S->late || step >= S->t->n) return;
  /* a run of a million steps takes seconds to check: the budget is looked
   * at every 1024 steps (a clock read costs less than a step's check) */
  if (!(step & 1023) && g->wit.until > 0 && elapsed(g) >= g->wit.until) {
    S->late = true;
    return;
  }
  S->c.x = x;
  const fold_step *fs = &S->t->st[step];
  /* after exit or halt there is no state: nothing to witness, no successor */
  if (fold_letter_halts(g->prog.d, fold_letter_get(g->gr.L, fs->letter))) return;
  bool ae = step == S->ae_step;
  sset frame = {0};
  if (fs->kind == EX_CALL) {
    S->frames = xa_grow(S->frames, &S->capframes, S->nframes + 1, sizeof *S->frames);
    sset *f = &S->frames[S->nframes++];
    memset(f, 0, sizeof *f);
    for (size_t i = 0; i < S->cur.n; i++) sset_add(f, S->cur.v[i]);
  } else if (fs->kind == EX_RETURN && S->nframes && !ae)
    frame = S->frames[--S->nframes];
  uint8_t want = fs->kind == EX_CALL ? NWA_CALL : fs->kind == EX_RETURN && !ae ? NWA_RETURN : NWA_INTERNAL;
  S->c.V = ae;
  S->next.n = 0;
  S->mpos = memo_pos(S, step + 1);
  tm_eval_begin(g->tc);
  wit here = {S->trace + 1, (uint32_t)step};
  for (size_t i = 0; i < S->cur.n; i++) {
    nwa_state s = S->cur.v[i];
    if (want == NWA_RETURN)
      for (size_t j = 0; j < frame.n; j++) pair_mark(g, s, frame.v[j], here);
    size_t ne;
    const uint32_t *out = nwa_out(g->gr.G, s, &ne);
    for (size_t k = 0; k < ne; k++) {
      const nwa_edge *e = nwa_edge_at(g->gr.G, out[k]);
      if (e->dead || e->from != s || e->kind != want) continue;
      if (e->letter != NWA_ANY && e->letter != fs->letter) continue;
      if (want == NWA_RETURN && !sset_has(&frame, e->pred)) continue;
      sset_add(&S->next, e->to);
    }
  }
  /* G covers every run, so when the step's letter leads to one state only,
   * the run is in it and its predicate holds: evaluating it would only
   * check G (--self-check does), at a cost that dominates long runs.  The
   * last step of a trace is checked (a run stopped by a system call the
   * runtime lacks has no outcome there, and the facts may say so). */
  bool covered = !g->self_check && step + 1 < S->t->n && !ae;
  bool trust = S->next.n == 1 && covered;
  if (covered && S->next.n > 1) shared_conjunct_holds(S);
  size_t kept = 0;
  for (size_t i = 0; i < S->next.n; i++) {
    nwa_state m = S->next.v[i];
    if (!trust && !holds(S, m)) continue;
    S->next.v[kept++] = m;
    /* the shortest prefix of any run: the witness's path query is
     * symbolic execution of that prefix, and a run that went round a loop
     * a thousand times before makes a query Z3 may not decide */
    if (!g->wit.w[m].trace || step + 1 < g->wit.w[m].pos) g->wit.w[m] = (wit){S->trace + 1, (uint32_t)step + 1};
  }
  S->next.n = kept;
  sset t = S->cur;
  S->cur = S->next;
  S->next = t;
  if (g->an.iv && g->self_check && !S->inv_bad) {
    tm_env env = cenv_env(&S->c);
    for (size_t i = 0; i < S->cur.n && !S->inv_bad; i++)
      if (inv_debug_covers(g->an.iv, S->cur.v[i], &env) == 0) {
        char m[200];
        snprintf(m, sizeof m, "inv: trace %u step %llu pc 0x%llx: state n%u not covered by its facts", S->trace,
                 (unsigned long long)step, (unsigned long long)fs->pc, S->cur.v[i]);
        self_fail(g, m);
        S->inv_bad = true;
      }
    tm_eval_begin(g->tc);
  }
  if (!S->cur.n && (g->o.debug & DPG_DEBUG_STEPS)) {
    fprintf(stderr, "lost at step %llu pc 0x%llx kind %d letter %u; was in:", (unsigned long long)step,
            (unsigned long long)fs->pc, fs->kind, fs->letter);
    for (size_t i = 0; i < S->next.n; i++) {
      nwa_state s = S->next.v[i];
      fprintf(stderr, " n%u[", s);
      size_t ne;
      const uint32_t *out = nwa_out(g->gr.G, s, &ne);
      for (size_t k = 0; k < ne; k++) {
        const nwa_edge *e = nwa_edge_at(g->gr.G, out[k]);
        fprintf(stderr, " %d:%u->n%u(p%u)", e->kind, e->letter, e->to, e->pred);
        if (g->o.debug & DPG_DEBUG_LOST_PRED) print_false_conjuncts(S, e->to);
      }
      fprintf(stderr, "]");
    }
    fprintf(stderr, "; frame:");
    for (size_t j = 0; j < frame.n; j++) {
      fprintf(stderr, " n%u{", frame.v[j]);
      size_t nb;
      const uint32_t *bp = nwa_ret_by_pred(g->gr.G, frame.v[j], &nb);
      for (size_t k = 0; k < nb; k++) {
        const nwa_edge *e = nwa_edge_at(g->gr.G, bp[k]);
        fprintf(stderr, " n%u-%u->n%u", e->from, e->letter, e->to);
      }
      fprintf(stderr, "}");
    }
    fprintf(stderr, "\n");
  }
  if (!S->cur.n) {
    S->lost = true;
    S->lost_pc = fs->pc;
  }
  free(frame.v);
}

/* Witnesses of every state of G from every input of T.  Returns 0; -1
 * (with a reason) if some run is not a path of G, which would be a bug, or
 * stops at a system call the runtime does not implement; 1 if g->wit.until
 * came first (the witnesses are partial). */
int witnesses(dpg *g, char *why, size_t whysz) {
  size_t ns = nwa_nstates(g->gr.G);
  g->wit.w = xa_realloc(g->wit.w, sizeof *g->wit.w * (ns ? ns : 1));
  memset(g->wit.w, 0, sizeof *g->wit.w * ns);
  g->wit.nw = ns;
  ht_clear(&g->wit.pw);
  int rc = 0;
  for (size_t t = 0; t < g->run.nT && !rc; t++) {
    sim S = {.g = g, .trace = (uint32_t)t, .t = &g->run.T[t], .ae_step = UINT64_MAX};
    S.c.g = g;
    S.c.in = g->run.T[t].in;
    run R;
    in_reset_use(g->run.T[t].in);
    if (run_start(g, g->run.T[t].in, &R)) {
      run_end(&R);
      continue;
    }
    S.c.x = R.x;
    nwa_state st0 = nwa_start(g->gr.G); /* ι, then its boot steps */
    S.mpos = memo_pos(&S, 0);
    tm_eval_begin(g->tc);
    if (!g->wit.w[st0].trace) g->wit.w[st0] = (wit){(uint32_t)t + 1, 0};
    {
      size_t ne;
      const uint32_t *out = nwa_out(g->gr.G, st0, &ne);
      for (size_t k = 0; k < ne; k++) {
        const nwa_edge *e = nwa_edge_at(g->gr.G, out[k]);
        if (e->dead || e->from != st0 || e->kind != NWA_INTERNAL || e->letter != DPG_BOOT || !holds(&S, e->to)) continue;
        sset_add(&S.cur, e->to);
        if (!g->wit.w[e->to].trace) g->wit.w[e->to] = (wit){(uint32_t)t + 1, 0};
      }
    }
    if (!S.cur.n) {
      snprintf(why, whysz, "internal error: input %zu starts in no state of the abstract graph", t);
      rc = -1;
    }
    ex_opts o = {.max_steps = g->run.T[t].n,
                 .stop_on_ae = true,
                 .out = g->devnull,
                 .err = g->devnull,
                 .hook = sim_hook,
                 .hook_ctx = &S};
    R.r = ex_run(R.x, &o);
    if (S.lost && g->run.T[t].unsup && S.lost_pc == g->run.T[t].unsup_pc) {
      /* the step has no outcome (the run stops there), so the facts may
       * rule its transition out: not a bug, but nothing to build on */
      snprintf(why, whysz,
               "input %zu makes system call %llu at 0x%llx, which the runtime does not implement (the run stops there)",
               t, (unsigned long long)g->run.T[t].unsup_nr, (unsigned long long)S.lost_pc);
      rc = -1;
    } else if (S.lost) {
      snprintf(why, whysz, "internal error: input %zu leaves the abstract graph after 0x%llx", t,
               (unsigned long long)S.lost_pc);
      rc = -1;
    } else if (S.late && !rc) rc = 1;
    run_end(&R);
    free(S.cur.v);
    free(S.next.v);
    for (size_t i = 0; i < S.nframes; i++) free(S.frames[i].v);
    free(S.frames);
    free(S.share);
    free(S.c.vmap);
  }
  return rc;
}

/* ---- adding an input to T ------------------------------------------------- */

/* A `read` that failed with EFAULT: letter direction 2 (pre.h). */
static bool read_fault(const dpg *g, uint32_t insn, const ex_pos *p) {
  const isa_syscall_abi *a = &g->prog.d->syscall;
  return g->prog.d->insns[insn].flow == ISA_FLOW_SYSCALL && a->numbers[ISA_SYS_READ] >= 0 &&
         p->sysnr == (uint64_t)a->numbers[ISA_SYS_READ] && p->sysret == -(int64_t)EX_LINUX_EFAULT;
}

/* cd_observe sees the state before each instruction: a step's post-state. */
static void cand_hook(void *ctx, ex_machine *x, uint64_t step, ex_kind kind) {
  (void)step, (void)kind;
  cd_observe(ctx, x);
}

/* feas_ra_fn on the graph being pruned: a state whose site is a call. */
bool call_ra(const void *ctx, nwa_state p, uint64_t *ra) {
  const dpg *g = ctx;
  if (p >= g->gr.ra_nsite || !g->gr.ra_site[p]) return false;
  const fold_letter *e = fold_letter_get(g->gr.L, g->gr.ra_site[p]);
  isa_flow flow = g->prog.d->insns[e->insn].flow;
  if (e->dir || (flow != ISA_FLOW_CALL && flow != ISA_FLOW_ICALL)) return false;
  uint64_t mask = g->prog.d->addr_bits >= 64 ? ~0ull : (1ull << g->prog.d->addr_bits) - 1;
  *ra = (e->pc + e->len) & mask;
  return true;
}

/* feas_prune on a (g->gr.G or a fold) whose states' sites are site[]. */
void prune(dpg *g, nwa *a, const nwa_letter *site, size_t first) {
  g->gr.ra_site = site;
  g->gr.ra_nsite = nwa_nstates(a);
  feas_prune(g->an.fs, a, first);
  g->gr.ra_site = NULL;
  g->gr.ra_nsite = 0;
}

/* Conjuncts of a LAND tree into out (up to cap, left to right); how many. */
static size_t conjuncts(tm_ctx *tc, isa_term t, isa_term *out, size_t cap) {
  isa_term stack[64];
  size_t ns = 0, n = 0;
  if (t) stack[ns++] = t;
  while (ns && n < cap) {
    isa_term x = stack[--ns];
    if (tm_kind(tc, x) == ISA_OP_LAND && ns + 2 <= 64) {
      stack[ns++] = tm_arg(tc, x, 1);
      stack[ns++] = tm_arg(tc, x, 0);
    } else
      out[n++] = x;
  }
  return n;
}

/* cd_loc_ok: does the loop at pc test what loc is made of (loopcand.h)? */
static bool loc_relevant(void *ctx, uint64_t pc, isa_term loc) {
  dpg *g = ctx;
  return lc_relevant(g->an.lc, pc, loc);
}

/* The relational candidate at a loop head: the relations of the samples
 * (cand.h); with CD_ORDERS, the relations and orders among what the loop
 * tests, less what a pass of the loop breaks (loopcand.h), and when the
 * passes could not be checked, the relations alone, as they are:
 * unchecked, most orders are accidents of the runs so far. */
static isa_term relation_candidate(dpg *g, cd_set *cs, uint64_t pc) {
  isa_term fv[LC_FRAME_MAX];
  uint64_t fk[LC_FRAME_MAX];
  size_t nf = 0;
  if (g->an.lc) {
    nf = cd_frame(cs, pc, fv, fk, LC_FRAME_MAX);
    lc_set_frame(g->an.lc, pc, fv, fk, nf);
  }
  isa_term rel = cd_relation(cs, pc);
  isa_term at[63];
  size_t nrel = conjuncts(g->tc, rel, at, 16);
  uint64_t ks[LC_MAX_CONSTS];
  size_t nk = 0, npairs;
  bool orders = g->an.lc && (g->o.candidates & CD_ORDERS);
  uint64_t ver = cd_hist_version(g->an.cd_hist, pc), seen;
  bool fresh = ver && (!ht_get(&g->an.cut_seen, pc + 1, &seen) || seen != ver);
  if ((orders || (g->an.cp && nf && fresh)) && g->an.lc) nk = lc_consts(g->an.lc, pc, ks, LC_MAX_CONSTS);
  if (g->an.cp && nf && fresh) {
    ht_put(&g->an.cut_seen, pc + 1, ver);
    /* the proof over loop heads takes more of them, in every search with
     * candidates: its fixpoint is not bounded by a mask, it keeps only
     * what its paths test, a sum of bounds from input that one run
     * fixed (2n ≤ room) is what a guard before the loop may have
     * checked, and polynomial equalities (x == n·n·n) are for it alone:
     * a split on them would put products into every path query */
    isa_term *all = xa_malloc(CUT_MAX_ATOMS * sizeof *all);
    memcpy(all, at, nrel * sizeof *at);
    size_t na = nrel + cd_poly(cs, pc, all + nrel, CUT_MAX_ATOMS - nrel);
    na += cd_constants(cs, pc, all + na, CUT_MAX_ATOMS - na);
    na += cd_orders(cs, pc, ks, nk, all + na, CUT_MAX_ATOMS - na, &npairs, true);
    cut_note(g, pc, fv, fk, nf, all, na);
    free(all);
  }
  if (!orders) return rel;
  size_t n = nrel + cd_orders(cs, pc, ks, nk, at + nrel, 63 - nrel, &npairs, false);
  if (n == 0) return 0;
  uint64_t keep;
  double t0 = elapsed(g);
  bool checked = lc_keep(g->an.lc, pc, at, n, nrel, nrel + npairs, &keep);
  g->st.analysis_seconds += elapsed(g) - t0;
  if (g->o.debug & DPG_DEBUG_STEPS)
    fprintf(stderr, "loop 0x%llx: %zu relations and %zu orders, %s, %d kept (%.3f s)\n", (unsigned long long)pc, nrel,
            n - nrel, checked ? "checked over its passes" : "not checked (no pass followed, or out of time)", __builtin_popcountll(keep),
            elapsed(g) - t0);
  isa_term phi = 0;
  for (size_t i = 0; i < n; i++) {
    if (checked ? !(keep >> i & 1) : i >= nrel) continue;
    phi = phi ? tm_app2(g->tc, ISA_OP_LAND, phi, at[i]) : at[i];
    if (g->o.debug & DPG_DEBUG_DETAIL) {
      char buf[300];
      tm_print(g->tc, at[i], buf, sizeof buf);
      fprintf(stderr, "  %s %s\n", i < nrel ? "relation" : "order", buf);
    }
  }
  return phi;
}

/* A relational candidate of a run's fold: (address, key of (address, φ), φ). */
typedef struct cand_at {
  uint64_t pc, key;
  isa_term phi;
} cand_at;

/* Speculative trace refinement (§3.2) of one run's fold gp: each state is
 * split on the candidates of its address the first time each (address, φ)
 * appears in the search; *pmark gets, per state of gp, the key of the
 * relational candidate it was split on (0 none), and *rel the relational
 * candidates of the fold's addresses, split or not, for mark_candidates.
 * Both halves keep every transition (nwa_split), so G_π stays an
 * overapproximation. */
static void split_candidates(dpg *g, cd_set *cs, nwa *gp, nwa_letter **psite, uint64_t **pmark, cand_at **rel,
                             size_t *nrel) {
  size_t ns = nwa_nstates(gp);
  uint64_t *done = malloc(sizeof *done * (ns ? ns : 1));
  size_t ndone = 0;
  if (!done) xa_nomem();
  *pmark = xa_calloc(ns ? ns : 1, sizeof **pmark);
  *rel = NULL;
  *nrel = 0;
  for (size_t s = 0; s < ns; s++) {
    if (!(*psite)[s]) continue;
    uint64_t pc = fold_letter_get(g->gr.L, (*psite)[s])->pc;
    /* the address's candidate, its relations, then one per calling
     * context: each split leaves s the state where none of the earlier
     * ones holds */
    for (size_t i = 0;; i++) {
      isa_term phi = i == 0 ? cd_candidate(cs, pc) : i == 1 ? relation_candidate(g, cs, pc) : cd_context(cs, pc, i - 2);
      if (!phi) {
        if (i < 2) continue;
        break;
      }
      uint64_t key = (pc * 0x9E3779B97F4A7C15ull ^ (uint64_t)phi) | 1;
      if (i == 1) {
        bool seen = false;
        for (size_t k = 0; k < *nrel && !seen; k++) seen = (*rel)[k].key == key;
        if (!seen) {
          *rel = xa_realloc(*rel, sizeof **rel * (*nrel + 1));
          (*rel)[(*nrel)++] = (cand_at){pc, key, phi};
        }
      }
      if (ht_get(&g->an.cand_done, key, NULL)) continue;
      if (g->o.debug & DPG_DEBUG_STEPS) {
        char buf[600];
        tm_print(g->tc, phi, buf, sizeof buf);
        fprintf(stderr, "candidate at 0x%llx (%s): %s\n", (unsigned long long)pc,
                i == 0 ? "values" : i == 1 ? "relations" : "context", buf);
      }
      nwa_state s2 = nwa_split(gp, (nwa_state)s, phi);
      *psite = xa_realloc(*psite, sizeof **psite * nwa_nstates(gp));
      (*psite)[s2] = (*psite)[s];
      *pmark = xa_realloc(*pmark, sizeof **pmark * nwa_nstates(gp));
      (*pmark)[s2] = (*pmark)[s] = i == 1 ? key : (*pmark)[s];
      done = xa_realloc(done, sizeof *done * (ndone + 1));
      done[ndone++] = key;
      g->st.candidates++;
    }
  }
  for (size_t i = 0; i < ndone; i++) ht_add(&g->an.cand_done, done[i], 0);
  free(done);
}

void label_split(dpg *g, nwa_state n2, nwa_letter site, nwa_state from) {
  size_t ns = nwa_nstates(g->gr.G);
  g->gr.site = xa_realloc(g->gr.site, sizeof *g->gr.site * ns);
  g->gr.cmark = xa_realloc(g->gr.cmark, sizeof *g->gr.cmark * ns);
  g->gr.site[n2] = site;
  g->gr.cmark[n2] = g->gr.cmark[from];
}

/* A relational candidate found once splits, after each later run joined,
 * the states of G at its address that were never split on it: such a state
 * comes from an earlier fold's unexplored part (a loop's later passes, first
 * reached by a later run), and without φ there DPG would prove the loop one
 * pass at a time.  States whose lineage was split on φ already are left
 * alone: splitting them again (or the new fold) would only add copies that
 * are empty. */
static void mark_candidates(dpg *g, const cand_at *rel, size_t nrel) {
  if (!nrel) return;
  size_t ns = nwa_nstates(g->gr.G);
  for (size_t s = 0; s < ns; s++) {
    if (!g->gr.site[s]) continue;
    uint64_t pc = fold_letter_get(g->gr.L, g->gr.site[s])->pc;
    for (size_t k = 0; k < nrel; k++) {
      if (rel[k].pc != pc || g->gr.cmark[s] == rel[k].key) continue;
      nwa_state n2 = nwa_split(g->gr.G, (nwa_state)s, rel[k].phi);
      label_split(g, n2, g->gr.site[s], (nwa_state)s);
      g->gr.cmark[s] = g->gr.cmark[n2] = rel[k].key;
      if (g->o.debug & DPG_DEBUG_STEPS)
        fprintf(stderr, "candidate at 0x%llx carried to n%zu\n", (unsigned long long)pc, s);
      break;
    }
  }
}

/* Does a run that ended with status s stop about to execute the instruction
 * at its PC (so that PC = target counts as reaching it)?  Not after exit or
 * halt (the program is over), nor a fault, trap or undecodable bytes (the
 * instruction at PC is the one that failed). */
bool about_to_run(ex_status s) {
  return s == EX_RUNNING || s == EX_BUDGET || s == EX_STOPPED_AE || s == EX_UNSUPPORTED || s == EX_STOPPED_PC;
}

/* A finished run (R.r set): did it reach the target (a step at it, or
 * stopped about to execute it) or make an AE violation? */
outcome run_outcome(const dpg *g, const run *R, const ex_pos *pos, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (pos[i].pc == g->o.target) return OUT_TARGET;
  if (about_to_run(R->r.status) && ex_regs(R->x)[g->prog.d->pc] == g->o.target) return OUT_TARGET;
  return R->r.ae.found ? OUT_AE : OUT_NONE;
}

/* The successor of a finished run's last step, or UINT64_MAX when the run
 * stopped there (exit, halt, fault, trap, undecodable instruction). */
uint64_t run_next(const dpg *g, const run *R) {
  ex_status s = R->r.status;
  if (s == EX_FAULT || s == EX_TRAP || s == EX_INVALID || s == EX_EXITED || s == EX_HALTED) return UINT64_MAX;
  return ex_regs(R->x)[g->prog.d->pc];
}

/* Context candidates keep every register that held one value in a calling
 * context, and one run cannot tell a layout constant from an input value.
 * The same program run again with every byte of standard input changed
 * drops the facts that depend on it, wherever it visits the same context. */
/* Runs in, unrecorded, for its samples only (cs is frozen: the run
 * does not change the candidate of the run being added). */
static void sample_run(dpg *g, in_assign *in, cd_set *cs) {
  run R;
  if (!run_start(g, in, &R)) {
    cd_freeze(cs);
    if (g->an.cd_hist) cd_use_history(cs, g->an.cd_hist); /* a run of its own: its samples count as new visits */
    ex_opts o = {.max_steps = max_steps(g), .stop_on_ae = true, .out = g->devnull, .err = g->devnull,
                 .hook = cand_hook, .hook_ctx = cs};
    ex_run(R.x, &o);
  }
  run_end(&R);
}

static void perturbed_run(dpg *g, const in_assign *in, cd_set *cs, unsigned round) {
  size_t nin = in_stdin_len(in);
  in_assign *in2 = in_new(IN_FIXED, 0);
  uint8_t flip = round ? 0xa5 : 0x5a;
  for (size_t j = 0; j < nin; j++) {
    uint8_t b = in_stdin_byte(in, j) ^ flip;
    in_append_stdin(in2, &b, 1);
  }
  /* and more than the run had: a model often ends the input early, and
   * then every value read is 0 in both runs */
  uint64_t x = 0x2545F4914F6CDD1Dull + round;
  for (int i = 0; i < 256; i++) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    uint8_t b = (uint8_t)(x >> 24);
    if (!b) b = 0x41; /* nonzero, and no bit the same in every byte (a relation's samples would share it) */
    in_append_stdin(in2, &b, 1);
  }
  sample_run(g, in2, cs);
  in_free(in2);
}

/* Relations and orders are what every sample satisfies, and the first
 * runs of T are few and alike: the all-zero input, a model's input, their
 * perturbations.  A loop whose bound comes from input is often visited
 * only with values that share accidents (all even, all equal, one strictly
 * below another), each of which a later run refutes, and every refuted
 * candidate is one more split of the loop head.  So before the first
 * candidate with orders (CD_ORDERS), the program runs on SAMPLE_RUNS
 * inputs of small numbers: words in the ISA's byte order below 4, 8, …,
 * 512 (a seeded generator),
 * small enough to pass typical range checks on input and to enter loops
 * whose length they give.  Not for relations alone (auto's first search):
 * there they cost a development task of the benchmark its quick proof
 * (docs/decisions.md). */
enum { SAMPLE_RUNS = 8, SAMPLE_WORDS = 64 };

static void sampling_runs(dpg *g, cd_set *cs) {
  bool big = g->prog.d->big_endian;
  uint64_t x = 0x9E3779B97F4A7C15ull;
  for (unsigned r = 0; r < SAMPLE_RUNS; r++) {
    in_assign *in = in_new(IN_FIXED, 0);
    uint32_t bound = 4u << r;
    for (int i = 0; i < SAMPLE_WORDS; i++) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      uint32_t v = (uint32_t)(x >> 32) % bound;
      uint8_t b[4];
      for (int k = 0; k < 4; k++) b[big ? 3 - k : k] = (uint8_t)(v >> (8 * k));
      in_append_stdin(in, b, 4);
    }
    sample_run(g, in, cs);
    in_free(in);
  }
}

/* Run input in (taken over by T), record it, fold it and intersect G with
 * the folded trace.  Reports whether the run reached the target or made an
 * AE violation. */
outcome add_run(dpg *g, in_assign *in, ex_result *res, char *why, size_t whysz) {
  run R;
  if (run_start(g, in, &R)) {
    snprintf(why, whysz, "cannot set up the initial stack");
    run_end(&R);
    in_free(in);
    return OUT_ERROR;
  }
  cd_set *cs = g->o.candidates ? cd_new(&g->gr.v, g->o.candidates) : NULL;
  if (cs && (g->o.candidates & CD_AFFINE)) {
    if (!g->an.cd_hist) g->an.cd_hist = cd_hist_new(&g->gr.v);
    cd_use_history(cs, g->an.cd_hist);
    if (g->an.lc && (g->o.candidates & CD_ORDERS)) cd_set_loc_filter(cs, loc_relevant, g);
  }
  ex_opts o = {.max_steps = max_steps(g), .record = true, .stop_on_ae = true, .out = g->devnull, .err = g->devnull,
               .hook = cs ? cand_hook : NULL, .hook_ctx = cs};
  R.r = ex_run(R.x, &o);
  *res = R.r;
  bool read = in_stdin_asked(in);
  g->st.ce++;
  if (cs && (g->o.candidates & (CD_CONTEXT | CD_AFFINE)))
    for (unsigned k = 0; k < 2; k++) perturbed_run(g, in, cs, k);
  if (cs && (g->o.candidates & CD_ORDERS) && !g->an.sampled) {
    g->an.sampled = true;
    sampling_runs(g, cs);
  }
  size_t n = ex_trace_len(R.x);
  const ex_pos *pos = ex_trace(R.x);
  for (size_t i = 0; i < n; i++) note_pc(g, pos[i].pc); /* Fig. 10's #Instrs counts deciding runs too */
  outcome out = run_outcome(g, &R, pos, n);
  if (out == OUT_NONE && closed_run(g, in, &R.r, R.r.steps, why, whysz)) out = OUT_CLOSED;
  if (out == OUT_NONE && R.r.status == EX_BUDGET) {
    in_assign *c;
    if (!cont_take(g, in, &c, &out, why, whysz)) out = long_run(g, in, &c, why, whysz);
    if (c) { /* the verdict's input is the copy that made it */
      in_free(in);
      in = c;
    }
  }
  if (out != OUT_NONE || n == 0) {
    /* a verdict follows; T keeps the input for the record */
    g->run.T = xa_grow(g->run.T, &g->run.capT, g->run.nT + 1, sizeof *g->run.T);
    g->run.T[g->run.nT] =
        (dtrace){.in = in, .base = g->run.nT ? g->run.T[g->run.nT - 1].base + g->run.T[g->run.nT - 1].n + 2 : 0};
    g->run.nT++;
    cd_free(cs);
    if (out == OUT_NONE) {
      char d[200];
      ex_describe(R.x, &R.r, d, sizeof d);
      snprintf(why, whysz, "the program stops before its first instruction: %s", d);
      run_end(&R);
      return OUT_ERROR;
    }
    run_end(&R);
    return out;
  }
  dtrace t = {.in = in, .pos = malloc(sizeof *t.pos * n), .st = malloc(sizeof *t.st * n), .n = n};
  if (!t.pos || !t.st) xa_nomem();
  memcpy(t.pos, pos, sizeof *pos * n);
  bool halted = R.r.status == EX_EXITED || R.r.status == EX_HALTED;
  bool incomplete = R.r.status == EX_FAULT || R.r.status == EX_TRAP;
  for (size_t i = 0; i < n; i++) {
    isa_insn insn;
    if (g->prog.d->decode(pos[i].bytes, pos[i].len, pos[i].pc, &insn) != ISA_DECODE_OK) {
      /* the run just executed these bytes: a bug, and the search cannot go on */
      fprintf(stderr, "mcveto: internal error: the bytes at 0x%llx decode no more\n", (unsigned long long)pos[i].pc);
      exit(3);
    }
    uint64_t next = i + 1 < n ? pos[i + 1].pc : ex_regs(R.x)[g->prog.d->pc];
    unsigned dir =
        (incomplete && i + 1 == n) ? 0 : fold_direction(g->prog.d, insn.id, pos[i].pc, pos[i].len, next, pos[i].sysnr);
    if (read_fault(g, insn.id, &pos[i])) dir = 2;
    t.st[i] =
        (fold_step){pos[i].pc, fold_intern(g->gr.L, pos[i].pc, pos[i].bytes, pos[i].len, dir, insn.id), pos[i].kind};
  }
  uint64_t last_next = run_next(g, &R);
  run_end(&R);
  g->run.T = xa_grow(g->run.T, &g->run.capT, g->run.nT + 1, sizeof *g->run.T);
  t.base = g->run.nT ? g->run.T[g->run.nT - 1].base + g->run.T[g->run.nT - 1].n + 2 : 0;
  t.cut = incomplete;
  if (R.r.status == EX_UNSUPPORTED) t.unsup = true, t.unsup_nr = R.r.addr, t.unsup_pc = R.r.pc;
  g->run.T[g->run.nT++] = t;
  /* the explorer branches off its own runs and the first; the search's
   * other runs only add their edges (dpg_explore.c) */
  explore_add(g, NULL, (int64_t)g->run.nT - 1, t.pos, n, last_next, R.r.status == EX_BUDGET,
              (read || g->o.inputs != DPG_INPUTS_LINUX) && (g->explore.own || g->run.nT == 1),
              g->explore.own ? g->explore.parent : EXPLORE_NO_PARENT);
  /* G := G ∩ π/[PC] */
  nwa_letter *psite;
  uint64_t *pmark = NULL;
  cand_at *rel = NULL;
  size_t nrel = 0;
  nwa *gp = fold_fold(&g->gr.v, g->gr.L, t.st, n,
                      halted       ? FOLD_END_HALT
                      : incomplete ? FOLD_END_FAULT
                                   : FOLD_END_OPEN,
                      R.r.status == EX_BUDGET ? last_next : UINT64_MAX, g->prog.smc ? &g->prog.smc_code : NULL, &psite);
  add_boot(gp, g->tc);
  psite = xa_realloc(psite, sizeof *psite * nwa_nstates(gp));
  psite[nwa_nstates(gp) - 1] = 0;
  if (cs) {
    split_candidates(g, cs, gp, &psite, &pmark, &rel, &nrel);
    prune(g, gp, psite, 0);
  }
  cd_free(cs);
  if (g->o.debug & DPG_DEBUG_TRACE) {
    fprintf(stderr, "trace %zu:", g->run.nT - 1);
    for (size_t i = 0; i < n; i++) {
      const fold_letter *fl = fold_letter_get(g->gr.L, t.st[i].letter);
      fprintf(stderr, " %zu:%llx/%d%s", i, (unsigned long long)t.st[i].pc, t.st[i].kind, fl && fl->dir ? "d" : "");
    }
    fprintf(stderr, "\n");
  }
  if (g->self_check) { /* every run of T must be a path of G_pi */
    nwa *keep = g->gr.G;
    inv_ctx *iv = g->an.iv; /* its facts are G's states', not G_pi's */
    g->gr.G = gp, g->an.iv = NULL;
    char w2[300], m[sizeof w2 + 40];
    if (witnesses(g, w2, sizeof w2) < 0) {
      snprintf(m, sizeof m, "fold of input %zu: %s", g->run.nT - 1, w2);
      self_fail(g, m);
    }
    g->gr.G = keep, g->an.iv = iv;
  }
  nwa_state *origin;
  nwa *ng = nwa_intersect(g->gr.G, gp, &origin);
  size_t ns = nwa_nstates(ng);
  nwa_letter *site = malloc(sizeof *site * (ns ? ns : 1));
  uint64_t *cmark = malloc(sizeof *cmark * (ns ? ns : 1));
  if (!site || !cmark) xa_nomem();
  for (size_t i = 0; i < ns; i++) {
    nwa_letter a = g->gr.site[origin[2 * i]], b = psite[origin[2 * i + 1]];
    site[i] = b ? b : a;
    uint64_t ma = g->gr.cmark[origin[2 * i]], mb = pmark ? pmark[origin[2 * i + 1]] : 0;
    cmark[i] = mb ? mb : ma;
  }
  free(origin);
  free(psite);
  free(pmark);
  nwa_free(gp);
  nwa_free(g->gr.G);
  free(g->gr.site);
  g->gr.G = ng;
  g->gr.gen++;
  if (g->an.iv) inv_forget(g->an.iv);
  g->gr.site = site;
  free(g->gr.cmark);
  g->gr.cmark = cmark;
  mark_candidates(g, rel, nrel);
  free(rel);
  prune(g, g->gr.G, g->gr.site, 0);
  return OUT_NONE;
}
