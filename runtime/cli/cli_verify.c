/* cli_verify.c — `verify`: the options, the target, the search (in a
 * child process, so that running out of memory or stack is an unknown)
 * and its report. */
#include "cli_impl.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cand.h"
#include "dpg.h"
#include "inputs.h"
#include "smt.h"
#include "stackguard.h"
#include "xalloc.h"

static const char verify_usage[] =
    "usage: %s verify PROG --target SYMBOL|ADDR [options]\n"
    "Directed proof generation (MCVETO): prove that no input makes PROG reach the\n"
    "target address or perform an AE violation (a return that does not go back to\n"
    "its call), or find an input that does.\n"
    "  --target SYMBOL|ADDR  a symbol of PROG, or an address (0x...; for stripped files),\n"
    "                        in an executable segment, where an instruction can start\n"
    "  --timeout S           give up after S seconds (default 600)\n"
    "  --max-iterations N    give up after N iterations of the DPG loop\n"
    "  --max-steps N         steps of each recorded run (default 1000000); a run cut\n"
    "                        there is continued unrecorded for up to 64 times as many\n"
    "                        to see whether it reaches the target\n"
    "  --inputs linux|all    free inputs: standard input only (default), or also the\n"
    "                        initial registers and undefined memory\n"
    "  --policy alternate|closest-target|closest-start|first   frontier choice (default alternate)\n"
    "  --candidates auto|none|frames|all|context|relations|orders   candidate invariants\n"
    "                        split into each new run's folded trace (report §3.2):\n"
    "                        frames = call depth, return addresses and slots, stack\n"
    "                        pointer; relations = linear equalities and congruences\n"
    "                        among registers and stack words at loop heads, over every\n"
    "                        run so far; all = frames, relations and the registers\n"
    "                        constant at a loop head; context = one per calling\n"
    "                        context: its stack layout and the registers the input\n"
    "                        does not change; orders = relations and orders among what\n"
    "                        a loop tests, checked over the loop's passes; auto\n"
    "                        (default) = relations for 20%% of the budget (at most\n"
    "                        10 s), then orders for 20%% (at most 10 s), then none\n"
    "                        for the rest, each search only if the ones before have\n"
    "                        no verdict\n"
    "  --explore PERCENT     share of the time for directed testing: runs of inputs that\n"
    "                        negate a branch of an earlier run (default 30; 0: none)\n"
    "  --witness FILE        write the input of a reachable or AE verdict (run --input replays it)\n"
    "  --dot FILE            write the final abstract graph (Graphviz)\n"
    "  --report FILE.html    write the verdict as one self-contained HTML page: reason,\n"
    "                        statistics, the graph (SVG when Graphviz dot is installed),\n"
    "                        the witness run's trace and input, a safe verdict's proof\n"
    "                        (the files are opened before the search)\n"
    "  --json                print the verdict and statistics as one JSON object\n"
    "  --quiet               no progress lines on standard error\n"
    "  --self-check          check that every run is a path of its folded trace and that\n"
    "                        the facts proven over the graph hold on every run; a failure\n"
    "                        is reported (\"self-check: ...\") and a safe verdict becomes unknown\n"
    "Expert options, for comparisons (each turns one mechanism off; verdicts and figures\n"
    "may change): --no-facts (no facts proven over the graph), --no-summaries (returns\n"
    "refined inside the callee only), --no-cores (split on the whole of rho, never on one\n"
    "conjunct), --keep-input (rho keeps the input still to come), --no-induction (no\n"
    "proof by inductive invariants at loop heads).\n"
    "Exit status: 0 safe, 10 reachable, 11 AE violation, 20 unknown, 2 usage or file\n"
    "error (bad option, no such symbol, a target where no instruction can start, a file\n"
    "that cannot be loaded or written), 3 internal error.  The search runs in a child\n"
    "process: running out of memory or stack is an unknown.\n";

static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
    else if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
    else fputc(*s, f);
  }
  fputc('"', f);
}

/* An output file, opened before the search; NULL after a message. */
static FILE *open_out(cli *c, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) fprintf(stderr, "%s: cannot write %s: %s\n", c->prog, path, strerror(errno));
  return f;
}

