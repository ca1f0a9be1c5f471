/* isa.h — the seam between an ISA implementation and the runtime.
 *
 * Everything the runtime knows about an instruction set comes through this
 * header: a descriptor table (isa_desc) and four entry points (decode, print,
 * concrete step, symbolic transformer).  isagen emits one implementation per
 * spec; the runtime never includes a generated header.  Nothing in here is
 * specific to any ISA.
 *
 * Ownership: descriptors, names and tables are static data owned by the
 * generated code and live for the whole program; the expanded isa_form
 * table is the runtime's (fm_forms).  isa_insn records are plain
 * values owned by the caller.  Term handles (isa_term) belong to whichever term
 * builder created them.
 */
#ifndef MCVETO_ISA_H
#define MCVETO_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ISA_MAX_FIELDS 32 /* decoded operand slots per instruction */
#define ISA_MAX_ALTS 16   /* sub-table choices per instruction */
#define ISA_MAX_CTX 8     /* decode-context variables */
#define ISA_MAX_LEN 32    /* longest instruction in bytes */

/* ---- descriptor ------------------------------------------------------- */

typedef enum isa_flow {
  ISA_FLOW_FALLTHROUGH,
  ISA_FLOW_JUMP,     /* direct unconditional jump */
  ISA_FLOW_CJUMP,    /* conditional jump (also: x86 rep, which may stay put) */
  ISA_FLOW_CALL,     /* direct call */
  ISA_FLOW_RETURN,
  ISA_FLOW_IJUMP,    /* indirect jump */
  ISA_FLOW_ICALL,    /* indirect call */
  ISA_FLOW_SYSCALL,  /* traps to the operating system */
  ISA_FLOW_HALT,
  ISA_FLOW_COUNT
} isa_flow;

/* A register: width 1..64 bits; a flag is a 1-bit register read as bool. */
typedef struct isa_reg {
  const char *name;
  unsigned width; /* bits */
  bool is_flag;   /* bool-typed (width 1) */
  bool readonly;  /* writes through a class are ignored */
} isa_reg;

/* A named slice of a register: name = reg[hi:lo]. */
typedef struct isa_alias {
  const char *name;
  unsigned reg; /* index into isa_desc.regs */
  unsigned hi, lo;
} isa_alias;

/* A register class: element i is a register (alias < 0) or an alias. */
typedef struct isa_class {
  const char *name;
  unsigned count;
  const int *regs;    /* register index per element, or -1 */
  const int *aliases; /* alias index per element, or -1 */
} isa_class;

/* Per-instruction static facts. */
typedef struct isa_insn_info {
  const char *name;
  isa_flow flow;
  const char *file; /* spec file and line of the instruction's rule */
  unsigned line;
  const char *source; /* the rule's spec text, for `explain` */
  /* Some path of the semantics leaves PC at the next instruction: a branch,
   * call or return that may not be taken (PowerPC's beqlr, bnel).  Such a
   * call or return acts as one only when the next PC is another address. */
  bool may_fall_through;
} isa_insn_info;

/* A decoded instruction.  Field values and sub-table choices sit in slots
 * whose layout is private to the generated code. */
typedef struct isa_insn {
  uint64_t addr;
  uint32_t id;  /* index into isa_desc.insns */
  uint8_t len;  /* bytes, prefixes included */
  uint8_t nprefix;   /* prefix bytes at the start */
  uint32_t prefixes; /* bit i set: declared prefix i was present */
  /* alt and the first fields share cache lines with the header: a step
   * reads them on every execution (ctx rarely) */
  uint16_t alt[ISA_MAX_ALTS];
  uint64_t f[ISA_MAX_FIELDS];
  uint64_t ctx[ISA_MAX_CTX];
} isa_insn;

typedef enum isa_decode_result {
  ISA_DECODE_OK = 0,
  ISA_DECODE_INVALID = 1,  /* no rule matches these bytes */
  ISA_DECODE_NEED_MORE = 2 /* a rule may match once more bytes are given */
} isa_decode_result;

