#include "diag.h"

#include <stdarg.h>
#include <string.h>

void dg_init(dg *d, arena *ar, FILE *out) {
  memset(d, 0, sizeof *d);
  d->ar = ar;
  d->out = out;
}

int dg_add_file(dg *d, const char *path, const char *text, size_t len) {
  if (d->nfiles == d->capfiles) {
    int cap = d->capfiles ? d->capfiles * 2 : 8;
    dg_file *nf = ar_alloc(d->ar, sizeof *nf * (size_t)cap);
    if (d->nfiles) memcpy(nf, d->files, sizeof *nf * (size_t)d->nfiles);
    d->files = nf;
    d->capfiles = cap;
  }
  d->files[d->nfiles] = (dg_file){ar_strdup(d->ar, path), text, len};
  return d->nfiles++;
}

/* Print line `line` of file f and a caret/underline under columns col..ecol. */
static void show_line(dg *d, sloc at) {
  if (at.file < 0 || at.file >= d->nfiles || at.line <= 0) return;
  const dg_file *f = &d->files[at.file];
  const char *p = f->text, *end = f->text + f->len;
  for (int l = 1; l < at.line && p < end; p++)
    if (*p == '\n') l++;
  if (p > end) return;
  const char *e = p;
  while (e < end && *e != '\n') e++;
  if (e > p && e[-1] == '\r') e--;
  fprintf(d->out, "%.*s\n", (int)(e - p), p);
  int len = (int)(e - p);
  int col = at.col < 1 ? 1 : at.col;
  int ecol = (at.eline == at.line && at.ecol >= col) ? at.ecol : col;
  if (ecol > len) ecol = len > col ? len : col;
  for (int i = 1; i < col; i++) fputc(i - 1 < len && p[i - 1] == '\t' ? '\t' : ' ', d->out);
  fputc('^', d->out);
  for (int i = col + 1; i <= ecol; i++) fputc('~', d->out);
  fputc('\n', d->out);
}

static bool emit(dg *d, const char *kind, sloc at, const char *fmt, va_list ap0) {
  if (!d->out) return true;
  if (d->max_errors && d->nerrors > d->max_errors) return true;
  /* the same message at the same place (e.g. from a helper inlined at
   * several call sites) is shown once, without its notes */
  char key[1024];
  va_list ap;
  int k = snprintf(key, sizeof key, "%s:%d:%d:%d:", kind, at.file, at.line, at.col);
  va_copy(ap, ap0);
  if (k > 0 && k < (int)sizeof key) vsnprintf(key + k, sizeof key - (size_t)k, fmt, ap);
  va_end(ap);
  if (kind[0] == 'n') {
    if (d->muted) return true;
  } else {
    d->muted = false;
    for (int i = 0; i < d->seen.n; i++)
      if (strcmp(d->seen.v[i], key) == 0) {
        d->muted = true;
        return false; /* a repeat */
      }
    ar_push(d->ar, &d->seen, ar_strdup(d->ar, key));
  }
  if (at.file >= 0 && at.file < d->nfiles)
    fprintf(d->out, "%s:%d:%d: %s: ", d->files[at.file].path, at.line, at.col, kind);
  else
    fprintf(d->out, "isagen: %s: ", kind);
  va_copy(ap, ap0);
  vfprintf(d->out, fmt, ap);
  va_end(ap);
  fputc('\n', d->out);
  show_line(d, at);
  return true;
}

void dg_error(dg *d, sloc at, const char *fmt, ...) {
  d->nerrors++;
  va_list ap;
  va_start(ap, fmt);
  if (!emit(d, "error", at, fmt, ap)) d->nerrors--; /* repeats count once (there was a first) */
  va_end(ap);
}

void dg_warning(dg *d, sloc at, const char *fmt, ...) {
  d->nwarnings++;
  va_list ap;
  va_start(ap, fmt);
  if (!emit(d, "warning", at, fmt, ap)) d->nwarnings--;
  va_end(ap);
}

void dg_note(dg *d, sloc at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  emit(d, "note", at, fmt, ap);
  va_end(ap);
}

void dg_plain(dg *d, const char *fmt, ...) {
  d->nerrors++;
  if (!d->out) return;
  va_list ap;
  va_start(ap, fmt);
  fputs("isagen: error: ", d->out);
  vfprintf(d->out, fmt, ap);
  fputc('\n', d->out);
  va_end(ap);
}