/* Closes an output file and says why a write failed (err: an errno value
 * already known, or 0).  0, or -1 after a message. */
static int close_out(cli *c, const char *path, FILE *f, int err) {
  errno = 0;
  if (fflush(f) || ferror(f)) err = err ? err : errno ? errno : EIO;
  if (fclose(f) && !err) err = errno ? errno : EIO;
  if (!err) return 0;
  fprintf(stderr, "%s: cannot write %s: %s\n", c->prog, path, strerror(err));
  return -1;
}

/* One search, or with --candidates auto (the default) up to three, each on
 * a fresh graph, until one decides (the settings prove different programs,
 * docs/verifier.md): relational candidates, then relations and orders,
 * each with a share of the time (at most max_s) and of the iteration
 * budget, then what is left without candidates.  Candidates come first
 * because their proofs, when there are any, are quick; relations alone
 * before orders because a plain relational proof is quicker still.  The
 * statistics add up; *g is the last search's graph. */
static const struct {
  unsigned candidates;
  double share, max_s;
  const char *with; /* for messages: "with relational candidates" */
} auto_search[] = {
    {CD_AFFINE, 0.2, 10.0, "with relational candidates"},
    {CD_AFFINE | CD_ORDERS, 0.2, 10.0, "with relations and orders"},
    {0, 1.0, 0, "without candidates"},
};
enum { AUTO_SEARCHES = sizeof auto_search / sizeof auto_search[0] };

/* s += what one more search did */
static void add_stats(dpg_stats *s, const dpg_stats *s1) {
  if (s1->instructions > s->instructions) s->instructions = s1->instructions;
  s->ce += s1->ce;
  s->se += s1->se;
  s->ref += s1->ref;
  s->iterations += s1->iterations;
  s->seconds += s1->seconds;
  s->analysis_seconds += s1->analysis_seconds;
  s->solver_seconds += s1->solver_seconds;
  s->explored += s1->explored;
  s->summaries += s1->summaries;
  s->conjuncts += s1->conjuncts;
  s->carried += s1->carried;
  s->long_witnesses += s1->long_witnesses;
  s->continued_steps += s1->continued_steps;
  s->candidates += s1->candidates;
  s->self_check_failures += s1->self_check_failures;
}

static void verify_search(cli *c, loaded *l, const dpg_opts *o, bool cand_auto, dpg **g, dpg_result *r) {
  dpg_opts o1 = *o;
  o1.budget_s = o->timeout_s;
  o1.budget_iter = o->max_iter;
  if (!cand_auto) {
    *g = dpg_new(c->d, l->img, l->m, &o1);
    dpg_run(*g, r);
    return;
  }
  char why[sizeof r->reason] = "";
  size_t nwhy = 0;
  *g = NULL;
  for (unsigned k = 0; k < AUTO_SEARCHES; k++) {
    const dpg_stats *done = k ? &r->stats : NULL;
    double spent = done ? done->seconds : 0;
    unsigned long iters = done ? done->iterations : 0;
    dpg_opts ok = o1;
    ok.candidates = auto_search[k].candidates;
    ok.timeout_s = o->timeout_s - spent;
    if (o->max_iter) ok.max_iter = o->max_iter > iters ? o->max_iter - iters : 0;
    if (k + 1 < AUTO_SEARCHES) {
      double t = o->timeout_s * auto_search[k].share;
      if (t > auto_search[k].max_s) t = auto_search[k].max_s;
      if (t < ok.timeout_s) ok.timeout_s = t;
      if (o->max_iter) {
        unsigned long m = (unsigned long)((double)o->max_iter * auto_search[k].share + 0.5);
        if (!m) m = 1;
        if (m < ok.max_iter) ok.max_iter = m;
      }
    }
    if (k) {
      if (ok.timeout_s <= 0 || (o->max_iter && !ok.max_iter)) break;
      /* a search starts with a run that cannot be cut short, about as long
       * as the first search's was: not worth overrunning */
      if (ok.timeout_s < done->first_run_seconds) {
        size_t n = strlen(why);
        snprintf(why + n, sizeof why - n, "; no search %s: the %.3g s left are less than its first run takes (%.3g s)",
                 auto_search[k].with, ok.timeout_s, done->first_run_seconds);
        break;
      }
      if (o->progress)
        fprintf(o->progress, "%s: no verdict in %.1f s; searching again %s (%.1f s left)\n", c->prog, spent,
                auto_search[k].with, o->timeout_s - spent);
    }
    dpg_result rk;
    dpg *gk = dpg_new(c->d, l->img, l->m, &ok);
    dpg_run(gk, &rk);
    if (k) {
      add_stats(&rk.stats, &r->stats);
      if (rk.verdict == DPG_SAFE && r->stats.self_check_failures) { /* an earlier graph missed a run: a bug somewhere */
        rk.verdict = DPG_UNKNOWN;
        snprintf(rk.reason, sizeof rk.reason, "self-check failed in an earlier search: %.400s", r->reason);
      }
      dpg_result_free(r);
      dpg_free(*g);
    }
    *r = rk;
    *g = gk;
    if (rk.verdict != DPG_UNKNOWN) return;
    int n = snprintf(why + nwhy, sizeof why - nwhy, "%s%s%s: %s", k ? "; " : "", k + 1 == AUTO_SEARCHES ? "then " : "",
                     auto_search[k].with, rk.reason);
    nwhy = n < 0 ? nwhy : nwhy + (size_t)n < sizeof why ? nwhy + (size_t)n : sizeof why - 1;
  }
  memcpy(r->reason, why, sizeof r->reason);
}

