/* dpg_long.c — runs past the step budget: the program's only execution
 * deciding it (closed_run), a cut run run again unrecorded for a few more
 * budgets (long_run), and the continued run: the input-free execution of a
 * program, continued in slices beside the search for up to half its time
 * (cont_take, cont_turn).  Recording and folding a run costs in proportion
 * to its length; running it unrecorded does not. */
#include "dpg_impl.h"

#include <stdlib.h>
#include <time.h>

#include "xalloc.h"

/* A program that asks for no input has one execution: under the Linux input
 * model (dpg.h) registers, memory, arguments and system-call results are
 * fixed, and standard input is the only thing left free.  So a run that ends
 * (exit or halt) without asking for a byte of standard input, without
 * reaching the target and without an AE violation proves the program safe:
 * it is every execution there is.  why gets the reason. */
bool closed_run(const dpg *g, const in_assign *in, const ex_result *r, uint64_t steps, char *why, size_t whysz) {
  if (g->o.inputs != DPG_INPUTS_LINUX || in_stdin_asked(in) || r->ae.found) return false;
  if (r->status == EX_EXITED)
    snprintf(why, whysz,
             "the program reads no input, and its only execution exits with status %d after %llu steps "
             "without reaching 0x%llx or an AE violation",
             r->exit_code, (unsigned long long)steps, (unsigned long long)g->o.target);
  else if (r->status == EX_HALTED)
    snprintf(why, whysz,
             "the program reads no input, and its only execution halts at 0x%llx after %llu steps "
             "without reaching 0x%llx or an AE violation",
             (unsigned long long)r->pc, (unsigned long long)steps, (unsigned long long)g->o.target);
  else
    return false;
  return true;
}

/* How a run continued unrecorded ended: the target, an AE violation, the
 * program's only execution ending (closed_run), or nothing to decide. */
static outcome ended(const dpg *g, const in_assign *in, const ex_result *r, uint64_t steps, char *why, size_t whysz) {
  if (r->status == EX_STOPPED_PC) return OUT_TARGET;
  if (r->status == EX_STOPPED_AE) return OUT_AE;
  return closed_run(g, in, r, steps, why, whysz) ? OUT_CLOSED : OUT_NONE;
}

