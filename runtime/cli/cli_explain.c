/* cli_explain.c — `explain`: one instruction straight from the spec, its
 * symbolic transformer, its concrete effect, and Pre of a formula (the
 * small parser of --pre). */
#include "cli_impl.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fold.h"
#include "pre.h"
#include "terms.h"
#include "xalloc.h"

/* ---- formulas (explain --pre, --state) ------------------------------------------------ */

/* Formula syntax: C-like expressions over register and flag names, integers
 * (untyped: they take the width of the other operand), memN[addr] (arch byte
 * order), + - * / % & | ^ ~ << >> (unsigned), == != < <= > >= (unsigned),
 * && || !, ( ). */
typedef struct fo {
  tm_ctx *tc;
  const isa_desc *d;
  const isa_term *regvars;
  isa_term mem;
  const char *s, *p;
  char err[200];
  int depth; /* nesting of ( [ and unary operators, at most FO_MAX_DEPTH */
} fo;

/* The bound of the parser's recursion (fexpr and funary count it): deeper
 * formulas are refused, not a stack overflow. */
#define FO_MAX_DEPTH 256

/* An untyped integer is -v if neg, else v: it gets its width from the other
 * operand and must fit in it (a negative one as a two's-complement value). */
typedef struct fval {
  isa_term t; /* 0 with untyped */
  bool untyped, neg;
  uint64_t v;
} fval;

static void skip(fo *f) {
  while (isspace((unsigned char)*f->p)) f->p++;
}

static bool eat(fo *f, const char *tok) {
  skip(f);
  size_t n = strlen(tok);
  if (strncmp(f->p, tok, n)) return false;
  /* do not take '<' from '<<' or '<=', '&' from '&&', '!' from '!=' etc.;
   * '!!' is two negations */
  if (n == 1 && strchr("<>&|=!", tok[0]) && ((f->p[1] == tok[0] && tok[0] != '!') || f->p[1] == '=')) return false;
  f->p += n;
  return true;
}

static void fail(fo *f, const char *msg) {
  if (!f->err[0]) snprintf(f->err, sizeof f->err, "%s at column %d", msg, (int)(f->p - f->s) + 1);
}

static isa_term typed(fo *f, fval v, unsigned w) {
  if (!v.untyped) return v.t;
  if (w == TM_BOOL) { /* the terms have no integer of a condition's sort */
    fail(f, "an integer where a condition is expected (write Z or !Z, true or false)");
    return tm_false(f->tc);
  }
  unsigned bits = w;
  bool fits = v.neg ? bits >= 64 ? v.v <= 1ull << 63 : v.v <= 1ull << (bits - 1) : bits >= 64 || !(v.v >> bits);
  if (!fits) {
    char msg[100];
    snprintf(msg, sizeof msg, "the integer %s0x%llx does not fit in the other operand's %u bits", v.neg ? "-" : "",
             (unsigned long long)v.v, bits);
    fail(f, msg);
  }
  return tm_const(f->tc, v.neg ? 0 - v.v : v.v, w);
}

/* Counts one level of nesting; false (with the error) past FO_MAX_DEPTH. */
static bool enter(fo *f) {
  if (++f->depth <= FO_MAX_DEPTH) return true;
  char msg[80];
  snprintf(msg, sizeof msg, "the formula nests deeper than %d levels", FO_MAX_DEPTH);
  fail(f, msg);
  return false;
}

static fval fexpr(fo *f);

