/* xalloc.h — allocation that does not come back empty.
 *
 * The runtime has no way to go on without memory, so running out ends the
 * process the same way everywhere: "mcveto: out of memory" on standard
 * error and exit status 4 (XA_EXIT_NOMEM; docs/cli.md).  `verify` runs its
 * search in a child process and turns that status into an *unknown* with
 * the reason.  xa_realloc(p, n) is realloc(p, n) with that promise, and
 * xa_calloc and xa_malloc are calloc and malloc with it; a size of 0 still
 * returns a block (of one byte), so a NULL result never means "empty".
 * Ownership is the C library's: the caller owns the result and frees it
 * with free(). */
#ifndef MCVETO_XALLOC_H
#define MCVETO_XALLOC_H

#include <stdio.h>
#include <stdlib.h>

#define XA_EXIT_NOMEM 4

/* The end of the process when memory (or a table's capacity) runs out. */
static inline _Noreturn void xa_nomem(void) {
  fputs("mcveto: out of memory\n", stderr);
  exit(XA_EXIT_NOMEM);
}

static inline void *xa_realloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) xa_nomem();
  return q;
}

static inline void *xa_calloc(size_t n, size_t size) {
  void *q = calloc(n ? n : 1, size ? size : 1);
  if (!q) xa_nomem();
  return q;
}

static inline void *xa_malloc(size_t n) { return xa_realloc(NULL, n); }

#endif
