/* model.h — a checked spec: the declarations after name resolution.
 *
 * Built by sema (declarations, semantics lowered to IR) and completed by
 * pattern (flattened encodings, decode order).  Read by the emitters.
 * Everything is allocated in the compilation's arena.
 */
#ifndef ISAGEN_MODEL_H
#define ISAGEN_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"
#include "ast.h"
#include "diag.h"
#include "ir.h"

#define MD_MAX_LEN 32 /* = ISA_MAX_LEN */

typedef struct md_reg {
  const char *name;
  int w; /* TY_BOOL for flags */
  bool readonly;
  sloc loc;
} md_reg;

typedef struct md_alias {
  const char *name;
  int reg, hi, lo;
  int w; /* TY_BOOL for single-bit aliases */
  sloc loc;
} md_alias;

typedef struct md_class {
  const char *name;
  int n;
  int *reg;   /* register per element */
  int *alias; /* alias per element, or -1 */
  int w;      /* element type */
  sloc loc;
} md_class;

typedef struct md_ctx {
  const char *name;
  int w;
  sloc loc;
} md_ctx;

typedef struct md_token md_token;
typedef struct md_field {
  const char *name;
  md_token *tok;
  int nr;
  int hi[8], lo[8]; /* ranges, most significant first */
  int w;
  bool is_signed;
  sloc loc;
} md_field;

struct md_token {
  const char *name;
  int bits, nbytes;
  md_field **f;
  int nf;
  sloc loc;
};

typedef struct md_table md_table;
typedef struct md_rule md_rule;

/* One position of a pattern. */
typedef struct md_pos {
  md_token *tok;             /* NULL if the conjunction has only a sub-table */
  md_field **cf;             /* constrained fields */
  uint64_t *cv;              /* their values (masked to field width) */
  int ncons;
  md_table *sub;             /* sub-table starting here, or NULL */
  int sub_alt_slot;          /* relative to the rule's alt base */
  int sub_field_base;        /* relative to the rule's field base */
  int sub_alt_base;          /* relative to the rule's alt base: sub-table's own region */
  /* A further sub-table written at the same pattern position ('v & w'):
   * this position has no token and no constraint, starts where the previous
   * one starts, and the next non-joined position starts after the longest of
   * the group.  The tables of a group use disjoint bits (pattern.c checks). */
  bool join;
  sloc loc;                  /* the conjunction, or for a joined table its atom */
} md_pos;

/* One flattened encoding: byte masks, context constraints, and how to fill
 * the instruction record.  Built by pattern.c. */
typedef struct md_fx {
  int slot, offset; /* field slot; byte offset of its token */
  md_field *field;
} md_fx;

typedef struct md_flat {
  md_rule *rule; /* the instruction */
  int len;
  uint8_t mask[MD_MAX_LEN], val[MD_MAX_LEN];
  int nctx;
  int ctx[8];
  uint64_t ctxv[8];
  md_fx *fx;
  int nfx;
  /* every token field the encoding binds or constrains, in position order
   * (slot -1 when only constrained): the names of the reference's diagrams */
  md_fx *named;
  int nnamed, capnamed;
  int alts[16][2]; /* (slot, alternative index) */
  int nalts;
  int key_bits;   /* specificity: constrained bits + context bits */
  int order;      /* rank in decode order */
  md_rule *leaf_rules[16]; /* the rules this flat passes through (for messages) */
  int nleaf;
} md_flat;

struct md_rule {
  const char *name; /* instruction name, or table name */
  bool is_insn;
  int index;        /* insn id, or alternative index in its table */
  md_table *table;  /* owning table for alternatives */
  ast *node;
  sloc loc;
  md_pos *pos;
  int npos;
  int ctxn;
  int ctxv_idx[8];
  uint64_t ctxv[8];
  md_field **own;   /* fields bound by this rule, slot = field base + index */
  int *own_pos;     /* the position each bound field is read at */
  int nown;
  int nfields, nalts; /* slot budget of the subtree rooted here */
  md_flat **flats;
  int nflats;
  bool unreachable;
  bool may_fall; /* instructions: some path of the semantics leaves PC at next */
  /* semantics: for instructions the body, for alternatives the export */
  int flow;         /* instructions: index into md_flow_names */
  ir_block *body;
  ir_tpl *tpl;
  ir_local **locals;
  int nlocals;
  const char *src;  /* the rule's spec text */
};

struct md_table {
  const char *name;
  int w;         /* export type, or TY_ERR for export-less tables */
  bool has_export, is_loc;
  md_rule **alts;
  int nalts;
  int nfields, nalts_slots; /* slot budget */
  bool used, busy, sized;
  md_flat **flats; /* flattened relative to slot base 0 (pattern.c) */
  int nflats;
  bool flattened;
  sloc loc;
  ast *node;
};

typedef struct md_prefix {
  uint8_t byte;
  int n;
  int ctx[8];
  uint64_t val[8];
  const char *asm_text;
  sloc loc;
} md_prefix;

typedef struct md_spec {
  arena *ar;
  dg *dg;
  const char *name;
  bool big_endian;
  int addr_bits;
  uint64_t elf_machine, stack_top;
  int pc, sp;
  int sys_number, sys_result, sys_error;
  int sys_args[8], sys_nargs;
  int64_t sys_svc[5]; /* exit, exit_group, read, write, brk: numbers or -1 */
  int max_len_setting;
  md_reg *regs; int nregs;
  md_alias *aliases; int naliases;
  md_class *classes; int nclasses;
  md_ctx *ctxs; int nctxs;
  md_token **tokens; int ntokens;
  md_table **tables; int ntables;
  md_rule **insns; int ninsns;
  md_prefix *prefixes; int nprefixes;
  /* decode order and lengths (pattern.c) */
  md_flat **flats; int nflats;
  int min_len, max_len;
} md_spec;

extern const char *const md_flow_names[]; /* indexed like isa_flow */
#define MD_NFLOWS 9

#endif
