/* dpg.c — the MCVETO loop (Alg. 1) over fold, nwa, reach, symex, smt, pre. */
#include "dpg.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cand.h"
#include "feas.h"
#include "explore.h"
#include "fold.h"
#include "htab.h"
#include "inv.h"
#include "nwa.h"
#include "pre.h"
#include "smt.h"
#include "symex.h"
#include "terms.h"
#include "xalloc.h"

#define STDIN_PAD 256 /* zero bytes after a witness's own standard input */

/* The letter of the boot step.  Every automaton starts in a state ι (predicate
 * true) whose only transitions are boot steps into the states that may hold
 * an initial state.  A split of such a state then leaves both halves initial
 * (each keeps its boot step), which the initial states need when they differ
 * (in the input they will read, or in registers with --inputs all); a boot
 * step is removed when no initial state satisfies its destination. */
#define DPG_BOOT 0xFFFFFFFEu
#define IV_SHARE 0.15 /* of the time for proving facts over G, but for each new G */
#define IV_CODE_BYTES (1u << 20) /* initial facts about writable code (SMC), in bytes */
#define BATCH 64 /* states a batch of frontier steps may touch between analyses */

static void add_boot(nwa *a, tm_ctx *tc) {
  nwa_state s0 = nwa_start(a);
  nwa_state i = nwa_add_state(a, tm_true(tc), false);
  nwa_set_start(a, i);
  nwa_add_internal(a, i, DPG_BOOT, s0);
}

/* One input of T and its run. */
typedef struct dtrace {
  in_assign *in;
  ex_pos *pos;   /* the recorded run */
  fd_step *st;
  size_t n;
  uint64_t base; /* its first position in the numbering of all runs' positions (memo keys) */
  bool cut;      /* its last step did not complete (a fault or a trap) */
  bool unsup;    /* it stopped at a system call the runtime does not implement: */
  uint64_t unsup_nr, unsup_pc; /* its number and address */
} dtrace;

typedef struct wit { uint32_t trace, pos; } wit; /* trace+1 (0: none), position */

struct dpg {
  const isa_desc *d;
  const el_image *img;
  const mem_space *loaded;
  mem_space *init;    /* memory as a run starts (image and stack), for grounding */
  dpg_opts o;
  tm_ctx *tc;
  smt *solver;
  fd_vocab v;
  fd_letters *L;
  nwa *G;
  nwa_letter *site;   /* per state of G */
  const nwa_letter *ra_site; /* the site array of the graph being pruned (prune) */
  size_t ra_nsite;
  bool smc;     /* a segment is writable and executable: fold per (address, instruction) */
  fd_smc smc_code;
  uint64_t entry, sp0;
  dtrace *T;
  size_t nT, capT;
  /* witnesses, recomputed after every change of G */
  wit *w;             /* per state */
  size_t nw;          /* states w covers (G may have grown since) */
  ht_map pw;          /* return witnesses: (exit << 32 | callpred) + 1 -> wit */
  ht_map memo;        /* predicate values on runs: (position << 32 | term) -> value */
  ht_map grounded;    /* ground_step: term + 1 -> (grounded term << 32 | facts) */
  ht_map zeroed;      /* zero_step: term + 1 -> term with the registers at 0 */
  isa_term *regvar;   /* variable index -> 0 of the register's sort, or 0 (zero_step) */
  size_t nregvar;
  uint64_t win[16];   /* table windows made known (table_facts) */
  isa_term win_facts[16];
  size_t nwin;
  unsigned long memo_clears;
  ht_map model_failed; /* (witness trace, step, letter) whose model did not lead across */
  ht_map preds;       /* terms that are some state's predicate (memo keys) */
  /* frontier edges that cannot be extended or refined */
  uint32_t *stuck;
  size_t nstuck, capstuck;
  char stuck_why[256];
  uint64_t fault_letter;   /* 1 + the last frontier letter a solver's input faulted on (fault_why), or 0 */
  char fault_why[160];
  size_t nused;       /* entries of the last slice's variable set */
  ht_map pcs;         /* distinct executed addresses (key pc + 1) */
  ht_map refs_at;     /* refinements so far by the frontier's address (key pc + 1) */
  ht_map cand_done;   /* candidate invariants already split in: hash(pc, φ) */
  fs_cache *fs;       /* infeasible edges by their states' facts (feas.h) */
  iv_ctx *iv;         /* facts proven over G (inv.h); NULL when switched off */
  unsigned long gen, iv_gen; /* G's generation (a run joined), and the one the facts are of */
  /* ρ-copies of splits whose path query carries to the witness's previous
   * step (dpg_step): state + 1 -> trace << 32 | position, for G's
   * generation chain_gen */
  ht_map chain;
  /* for some of those copies, the part of their predicate the carried
   * query needs (core_split): state + 1 -> term */
  ht_map ess;
  unsigned long chain_gen;
  double iv_seconds;
  /* directed testing beside the graph (explore.h): the runs it may branch
   * off, by number — a run of T (t >= 0) or an input of its own (t < 0,
   * run again when a branch of it is negated) */
  xp *xp;
  struct xrun { in_assign *in; int64_t t; } *X;
  size_t nX, capX;
  double xp_seconds;
  dpg_stats st;
  struct timespec t0;
  double until;  /* elapsed seconds after which a re-check of the runs stops (witnesses) */
  bool self_check; /* --self-check, or the old debugging switches */
  char self_fail[400]; /* the first self-check failure */
  FILE *devnull; /* the runs' standard output and error */
};

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double elapsed(const dpg *g) {
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
static bool late_cb(void *ctx) { return out_of_time(ctx); }

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
static void self_fail(dpg *g, const char *msg) {
  fprintf(stderr, "self-check: %s\n", msg);
  g->st.self_check_failures++;
  if (!g->self_fail[0]) snprintf(g->self_fail, sizeof g->self_fail, "%s", msg);
}

static void note_pc(dpg *g, uint64_t pc) { ht_add(&g->pcs, pc + 1, 0); }

/* ---- concrete runs ----------------------------------------------------- */

typedef struct run {
  mem_space *m;
  ex_machine *x;
  ex_result r;
} run;

/* A machine for input in, ready at the entry point. */
static int run_start(dpg *g, in_assign *in, run *R) {
  memset(R, 0, sizeof *R);
  R->m = mem_clone(g->loaded);
  if (!R->m) xa_nomem();
  R->x = ex_new(g->d, R->m, g->img, in);
  char err[256];
  char *av[1] = {(char *)(g->o.prog_name ? g->o.prog_name : "prog")};
  if (ex_setup_stack(R->x, 1, av, err, sizeof err)) return -1;
  return 0;
}

static void run_end(run *R) {
  ex_free(R->x);
  mem_free(R->m);
}

static uint64_t max_steps(const dpg *g) { return g->o.max_steps ? g->o.max_steps : 1000000; }

/* ---- the state vocabulary in a concrete machine --------------------------- */

typedef struct cenv {
  dpg *g;
  ex_machine *x;
  const in_assign *in; /* the run's input: the stream state of $in, $inlen, $ip */
  int *vmap;     /* var index -> register index, or a ROLE_… */
  size_t nvmap;
  bool V;
} cenv;

enum { ROLE_OTHER = -1, ROLE_V = -2, ROLE_D = -3, ROLE_MEM = -4, ROLE_A = -5, ROLE_IN = -6, ROLE_INLEN = -7,
       ROLE_IP = -8 };

static int var_role(dpg *g, uint32_t idx) {
  const char *name = tm_var_name(g->tc, idx);
  static const struct { const char *name; int role; } fixed[] = {
      {"$V", ROLE_V}, {"$D", ROLE_D}, {"mem", ROLE_MEM}, {"$A", ROLE_A},
      {"$in", ROLE_IN}, {"$inlen", ROLE_INLEN}, {"$ip", ROLE_IP}};
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
    if (!strcmp(name, fixed[i].name)) return fixed[i].role;
  for (unsigned i = 0; i < g->d->nregs; i++)
    if (!strcmp(name, g->d->regs[i].name)) return (int)i;
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
    unsigned W = (c->g->d->addr_bits + 7) / 8;
    uint64_t k = addr / W;
    return k < depth ? (uint8_t)(s[k] >> (8 * (addr % W))) : 0;
  }
  return 0;
}

static tm_env cenv_env(cenv *c) { return (tm_env){c, cenv_var, cenv_mem}; }

/* ---- witnesses: each input of T run through G ------------------------------ */

typedef struct sset {
  nwa_state *v;
  size_t n, cap;
} sset;

static void sset_add(sset *s, nwa_state x) {
  for (size_t i = 0; i < s->n; i++)
    if (s->v[i] == x) return;
  if (s->n == s->cap) {
    s->cap = s->cap ? s->cap * 2 : 8;
    s->v = xa_realloc(s->v, sizeof *s->v * s->cap);
  }
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
} sim;

static void pair_mark(dpg *g, nwa_state xs, nwa_state pred, wit w) {
  ht_add(&g->pw, ((uint64_t)xs << 32 | pred) + 1, (uint64_t)w.trace << 32 | w.pos);
}

static bool pair_get(const dpg *g, nwa_state exit, nwa_state pred, wit *w) {
  uint64_t v;
  if (!ht_get(&g->pw, ((uint64_t)exit << 32 | pred) + 1, &v)) return false;
  *w = (wit){(uint32_t)(v >> 32), (uint32_t)v};
  return true;
}

/* A predicate's value at the current position, remembered across
 * iterations: the runs are replayed after every change of G and the states'
 * predicates are mostly conjunctions of ones seen before (a split conjoins
 * ρ, an intersection conjoins the two sides), so only the new parts are
 * evaluated.  Within a step the evaluations also share their subterms
 * (tm_eval_begin). */
#define MEMO_LIMIT ((size_t)1 << 21) /* entries: 64 MB at most */

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
  if (!ht_get(&S->g->preds, t, NULL)) return tm_eval_more(tc, t, m->env) != 0;
  uint64_t key = S->mpos ? S->mpos << 32 | t : 0, v;
  if (key && ht_get(&S->g->memo, key, &v)) return v != 0;
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
  if (!ht_add(&S->g->memo, key, r) && S->g->memo.n >= S->g->memo.limit) {
    ht_clear(&S->g->memo);
    S->g->memo_clears++;
    ht_add(&S->g->memo, key, r);
  }
  return r;
}

/* A state's predicate t at the current position (a walk: conjunctions of
 * conjunctions are as deep as the refinements were many). */
static bool memo_eval(sim *S, isa_term t, const tm_env *env) {
  ht_add(&S->g->preds, t, 0);
  uint64_t key = S->mpos ? S->mpos << 32 | t : 0, v;
  if (key && ht_get(&S->g->memo, key, &v)) return v != 0;
  mev m = {S, env};
  return tm_walk_run(S->g->tc, t, memo_step, &m) != 0;
}

/* The memo's number of position p of the current run (0: none). */
static uint64_t memo_pos(const sim *S, uint64_t p) {
  uint64_t m = S->t->base + p + 1;
  return m < ((uint64_t)1 << 32) ? m : 0;
}

/* Does state s's predicate hold in the current concrete state? */
static bool holds(sim *S, nwa_state s) {
  tm_env env = cenv_env(&S->c);
  return memo_eval(S, nwa_pred(S->g->G, s), &env);
}

/* Debugging (MCVETO_LOST_PRED): the conjuncts of state s's predicate that
 * the run's current state fails. */