static fval fprimary(fo *f) {
  fval r = {0};
  skip(f);
  if (eat(f, "(")) {
    r = fexpr(f);
    if (!eat(f, ")")) fail(f, "expected ')'");
    return r;
  }
  if (isdigit((unsigned char)*f->p)) {
    /* decimal (a leading 0 is not octal) or 0x hex, as docs/cli.md says */
    bool hex = f->p[0] == '0' && (f->p[1] == 'x' || f->p[1] == 'X');
    const char *digits = hex ? f->p + 2 : f->p;
    char *end;
    r.untyped = true;
    errno = 0;
    r.v = strtoull(digits, &end, hex ? 16 : 10);
    if (end == digits || !(hex ? isxdigit((unsigned char)*digits) : isdigit((unsigned char)*digits))) {
      fail(f, "expected hex digits after 0x");
      return r;
    }
    if (isalnum((unsigned char)*end) || *end == '_') {
      f->p = end;
      fail(f, "bad digit in an integer");
      return r;
    }
    if (errno == ERANGE) {
      fail(f, "the integer is wider than 64 bits");
      return r;
    }
    f->p = end;
    return r;
  }
  if (isalpha((unsigned char)*f->p) || *f->p == '_') {
    const char *b = f->p;
    while (isalnum((unsigned char)*f->p) || *f->p == '_') f->p++;
    size_t n = (size_t)(f->p - b);
    char name[64];
    if (n >= sizeof name) { /* longer than any name; not cut to a prefix that might be one */
      f->p = b;
      fail(f, "unknown name (expected a register, flag, alias or memN[...])");
      return r;
    }
    memcpy(name, b, n);
    name[n] = 0;
    if (!strcmp(name, "true") || !strcmp(name, "false")) {
      r.t = tm_const(f->tc, name[0] == 't', TM_BOOL);
      return r;
    }
    int bits = !strcmp(name, "mem8") ? 8 : !strcmp(name, "mem16") ? 16 : !strcmp(name, "mem32") ? 32 : !strcmp(name, "mem64") ? 64 : 0;
    if (bits && !eat(f, "[")) {
      fail(f, "expected '[' after a memN");
      return r;
    }
    if (bits) {
      fval a = fexpr(f);
      if (f->err[0]) return r;
      if (!eat(f, "]")) fail(f, "expected ']'");
      isa_term addr = typed(f, a, f->d->addr_bits);
      r.t = tm_mem_word(f->tc, f->mem, addr, (unsigned)bits / 8, f->d->big_endian);
      return r;
    }
    for (unsigned i = 0; i < f->d->nregs; i++)
      if (!strcmp(f->d->regs[i].name, name)) {
        r.t = f->regvars[i];
        return r;
      }
    for (unsigned i = 0; i < f->d->naliases; i++)
      if (!strcmp(f->d->aliases[i].name, name)) {
        const isa_alias *al = &f->d->aliases[i];
        r.t = tm_extract(f->tc, f->regvars[al->reg], al->hi, al->lo);
        return r;
      }
    f->p = b;
    fail(f, "unknown name (expected a register, flag, alias or memN[...])");
    return r;
  }
  fail(f, "expected a value");
  return r;
}

static fval funary(fo *f) {
  skip(f);
  if ((*f->p == '!' || *f->p == '~' || *f->p == '-') && !enter(f)) return (fval){0};
  if (eat(f, "!")) {
    fval a = funary(f);
    f->depth--;
    if (a.untyped) fail(f, "'!' needs a condition");
    if (a.untyped || !a.t) return (fval){0};
    return (fval){tm_app1(f->tc, ISA_OP_LNOT, a.t), false, false, 0};
  }
  if (eat(f, "~") || eat(f, "-")) {
    bool neg = f->p[-1] == '-';
    fval a = funary(f);
    f->depth--;
    if (a.untyped) { /* -x, and ~x = -(x + 1) */
      if (!neg && !a.neg && a.v == UINT64_MAX) fail(f, "the integer is wider than 64 bits");
      if (neg) return (fval){0, true, a.v && !a.neg, a.v};
      return a.neg ? (fval){0, true, false, a.v - 1} : (fval){0, true, true, a.v + 1};
    }
    if (!a.t) return a; /* an error already */
    return (fval){tm_app1(f->tc, neg ? ISA_OP_NEG : ISA_OP_NOT, a.t), false, false, 0};
  }
  return fprimary(f);
}

typedef struct fop {
  const char *tok;
  int prec;
  isa_op op;
  bool swap, negate;
} fop;

