/* test_symex.c — symbolic replay of recorded traces against the concrete
 * runs they came from (toy ISA), and one directed step: negate the last
 * branch of a run, solve, and check that the model, replayed concretely,
 * takes the other branch.  Also the run-level promises the verifier's
 * long runs rest on: a clone of an input runs as the input did, and a run
 * with stop_at_pc stops before the first execution of that address.
 * usage: test_symex PROG.elf... (the first must be tests/symex/branch.hex) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elfload.h"
#include "exec.h"
#include "inputs.h"
#include "mem.h"
#include "smt.h"
#include "symex.h"

extern const isa_desc toy_isa_desc;
static const isa_desc *D = &toy_isa_desc;
static int failures;

typedef struct run {
  mem_space *m, *m0; /* memory after the run, and as it was before */
  el_image *img;
  in_assign *in;
  ex_machine *x;
  ex_result r;
  uint64_t sp0;
  uint8_t stdin_bytes[4096];
  size_t nstdin;
} run;

static int do_run(run *R, const char *path, in_assign *in) {
  memset(R, 0, sizeof *R);
  R->in = in;
  R->m = mem_new(D->addr_bits);
  el_error err;
  if (el_load(path, D, R->m, &R->img, &err) != EL_OK) {
    fprintf(stderr, "%s\n", err.msg);
    return -1;
  }
  R->x = ex_new(D, R->m, R->img, in);
  char e[256];
  char *argv[] = {(char *)path};
  if (ex_setup_stack(R->x, 1, argv, e, sizeof e)) return -1;
  R->sp0 = ex_regs(R->x)[D->sp];
  R->m0 = mem_clone(R->m);
  FILE *null = fopen("/dev/null", "w");
  ex_opts o = {.max_steps = 100000, .record = true, .out = null, .err = null};
  R->r = ex_run(R->x, &o);
  fclose(null);
  return 0;
}

static void done(run *R) {
  ex_free(R->x);
  el_free(R->img);
  mem_free(R->m);
  mem_free(R->m0);
}

/* The run's inputs as an environment for the terms. */
typedef struct envc {
  run *R;
  tm_ctx *tc;
} envc;

static uint64_t ev_var(void *ctx, uint32_t index) {
  envc *e = ctx;
  const char *name = tm_var_name(e->tc, index);
  if (!strncmp(name, "stdin_", 6)) {
    /* the bytes the run consumed, in order: replay them from a fixed copy */
    size_t k = strtoul(name + 6, NULL, 10);
    return k < e->R->nstdin ? e->R->stdin_bytes[k] : 0;
  }
  for (unsigned i = 0; i < D->nregs; i++)
    if (!strcmp(D->regs[i].name, name)) return in_reg(e->R->in, name, D->regs[i].width);
  return 0;
}

static uint8_t ev_mem(void *ctx, uint32_t index, uint64_t addr) {
  (void)index;
  envc *e = ctx;
  uint8_t b = 0;
  mem_read(e->R->m0, addr, 1, &b, NULL); /* undefined bytes come from the assignment */
  return b;
}

