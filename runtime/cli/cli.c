/* cli.c — run, disasm and explain, for any ISA. */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cand.h"
#include "dpg.h"
#include "stackguard.h"
#include "elfload.h"
#include "exec.h"
#include "inputs.h"
#include "mem.h"
#include "reference.h"
#include "smt.h"
#include "terms.h"
#include "xalloc.h"

typedef struct cli {
  const isa_desc *d;
  const char *prog; /* argv[0] base name */
} cli;

static void usage_error(cli *c, const char *cmd, const char *fmt, const char *arg) {
  fprintf(stderr, "%s %s: ", c->prog, cmd);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(see '%s %s --help')\n", c->prog, cmd);
}

static bool parse_u64(const char *s, uint64_t *out) {
  if (!s || !*s || *s == '-') return false;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (errno || *end) return false;
  *out = v;
  return true;
}

/* ---- loading a program -------------------------------------------------------- */

typedef struct loaded {
  mem_space *m;
  el_image *img;
} loaded;

static int load(cli *c, const char *path, loaded *l) {
  l->m = mem_new(c->d->addr_bits);
  el_error err;
  if (!l->m || el_load(path, c->d, l->m, &l->img, &err) != EL_OK) {
    fprintf(stderr, "%s: %s\n", c->prog, l->m ? err.msg : "out of memory");
    mem_free(l->m);
    return -1;
  }
  return 0;
}

static void unload(loaded *l) {
  el_free(l->img);
  mem_free(l->m);
}

/* ---- run ------------------------------------------------------------------------ */

static const char run_help[] =
    "usage: %s run PROG [options] [-- ARGS...]\n"
    "Run a static executable on the emulator generated from the %s spec, like qemu-user:\n"
    "the program's standard input, output and exit status are the command's own.\n"
    "  --input FILE     replay a recorded input assignment (a witness) instead of\n"
    "                   the real standard input and a Linux-like initial state\n"
    "  --seed N         start from a pseudo-random state (registers, undefined memory,\n"
    "                   standard input) instead\n"
    "  --save-input F   write the inputs the run used to F (replay with --input F);\n"
    "                   a run that reads over 16 MiB of standard input is not saved\n"
    "  --trace          print one line per step on standard error: address, bytes,\n"
    "                   assembly, [call]/[ret]\n"
    "  --max-steps N    stop after N instructions, N > 0 (default: no limit)\n"
    "  --stats          print the instructions executed, the time and the guest MIPS\n"
    "                   on standard error when the run ends\n"
    "Exit status: the program's; 132 undecodable instruction, 133 trap, 139 memory fault,\n"
    "5 unsupported system call or step budget, 2 usage or file error.\n";

static int cmd_run(cli *c, int argc, char **argv) {
  const char *path = NULL, *input = NULL, *save = NULL;
  uint64_t seed = 0, max_steps = 0;
  bool seeded = false, trace = false, stats = false;
  int pargc = 0;
  char **pargv = NULL;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printf(run_help, c->prog, c->d->name);
      return 0;
    } else if (!strcmp(a, "--")) {
      pargc = argc - i - 1;
      pargv = argv + i + 1;
      break;
    } else if (!strcmp(a, "--input") || !strcmp(a, "--save-input")) {
      if (i + 1 >= argc) return usage_error(c, "run", "%s needs a file name", a), CLI_EXIT_USAGE;
      /* a second one would silently win; say so, like verify */
      if (a[2] == 'i' ? input != NULL : save != NULL) return usage_error(c, "run", "%s given twice", a), CLI_EXIT_USAGE;
      if (a[2] == 'i') input = argv[++i];
      else save = argv[++i];
    } else if (!strcmp(a, "--seed") || !strcmp(a, "--max-steps")) {
      uint64_t v;
      if (i + 1 >= argc || !parse_u64(argv[i + 1], &v)) return usage_error(c, "run", "%s needs a number", a), CLI_EXIT_USAGE;
      /* like verify's: 0 steps is no run at all, not "no limit" */
      if (a[2] == 'm' && !v) return usage_error(c, "run", "%s", "--max-steps needs a positive number"), CLI_EXIT_USAGE;
      if (a[2] == 's' ? seeded : max_steps != 0) return usage_error(c, "run", "%s given twice", a), CLI_EXIT_USAGE;
      i++;
      if (a[2] == 's') {
        seed = v;
        seeded = true;
      } else
        max_steps = v;
    } else if (!strcmp(a, "--trace")) {
      trace = true;
    } else if (!strcmp(a, "--stats")) {
      stats = true;
    } else if (a[0] == '-' && a[1]) {
      return usage_error(c, "run", "unknown option '%s'", a), CLI_EXIT_USAGE;
    } else if (!path) {
      path = a;
    } else {
      return usage_error(c, "run", "unexpected argument '%s' (program arguments go after --)", a), CLI_EXIT_USAGE;
    }
  }
  if (!path) return usage_error(c, "run", "%s", "no program given"), CLI_EXIT_USAGE;
  if (input && seeded) return usage_error(c, "run", "%s", "--input and --seed exclude each other"), CLI_EXIT_USAGE;
  in_assign *in = in_new(input ? IN_FIXED : seeded ? IN_RANDOM : IN_LINUX, seed);
  if (input) {
    char err[512];
    if (in_read(in, input, c->d, err, sizeof err)) {
      fprintf(stderr, "%s: %s\n", c->prog, err);
      in_free(in);
      return CLI_EXIT_USAGE;
    }
  }
  /* without --save-input the real standard input streams through */
  in_keep_stdin(in, save != NULL);
  loaded l;
  if (load(c, path, &l)) {
    in_free(in);
    return CLI_EXIT_USAGE;
  }
  ex_machine *x = ex_new(c->d, l.m, l.img, in);
  char err[512];
  char **av = malloc(sizeof *av * (size_t)(pargc + 2));
  if (!av) xa_nomem();
  av[0] = (char *)path;
  for (int i = 0; i < pargc; i++) av[i + 1] = pargv[i];
  int rc;
  if (ex_setup_stack(x, pargc + 1, av, err, sizeof err)) {
    fprintf(stderr, "%s: %s: %s\n", c->prog, path, err);
    rc = CLI_EXIT_USAGE;
  } else {
    ex_opts o = {.max_steps = max_steps, .out = stdout, .err = stderr, .trace = trace ? stderr : NULL};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ex_result r = ex_run(x, &o);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (stats) {
      /* the program's own output must reach the terminal before the figures */
      fflush(stdout);
      double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
      fprintf(stderr, "%s: %s: %llu instructions in %.3f s (%.1f MIPS)\n", c->prog, path,
              (unsigned long long)r.steps, secs, secs > 0 ? (double)r.steps / secs / 1e6 : 0.0);
    }
    char why[512];
    ex_describe(x, &r, why, sizeof why);
    switch (r.status) {
    case EX_EXITED: rc = r.exit_code; break;
    case EX_HALTED: rc = 0; break;
    case EX_FAULT: rc = CLI_EXIT_SIGSEGV; break;
    case EX_TRAP: rc = CLI_EXIT_SIGTRAP; break;
    case EX_INVALID: rc = CLI_EXIT_SIGILL; break;
    default: rc = CLI_EXIT_STOPPED; break;
    }
    if (r.status != EX_EXITED || trace) fprintf(stderr, "%s: %s: %s\n", c->prog, path, why);
    if (r.ae.found && r.ae.empty)
      fprintf(stderr, "%s: %s: AE violation at step %llu: the return at 0x%llx went to 0x%llx with no pending call\n", c->prog,
              path, (unsigned long long)r.ae.step, (unsigned long long)r.ae.ret_pc, (unsigned long long)r.ae.actual);
    else if (r.ae.found)
      fprintf(stderr, "%s: %s: AE violation at step %llu: the return at 0x%llx went to 0x%llx instead of 0x%llx\n", c->prog,
              path, (unsigned long long)r.ae.step, (unsigned long long)r.ae.ret_pc, (unsigned long long)r.ae.actual,
              (unsigned long long)r.ae.expected);
    if (save && in_stdin_truncated(in)) {
      fprintf(stderr, "%s: %s not written: the run read more than %d bytes of standard input, the most a witness keeps\n",
              c->prog, save, IN_MAX_STDIN);
      rc = CLI_EXIT_USAGE;
    } else if (save) {
      FILE *f = fopen(save, "w");
      if (!f || in_write(in, f, path) || fclose(f)) {
        fprintf(stderr, "%s: cannot write %s: %s\n", c->prog, save, strerror(errno));
        rc = CLI_EXIT_USAGE;
      }
    }
  }
  free(av);
  ex_free(x);
  unload(&l);
  in_free(in);
  return rc;
}

