/* cli_report.c — `verify --report FILE.html`: the verdict as one
 * self-contained page (no scripts, no network): verdict and reason,
 * statistics, the abstract graph (SVG from Graphviz `dot` when installed,
 * else its DOT text), the witness run as a disassembled trace with the
 * standard input it read, and for a safe verdict the proof's states and
 * predicates. */
#include "cli_impl.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dpg.h"
#include "exec.h"
#include "inputs.h"
#include "reference.h"
#include "xalloc.h"

/* The trace shows at most this many steps: a page of a million lines helps
 * nobody, and the first steps show how the input steers the run. */
#define CLI_REPORT_MAX_STEPS 2000
/* The witness run is replayed for at most this many steps. */
#define CLI_REPORT_RUN_STEPS 5000000

static void cli_html_s(FILE *f, const char *s) { rf_escn(f, s, SIZE_MAX); }

/* All of a stream rewound, as a string the caller frees (NULL on error). */
static char *cli_slurp(FILE *t) {
  if (fflush(t) || fseek(t, 0, SEEK_END)) return NULL;
  long n = ftell(t);
  if (n < 0 || fseek(t, 0, SEEK_SET)) return NULL;
  char *s = xa_realloc(NULL, (size_t)n + 1);
  size_t got = fread(s, 1, (size_t)n, t);
  s[got] = 0;
  return s;
}

/* dot's SVG for the DOT text in file dotpath, or NULL when dot is missing or
 * fails.  The XML prolog is cut: the SVG is embedded in HTML. */
static char *cli_dot_svg(const char *dotpath) {
  char cmd[600];
  snprintf(cmd, sizeof cmd, "dot -Tsvg '%s' 2>/dev/null", dotpath);
  FILE *p = popen(cmd, "r");
  if (!p) return NULL;
  size_t cap = 0, n = 0;
  char *s = NULL, buf[8192];
  size_t k;
  while ((k = fread(buf, 1, sizeof buf, p)) > 0) {
    s = xa_grow(s, &cap, n + k + 1, 1);
    memcpy(s + n, buf, k);
    n += k;
  }
  int st = pclose(p);
  if (!s || st != 0) {
    free(s);
    return NULL;
  }
  s[n] = 0;
  char *svg = strstr(s, "<svg");
  if (!svg) {
    free(s);
    return NULL;
  }
  memmove(s, svg, strlen(svg) + 1);
  return s;
}

/* Does line l (len bytes) contain s? */
static bool cli_line_has(const char *l, size_t len, const char *s) {
  size_t n = strlen(s);
  for (size_t i = 0; i + n <= len; i++)
    if (!memcmp(l + i, s, n)) return true;
  return false;
}

/* The states of the DOT text as a table: each node line is
 *   nI [label="I[ @0xPC| start]\nPREDICATE" ...];
 * (dpg_write_dot), accepting ones with peripheries=2. */
static void cli_report_states(FILE *f, const char *dot) {
  fputs("<table>\n<tr><th>state</th><th>at</th><th>predicate</th><th></th></tr>\n", f);
  for (const char *l = dot; *l;) {
    const char *e = strchr(l, '\n');
    size_t len = e ? (size_t)(e - l) : strlen(l);
    const char *lab = strstr(l, "[label=\"");
    if (lab && (size_t)(lab - l) < len && l[0] == ' ' && l[2] == 'n' && !cli_line_has(l, len, "->")) {
      lab += 8;
      const char *nl = strstr(lab, "\\n"), *q = strchr(lab, '"');
      if (nl && q && nl < q && (size_t)(q - l) < len) {
        const char *sp = memchr(lab, ' ', (size_t)(nl - lab));
        fputs("<tr><td>", f);
        rf_escn(f, lab, (size_t)((sp ? sp : nl) - lab));
        fputs("</td><td>", f);
        if (sp) rf_escn(f, sp + 1, (size_t)(nl - sp - 1));
        fputs("</td><td><code>", f);
        rf_escn(f, nl + 2, (size_t)(q - nl - 2));
        fputs("</code></td><td>", f);
        if (cli_line_has(l, len, "peripheries=2")) fputs("accepting", f);
        fputs("</td></tr>\n", f);
      }
    }
    l += len + (e ? 1 : 0);
  }
  fputs("</table>\n", f);
}

