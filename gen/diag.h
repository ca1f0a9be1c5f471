/* diag.h — source files and diagnostics.
 *
 * Owns the text of every spec file read in a run (so messages can quote the
 * offending line) and prints messages in the form
 *     file:line:col: error: message
 *     <the source line>
 *         ^~~~
 * Messages go to `out` (NULL: counted but not printed, e.g. when fuzzing).
 */
#ifndef ISAGEN_DIAG_H
#define ISAGEN_DIAG_H

#include <stdbool.h>
#include <stdio.h>

#include "arena.h"

/* A source span: file index, 1-based line/column of first and last character. */
typedef struct sloc {
  int file;
  int line, col;
  int eline, ecol;
} sloc;

typedef struct dg_file {
  const char *path; /* as given or as resolved from an include */
  const char *text; /* NUL-terminated, owned by the arena */
  size_t len;
} dg_file;

typedef struct dg {
  arena *ar;
  FILE *out;
  dg_file *files;
  int nfiles, capfiles;
  int nerrors, nwarnings;
  int max_errors; /* stop printing (not counting) after this many; 0 = no cap */
  ar_vec seen;    /* messages already printed, to drop exact repeats */
  bool muted;     /* the last error was a repeat: drop its notes too */
} dg;

void dg_init(dg *d, arena *ar, FILE *out);
int dg_add_file(dg *d, const char *path, const char *text, size_t len);
void dg_error(dg *d, sloc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void dg_warning(dg *d, sloc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void dg_note(dg *d, sloc at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A message with no source position (e.g. command-line problems). */
void dg_plain(dg *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