/* ---- disasm ------------------------------------------------------------------------ */

static const char disasm_help[] =
    "usage: %s disasm PROG\n"
    "List the executable segments of PROG in the %s spec's assembly syntax:\n"
    "address, bytes, text; symbols (when the file has them) as labels. Bytes that\n"
    "decode to no instruction are shown as '(bad)'.\n"
    "Exit status: 0 listed, 2 usage or file error.\n";

static int cmd_disasm(cli *c, int argc, char **argv) {
  const char *path = NULL;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      printf(disasm_help, c->prog, c->d->name);
      return 0;
    }
    if (argv[i][0] == '-') return usage_error(c, "disasm", "unknown option '%s'", argv[i]), CLI_EXIT_USAGE;
    if (path) return usage_error(c, "disasm", "unexpected argument '%s'", argv[i]), CLI_EXIT_USAGE;
    path = argv[i];
  }
  if (!path) return usage_error(c, "disasm", "%s", "no program given"), CLI_EXIT_USAGE;
  loaded l;
  if (load(c, path, &l)) return CLI_EXIT_USAGE;
  const isa_desc *d = c->d;
  for (size_t s = 0; s < l.img->nsegs; s++) {
    const el_segment *sg = &l.img->segs[s];
    if (!(sg->perms & MEM_X)) continue;
    printf("segment %u: 0x%llx-0x%llx\n", sg->index, (unsigned long long)sg->vaddr,
           (unsigned long long)(sg->vaddr + sg->memsz));
    uint64_t a = sg->vaddr, end = sg->vaddr + sg->filesz;
    while (a < end) {
      uint64_t off;
      const el_symbol *sym = el_sym_by_addr(l.img, a, &off);
      if (sym && off == 0) printf("\n%08llx <%s>:\n", (unsigned long long)a, sym->name);
      uint8_t buf[ISA_MAX_LEN];
      size_t n = end - a < d->max_len ? (size_t)(end - a) : d->max_len;
      mem_peek(l.m, a, n, buf, NULL, NULL);
      isa_insn in;
      char text[200];
      unsigned len;
      if (d->decode(buf, n, a, &in) == ISA_DECODE_OK) {
        d->print(&in, text, sizeof text);
        len = in.len;
      } else {
        snprintf(text, sizeof text, "(bad)");
        len = d->min_len ? d->min_len : 1;
        if (len > n) len = (unsigned)n;
      }
      printf("%8llx:  ", (unsigned long long)a);
      for (unsigned i = 0; i < 8; i++) {
        if (i < len) printf("%02x ", buf[i]);
        else fputs("   ", stdout);
      }
      printf("%s%s\n", len > 8 ? "+ " : "  ", text);
      a += len;
    }
  }
  unload(&l);
  return 0;
}

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
    "condition on the state before it).\n"
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