static void print_false_conjuncts(sim *S, nwa_state s) {
  dpg *g = S->g;
  tm_env env = cenv_env(&S->c);
  isa_term st[512];
  size_t n = 0;
  st[n++] = nwa_pred(g->G, s);
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

static void sim_hook(void *ctx, ex_machine *x, uint64_t step, ex_kind kind) {
  sim *S = ctx;
  dpg *g = S->g;
  (void)kind;
  if (S->lost || S->late || step >= S->t->n) return;
  /* a run of a million steps takes seconds to check: the budget is looked
   * at every 1024 steps (a clock read costs less than a step's check) */
  if (!(step & 1023) && g->until > 0 && elapsed(g) >= g->until) {
    S->late = true;
    return;
  }
  S->c.x = x;
  const fd_step *fs = &S->t->st[step];
  /* after exit or halt there is no state: nothing to witness, no successor */
  if (fd_letter_halts(g->d, fd_letter_get(g->L, fs->letter))) return;
  bool ae = step == S->ae_step;
  sset frame = {0};
  if (fs->kind == EX_CALL) {
    if (S->nframes == S->capframes) {
      S->capframes = S->capframes ? S->capframes * 2 : 16;
      S->frames = xa_realloc(S->frames, sizeof *S->frames * S->capframes);
    }
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
    const uint32_t *out = nwa_out(g->G, s, &ne);
    for (size_t k = 0; k < ne; k++) {
      const nwa_edge *e = nwa_edge_at(g->G, out[k]);
      if (e->dead || e->from != s || e->kind != want) continue;
      if (e->letter != NWA_ANY && e->letter != fs->letter) continue;
      if (want == NWA_RETURN && !sset_has(&frame, e->pred)) continue;
      if (sset_has(&S->next, e->to) || !holds(S, e->to)) continue;
      sset_add(&S->next, e->to);
      if (!g->w[e->to].trace) g->w[e->to] = (wit){S->trace + 1, (uint32_t)step + 1};
    }
  }
  sset t = S->cur;
  S->cur = S->next;
  S->next = t;
  if (g->iv && g->self_check && !S->inv_bad) {
    tm_env env = cenv_env(&S->c);
    for (size_t i = 0; i < S->cur.n && !S->inv_bad; i++)
      if (iv_debug_covers(g->iv, S->cur.v[i], &env) == 0) {
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
      const uint32_t *out = nwa_out(g->G, s, &ne);
      for (size_t k = 0; k < ne; k++) {
        const nwa_edge *e = nwa_edge_at(g->G, out[k]);
        fprintf(stderr, " %d:%u->n%u(p%u)", e->kind, e->letter, e->to, e->pred);
        if (g->o.debug & DPG_DEBUG_LOST_PRED) print_false_conjuncts(S, e->to);
      }
      fprintf(stderr, "]");
    }
    fprintf(stderr, "; frame:");
    for (size_t j = 0; j < frame.n; j++) {
      fprintf(stderr, " n%u{", frame.v[j]);
      size_t nb;
      const uint32_t *bp = nwa_ret_by_pred(g->G, frame.v[j], &nb);
      for (size_t k = 0; k < nb; k++) {
        const nwa_edge *e = nwa_edge_at(g->G, bp[k]);
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
 * stops at a system call the runtime does not implement; 1 if g->until
 * came first (the witnesses are partial). */
static int witnesses(dpg *g, char *why, size_t whysz) {
  size_t ns = nwa_nstates(g->G);
  g->w = xa_realloc(g->w, sizeof *g->w * (ns ? ns : 1));
  memset(g->w, 0, sizeof *g->w * ns);
  g->nw = ns;
  ht_clear(&g->pw);
  int rc = 0;
  for (size_t t = 0; t < g->nT && !rc; t++) {
    sim S = {.g = g, .trace = (uint32_t)t, .t = &g->T[t], .ae_step = UINT64_MAX};
    S.c.g = g;
    S.c.in = g->T[t].in;
    run R;
    in_reset_use(g->T[t].in);
    if (run_start(g, g->T[t].in, &R)) {
      run_end(&R);
      continue;
    }
    S.c.x = R.x;
    nwa_state st0 = nwa_start(g->G); /* ι, then its boot steps */
    S.mpos = memo_pos(&S, 0);
    tm_eval_begin(g->tc);
    if (!g->w[st0].trace) g->w[st0] = (wit){(uint32_t)t + 1, 0};
    {
      size_t ne;
      const uint32_t *out = nwa_out(g->G, st0, &ne);
      for (size_t k = 0; k < ne; k++) {
        const nwa_edge *e = nwa_edge_at(g->G, out[k]);
        if (e->dead || e->from != st0 || e->kind != NWA_INTERNAL || e->letter != DPG_BOOT || !holds(&S, e->to)) continue;
        sset_add(&S.cur, e->to);
        if (!g->w[e->to].trace) g->w[e->to] = (wit){(uint32_t)t + 1, 0};
      }
    }
    if (!S.cur.n) {
      snprintf(why, whysz, "internal error: input %zu starts in no state of the abstract graph", t);
      rc = -1;
    }
    ex_opts o = {.max_steps = g->T[t].n, .stop_on_ae = true, .out = g->devnull, .err = g->devnull, .hook = sim_hook,
                 .hook_ctx = &S};
    R.r = ex_run(R.x, &o);
    if (S.lost && g->T[t].unsup && S.lost_pc == g->T[t].unsup_pc) {
      /* the step has no outcome (the run stops there), so the facts may
       * rule its transition out: not a bug, but nothing to build on */
      snprintf(why, whysz, "input %zu makes system call %llu at 0x%llx, which the runtime does not implement (the run stops there)",
               t, (unsigned long long)g->T[t].unsup_nr, (unsigned long long)S.lost_pc);
      rc = -1;
    } else if (S.lost) {
      snprintf(why, whysz, "internal error: input %zu leaves the abstract graph after 0x%llx", t,
               (unsigned long long)S.lost_pc);
      rc = -1;
    } else if (S.late && !rc)
      rc = 1;
    run_end(&R);
    free(S.cur.v);
    free(S.next.v);
    for (size_t i = 0; i < S.nframes; i++) free(S.frames[i].v);
    free(S.frames);
    free(S.c.vmap);
  }
  return rc;
}

/* ---- adding an input to T ------------------------------------------------- */

typedef enum outcome { OUT_NONE, OUT_TARGET, OUT_AE, OUT_ERROR } outcome;

/* A `read` that failed with EFAULT: letter direction 2 (pre.h). */
static bool read_fault(const dpg *g, uint32_t insn, const ex_pos *p) {
  const isa_syscall_abi *a = &g->d->syscall;
  return g->d->insns[insn].flow == ISA_FLOW_SYSCALL && a->numbers[ISA_SYS_READ] >= 0 &&
         p->sysnr == (uint64_t)a->numbers[ISA_SYS_READ] && p->sysret == -(int64_t)EX_LINUX_EFAULT;
}

/* cd_observe sees the state before each instruction: a step's post-state. */
static void cand_hook(void *ctx, ex_machine *x, uint64_t step, ex_kind kind) {
  (void)step, (void)kind;
  cd_observe(ctx, x);
}

/* Speculative trace refinement (§3.2): split each state of G_π on the
 * candidate invariant of its address, once per (address, candidate) over
 * the whole search, so later runs that agree add no states.  Both halves
 * keep every transition (nwa_split), so G_π stays an overapproximation. */
/* fs_ra_fn on the graph being pruned: a state whose site is a call. */
static bool call_ra(const void *ctx, nwa_state p, uint64_t *ra) {
  const dpg *g = ctx;
  if (p >= g->ra_nsite || !g->ra_site[p]) return false;
  const fd_letter *e = fd_letter_get(g->L, g->ra_site[p]);
  isa_flow flow = g->d->insns[e->insn].flow;
  if (e->dir || (flow != ISA_FLOW_CALL && flow != ISA_FLOW_ICALL)) return false;
  uint64_t mask = g->d->addr_bits >= 64 ? ~0ull : (1ull << g->d->addr_bits) - 1;
  *ra = (e->pc + e->len) & mask;
  return true;
}

/* fs_prune on a (g->G or a fold) whose states' sites are site[]. */
static void prune(dpg *g, nwa *a, const nwa_letter *site, size_t first) {
  g->ra_site = site;
  g->ra_nsite = nwa_nstates(a);
  fs_prune(g->fs, a, first);
  g->ra_site = NULL;
  g->ra_nsite = 0;
}

static void split_candidates(dpg *g, cd_set *cs, nwa *gp, nwa_letter **psite) {
  size_t ns = nwa_nstates(gp);
  uint64_t *done = malloc(sizeof *done * (ns ? ns : 1));
  size_t ndone = 0;
  if (!done) xa_nomem();
  for (size_t s = 0; s < ns; s++) {
    if (!(*psite)[s]) continue;
    uint64_t pc = fd_letter_get(g->L, (*psite)[s])->pc;
    /* the address's candidate, then one per calling context: each split
     * leaves s the state where none of the earlier ones holds */
    for (size_t i = 0;; i++) {
      isa_term phi = i == 0 ? cd_candidate(cs, pc) : cd_context(cs, pc, i - 1);
      if (!phi) {
        if (i == 0) continue;
        break;
      }
      uint64_t key = (pc * 0x9E3779B97F4A7C15ull ^ (uint64_t)phi) | 1;
      if (ht_get(&g->cand_done, key, NULL)) continue;
      nwa_state s2 = nwa_split(gp, (nwa_state)s, phi);
      *psite = xa_realloc(*psite, sizeof **psite * nwa_nstates(gp));
      (*psite)[s2] = (*psite)[s];
      done = xa_realloc(done, sizeof *done * (ndone + 1));
      done[ndone++] = key;
      g->st.candidates++;
    }
  }
  for (size_t i = 0; i < ndone; i++) ht_add(&g->cand_done, done[i], 0);
  free(done);
}

/* Does a run that ended with status s stop about to execute the instruction
 * at its PC (so that PC = target counts as reaching it)?  Not after exit or
 * halt (the program is over), nor a fault, trap or undecodable bytes (the
 * instruction at PC is the one that failed). */
static bool about_to_run(ex_status s) {
  return s == EX_RUNNING || s == EX_BUDGET || s == EX_STOPPED_AE || s == EX_UNSUPPORTED;
}

/* A finished run (R.r set): did it reach the target (a step at it, or
 * stopped about to execute it) or make an AE violation? */
static outcome run_outcome(const dpg *g, const run *R, const ex_pos *pos, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (pos[i].pc == g->o.target) return OUT_TARGET;
  if (about_to_run(R->r.status) && ex_regs(R->x)[g->d->pc] == g->o.target) return OUT_TARGET;
  return R->r.ae.found ? OUT_AE : OUT_NONE;
}

/* The successor of a finished run's last step, or UINT64_MAX when the run
 * stopped there (exit, halt, fault, trap, undecodable instruction). */
static uint64_t run_next(const dpg *g, const run *R) {
  ex_status s = R->r.status;
  if (s == EX_FAULT || s == EX_TRAP || s == EX_INVALID || s == EX_EXITED || s == EX_HALTED) return UINT64_MAX;
  return ex_regs(R->x)[g->d->pc];
}

static void explore_add(dpg *g, in_assign *in, int64_t t, const ex_pos *pos, size_t n, uint64_t last_next);

/* Context candidates keep every register that held one value in a calling
 * context, and one run cannot tell a layout constant from an input value.
 * The same program run again with every byte of standard input changed
 * drops the facts that depend on it, wherever it visits the same context. */
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
    uint8_t b = (uint8_t)(x >> 24) | 1;
    in_append_stdin(in2, &b, 1);
  }
  run R;
  if (!run_start(g, in2, &R)) {
    cd_freeze(cs);
    ex_opts o = {.max_steps = max_steps(g), .stop_on_ae = true, .out = g->devnull, .err = g->devnull,
                 .hook = cand_hook, .hook_ctx = cs};
    ex_run(R.x, &o);
  }
  run_end(&R);
  in_free(in2);
}

/* Run input in (taken over by T), record it, fold it and intersect G with
 * the folded trace.  Reports whether the run reached the target or made an
 * AE violation. */
static outcome add_run(dpg *g, in_assign *in, ex_result *res, char *why, size_t whysz) {
  run R;
  if (run_start(g, in, &R)) {
    snprintf(why, whysz, "cannot set up the initial stack");
    run_end(&R);
    in_free(in);
    return OUT_ERROR;
  }
  cd_set *cs = g->o.candidates ? cd_new(&g->v, g->o.candidates) : NULL;
  ex_opts o = {.max_steps = max_steps(g), .record = true, .stop_on_ae = true, .out = g->devnull, .err = g->devnull,
               .hook = cs ? cand_hook : NULL, .hook_ctx = cs};
  R.r = ex_run(R.x, &o);
  *res = R.r;
  g->st.ce++;
  if (cs && (g->o.candidates & CD_CONTEXT))
    for (unsigned k = 0; k < 2; k++) perturbed_run(g, in, cs, k);
  size_t n = ex_trace_len(R.x);
  const ex_pos *pos = ex_trace(R.x);
  for (size_t i = 0; i < n; i++) note_pc(g, pos[i].pc); /* Fig. 10's #Instrs counts deciding runs too */
  outcome out = run_outcome(g, &R, pos, n);
  if (out != OUT_NONE || n == 0) {
    /* a verdict follows; T keeps the input for the record */
    if (g->nT == g->capT) {
      g->capT = g->capT ? g->capT * 2 : 16;
      g->T = xa_realloc(g->T, sizeof *g->T * g->capT);
    }
    g->T[g->nT] = (dtrace){.in = in, .base = g->nT ? g->T[g->nT - 1].base + g->T[g->nT - 1].n + 2 : 0};
    g->nT++;
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
    if (g->d->decode(pos[i].bytes, pos[i].len, pos[i].pc, &insn) != ISA_DECODE_OK) {
      /* the run just executed these bytes: a bug, and the search cannot go on */
      fprintf(stderr, "mcveto: internal error: the bytes at 0x%llx decode no more\n", (unsigned long long)pos[i].pc);
      exit(3);
    }
    uint64_t next = i + 1 < n ? pos[i + 1].pc : ex_regs(R.x)[g->d->pc];
    unsigned dir = (incomplete && i + 1 == n) ? 0
                   : fd_direction(g->d, insn.id, pos[i].pc, pos[i].len, next, pos[i].sysnr);
    if (read_fault(g, insn.id, &pos[i])) dir = 2;
    t.st[i] = (fd_step){pos[i].pc, fd_intern(g->L, pos[i].pc, pos[i].bytes, pos[i].len, dir, insn.id), pos[i].kind};
  }
  uint64_t last_next = run_next(g, &R);
  run_end(&R);
  if (g->nT == g->capT) {
    g->capT = g->capT ? g->capT * 2 : 16;
    g->T = xa_realloc(g->T, sizeof *g->T * g->capT);
  }
  t.base = g->nT ? g->T[g->nT - 1].base + g->T[g->nT - 1].n + 2 : 0;
  t.cut = incomplete;
  if (R.r.status == EX_UNSUPPORTED) t.unsup = true, t.unsup_nr = R.r.addr, t.unsup_pc = R.r.pc;
  g->T[g->nT++] = t;
  explore_add(g, NULL, (int64_t)g->nT - 1, t.pos, n, last_next);
  /* G := G ∩ π/[PC] */
  nwa_letter *psite;
  nwa *gp = fd_fold(&g->v, g->L, t.st, n, halted ? FD_END_HALT : incomplete ? FD_END_FAULT : FD_END_OPEN, g->smc ? &g->smc_code : NULL, &psite);
  add_boot(gp, g->tc);
  psite = xa_realloc(psite, sizeof *psite * nwa_nstates(gp));
  psite[nwa_nstates(gp) - 1] = 0;
  if (cs) {
    split_candidates(g, cs, gp, &psite);
    prune(g, gp, psite, 0);
  }
  cd_free(cs);
  if (g->o.debug & DPG_DEBUG_TRACE) {
    fprintf(stderr, "trace %zu:", g->nT - 1);
    for (size_t i = 0; i < n; i++) {
      const fd_letter *fl = fd_letter_get(g->L, t.st[i].letter);
      fprintf(stderr, " %zu:%llx/%d%s", i, (unsigned long long)t.st[i].pc, t.st[i].kind, fl && fl->dir ? "d" : "");
    }
    fprintf(stderr, "\n");
  }
  if (g->self_check) { /* every run of T must be a path of G_pi */
    nwa *keep = g->G;
    iv_ctx *iv = g->iv; /* its facts are G's states', not G_pi's */
    g->G = gp, g->iv = NULL;
    char w2[300], m[sizeof w2 + 40];
    if (witnesses(g, w2, sizeof w2) < 0) {
      snprintf(m, sizeof m, "fold of input %zu: %s", g->nT - 1, w2);
      self_fail(g, m);
    }
    g->G = keep, g->iv = iv;
  }
  nwa_state *origin;
  nwa *ng = nwa_intersect(g->G, gp, &origin);
  size_t ns = nwa_nstates(ng);
  nwa_letter *site = malloc(sizeof *site * (ns ? ns : 1));
  if (!site) xa_nomem();
  for (size_t i = 0; i < ns; i++) {
    nwa_letter a = g->site[origin[2 * i]], b = psite[origin[2 * i + 1]];
    site[i] = b ? b : a;
  }
  free(origin);
  free(psite);
  nwa_free(gp);
  nwa_free(g->G);
  free(g->site);
  g->G = ng;
  g->gen++;
  if (g->iv) iv_forget(g->iv);
  g->site = site;
  prune(g, g->G, g->site, 0);
  return OUT_NONE;
}

/* ---- the symbolic step ---------------------------------------------------- */

#define TABLE_WINDOW 1024 /* bytes of the image made known after a table's base */

static isa_term bottom_array(tm_ctx *tc, isa_term m) {
  while (tm_kind(tc, m) == ISA_OP_STORE) m = tm_arg(tc, m, 0);
  return m;
}

/* The fact "the initial memory at a holds the image's byte" (an undefined
 * byte is 0 under the Linux input model; unmapped, 0 as in ground_step),
 * or true when the image says nothing there. */
static isa_term image_fact(dpg *g, uint64_t a) {
  tm_ctx *tc = g->tc;
  uint8_t b;
  bool def;
  int pk = mem_peek(g->init, a, 1, &b, &def, NULL);
  if (pk == MEM_OK && !def && g->o.inputs != DPG_INPUTS_LINUX) return tm_true(tc);
  if (pk != MEM_OK) {
    if (g->o.inputs != DPG_INPUTS_LINUX) return tm_true(tc);
    b = 0;
  }
  isa_term sel[2] = {g->v.mem, tm_const(tc, a, g->d->addr_bits)};
  return tm_app2(tc, ISA_OP_EQ, tm_app(tc, ISA_OP_SELECT, sel, 2, 0, 0), tm_const(tc, b, 8));
}

/* A read of the initial memory at base + k with base unknown (a jump table,
 * a table of function pointers): the solver must not pick the table's
 * contents.  The constant part k is usually the table's address, so the
 * image's bytes from k on (TABLE_WINDOW of them, within k's segment) are
 * facts: true of every initial state.  A k within half a window of one
 * seen before gets that window's facts (g->win: the same conjunction, which
 * the ∧ of a query keeps once). */
static isa_term table_facts(dpg *g, isa_term addr) {
  tm_ctx *tc = g->tc;
  uint64_t k;
  if (tm_kind(tc, addr) != ISA_OP_ADD || !tm_is_const(tc, tm_arg(tc, addr, 1), &k)) return tm_true(tc);
  for (size_t i = 0; i < g->nwin; i++)
    if (k >= g->win[i] && k - g->win[i] < TABLE_WINDOW / 2) return g->win_facts[i];
  if (g->nwin == sizeof g->win / sizeof g->win[0]) return tm_true(tc);
  const mem_region *rg = mem_region_of(g->init, k);
  if (!rg) return tm_true(tc);
  unsigned ab = g->d->addr_bits;
  isa_term f = tm_true(tc);
  for (uint64_t a = k; a <= rg->last && a - k < TABLE_WINDOW; a++) {
    uint8_t b;
    bool def;
    if (mem_peek(g->init, a, 1, &b, &def, NULL) != MEM_OK) break;
    if (!def && g->o.inputs != DPG_INPUTS_LINUX) continue;
    isa_term sel[2] = {g->v.mem, tm_const(tc, a, ab)};
    f = tm_app2(tc, ISA_OP_LAND, f, tm_app2(tc, ISA_OP_EQ, tm_app(tc, ISA_OP_SELECT, sel, 2, 0, 0), tm_const(tc, b, 8)));
  }
  g->win[g->nwin] = k;
  g->win_facts[g->nwin++] = f;
  return f;
}

/* Grounding is a function of the term alone (the image and the input model
 * do not change), so its results are kept for the whole search
 * (g->grounded): the path of one witness is grounded again inside every
 * query of every refinement.  A result is the pair (term << 32 | facts):
 * t with the reads of the initial memory at known addresses replaced by
 * the bytes a run starts with (undefined bytes too, under the Linux input
 * model), and the conjunction of the image's facts about the reads that
 * stay (through stores, or at an unknown base). */
static uint64_t ground_step(tm_walk *tw, isa_term t, void *ctx) {
  dpg *g = ctx;
  tm_ctx *tc = g->tc;
  uint64_t m;
  if (ht_get(&g->grounded, (uint64_t)t + 1, &m)) return m;
  int kind = tm_kind(tc, t);
  isa_term r = t, f = tm_true(tc);
  if (kind != TM_VAR && kind != TM_CONST) {
    unsigned n = tm_nargs(tc, t);
    uint64_t v[3] = {0, 0, 0};
    bool all = true;
    for (unsigned i = 0; i < n; i++)
      if (!tm_walk_get(tw, tm_arg(tc, t, i), &v[i])) all = false;
    if (!all) return 0;
    isa_term a[3] = {0, 0, 0};
    bool same = true;
    for (unsigned i = 0; i < n; i++) {
      a[i] = (isa_term)v[i];
      same = same && a[i] == tm_arg(tc, t, i);
      isa_term fi = (isa_term)(v[i] >> 32);
      if (fi != f) f = tm_app2(tc, ISA_OP_LAND, f, fi);
    }
    uint64_t addr;
    if (kind == ISA_OP_SELECT && a[0] == g->v.mem && tm_is_const(tc, a[1], &addr)) {
      uint8_t b;
      bool def;
      int pk = mem_peek(g->init, addr, 1, &b, &def, NULL);
      if (pk == MEM_OK && (def || g->o.inputs == DPG_INPUTS_LINUX))
        r = tm_const(tc, b, 8);
      else if (pk != MEM_OK && g->o.inputs == DPG_INPUTS_LINUX)
        /* unmapped: a predicate reads 0 there (cenv_mem), and so must the
         * solver, or its models "cross" where no run can */
        r = tm_const(tc, 0, 8);
      else if (!same)
        r = tm_app(tc, ISA_OP_SELECT, a, 2, 0, 0);
    } else if (kind == ISA_OP_SELECT && bottom_array(tc, a[0]) == g->v.mem) { /* maybe through stores */
      /* The stores may overwrite the byte, so the read stays; but the
       * initial memory under them is the image's, and the solver must not
       * pick it (a constant string a loop walks, say). */
      f = tm_app2(tc, ISA_OP_LAND, f, tm_is_const(tc, a[1], &addr) ? image_fact(g, addr) : table_facts(g, a[1]));
      if (!same) r = tm_app(tc, ISA_OP_SELECT, a, 2, 0, 0);
    } else if (!same)
      r = tm_app(tc, (isa_op)kind, a, n, tm_param(tc, t, 0), tm_param(tc, t, 1));
  }
  m = (uint64_t)f << 32 | r;
  ht_put(&g->grounded, (uint64_t)t + 1, m);
  return m;
}

/* t with the registers at 0 (PC and SP are concrete already), as a run
 * starts under the Linux input model; kept like grounding (g->zeroed). */
static uint64_t zero_step(tm_walk *tw, isa_term t, void *ctx) {
  dpg *g = ctx;
  tm_ctx *tc = g->tc;
  uint64_t m;
  if (ht_get(&g->zeroed, (uint64_t)t + 1, &m)) return m;
  int kind = tm_kind(tc, t);
  isa_term r = t;
  if (kind == TM_VAR) {
    uint32_t ix = tm_var_index(tc, t);
    if (ix < g->nregvar && g->regvar[ix]) r = g->regvar[ix];
  } else if (kind != TM_CONST) {
    isa_term a[3];
    if (!tm_walk_args(tw, t, a)) return 0;
    r = tm_rebuild(tc, t, a);
  }
  ht_put(&g->zeroed, (uint64_t)t + 1, r);
  return r;
}

static isa_term ground(dpg *g, isa_term t) {
  tm_ctx *tc = g->tc;
  if (g->o.inputs == DPG_INPUTS_LINUX) {
    if (!g->regvar || tm_var_count(tc) != g->nregvar) {
      /* a variable made since cannot be in a term zeroed before, so what
       * g->zeroed holds stays right */
      g->nregvar = tm_var_count(tc);
      free(g->regvar);
      g->regvar = xa_calloc(g->nregvar, sizeof *g->regvar);
      for (unsigned i = 0; i < g->d->nregs; i++) {
        const isa_reg *rg = &g->d->regs[i];
        isa_term var = tm_find_var(tc, rg->name, rg->is_flag ? TM_BOOL : rg->width);
        if (var) g->regvar[tm_var_index(tc, var)] = tm_const(tc, 0, rg->is_flag ? 0 : rg->width);
      }
    }
    t = (isa_term)tm_walk_run(tc, t, zero_step, g);
  }
  uint64_t m = tm_walk_run(tc, t, ground_step, g);
  return tm_app2(tc, ISA_OP_LAND, (isa_term)m, (isa_term)(m >> 32));
}

/* The ranges a write(2) can always read (fd_vocab.rd): the readable
 * regions of the initial memory, adjacent ones merged.  Runs write to
 * /dev/null; without it every write fails (exec.c), so none are given. */
static void set_readable(dpg *g) {
  size_t n;
  const mem_region *rg = mem_regions(g->init, &n);
  uint64_t *rd = xa_realloc(NULL, sizeof *rd * 2 * (n ? n : 1));
  size_t k = 0;
  for (size_t i = 0; i < n && g->devnull; i++) {
    if (!(rg[i].perms & MEM_R)) continue;
    if (k && rd[2 * k - 1] + 1 == rg[i].lo) rd[2 * k - 1] = rg[i].last;
    else rd[2 * k] = rg[i].lo, rd[2 * k + 1] = rg[i].last, k++;
  }
  g->v.rd = rd;
  g->v.nrd = k;
}

/* Re-run input t for pos steps: the concrete state a witness stands for. */
static int replay_to(dpg *g, size_t t, size_t pos, run *R) {
  in_reset_use(g->T[t].in);
  if (run_start(g, g->T[t].in, R)) return -1;
  if (pos) {
    ex_opts o = {.max_steps = pos, .stop_on_ae = true, .out = g->devnull, .err = g->devnull};
    R->r = ex_run(R->x, &o);
    if (R->r.steps != pos) return -1;
  }
  return 0;
}

/* Frontier tuples that cannot be extended or refined (edge numbers change
 * with every intersection, so they are remembered by what they mean). */
static uint32_t tuple_key(dpg *g, const nwa_edge *e) {
  uint64_t h = 1469598103934665603ull;
  uint64_t parts[5] = {nwa_pred(g->G, e->from), nwa_pred(g->G, e->to), e->letter, e->kind,
                       e->kind == NWA_RETURN ? nwa_pred(g->G, e->pred) : 0};
  for (int i = 0; i < 5; i++) h = (h ^ parts[i]) * 1099511628211ull;
  return (uint32_t)(h ^ (h >> 32)) | 1;
}

static bool is_stuck(dpg *g, uint32_t key, unsigned limit) {
  unsigned c = 0;
  for (size_t i = 0; i < g->nstuck; i++) c += g->stuck[i] == key;
  return c >= limit;
}

static void add_stuck(dpg *g, uint32_t key) {
  if (g->nstuck == g->capstuck) {
    g->capstuck = g->capstuck ? g->capstuck * 2 : 32;
    g->stuck = xa_realloc(g->stuck, sizeof *g->stuck * g->capstuck);
  }
  g->stuck[g->nstuck++] = key;
}

static void stuck(dpg *g, const nwa_edge *e, unsigned weight, const char *why) {
  uint32_t key = tuple_key(g, e);
  if (g->o.debug & DPG_DEBUG_STEPS)
    fprintf(stderr, "stuck %u: n%u -> n%u letter %u: %s\n", weight, e->from, e->to, e->letter, why);
  for (unsigned i = 0; i < weight; i++) add_stuck(g, key);
  snprintf(g->stuck_why, sizeof g->stuck_why, "%s", why);
}

typedef enum sres { S_CONT, S_VERDICT } sres;

static isa_term aux_term(dpg *g, const uint64_t *stk, size_t depth) {
  tm_ctx *tc = g->tc;
  isa_term A = tm_var(tc, "$A0", TM_ARRAY);
  unsigned W = (g->d->addr_bits + 7) / 8;
  for (size_t k = 0; k < depth; k++)
    for (unsigned b = 0; b < W; b++) {
      isa_term s[3] = {A, tm_const(tc, k * W + b, g->d->addr_bits), tm_const(tc, stk[k] >> (8 * b) & 0xff, 8)};
      A = tm_app(tc, ISA_OP_STORE, s, 3, 0, 0);
    }
  return A;
}

/* Did the sliced query use var?  (Without a slice, every variable counts.) */
static bool var_used(dpg *g, const unsigned char *used, isa_term var) {
  return !used || (var && tm_var_index(g->tc, var) < g->nused && used[tm_var_index(g->tc, var)]);
}

/* The input a model describes: registers and memory (--inputs all), the c
 * bytes of standard input the path read (stdin_K), and the stream after
 * them (`inarr` from c on, as long as the model's `inlen` says, and up to
 * STDIN_PAD bytes; a longer stream ends with STDIN_PAD zero bytes).  With a
 * witness input wit and the set of variables the query used, what the query
 * left free keeps the witness's value, so the new run stays close to it. */
static in_assign *model_input(dpg *g, const isa_term *fs, size_t n, size_t c, isa_term inarr, isa_term inlen,
                              const in_assign *wit, const unsigned char *used) {
  tm_ctx *tc = g->tc;
  in_assign *in = in_new(IN_FIXED, 0);
  if (g->o.inputs == DPG_INPUTS_ALL && sx_inputs_from_model(g->d, tc, g->solver, fs, n, 0, in)) {
    in_free(in);
    return NULL;
  }
  for (size_t k = 0; k < c; k++) {
    char name[32];
    snprintf(name, sizeof name, "stdin_%zu", k);
    isa_term var = tm_find_var(tc, name, 8);
    uint64_t v = 0;
    if (wit && !var_used(g, used, var)) v = in_stdin_byte(wit, k);
    else if (var && !smt_model_eval(g->solver, var, &v)) v = 0;
    uint8_t b = (uint8_t)v;
    in_append_stdin(in, &b, 1);
  }
  if (wit && !var_used(g, used, bottom_array(tc, inarr)) && !var_used(g, used, inlen)) {
    for (size_t k = c; k < in_stdin_len(wit); k++) { /* the rest of the witness's stream */
      uint8_t b = in_stdin_byte(wit, k);
      in_append_stdin(in, &b, 1);
    }
    return in;
  }
  uint64_t L;
  if (!smt_model_eval(g->solver, inlen, &L)) L = UINT64_MAX;
  size_t H = c + STDIN_PAD;
  if (g->o.debug & DPG_DEBUG_STEPS) fprintf(stderr, "model input: %zu bytes read, stream length %llu\n", c, (unsigned long long)L);
  for (size_t k = c; k < H && k < L; k++) {
    isa_term sel[2] = {inarr, tm_const(tc, k, g->d->addr_bits)};
    uint64_t v;
    if (!smt_model_eval(g->solver, tm_app(tc, ISA_OP_SELECT, sel, 2, 0, 0), &v)) v = 0;
    uint8_t b = (uint8_t)v;
    in_append_stdin(in, &b, 1);
  }
  if (L >= H) {
    uint8_t pad[STDIN_PAD] = {0};
    in_append_stdin(in, pad, sizeof pad);
  }
  return in;
}

static sres finish_run(dpg *g, outcome out, const char *why, dpg_result *r);

/* The initial state as a map of the vocabulary (PC, SP, the instrumentation;
 * ground() does the rest per the input model). */
static void initial_map(dpg *g, isa_term *map) {
  tm_ctx *tc = g->tc;
  unsigned pw = g->d->regs[g->d->pc].width, sw = g->d->regs[g->d->sp].width;
  map[tm_var_index(tc, g->v.pc)] = tm_const(tc, g->entry, pw);
  map[tm_var_index(tc, tm_var(tc, g->d->regs[g->d->sp].name, sw))] = tm_const(tc, g->sp0, sw);
  map[tm_var_index(tc, g->v.V)] = tm_false(tc);
  map[tm_var_index(tc, g->v.D)] = tm_const(tc, 0, g->d->addr_bits);
  map[tm_var_index(tc, g->v.ip)] = tm_const(tc, 0, g->d->addr_bits);
}

/* A frontier on a boot step ι → m: is there an initial state in m? */
static sres boot_step(dpg *g, const nwa_edge *e, dpg_result *r) {
  tm_ctx *tc = g->tc;
  size_t nv = tm_var_count(tc);
  isa_term *map = calloc(nv + 1, sizeof *map);
  if (!map) xa_nomem();
  initial_map(g, map);
  isa_term inarr = tm_var(tc, "$inrest", TM_ARRAY), inlen = tm_var(tc, "$inlen0", g->d->addr_bits);
  map[tm_var_index(tc, g->v.in)] = inarr;
  map[tm_var_index(tc, g->v.inlen)] = inlen;
  isa_term f = ground(g, tm_subst(tc, nwa_pred(g->G, e->to), map));
  free(map);
  char reason[256] = "";
  g->st.se++;
  smt_result sr = smt_check(g->solver, &f, 1, reason, sizeof reason);
  if (sr == SMT_UNSAT) { /* no initial state there */
    nwa_remove(g->G, NWA_INTERNAL, e->from, NWA_NONE, DPG_BOOT, e->to);
    return S_CONT;
  }
  if (sr == SMT_UNKNOWN) {
    char why[300];
    snprintf(why, sizeof why, "the solver gave up on the initial states: %s", reason);
    stuck(g, e, 3, why);
    return S_CONT;
  }
  if (is_stuck(g, tuple_key(g, e), 1)) {
    stuck(g, e, 3, "internal error: an initial state the solver found does not start in its abstract state");
    return S_CONT;
  }
  stuck(g, e, 1, "");
  in_assign *in = model_input(g, &f, 1, 0, inarr, inlen, NULL, NULL);
  if (!in) return S_CONT;
  ex_result res;
  char why[300] = "";
  outcome out = add_run(g, in, &res, why, sizeof why);
  return finish_run(g, out, why, r);
}

typedef struct vlist { uint32_t *v; size_t n, cap; } vlist;

static void vl_push(vlist *l, uint32_t x) {
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 16;
    l->v = xa_realloc(l->v, sizeof *l->v * l->cap);
  }
  l->v[l->n++] = x;
}

/* The variables of t, appended to out; seen[x] == stamp marks the terms
 * visited (a stamp per walk, so that nothing is cleared between walks). */
static void term_vars(tm_ctx *tc, isa_term t, uint32_t *seen, size_t nseen, uint32_t stamp, vlist *out) {
  vlist st = {0}; /* an explicit stack: the terms of long paths are deep */
  vl_push(&st, t);
  while (st.n) {
    isa_term x = st.v[--st.n];
    if (x < nseen) {
      if (seen[x] == stamp) continue;
      seen[x] = stamp;
    }
    if (tm_kind(tc, x) == TM_VAR) {
      vl_push(out, tm_var_index(tc, x));
      continue;
    }
    for (unsigned i = 0; i < tm_nargs(tc, x); i++) vl_push(&st, tm_arg(tc, x, i));
  }
  free(st.v);
}

/* The query fs[0 .. *nf) with the path in fs[0 .. npath): a frontier part
 * that simplified to false needs no solver; path constraints that share no
 * variable with the frontier parts, directly or through other constraints,
 * are left out (the witness satisfies them, so they cannot make the query
 * unsatisfiable, and model_input keeps the witness's values for their
 * variables).  *used gets the variables the solver saw. */
static smt_result slice_and_check(dpg *g, isa_term *fs, size_t *nf, size_t npath, unsigned char **used, char *reason,
                                  size_t reasonsz) {
  tm_ctx *tc = g->tc;
  for (size_t k = npath; k < *nf; k++) {
    uint64_t c;
    if (tm_is_const(tc, fs[k], &c) && !c) {
      g->st.se++;
      return SMT_UNSAT;
    }
  }
  size_t nvars = tm_var_count(tc) + 1, nseen = tm_count(tc) + 1;
  g->nused = nvars; /* variables made after this are not in *used */
  unsigned char *vars = calloc(nvars, 1);
  uint32_t *seen = calloc(nseen, sizeof *seen);
  bool *in = calloc(*nf + 1, sizeof *in);
  vlist *pv = calloc(npath + 1, sizeof *pv); /* each path constraint's variables, found once */
  if (!vars || !seen || !in || !pv) xa_nomem();
  uint32_t stamp = 0;
  vlist q = {0};
  for (size_t k = npath; k < *nf; k++) {
    in[k] = true;
    term_vars(tc, fs[k], seen, nseen, ++stamp, &q);
  }
  for (size_t i = 0; i < q.n; i++) vars[q.v[i]] = 1;
  for (size_t k = 0; k < npath; k++) term_vars(tc, fs[k], seen, nseen, ++stamp, &pv[k]);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t k = 0; k < npath; k++) {
      if (in[k]) continue;
      bool shares = false;
      for (size_t i = 0; i < pv[k].n && !shares; i++) shares = vars[pv[k].v[i]];
      if (!shares) continue;
      in[k] = grew = true;
      for (size_t i = 0; i < pv[k].n; i++) vars[pv[k].v[i]] = 1;
    }
  }
  for (size_t k = 0; k < npath; k++) free(pv[k].v);
  free(pv);
  free(q.v);
  size_t m = 0;
  for (size_t k = 0; k < *nf; k++) {
    uint64_t c;
    if (in[k] && !(tm_is_const(tc, fs[k], &c) && c)) fs[m++] = fs[k];
  }
  *nf = m;
  free(seen);
  free(in);
  *used = vars;
  g->st.se++;
  return smt_check(g->solver, fs, m, reason, reasonsz);
}