/* ---- concrete interpretation ------------------------------------------ */

/* Memory access for the concrete step: copy n bytes (1..8) in address order.
 * Return 0, or a nonzero fault kind (the runtime's) and leave *out alone. */
typedef int (*isa_load_fn)(void *mem, uint64_t addr, unsigned n, uint8_t *out);
typedef int (*isa_store_fn)(void *mem, uint64_t addr, unsigned n, const uint8_t *in);

/* Pages the concrete step may read or write in place instead of calling
 * load or store (every emulated access goes through the step, so the calls
 * are a large part of a run).  The memory behind load/store fills the
 * entries and keeps them exact: an access through an entry does exactly what
 * the call would — it is permitted and cannot fault, and it reads or writes
 * only defined bytes (bit i of undef set: byte i of the page is undefined,
 * so the call must ask for its value; undef NULL: none is; the memory keeps
 * the pointer current).  A written page
 * is never executable, so a store into code still goes through store, where
 * the decode cache learns of it; a write through an entry sets *gen to
 * ++*stamp, as store would.  A missing entry only means "call". */
#define ISA_FAST_PAGE_BITS 12
#define ISA_FAST_PAGES 64
typedef struct isa_fast_page {
  uint64_t tag;              /* address >> ISA_FAST_PAGE_BITS; UINT64_MAX: empty */
  uint8_t *data;             /* the page's bytes */
  const uint8_t *undef;      /* the page's undefined-byte bitmap, or NULL */
  uint64_t *gen;             /* the page's stamp (written pages) */
} isa_fast_page;

typedef struct isa_fast_mem {
  uint64_t *stamp; /* the memory's change counter */
  isa_fast_page rd[ISA_FAST_PAGES], wr[ISA_FAST_PAGES];
} isa_fast_mem;

/* The bytes of [a, a+n) (n 1..8) through tab, or NULL if the access must
 * go through the call. */
static inline uint8_t *isa_fast_at(const isa_fast_page *tab, uint64_t a, unsigned n) {
  const uint64_t tag = a >> ISA_FAST_PAGE_BITS, size = (uint64_t)1 << ISA_FAST_PAGE_BITS;
  const isa_fast_page *e = &tab[tag & (ISA_FAST_PAGES - 1)];
  const unsigned off = (unsigned)(a & (size - 1));
  if (e->tag != tag || off + n > size) return NULL;
  const uint8_t *u = e->undef;
  if (u) { /* the n bits of the bytes lie in two bitmap bytes at most */
    unsigned w = u[off >> 3] | ((off >> 3) + 1 < size / 8 ? (unsigned)u[(off >> 3) + 1] << 8 : 0u);
    if ((w >> (off & 7)) & ((1u << n) - 1)) return NULL;
  }
  return e->data + off;
}

typedef struct isa_cpu {
  uint64_t *reg; /* one value per isa_desc.regs entry, masked to its width */
  void *mem;
  isa_load_fn load;
  isa_store_fn store;
  /* out, set by the step when it does not return ISA_STEP_OK */
  uint64_t fault_addr;
  int fault_kind;
  bool fault_write;
  const char *trap_msg;
  /* in: direct access to mem's pages, or NULL (every access calls) */
  isa_fast_mem *fast;
  /* in/out: a step that completes runs the next of the chain its insn sits
   * in itself (isa_next) while chain > 0, counting it down.  A store
   * through the call ends the chain, replacing a positive chain by ~chain
   * (negative; ~ gives the count back): it may have written code (a store
   * into an executable page never goes through fast), which the caller
   * must see before another step runs.  0 (the default): one step.  A
   * chain is an array of isa_chain_step that the caller owns. */
  int32_t chain;
} isa_cpu;

