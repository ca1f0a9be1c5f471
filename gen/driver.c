#include "driver.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "diag.h"
#include "emit.h"
#include "parse_state.h"
#include "pattern.h"
#include "sema.h"
#include "simplify.h"

#define MAX_INCLUDE_DEPTH 32

typedef struct ig {
  arena ar;
  dg d;
  ar_vec decls;
  ar_vec seen;  /* canonical paths already read */
  ar_vec chain; /* canonical paths of the includes being read, outermost first */
  const ig_options *o;
} ig;

/* Reads a spec file.  Only regular files: a directory cannot be read (and
 * fread's "read error" would not say why), and a FIFO or a terminal would
 * wait for input that may never come (hence O_NONBLOCK for the open). */
static char *read_file(ig *G, const char *path, size_t *len, const char **why) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    *why = strerror(errno);
    return NULL;
  }
  struct stat st;
  const char *bad = NULL;
  if (fstat(fd, &st) != 0) bad = strerror(errno);
  else if (S_ISDIR(st.st_mode)) bad = "it is a directory, not a spec file";
  else if (!S_ISREG(st.st_mode)) bad = "it is not a regular file";
  else if (st.st_size > (off_t)64 << 20) bad = "file too large (over 64 MiB)";
  if (bad) {
    *why = bad;
    close(fd);
    return NULL;
  }
  FILE *f = fdopen(fd, "rb");
  if (!f) {
    *why = strerror(errno);
    close(fd);
    return NULL;
  }
  size_t cap = 65536, n = 0;
  char *buf = malloc(cap);
  if (!buf) exit(3);
  for (;;) {
    if (n > (size_t)64 << 20) {
      fclose(f);
      free(buf);
      *why = "file too large (over 64 MiB)";
      return NULL;
    }
    if (n + 1 >= cap) {
      cap *= 2;
      char *nb = realloc(buf, cap);
      if (!nb) exit(3);
      buf = nb;
    }
    size_t k = fread(buf + n, 1, cap - n - 1, f);
    n += k;
    if (k == 0) break;
  }
  bool err = ferror(f);
  fclose(f);
  if (err) {
    free(buf);
    *why = "read error";
    return NULL;
  }
  char *text = ar_strndup(&G->ar, buf, n);
  free(buf);
  *len = n;
  return text;
}

static void parse_text(ig *G, int file, const char *text, size_t len, int depth);

static void do_includes(ig *G, int from, int first_decl, int depth) {
  /* includes found in file `from` are parsed right after it, in order */
  for (int i = first_decl; i < G->decls.n; i++) {
    ast *n = G->decls.v[i];
    if (n->kind != A_INCLUDE || n->flag) continue;
    if (n->loc.file != from) continue;
    n->flag = true;
    if (!G->o->allow_include && G->o->text && from == 0) {
      dg_error(&G->d, n->loc, "include is not available when the spec comes from memory");
      continue;
    }
    if (depth >= MAX_INCLUDE_DEPTH) {
      dg_error(&G->d, n->loc, "includes nested more than %d deep", MAX_INCLUDE_DEPTH);
      continue;
    }
    const char *base = G->d.files[from].path;
    const char *slash = strrchr(base, '/');
    const char *path = n->text[0] == '/' || !slash
                           ? n->text
                           : ar_printf(&G->ar, "%.*s/%s", (int)(slash - base), base, n->text);
    char canon[PATH_MAX];
    if (!realpath(path, canon)) {
      dg_error(&G->d, n->loc, "cannot include '%s': %s", n->text, strerror(errno));
      continue;
    }
    /* a file in the chain of includes that led here is a cycle; a file
     * included before from elsewhere is simply not read again */
    bool cycle = false, again = false;
    for (int k = 0; k < G->chain.n; k++)
      if (strcmp(G->chain.v[k], canon) == 0) cycle = true;
    for (int k = 0; k < G->seen.n; k++)
      if (strcmp(G->seen.v[k], canon) == 0) again = true;
    if (cycle) {
      dg_error(&G->d, n->loc, "'%s' includes itself (through a cycle of includes)", n->text);
      continue;
    }
    if (again) continue;
    ar_push(&G->ar, &G->seen, ar_strdup(&G->ar, canon));
    size_t len;
    const char *why;
    char *text = read_file(G, path, &len, &why);
    if (!text) {
      dg_error(&G->d, n->loc, "cannot include '%s': %s", n->text, why);
      continue;
    }
    int fid = dg_add_file(&G->d, path, text, len);
    ar_push(&G->ar, &G->chain, G->seen.v[G->seen.n - 1]);
    parse_text(G, fid, text, len, depth + 1);
    G->chain.n--;
  }
}