static const fop fops[] = {
    {"||", 1, ISA_OP_LOR, 0, 0},  {"&&", 2, ISA_OP_LAND, 0, 0}, {"|", 3, ISA_OP_OR, 0, 0},
    {"^", 4, ISA_OP_XOR, 0, 0},   {"&", 5, ISA_OP_AND, 0, 0},   {"==", 6, ISA_OP_EQ, 0, 0},
    {"!=", 6, ISA_OP_EQ, 0, 1},   {"<=", 7, ISA_OP_ULE, 0, 0},  {">=", 7, ISA_OP_ULE, 1, 0},
    {"<<", 8, ISA_OP_SHL, 0, 0},  {">>", 8, ISA_OP_LSHR, 0, 0}, {"<", 7, ISA_OP_ULT, 0, 0},
    {">", 7, ISA_OP_ULT, 1, 0},   {"+", 9, ISA_OP_ADD, 0, 0},   {"-", 9, ISA_OP_SUB, 0, 0},
    {"*", 10, ISA_OP_MUL, 0, 0},  {"/", 10, ISA_OP_UDIV, 0, 0}, {"%", 10, ISA_OP_UREM, 0, 0}};

static fval fbin(fo *f, int minprec) {
  fval l = funary(f);
  for (;;) {
    const fop *o = NULL;
    skip(f);
    for (size_t i = 0; i < sizeof fops / sizeof *fops && !o; i++) {
      size_t n = strlen(fops[i].tok);
      if (fops[i].prec >= minprec && !strncmp(f->p, fops[i].tok, n)) {
        if (n == 1 && (f->p[1] == '=' || (strchr("<>&|", f->p[0]) && f->p[1] == f->p[0]))) continue;
        o = &fops[i];
      }
    }
    if (!o || f->err[0]) return l;
    f->p += strlen(o->tok);
    fval r = fbin(f, o->prec + 1);
    if (f->err[0]) return l;
    if (l.untyped && r.untyped) {
      fail(f, "both operands are untyped integers");
      return l;
    }
    unsigned w = l.untyped ? tm_sort(f->tc, r.t) : tm_sort(f->tc, l.t);
    isa_term a = typed(f, l, w), b = typed(f, r, w);
    if (o->swap) {
      isa_term t = a;
      a = b;
      b = t;
    }
    isa_term t = tm_app2(f->tc, o->op, a, b);
    if (!t) {
      fail(f, "operands of different widths or kinds");
      return l;
    }
    if (o->negate) t = tm_app1(f->tc, ISA_OP_LNOT, t);
    l = (fval){t, false, false, 0};
  }
}

static fval fexpr(fo *f) {
  if (!enter(f)) return (fval){0};
  fval r = fbin(f, 1);
  f->depth--;
  return r;
}

/* ---- explain ------------------------------------------------------------------------ */

static const char explain_help[] =
    "usage: %s explain HEX... [--addr A] [--state REG=VAL,...] [--mem ADDR=HEX] [--pre FORMULA]\n"
    "Show what one %s instruction does, straight from the spec: the decoded\n"
    "instruction, its spec text and location, its exact symbolic transformer (only\n"
    "the locations it changes), its concrete effect on a state, and with --pre the\n"
    "weakest precondition Pre(I, FORMULA) (FORMULA after the instruction, as a\n"
    "condition on the state before it; shared subterms named by `let` lines).  With\n"
    "--pre and a state, also Pre_alpha = alpha => psi' (MCVETO report 3.4) when Pre\n"
    "reads memory through a write that may alias the read: alpha the alias case the\n"
    "state chooses, psi' Pre simplified under it.\n"
    "  HEX...          the instruction's bytes, e.g. '01 d8' or 01d8\n"
    "  --addr A        the instruction's address (default 0x1000)\n"
    "  --state R=V,..  register values for the concrete run (others are 0; memory\n"
    "                  reads as 0 unless --mem sets it)\n"
    "  --mem A=HEX     bytes at address A for the concrete run (up to 16 times)\n"
    "  --pre FORMULA   C-like: registers, flags, aliases, memN[addr], integers,\n"
    "                  + - * / %% & | ^ ~ << >> == != < <= > >= && || ! ( )\n"
    "Exit status: 0 explained, 2 usage error (bad option, bytes that are not an\n"
    "instruction, a value too wide, a bad formula).\n";