typedef enum isa_step_result {
  ISA_STEP_OK = 0,  /* PC register holds the next PC */
  ISA_STEP_FAULT,   /* memory fault: fault_addr, fault_kind, fault_write */
  ISA_STEP_TRAP     /* the semantics executed `trap`: trap_msg */
} isa_step_result;

/* One instruction's concrete semantics (see isa_desc.step and .steps). */
typedef isa_step_result (*isa_step_fn)(isa_cpu *cpu, const isa_insn *insn);

/* One entry of a chain of straight-line decoded instructions (isa_cpu.chain):
 * the handler to run and its instruction; the next entry follows. */
typedef struct isa_chain_step {
  isa_step_fn fn;
  isa_insn insn;
} isa_chain_step;

/* What a handler returns after completing its step: ISA_STEP_OK, or, while
 * cpu->chain says so, the result of the chain's next step, which it runs
 * itself (direct threading: no return to the run loop per instruction, and
 * one indirect branch per handler for the predictor).  insn must then lie
 * in a chain. */
static inline isa_step_result isa_next(isa_cpu *cpu, const isa_insn *insn) {
  if (cpu->chain <= 0) return ISA_STEP_OK;
  cpu->chain--;
  const isa_chain_step *n = (const isa_chain_step *)(const void *)((const char *)insn - offsetof(isa_chain_step, insn)) + 1;
  return n->fn(cpu, &n->insn);
}

/* ---- symbolic interpretation ------------------------------------------ */

/* Terms are opaque handles owned by the builder; 0 is never a valid term. */
typedef uint32_t isa_term;

typedef enum isa_op {
  /* bit-vector -> bit-vector, same width */
  ISA_OP_NOT, ISA_OP_NEG,
  ISA_OP_ADD, ISA_OP_SUB, ISA_OP_MUL,
  ISA_OP_UDIV, ISA_OP_UREM, ISA_OP_SDIV, ISA_OP_SREM, /* SMT-LIB semantics on 0 */
  ISA_OP_AND, ISA_OP_OR, ISA_OP_XOR,
  ISA_OP_SHL, ISA_OP_LSHR, ISA_OP_ASHR, /* amount has the same width; >= width saturates */
  /* bit-vector x bit-vector -> bool */
  ISA_OP_EQ, ISA_OP_ULT, ISA_OP_ULE, ISA_OP_SLT, ISA_OP_SLE,
  /* bool -> bool */
  ISA_OP_LNOT, ISA_OP_LAND, ISA_OP_LOR, ISA_OP_LXOR, ISA_OP_IFF,
  /* structural */
  ISA_OP_ITE,     /* (bool, x, x) -> x for any sort, arrays included */
  ISA_OP_EXTRACT, /* p0 = hi, p1 = lo */
  ISA_OP_CONCAT,  /* (high, low) */
  ISA_OP_ZEXT,    /* p0 = result width */
  ISA_OP_SEXT,    /* p0 = result width */
  ISA_OP_BOOL2BV, /* bool -> bv1 */
  ISA_OP_SELECT,  /* (memory, address) -> bv8 */
  ISA_OP_STORE,   /* (memory, address, bv8) -> memory */
  ISA_OP_COUNT
} isa_op;

/* The term builder the generated symbolic code calls; the runtime implements it.
 * konst: width 0 makes a bool constant (value 0 or 1). */
typedef struct isa_tb {
  void *ctx;
  isa_term (*konst)(void *ctx, uint64_t value, unsigned width);
  isa_term (*app)(void *ctx, isa_op op, const isa_term *args, unsigned nargs,
                  unsigned p0, unsigned p1);
} isa_tb;

/* Symbolic machine state.  Before the call it holds the pre-state (for the
 * exact transformer: one variable per register and one memory array); after
 * it, every location as a term over the pre-state.  reg[pc] becomes the
 * next-PC term.  trap becomes the condition under which the instruction traps
 * (false when it cannot). */
typedef struct isa_symstate {
  isa_term *reg; /* one per isa_desc.regs entry; flags are bool terms */
  isa_term mem;  /* array BV(addr width) -> BV8 */
  isa_term trap;
} isa_symstate;

