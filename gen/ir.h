/* ir.h — the lowered, typed form of a spec, shared by every emitter.
 *
 * sema builds it from the AST: names resolved, widths checked, helpers
 * inlined, sub-table references turned into choices on the decoded
 * alternative, aliases turned into extract/insert, builtins expanded into
 * primitive operators that map one-to-one onto runtime/machine/isa.h's isa_op.
 * The concrete and the symbolic emitters both walk exactly this IR, which is
 * what keeps the two interpretations consistent.  All of it lives in the
 * compilation's arena.
 */
#ifndef ISAGEN_IR_H
#define ISAGEN_IR_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"

#define TY_BOOL 0  /* widths 1..64 are bit-vectors */
#define TY_INT (-1) /* untyped integer literal (only during elaboration) */
#define TY_ERR (-2) /* already reported; suppresses follow-on errors */

typedef enum ir_op {
  /* leaves */
  IR_CONST,  /* val */
  IR_FIELD,  /* a = slot in isa_insn.f */
  IR_CTX,    /* a = context variable */
  IR_PCADDR, /* address of this instruction */
  IR_NEXT,   /* address after it */
  IR_REG,    /* a = register */
  IR_CREG,   /* a = class; k[0] = element index (static) */
  IR_VAR,    /* a = local */
  IR_LOAD,   /* a = bytes, b = 1 if big-endian; k[0] = address */
  /* operators (same order as isa_op) */
  IR_NOT, IR_NEG, IR_ADD, IR_SUB, IR_MUL, IR_UDIV, IR_UREM, IR_SDIV, IR_SREM,
  IR_AND, IR_OR, IR_XOR, IR_SHL, IR_LSHR, IR_ASHR,
  IR_EQ, IR_ULT, IR_ULE, IR_SLT, IR_SLE,
  IR_LNOT, IR_LAND, IR_LOR, IR_LXOR, IR_IFF,
  IR_ITE, IR_EXTRACT /* a = hi, b = lo */, IR_CONCAT, IR_ZEXT, IR_SEXT, IR_BOOL2BV,
  /* structural */
  IR_INSERT, /* k[0] = base, k[1] = value placed at bit a */
  IR_ALT,    /* a = alt slot; k[i] = value when alternative i was decoded */
} ir_op;

struct md_table;

typedef struct ir_expr ir_expr;
struct ir_expr {
  ir_op op;
  int w;     /* TY_BOOL or 1..64 */
  bool stat; /* known at decode time (depends on fields, context, PC only) */
  int a, b;
  uint64_t val;
  ir_expr **k;
  int nk;
  /* IR_ALT reading a table's export: the table and its slot region (first
   * field and choice slot); the emitters call one function per table */
  struct md_table *tab;
  int fb, ab;
};

typedef enum ir_sop {
  IR_S_SETREG,  /* a = register; e[0] = value (full width) */
  IR_S_SETCREG, /* a = class; e[0] = index, e[1] = value */
  IR_S_SETVAR,  /* a = local; e[0] = value */
  IR_S_STORE,   /* a = bytes, b = big-endian; e[0] = address, e[1] = value */
  IR_S_SETPC,   /* e[0] = value */
  IR_S_IF,      /* e[0] = condition; body[0] = then, body[1] = else;
                   b = number of locals declared before it (later ones are
                   local to the arms and dead after the if) */
  IR_S_ALT,     /* a = alt slot; body[i] = statements for alternative i */
  IR_S_TRAP,    /* msg */
} ir_sop;

typedef struct ir_stmt ir_stmt;
typedef struct ir_block {
  ir_stmt **s;
  int n, cap;
} ir_block;

struct ir_stmt {
  ir_sop op;
  int a, b;
  ir_expr *e[2];
  ir_block *body;
  int nbody;
  const char *msg;
  sloc loc;
  sloc site;     /* the instruction's helper call this came from, if any */
  const char *site_fn;
  bool has_site;
};

/* Template pieces for the printer. */
typedef enum ir_tkind {
  IR_T_TEXT,    /* text */
  IR_T_VALUE,   /* e (static), fmt */
  IR_T_REG,     /* a = register */
  IR_T_CREG,    /* a = class, e = index */
  IR_T_ALT,     /* a = alt slot; alts[i] = template of alternative i */
  IR_T_CHOICE,  /* e (static bool): alts[0] if it holds, else alts[1] */
} ir_tkind;

typedef struct ir_tpl ir_tpl;
typedef struct ir_tpart {
  ir_tkind kind;
  const char *text;
  ir_expr *e;
  const char *fmt; /* "d" "s" "x" "sx" "h" "sh" "+s" "+sx" "+sh" */
  int a;
  ir_tpl **alts;
  int nalts;
  struct md_table *tab; /* IR_T_ALT of a table: the table and its slot region */
  int fb, ab;
} ir_tpart;

struct ir_tpl {
  ir_tpart *p;
  int n, cap;
};

typedef struct ir_local {
  const char *name;
  int w;
  bool stat; /* a let bound to a static value */
  bool unused; /* neither read nor written after simplification (simplify.c) */
} ir_local;

#endif