static int verify_wait(cli *c, pid_t pid, bool json, uint64_t addr, const sigset_t *mask);
/* the signals verify_wait passes on to the search */
static const int fwd_signals[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT};
static int verify_child(cli *c, loaded *lp, const dpg_opts *op, bool cand_auto, bool json, const char *path, uint64_t addr,
                        const char *witness, FILE *wf, const char *dot, FILE *df, const char *report, FILE *rf);

/* The debugging printers (docs/verifier.md), read from the environment
 * here once: they change nothing the verifier does.  MCVETO_CHECK_FOLD and
 * MCVETO_CHECK_INV still turn --self-check on (MCVETO_CHECK_INV=2 with the
 * fact each vector fails on). */
static unsigned debug_flags(dpg_opts *o) {
  static const struct {
    const char *name;
    unsigned flag;
  } env[] = {{"MCVETO_DPG_DEBUG", DPG_DEBUG_STEPS},   {"MCVETO_DPG_DEBUG2", DPG_DEBUG_DETAIL},
             {"MCVETO_TRACE_DEBUG", DPG_DEBUG_TRACE}, {"MCVETO_LOST_PRED", DPG_DEBUG_LOST_PRED},
             {"MCVETO_PATH_DEBUG", DPG_DEBUG_PATH},   {"MCVETO_SMT_TIME", DPG_DEBUG_SMT_TIME}};
  unsigned f = 0;
  for (size_t i = 0; i < sizeof env / sizeof env[0]; i++)
    if (getenv(env[i].name)) f |= env[i].flag;
  const char *inv = getenv("MCVETO_CHECK_INV");
  if (inv || getenv("MCVETO_CHECK_FOLD")) o->self_check = true;
  if (inv && !strcmp(inv, "2")) f |= DPG_DEBUG_FACTS_WHY;
  o->smt_dump = getenv("MCVETO_SMT_DUMP");
  return f;
}

