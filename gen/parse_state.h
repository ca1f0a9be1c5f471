/* parse_state.h — state shared by the lexer and the parser for one file.
 *
 * One ps_state per spec file parsed.  The declarations the parser recognises
 * are appended to `decls` (owned by the arena).  Errors go to the diagnostics
 * sink `dg`.
 */
#ifndef ISAGEN_PARSE_STATE_H
#define ISAGEN_PARSE_STATE_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"

#define PS_MAX_TPL_DEPTH 8

/* Bison location type (also used by the lexer): a sloc plus byte offsets. */
typedef struct SPEC_LTYPE {
  int file;
  int line, col, eline, ecol;
  int begin, end; /* byte offsets in the file */
} SPEC_LTYPE;
#define SPEC_LTYPE_IS_DECLARED 1

typedef struct ps_state {
  arena *ar;
  dg *dg;
  int file;
  int line, col, offset;
  int tpl_depth;
  int brace[PS_MAX_TPL_DEPTH];
  SPEC_LTYPE comment_start, str_start;
  ar_vec *decls; /* of ast* */
  bool too_deep;
  SPEC_LTYPE prev, cur; /* the last two tokens read */
  char prev_text[48], cur_text[48];
  ast *fdflt; /* the file's default context constraints so far ('context ATOMS;'), or NULL */
} ps_state;

static inline sloc ps_sloc(SPEC_LTYPE l) { return (sloc){l.file, l.line, l.col, l.eline, l.ecol}; }

#define ps_error(S, L, ...) dg_error((S)->dg, ps_sloc(L), __VA_ARGS__)
#define ps_strdup(S, s) ar_strdup((S)->ar, (s))

/* Parse text as one spec file (index `file` in S->dg); declarations are
 * appended to S->decls.  Returns 0, or nonzero after a syntax error (which has
 * been reported). */
int ps_scan_buffer(ps_state *S, const char *text, size_t len);

#endif

/* Span from the first to the last right-hand-side symbol; an empty rule gets
 * an empty span at the end of the previous symbol. */
#define YYLLOC_DEFAULT(Cur, Rhs, N)                                           \
  do {                                                                        \
    if (N) {                                                                  \
      (Cur).file = YYRHSLOC(Rhs, 1).file;                                     \
      (Cur).line = YYRHSLOC(Rhs, 1).line;                                     \
      (Cur).col = YYRHSLOC(Rhs, 1).col;                                       \
      (Cur).begin = YYRHSLOC(Rhs, 1).begin;                                   \
      (Cur).eline = YYRHSLOC(Rhs, N).eline;                                   \
      (Cur).ecol = YYRHSLOC(Rhs, N).ecol;                                     \
      (Cur).end = YYRHSLOC(Rhs, N).end;                                       \
    } else {                                                                  \
      (Cur) = YYRHSLOC(Rhs, 0);                                               \
      (Cur).line = (Cur).eline;                                               \
      (Cur).col = (Cur).ecol;                                                 \
      (Cur).begin = (Cur).end;                                                \
    }                                                                         \
  } while (0)