static int hexval(int ch) { return isdigit(ch) ? ch - '0' : isxdigit(ch) ? tolower(ch) - 'a' + 10 : -1; }

/* What explain was asked. */
typedef struct explain_args {
  uint8_t bytes[ISA_MAX_LEN];
  size_t nb;
  uint64_t addr;
  const char *state, *pre;
  const char *mems[16];
  int nmems;
} explain_args;

static uint64_t addr_mask(const isa_desc *d) { return d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1; }

/* The instruction's bytes from one argument ("01 d8", "01d8", "01,d8"):
 * false after a message. */
static bool explain_hex(cli *c, const char *a, explain_args *x) {
  for (const char *p = a; *p;) {
    if (*p == ' ' || *p == ',') {
      p++;
      continue;
    }
    if (hexval(p[0]) < 0 || !p[1] || hexval(p[1]) < 0)
      return cli_usage_error(c, "explain", "'%s' is not hex bytes", a), false;
    if (x->nb == sizeof x->bytes) return cli_usage_error(c, "explain", "%s", "too many bytes"), false;
    x->bytes[x->nb++] = (uint8_t)(hexval(p[0]) * 16 + hexval(p[1]));
    p += 2;
  }
  return true;
}

/* The command line into *x.  False when the command ends here, with its
 * exit status in *rc (0 after --help). */
static bool explain_options(cli *c, int argc, char **argv, explain_args *x, int *rc) {
  const isa_desc *d = c->d;
  const uint64_t amask = addr_mask(d);
  int addr_given = 0;
  *rc = CLI_EXIT_USAGE;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printf(explain_help, c->prog, d->name);
      *rc = 0;
      return false;
    } else if (!strcmp(a, "--addr")) {
      if (addr_given++) return cli_usage_error(c, "explain", "%s", "--addr given twice"), false;
      if (i + 1 >= argc || !cli_parse_u64(argv[++i], &x->addr))
        return cli_usage_error(c, "explain", "%s", "--addr needs an address"), false;
      if (x->addr & ~amask)
        return cli_usage_error(c, "explain", "--addr %s is outside the address space", argv[i]), false;
    } else if (!strcmp(a, "--state") || !strcmp(a, "--pre") || !strcmp(a, "--mem")) {
      if (i + 1 >= argc) return cli_usage_error(c, "explain", "%s needs an argument", a), false;
      if ((a[2] == 's' && x->state) || (a[2] == 'p' && x->pre))
        return cli_usage_error(c, "explain", "%s given twice", a), false;
      if (a[2] == 'm' && x->nmems == (int)(sizeof x->mems / sizeof *x->mems))
        return cli_usage_error(c, "explain", "%s", "--mem given more than 16 times"), false;
      if (a[2] == 's') x->state = argv[++i];
      else if (a[2] == 'p') x->pre = argv[++i];
      else x->mems[x->nmems++] = argv[++i];
    } else if (a[0] == '-' && a[1]) {
      return cli_usage_error(c, "explain", "unknown option '%s'", a), false;
    } else if (!explain_hex(c, a, x)) return false;
  }
  if (!x->nb) return cli_usage_error(c, "explain", "%s", "no instruction bytes given"), false;
  return true;
}

/* Decodes the bytes and prints the instruction, its bytes and its rule;
 * false after a message. */