/* The witness run again, stopped at the target (or the AE violation): its
 * trace and the standard input it read. */
static void cli_report_trace(cli *c, FILE *f, loaded *l, const char *prog, uint64_t target, const dpg_result *r) {
  /* through the witness file's text, as `run --input` replays it: the
   * result's assignment has its stream position at the end of the run */
  in_assign *in = in_new(IN_FIXED, 0);
  mem_space *m = mem_clone(l->m);
  FILE *tr = tmpfile(), *out = tmpfile(), *wt = tmpfile();
  char err[256];
  if (!m) xa_nomem();
  if (!tr || !out || !wt) {
    fputs("<p>The witness run could not be replayed: no temporary file.</p>\n", f);
    goto done;
  }
  if (in_write(r->witness, wt, prog) || fflush(wt) || fseek(wt, 0, SEEK_SET) ||
      in_read_stream(in, wt, "witness", c->d, err, sizeof err)) {
    fputs("<p>The witness run could not be replayed: its input did not read back.</p>\n", f);
    goto done;
  }
  ex_machine *x = ex_new(c->d, m, l->img, in);
  char *av[1] = {(char *)prog};
  if (ex_setup_stack(x, 1, av, err, sizeof err)) {
    fputs("<p>The witness run could not be replayed: ", f);
    cli_html_s(f, err);
    fputs("</p>\n", f);
    ex_free(x);
    goto done;
  }
  ex_opts o = {.max_steps = CLI_REPORT_RUN_STEPS, .stop_on_ae = r->verdict == DPG_AE,
               .stop_at_pc = r->verdict == DPG_REACHABLE, .stop_pc = target, .out = out, .err = out, .trace = tr};
  ex_result er = ex_run(x, &o);
  char why[512];
  ex_describe(x, &er, why, sizeof why);
  size_t nin = in_stdin_pos(in);
  fprintf(f, "<h2 id=\"trace\">Witness run</h2>\n<p>%llu steps; ", (unsigned long long)er.steps);
  cli_html_s(f, why);
  fprintf(f, ".  It read %zu byte%s of standard input:</p>\n<pre class=\"stdin\">", nin, nin == 1 ? "" : "s");
  for (size_t j = 0; j < nin; j += 16) {
    fprintf(f, "%08zx ", j);
    for (size_t k = j; k < j + 16; k++)
      if (k < nin) fprintf(f, " %02x", in_stdin_byte(in, k));
      else fputs("   ", f);
    fputs("  ", f);
    for (size_t k = j; k < j + 16 && k < nin; k++) {
      uint8_t b = in_stdin_byte(in, k);
      char ch[2] = {b >= 0x20 && b < 0x7f ? (char)b : '.', 0};
      cli_html_s(f, ch);
    }
    fputc('\n', f);
  }
  fputs("</pre>\n<pre class=\"trace\">", f);
  char *t = cli_slurp(tr);
  size_t lines = 0;
  for (const char *p = t ? t : ""; *p && lines < CLI_REPORT_MAX_STEPS; lines++) {
    const char *e = strchr(p, '\n');
    size_t len = e ? (size_t)(e - p) + 1 : strlen(p);
    rf_escn(f, p, len);
    p += len;
  }
  fputs("</pre>\n", f);
  if (er.steps > CLI_REPORT_MAX_STEPS) fprintf(f, "<p>(the first %d steps)</p>\n", CLI_REPORT_MAX_STEPS);
  free(t);
  ex_free(x);
done:
  if (tr) fclose(tr);
  if (out) fclose(out);
  if (wt) fclose(wt);
  mem_free(m);
  in_free(in);
}