static int cmd_explain(cli *c, int argc, char **argv) {
  const isa_desc *d = c->d;
  uint8_t bytes[ISA_MAX_LEN];
  size_t nb = 0;
  uint64_t addr = 0x1000;
  const char *state = NULL, *pre = NULL;
  const char *mems[16];
  int nmems = 0;
  const uint64_t amask = d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1;
  int addr_given = 0;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printf(explain_help, c->prog, d->name);
      return 0;
    } else if (!strcmp(a, "--addr")) {
      if (addr_given++) return usage_error(c, "explain", "%s", "--addr given twice"), CLI_EXIT_USAGE;
      if (i + 1 >= argc || !parse_u64(argv[++i], &addr)) return usage_error(c, "explain", "%s", "--addr needs an address"), CLI_EXIT_USAGE;
      if (addr & ~amask)
        return usage_error(c, "explain", "--addr %s is outside the address space", argv[i]), CLI_EXIT_USAGE;
    } else if (!strcmp(a, "--state") || !strcmp(a, "--pre") || !strcmp(a, "--mem")) {
      if (i + 1 >= argc) return usage_error(c, "explain", "%s needs an argument", a), CLI_EXIT_USAGE;
      if ((a[2] == 's' && state) || (a[2] == 'p' && pre))
        return usage_error(c, "explain", "%s given twice", a), CLI_EXIT_USAGE;
      if (a[2] == 'm' && nmems == (int)(sizeof mems / sizeof *mems))
        return usage_error(c, "explain", "%s", "--mem given more than 16 times"), CLI_EXIT_USAGE;
      if (a[2] == 's') state = argv[++i];
      else if (a[2] == 'p') pre = argv[++i];
      else mems[nmems++] = argv[++i];
    } else if (a[0] == '-' && a[1]) {
      return usage_error(c, "explain", "unknown option '%s'", a), CLI_EXIT_USAGE;
    } else {
      for (const char *p = a; *p;) {
        if (*p == ' ' || *p == ',') {
          p++;
          continue;
        }
        if (hexval(p[0]) < 0 || !p[1] || hexval(p[1]) < 0) return usage_error(c, "explain", "'%s' is not hex bytes", a), CLI_EXIT_USAGE;
        if (nb == sizeof bytes) return usage_error(c, "explain", "%s", "too many bytes"), CLI_EXIT_USAGE;
        bytes[nb++] = (uint8_t)(hexval(p[0]) * 16 + hexval(p[1]));
        p += 2;
      }
    }
  }
  if (!nb) return usage_error(c, "explain", "%s", "no instruction bytes given"), CLI_EXIT_USAGE;
  isa_insn in;
  isa_decode_result dr = d->decode(bytes, nb, addr, &in);
  if (dr != ISA_DECODE_OK) {
    fprintf(stderr, "%s explain: %s\n", c->prog,
            dr == ISA_DECODE_NEED_MORE ? "the bytes end in the middle of an instruction" : "these bytes are not an instruction of the spec");
    return CLI_EXIT_USAGE;
  }
  const isa_insn_info *info = &d->insns[in.id];
  static const char *const flows[] = {"fallthrough", "jump", "cjump", "call", "return", "ijump", "icall", "syscall", "halt"};
  char text[200];
  d->print(&in, text, sizeof text);
  printf("instruction  %s\n", text);
  printf("bytes        ");
  for (unsigned i = 0; i < in.len; i++) printf("%02x ", bytes[i]);
  printf("(%u of %zu given) at 0x%llx\n", in.len, nb, (unsigned long long)addr);
  printf("rule         %s, flow %s, %s:%u\n\n%s\n\n", info->name, flows[info->flow], info->file, info->line, info->source);
  /* the exact transformer, from the identity state */
  tm_ctx *tc = tm_new(d->addr_bits);
  isa_tb tb = tm_builder(tc);
  isa_term *id = calloc(d->nregs, sizeof *id), *post = calloc(d->nregs, sizeof *post);
  if (!id || !post) xa_nomem();
  for (unsigned i = 0; i < d->nregs; i++) id[i] = tm_var(tc, d->regs[i].name, d->regs[i].is_flag ? TM_BOOL : d->regs[i].width);
  isa_term mem0 = tm_var(tc, "mem", TM_ARRAY);
  memcpy(post, id, sizeof *id * d->nregs);
  isa_symstate st = {post, mem0, tm_false(tc)};
  d->symstep(&tb, &st, &in);
  printf("symbolic transformer (what changes; PC reads as 0x%llx)\n", (unsigned long long)addr);
  for (unsigned i = 0; i < d->nregs; i++)
    if (post[i] != id[i]) {
      printf("  %-6s := ", d->regs[i].name);
      tm_fprint(tc, post[i], stdout);
      putchar('\n');
    }
  if (st.mem != mem0) {
    printf("  %-6s := ", "mem");
    tm_fprint(tc, st.mem, stdout);
    putchar('\n');
  }
  if (st.trap != tm_false(tc)) {
    printf("  traps when ");
    tm_fprint(tc, st.trap, stdout);
    putchar('\n');
  }
  /* the concrete effect */
  int rc = 0;
  uint64_t *regs = calloc(d->nregs, sizeof *regs), *before = calloc(d->nregs, sizeof *before);
  mem_space *m = mem_new(d->addr_bits);
  if (!regs || !before || !m) xa_nomem();
  mem_map(m, 0, d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1, MEM_R | MEM_W | MEM_X, MEM_ZERO);
  for (int k = 0; k < nmems && !rc; k++) {
    const char *eq = strchr(mems[k], '=');
    char as[32];
    uint64_t ma;
    if (!eq || (size_t)(eq - mems[k]) >= sizeof as) rc = 1;
    else {
      memcpy(as, mems[k], (size_t)(eq - mems[k]));
      as[eq - mems[k]] = 0;
      if (!parse_u64(as, &ma)) rc = 1;
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
    if (rc) usage_error(c, "explain", "--mem '%s': expected ADDR=HEXBYTES, all in the address space", mems[k]);
  }
  if (state && !rc) {
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
      if (!eq || r == d->nregs || !parse_u64(eq + 1, &v)) {
        usage_error(c, "explain", "--state: '%s' is not REG=VALUE with a register of the spec", tok);
        rc = 1;
      } else if (w < 64 && v >> w) {
        char msg[160];
        snprintf(msg, sizeof msg, "--state: %.40s=%.40s does not fit in the %u-bit register", tok, eq + 1, w);
        usage_error(c, "explain", "%s", msg);
        rc = 1;
      } else
        regs[r] = v;
    }
    free(copy);
  }
  if (!rc) {
    regs[d->pc] = addr;
    memcpy(before, regs, sizeof *regs * d->nregs);
    isa_cpu cpu = {.reg = regs, .mem = m, .load = mem_isa_load, .store = mem_isa_store};
    isa_step_result sr = d->step(&cpu, &in);
    printf("\nconcrete effect%s\n", state ? "" : " (all registers 0)");
    if (sr == ISA_STEP_TRAP) printf("  traps: %s\n", cpu.trap_msg);
    else if (sr == ISA_STEP_FAULT) printf("  faults at 0x%llx\n", (unsigned long long)cpu.fault_addr);
    else {
      for (unsigned i = 0; i < d->nregs; i++)
        if (regs[i] != before[i] || post[i] != id[i])
          printf("  %-6s 0x%llx -> 0x%llx\n", d->regs[i].name, (unsigned long long)before[i], (unsigned long long)regs[i]);
    }
  }
  if (pre && !rc) {
    fo f = {tc, d, id, mem0, pre, pre, "", 0};
    fval v = fexpr(&f);
    skip(&f);
    if (!f.err[0] && *f.p) fail(&f, "unexpected text");
    if (!f.err[0] && (v.untyped || tm_sort(tc, v.t) != TM_BOOL)) fail(&f, "the formula must be a condition (a comparison or a flag)");
    if (f.err[0]) {
      fprintf(stderr, "%s explain: --pre: %s\n", c->prog, f.err);
      rc = 1;
    } else {
      /* Pre(I, phi) = phi with every location replaced by its value after I */
      isa_term *map = calloc(tm_var_count(tc) + 1, sizeof *map);
      if (!map) xa_nomem();
      for (unsigned i = 0; i < d->nregs; i++) map[tm_var_index(tc, id[i])] = post[i];
      map[tm_var_index(tc, mem0)] = st.mem;
      isa_term p = tm_subst(tc, v.t, map);
      if (st.trap != tm_false(tc)) p = tm_app2(tc, ISA_OP_LAND, tm_app1(tc, ISA_OP_LNOT, st.trap), p);
      printf("\nPre(%s, %s)\n  ", text, pre);
      tm_fprint(tc, p, stdout);
      putchar('\n');
      free(map);
    }
  }
  free(regs);
  free(before);
  mem_free(m);
  free(id);
  free(post);
  tm_free(tc);
  return rc ? CLI_EXIT_USAGE : 0;
}