static bool explain_decode(cli *c, const explain_args *x, isa_insn *in, char *text, size_t textsz) {
  const isa_desc *d = c->d;
  isa_decode_result dr = d->decode(x->bytes, x->nb, x->addr, in);
  if (dr != ISA_DECODE_OK) {
    fprintf(stderr, "%s explain: %s\n", c->prog,
            dr == ISA_DECODE_NEED_MORE ? "the bytes end in the middle of an instruction"
                                       : "these bytes are not an instruction of the spec");
    return false;
  }
  const isa_insn_info *info = &d->insns[in->id];
  static const char *const flows[] = {"fallthrough", "jump",  "cjump",   "call", "return",
                                      "ijump",       "icall", "syscall", "halt"};
  d->print(in, text, textsz);
  printf("instruction  %s\n", text);
  printf("bytes        ");
  for (unsigned i = 0; i < in->len; i++) printf("%02x ", x->bytes[i]);
  printf("(%u of %zu given) at 0x%llx\n", in->len, x->nb, (unsigned long long)x->addr);
  printf("rule         %s, flow %s, %s:%u\n\n%s\n\n", info->name, flows[info->flow], info->file, info->line,
         info->source);
  return true;
}

/* The exact transformer, from the identity state: id[r] is register r's
 * variable, post[r] its value after the instruction. */
typedef struct explain_sym {
  tm_ctx *tc;
  isa_term *id, *post;
  isa_term mem0;
  isa_symstate st;
} explain_sym;

/* Computes *s and prints what the instruction changes. */
static void explain_symbolic(const isa_desc *d, const isa_insn *in, uint64_t addr, explain_sym *s) {
  tm_ctx *tc = s->tc = tm_new(d->addr_bits);
  isa_tb tb = tm_builder(tc);
  s->id = calloc(d->nregs, sizeof *s->id), s->post = calloc(d->nregs, sizeof *s->post);
  if (!s->id || !s->post) xa_nomem();
  for (unsigned i = 0; i < d->nregs; i++)
    s->id[i] = tm_var(tc, d->regs[i].name, d->regs[i].is_flag ? TM_BOOL : d->regs[i].width);
  s->mem0 = tm_var(tc, "mem", TM_ARRAY);
  memcpy(s->post, s->id, sizeof *s->id * d->nregs);
  s->st = (isa_symstate){s->post, s->mem0, tm_false(tc)};
  d->symstep(&tb, &s->st, in);
  printf("symbolic transformer (what changes; PC reads as 0x%llx)\n", (unsigned long long)addr);
  for (unsigned i = 0; i < d->nregs; i++)
    if (s->post[i] != s->id[i]) {
      printf("  %-6s := ", d->regs[i].name);
      tm_fprint(tc, s->post[i], stdout);
      putchar('\n');
    }
  if (s->st.mem != s->mem0) {
    printf("  %-6s := ", "mem");
    tm_fprint(tc, s->st.mem, stdout);
    putchar('\n');
  }
  if (s->st.trap != tm_false(tc)) {
    printf("  traps when ");
    tm_fprint(tc, s->st.trap, stdout);
    putchar('\n');
  }
}

static void explain_sym_free(explain_sym *s) {
  free(s->id);
  free(s->post);
  tm_free(s->tc);
}

/* The --mem bytes into m; false after a message. */
static bool explain_mem(cli *c, const explain_args *x, mem_space *m) {
  const uint64_t amask = addr_mask(c->d);
  int rc = 0;
  for (int k = 0; k < x->nmems && !rc; k++) {
    const char *mk = x->mems[k], *eq = strchr(mk, '=');
    char as[32];
    uint64_t ma;
    if (!eq || (size_t)(eq - mk) >= sizeof as) rc = 1;
    else {
      memcpy(as, mk, (size_t)(eq - mk));
      as[eq - mk] = 0;
      if (!cli_parse_u64(as, &ma)) rc = 1;
      if (!eq[1]) rc = 1;
      for (const char *p = eq + 1; !rc && *p; p += 2) {
        if (hexval(p[0]) < 0 || !p[1] || hexval(p[1]) < 0 || ma > amask) {
          rc = 1;
          break;
        }
        uint8_t b = (uint8_t)(hexval(p[0]) * 16 + hexval(p[1]));
        mem_poke(m, ma++, 1, &b, NULL);
      }
    }
    if (rc) cli_usage_error(c, "explain", "--mem '%s': expected ADDR=HEXBYTES, all in the address space", mk);
  }
  return !rc;
}