/* Did run t take letter l at position pos, from a state satisfying pn to
 * one satisfying psi?  (A model may agree with the path formula and
 * still not: what the formula leaves free, a run fixes.) */
static bool crossed(dpg *g, size_t t, size_t pos, nwa_letter l, isa_term pn, isa_term psi) {
  if (t >= g->nT || !g->T[t].st || pos >= g->T[t].n || g->T[t].st[pos].letter != l) {
    if (g->o.debug & DPG_DEBUG_DETAIL)
      fprintf(stderr, "  not across: the run has %s at %zu\n",
              t < g->nT && g->T[t].st && pos < g->T[t].n ? "another letter" : "no step", pos);
    return false;
  }
  /* a step that faulted has no state after it: the symbolic step (which
   * does not model faults) crossed, the run did not */
  if (g->T[t].cut && pos + 1 == g->T[t].n) {
    if (g->o.debug & DPG_DEBUG_DETAIL) fprintf(stderr, "  not across: the run faults at %zu\n", pos);
    return false;
  }
  bool ok = true;
  for (size_t at = pos; at <= pos + 1 && ok; at++) {
    if (t >= g->nT || !g->T[t].pos) return false;
    run R;
    if (replay_to(g, t, at, &R)) {
      run_end(&R);
      return false;
    }
    cenv c = {.g = g, .x = R.x, .in = g->T[t].in};
    tm_env env = cenv_env(&c);
    ok = tm_eval(g->tc, at == pos ? pn : psi, &env) != 0;
    if (!ok && (g->o.debug & DPG_DEBUG_DETAIL)) {
      fprintf(stderr, "  not across: %s fails on the run at %zu\n", at == pos ? "the source's predicate" : "psi", at);
      /* which conjuncts */
      isa_term st[64];
      size_t ns = 0;
      st[ns++] = at == pos ? pn : psi;
      while (ns) {
        isa_term x = st[--ns];
        if (tm_kind(g->tc, x) == ISA_OP_LAND && ns + 2 <= 64) {
          st[ns++] = tm_arg(g->tc, x, 0);
          st[ns++] = tm_arg(g->tc, x, 1);
        } else if (!tm_eval(g->tc, x, &env)) {
          fprintf(stderr, "    false: ");
          tm_fprint(g->tc, x, stderr);
          fputc('\n', stderr);
        }
      }
    }
    free(c.vmap);
    run_end(&R);
  }
  return ok;
}