/* Where a spec token field sits in a form: bits bit..bit+width-1 of byte
 * `byte` (0 = the form's first byte, after any prefixes; bit 0 = least
 * significant), holding bits fbit..fbit+width-1 of the field's value.  A field
 * spread over several bytes, or over several ranges of its token, has one
 * entry per piece. */
typedef struct isa_form_field {
  const char *name; /* the field's name in the spec; "opcode" for a pattern's literal bytes */
  uint8_t byte, bit, width, fbit;
} isa_form_field;

/* One encoding of an instruction (a "form"): the bytes b of length len with
 * (b[i] & mask[i]) == val[i], decoded under the given context values (which
 * prefixes set).  Every byte string the decoder accepts matches some form;
 * test drivers build random instances of every form from this table.
 * fields names the bits: every token field the encoding (its sub-tables
 * included) binds or constrains, in pattern order; bits of a token field the
 * encoding does not use have no entry, and entries overlap where the spec's
 * fields do.  For documentation only (the reference's diagrams): the decoder
 * does not read it, and nothing promises that f[k] slots follow it.
 * The generated code does not hold this table: fm_forms (runtime/machine/
 * forms.h) builds it from isa_desc.formpack, and it owns the memory. */
typedef struct isa_form {
  uint32_t insn;
  uint8_t len, nctx;
  const uint8_t *mask, *val;
  const uint8_t *ctx;     /* context variable indices */
  const uint64_t *ctxv;   /* their required values */
  uint16_t nfields;
  const isa_form_field *fields;
} isa_form;

/* ---- the forms, packed ------------------------------------------------- */

/* What isagen writes instead of the isa_form table (x86 has 23,603 forms, and
 * five pointers in each made the binary's relocations larger than its code):
 * the pieces the forms are combined from, without pointers.  An instruction
 * is a list of positions; a position is its token's bytes with the
 * instruction's own fixed bits, and may start a sub-table, whose flattened
 * alternatives ("table flats", nested sub-tables already expanded) are
 * parts too.  Several sub-tables may start at one byte (joined positions).
 * A form is one choice of table flat per sub-table position, as
 * isagen's pattern.c combines them; the forms of all instructions, in
 * instruction order and, within one, with the first sub-table position's
 * choice most significant, sorted by specificity (fixed bits plus the bits
 * of the context variables constrained, more first; then longer first; then
 * more context constraints first; ties in that order) are the decode order.
 * Offsets index the pools of isa_formpack; counts say how many entries. */
typedef struct isa_fp_part {
  uint8_t len;    /* bytes: a position's token, or a table flat's encoding */
  uint8_t nctx;   /* context constraints (table flats) */
  int16_t sub;    /* a position: the sub-table starting at it, or -1 */
  uint16_t nnamed;
  /* a position: 1 if it is a further sub-table at the previous position
   * ('v & w' in the spec; no token, no fixed bits): it starts where the
   * previous position starts, and the next position that is not joined
   * starts after the longest of them */
  uint8_t join;
  uint32_t mask, val; /* into bytes, len each; UINT32_MAX: no fixed bit */
  uint32_t ctx;   /* into bytes: nctx context variable indices */
  uint32_t ctxv;  /* into ctxv: their values */
  uint32_t named; /* into named: nnamed (field, byte offset) pairs */
} isa_fp_part;

/* A field's bits cut at byte boundaries, relative to its token: as
 * isa_form_field, name excepted. */
typedef struct isa_fp_piece {
  uint8_t byte, bit, width, fbit;
} isa_fp_piece;

typedef struct isa_fp_field {
  uint32_t name;  /* into names: its NUL-terminated name */
  uint32_t piece; /* into pieces */
  uint32_t npiece;
} isa_fp_field;

typedef struct isa_fp_table {
  uint32_t part; /* its table flats: parts part.. */
  uint32_t npart;
} isa_fp_table;

