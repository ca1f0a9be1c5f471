/* dpg.h — directed proof generation for machine code (MCVETO report Alg. 1).
 *
 * dpg_verify decides whether the target address is reachable in a loaded
 * program, or an AE violation (§3.5) can happen, and answers:
 *   DPG_REACHABLE  with an input (`witness`) whose concrete run reaches the
 *                  target — checked by a fresh replay before it is returned;
 *   DPG_AE         with an input whose run performs a return that is not one
 *                  (the offending `ret` in `ae`) — checked by replay too;
 *   DPG_SAFE       when no path from start to an accepting state remains in
 *                  the abstract graph, which over-approximates every run
 *                  (the graph is the proof: dpg_write_dot prints it);
 *   DPG_UNKNOWN    when a budget is spent, the solver says unknown, or no
 *                  frontier can be extended or refined, with the reason.
 * The loop: run, fold (fold.h), intersect (nwa.h), reachability and frontier
 * (reach.h), symbolic execution of the witness trace (symex.h) and the
 * solver (smt.h), refinement by Pre_α (pre.h).  Nothing here knows an ISA.
 *
 * Input model (docs/verifier.md): DPG_INPUTS_LINUX — registers and undefined
 * memory as Linux starts a process, only standard input is free;
 * DPG_INPUTS_ALL — the initial registers (but PC and SP) and undefined
 * memory are free too.  Standard input is read as a stream of bytes whose
 * end is never reached before the bytes the witness gives (the witness is
 * padded with zero bytes).
 *
 * Ownership: the dpg borrows the descriptor, the image and the memory with
 * the loaded program (which it never writes: each run gets a clone); the
 * result's witness belongs to the result (dpg_result_free).
 */
#ifndef MCVETO_DPG_H
#define MCVETO_DPG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "elfload.h"
#include "exec.h"
#include "inputs.h"
#include "isa.h"
#include "mem.h"
#include "reach.h"

typedef enum dpg_verdict { DPG_SAFE, DPG_REACHABLE, DPG_AE, DPG_UNKNOWN } dpg_verdict;
typedef enum dpg_inputs { DPG_INPUTS_LINUX, DPG_INPUTS_ALL } dpg_inputs;

/* What the searches of one verification hand on (docs/verifier.md): the
 * program's input-free execution continued past the step budget, and
 * directed testing's runs and queue.  A caller that runs several searches
 * on one program makes one, lends it to each (dpg_opts.carry) and frees it
 * after the last, so both go on from search to search. */
typedef struct dpg_carry dpg_carry;
dpg_carry *dpg_carry_new(void); /* the continued run's share of the time counts from here */
void dpg_carry_free(dpg_carry *c);

typedef struct dpg_opts {
  uint64_t target;
  double timeout_s;        /* 0: none */
  unsigned long max_iter;  /* DPG iterations (loop of Alg. 1); 0: none */
  uint64_t max_steps;      /* per concrete run; 0: the default (1,000,000) */
  unsigned smt_timeout_ms; /* per query; 0: the default (10 s) */
  reach_policy policy;
  dpg_inputs inputs;
  unsigned candidates;     /* cand.h shapes (CD_FRAMES | CD_CONST) split into each new G_π */
  unsigned explore;        /* percent of the time for directed testing (explore.h); 0: none */
  const char *prog_name;   /* argv[0] of the runs */
  FILE *progress;          /* a line every few seconds, or NULL */
  /* The user's whole budgets, quoted in an unknown reason when this search
   * has a share of them (--candidates auto); 0: timeout_s, max_iter. */
  double budget_s;
  unsigned long budget_iter;
  /* --self-check: every new run's fold contains every earlier run, and the
   * facts proven over the graph hold at every step of every run re-checked;
   * a failure is reported on standard error ("self-check: ...") and turns
   * a safe verdict into unknown. */
  bool self_check;
  /* Expert switches, for comparisons (docs/cli.md): each turns one
   * mechanism off and can change verdicts and figures. */
  bool no_facts;     /* --no-facts: no facts proven over the graph (inv.h) */
  bool no_summaries; /* --no-summaries: returns refined inside the callee only, never through it */
  bool no_cores;     /* --no-cores: a split on the whole ρ, never on one conjunct of it */
  bool keep_input;   /* --keep-input: ρ keeps the input still to come instead of forgetting it */
  bool no_induction; /* --no-induction: no proof by inductive invariants at loop heads (cutproof.h) */
  unsigned debug;    /* DPG_DEBUG_* printers on standard error (mcveto-<isa> reads them from the environment) */
  const char *smt_dump; /* append every query put to Z3 to this file (MCVETO_SMT_DUMP), or NULL */
  dpg_carry *carry;      /* borrowed, or NULL: the search makes its own */
} dpg_opts;