static void check_replay(const char *path, in_assign *in, const uint8_t *stdin_bytes, size_t nstdin) {
  run R;
  if (do_run(&R, path, in)) {
    failures++;
    return;
  }
  memcpy(R.stdin_bytes, stdin_bytes, nstdin);
  R.nstdin = nstdin;
  tm_ctx *tc = tm_new(D->addr_bits);
  sx_path p;
  if (sx_replay(D, tc, ex_trace(R.x), ex_trace_len(R.x), R.img->entry, R.sp0, &p)) {
    fprintf(stderr, "%s: replay failed: %s\n", path, p.error);
    failures++;
  } else {
    envc ec = {&R, tc};
    tm_env env = {&ec, ev_var, ev_mem};
    for (size_t i = 0; i < p.npc; i++)
      if (!tm_eval(tc, p.pc[i], &env)) {
        fprintf(stderr, "%s: path constraint %zu is false for the run's own inputs\n", path, i);
        failures++;
        break;
      }
    const uint64_t *regs = ex_regs(R.x);
    for (unsigned i = 0; i < D->nregs; i++) {
      uint64_t v = tm_eval(tc, p.reg[i], &env);
      if (v != regs[i]) {
        fprintf(stderr, "%s: register %s: symbolic 0x%llx, concrete 0x%llx\n", path, D->regs[i].name,
                (unsigned long long)v, (unsigned long long)regs[i]);
        failures++;
      }
    }
    /* memory: the program's segment and the top of the stack */
    for (uint64_t a = 0x1000; a < 0x2000; a++) {
      uint8_t want = 0;
      mem_peek(R.m, a, 1, &want, NULL, NULL);
      if (tm_eval_byte(tc, p.mem, a, &env) != want) {
        fprintf(stderr, "%s: memory byte 0x%llx differs\n", path, (unsigned long long)a);
        failures++;
        break;
      }
    }
    printf("%s: %zu steps replayed, %zu path constraints, %zu terms\n", path, p.steps, p.npc, tm_count(tc));
  }
  sx_path_free(&p);
  tm_free(tc);
  done(&R);
}

/* Directed step: the branch program with stdin "ZZZZ" exits 2; flip its last
 * conditional branch, solve for stdin, replay: it must exit 1. */
static void check_flip(const char *path) {
  in_assign *in = in_new(IN_FIXED, 0);
  const uint8_t zz[4] = {'Z', 'Z', 'Z', 'Z'};
  in_append_stdin(in, zz, 4);
  run R;
  if (do_run(&R, path, in) || R.r.status != EX_EXITED || R.r.exit_code != 2) {
    fprintf(stderr, "branch: expected exit 2 first\n");
    failures++;
    in_free(in);
    return;
  }
  tm_ctx *tc = tm_new(D->addr_bits);
  sx_path p;
  if (sx_replay(D, tc, ex_trace(R.x), ex_trace_len(R.x), R.img->entry, R.sp0, &p) || !p.npc) {
    fprintf(stderr, "branch: replay failed: %s\n", p.error);
    failures++;
  } else {
    /* keep everything before the last branch decision, negate that one */
    size_t last = p.npc;
    isa_term *q = calloc(p.npc + 1, sizeof *q);
    size_t nq = 0;
    for (size_t i = 0; i + 1 < last; i++) q[nq++] = p.pc[i];
    q[nq++] = tm_app1(tc, ISA_OP_LNOT, p.pc[last - 1]);
    smt *s = smt_new(tc, 10000);
    char why[200];
    smt_result sr = smt_check(s, q, nq, why, sizeof why);
    if (sr != SMT_SAT) {
      fprintf(stderr, "branch: the other side should be feasible (%d %s)\n", sr, why);
      failures++;
    } else {
      /* the model as an input assignment, replayed concretely */
      in_assign *in2 = in_new(IN_FIXED, 0);
      if (sx_inputs_from_model(D, tc, s, q, nq, SIZE_MAX, in2)) {
        fprintf(stderr, "branch: no inputs from the model\n");
        failures++;
      }
      uint8_t bytes[4] = {0, 0, 0, 0};
      in_stdin(in2, bytes, 4);
      in_reset_use(in2);
      run R2;
      if (do_run(&R2, path, in2) || R2.r.status != EX_EXITED || R2.r.exit_code != 1) {
        fprintf(stderr, "branch: the solved input %02x %02x %02x %02x does not take the other branch\n", bytes[0],
                bytes[1], bytes[2], bytes[3]);
        failures++;
      } else
        printf("branch: solved stdin %02x %02x %02x %02x takes the other branch (exit 1)\n", bytes[0], bytes[1],
               bytes[2], bytes[3]);
      done(&R2);
      in_free(in2);
    }
    smt_free(s);
    free(q);
  }
  sx_path_free(&p);
  tm_free(tc);
  done(&R);
  in_free(in);
}

/* in_clone after a run: the same steps, status and bytes of standard input;
 * stop_at_pc: stops before the first visit of the address, unrecorded. */
