/* cli.c — the command line every mcveto-<isa> shares: cli_main, run,
 * disasm and reference; explain and verify are cli_explain.c and
 * cli_verify.c. */
#include "cli_impl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exec.h"
#include "inputs.h"
#include "reference.h"
#include "xalloc.h"

void cli_usage_error(cli *c, const char *cmd, const char *fmt, const char *arg) {
  fprintf(stderr, "%s %s: ", c->prog, cmd);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(see '%s %s --help')\n", c->prog, cmd);
}

bool cli_parse_u64(const char *s, uint64_t *out) {
  if (!s || !*s || *s == '-') return false;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (errno || *end) return false;
  *out = v;
  return true;
}

/* ---- loading a program -------------------------------------------------------- */

int cli_load(cli *c, const char *path, loaded *l) {
  l->m = mem_new(c->d->addr_bits);
  el_error err;
  if (!l->m || el_load(path, c->d, l->m, &l->img, &err) != EL_OK) {
    fprintf(stderr, "%s: %s\n", c->prog, l->m ? err.msg : "out of memory");
    mem_free(l->m);
    return -1;
  }
  return 0;
}

void cli_unload(loaded *l) {
  el_free(l->img);
  mem_free(l->m);
}

/* ---- run ------------------------------------------------------------------------ */

/* An address given as a number or a symbol (verify --target, run
 * --stop-at), either in an executable segment and, for an ISA whose
 * instructions all have one length, at a multiple of it from the entry
 * point (no run's PC is anywhere else: a verdict or a stop there would
 * answer a question nobody can ask).  0, or -1 after a message. */
int cli_resolve_target(cli *c, const char *path, const loaded *l, const char *target, uint64_t *addr) {
  const el_symbol *sym = NULL;
  char what[300];
  if (cli_parse_u64(target, addr))
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
    "  --stop-at A      stop before the instruction at A (an address or a symbol)\n"
    "                   first executes, saying so on standard error (status 5)\n"
    "  --stats          print the instructions executed, the time and the guest MIPS\n"
    "                   on standard error when the run ends\n"
    "Exit status: the program's; 132 undecodable instruction, 133 trap, 139 memory fault,\n"
    "5 unsupported system call, step budget or --stop-at, 2 usage or file error.\n";

static int cmd_run(cli *c, int argc, char **argv) {
  const char *path = NULL, *input = NULL, *save = NULL;
  const char *stop_at = NULL;
  uint64_t seed = 0, max_steps = 0, stop_pc = 0;
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
      if (i + 1 >= argc) return cli_usage_error(c, "run", "%s needs a file name", a), CLI_EXIT_USAGE;
      /* a second one would silently win; say so, like verify */
      if (a[2] == 'i' ? input != NULL : save != NULL) return cli_usage_error(c, "run", "%s given twice", a), CLI_EXIT_USAGE;
      if (a[2] == 'i') input = argv[++i];
      else save = argv[++i];
    } else if (!strcmp(a, "--seed") || !strcmp(a, "--max-steps")) {
      uint64_t v;
      if (i + 1 >= argc || !cli_parse_u64(argv[i + 1], &v)) return cli_usage_error(c, "run", "%s needs a number", a), CLI_EXIT_USAGE;
      /* like verify's: 0 steps is no run at all, not "no limit" */
      if (a[2] == 'm' && !v) return cli_usage_error(c, "run", "%s", "--max-steps needs a positive number"), CLI_EXIT_USAGE;
      if (a[2] == 's' ? seeded : max_steps != 0) return cli_usage_error(c, "run", "%s given twice", a), CLI_EXIT_USAGE;
      i++;
      if (a[2] == 's') {
        seed = v;
        seeded = true;
      } else
        max_steps = v;
    } else if (!strcmp(a, "--stop-at")) {
      if (i + 1 >= argc) return cli_usage_error(c, "run", "%s", "--stop-at needs an address or a symbol"), CLI_EXIT_USAGE;
      if (stop_at) return cli_usage_error(c, "run", "%s given twice", a), CLI_EXIT_USAGE;
      stop_at = argv[++i];
    } else if (!strcmp(a, "--trace")) {
      trace = true;
    } else if (!strcmp(a, "--stats")) {
      stats = true;
    } else if (a[0] == '-' && a[1]) {
      return cli_usage_error(c, "run", "unknown option '%s'", a), CLI_EXIT_USAGE;
    } else if (!path) {
      path = a;
    } else {
      return cli_usage_error(c, "run", "unexpected argument '%s' (program arguments go after --)", a), CLI_EXIT_USAGE;
    }
  }
  if (!path) return cli_usage_error(c, "run", "%s", "no program given"), CLI_EXIT_USAGE;
  if (input && seeded) return cli_usage_error(c, "run", "%s", "--input and --seed exclude each other"), CLI_EXIT_USAGE;
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
  if (cli_load(c, path, &l)) {
    in_free(in);
    return CLI_EXIT_USAGE;
  }
  if (stop_at && cli_resolve_target(c, path, &l, stop_at, &stop_pc)) {
    cli_unload(&l);
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
    ex_opts o = {.max_steps = max_steps, .out = stdout, .err = stderr, .trace = trace ? stderr : NULL,
                 .stop_at_pc = stop_at != NULL, .stop_pc = stop_pc};
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
  cli_unload(&l);
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
    if (argv[i][0] == '-') return cli_usage_error(c, "disasm", "unknown option '%s'", argv[i]), CLI_EXIT_USAGE;
    if (path) return cli_usage_error(c, "disasm", "unexpected argument '%s'", argv[i]), CLI_EXIT_USAGE;
    path = argv[i];
  }
  if (!path) return cli_usage_error(c, "disasm", "%s", "no program given"), CLI_EXIT_USAGE;
  loaded l;
  if (cli_load(c, path, &l)) return CLI_EXIT_USAGE;
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
  cli_unload(&l);
  return 0;
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
      if (i + 1 >= argc || !argv[i + 1][0]) return cli_usage_error(c, "reference", "%s", "--out needs a directory"), CLI_EXIT_USAGE;
      if (out) return cli_usage_error(c, "reference", "%s", "--out given twice"), CLI_EXIT_USAGE;
      out = argv[++i];
    } else if (argv[i][0] == '-') return cli_usage_error(c, "reference", "unknown option '%s'", argv[i]), CLI_EXIT_USAGE;
    else return cli_usage_error(c, "reference", "unexpected argument '%s'", argv[i]), CLI_EXIT_USAGE;
  }
  if (!out) return cli_usage_error(c, "reference", "%s", "--out DIR is required"), CLI_EXIT_USAGE;
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
  if (!strcmp(cmd, "explain")) return cli_explain(&c, argc - 2, argv + 2);
  if (!strcmp(cmd, "verify")) return cli_verify(&c, argc - 2, argv + 2);
  if (!strcmp(cmd, "reference")) return cmd_reference(&c, argc - 2, argv + 2);
  if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
    help(&c, stdout);
    return 0;
  }
  fprintf(stderr, "%s: unknown subcommand '%s'\n", c.prog, cmd);
  help(&c, stderr);
  return CLI_EXIT_USAGE;
}