static void parse_text(ig *G, int file, const char *text, size_t len, int depth) {
  const char *nul = memchr(text, 0, len);
  if (nul) { /* reported where the first NUL byte is */
    int line = 1, col = 1;
    for (const char *p = text; p < nul; p++) {
      if (*p == '\n') line++, col = 1;
      else col++;
    }
    dg_error(&G->d, (sloc){file, line, col, line, col}, "file contains a NUL byte; is it a spec?");
    return;
  }
  ps_state S = {0};
  S.ar = &G->ar;
  S.dg = &G->d;
  S.file = file;
  S.line = 1;
  S.col = 1;
  S.decls = &G->decls;
  int first = G->decls.n;
  if (ps_scan_buffer(&S, text, len) < 0) dg_plain(&G->d, "cannot start the lexer");
  do_includes(G, file, first, depth);
}

int ig_compile(const ig_options *o) {
  ig G;
  memset(&G, 0, sizeof G);
  G.o = o;
  dg_init(&G.d, &G.ar, o->diag);
  G.d.max_errors = 200;
  /* -o DIR must exist: say so now, not when the first file is written */
  if (o->outdir) {
    struct stat ds;
    if (stat(o->outdir, &ds) != 0)
      dg_plain(&G.d, "cannot write into %s: %s", o->outdir, strerror(errno));
    else if (!S_ISDIR(ds.st_mode))
      dg_plain(&G.d, "cannot write into %s: it is not a directory", o->outdir);
  }
  const char *text = o->text;
  size_t len = o->len;
  if (!text) {
    const char *why;
    text = read_file(&G, o->path, &len, &why);
    if (!text) {
      dg_plain(&G.d, "cannot read %s: %s", o->path, why);
      int n = G.d.nerrors;
      ar_free(&G.ar);
      return n;
    }
    char canon[PATH_MAX];
    if (realpath(o->path, canon)) {
      ar_push(&G.ar, &G.seen, ar_strdup(&G.ar, canon));
      ar_push(&G.ar, &G.chain, G.seen.v[0]);
    }
  } else {
    text = ar_strndup(&G.ar, text, len);
  }
  int fid = dg_add_file(&G.d, o->path, text, len);
  parse_text(&G, fid, text, len, 0);
  if (!G.d.nerrors) {
    ast **decls = (ast **)G.decls.v;
    md_spec *md = sm_build(&G.ar, &G.d, decls, G.decls.n);
    if (md && !G.d.nerrors) pt_build(md);
    if (o->werror && G.d.nwarnings) dg_plain(&G.d, "warnings are treated as errors");
    if (md && !G.d.nerrors && (o->outdir || o->emit_dry)) {
      sp_spec(md); /* fold what generation time knows (simplify.h) */
      em_write(md, o->outdir, o->prefix ? o->prefix : "spec", o->path);
    }
    if (md && !G.d.nerrors && o->outdir && o->oracle)
      em_write_oracle(md, o->outdir, o->prefix ? o->prefix : "spec", o->path);
  }
  if (G.d.nerrors && o->diag && G.d.nerrors > G.d.max_errors)
    fprintf(o->diag, "isagen: too many errors (%d); only the first %d are shown\n", G.d.nerrors, G.d.max_errors);
  int n = G.d.nerrors;
  ar_free(&G.ar);
  return n;
}