static void check_clone_and_stop(const char *path, uint64_t seed) {
  run A, B, C;
  in_assign *in = in_new(IN_RANDOM, seed);
  if (do_run(&A, path, in)) {
    failures++;
    return;
  }
  in_assign *c = in_clone(in);
  in_reset_use(c);
  if (do_run(&B, path, c)) {
    failures++;
    return;
  }
  size_t n = ex_trace_len(A.x);
  if (A.r.status != B.r.status || A.r.steps != B.r.steps || n != ex_trace_len(B.x) ||
      in_stdin_pos(in) != in_stdin_pos(c)) {
    fprintf(stderr, "FAIL clone %s seed %llu: %llu steps (status %d) against %llu (status %d)\n", path,
            (unsigned long long)seed, (unsigned long long)A.r.steps, A.r.status, (unsigned long long)B.r.steps,
            B.r.status);
    failures++;
  }
  for (size_t j = 0; j < in_stdin_pos(in) && j < in_stdin_pos(c); j++)
    if (in_stdin_byte(in, j) != in_stdin_byte(c, j)) {
      fprintf(stderr, "FAIL clone %s: stdin byte %zu differs\n", path, j);
      failures++;
      break;
    }
  /* stop at the last instruction the run executed, at its first visit */
  if (n > 1) {
    const ex_pos *pos = ex_trace(A.x);
    uint64_t pc = pos[n - 1].pc;
    size_t first = 0;
    while (pos[first].pc != pc) first++;
    in_assign *c2 = in_clone(in);
    in_reset_use(c2);
    memset(&C, 0, sizeof C);
    C.m = mem_new(D->addr_bits);
    el_error err;
    if (el_load(path, D, C.m, &C.img, &err) == EL_OK) {
      C.x = ex_new(D, C.m, C.img, c2);
      char e[256];
      char *av[] = {(char *)path};
      if (!ex_setup_stack(C.x, 1, av, e, sizeof e)) {
        FILE *null = fopen("/dev/null", "w");
        ex_opts o = {.max_steps = 100000, .stop_at_pc = true, .stop_pc = pc, .out = null, .err = null};
        C.r = ex_run(C.x, &o);
        fclose(null);
        if (C.r.status != EX_STOPPED_PC || C.r.steps != first || ex_regs(C.x)[D->pc] != pc || ex_trace_len(C.x)) {
          fprintf(stderr, "FAIL stop_at_pc %s: status %d after %llu steps, want %d after %zu\n", path, C.r.status,
                  (unsigned long long)C.r.steps, EX_STOPPED_PC, first);
          failures++;
        }
      }
      ex_free(C.x);
      el_free(C.img);
    }
    mem_free(C.m);
    in_free(c2);
  }
  done(&A);
  done(&B);
  in_free(in);
  in_free(c);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: test_symex BRANCH.elf [PROG.elf...]\n");
    return 2;
  }
  const uint8_t abc[4] = {'A', 0, 0, 0};
  in_assign *a = in_new(IN_FIXED, 0);
  in_append_stdin(a, abc, 4);
  check_replay(argv[1], a, abc, 4);
  in_free(a);
  for (int i = 1; i < argc; i++)
    for (uint64_t seed = 1; seed <= 3; seed++) {
      in_assign *in = in_new(IN_RANDOM, seed);
      /* random stdin: record what the run reads by reading it the same way */
      in_assign *peek = in_new(IN_RANDOM, seed);
      uint8_t buf[4096];
      long n = in_stdin(peek, buf, sizeof buf);
      check_replay(argv[i], in, buf, n > 0 ? (size_t)n : 0);
      in_free(peek);
      in_free(in);
    }
  check_flip(argv[1]);
  for (int i = 1; i < argc; i++)
    for (uint64_t seed = 1; seed <= 3; seed++) check_clone_and_stop(argv[i], seed);
  if (failures) {
    fprintf(stderr, "%d failure(s)\n", failures);
    return 1;
  }
  printf("symex: all checks passed\n");
  return 0;
}