/* Debugging printers (dpg_opts.debug), on standard error; they change
 * nothing the verifier does. */
enum {
  DPG_DEBUG_STEPS = 1,      /* MCVETO_DPG_DEBUG: each step, query and refinement */
  DPG_DEBUG_DETAIL = 2,     /* MCVETO_DPG_DEBUG2: the terms behind them */
  DPG_DEBUG_TRACE = 4,      /* MCVETO_TRACE_DEBUG: each run's trace */
  DPG_DEBUG_LOST_PRED = 8,  /* MCVETO_LOST_PRED: a predicate's false conjuncts where a run leaves G */
  DPG_DEBUG_PATH = 16,      /* MCVETO_PATH_DEBUG: a frontier's way to acceptance */
  DPG_DEBUG_FACTS_WHY = 32, /* MCVETO_CHECK_INV=2: with --self-check, the fact each vector fails on */
  DPG_DEBUG_SMT_TIME = 64   /* MCVETO_SMT_TIME: each Z3 check's time and answer */
};

typedef struct dpg_stats {
  size_t instructions;     /* distinct instruction addresses executed */
  unsigned long ce;        /* concrete executions */
  unsigned long se;        /* symbolic executions = solver calls */
  unsigned long ref;       /* refinements = Pre_α computations */
  unsigned long iterations;
  double seconds;
  double analysis_seconds; /* of those, in nested reachability (reach_analyze) */
  double solver_seconds;   /* of those, in Z3 */
  size_t states, edges;    /* of the final abstract graph */
  unsigned long candidates; /* states split on a candidate invariant (§3.2) */
  unsigned long explored;  /* runs of inputs from negated branches (explore.h), in CE too */
  unsigned long summaries; /* refinements at a call site through the whole callee, in Ref too */
  unsigned long conjuncts; /* refinements that split on one conjunct of ρ (core_split), in Ref too */
  unsigned long carried;   /* refinements whose path query carried over from the last one (no solver call), in Ref too */
  unsigned long long_witnesses; /* frontier steps whose witness was too long for a path query (refined without one) */
  unsigned long self_check_failures; /* --self-check: failures reported */
  double first_run_seconds; /* until the first run joined T (a million steps take seconds) */
  unsigned long long continued_steps; /* steps run unrecorded past the step budget (dpg_long.c) */
} dpg_stats;

typedef struct dpg_result {
  dpg_verdict verdict;
  char reason[512];        /* unknown: why; otherwise a one-line summary */
  in_assign *witness;      /* reachable / AE: the input (owned) */
  ex_ae ae;                /* AE: the offending return */
  dpg_stats stats;
} dpg_result;

typedef struct dpg dpg;

dpg *dpg_new(const isa_desc *d, const el_image *img, const mem_space *loaded, const dpg_opts *o);
void dpg_free(dpg *g);
void dpg_run(dpg *g, dpg_result *r);
/* The abstract graph in Graphviz syntax: states with their PC and
 * predicate, accepting states doubled, witnessed states filled (marked
 * again here, within what is left of the time budget, at least 0.5 s).
 * The caller checks f for write errors. */
void dpg_write_dot(dpg *g, FILE *f);
void dpg_result_free(dpg_result *r);
const char *dpg_verdict_name(dpg_verdict v); /* "safe", "reachable", "ae-violation", "unknown" */

#endif
