/* bench_exec.c — speed of the concrete emulator (millions of guest
 * instructions per second) and of symbolic replay (instructions per second),
 * on the toy ISA.  A benchmark, not a test: it prints figures.
 * usage: bench_exec LOOP.elf FIB.elf */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "elfload.h"
#include "exec.h"
#include "symex.h"

extern const isa_desc toy_isa_desc;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int run(const char *path, bool record, ex_result *r, ex_machine **xo, mem_space **mo, el_image **io,
               uint64_t *sp0) {
  const isa_desc *d = &toy_isa_desc;
  mem_space *m = mem_new(d->addr_bits);
  el_image *img;
  el_error err;
  if (el_load(path, d, m, &img, &err) != EL_OK) {
    fprintf(stderr, "%s\n", err.msg);
    return -1;
  }
  in_assign *in = in_new(IN_FIXED, 0);
  ex_machine *x = ex_new(d, m, img, in);
  char e[200];
  char *argv[] = {(char *)path};
  ex_setup_stack(x, 1, argv, e, sizeof e);
  *sp0 = ex_regs(x)[d->sp];
  FILE *null = fopen("/dev/null", "w");
  ex_opts o = {.record = record, .out = null, .err = null};
  *r = ex_run(x, &o);
  fclose(null);
  *xo = x;
  *mo = m;
  *io = img;
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: bench_exec LOOP.elf FIB.elf\n");
    return 2;
  }
  const isa_desc *d = &toy_isa_desc;
  ex_result r;
  ex_machine *x;
  mem_space *m;
  el_image *img;
  uint64_t sp0;
  double best = 1e9;
  unsigned long long steps = 0;
  for (int k = 0; k < 3; k++) {
    double t0 = now();
    if (run(argv[1], false, &r, &x, &m, &img, &sp0)) return 1;
    double t = now() - t0;
    if (t < best) best = t;
    steps = r.steps;
    ex_free(x);
    el_free(img);
    mem_free(m);
  }
  printf("emulator (%s): %llu guest instructions, best of 3: %.3f s = %.1f MIPS\n", d->name, steps, best,
         (double)steps / best / 1e6);
  /* symbolic replay of a recorded trace */
  if (run(argv[2], true, &r, &x, &m, &img, &sp0)) return 1;
  size_t n = ex_trace_len(x);
  int reps = 200;
  double t0 = now();
  for (int k = 0; k < reps; k++) {
    tm_ctx *tc = tm_new(d->addr_bits);
    sx_path p;
    sx_replay(d, tc, ex_trace(x), n, img->entry, sp0, &p);
    sx_path_free(&p);
    tm_free(tc);
  }
  double t = now() - t0;
  printf("symbolic replay (%s): %zu-step trace x %d: %.3f s = %.0f instructions/s\n", d->name, n, reps, t,
         (double)n * reps / t);
  ex_free(x);
  el_free(img);
  mem_free(m);
  return 0;
}