void cli_report_write(cli *c, FILE *f, loaded *l, const char *prog, uint64_t target, dpg *g, const dpg_result *r) {
  /* the graph's DOT text through a temporary file, which dot reads; if it
   * cannot be made, the page says so */
  char dotpath[] = P_tmpdir "/mcveto-report-XXXXXX";
  int fd = mkstemp(dotpath);
  FILE *df = fd >= 0 ? fdopen(fd, "w+") : NULL;
  char *dot = NULL, *svg = NULL, why[300] = "";
  if (df) {
    dpg_write_dot(g, df);
    dot = cli_slurp(df);
    fclose(df);
    svg = dot ? cli_dot_svg(dotpath) : NULL;
  } else if (fd >= 0)
    close(fd);
  if (!dot) snprintf(why, sizeof why, "%s: %s", dotpath, strerror(errno));
  if (fd >= 0) unlink(dotpath);

  fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", f);
  cli_html_s(f, prog);
  fprintf(f, ": %s</title>\n", dpg_verdict_name(r->verdict));
  fputs("<style>body{font-family:sans-serif;max-width:70em;margin:1em auto;padding:0 1em}"
        "pre,code{font-family:monospace;font-size:90%}pre{background:#f4f4f4;padding:.5em;overflow:auto}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}"
        ".verdict{font-size:150%;font-weight:bold}.graph svg{max-width:100%;height:auto}</style>\n</head>\n<body>\n", f);
  fputs("<h1>", f);
  cli_html_s(f, c->prog);
  fputs(" verify ", f);
  cli_html_s(f, prog);
  fprintf(f, "</h1>\n<p>Target 0x%llx.</p>\n<p class=\"verdict\" id=\"verdict\">%s</p>\n<p id=\"reason\">",
          (unsigned long long)target, dpg_verdict_name(r->verdict));
  cli_html_s(f, r->reason);
  fputs("</p>\n", f);

  const dpg_stats *s = &r->stats;
  fprintf(f,
          "<h2 id=\"stats\">Statistics</h2>\n<table>\n"
          "<tr><td>instructions executed (distinct addresses)</td><td>%zu</td></tr>\n"
          "<tr><td>concrete executions (CE)</td><td>%lu</td></tr>\n"
          "<tr><td>of them, directed tests</td><td>%lu</td></tr>\n"
          "<tr><td>symbolic executions (SE)</td><td>%lu</td></tr>\n"
          "<tr><td>refinements (Ref, Pre_&alpha;)</td><td>%lu</td></tr>\n"
          "<tr><td>iterations</td><td>%lu</td></tr>\n"
          "<tr><td>abstract graph: states, edges</td><td>%zu, %zu</td></tr>\n"
          "<tr><td>candidate invariants split on</td><td>%lu</td></tr>\n"
          "<tr><td>seconds (of them in the solver)</td><td>%.2f (%.2f)</td></tr>\n</table>\n",
          s->instructions, s->ce, s->explored, s->se, s->ref, s->iterations, s->states, s->edges, s->candidates,
          s->seconds, s->solver_seconds);

  fputs("<h2 id=\"graph\">Abstract graph</h2>\n<p>States with their PC and predicate; accepting states are drawn "
        "double, states a run reached filled.</p>\n",
        f);
  if (svg) {
    fputs("<div class=\"graph\">\n", f);
    fputs(svg, f); /* dot escapes the labels */
    fputs("</div>\n", f);
  } else if (!dot) {
    fputs("<p id=\"nograph\">The graph could not be written to a temporary file (", f);
    cli_html_s(f, why);
    fputs("), so this report has neither the graph nor the proof's states.</p>\n", f);
  } else {
    fputs("<p id=\"nodot\">Graphviz <code>dot</code> is not installed (or failed): the graph in DOT syntax "
          "follows; <code>dot -Tsvg</code> draws it.</p>\n<pre class=\"dot\">",
          f);
    cli_html_s(f, dot ? dot : "");
    fputs("</pre>\n", f);
  }

  if (r->witness && (r->verdict == DPG_REACHABLE || r->verdict == DPG_AE))
    cli_report_trace(c, f, l, prog, target, r);
  if (r->verdict == DPG_SAFE && dot) {
    fputs("<h2 id=\"proof\">Proof</h2>\n<p>The abstract graph is the proof: every run of the program is a path "
          "of it, and no path from the start reaches an accepting state (PC at the target, or an AE violation). "
          "Each state's predicate holds whenever a run is there.</p>\n",
          f);
    cli_report_states(f, dot);
  }
  fputs("</body>\n</html>\n", f);
  free(dot);
  free(svg);
}
