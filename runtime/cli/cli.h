/* cli.h — the command line every mcveto-<isa> binary shares.
 *
 * cli_main parses `mcveto-<isa> SUBCOMMAND …` (run, disasm, explain, help)
 * and runs it for the ISA described by desc; it returns the process exit
 * status (see docs/cli.md).  The generated main of each binary is a single
 * call to it; nothing here depends on which ISA it is.
 */
#ifndef MCVETO_CLI_H
#define MCVETO_CLI_H

#include "isa.h"

/* Exit statuses of the tool itself (a program run returns its own status). */
enum {
  CLI_EXIT_USAGE = 2,       /* bad command line, unreadable or invalid input file */
  CLI_EXIT_INTERNAL = 3,    /* a bug in mcveto */
  CLI_EXIT_STOPPED = 5,     /* run: unsupported system call or step budget */
  CLI_EXIT_SAFE = 0,        /* verify: the target is unreachable (proof found) */
  CLI_EXIT_REACHABLE = 10,  /* verify: an input reaches the target */
  CLI_EXIT_AE = 11,         /* verify: an input makes an AE violation */
  CLI_EXIT_UNKNOWN = 20,    /* verify: no verdict within the budgets */
  CLI_EXIT_SIGILL = 132,    /* run: undecodable instruction (like SIGILL) */
  CLI_EXIT_SIGTRAP = 133,   /* run: trap (like SIGTRAP) */
  CLI_EXIT_SIGSEGV = 139    /* run: memory fault (like SIGSEGV) */
};

int cli_main(const isa_desc *desc, int argc, char **argv);

#endif