int cli_verify(cli *c, int argc, char **argv) {
  const char *path = NULL, *target = NULL, *witness = NULL, *dot = NULL, *report = NULL;
  bool json = false, quiet = false, cand_auto = true;
  dpg_opts o = {.timeout_s = 600, .policy = REACH_ALTERNATE, .inputs = DPG_INPUTS_LINUX, .explore = 30};
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    uint64_t v;
    bool has = i + 1 < argc;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printf(verify_usage, c->prog);
      return 0;
    } else if (!strcmp(a, "--target") || !strcmp(a, "--witness") || !strcmp(a, "--dot") || !strcmp(a, "--report") ||
               !strcmp(a, "--inputs") ||
               !strcmp(a, "--policy") || !strcmp(a, "--candidates")) {
      if (!has) return cli_usage_error(c, "verify", "%s needs an argument", a), CLI_EXIT_USAGE;
      const char *arg = argv[++i];
      const char **slot = !strcmp(a, "--target") ? &target : !strcmp(a, "--witness") ? &witness
                          : !strcmp(a, "--dot") ? &dot : !strcmp(a, "--report") ? &report : NULL;
      if (slot && *slot) { /* the last one winning would ignore the other silently */
        fprintf(stderr, "%s verify: %s given twice ('%s' and '%s')\n(see '%s verify --help')\n", c->prog, a, *slot,
                arg, c->prog);
        return CLI_EXIT_USAGE;
      }
      if (slot) *slot = arg;
      else if (!strcmp(a, "--inputs")) {
        if (!strcmp(arg, "linux")) o.inputs = DPG_INPUTS_LINUX;
        else if (!strcmp(arg, "all")) o.inputs = DPG_INPUTS_ALL;
        else return cli_usage_error(c, "verify", "--inputs takes linux or all, not '%s'", arg), CLI_EXIT_USAGE;
      } else if (!strcmp(a, "--candidates")) {
        cand_auto = !strcmp(arg, "auto");
        if (!strcmp(arg, "none") || cand_auto) o.candidates = 0;
        else if (!strcmp(arg, "frames")) o.candidates = CD_FRAMES;
        else if (!strcmp(arg, "all")) o.candidates = CD_FRAMES | CD_CONST | CD_AFFINE;
        else if (!strcmp(arg, "relations")) o.candidates = CD_AFFINE;
        else if (!strcmp(arg, "orders")) o.candidates = CD_AFFINE | CD_ORDERS;
        else if (!strcmp(arg, "context")) o.candidates = CD_CONTEXT;
        else
          return cli_usage_error(c, "verify",
                                 "--candidates takes auto, none, frames, all, context, relations or orders, not '%s'", arg),
                 CLI_EXIT_USAGE;
      } else {
        if (!strcmp(arg, "closest-target")) o.policy = REACH_CLOSEST_TO_TARGET;
        else if (!strcmp(arg, "closest-start")) o.policy = REACH_CLOSEST_TO_START;
        else if (!strcmp(arg, "first")) o.policy = REACH_FIRST;
        else if (!strcmp(arg, "alternate")) o.policy = REACH_ALTERNATE;
        else return cli_usage_error(c, "verify", "unknown policy '%s'", arg), CLI_EXIT_USAGE;
      }
    } else if (!strcmp(a, "--timeout")) {
      char *end;
      double t = has ? strtod(argv[i + 1], &end) : 0;
      if (!has || end == argv[i + 1] || *end || !(t > 0) || !isfinite(t))
        return cli_usage_error(c, "verify", "%s", "--timeout needs a positive number of seconds"), CLI_EXIT_USAGE;
      o.timeout_s = t;
      i++;
    } else if (!strcmp(a, "--max-iterations") || !strcmp(a, "--max-steps")) {
      if (!has || !cli_parse_u64(argv[i + 1], &v) || !v) return cli_usage_error(c, "verify", "%s needs a positive number", a), CLI_EXIT_USAGE;
      if (a[6] == 'i') o.max_iter = (unsigned long)v;
      else o.max_steps = v;
      i++;
    } else if (!strcmp(a, "--explore")) {
      if (!has || !cli_parse_u64(argv[i + 1], &v) || v > 100)
        return cli_usage_error(c, "verify", "%s", "--explore needs a percentage from 0 to 100"), CLI_EXIT_USAGE;
      o.explore = (unsigned)v;
      i++;
    } else if (!strcmp(a, "--json")) json = true;
    else if (!strcmp(a, "--quiet")) quiet = true;
    else if (!strcmp(a, "--self-check")) o.self_check = true;
    else if (!strcmp(a, "--no-facts")) o.no_facts = true;
    else if (!strcmp(a, "--no-induction")) o.no_induction = true;
    else if (!strcmp(a, "--no-summaries")) o.no_summaries = true;
    else if (!strcmp(a, "--no-cores")) o.no_cores = true;
    else if (!strcmp(a, "--keep-input")) o.keep_input = true;
    else if (a[0] == '-') return cli_usage_error(c, "verify", "unknown option '%s'", a), CLI_EXIT_USAGE;
    else if (path) return cli_usage_error(c, "verify", "unexpected argument '%s'", a), CLI_EXIT_USAGE;
    else path = a;
  }
  if (!path) return cli_usage_error(c, "verify", "%s", "no program given"), CLI_EXIT_USAGE;
  if (!target) return cli_usage_error(c, "verify", "%s", "--target is required"), CLI_EXIT_USAGE;
  o.debug = debug_flags(&o);
  loaded l;
  if (cli_load(c, path, &l)) return CLI_EXIT_USAGE;
  uint64_t addr;
  if (cli_resolve_target(c, path, &l, target, &addr)) {
    cli_unload(&l);
    return CLI_EXIT_USAGE;
  }
  /* the output files are opened before the search: a search of minutes
   * must not end in "cannot write" */
  FILE *wf = NULL, *df = NULL, *rf = NULL;
  if ((witness && !(wf = open_out(c, witness))) || (dot && !(df = open_out(c, dot))) ||
      (report && !(rf = open_out(c, report)))) {
    if (wf) fclose(wf);
    if (df) fclose(df);
    cli_unload(&l);
    return CLI_EXIT_USAGE;
  }
  o.target = addr;
  o.prog_name = path;
  o.progress = quiet || json ? NULL : stderr;
  /* the search runs in a child: running out of memory ends a process
   * (xalloc.h), and here it ends the search with an unknown instead */
  fflush(stdout);
  fflush(stderr);
  sigset_t fwd, old;
  sigemptyset(&fwd);
  for (size_t i = 0; i < sizeof fwd_signals / sizeof *fwd_signals; i++) sigaddset(&fwd, fwd_signals[i]);
  sigprocmask(SIG_BLOCK, &fwd, &old); /* until the parent passes them on */
  pid_t pid = fork();
  if (pid > 0) {
    if (wf) fclose(wf); /* the child's to write */
    if (df) fclose(df);
    if (rf) fclose(rf);
    cli_unload(&l);
    return verify_wait(c, pid, json, addr, &old);
  }
  sigprocmask(SIG_SETMASK, &old, NULL);
  if (pid == 0) sg_install(); /* the solver may recurse past a small stack: an unknown, not a crash */
  if (pid < 0 && o.progress) fprintf(o.progress, "%s: cannot fork (%s): searching without a guard\n", c->prog, strerror(errno));
  int rc = verify_child(c, &l, &o, cand_auto, json, path, addr, witness, wf, dot, df, report, rf);
  cli_unload(&l);
  if (pid == 0) exit(rc);
  return rc;
}

