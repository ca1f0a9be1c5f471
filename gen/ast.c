#include "ast.h"

#include <string.h>

ast *ast_new(arena *a, ast_kind k, sloc loc) {
  ast *n = ar_alloc(a, sizeof *n);
  n->kind = k;
  n->loc = loc;
  return n;
}

void ast_add(arena *a, ast *parent, ast *kid) {
  if (!kid) return;
  if (parent->nkids == parent->capkids) {
    int cap = parent->capkids ? parent->capkids * 2 : 4;
    ast **nk = ar_alloc(a, sizeof *nk * (size_t)cap);
    if (parent->nkids) memcpy(nk, parent->kids, sizeof *nk * (size_t)parent->nkids);
    parent->kids = nk;
    parent->capkids = cap;
  }
  parent->kids[parent->nkids++] = kid;
  if (kid->depth + 1 > parent->depth) parent->depth = kid->depth + 1;
}

const char *ast_op_text(ast_op op) {
  static const char *t[] = {"?", "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>",
                            "==", "!=", "<", "<=", ">", ">=", "&&", "||", "-", "~", "!"};
  return (unsigned)op < sizeof t / sizeof *t ? t[op] : "?";
}