typedef struct isa_fp_insn {
  uint32_t part; /* its positions: parts part.. */
  uint8_t npart, nctx;
  uint32_t ctx, ctxv; /* the rule's own context constraints, as in a part */
} isa_fp_insn;

typedef struct isa_formpack {
  const uint8_t *bytes;   /* masks, values and context indices */
  const uint64_t *ctxv;   /* context values */
  const char *names;      /* field names, each NUL-terminated */
  const uint16_t *named;  /* pairs (field index, byte offset in the part) */
  const isa_fp_piece *pieces;
  const isa_fp_field *fields;
  const isa_fp_part *parts;
  const isa_fp_table *tables;
  const isa_fp_insn *insns; /* one per isa_desc.insns entry */
  const uint8_t *ctx_bits;  /* width of each context variable */
} isa_formpack;

/* A prefix byte and the context values it sets. */
typedef struct isa_prefix {
  uint8_t byte, n;
  const uint8_t *ctx;
  const uint64_t *val;
} isa_prefix;

/* ---- the descriptor ---------------------------------------------------- */

/* The system calls the runtime implements (Linux semantics). */
enum { ISA_SYS_EXIT, ISA_SYS_EXIT_GROUP, ISA_SYS_READ, ISA_SYS_WRITE, ISA_SYS_BRK, ISA_SYS_COUNT };

typedef struct isa_syscall_abi {
  int number;      /* register index */
  unsigned nargs;
  const int *args; /* register indices */
  int result;      /* register index */
  int error_flag;  /* register index of a flag set on error (result = +errno), or -1 */
  int64_t numbers[ISA_SYS_COUNT]; /* the ABI's number of each call, or -1 */
} isa_syscall_abi;

typedef struct isa_desc {
  const char *name;
  bool big_endian;
  unsigned addr_bits;
  unsigned elf_machine; /* ELF e_machine, 0 if the spec gives none */
  uint64_t stack_top;   /* initial stack pointer of a process */
  unsigned max_len;     /* longest instruction in bytes */
  unsigned min_len;     /* shortest instruction in bytes */
  unsigned pc, sp;      /* register indices */
  isa_syscall_abi syscall;

  unsigned nregs;
  const isa_reg *regs;
  unsigned naliases;
  const isa_alias *aliases;
  unsigned nclasses;
  const isa_class *classes;
  unsigned ninsns;
  const isa_insn_info *insns;
  unsigned nctx;
  const char *const *ctx_names;
  unsigned nforms; /* in decode order: more specific forms first */
  const isa_formpack *formpack; /* the forms; fm_forms expands them */
  unsigned nprefixes;
  const isa_prefix *prefixes;

  /* Decode the bytes buf[0..n) found at addr.  On OK fills *out. */
  isa_decode_result (*decode)(const uint8_t *buf, size_t n, uint64_t addr, isa_insn *out);
  /* Assembly text; returns the length snprintf would (truncates to size). */
  int (*print)(const isa_insn *insn, char *buf, size_t size);
  /* Execute one decoded instruction on cpu (whose PC must equal insn->addr).
   * On ISA_STEP_FAULT or ISA_STEP_TRAP the registers are as before the call
   * (memory written before a fault stays written). */
  isa_step_fn step;
  /* The same per instruction id, for direct dispatch: steps[insn->id] is
   * step without clearing trap_msg (which a trap always sets).  May be NULL
   * (then only step is available). */
  const isa_step_fn *steps;
  /* The handler to keep with a decoded instruction: steps[insn->id], or a
   * version of it specialised to the instruction's sub-table choices (the
   * same effect, without testing them on every execution).  May be NULL. */
  isa_step_fn (*handler)(const isa_insn *insn);
  /* Replace st by the instruction's effect on it, as terms. */
  void (*symstep)(const isa_tb *tb, isa_symstate *st, const isa_insn *insn);
} isa_desc;

#endif
