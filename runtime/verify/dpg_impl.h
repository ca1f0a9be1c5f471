/* dpg_impl.h — what the files of directed proof generation share (private
 * to runtime/verify/dpg_*.c; the public API is dpg.h).
 *
 *   dpg_loop.c     the main loop (Alg. 1), the budgets and verdicts, the
 *                  public API (dpg_new, dpg_run, dpg_write_dot, ...)
 *   dpg_runs.c     concrete runs, the state vocabulary in a machine, the
 *                  witnesses (each run of T through G), adding a run to T
 *   dpg_query.c    the symbolic side of a step: grounding, the path query's
 *                  slice and solver call, models as inputs, stuck frontiers,
 *                  the boot step
 *   dpg_refine.c   ρ = Pre_α at a witness, its split on one conjunct of an
 *                  unsatisfiable core, and the refinement through a whole
 *                  callee at the call (summaries)
 *   dpg_step.c     one DPG step on a frontier edge (dpg_step)
 *   dpg_explore.c  directed testing beside the graph (explore.h)
 *   dpg_long.c     runs past the step budget: the only execution deciding
 *                  the program, cut runs run again, the continued run
 *
 * Ownership: everything reachable from struct dpg belongs to it (dpg_free)
 * but the descriptor, the image and the loaded memory, which it borrows
 * (dpg.h).  A `run` owns its machine and memory until run_end; a `cenv`
 * owns its vmap (the caller frees it).
 */
#ifndef MCVETO_DPG_IMPL_H
#define MCVETO_DPG_IMPL_H

#include <time.h>

#include "dpg.h"
#include "cand.h"
#include "cutproof.h"
#include "explore.h"
#include "feas.h"
#include "fold.h"
#include "htab.h"
#include "inv.h"
#include "loopcand.h"
#include "nwa.h"
#include "smt.h"
#include "terms.h"

#define STDIN_PAD 256 /* zero bytes after a witness's own standard input */

/* The letter of the boot step.  Every automaton starts in a state ι (predicate
 * true) whose only transitions are boot steps into the states that may hold
 * an initial state.  A split of such a state then leaves both halves initial
 * (each keeps its boot step), which the initial states need when they differ
 * (in the input they will read, or in registers with --inputs all); a boot
 * step is removed when no initial state satisfies its destination. */
#define DPG_BOOT 0xFFFFFFFEu

/* Entries of the predicate memo (g->wit.memo, dpg_runs.c). */
#define MEMO_LIMIT ((size_t)1 << 21) /* entries: 64 MB at most */


/* One input of T and its run. */
typedef struct dtrace {
  in_assign *in;
  ex_pos *pos;   /* the recorded run */
  fold_step *st;
  size_t n;
  uint64_t base; /* its first position in the numbering of all runs' positions (memo keys) */
  bool cut;      /* its last step did not complete (a fault or a trap) */
  bool unsup;    /* it stopped at a system call the runtime does not implement: */
  uint64_t unsup_nr, unsup_pc; /* its number and address */
} dtrace;

typedef struct wit { uint32_t trace, pos; } wit; /* trace+1 (0: none), position */

/* A run directed testing may branch off: run t of T (t >= 0), or an input
 * of its own (t < 0, owned; run again when a branch of it is negated). */
struct xrun {
  in_assign *in;
  int64_t t;
};

/* Directed testing's state (explore.h): the queue and the runs it may
 * branch off, by number (X owns the inputs of its entries with t < 0). */
struct xpool {
  xp *xp;
  struct xrun *X;
  size_t nX, capX;
};

