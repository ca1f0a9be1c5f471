/* ast.h — the parse tree of a spec, as built by the parser.
 *
 * One generic node type: a kind, a source span, an optional name/number/text,
 * and children.  The parser allocates nodes from the compilation's arena; the
 * semantic pass (sema) reads them and never modifies them.
 */
#ifndef ISAGEN_AST_H
#define ISAGEN_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "diag.h"

typedef enum ast_kind {
  /* declarations */
  A_INCLUDE,  /* text = path */
  A_ARCH,     /* name; kids = A_SETTING */
  A_SETTING,  /* name; kids = values (A_IDENT/A_NUM/A_INDEX), or A_SETTING for nested blocks */
  A_REG,      /* kids = A_NAME...; type in `type`; num = array count (0 = scalar); flag readonly */
  A_FLAG,     /* kids = A_NAME... */
  A_ALIAS,    /* name; kids[0] = target expression (slice) */
  A_CLASS,    /* name; kids = element expressions */
  A_CONTEXT,  /* name; num = width */
  A_TOKEN,    /* name; num = bits; kids = A_FIELD */
  A_FIELD,    /* name; kids = A_RANGE...; flag signed */
  A_RANGE,    /* num = hi, num2 = lo */
  A_PREFIX,   /* num = byte; tpl = asm text (kids of A_TEMPLATE) or NULL; kids = A_ASSIGN */
  A_TABLE,    /* name; type (may be NULL); flag loc; kids = A_ALT */
  A_ALT,      /* kids[0] = pattern; kids[1] = export expr or NULL; tpl = template or NULL */
  A_FN,       /* name; kids[0] = A_PARAMS; type = result type or NULL; kids[1] = body (A_BLOCK) or expr */
  A_PARAMS,   /* kids = A_PARAM */
  A_PARAM,    /* name; type */
  A_INSN,     /* name; kids[0] = pattern; kids[1] = body; tpl; text = flow class (A_IDENT node in flow);
               * dflt = default context constraints of the enclosing context blocks (A_PSEQ of A_PCONJ,
               * innermost first), fdflt = the file's default (A_PCONJ) or NULL */
  A_CONST,    /* name; kids[0] = value expression, or tpl = template fragment (a string constant) */
  A_DECLS,    /* kids = declarations: the expansion of an enum or the body of a context block */
  A_PFRAG,    /* name; kids[0] = A_PCONJ: a named pattern fragment */
  A_NAME,     /* name */
  A_TYPE,     /* name = "bv32" / "bool" / "bv" */
  /* patterns */
  A_PSEQ,     /* kids = A_PCONJ */
  A_PCONJ,    /* kids = A_PATOM */
  A_PATOM,    /* name (or NULL for a literal byte); flag has_value; num = value (two's complement);
               * text = name of the constant giving the value (then num is unset); flag = '=*' (any value) */
  /* templates */
  A_TEMPLATE, /* kids = A_TTEXT / A_TEXPR / A_TCHOICE */
  A_TTEXT,    /* text */
  A_TEXPR,    /* kids[0] = expr; text = format or NULL */
  A_TCHOICE,  /* kids[0] = condition, kids[1] = then template, kids[2] = else template (A_TEMPLATE) */
  /* statements */
  A_BLOCK,    /* kids = statements */
  A_ASSIGN,   /* kids[0] = lvalue, kids[1] = value */
  A_LET,      /* name; type or NULL; kids[0] = init; flag mutable (var) */
  A_IF,       /* kids[0] = cond, kids[1] = then block, kids[2] = else (block/if) or NULL */
  A_CALLSTMT, /* kids[0] = A_CALL */
  A_TRAP,     /* text */
  A_RETURN,   /* kids[0] = expr */
  /* expressions */
  A_NUM,      /* num */
  A_TRUE, A_FALSE,
  A_IDENT,    /* name */
  A_NEXT,
  A_UNARY,    /* op; kids[0] */
  A_BINARY,   /* op; kids[0], kids[1] */
  A_TERNARY,  /* kids[0] ? kids[1] : kids[2] */
  A_INDEX,    /* kids[0][kids[1]] */
  A_SLICE,    /* kids[0][kids[1]:kids[2]] */
  A_CALL,     /* name; kids = args */
} ast_kind;

typedef enum ast_op {
  OP_NONE,
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD,
  OP_AND, OP_OR, OP_XOR, OP_SHL, OP_SHR,
  OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE,
  OP_LAND, OP_LOR,
  OP_NEG, OP_NOT, OP_LNOT,
} ast_op;

typedef struct ast ast;
struct ast {
  ast_kind kind;
  ast_op op;
  sloc loc;
  const char *name;
  const char *text;
  uint64_t num, num2;
  bool flag, has_value;
  ast *type;     /* A_TYPE for declarations that carry one */
  ast *tpl;      /* A_TEMPLATE for asm clauses */
  ast *flow;     /* A_IDENT naming the flow class (insns) */
  ast *dflt, *fdflt; /* default context constraints (insns; see A_INSN) */
  int src_begin, src_end; /* byte offsets of a rule's text (insns) */
  int depth;              /* height of the subtree (bounded by the parser) */
  ast **kids;
  int nkids, capkids;
};

#define AST_MAX_DEPTH 1000 /* deeper trees are rejected: later passes recurse */

ast *ast_new(arena *a, ast_kind k, sloc loc);
void ast_add(arena *a, ast *parent, ast *kid);
const char *ast_op_text(ast_op op);

#endif