/* ---- reference ------------------------------------------------------------------------ */

static const char reference_help[] =
    "usage: %s reference --out DIR\n"
    "Write an instruction reference of the %s spec into DIR (created if missing):\n"
    "a static, self-contained HTML site, index.html with every rule (mnemonics, flow\n"
    "class, a search box) and one page per rule: its encodings as bit diagrams, the\n"
    "assembly template and an example, the spec text, the symbolic transformer, a\n"
    "worked concrete example and Pre of a sample postcondition.\n"
    "Exit status: 0 written, 2 usage error or a file that cannot be written.\n";

static int cmd_reference(cli *c, int argc, char **argv) {
  const char *out = NULL;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      printf(reference_help, c->prog, c->d->name);
      return 0;
    } else if (!strcmp(argv[i], "--out")) {
      if (i + 1 >= argc || !argv[i + 1][0]) return usage_error(c, "reference", "%s", "--out needs a directory"), CLI_EXIT_USAGE;
      if (out) return usage_error(c, "reference", "%s", "--out given twice"), CLI_EXIT_USAGE;
      out = argv[++i];
    } else if (argv[i][0] == '-') return usage_error(c, "reference", "unknown option '%s'", argv[i]), CLI_EXIT_USAGE;
    else return usage_error(c, "reference", "unexpected argument '%s'", argv[i]), CLI_EXIT_USAGE;
  }
  if (!out) return usage_error(c, "reference", "%s", "--out DIR is required"), CLI_EXIT_USAGE;
  fflush(stdout);
  if (rf_write(c->d, out, c->prog, stderr)) return CLI_EXIT_USAGE;
  return 0;
}

/* ---- main ------------------------------------------------------------------------------ */

static void help(cli *c, FILE *f) {
  fprintf(f,
          "usage: %s SUBCOMMAND [ARGS]\n"
          "A machine-code tool generated from the %s instruction-set spec.\n"
          "  run PROG       run a static executable (like qemu-user)\n"
          "  disasm PROG    list its executable segments\n"
          "  explain HEX... show what one instruction does, concretely and symbolically\n"
          "  verify PROG --target T  prove an address unreachable, or find an input reaching it\n"
          "  reference --out DIR  write an HTML instruction reference of the spec\n"
          "'%s SUBCOMMAND --help' describes each.\n",
          c->prog, c->d->name, c->prog);
}

/* ---- verify ------------------------------------------------------------------ */