struct dpg {
  /* the options, and the term context and solver every part uses (owned) */
  dpg_opts o;
  tm_ctx *tc;
  smt *solver;
  /* the program: the descriptor, the image and the loaded memory are
   * borrowed (dpg.h), and smc_code's context is the loaded memory; init
   * is owned */
  struct {
    const isa_desc *d;
    const el_image *img;
    const mem_space *loaded;
    mem_space *init; /* memory as a run starts (image and stack), for grounding */
    uint64_t entry, sp0;
    bool smc; /* a segment is writable and executable: fold per (address, instruction) */
    fold_smc smc_code;
  } prog;
  /* the graph G and what labels it (owned), but ra_site, borrowed from the
   * caller of prune for its duration */
  struct {
    nwa *G;
    nwa_letter *site;          /* per state of G */
    uint64_t *cmark;           /* per state of G: the (address, φ) key of the last relational
                                  candidate its lineage was split on, 0 none (dpg_runs.c) */
    const nwa_letter *ra_site; /* the site array of the graph being pruned (prune) */
    size_t ra_nsite;
    fold_vocab v;
    fold_letters *L;
    unsigned long gen; /* G's generation (a run joined) */
  } gr;
  /* the runs T (owned, with their inputs) */
  struct {
    dtrace *T;
    size_t nT, capT;
  } run;
  /* witnesses, recomputed after every change of G, and what evaluating
   * predicates on the runs keeps (all owned) */
  struct {
    wit *w;      /* per state */
    size_t nw;   /* states w covers (G may have grown since) */
    ht_map pw;   /* return witnesses: (exit << 32 | callpred) + 1 -> wit */
    ht_map memo; /* predicate values on runs: (position << 32 | term) -> value */
    unsigned long memo_clears;
    ht_map preds; /* terms that are some state's predicate (memo keys) */
    double until; /* elapsed seconds after which a re-check of the runs stops (witnesses) */
  } wit;
  /* the path query's caches (owned; the terms belong to tc) */
  struct {
    ht_map grounded;  /* ground_step: term + 1 -> (grounded term << 32 | facts) */
    ht_map zeroed;    /* zero_step: term + 1 -> term with the registers at 0 */
    isa_term *regvar; /* variable index -> 0 of the register's sort, or 0 (zero_step) */
    size_t nregvar;
    uint64_t win[16]; /* table windows made known (table_facts) */
    isa_term win_facts[16];
    size_t nwin;
    ht_map model_failed; /* (witness trace, step, letter) whose model did not lead across */
    size_t nused;        /* entries of the last slice's variable set */
    /* ρ-copies of splits whose path query carries to the witness's previous
     * step (dpg_step): state + 1 -> trace << 32 | position, for G's
     * generation chain_gen */
    ht_map chain;
    /* for some of those copies, the part of their predicate the carried
     * query needs (core_split): state + 1 -> term */
    ht_map ess;
    unsigned long chain_gen;
  } q;
  /* frontier edges that cannot be extended or refined (owned) */
  struct {
    uint32_t *key; /* tuple_key of each */
    size_t n, cap;
    char why[256];
    uint64_t fault_letter; /* 1 + the last frontier letter a solver's input faulted on (fault_why), or 0 */
    char fault_why[160];
  } stuck;
  /* the analyses beside the graph, and what they have done (all owned) */
  struct {
    feas_cache *fs;        /* infeasible edges by their states' facts (feas.h) */
    inv_ctx *iv;           /* facts proven over G (inv.h); NULL when switched off */
    unsigned long inv_gen; /* the generation of G the facts are of */
    double inv_seconds;
    cd_hist *cd_hist; /* CD_AFFINE's samples over every run of T */
    bool sampled;     /* the sampling runs of small inputs are in cd_hist (dpg_runs.c) */
    lc_ctx *lc;       /* which of them a loop's passes keep (loopcand.h); NULL for self-modifying code */
    cp_ctx *cp;       /* the proof over loop heads (cutproof.h); NULL when it does not apply */
    unsigned long cp_version, cp_tried; /* the heads' atoms changed / the version last tried */
    double cp_seconds; /* spent on it */
    ht_map cut_seen;   /* per loop head (pc + 1): the samples' version its atoms were last noted at */
    ht_map cand_done; /* candidate invariants already split in: hash(pc, φ) */
    ht_map refs_at;   /* refinements so far by the frontier's address (key pc + 1) */
    ht_map pcs;       /* distinct executed addresses (key pc + 1) */
  } an;
  /* directed testing beside the graph (explore.h): the runs it may branch
   * off, by number — a run of T (t >= 0) or an input of its own (t < 0,
   * run again when a branch of it is negated; owned) */
  struct {
    struct xpool p;
    double seconds;
    bool own;        /* the run being added is the explorer's, */
    uint32_t parent; /* made by negating a branch of this one */
  } explore;
  /* runs continued past the step budget (dpg_long.c) */
  struct {
    double seconds;         /* in such runs (long_run) */
    uint64_t confirm_steps; /* steps the deciding run took, when past the budget (confirm) */
    bool replayed;          /* the deciding run was a fresh unrecorded run of the input: no confirm */
    ex_ae ae;               /* its AE violation */
  } longrun;
  dpg_carry *carry;     /* o.carry, or own_carry */
  dpg_carry *own_carry; /* owned, when the caller lends none */
  /* the statistics, the clock, the self-check and where runs write */
  dpg_stats st;
  struct timespec t0;
  bool self_check; /* --self-check, or the old debugging switches */
  char self_fail[400]; /* the first self-check failure */
  FILE *devnull; /* the runs' standard output and error */
};

