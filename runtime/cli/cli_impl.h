/* cli_impl.h — what the files of the command line share (private to
 * runtime/cli/cli*.c; the interface is cli.h).
 *
 * cli.c          cli_main, run, disasm, reference, and the helpers below
 * cli_explain.c  explain, with the formula parser of --pre
 * cli_verify.c   verify: the search in a child process, its report
 * cli_report.c   verify --report: the verdict as one HTML page
 */
#ifndef MCVETO_CLI_IMPL_H
#define MCVETO_CLI_IMPL_H

#include "cli.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "elfload.h"
#include "mem.h"

typedef struct cli {
  const isa_desc *d;
  const char *prog; /* argv[0] base name */
} cli;

/* A loaded program: its memory and image (cli_load, cli_unload). */
typedef struct loaded {
  mem_space *m;
  el_image *img;
} loaded;

/* "PROG CMD: <fmt with arg>" and a pointer to CMD's --help, on stderr. */
void cli_usage_error(cli *c, const char *cmd, const char *fmt, const char *arg);
/* A number (decimal, 0x hex, 0 octal) that fits in 64 bits, not negative. */
bool cli_parse_u64(const char *s, uint64_t *out);
/* 0, or -1 after a message. */
int cli_load(cli *c, const char *path, loaded *l);
void cli_unload(loaded *l);
/* target (a number or a symbol) as an address where an instruction can
 * start in l; 0, or -1 after a message naming path. */
int cli_resolve_target(cli *c, const char *path, const loaded *l, const char *target, uint64_t *addr);

/* The commands: the exit status. */
int cli_explain(cli *c, int argc, char **argv);
int cli_verify(cli *c, int argc, char **argv);

struct dpg;
struct dpg_result;
/* The HTML report of a search into f (verify --report): prog is the program's
 * path, g the search's graph and r its result.  The caller checks f. */
void cli_report_write(cli *c, FILE *f, loaded *l, const char *prog, uint64_t target, struct dpg *g,
                      const struct dpg_result *r);

#endif
