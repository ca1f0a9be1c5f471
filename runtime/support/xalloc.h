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
 * with free().
 *
 * xa_grow(p, &cap, need, size) is the one way the runtime grows an array:
 * p holds *cap elements of `size` bytes (p NULL with *cap 0 to start), and
 * the result holds at least `need`.  When need > *cap the capacity doubles
 * (or becomes need, if that is more), so n appends cost O(n) copies; the
 * block may move, its first *cap elements are kept, the new ones are
 * uninitialised, and *cap is updated.  A capacity or byte count that would
 * overflow size_t ends the process like running out of memory.  The
 * caller owns the array as before (free() it).  Where running out of
 * memory is not the end (mem and elfload tell their callers, smt stops
 * remembering unsatisfiable conjunctions), arrays grow by hand. */
#ifndef MCVETO_XALLOC_H
#define MCVETO_XALLOC_H

#include <stdint.h>
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

static inline void *xa_grow(void *p, size_t *cap, size_t need, size_t size) {
  if (need <= *cap) return p;
  size_t n = *cap <= SIZE_MAX / 2 && 2 * *cap > need ? 2 * *cap : need;
  if (size && n > SIZE_MAX / size) xa_nomem();
  p = xa_realloc(p, n * size);
  *cap = n;
  return p;
}

#endif