/* The carried-over path queries (dpg_step) are of one G: a run that joined
 * renumbered its states. */
static void chain_sync(dpg *g) {
  if (g->chain_gen != g->gen) ht_clear(&g->chain), ht_clear(&g->ess), g->chain_gen = g->gen;
}

/* ---- generalising ρ by an unsatisfiable core ----------------------------- */

typedef struct tlist { isa_term *v; size_t n, cap; } tlist;

/* core_split: conjuncts of ρ tried alone, and the refinements at an
 * address before it is tried there */
enum { CORE_TRIES = 3, CORE_AFTER = 2 };

static void tl_push(tlist *l, isa_term t) {
  if (l->n == l->cap) l->cap = l->cap ? 2 * l->cap : 16, l->v = xa_realloc(l->v, sizeof *l->v * l->cap);
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
    if (n == cap) cap = cap ? 2 * cap : 16, st = xa_realloc(st, sizeof *st * cap);                               \
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
    if (t == g->v.A || t == g->v.D) *aux = true;
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
static bool core_split(dpg *g, const isa_term *hard, size_t nh, const isa_term *map, isa_term *rho, isa_term *ess) {
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

/* One DPG step on frontier edge ei (Alg. 1 lines 7–13). */
/* ρ = Pre_α(pre) at state n, for the witness state env: aliasing resolved
 * as at the witness, what system calls return forgotten, n's proven facts
 * substituted, and the input still to come projected out.  *exact: ρ is
 * Pre itself (no aliasing choice, nothing forgotten). */
static isa_term rho_of(dpg *g, isa_term pre, nwa_state n, const tm_env *env, bool *exact) {
  tm_ctx *tc = g->tc;
  isa_term alpha = 0;
  isa_term rho = pre_alpha(&g->v, pre, env, &alpha);
  uint64_t av;
  *exact = tm_is_const(tc, alpha, &av) && av; /* no aliasing choice: ρ is Pre(I, ψ) */
  /* what a system call returns is not a property of the state before it */
  if (pre_mentions_fresh(tc, rho)) rho = pre_forget_fresh(tc, rho), *exact = false;
  /* n's proven facts (inv.h) hold in every state n's split is about, so
   * ρ with them substituted splits n the same way, and is often much
   * smaller: which bytes a read's window covers, once its buffer and
   * count are known, is decided */
  if (g->iv && g->iv_gen == g->gen) rho = iv_ground(g->iv, n, rho);
  /* Which input is still to come is free (the witness's path query leaves
   * it so), so ρ weakened to ∃ unread input (pre.h) splits n no worse for
   * the edge, as long as the witness still falls outside it; and a loop
   * over input gets predicates about its variables, not a growing list of
   * bytes to come. */
  if (!g->o.keep_input) {
    isa_term rx = pre_forget_input(&g->v, rho);
    if (rx != rho && !tm_eval(tc, rx, env)) rho = rx, *exact = false;
    else if (rx != rho && (g->o.debug & DPG_DEBUG_DETAIL)) {
      fprintf(stderr, "input kept: rho without it holds at the witness: ");
      tm_fprint(tc, rx, stderr);
      fputc('\n', stderr);
    }
  }
  return rho;
}

/* How many directions (letters) the instruction's steps have (fd_intern):
 * 1, 2 for a branch, 3 for a system call (continue, exit, read EFAULT). */
static unsigned directions(const dpg *g, uint32_t insn) {
  return !fd_has_directions(g->d, insn)                   ? 1
         : g->d->insns[insn].flow == ISA_FLOW_SYSCALL ? 3
                                                      : 2;
}

/* t with V = false: the state is not accepting, so it has ¬V (dpg_step). */
static isa_term without_V(dpg *g, isa_term t) {
  tm_ctx *tc = g->tc;
  isa_term *vm = calloc(tm_var_count(tc) + 1, sizeof *vm);
  if (!vm) xa_nomem();
  vm[tm_var_index(tc, g->v.V)] = tm_false(tc);
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
  const fd_letter *I = fd_letter_get(g->L, l);
  if (!I) {
    S->fail = true;
    return 0;
  }
  if (fd_letter_halts(g->d, I)) return tm_false(g->tc);
  if (!fd_kind_possible(g->d, I->insn, k)) return tm_false(g->tc);
  pre_post pp;
  if (pre_post_of(&g->v, I, k, &pp)) {
    S->fail = true;
    return 0;
  }
  isa_term r = pre_exact(&g->v, &pp, psi);
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
  const fd_letter *sl = f->from < nwa_nstates(g->G) ? fd_letter_get(g->L, g->site[f->from]) : NULL;
  if (!sl) { /* an unexplored region: no instruction to take Pre of */
    S->fail = true;
    return 0;
  }
  fd_letter c = *sl; /* fd_intern may move the table */
  unsigned ndir = directions(g, c.insn);
  isa_term acc = tm_false(tc);
  for (unsigned d = 0; d < ndir && !S->fail; d++) {
    nwa_letter l = fd_intern(g->L, c.pc, c.bytes, c.len, d, c.insn);
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
  const uint32_t *out = nwa_out(g->G, s, &nout); /* the walk does not change G */
  for (size_t k = 0; k < nout && !S->fail; k++) {
    nwa_edge f = *nwa_edge_at(g->G, out[k]);
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
static bool summary_refine(dpg *g, uint32_t ei, const nwa_edge *e, size_t t, size_t pos) {
  tm_ctx *tc = g->tc;
  const dtrace *T = &g->T[t];
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
  sumw S = {.g = g, .m = e->to, .psi = nwa_pred(g->G, e->to), .nstk = 1, .budget = SUM_BUDGET};
  S.stk[0] = c;
  isa_term pre = tm_false(tc);
  size_t nout;
  const uint32_t *out = nwa_out(g->G, c, &nout);
  for (size_t k = 0; k < nout && !S.fail; k++) {
    nwa_edge f = *nwa_edge_at(g->G, out[k]);
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
    size_t ne0 = nwa_nedges(g->G);
    nwa_state n2 = nwa_split(g->G, c, rho);
    if (g->iv) iv_inherit(g->iv, n2, c);
    g->site = xa_realloc(g->site, sizeof *g->site * nwa_nstates(g->G));
    g->site[n2] = g->site[c];
    prune(g, g->G, g->site, ne0);
  }
  /* from c (now c ∧ ¬ρ_c) no matched return enters m */
  size_t nin;
  const uint32_t *in0 = nwa_in(g->G, e->to, &nin);
  uint32_t *drop = malloc(sizeof *drop * (nin ? nin : 1));
  size_t nd = 0;
  if (!drop) xa_nomem();
  for (size_t k = 0; k < nin; k++) {
    const nwa_edge *f = nwa_edge_at(g->G, in0[k]);
    if (!f->dead && f->kind == NWA_RETURN && f->pred == c && f->to == e->to) drop[nd++] = in0[k];
  }
  for (size_t k = 0; k < nd; k++) {
    nwa_edge f = *nwa_edge_at(g->G, drop[k]);
    nwa_remove(g->G, NWA_RETURN, f.from, f.pred, f.letter, f.to);
  }
  free(drop);
  return true;
}

static sres dpg_step(dpg *g, uint32_t ei, dpg_result *r) {
  tm_ctx *tc = g->tc;
  nwa_edge e = *nwa_edge_at(g->G, ei);
  wit rw = {0, 0};
  const wit *w = e.kind == NWA_RETURN && pair_get(g, e.from, e.pred, &rw) ? &rw : &g->w[e.from];
  /* (a return frontier without a pair: another context, witnessed_any_cb) */
  if (!w->trace) {
    stuck(g, &e, 3, "internal error: a frontier without a witness");
    return S_CONT;
  }
  size_t t = w->trace - 1, pos = w->pos;
  if (e.letter == DPG_BOOT) return boot_step(g, &e, r);
  if (e.letter == NWA_ANY) { /* the state stands for one instruction: name its letters */
    const fd_letter *s = fd_letter_get(g->L, g->site[e.from]);
    if (!s) { /* an unexplored region (TS's part of n) */
      const dtrace *T = &g->T[t];
      if (pos >= T->n) {
        stuck(g, &e, 3, "a frontier from an unexplored region whose witness executes nothing");
        return S_CONT;
      }
      /* Trace-based disassembly (§3.1) on the witness: its state executes
       * the instruction I at its PC, so split n into the states that execute
       * I next, which get I as their site, and the rest.  A partition of n:
       * sound whatever the split, and the copy with the witness can now be
       * refined like any state of the program (fd_at_insn pins what a run
       * could change). */
      const fd_letter x0 = *fd_letter_get(g->L, T->st[pos].letter), *x = &x0; /* fd_intern may move the table */
      isa_term rho = fd_at_insn(&g->v, g->smc ? &g->smc_code : NULL, x->pc, x->bytes, x->len);
      nwa_letter site = fd_intern(g->L, x->pc, x->bytes, x->len, 0, x->insn);
      size_t ne0 = nwa_nedges(g->G);
      nwa_state n2 = nwa_split(g->G, e.from, rho);
      if (g->iv) iv_inherit(g->iv, n2, e.from);
      g->site = xa_realloc(g->site, sizeof *g->site * nwa_nstates(g->G));
      g->site[n2] = site;
      prune(g, g->G, g->site, ne0);
      /* the copy makes only the steps its instruction can make */
      size_t nout;
      const uint32_t *out = nwa_out(g->G, n2, &nout);
      uint32_t *drop = malloc(sizeof *drop * (nout ? nout : 1));
      size_t nd = 0;
      if (!drop) xa_nomem();
      for (size_t k = 0; k < nout; k++) {
        const nwa_edge *f = nwa_edge_at(g->G, out[k]);
        if (!f->dead && f->from == n2 && !fd_kind_possible(g->d, x->insn, (nwa_kind)f->kind)) drop[nd++] = out[k];
      }
      for (size_t k = 0; k < nd; k++) {
        nwa_edge f = *nwa_edge_at(g->G, drop[k]);
        nwa_remove(g->G, (nwa_kind)f.kind, f.from, f.pred, f.letter, f.to);
      }
      free(drop);
      if (g->o.debug & DPG_DEBUG_STEPS)
        fprintf(stderr, "disassemble n%u at 0x%llx (witness t%zu@%zu): n%u\n", e.from, (unsigned long long)x->pc, t,
                pos, n2);
      return S_CONT;
    }
    fd_letter c = *s;
    if (!fd_kind_possible(g->d, c.insn, (nwa_kind)e.kind)) { /* e.g. a call step from a mov */
      nwa_remove(g->G, e.kind, e.from, e.pred, NWA_ANY, e.to);
      return S_CONT;
    }
    unsigned ndir = directions(g, c.insn);
    for (unsigned d = 0; d < ndir; d++) {
      nwa_letter l = fd_intern(g->L, c.pc, c.bytes, c.len, d, c.insn);
      if (fd_letter_halts(g->d, fd_letter_get(g->L, l))) continue; /* no state follows */
      if (e.kind == NWA_INTERNAL) nwa_add_internal(g->G, e.from, l, e.to);
      else if (e.kind == NWA_CALL) nwa_add_call(g->G, e.from, l, e.to);
      else nwa_add_return(g->G, e.from, e.pred, l, e.to);
    }
    nwa_remove(g->G, e.kind, e.from, e.pred, NWA_ANY, e.to);
    return S_CONT;
  }
  fd_letter I = *fd_letter_get(g->L, e.letter);
  if (fd_letter_halts(g->d, &I)) { /* no state follows exit or halt: no run takes this edge */
    nwa_remove(g->G, e.kind, e.from, e.pred, e.letter, e.to);
    return S_CONT;
  }
  const dtrace *T = &g->T[t];
  if (pos >= T->n || T->pos[pos].pc != I.pc) {
    stuck(g, &e, 3, "internal error: the witness is not at the frontier's instruction");
    return S_CONT;
  }
  if (e.kind == NWA_RETURN && !g->o.no_summaries && summary_refine(g, ei, &e, t, pos)) return S_CONT;
  pre_post pp;
  if (pre_post_of(&g->v, &I, (nwa_kind)e.kind, &pp)) {
    stuck(g, &e, 3, "the frontier's instruction does not decode");
    return S_CONT;
  }
  isa_term psi = nwa_pred(g->G, e.to);
  /* Along a witness whose next step's query was unsatisfiable (the chain
   * below), the part of m's predicate that made it so (core_split) is
   * enough: m's predicate implies it, so Pre(I, it) is implied by Pre(I, ψ)
   * and a split on it is as sound, and more general. */
  uint64_t cv;
  chain_sync(g);
  bool chained = ht_get(&g->chain, (uint64_t)e.to + 1, &cv) && cv == ((uint64_t)t << 32 | (pos + 1)) &&
                 e.letter == T->st[pos].letter && e.kind == T->st[pos].kind;
  uint64_t essv = 0;
  bool use_ess = chained && ht_get(&g->ess, (uint64_t)e.to + 1, &essv);
  /* n is not accepting, so its concrete states that matter have ¬V: a run
   * stops at its first AE violation (§3.5), and only a return sets V.  Pre
   * under V = false spares one split per instruction on V alone. */
  isa_term pre = without_V(g, pre_exact(&g->v, &pp, use_ess ? (isa_term)essv : psi));
  /* the concrete witness state */
  run R;
  if (replay_to(g, t, pos, &R)) {
    pre_post_free(&pp);
    run_end(&R);
    stuck(g, &e, 3, "internal error: a witness does not replay");
    return S_CONT;
  }
  /* ρ = Pre_α(I, ψ) needs only the witness's concrete state, so it comes
   * first: when n's predicate already excludes ρ (a copy of m whose
   * predicate carries back to one n was split on before), no state of n
   * crosses — Pre(I, ψ) implies ρ — and the edge goes without the symbolic
   * execution of the path or a solver call. */
  isa_term rho;
  bool holds_at_witness, exact;
  {
    cenv c = {.g = g, .x = R.x, .in = g->T[t].in};
    tm_env env = cenv_env(&c);
    rho = rho_of(g, pre, e.from, &env, &exact);
    holds_at_witness = tm_eval(tc, rho, &env) != 0;
    if (holds_at_witness && use_ess) { /* (a heuristic's miss: the whole of m's predicate) */
      use_ess = false;
      pre = without_V(g, pre_exact(&g->v, &pp, psi));
      rho = rho_of(g, pre, e.from, &env, &exact);
      holds_at_witness = tm_eval(tc, rho, &env) != 0;
    }
    free(c.vmap);
    pre_post_free(&pp);
    bool rho_false = tm_is_const(tc, rho, &cv) && !cv; /* (false never holds at the witness) */
    /* n ∧ ρ may hold no state (n's predicate already excludes ρ, as a
     * candidate invariant's φ excludes the ¬φ a Pre carries back): then the
     * edge goes and no state is added.  Only the cheap tests: a Z3 call here,
     * on predicates without the path's facts, costs more than the split. */
    if (!rho_false && !holds_at_witness) {
      isa_term pn = nwa_pred(g->G, e.from);
      isa_term both = tm_conj_ground(tc, tm_app2(tc, ISA_OP_LAND, pn, rho));
      rho_false = (tm_is_const(tc, both, &cv) && !cv) || tm_conj_contradicts(tc, pn, rho) ||
                  tm_conj_contradicts(tc, pn, both);
    }
    if (rho_false && !holds_at_witness) {
      run_end(&R);
      g->st.ref++;
      if (g->o.debug & DPG_DEBUG_STEPS)
        fprintf(stderr, "refine edge %u kind %d n%u -> n%u letter 0x%llx/%u (witness t%zu@%zu): rho excluded by n\n", ei,
                e.kind, e.from, e.to, (unsigned long long)I.pc, I.dir, t, pos);
      nwa_remove(g->G, e.kind, e.from, e.pred, e.letter, e.to);
      return S_CONT;
    }
  }
  /* The last refinement split the witness's next state m on an exact Pre
   * (ρ' = Pre(I', ψ')), and its path query was unsatisfiable.  This edge
   * is the witness's own step into that copy, so its query — the path to n,
   * the step, m's predicate ∧ ρ' — says what that one did: skip it.  (A
   * heuristic only: refining is sound whatever the query would say, and ρ
   * not holding at the witness, checked below, is what progress needs.) */
  smt_result sr = SMT_UNSAT;
  bool retried = false, cored = false;
  isa_term ess = 0;
  char reason[256] = "";
  if (!holds_at_witness && chained) {
    if (use_ess && exact) ess = rho; /* the path to n ∧ Pre(I, m's essential part) is unsatisfiable */
    if (g->o.debug & DPG_DEBUG_STEPS) fprintf(stderr, "edge %u: the path query of the last refinement carries over\n", ei);
    g->st.carried++;
    goto refine;
  }
  /* symbolic execution of the witness's trace (line 8) */
  sx_path path;
  int sxr = sx_replay_until(g->d, tc, T->pos, pos, g->entry, g->sp0, &path, late_cb, g);
  if (sxr > 0) { /* the time budget ran out: the loop ends with that reason */
    sx_path_free(&path);
    run_end(&R);
    return S_CONT;
  }
  if (sxr) {
    char why[300];
    snprintf(why, sizeof why, "symbolic execution failed: %s", path.error);
    sx_path_free(&path);
    run_end(&R);
    stuck(g, &e, 3, why);
    return S_CONT;
  }
  size_t nv = tm_var_count(tc);
  isa_term *map = calloc(nv + 1, sizeof *map);
  isa_term *fs = malloc(sizeof *fs * (path.npc + 4));
  if (!map || !fs) xa_nomem();
  size_t nf = 0;
  for (size_t k = 0; k < path.npc; k++) fs[nf++] = path.pc[k];
  unsigned pw = g->d->regs[g->d->pc].width;
  if (pos) fs[nf++] = tm_app2(tc, ISA_OP_EQ, path.reg[g->d->pc], tm_const(tc, I.pc, pw));
  size_t npath = nf; /* fs[0 .. npath) is the path; the rest asks about the frontier */
  for (unsigned k = 0; k < g->d->nregs; k++) {
    const isa_reg *rg = &g->d->regs[k];
    isa_term var = tm_var(tc, rg->name, rg->is_flag ? TM_BOOL : rg->width);
    map[tm_var_index(tc, var)] = k == g->d->pc ? tm_const(tc, I.pc, pw) : path.reg[k];
  }
  size_t depth;
  const uint64_t *stk = ex_aux_stack(R.x, &depth);
  map[tm_var_index(tc, g->v.mem)] = path.mem;
  map[tm_var_index(tc, g->v.V)] = tm_false(tc);
  map[tm_var_index(tc, g->v.D)] = tm_const(tc, depth, g->d->addr_bits);
  map[tm_var_index(tc, g->v.A)] = aux_term(g, stk, depth);
  /* standard input: the path read stdin_0 .. stdin_{c-1}; the rest is free,
   * and so is the length unless the witness read to its end */
  size_t nin = path.nstdin, Lw = in_stdin_len(T->in);
  unsigned ab = g->d->addr_bits;
  isa_term inarr = tm_var(tc, "$inrest", TM_ARRAY), inlen;
  for (size_t k = 0; k < nin; k++) {
    char name[32];
    snprintf(name, sizeof name, "stdin_%zu", k);
    isa_term st3[3] = {inarr, tm_const(tc, k, ab), tm_var(tc, name, 8)};
    inarr = tm_app(tc, ISA_OP_STORE, st3, 3, 0, 0);
  }
  if (nin >= Lw)
    inlen = tm_const(tc, Lw, ab);
  else {
    inlen = tm_var(tc, "$inlen0", ab);
    fs[nf++] = tm_app2(tc, ISA_OP_ULE, tm_const(tc, nin, ab), inlen);
  }
  map[tm_var_index(tc, g->v.in)] = inarr;
  map[tm_var_index(tc, g->v.ip)] = tm_const(tc, nin, ab);
  map[tm_var_index(tc, g->v.inlen)] = inlen;
  fs[nf++] = tm_subst(tc, pre, map);
  /* and the state is in n: the path alone does not say so where n's
   * predicate is about input not read yet */
  fs[nf++] = tm_subst(tc, nwa_pred(g->G, e.from), map);
  for (size_t k = 0; k < nf; k++) fs[k] = ground(g, fs[k]);
  isa_term fpre = fs[nf - 2], fpn = fs[nf - 1];
  sx_path_free(&path);
  unsigned char *used = NULL;
  sr = slice_and_check(g, fs, &nf, npath, &used, reason, sizeof reason);
  /* one conjunct of ρ (core_split) where refinements repeat: a loop or a
   * callee refined over and over; elsewhere the extra queries cost more
   * than the generality brings */
  uint64_t nrefs = 0;
  if (sr == SMT_UNSAT) ht_get(&g->refs_at, I.pc + 1, &nrefs), ht_put(&g->refs_at, I.pc + 1, nrefs + 1);
  if (sr == SMT_UNSAT && nrefs >= CORE_AFTER && !g->o.no_cores) {
    /* the path's constraints that the slice kept, without the frontier's two */
    isa_term *hard = malloc(sizeof *hard * (nf + 1));
    size_t nh = 0;
    if (!hard) xa_nomem();
    for (size_t k = 0; k < nf; k++)
      if (fs[k] != fpre && fs[k] != fpn) hard[nh++] = fs[k];
    isa_term r2 = rho, ess2 = 0;
    if (core_split(g, hard, nh, map, &r2, &ess2)) {
      cenv c = {.g = g, .x = R.x, .in = g->T[t].in};
      tm_env env = cenv_env(&c);
      if (!tm_eval(tc, r2, &env)) {
        if ((g->o.debug & DPG_DEBUG_DETAIL) && r2 != rho) {
          fprintf(stderr, "  core: rho generalised to ");
          tm_fprint(tc, r2, stderr);
          fputc('\n', stderr);
        }
        rho = r2, ess = ess2, cored = true;
        g->st.conjuncts++;
      }
      free(c.vmap);
    }
    free(hard);
  }
  free(map);
  /* a model whose input did not lead across before: the path formula is
   * weaker than the runs (what system calls return, memory the solver may
   * choose), so try a refinement, which is sound whatever the model says */
  retried = sr == SMT_SAT && is_stuck(g, tuple_key(g, &e), 1);
  /* the same when a model from the same witness step across the same letter
   * failed before, for another copy of these states (a heuristic key:
   * a collision only means refining, which is always sound) */
  uint64_t wkey = ((uint64_t)t << 40 ^ (uint64_t)pos << 12 ^ e.letter) | 1;
  if (sr == SMT_SAT && ht_get(&g->model_failed, wkey, NULL)) retried = true;
  if (sr == SMT_SAT && !retried) {
    in_assign *in = model_input(g, fs, nf, nin, inarr, inlen, T->in, used);
    if (g->o.debug & DPG_DEBUG_STEPS) {
      fprintf(stderr, "sat edge %u kind %d n%u -> n%u letter 0x%llx/%u (witness t%zu@%zu), psi = ", ei, e.kind, e.from,
              e.to, (unsigned long long)I.pc, I.dir, t, pos);
      tm_fprint(tc, psi, stderr);
      fputc('\n', stderr);
    }
    free(fs);
    free(used);
    run_end(&R);
    if (!in) {
      stuck(g, &e, 1, "the solver's model gives no input");
      return S_CONT;
    }
    ex_result res;
    char why[300] = "";
    isa_term pn = nwa_pred(g->G, e.from); /* G changes in add_run */
    outcome out = add_run(g, in, &res, why, sizeof why);
    if (out == OUT_NONE && !crossed(g, g->nT - 1, pos, e.letter, pn, psi)) {
      const dtrace *nt = &g->T[g->nT - 1];
      if (nt->cut && pos + 1 == nt->n && nt->st[pos].letter == e.letter) { /* say why: it faulted there */
        g->fault_letter = (uint64_t)e.letter + 1;
        snprintf(g->fault_why, sizeof g->fault_why,
                 "the solver's input faults at 0x%llx, which the symbolic step does not model", (unsigned long long)I.pc);
      }
      stuck(g, &e, 1, g->fault_letter == (uint64_t)e.letter + 1 ? g->fault_why : "the solver's inputs do not lead across the frontier");
      ht_add(&g->model_failed, wkey, 0);
    }
    return finish_run(g, out, why, r);
  }
  free(fs);
  free(used);
  if (sr == SMT_UNKNOWN && !retried) {
    char why[300];
    snprintf(why, sizeof why, "the solver gave up: %s", reason);
    run_end(&R);
    stuck(g, &e, 3, why);
    return S_CONT;
  }
refine:
  /* refine along the frontier (Fig. 1) with ρ = Pre_α(I, ψ), found above */
  g->st.ref++;
  run_end(&R);
  if (holds_at_witness) {
    if (g->o.debug & DPG_DEBUG_STEPS) {
      fprintf(stderr, "rho holds at the witness: edge %u kind %d n%u -> n%u letter 0x%llx/%u (t%zu@%zu): rho = ", ei,
              e.kind, e.from, e.to, (unsigned long long)I.pc, I.dir, t, pos);
      tm_fprint(tc, rho, stderr);
      fputc('\n', stderr);
    }
    /* m may hold no state at all (splits conjoin what no solver call has
     * checked together): then nothing enters it */
    char rs[200];
    g->st.se++;
    if (smt_check(g->solver, &psi, 1, rs, sizeof rs) == SMT_UNSAT) {
      for (size_t k = 0; k < nwa_nedges(g->G); k++) {
        const nwa_edge *f = nwa_edge_at(g->G, k);
        if (!f->dead && f->to == e.to) nwa_remove(g->G, (nwa_kind)f->kind, f->from, f->pred, f->letter, f->to);
      }
      return S_CONT;
    }
    stuck(g, &e, 3,
          !retried                    ? "internal error: the refinement predicate holds at the witness"
          : g->fault_letter == (uint64_t)e.letter + 1 ? g->fault_why
                                      : "the solver's inputs do not lead across the frontier");
    return S_CONT;
  }
  if (g->o.debug & DPG_DEBUG_STEPS) {
    fprintf(stderr, "refine edge %u kind %d n%u -> n%u letter 0x%llx/%u (witness t%zu@%zu): rho = ", ei, e.kind, e.from,
            e.to, (unsigned long long)I.pc, I.dir, t, pos);
    tm_fprint(tc, rho, stderr);
    fputc('\n', stderr);
    if (g->o.debug & DPG_DEBUG_DETAIL) {
      fprintf(stderr, "  psi = ");
      tm_fprint(tc, psi, stderr);
      fprintf(stderr, "\n  pre = ");
      tm_fprint(tc, pre, stderr);
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
    if (smt_check(g->solver, &rho, 1, rs, sizeof rs) == SMT_UNSAT) {
      if (g->o.debug & DPG_DEBUG_STEPS)
        fprintf(stderr,
                "refine edge %u kind %d n%u -> n%u letter 0x%llx/%u (witness t%zu@%zu): rho excluded by n (solver)\n",
                ei, e.kind, e.from, e.to, (unsigned long long)I.pc, I.dir, t, pos);
      nwa_remove(g->G, e.kind, e.from, e.pred, e.letter, e.to);
      return S_CONT;
    }
  }
  /* n ∧ ρ may hold states: split */
  size_t ne0 = nwa_nedges(g->G);
  nwa_state n2 = nwa_split(g->G, e.from, rho);
  if (g->iv) iv_inherit(g->iv, n2, e.from);
  g->site = xa_realloc(g->site, sizeof *g->site * nwa_nstates(g->G));
  g->site[n2] = g->site[e.from];
  if ((exact || cored) && !retried && pos && t < UINT32_MAX && pos < UINT32_MAX) { /* the next query along the witness is this one's (above) */
    chain_sync(g);
    ht_put(&g->chain, (uint64_t)n2 + 1, (uint64_t)t << 32 | pos);
    if (ess) ht_put(&g->ess, (uint64_t)n2 + 1, ess);
  }
  prune(g, g->G, g->site, ne0);
  nwa_remove(g->G, e.kind, e.from, e.pred, e.letter, e.to);
  return S_CONT;
}

/* ---- directed testing beside the graph (explore.h) ----------------------- */

/* Is position p a branch: a successor that the state decides? */
static bool is_branch(dpg *g, const ex_pos *p) {
  isa_insn in;
  if (g->d->decode(p->bytes, p->len, p->pc, &in) != ISA_DECODE_OK || in.len != p->len) return false;
  switch (g->d->insns[in.id].flow) {
  case ISA_FLOW_CJUMP:
  case ISA_FLOW_IJUMP:
  case ISA_FLOW_ICALL:
  case ISA_FLOW_RETURN: return true;
  default: return false;
  }
}

/* A run the explorer may branch off: run t of T, or (t < 0) the input in,
 * which the pool then owns. */
static void explore_add(dpg *g, in_assign *in, int64_t t, const ex_pos *pos, size_t n, uint64_t last_next) {
  if (!g->xp) {
    if (t < 0) in_free(in);
    return;
  }
  uint64_t *pc = malloc(sizeof *pc * (n + 1));
  uint8_t *br = malloc(n + 1);
  if (!pc || !br) xa_nomem();
  for (size_t i = 0; i < n; i++) {
    pc[i] = pos[i].pc;
    br[i] = i < XP_MAX_POS && is_branch(g, &pos[i]);
  }
  if (g->nX == g->capX) {
    g->capX = g->capX ? g->capX * 2 : 32;
    g->X = xa_realloc(g->X, sizeof *g->X * g->capX);
  }
  g->X[g->nX] = (struct xrun){t < 0 ? in : NULL, t};
  xp_add_run(g->xp, (uint32_t)g->nX, pc, br, n, last_next);
  g->nX++;
  free(pc);
  free(br);
}

/* One negated branch: solve the path of a run up to a branch, with the
 * successor the run took excluded, and run the model.  A run that reaches
 * the target or an AE violation, or covers an edge no run covered, joins T
 * (and G is intersected with its fold: *changed); any other run only joins
 * the explorer's pool. */
static sres explore_step(dpg *g, dpg_result *r, bool *changed) {
  tm_ctx *tc = g->tc;
  *changed = false;
  uint32_t id;
  size_t i;
  if (!xp_next(g->xp, &id, &i)) return S_CONT;
  int64_t t = g->X[id].t;
  in_assign *win = t >= 0 ? g->T[t].in : g->X[id].in;
  const ex_pos *pos = t >= 0 ? g->T[t].pos : NULL;
  size_t n = t >= 0 ? g->T[t].n : 0;
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
  int bad = sx_replay_until(g->d, tc, pos, i + 1, g->entry, g->sp0, &path, late_cb, g);
  if (rerun) run_end(&R);
  if (bad) {
    sx_path_free(&path);
    return S_CONT;
  }
  isa_term *fs = malloc(sizeof *fs * (path.npc + 1));
  if (!fs) xa_nomem();
  size_t nf = 0;
  for (size_t k = 0; k < path.npc; k++) fs[nf++] = path.pc[k];
  size_t npath = nf, nin = path.nstdin;
  unsigned pw = g->d->regs[g->d->pc].width;
  fs[nf++] = tm_app1(tc, ISA_OP_LNOT, tm_app2(tc, ISA_OP_EQ, path.reg[g->d->pc], tm_const(tc, taken, pw)));
  sx_path_free(&path);
  for (size_t k = 0; k < nf; k++) fs[k] = ground(g, fs[k]);
  /* the stream after what the path read: not in the query, so model_input
   * keeps the run's bytes (made before the slice, which sizes `used` by
   * the variables that exist) */
  isa_term inarr = tm_var(tc, "$inrest", TM_ARRAY), inlen = tm_var(tc, "$inlen0", g->d->addr_bits);
  char reason[256] = "";
  unsigned char *used = NULL;
  smt_result sr = slice_and_check(g, fs, &nf, npath, &used, reason, sizeof reason);
  in_assign *in = NULL;
  if (sr == SMT_SAT) in = model_input(g, fs, nf, nin, inarr, inlen, win, used);
  free(fs);
  free(used);
  if (!in) return S_CONT;
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
  bool fresh = xp_is_new(g->xp, pcs, m, last_next);
  free(pcs);
  if (g->o.debug & DPG_DEBUG_STEPS)
    fprintf(stderr, "explore: run %u position %zu (0x%llx, not to 0x%llx): %zu steps%s%s\n", id, i,
            (unsigned long long)at, (unsigned long long)taken, m, decides ? ", decides" : "",
            fresh ? ", new edges" : "");
  if (!decides && !fresh) {
    g->st.ce++;
    explore_add(g, in, -1, pp, m, last_next);
    run_end(&P);
    return S_CONT;
  }
  run_end(&P);
  in_reset_use(in);
  ex_result res;
  char why[300] = "";
  outcome out = add_run(g, in, &res, why, sizeof why);
  *changed = true;
  return finish_run(g, out, why, r);
}

/* Replay the input from scratch before a verdict is printed. */
static bool confirm(dpg *g, in_assign *in, outcome want, ex_ae *ae) {
  run R;
  in_reset_use(in);
  if (run_start(g, in, &R)) {
    run_end(&R);
    return false;
  }
  ex_opts o = {.max_steps = max_steps(g), .record = true, .stop_on_ae = true, .out = g->devnull, .err = g->devnull};
  R.r = ex_run(R.x, &o);
  bool ok = false;
  size_t n = ex_trace_len(R.x);
  const ex_pos *pos = ex_trace(R.x);
  bool reached = false;
  for (size_t i = 0; i < n && !reached; i++) reached = pos[i].pc == g->o.target;
  if (!reached && about_to_run(R.r.status)) reached = ex_regs(R.x)[g->d->pc] == g->o.target;
  if (want == OUT_TARGET) ok = reached;
  else if (want == OUT_AE && !reached) {
    ok = R.r.ae.found;
    *ae = R.r.ae;
  }
  run_end(&R);
  return ok;
}

static sres finish_run(dpg *g, outcome out, const char *why, dpg_result *r) {
  if (out == OUT_NONE) return S_CONT;
  if (out == OUT_ERROR) {
    r->verdict = DPG_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "%s", why);
    return S_VERDICT;
  }
  in_assign *in = g->T[g->nT - 1].in;
  ex_ae ae = {0};
  if (!confirm(g, in, out, &ae)) {
    r->verdict = DPG_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "internal error: a %s input does not replay",
             out == OUT_TARGET ? "reaching" : "violating");
    return S_VERDICT;
  }
  /* the confirming run marked what it used: in_write saves just that */
  r->witness = in;
  g->T[g->nT - 1].in = in_new(IN_FIXED, 0);
  r->verdict = out == OUT_TARGET ? DPG_REACHABLE : DPG_AE;
  r->ae = ae;
  if (out == OUT_TARGET)
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
  return s < nwa_nstates(g->G) && g->w[s].trace != 0;
}

static bool witnessed_cb(void *ctx, nwa_state s, nwa_state callpred) {
  dpg *g = ctx;
  if (s >= nwa_nstates(g->G)) return false;
  if (callpred == NWA_NONE) return g->w[s].trace != 0;
  wit w;
  return pair_get(g, s, callpred, &w) && w.trace;
}

/* fd_smc.fixed: the page is mapped without write permission.  A store
 * there faults (our emulator, qemu and Linux alike) and no system call of
 * the model (exec.h) changes permissions, so the byte is the loaded one in
 * every state.  Unmapped pages are not fixed: brk may map them. */
static bool code_fixed(const void *ctx, uint64_t a) {
  const mem_region *r = mem_region_of(ctx, a);
  return r && !(r->perms & MEM_W);
}

/* iv_fixed_fn: the same pages, whose loaded bytes are then every state's. */
static bool byte_fixed(const void *ctx, uint64_t a, uint8_t *b) {
  bool def;
  return code_fixed(ctx, a) && mem_peek(ctx, a, 1, b, &def, NULL) == MEM_OK && def;
}

dpg *dpg_new(const isa_desc *d, const el_image *img, const mem_space *loaded, const dpg_opts *o) {
  dpg *g = calloc(1, sizeof *g);
  if (!g) xa_nomem();
  g->d = d;
  g->img = img;
  g->loaded = loaded;
  g->o = *o;
  g->self_check = o->self_check;
  g->tc = tm_new(d->addr_bits);
  g->solver = smt_new(g->tc, o->smt_timeout_ms ? o->smt_timeout_ms : 10000);
  if (!g->solver) xa_nomem(); /* Z3 could not make a context */
  g->memo.limit = MEMO_LIMIT;
  fd_vocab_init(&g->v, d, g->tc);
  g->L = fd_letters_new();
  g->fs = fs_new(&g->v, g->L);
  fs_set_return_sites(g->fs, call_ra, g);
  g->devnull = fopen("/dev/null", "w");
  if (o->explore) g->xp = xp_new();
  for (size_t i = 0; i < img->nsegs; i++) /* §9: which folding */
    if ((img->segs[i].perms & MEM_W) && (img->segs[i].perms & MEM_X)) g->smc = true;
  g->smc_code = (fd_smc){code_fixed, loaded};
  return g;
}

void dpg_free(dpg *g) {
  if (!g) return;
  if (g->o.debug & DPG_DEBUG_STEPS) {
    fprintf(stderr, "solver: %lu queries to Z3, %lu answered from memory, %.3f s in Z3\n", smt_queries(g->solver),
            smt_cached(g->solver), smt_seconds(g->solver));
    fprintf(stderr, "predicate memo: %zu entries, cleared %lu times\n", g->memo.n, g->memo_clears);
  }
  for (size_t i = 0; i < g->nT; i++) {
    in_free(g->T[i].in);
    free(g->T[i].pos);
    free(g->T[i].st);
  }
  free(g->T);
  for (size_t i = 0; i < g->nX; i++) in_free(g->X[i].in);
  free(g->X);
  xp_free(g->xp);
  free(g->w);
  ht_free(&g->pw);
  ht_free(&g->memo);
  ht_free(&g->grounded);
  ht_free(&g->zeroed);
  free(g->regvar);
  ht_free(&g->preds);
  ht_free(&g->model_failed);
  ht_free(&g->chain);
  ht_free(&g->ess);
  ht_free(&g->refs_at);
  free(g->stuck);
  ht_free(&g->pcs);
  ht_free(&g->cand_done);
  fs_free(g->fs);
  iv_free(g->iv);
  free(g->site);
  nwa_free(g->G);
  fd_letters_free(g->L);
  smt_free(g->solver);
  tm_free(g->tc);
  mem_free(g->init);
  free((void *)g->v.rd);
  if (g->devnull) fclose(g->devnull);
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

void dpg_run(dpg *g, dpg_result *r) {
  memset(r, 0, sizeof *r);
  clock_gettime(CLOCK_MONOTONIC, &g->t0);
  g->until = g->o.timeout_s;
  double last_progress = 0;
  /* the memory a run starts with, for grounding initial reads */
  {
    in_assign *in0 = in_new(IN_FIXED, 0);
    run R;
    if (run_start(g, in0, &R)) {
      run_end(&R);
      in_free(in0);
      r->verdict = DPG_UNKNOWN;
      snprintf(r->reason, sizeof r->reason, "cannot set up the initial stack");
      return;
    }
    g->init = mem_clone(ex_mem(R.x));
    set_readable(g);
    g->entry = ex_regs(R.x)[g->d->pc];
    g->sp0 = ex_regs(R.x)[g->d->sp];
    if (!g->o.no_facts) { /* the initial facts, as initial_map and ground() say */
      g->iv = iv_new(&g->v, g->L, DPG_BOOT);
      if (g->self_check) iv_set_self_check(g->iv, g->o.debug & DPG_DEBUG_FACTS_WHY ? 2 : 1);
      iv_set_fixed(g->iv, byte_fixed, g->loaded);
      for (unsigned i = 0; i < g->d->nregs; i++)
        if (i == g->d->pc || i == g->d->sp || g->o.inputs == DPG_INPUTS_LINUX)
          iv_set_initial(g->iv, tm_var(g->tc, g->d->regs[i].name, g->d->regs[i].is_flag ? TM_BOOL : g->d->regs[i].width),
                         ex_regs(R.x)[i]);
      /* the loaded bytes of writable, executable segments: the code a
       * self-modifying program may rewrite, whose facts say which
       * instruction a run meets there (§9).  Whole segments, up to
       * IV_CODE_BYTES in all (8 bytes of memory each): the facts' initial
       * layer, which every vector shares until a store changes a byte of
       * it or one to an unknown address drops it */
      size_t budget = IV_CODE_BYTES;
      for (size_t i = 0; i < g->img->nsegs; i++) {
        const el_segment *sg = &g->img->segs[i];
        if (!(sg->perms & MEM_W) || !(sg->perms & MEM_X)) continue;
        if (sg->memsz > budget) {
          if (g->o.debug & DPG_DEBUG_STEPS)
            fprintf(stderr, "facts: the %llu bytes of the writable code at 0x%llx are not initial facts (over %u)\n",
                    (unsigned long long)sg->memsz, (unsigned long long)sg->vaddr, IV_CODE_BYTES);
          continue;
        }
        budget -= sg->memsz;
        for (uint64_t a = sg->vaddr; a < sg->vaddr + sg->memsz; a++) {
          uint8_t b;
          bool def;
          if (mem_peek(g->init, a, 1, &b, &def, NULL) == MEM_OK && def) iv_set_initial_byte(g->iv, a, b);
        }
      }
      iv_set_initial(g->iv, g->v.V, 0);
      iv_set_initial(g->iv, g->v.D, 0);
      iv_set_initial(g->iv, g->v.ip, 0);
    }
    run_end(&R);
    in_free(in0);
  }
  g->G = fd_initial(&g->v, g->o.target);
  g->gen = 1; /* iv_gen 0: no facts yet */
  add_boot(g->G, g->tc);
  g->site = calloc(nwa_nstates(g->G), sizeof *g->site);
  if (!g->site) xa_nomem();
  if (g->entry == g->o.target) {
    r->verdict = DPG_REACHABLE;
    r->witness = in_new(IN_FIXED, 0);
    snprintf(r->reason, sizeof r->reason, "the target is the entry point");
    goto done;
  }
  /* line 1: a run on some input (a fixed pseudo-random standard input) */
  {
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
    if (s0 == S_VERDICT) goto done;
  }
  for (;;) {
    char why[300];
    /* directed testing gets its share of the time (--explore) while it has
     * branches to negate; it hands back when a run changed G */
    if (g->xp) {
      bool changed = false;
      sres s = S_CONT;
      while (!changed && s == S_CONT && xp_pending(g->xp)) {
        double el = elapsed(g);
        if (g->xp_seconds >= g->o.explore / 100.0 * el || (g->o.timeout_s > 0 && el >= g->o.timeout_s)) break;
        double t0 = now_s();
        cap_solver_time(g);
        s = explore_step(g, r, &changed);
        g->xp_seconds += now_s() - t0;
      }
      if (s == S_VERDICT) break;
    }
    if (out_of_time(g)) {
      r->verdict = DPG_UNKNOWN;
      budget_reason(g, r, true);
      break;
    }
    /* facts proven over G strengthen its predicates (inv.h).  They stay true
     * as G shrinks and split states inherit them, so the fixpoint runs for
     * every new G (a run joined) and otherwise within a share of the time */
    if (g->iv && (g->gen != g->iv_gen || g->iv_seconds <= IV_SHARE * elapsed(g))) {
      double ti0 = now_s();
      iv_stats is;
      bool ok = iv_strengthen(g->iv, g->G, &is);
      g->st.analysis_seconds += now_s() - ti0;
      g->iv_seconds += now_s() - ti0;
      g->iv_gen = g->gen;
      if (g->o.debug & DPG_DEBUG_STEPS)
        fprintf(stderr, "facts: %s, %zu contexts, %zu predicates strengthened, %zu edges removed, %zu states unreached (%.3f s)\n",
                ok ? "settled" : "gave up", is.contexts, is.changed, is.removed, is.bottom, now_s() - ti0);
    }
    int wr = witnesses(g, why, sizeof why);
    if (wr) {
      r->verdict = DPG_UNKNOWN;
      if (wr > 0) budget_reason(g, r, true);
      else snprintf(r->reason, sizeof r->reason, "%s", why);
      break;
    }
    rc_result rr;
    double ta0 = now_s();
    rc_analyze(g->G, &rr);
    g->st.analysis_seconds += now_s() - ta0;
    if (!rr.reachable) { /* line 6 */
      rc_free(&rr);
      r->verdict = DPG_SAFE;
      snprintf(r->reason, sizeof r->reason, "no path to 0x%llx or to an AE violation remains in the abstract graph",
               (unsigned long long)g->o.target);
      break;
    }
    /* returns no matched path takes never will be taken: drop them (reach.h) */
    rc_prune_returns(g->G, &rr);
    double el = elapsed(g);
    if (g->o.timeout_s > 0 && el >= g->o.timeout_s) {
      rc_free(&rr);
      r->verdict = DPG_UNKNOWN;
      budget_reason(g, r, true);
      break;
    }
    if (g->o.max_iter && g->st.iterations >= g->o.max_iter) {
      rc_free(&rr);
      r->verdict = DPG_UNKNOWN;
      budget_reason(g, r, false);
      break;
    }
    if (g->o.progress && el - last_progress >= 5) {
      last_progress = el;
      fprintf(g->o.progress, "verify: %.0f s, %lu iterations, %zu states, CE %lu, SE %lu, Ref %lu\n", el,
              g->st.iterations, nwa_nstates(g->G), g->st.ce, g->st.se, g->st.ref);
    }
    uint32_t fr[256];
    /* alternating: the frontier closest to the target (a proof's refinements
     * stay near it) every other time, and otherwise the oldest, which is
     * where the first runs branch (what directed testing would try next;
     * refinements near the target alone can unroll a loop for ever) */
    rc_policy pol = g->o.policy;
    if (pol == RC_ALTERNATE) pol = g->st.iterations % 2 ? RC_FIRST : RC_CLOSEST_TO_TARGET;
    size_t nfr = rc_frontiers(g->G, &rr, witnessed_cb, g, pol, fr, 256);
    if (!nfr) nfr = rc_frontiers(g->G, &rr, witnessed_any_cb, g, pol, fr, 256);
    if (nfr && (g->o.debug & DPG_DEBUG_PATH)) { /* debugging: m's way to acceptance along dist */
      const nwa_edge *fe = nwa_edge_at(g->G, fr[0]);
      fprintf(stderr, "frontier e%u n%u -> n%u:", fr[0], fe->from, fe->to);
      nwa_state x = fe->to;
      for (int hop = 0; hop < 400 && rr.dist[x] && rr.dist[x] != RC_INF; hop++) {
        size_t n;
        const uint32_t *out = nwa_out(g->G, x, &n);
        const nwa_edge *best = NULL;
        for (size_t j = 0; j < n && !best; j++) {
          const nwa_edge *e = nwa_edge_at(g->G, out[j]);
          if (!e->dead && rr.dist[e->to] + 1 == rr.dist[x]) best = e;
        }
        if (!best) { /* a summary: the call's return sites */
          const uint32_t *rs = nwa_ret_by_pred(g->G, x, &n);
          for (size_t j = 0; j < n && !best; j++) {
            const nwa_edge *e = nwa_edge_at(g->G, rs[j]);
            if (!e->dead && rr.dist[e->to] + 1 == rr.dist[x]) best = e;
          }
          if (!best) break;
          fprintf(stderr, " S>n%u", best->to);
          x = best->to;
          continue;
        }
        const fd_letter *fl = fd_letter_get(g->L, best->letter);
        fprintf(stderr, " %s%llx>n%u", best->kind == NWA_CALL ? "C" : best->kind == NWA_RETURN ? "R" : "",
                fl ? (unsigned long long)fl->pc : 0ull, best->to);
        x = best->to;
      }
      fputc('\n', stderr);
    }
    rc_free(&rr);
    if (nfr > 256) nfr = 256;
    size_t pick = nfr;
    for (size_t k = 0; k < nfr && pick == nfr; k++)
      if (!is_stuck(g, tuple_key(g, nwa_edge_at(g->G, fr[k])), 3)) pick = k;
    if (pick == nfr) {
      r->verdict = DPG_UNKNOWN;
      snprintf(r->reason, sizeof r->reason, "no frontier can be extended or refined%s%s",
               g->stuck_why[0] ? ": " : " (the path to the target runs through unexplored code no input reaches)",
               g->stuck_why);
      break;
    }
    /* One analysis serves several steps: rc_analyze and the witness
     * marking cost more than a refinement on a graph with many states, and
     * a frontier of a slightly older analysis is still a frontier while its
     * edge lives and neither of its states has been split (a step on it is
     * sound; it may only turn out to lie on no path any more).  A run that
     * joins T makes a new graph, so the batch ends there. */
    nwa_state touched[BATCH];
    size_t ntouched = 0, done_steps = 0;
    sres sr = S_CONT;
    for (size_t k = pick; k < nfr && done_steps < BATCH; k++) {
      const nwa_edge *fe = nwa_edge_at(g->G, fr[k]);
      if (fe->dead || is_stuck(g, tuple_key(g, fe), 3)) continue;
      bool clash = false;
      for (size_t j = 0; j < ntouched && !clash; j++) clash = touched[j] == fe->from || touched[j] == fe->to;
      if (clash) continue;
      nwa_state from = fe->from, to = fe->to;
      nwa *G0 = g->G;
      size_t nT0 = g->nT, ns0 = nwa_nstates(g->G);
      g->st.iterations++;
      cap_solver_time(g);
      sr = dpg_step(g, fr[k], r);
      done_steps++;
      if (sr == S_VERDICT || g->G != G0 || g->nT != nT0) break;
      if (nwa_nstates(g->G) != ns0) touched[ntouched++] = from;
      touched[ntouched++] = to; /* its in-edges may all have gone */
      if (ntouched + 2 > BATCH) break;
      if (g->o.max_iter && g->st.iterations >= g->o.max_iter) break;
      if (g->o.timeout_s > 0 && elapsed(g) >= g->o.timeout_s) break;
    }
    if (sr == S_VERDICT) break;
  }
done:
  /* a self-check failure means the graph may not contain every run: no
   * proof rests on it */
  if (g->self_fail[0] && r->verdict == DPG_SAFE) {
    r->verdict = DPG_UNKNOWN;
    snprintf(r->reason, sizeof r->reason, "self-check failed: %s", g->self_fail);
  }
  g->st.instructions = g->pcs.n;
  g->st.seconds = elapsed(g);
  g->st.solver_seconds = smt_seconds(g->solver);
  g->st.states = nwa_nstates(g->G);
  g->st.edges = nwa_live_edges(g->G);
  r->stats = g->st;
}

void dpg_write_dot(dpg *g, FILE *f) {
  tm_ctx *tc = g->tc;
  /* the graph may have changed since the witnesses were last marked (a
   * deciding run joins it): mark them again, in what is left of the time
   * budget (at least half a second: a long run takes seconds to re-check) */
  int wr = 0;
  if (g->G && g->nT) {
    char why[300];
    double el = elapsed(g);
    g->until = g->o.timeout_s > 0 ? (g->o.timeout_s > el + 0.5 ? g->o.timeout_s : el + 0.5) : 0;
    wr = witnesses(g, why, sizeof why);
  }
  fprintf(f, "digraph G {\n  node [shape=box fontname=monospace fontsize=9];\n");
  if (wr > 0) fprintf(f, "  // the time budget ran out while witnessed states were marked: some are not filled\n");
  size_t ns = nwa_nstates(g->G);
  char buf[512];
  for (size_t s = 0; s < ns; s++) {
    tm_print(tc, nwa_pred(g->G, (nwa_state)s), buf, sizeof buf);
    for (char *p = buf; *p; p++)
      if (*p == '"' || *p == '\\') *p = '\'';
    const fd_letter *l = fd_letter_get(g->L, g->site[s]);
    bool wit = g->w && s < g->nw && g->w[s].trace;
    char at[32] = "";
    if (l) snprintf(at, sizeof at, " @0x%llx", (unsigned long long)l->pc);
    else if (s == nwa_start(g->G)) snprintf(at, sizeof at, " start");
    fprintf(f, "  n%zu [label=\"%zu%s\\n%s\"%s%s];\n", s, s, at, buf,
            nwa_accepting(g->G, (nwa_state)s) ? " peripheries=2" : "", wit ? " style=filled fillcolor=lightgrey" : "");
  }
  for (size_t i = 0; i < nwa_nedges(g->G); i++) {
    const nwa_edge *e = nwa_edge_at(g->G, i);
    if (e->dead) continue;
    const fd_letter *l = fd_letter_get(g->L, e->letter);
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
