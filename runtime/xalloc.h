/* xalloc.h — allocation that does not come back empty.
 *
 * The runtime has no way to go on without memory, so running out ends the
 * process: "mcveto: out of memory" on standard error and exit status 3 (an
 * internal error, docs/cli.md).  xa_realloc(p, n) is realloc(p, n) with that
 * promise; n = 0 still returns a block (of one byte), so a NULL result never
 * means "empty".  Ownership is realloc's: the caller owns the result and
 * frees it with free(). */
#ifndef MCVETO_XALLOC_H
#define MCVETO_XALLOC_H

#include <stdio.h>
#include <stdlib.h>

static inline void *xa_realloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) {
    fputs("mcveto: out of memory\n", stderr);
    exit(3);
  }
  return q;
}

#endif