static const char verify_usage[] =
    "usage: %s verify PROG --target SYMBOL|ADDR [options]\n"
    "Directed proof generation (MCVETO): prove that no input makes PROG reach the\n"
    "target address or perform an AE violation (a return that does not go back to\n"
    "its call), or find an input that does.\n"
    "  --target SYMBOL|ADDR  a symbol of PROG, or an address (0x...; for stripped files),\n"
    "                        in an executable segment, where an instruction can start\n"
    "  --timeout S           give up after S seconds (default 600)\n"
    "  --max-iterations N    give up after N iterations of the DPG loop\n"
    "  --max-steps N         steps of each recorded run (default 1000000); a run cut\n"
    "                        there is continued unrecorded for up to 64 times as many\n"
    "                        to see whether it reaches the target\n"
    "  --inputs linux|all    free inputs: standard input only (default), or also the\n"
    "                        initial registers and undefined memory\n"
    "  --policy alternate|closest-target|closest-start|first   frontier choice (default alternate)\n"
    "  --candidates auto|none|frames|all|context|relations   candidate invariants\n"
    "                        split into each new run's folded trace (report §3.2):\n"
    "                        frames = call depth, return addresses and slots, stack\n"
    "                        pointer; relations = linear equalities and congruences\n"
    "                        among registers and stack words at loop heads, over every\n"
    "                        run so far; all = frames, relations and the registers\n"
    "                        constant at a loop head; context = one per calling\n"
    "                        context: its stack layout and the registers the input\n"
    "                        does not change; auto (default) = relations for 20%% of\n"
    "                        the budget (at most 10 s), then none for the rest if\n"
    "                        there is no verdict\n"
    "  --explore PERCENT     share of the time for directed testing: runs of inputs that\n"
    "                        negate a branch of an earlier run (default 30; 0: none)\n"
    "  --witness FILE        write the input of a reachable or AE verdict (run --input replays it)\n"
    "  --dot FILE            write the final abstract graph (Graphviz)\n"
    "                        (both files are opened before the search)\n"
    "  --json                print the verdict and statistics as one JSON object\n"
    "  --quiet               no progress lines on standard error\n"
    "  --self-check          check that every run is a path of its folded trace and that\n"
    "                        the facts proven over the graph hold on every run; a failure\n"
    "                        is reported (\"self-check: ...\") and a safe verdict becomes unknown\n"
    "Expert options, for comparisons (each turns one mechanism off; verdicts and figures\n"
    "may change): --no-facts (no facts proven over the graph), --no-summaries (returns\n"
    "refined inside the callee only), --no-cores (split on the whole of rho, never on one\n"
    "conjunct), --keep-input (rho keeps the input still to come).\n"
    "Exit status: 0 safe, 10 reachable, 11 AE violation, 20 unknown, 2 usage or file\n"
    "error (bad option, no such symbol, a target where no instruction can start, a file\n"
    "that cannot be loaded or written), 3 internal error.  The search runs in a child\n"
    "process: running out of memory or stack is an unknown.\n";

static void json_str(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') fprintf(f, "\\%c", *s);
    else if ((unsigned char)*s < 0x20) fprintf(f, "\\u%04x", *s);
    else fputc(*s, f);
  }
  fputc('"', f);
}

/* The target's address: a number or a symbol, either in an executable
 * segment and, for an ISA whose instructions all have one length, at a
 * multiple of it from the entry point (no run's PC is anywhere else: a
 * verdict there would answer a question nobody can ask).  0, or -1 after a
 * message. */
static int resolve_target(cli *c, const char *path, const loaded *l, const char *target, uint64_t *addr) {
  const el_symbol *sym = NULL;
  char what[300];
  if (parse_u64(target, addr))
    snprintf(what, sizeof what, "target 0x%llx", (unsigned long long)*addr);
  else if (target[0] >= '0' && target[0] <= '9') {
    fprintf(stderr, "%s: %s: target '%s' is not an address (a number that fits in 64 bits) or a symbol\n", c->prog,
            path, target);
    return -1;
  } else if (!(sym = el_sym_by_name(l->img, target))) {
    if (l->img->sym_note)
      fprintf(stderr, "%s: %s: no symbol '%s' (%s)\n", c->prog, path, target, l->img->sym_note);
    else
      fprintf(stderr, "%s: %s: no symbol '%s'%s\n", c->prog, path, target,
              l->img->nsyms ? "" : " (the file has no symbol table: give the target as an address)");
    return -1;
  } else {
    *addr = sym->addr;
    snprintf(what, sizeof what, "target '%s' (0x%llx)", target, (unsigned long long)*addr);
  }
  const el_segment *sg = el_segment_of(l->img, *addr);
  if (!sg || !(sg->perms & MEM_X)) {
    fprintf(stderr, "%s: %s: %s is not in an executable segment%s\n", c->prog, path, what,
            sym ? ": the symbol is not code" : "");
    return -1;
  }
  if (sym && sym->type == EL_SYM_OBJECT) { /* constant data can share the code's segment (PowerPC) */
    fprintf(stderr, "%s: %s: %s is in an executable segment, but the symbol is data (STT_OBJECT), not code\n",
            c->prog, path, what);
    return -1;
  }
  unsigned len = c->d->min_len;
  uint64_t away = *addr > l->img->entry ? *addr - l->img->entry : l->img->entry - *addr;
  if (len > 1 && len == c->d->max_len && away % len) {
    fprintf(stderr, "%s: %s: %s is not an instruction boundary: every %s instruction is %u bytes long, "
            "and the entry point 0x%llx is %llu bytes away\n", c->prog, path, what, c->d->name, len,
            (unsigned long long)l->img->entry, (unsigned long long)away);
    return -1;
  }
  return 0;
}

/* An output file, opened before the search; NULL after a message. */
static FILE *open_out(cli *c, const char *path) {
  FILE *f = fopen(path, "w");
  if (!f) fprintf(stderr, "%s: cannot write %s: %s\n", c->prog, path, strerror(errno));
  return f;
}

/* Closes an output file and says why a write failed (err: an errno value
 * already known, or 0).  0, or -1 after a message. */
static int close_out(cli *c, const char *path, FILE *f, int err) {
  errno = 0;
  if (fflush(f) || ferror(f)) err = err ? err : errno ? errno : EIO;
  if (fclose(f) && !err) err = errno ? errno : EIO;
  if (!err) return 0;
  fprintf(stderr, "%s: cannot write %s: %s\n", c->prog, path, strerror(err));
  return -1;
}

/* One search, or with --candidates auto (the default) two: AUTO_FIRST of the
 * time (at most AUTO_FIRST_MAX_S) and iteration budget with relational
 * candidates, then, if that ends unknown, what is left without candidates
 * (a fresh graph: the two settings prove different programs,
 * docs/verifier.md).  The relations come first because their proofs, when
 * there are any, are quick.  The statistics add up; *g is the last search's
 * graph. */
