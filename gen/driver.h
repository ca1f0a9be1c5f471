/* driver.h — one isagen compilation: read, parse (with includes), check, emit.
 *
 * ig_compile is the whole front end as a function, so that the command-line
 * tool and the fuzz harness run the same code.  With text != NULL the main
 * spec comes from memory (named `path` in messages) and, unless
 * allow_include, `include` is refused.  With outdir == NULL nothing is
 * written.  Diagnostics go to `diag` (NULL: discarded).  Returns the number of
 * errors (0 = success); all memory is released before returning.
 */
#ifndef ISAGEN_DRIVER_H
#define ISAGEN_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct ig_options {
  const char *path;
  const char *text;
  size_t len;
  bool allow_include;
  const char *outdir;
  const char *prefix;
  FILE *diag;
  bool werror;    /* warnings count as errors */
  bool emit_dry;  /* with outdir NULL: still generate the C (in memory), e.g. to fuzz the emitter */
  bool oracle;    /* also write <prefix>_oracle.c, the reference decoder for tests */
} ig_options;

int ig_compile(const ig_options *o);

#endif