/* A concrete run: its memory and machine (owned), and how it ended. */
typedef struct run {
  mem_space *m;
  ex_machine *x;
  ex_result r;
} run;

/* What the searches of one verification hand on (dpg.h). */
struct dpg_carry {
  double t0; /* the clock when the verification began */
  /* the continued run (dpg_long.c) */
  struct carry_cont {
    enum { CONT_IDLE, CONT_RUNNING, CONT_OVER } state;
    in_assign *in; /* its input (owned) */
    run R;         /* its machine while CONT_RUNNING */
    uint64_t steps;
    double seconds; /* in its turns */
  } cont;
  /* directed testing between two searches (dpg_explore.c): the queue and
   * the runs, every one by its own input (owned) */
  struct xpool explore;
  /* the atoms the proof over loop heads dropped (cutproof.h), by text */
  ht_map cut_dropped;
};

/* The state vocabulary evaluated in a concrete machine (cenv_env). */
typedef struct cenv {
  dpg *g;
  ex_machine *x;
  const in_assign *in; /* the run's input: the stream state of $in, $inlen, $ip */
  int *vmap;     /* var index -> register index, or a ROLE_… */
  size_t nvmap;
  bool V;
} cenv;

/* How a run ended, for the search. */
/* OUT_CLOSED: the run is the program's only execution and ends without
 * reaching the target or an AE violation (closed_run): a proof of safety. */
typedef enum outcome { OUT_NONE, OUT_TARGET, OUT_AE, OUT_ERROR, OUT_CLOSED } outcome;

/* After a step: go on, or r holds the verdict. */
typedef enum sres { S_CONT, S_VERDICT } sres;

/* core_split: conjuncts of ρ tried alone, and the refinements at an
 * address before it is tried there */
enum { CORE_TRIES = 3, CORE_AFTER = 2 };
/* Witnesses longer than this get no path query (dpg_step.c path_query). */
#define PATH_QUERY_MAX_STEPS 100000

/* ---- dpg_loop.c ---------------------------------------------------------- */

void add_boot(nwa *a, tm_ctx *tc); /* ι and its boot step into a's start */
double elapsed(const dpg *g);      /* seconds since dpg_run began */
bool late_cb(void *ctx);           /* ctx a dpg: the time budget is spent */
void self_fail(dpg *g, const char *msg); /* --self-check: report a failure */
void note_pc(dpg *g, uint64_t pc); /* an executed address (Fig. 10's #Instrs) */
/* The step's result for a run's outcome: S_CONT for OUT_NONE; a verdict
 * otherwise — unknown with why for OUT_ERROR, reachable or AE once a fresh
 * replay confirms it (the input then moves from T to r->witness). */
sres finish_run(dpg *g, outcome out, const char *why, dpg_result *r);

/* ---- dpg_runs.c ---------------------------------------------------------- */

int run_start(dpg *g, in_assign *in, run *R); /* -1: no stack; run_end R either way */
void run_end(run *R);
uint64_t max_steps(const dpg *g);
tm_env cenv_env(cenv *c);
bool pair_get(const dpg *g, nwa_state exit, nwa_state pred, wit *w); /* a return witness */
int witnesses(dpg *g, char *why, size_t whysz); /* 0; -1 with why; 1 late */
bool call_ra(const void *ctx, nwa_state p, uint64_t *ra); /* feas_ra_fn (feas.h) */
void prune(dpg *g, nwa *a, const nwa_letter *site, size_t first);
bool about_to_run(ex_status s);
outcome run_outcome(const dpg *g, const run *R, const ex_pos *pos, size_t n);
uint64_t run_next(const dpg *g, const run *R);
/* A split of G made state n2 from state from: n2 gets the site given and
 * from's candidate mark (grows both arrays). */
void label_split(dpg *g, nwa_state n2, nwa_letter site, nwa_state from);
/* Runs in (T takes it over), folds it and intersects G with the fold. */
outcome add_run(dpg *g, in_assign *in, ex_result *res, char *why, size_t whysz);

/* ---- dpg_long.c ---------------------------------------------------------- */

/* The run (input in, ended as r after steps) is the program's only
 * execution and ends without reaching the target: why gets the proof. */