/* A signal that stops the command (timeout(1), ^C) stops the search too. */
static volatile sig_atomic_t search_pid, search_sig;
static void forward_signal(int sig) {
  search_sig = sig;
  if (search_pid > 0) kill((pid_t)search_pid, sig);
}

/* The parent's side: the child's exit status, or an unknown (out of
 * memory, killed) or an internal error (another signal) in its place. */
static int verify_wait(cli *c, pid_t pid, bool json, uint64_t addr, const sigset_t *mask) {
  struct sigaction sa = {0};
  sa.sa_handler = forward_signal;
  sigemptyset(&sa.sa_mask);
  search_pid = pid;
  for (size_t i = 0; i < sizeof fwd_signals / sizeof *fwd_signals; i++) sigaction(fwd_signals[i], &sa, NULL);
  sigprocmask(SIG_SETMASK, mask, NULL); /* one that came since the fork is passed on now */
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) {
      fprintf(stderr, "%s: internal error: waiting for the search: %s\n", c->prog, strerror(errno));
      return CLI_EXIT_INTERNAL;
    }
  if (search_sig) { /* end as the signal says, like the search */
    signal(search_sig, SIG_DFL);
    raise(search_sig);
  }
  if (WIFEXITED(st) && WEXITSTATUS(st) != XA_EXIT_NOMEM && WEXITSTATUS(st) != SG_EXIT_NOSTACK) return WEXITSTATUS(st);
  char why[160];
  int rc = CLI_EXIT_UNKNOWN;
  if (WIFEXITED(st) && WEXITSTATUS(st) == SG_EXIT_NOSTACK)
    snprintf(why, sizeof why, "out of stack: the search went deeper than the stack allows (ulimit -s)");
  else if (WIFEXITED(st))
    snprintf(why, sizeof why, "out of memory: the search needed more memory than it was given");
  else if (WTERMSIG(st) == SIGKILL) /* the kernel's out-of-memory killer, or a user */
    snprintf(why, sizeof why, "the search was killed (signal %d, SIGKILL)", WTERMSIG(st));
  else {
    fprintf(stderr, "%s: internal error: the search ended with signal %d\n", c->prog, WTERMSIG(st));
    return CLI_EXIT_INTERNAL;
  }
  if (json) {
    printf("{\"verdict\":\"unknown\",\"reason\":");
    json_str(stdout, why);
    printf(",\"target\":\"0x%llx\",\"witness\":null,\"stats\":null}\n", (unsigned long long)addr);
  } else
    printf("unknown: %s\n", why);
  return rc;
}