#define AUTO_FIRST 0.2
#define AUTO_FIRST_MAX_S 10.0 /* relational proofs take seconds; the rest is the other search's */
static void verify_search(cli *c, loaded *l, const dpg_opts *o, bool cand_auto, dpg **g, dpg_result *r) {
  dpg_opts o1 = *o;
  o1.budget_s = o->timeout_s;
  o1.budget_iter = o->max_iter;
  if (cand_auto) {
    o1.candidates = CD_AFFINE;
    o1.timeout_s = o->timeout_s * AUTO_FIRST;
    if (o1.timeout_s > AUTO_FIRST_MAX_S) o1.timeout_s = AUTO_FIRST_MAX_S;
    o1.max_iter = o->max_iter ? (unsigned long)((double)o->max_iter * AUTO_FIRST + 0.5) : 0;
    if (o->max_iter && !o1.max_iter) o1.max_iter = 1;
  }
  *g = dpg_new(c->d, l->img, l->m, &o1);
  dpg_run(*g, r);
  if (!cand_auto || r->verdict != DPG_UNKNOWN) return;
  dpg_opts o2 = o1;
  o2.candidates = 0;
  o2.timeout_s = o->timeout_s - r->stats.seconds;
  if (o->max_iter) o2.max_iter = o->max_iter > r->stats.iterations ? o->max_iter - r->stats.iterations : 0;
  if (o2.timeout_s <= 0 || (o->max_iter && !o2.max_iter)) return;
  /* a search starts with a run that cannot be cut short, about as long as
   * the first search's was: not worth overrunning */
  if (o2.timeout_s < r->stats.first_run_seconds) {
    size_t k = strlen(r->reason);
    snprintf(r->reason + k, sizeof r->reason - k, "; no search without candidates: the %.3g s left are less than its first run takes (%.3g s)",
             o2.timeout_s, r->stats.first_run_seconds);
    return;
  }
  if (o->progress)
    fprintf(o->progress, "%s: no verdict in %.1f s with relational candidates; searching again without candidates (%.1f s left)\n",
            c->prog, r->stats.seconds, o2.timeout_s);
  dpg_result r2;
  dpg *g2 = dpg_new(c->d, l->img, l->m, &o2);
  dpg_run(g2, &r2);
  dpg_stats *s = &r2.stats;
  const dpg_stats *s1 = &r->stats;
  if (s1->instructions > s->instructions) s->instructions = s1->instructions;
  s->ce += s1->ce;
  s->se += s1->se;
  s->ref += s1->ref;
  s->iterations += s1->iterations;
  s->seconds += s1->seconds;
  s->analysis_seconds += s1->analysis_seconds;
  s->solver_seconds += s1->solver_seconds;
  s->explored += s1->explored;
  s->summaries += s1->summaries;
  s->conjuncts += s1->conjuncts;
  s->carried += s1->carried;
  s->candidates += s1->candidates;
  s->self_check_failures += s1->self_check_failures;
  if (r2.verdict == DPG_SAFE && s1->self_check_failures) { /* the first graph missed a run: a bug somewhere */
    r2.verdict = DPG_UNKNOWN;
    snprintf(r2.reason, sizeof r2.reason, "self-check failed with relational candidates: %.400s", r->reason);
  } else if (r2.verdict == DPG_UNKNOWN) {
    char why[2 * sizeof r2.reason + 80];
    int n = snprintf(why, sizeof why, "with relational candidates: %s; then without candidates: %s", r->reason, r2.reason);
    size_t k = n < 0 ? 0 : (size_t)n < sizeof r2.reason ? (size_t)n : sizeof r2.reason - 1;
    memcpy(r2.reason, why, k);
    r2.reason[k] = 0;
  }
  dpg_result_free(r);
  dpg_free(*g);
  *r = r2;
  *g = g2;
}

static int verify_wait(cli *c, pid_t pid, bool json, uint64_t addr, const sigset_t *mask);
/* the signals verify_wait passes on to the search */
static const int fwd_signals[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT};
static int verify_child(cli *c, loaded *lp, const dpg_opts *op, bool cand_auto, bool json, const char *path, uint64_t addr,
                        const char *witness, FILE *wf, const char *dot, FILE *df);

/* The debugging printers (docs/verifier.md), read from the environment
 * here once: they change nothing the verifier does.  MCVETO_CHECK_FOLD and
 * MCVETO_CHECK_INV still turn --self-check on (MCVETO_CHECK_INV=2 with the
 * fact each vector fails on). */
static unsigned debug_flags(dpg_opts *o) {
  static const struct {
    const char *name;
    unsigned flag;
  } env[] = {{"MCVETO_DPG_DEBUG", DPG_DEBUG_STEPS},   {"MCVETO_DPG_DEBUG2", DPG_DEBUG_DETAIL},
             {"MCVETO_TRACE_DEBUG", DPG_DEBUG_TRACE}, {"MCVETO_LOST_PRED", DPG_DEBUG_LOST_PRED},
             {"MCVETO_PATH_DEBUG", DPG_DEBUG_PATH}};
  unsigned f = 0;
  for (size_t i = 0; i < sizeof env / sizeof env[0]; i++)
    if (getenv(env[i].name)) f |= env[i].flag;
  const char *inv = getenv("MCVETO_CHECK_INV");
  if (inv || getenv("MCVETO_CHECK_FOLD")) o->self_check = true;
  if (inv && !strcmp(inv, "2")) f |= DPG_DEBUG_FACTS_WHY;
  return f;
}