bool closed_run(const dpg *g, const in_assign *in, const ex_result *r, uint64_t steps, char *why, size_t whysz);
/* A run of in cut by the step budget, run again unrecorded for a few more
 * budgets; with a verdict *copy gets the input that made it (owned). */
outcome long_run(dpg *g, const in_assign *in, in_assign **copy, char *why, size_t whysz);
/* A run of in cut by the step budget that asked for no standard input:
 * false when the continued run does not cover it (long_run then).  When
 * this starts the continued run, its first turn may decide (*out, with
 * *copy as for long_run). */
bool cont_take(dpg *g, const in_assign *in, in_assign **copy, outcome *out, char *why, size_t whysz);
/* The continued run's turn between iterations; S_VERDICT when it decides. */
sres cont_turn(dpg *g, dpg_result *r);
void cont_free(dpg_carry *c); /* the continued run's machine and input */

/* ---- dpg_cut.c ----------------------------------------------------------- */

/* A loop head's frame and candidate atoms (at most CUT_MAX_ATOMS) for the
 * proof over loop heads. */
#define CUT_MAX_ATOMS 2048
void cut_note(dpg *g, uint64_t pc, const isa_term *fv, const uint64_t *fk, size_t nf, const isa_term *at, size_t n);
/* The proof over loop heads, tried between iterations when the heads'
 * atoms changed; S_VERDICT when it proves the program safe. */
sres cut_turn(dpg *g, dpg_result *r);

/* ---- dpg_query.c --------------------------------------------------------- */

isa_term ground(dpg *g, isa_term t); /* t over the initial memory (and registers) */
/* The same, split: the grounded term, and in *facts what the initial
 * memory's image says of the reads that stay. */
isa_term ground_split(dpg *g, isa_term t, isa_term *facts);
/* The initial state as a map of the vocabulary (PC, SP, the instrumentation;
 * ground() does the rest per the input model). */
void initial_map(dpg *g, isa_term *map);
void set_readable(dpg *g);
int replay_to(dpg *g, size_t t, size_t pos, run *R); /* run_end R either way */
uint32_t tuple_key(dpg *g, const nwa_edge *e);
bool is_stuck(dpg *g, uint32_t key, unsigned limit);
void stuck(dpg *g, const nwa_edge *e, unsigned weight, const char *why);
isa_term aux_term(dpg *g, const uint64_t *stk, size_t depth);
/* The model's input (the caller owns it), or NULL. */
in_assign *model_input(dpg *g, const isa_term *fs, size_t n, size_t c, isa_term inarr, isa_term inlen,
                       const in_assign *wit, const unsigned char *used);
sres boot_step(dpg *g, const nwa_edge *e, dpg_result *r);
/* *used (the caller frees it): the variables the solver saw. */
smt_result slice_and_check(dpg *g, isa_term *fs, size_t *nf, size_t npath, unsigned char **used, char *reason,
                           size_t reasonsz);
bool crossed(dpg *g, size_t t, size_t pos, nwa_letter l, isa_term pn, isa_term psi);
void chain_sync(dpg *g);

/* ---- dpg_refine.c -------------------------------------------------------- */

bool core_split(dpg *g, const isa_term *hard, size_t nh, const isa_term *map, isa_term *rho, isa_term *ess);
isa_term rho_of(dpg *g, isa_term pre, nwa_state n, const tm_env *env, bool *exact);
unsigned directions(const dpg *g, uint32_t insn);
isa_term without_V(dpg *g, isa_term t);
bool summary_refine(dpg *g, uint32_t ei, const nwa_edge *e, size_t t, size_t pos);

/* ---- dpg_step.c ---------------------------------------------------------- */

sres dpg_step(dpg *g, uint32_t ei, dpg_result *r);

/* ---- dpg_explore.c ------------------------------------------------------- */

/* t >= 0: run t of T; t < 0: the input in, which the explorer then owns.
 * offer: the explorer may negate the run's branches (else only its edges
 * count); parent: the run whose negated branch made it, or
 * EXPLORE_NO_PARENT. */
void explore_add(dpg *g, in_assign *in, int64_t t, const ex_pos *pos, size_t n, uint64_t last_next, bool cut,
                 bool offer, uint32_t parent);
sres explore_step(dpg *g, dpg_result *r, bool *changed);
/* Directed testing's state from g->carry (or a new one, with --explore),
 * and back into it when the search ends, runs of T by their inputs. */
void explore_resume(dpg *g);
void explore_park(dpg *g);
void xpool_free(struct xpool *p); /* its queue and inputs; p is left empty */

#endif