static ex_opts unrecorded(const dpg *g, uint64_t steps) {
  return (ex_opts){.max_steps = steps, .stop_on_ae = true, .stop_at_pc = true, .stop_pc = g->o.target,
                   .out = g->devnull, .err = g->devnull};
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- a cut run, run again --------------------------------------------- */

/* A run cut by the step budget may reach the target later, after a long
 * computation that does not depend on where it goes (a recursion of
 * exponential cost, a loop with a large constant bound).  So a copy of the
 * input is run again, unrecorded, for up to LONG_FACTOR budgets, in slices
 * of one budget, while the time of all such runs stays under LONG_SHARE of
 * the search's.  If it reaches the target or makes an AE violation, *copy
 * gets the input (the caller owns it) and confirm replays it with the steps
 * it took. */
enum { LONG_FACTOR = 64 };
#define LONG_SHARE 0.05

outcome long_run(dpg *g, const in_assign *in, in_assign **copy, char *why, size_t whysz) {
  *copy = NULL;
  double t0 = elapsed(g), allow = g->o.timeout_s > 0 ? LONG_SHARE * g->o.timeout_s - g->longrun.seconds : 1e30;
  if (allow <= 0) return OUT_NONE;
  in_assign *c = in_clone(in);
  in_reset_use(c);
  run R;
  outcome out = OUT_NONE;
  if (!run_start(g, c, &R)) {
    uint64_t slice = max_steps(g), total = 0;
    uint64_t cap = slice > UINT64_MAX / LONG_FACTOR ? UINT64_MAX : slice * LONG_FACTOR;
    ex_opts o = unrecorded(g, slice);
    do {
      R.r = ex_run(R.x, &o);
      total += R.r.steps;
    } while (R.r.status == EX_BUDGET && total < cap && elapsed(g) - t0 < allow);
    out = ended(g, c, &R.r, total, why, whysz);
    if (out == OUT_TARGET || out == OUT_AE) g->longrun.confirm_steps = total + 1;
    g->st.continued_steps += total;
    if (g->o.debug & DPG_DEBUG_STEPS)
      fprintf(stderr, "long run: %llu steps in %.3f s%s\n", (unsigned long long)total, elapsed(g) - t0,
              out == OUT_TARGET ? ", reaches the target" : out == OUT_AE ? ", an AE violation"
              : out == OUT_CLOSED ? ", the only execution" : "");
  }
  run_end(&R);
  g->longrun.seconds += elapsed(g) - t0;
  if (out == OUT_NONE) in_free(c);
  else *copy = c;
  return out;
}

/* ---- the continued run -------------------------------------------------- */

/* The program's input-free execution, when the step budget cut it: under
 * the Linux input model every run that has asked for no standard input is
 * a prefix of it, so continuing it decides the program when it ends (the
 * target, an AE violation, or an exit: safe) and no other mechanism can
 * when it ends only after billions of steps (a loop with a large constant
 * bound, an uninitialised counter).  It gets CONT_SHARE of the time since
 * the verification began (with a first turn as long as long_run's), in
 * turns of at most CONT_TURN seconds between the search's iterations, and
 * outlives a search (--candidates auto lends one to each).  Once it asks
 * for standard input it is one execution among many and gets LONG_SHARE. */
#define CONT_SHARE 0.5
#define CONT_TURN 1.0 /* a long step of the search (a witness re-check, a query) leaves time to catch up */
enum { CONT_SLICE = 1 << 20 }; /* steps between looks at the clock */

void cont_free(dpg_carry *c) {
  if (c->cont.state == CONT_RUNNING) run_end(&c->cont.R);
  c->cont.state = CONT_OVER;
  in_free(c->cont.in);
  c->cont.in = NULL;
}

/* One turn: slices while the share allows (and the turn, the budget).  A
 * verdict leaves the machine, *copy gets the input (the caller owns it).
 * first: the turn after the start, as long as long_run's runs may be. */
static outcome cont_run(dpg *g, dpg_carry *cy, bool first, in_assign **copy, char *why, size_t whysz) {
  *copy = NULL;
  struct carry_cont *c = &cy->cont;
  double start = now_s(), share = in_stdin_asked(c->in) ? LONG_SHARE : CONT_SHARE;
  uint64_t cap = !first || max_steps(g) > UINT64_MAX / LONG_FACTOR ? UINT64_MAX : max_steps(g) * LONG_FACTOR, done = 0;
  double allow = share * (start - cy->t0) - c->seconds;
  if (first && g->o.timeout_s > 0 && allow < LONG_SHARE * g->o.timeout_s) allow = LONG_SHARE * g->o.timeout_s;
  if (first && g->o.timeout_s <= 0) allow = 1e30;
  if (!first && allow > CONT_TURN) allow = CONT_TURN;
  ex_opts o = unrecorded(g, CONT_SLICE);
  bool ran = false;
  while (done < cap && now_s() - start < allow && !late_cb(g)) {
    if (cap - done < o.max_steps) o.max_steps = cap - done;
    c->R.r = ex_run(c->R.x, &o);
    done += c->R.r.steps;
    ran = true;
    if (c->R.r.status != EX_BUDGET) break;
  }
  c->steps += done;
  c->seconds += now_s() - start;
  g->st.continued_steps += done;
  if (!ran || c->R.r.status == EX_BUDGET) return OUT_NONE;
  outcome out = ended(g, c->in, &c->R.r, c->steps, why, whysz);
  if (g->o.debug & DPG_DEBUG_STEPS)
    fprintf(stderr, "continued run: ends after %llu steps (%.3f s in all)%s\n", (unsigned long long)c->steps,
            c->seconds,
            out == OUT_TARGET ? ", reaches the target" : out == OUT_AE ? ", an AE violation"
            : out == OUT_CLOSED ? ", the only execution" : ", deciding nothing");
  if (out == OUT_TARGET || out == OUT_AE) {
    /* this run is the fresh replay finish_run would make */
    g->longrun.replayed = true;
    g->longrun.ae = c->R.r.ae;
    g->longrun.confirm_steps = c->steps + 1;
  }
  run_end(&c->R);
  c->state = CONT_OVER;
  if (out != OUT_NONE) *copy = c->in, c->in = NULL;
  return out;
}

bool cont_take(dpg *g, const in_assign *in, in_assign **copy, outcome *out, char *why, size_t whysz) {
  struct carry_cont *c = &g->carry->cont;
  *copy = NULL;
  if (c->state == CONT_RUNNING) return !in_stdin_asked(in) && g->o.inputs == DPG_INPUTS_LINUX;
  if (c->state != CONT_IDLE || in_stdin_asked(in) || g->o.inputs != DPG_INPUTS_LINUX) return false;
  c->in = in_clone(in);
  in_reset_use(c->in);
  if (run_start(g, c->in, &c->R)) {
    run_end(&c->R);
    c->state = CONT_OVER;
    return false;
  }
  c->state = CONT_RUNNING;
  *out = cont_run(g, g->carry, true, copy, why, whysz);
  return true;
}

sres cont_turn(dpg *g, dpg_result *r) {
  if (g->carry->cont.state != CONT_RUNNING) return S_CONT;
  char why[300] = "";
  in_assign *in;
  outcome out = cont_run(g, g->carry, false, &in, why, sizeof why);
  if (out == OUT_NONE) return S_CONT;
  /* T keeps the input, as for a deciding run of add_run */
  g->run.T = xa_grow(g->run.T, &g->run.capT, g->run.nT + 1, sizeof *g->run.T);
  g->run.T[g->run.nT] =
      (dtrace){.in = in, .base = g->run.nT ? g->run.T[g->run.nT - 1].base + g->run.T[g->run.nT - 1].n + 2 : 0};
  g->run.nT++;
  return finish_run(g, out, why, r);
}