/* The search, its output files and its report; the exit status. */
static int verify_child(cli *c, loaded *lp, const dpg_opts *op, bool cand_auto, bool json, const char *path, uint64_t addr,
                        const char *witness, FILE *wf, const char *dot, FILE *df, const char *report, FILE *rf) {
  loaded l = *lp;
  dpg_opts o = *op;
  dpg *g = NULL;
  dpg_result r;
  o.carry = dpg_carry_new(); /* one for all the searches */
  verify_search(c, &l, &o, cand_auto, &g, &r);
  int rc = r.verdict == DPG_SAFE ? CLI_EXIT_SAFE : r.verdict == DPG_REACHABLE ? CLI_EXIT_REACHABLE
           : r.verdict == DPG_AE ? CLI_EXIT_AE : CLI_EXIT_UNKNOWN;
  /* a witness file stays empty without a witness (a safe or unknown verdict) */
  if (wf) {
    int werr = 0;
    errno = 0;
    if (r.witness && in_write(r.witness, wf, path)) werr = errno ? errno : EIO;
    if (close_out(c, witness, wf, werr)) rc = CLI_EXIT_USAGE;
  }
  if (df) {
    dpg_write_dot(g, df);
    if (close_out(c, dot, df, 0)) rc = CLI_EXIT_USAGE;
  }
  if (rf) {
    cli_report_write(c, rf, &l, path, addr, g, &r);
    if (close_out(c, report, rf, 0)) rc = CLI_EXIT_USAGE;
  }
  const dpg_stats *s = &r.stats;
  if (json) {
    printf("{\"verdict\":\"%s\",\"reason\":", dpg_verdict_name(r.verdict));
    json_str(stdout, r.reason);
    printf(",\"target\":\"0x%llx\",\"witness\":", (unsigned long long)addr);
    if (witness && r.witness) json_str(stdout, witness);
    else printf("null");
    printf(",\"stats\":{\"instructions\":%zu,\"ce\":%lu,\"se\":%lu,\"ref\":%lu,\"iterations\":%lu,\"states\":%zu,"
           "\"edges\":%zu,\"candidates\":%lu,\"explored\":%lu,\"summaries\":%lu,\"conjuncts\":%lu,\"carried\":%lu,\"long_witnesses\":%lu,\"continued_steps\":%llu,\"seconds\":%.3f,\"analysis_seconds\":%.3f,"
           "\"solver_seconds\":%.3f}}\n",
           s->instructions, s->ce, s->se, s->ref, s->iterations, s->states, s->edges, s->candidates, s->explored,
           s->summaries, s->conjuncts, s->carried, s->long_witnesses, s->continued_steps, s->seconds, s->analysis_seconds, s->solver_seconds);
  } else {
    printf("%s: %s\n", dpg_verdict_name(r.verdict), r.reason);
    printf("instructions %zu, CE %lu, SE %lu, Ref %lu, %.2f s\n", s->instructions, s->ce, s->se, s->ref, s->seconds);
  }
  dpg_result_free(&r);
  dpg_free(g);
  dpg_carry_free(o.carry);
  smt_shutdown(); /* Z3's timer threads: LeakSanitizer saw their state lost */
  return rc;
}