static int cmd_verify(cli *c, int argc, char **argv) {
  const char *path = NULL, *target = NULL, *witness = NULL, *dot = NULL;
  bool json = false, quiet = false, cand_auto = true;
  dpg_opts o = {.timeout_s = 600, .policy = REACH_ALTERNATE, .inputs = DPG_INPUTS_LINUX, .explore = 30};
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    uint64_t v;
    bool has = i + 1 < argc;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      printf(verify_usage, c->prog);
      return 0;
    } else if (!strcmp(a, "--target") || !strcmp(a, "--witness") || !strcmp(a, "--dot") || !strcmp(a, "--inputs") ||
               !strcmp(a, "--policy") || !strcmp(a, "--candidates")) {
      if (!has) return usage_error(c, "verify", "%s needs an argument", a), CLI_EXIT_USAGE;
      const char *arg = argv[++i];
      const char **slot = !strcmp(a, "--target") ? &target : !strcmp(a, "--witness") ? &witness
                          : !strcmp(a, "--dot") ? &dot : NULL;
      if (slot && *slot) { /* the last one winning would ignore the other silently */
        fprintf(stderr, "%s verify: %s given twice ('%s' and '%s')\n(see '%s verify --help')\n", c->prog, a, *slot,
                arg, c->prog);
        return CLI_EXIT_USAGE;
      }
      if (slot) *slot = arg;
      else if (!strcmp(a, "--inputs")) {
        if (!strcmp(arg, "linux")) o.inputs = DPG_INPUTS_LINUX;
        else if (!strcmp(arg, "all")) o.inputs = DPG_INPUTS_ALL;
        else return usage_error(c, "verify", "--inputs takes linux or all, not '%s'", arg), CLI_EXIT_USAGE;
      } else if (!strcmp(a, "--candidates")) {
        cand_auto = !strcmp(arg, "auto");
        if (!strcmp(arg, "none") || cand_auto) o.candidates = 0;
        else if (!strcmp(arg, "frames")) o.candidates = CD_FRAMES;
        else if (!strcmp(arg, "all")) o.candidates = CD_FRAMES | CD_CONST | CD_AFFINE;
        else if (!strcmp(arg, "relations")) o.candidates = CD_AFFINE;
        else if (!strcmp(arg, "context")) o.candidates = CD_CONTEXT;
        else
          return usage_error(c, "verify", "--candidates takes auto, none, frames, all, context or relations, not '%s'", arg),
                 CLI_EXIT_USAGE;
      } else {
        if (!strcmp(arg, "closest-target")) o.policy = REACH_CLOSEST_TO_TARGET;
        else if (!strcmp(arg, "closest-start")) o.policy = REACH_CLOSEST_TO_START;
        else if (!strcmp(arg, "first")) o.policy = REACH_FIRST;
        else if (!strcmp(arg, "alternate")) o.policy = REACH_ALTERNATE;
        else return usage_error(c, "verify", "unknown policy '%s'", arg), CLI_EXIT_USAGE;
      }
    } else if (!strcmp(a, "--timeout")) {
      char *end;
      double t = has ? strtod(argv[i + 1], &end) : 0;
      if (!has || end == argv[i + 1] || *end || !(t > 0) || !isfinite(t))
        return usage_error(c, "verify", "%s", "--timeout needs a positive number of seconds"), CLI_EXIT_USAGE;
      o.timeout_s = t;
      i++;
    } else if (!strcmp(a, "--max-iterations") || !strcmp(a, "--max-steps")) {
      if (!has || !parse_u64(argv[i + 1], &v) || !v) return usage_error(c, "verify", "%s needs a positive number", a), CLI_EXIT_USAGE;
      if (a[6] == 'i') o.max_iter = (unsigned long)v;
      else o.max_steps = v;
      i++;
    } else if (!strcmp(a, "--explore")) {
      if (!has || !parse_u64(argv[i + 1], &v) || v > 100)
        return usage_error(c, "verify", "%s", "--explore needs a percentage from 0 to 100"), CLI_EXIT_USAGE;
      o.explore = (unsigned)v;
      i++;
    } else if (!strcmp(a, "--json")) json = true;
    else if (!strcmp(a, "--quiet")) quiet = true;
    else if (!strcmp(a, "--self-check")) o.self_check = true;
    else if (!strcmp(a, "--no-facts")) o.no_facts = true;
    else if (!strcmp(a, "--no-summaries")) o.no_summaries = true;
    else if (!strcmp(a, "--no-cores")) o.no_cores = true;
    else if (!strcmp(a, "--keep-input")) o.keep_input = true;
    else if (a[0] == '-') return usage_error(c, "verify", "unknown option '%s'", a), CLI_EXIT_USAGE;
    else if (path) return usage_error(c, "verify", "unexpected argument '%s'", a), CLI_EXIT_USAGE;
    else path = a;
  }
  if (!path) return usage_error(c, "verify", "%s", "no program given"), CLI_EXIT_USAGE;
  if (!target) return usage_error(c, "verify", "%s", "--target is required"), CLI_EXIT_USAGE;
  o.debug = debug_flags(&o);
  loaded l;
  if (load(c, path, &l)) return CLI_EXIT_USAGE;
  uint64_t addr;
  if (resolve_target(c, path, &l, target, &addr)) {
    unload(&l);
    return CLI_EXIT_USAGE;
  }
  /* the output files are opened before the search: a search of minutes
   * must not end in "cannot write" */
  FILE *wf = NULL, *df = NULL;
  if ((witness && !(wf = open_out(c, witness))) || (dot && !(df = open_out(c, dot)))) {
    if (wf) fclose(wf);
    unload(&l);
    return CLI_EXIT_USAGE;
  }
  o.target = addr;
  o.prog_name = path;
  o.progress = quiet || json ? NULL : stderr;
  /* the search runs in a child: running out of memory ends a process
   * (xalloc.h), and here it ends the search with an unknown instead */
  fflush(stdout);
  fflush(stderr);
  sigset_t fwd, old;
  sigemptyset(&fwd);
  for (size_t i = 0; i < sizeof fwd_signals / sizeof *fwd_signals; i++) sigaddset(&fwd, fwd_signals[i]);
  sigprocmask(SIG_BLOCK, &fwd, &old); /* until the parent passes them on */
  pid_t pid = fork();
  if (pid > 0) {
    if (wf) fclose(wf); /* the child's to write */
    if (df) fclose(df);
    unload(&l);
    return verify_wait(c, pid, json, addr, &old);
  }
  sigprocmask(SIG_SETMASK, &old, NULL);
  if (pid == 0) sg_install(); /* the solver may recurse past a small stack: an unknown, not a crash */
  if (pid < 0 && o.progress) fprintf(o.progress, "%s: cannot fork (%s): searching without a guard\n", c->prog, strerror(errno));
  int rc = verify_child(c, &l, &o, cand_auto, json, path, addr, witness, wf, dot, df);
  unload(&l);
  if (pid == 0) exit(rc);
  return rc;
}

/* A signal that stops the command (timeout(1), ^C) stops the search too. */
static volatile sig_atomic_t search_pid, search_sig;
static void forward_signal(int sig) {
  search_sig = sig;
  if (search_pid > 0) kill((pid_t)search_pid, sig);
}