/* The --state values into regs; false after a message. */
static bool explain_state(cli *c, const char *state, uint64_t *regs) {
  const isa_desc *d = c->d;
  int rc = 0;
  char *copy = strdup(state), *save = NULL;
  if (!copy) xa_nomem();
  for (char *tok = strtok_r(copy, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
    char *eq = strchr(tok, '=');
    uint64_t v;
    unsigned r = d->nregs;
    if (eq) {
      *eq = 0;
      for (r = 0; r < d->nregs && strcmp(d->regs[r].name, tok); r++) {}
    }
    unsigned w = r < d->nregs ? d->regs[r].is_flag ? 1 : d->regs[r].width : 64;
    if (!eq || r == d->nregs || !cli_parse_u64(eq + 1, &v)) {
      cli_usage_error(c, "explain", "--state: '%s' is not REG=VALUE with a register of the spec", tok);
      rc = 1;
    } else if (w < 64 && v >> w) {
      char msg[160];
      snprintf(msg, sizeof msg, "--state: %.40s=%.40s does not fit in the %u-bit register", tok, eq + 1, w);
      cli_usage_error(c, "explain", "%s", msg);
      rc = 1;
    } else regs[r] = v;
  }
  free(copy);
  return !rc;
}

/* The concrete effect: one step from the --state and --mem state (the rest
 * 0), and the registers it changes (or the symbolic step may change); false
 * after a message about the options. */
static bool explain_concrete(cli *c, const explain_args *x, const isa_insn *in, const explain_sym *s) {
  const isa_desc *d = c->d;
  uint64_t *regs = calloc(d->nregs, sizeof *regs), *before = calloc(d->nregs, sizeof *before);
  mem_space *m = mem_new(d->addr_bits);
  if (!regs || !before || !m) xa_nomem();
  mem_map(m, 0, addr_mask(d), MEM_R | MEM_W | MEM_X, MEM_ZERO);
  bool ok = explain_mem(c, x, m) && (!x->state || explain_state(c, x->state, regs));
  if (ok) {
    regs[d->pc] = x->addr;
    memcpy(before, regs, sizeof *regs * d->nregs);
    isa_cpu cpu = {.reg = regs, .mem = m, .load = mem_isa_load, .store = mem_isa_store};
    isa_step_result sr = d->step(&cpu, in);
    printf("\nconcrete effect%s\n", x->state ? "" : " (all registers 0)");
    if (sr == ISA_STEP_TRAP) printf("  traps: %s\n", cpu.trap_msg);
    else if (sr == ISA_STEP_FAULT) printf("  faults at 0x%llx\n", (unsigned long long)cpu.fault_addr);
    else {
      for (unsigned i = 0; i < d->nregs; i++)
        if (regs[i] != before[i] || s->post[i] != s->id[i])
          printf("  %-6s 0x%llx -> 0x%llx\n", d->regs[i].name, (unsigned long long)before[i],
                 (unsigned long long)regs[i]);
    }
  }
  free(regs);
  free(before);
  mem_free(m);
  return ok;
}

/* The state before the instruction as pre_alpha's witness: the --state
 * registers (PC at --addr), the --mem bytes, every other variable 0. */
typedef struct explain_witness {
  const uint64_t *regs;
  unsigned nregs;
  uint32_t mem_index;
  const mem_space *m;
} explain_witness;

static uint64_t witness_var(void *ctx, uint32_t index) {
  const explain_witness *w = ctx;
  return index < w->nregs ? w->regs[index] : 0;
}

static uint8_t witness_mem(void *ctx, uint32_t index, uint64_t addr) {
  const explain_witness *w = ctx;
  uint8_t b = 0;
  if (index == w->mem_index) mem_peek(w->m, addr, 1, &b, NULL, NULL);
  return b;
}

/* Pre_α(I, ψ) = α ⇒ ψ' against the state of --state and --mem (already
 * checked by explain_concrete): each read through a write whose address may
 * or may not be the read's is resolved as that state resolves it. */
static void explain_pre_alpha(cli *c, const explain_args *x, const explain_sym *s, isa_term pre, const char *head) {
  const isa_desc *d = c->d;
  uint64_t *regs = calloc(d->nregs, sizeof *regs);
  mem_space *m = mem_new(d->addr_bits);
  if (!regs || !m) xa_nomem();
  mem_map(m, 0, addr_mask(d), MEM_R | MEM_W, MEM_ZERO);
  if (explain_mem(c, x, m) && (!x->state || explain_state(c, x->state, regs))) {
    regs[d->pc] = x->addr;
    /* the register variables are the context's first ones (explain_symbolic) */
    explain_witness w = {regs, d->nregs, tm_var_index(s->tc, s->mem0), m};
    tm_env env = {&w, witness_var, witness_mem};
    fold_vocab v;
    fold_vocab_init(&v, d, s->tc);
    isa_term alpha, psi1;
    pre_alpha_parts(&v, pre, &env, &alpha, &psi1);
    /* α = true: no read goes through a write that may or may not alias it,
     * and Pre_α is Pre */
    if (alpha != tm_true(s->tc)) {
      printf("\nPre_alpha(%s) = alpha => psi', the alias case of the --state/--mem state\n  alpha = ", head);
      tm_fprint_let(s->tc, alpha, "          ", stdout);
      printf("\n  psi'  = ");
      tm_fprint_let(s->tc, psi1, "          ", stdout);
      putchar('\n');
    }
  }
  free(regs);
  mem_free(m);
}

/* Pre(I, pre) = pre with every location replaced by its value after I (and
 * the instruction not trapping), and Pre_α with a state; false after a
 * message about the formula. */
static bool explain_pre(cli *c, const explain_args *x, const explain_sym *s, const char *text) {
  const isa_desc *d = c->d;
  const char *pre = x->pre;
  tm_ctx *tc = s->tc;
  fo f = {tc, d, s->id, s->mem0, pre, pre, "", 0};
  fval v = fexpr(&f);
  skip(&f);
  if (!f.err[0] && *f.p) fail(&f, "unexpected text");
  if (!f.err[0] && (v.untyped || tm_sort(tc, v.t) != TM_BOOL))
    fail(&f, "the formula must be a condition (a comparison or a flag)");
  if (f.err[0]) {
    fprintf(stderr, "%s explain: --pre: %s\n", c->prog, f.err);
    return false;
  }
  isa_term *map = calloc(tm_var_count(tc) + 1, sizeof *map);
  if (!map) xa_nomem();
  for (unsigned i = 0; i < d->nregs; i++) map[tm_var_index(tc, s->id[i])] = s->post[i];
  map[tm_var_index(tc, s->mem0)] = s->st.mem;
  isa_term p = tm_subst(tc, v.t, map);
  if (s->st.trap != tm_false(tc)) p = tm_app2(tc, ISA_OP_LAND, tm_app1(tc, ISA_OP_LNOT, s->st.trap), p);
  char head[600];
  snprintf(head, sizeof head, "%s, %s", text, pre);
  printf("\nPre(%s)\n  ", head);
  tm_fprint_let(tc, p, "  ", stdout);
  putchar('\n');
  free(map);
  if (x->state || x->nmems) explain_pre_alpha(c, x, s, p, head);
  return true;
}

int cli_explain(cli *c, int argc, char **argv) {
  explain_args x = {.addr = 0x1000};
  int rc;
  if (!explain_options(c, argc, argv, &x, &rc)) return rc;
  isa_insn in;
  char text[200];
  if (!explain_decode(c, &x, &in, text, sizeof text)) return CLI_EXIT_USAGE;
  explain_sym s;
  explain_symbolic(c->d, &in, x.addr, &s);
  bool ok = explain_concrete(c, &x, &in, &s) && (!x.pre || explain_pre(c, &x, &s, text));
  explain_sym_free(&s);
  return ok ? 0 : CLI_EXIT_USAGE;
}