/* The parent's side: the child's exit status, or an unknown (out of
 * memory, killed) or an internal error (another signal) in its place. */
static int verify_wait(cli *c, pid_t pid, bool json, uint64_t addr, const sigset_t *mask) {
  struct sigaction sa = {0};
  sa.sa_handler = forward_signal;
  sigemptyset(&sa.sa_mask);
  search_pid = pid;
  for (size_t i = 0; i < sizeof fwd_signals / sizeof *fwd_signals; i++) sigaction(fwd_signals[i], &sa, NULL);
  sigprocmask(SIG_SETMASK, mask, NULL); /* one that came since the fork is passed on now */
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) {
      fprintf(stderr, "%s: internal error: waiting for the search: %s\n", c->prog, strerror(errno));
      return CLI_EXIT_INTERNAL;
    }
  if (search_sig) { /* end as the signal says, like the search */
    signal(search_sig, SIG_DFL);
    raise(search_sig);
  }
  if (WIFEXITED(st) && WEXITSTATUS(st) != XA_EXIT_NOMEM && WEXITSTATUS(st) != SG_EXIT_NOSTACK) return WEXITSTATUS(st);
  char why[160];
  int rc = CLI_EXIT_UNKNOWN;
  if (WIFEXITED(st) && WEXITSTATUS(st) == SG_EXIT_NOSTACK)
    snprintf(why, sizeof why, "out of stack: the search went deeper than the stack allows (ulimit -s)");
  else if (WIFEXITED(st))
    snprintf(why, sizeof why, "out of memory: the search needed more memory than it was given");
  else if (WTERMSIG(st) == SIGKILL) /* the kernel's out-of-memory killer, or a user */
    snprintf(why, sizeof why, "the search was killed (signal %d, SIGKILL)", WTERMSIG(st));
  else {
    fprintf(stderr, "%s: internal error: the search ended with signal %d\n", c->prog, WTERMSIG(st));
    return CLI_EXIT_INTERNAL;
  }
  if (json) {
    printf("{\"verdict\":\"unknown\",\"reason\":");
    json_str(stdout, why);
    printf(",\"target\":\"0x%llx\",\"witness\":null,\"stats\":null}\n", (unsigned long long)addr);
  } else
    printf("unknown: %s\n", why);
  return rc;
}

/* The search, its output files and its report; the exit status. */
static int verify_child(cli *c, loaded *lp, const dpg_opts *op, bool cand_auto, bool json, const char *path, uint64_t addr,
                        const char *witness, FILE *wf, const char *dot, FILE *df) {
  loaded l = *lp;
  dpg_opts o = *op;
  dpg *g = NULL;
  dpg_result r;
  verify_search(c, &l, &o, cand_auto, &g, &r);
  int rc = r.verdict == DPG_SAFE ? CLI_EXIT_SAFE : r.verdict == DPG_REACHABLE ? CLI_EXIT_REACHABLE
           : r.verdict == DPG_AE ? CLI_EXIT_AE : CLI_EXIT_UNKNOWN;
  /* a witness file stays empty without a witness (a safe or unknown verdict) */
  if (wf) {
    int werr = 0;
    errno = 0;
    if (r.witness && in_write(r.witness, wf, path)) werr = errno ? errno : EIO;
    if (close_out(c, witness, wf, werr)) rc = CLI_EXIT_USAGE;
  }
  if (df) {
    dpg_write_dot(g, df);
    if (close_out(c, dot, df, 0)) rc = CLI_EXIT_USAGE;
  }
  const dpg_stats *s = &r.stats;
  if (json) {
    printf("{\"verdict\":\"%s\",\"reason\":", dpg_verdict_name(r.verdict));
    json_str(stdout, r.reason);
    printf(",\"target\":\"0x%llx\",\"witness\":", (unsigned long long)addr);
    if (witness && r.witness) json_str(stdout, witness);
    else printf("null");
    printf(",\"stats\":{\"instructions\":%zu,\"ce\":%lu,\"se\":%lu,\"ref\":%lu,\"iterations\":%lu,\"states\":%zu,"
           "\"edges\":%zu,\"candidates\":%lu,\"explored\":%lu,\"summaries\":%lu,\"conjuncts\":%lu,\"carried\":%lu,\"seconds\":%.3f,\"analysis_seconds\":%.3f,"
           "\"solver_seconds\":%.3f}}\n",
           s->instructions, s->ce, s->se, s->ref, s->iterations, s->states, s->edges, s->candidates, s->explored,
           s->summaries, s->conjuncts, s->carried, s->seconds, s->analysis_seconds, s->solver_seconds);
  } else {
    printf("%s: %s\n", dpg_verdict_name(r.verdict), r.reason);
    printf("instructions %zu, CE %lu, SE %lu, Ref %lu, %.2f s\n", s->instructions, s->ce, s->se, s->ref, s->seconds);
  }
  dpg_result_free(&r);
  dpg_free(g);
  smt_shutdown(); /* Z3's timer threads: LeakSanitizer saw their state lost */
  return rc;
}

int cli_main(const isa_desc *desc, int argc, char **argv) {
  cli c = {desc, argc > 0 ? argv[0] : "mcveto"};
  const char *slash = strrchr(c.prog, '/');
  if (slash) c.prog = slash + 1;
  if (argc < 2) {
    help(&c, stderr);
    return CLI_EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "run")) return cmd_run(&c, argc - 2, argv + 2);
  if (!strcmp(cmd, "disasm")) return cmd_disasm(&c, argc - 2, argv + 2);
  if (!strcmp(cmd, "explain")) return cmd_explain(&c, argc - 2, argv + 2);
  if (!strcmp(cmd, "verify")) return cmd_verify(&c, argc - 2, argv + 2);
  if (!strcmp(cmd, "reference")) return cmd_reference(&c, argc - 2, argv + 2);
  if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
    help(&c, stdout);
    return 0;
  }
  fprintf(stderr, "%s: unknown subcommand '%s'\n", c.prog, cmd);
  help(&c, stderr);
  return CLI_EXIT_USAGE;
}
