/* bench_isagen.c — time isagen on a large synthetic spec.
 *
 *   bench_isagen ISAGEN WORKDIR [NINSN [RUNS]]     (defaults: 1000 insns, 5 runs)
 *
 * Writes WORKDIR/big.spec (see bigspec.h), then runs
 *   ISAGEN -o WORKDIR/out -n big WORKDIR/big.spec      (full compile, C written)
 *   ISAGEN --check WORKDIR/big.spec                    (front end only)
 * RUNS times each, measuring wall-clock time with clock_gettime(CLOCK_MONOTONIC)
 * around spawn + wait, and prints the best and median of each together with
 * the spec's size and the size of the generated C.  Exits non-zero if isagen
 * fails on any run.  No timing is asserted.
 */
#include <dirent.h>
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bigspec.h"

extern char **environ;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs argv; returns its wall-clock time in seconds, or -1 if it failed. */
static double timed_run(char *const argv[]) {
  pid_t pid;
  double t0 = now();
  int rc = posix_spawn(&pid, argv[0], NULL, NULL, argv, environ);
  if (rc) {
    fprintf(stderr, "bench_isagen: cannot run %s: %s\n", argv[0], strerror(rc));
    return -1;
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) {
      perror("waitpid");
      return -1;
    }
  double t = now() - t0;
  if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
    if (WIFEXITED(st)) fprintf(stderr, "bench_isagen: %s exited with status %d\n", argv[0], WEXITSTATUS(st));
    else fprintf(stderr, "bench_isagen: %s killed by signal %d\n", argv[0], WTERMSIG(st));
    return -1;
  }
  return t;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Best and median of RUNS runs of argv; -1 on failure. */
static int measure(char *const argv[], int runs, double *best, double *median) {
  double *t = malloc(sizeof *t * (size_t)runs);
  if (!t) return -1;
  for (int i = 0; i < runs; i++) {
    t[i] = timed_run(argv);
    if (t[i] < 0) {
      free(t);
      return -1;
    }
  }
  qsort(t, (size_t)runs, sizeof *t, cmp_double);
  *best = t[0];
  *median = runs % 2 ? t[runs / 2] : (t[runs / 2 - 1] + t[runs / 2]) / 2;
  free(t);
  return 0;
}

/* Size in bytes and lines of the generated .c/.h files in dir. */
static int c_size(const char *dir, long *files, long *bytes, long *lines) {
  DIR *d = opendir(dir);
  if (!d) {
    perror(dir);
    return -1;
  }
  *files = *bytes = *lines = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 3 || e->d_name[n - 2] != '.' || (e->d_name[n - 1] != 'c' && e->d_name[n - 1] != 'h')) continue;
    char path[4096];
    int pn = snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    if (pn < 0 || (size_t)pn >= sizeof path) continue;
    FILE *f = fopen(path, "rb");
    if (!f) continue;
    char buf[65536];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0) {
      *bytes += (long)k;
      for (size_t i = 0; i < k; i++) *lines += buf[i] == '\n';
    }
    fclose(f);
    ++*files;
  }
  closedir(d);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3 || argc > 5) {
    fprintf(stderr, "usage: bench_isagen ISAGEN WORKDIR [NINSN [RUNS]]\n");
    return 2;
  }
  const char *isagen = argv[1], *work = argv[2];
  int ninsn = argc > 3 ? atoi(argv[3]) : 1000;
  int runs = argc > 4 ? atoi(argv[4]) : 5;
  if (ninsn < 1 || ninsn > BIGSPEC_MAX_INSNS || runs < 1 || runs > 1000) {
    fprintf(stderr, "bench_isagen: NINSN must be 1..%d and RUNS 1..1000\n", BIGSPEC_MAX_INSNS);
    return 2;
  }

  char spec[4096], out[4096];
  int sn = snprintf(spec, sizeof spec, "%s/big.spec", work), on = snprintf(out, sizeof out, "%s/out", work);
  if (sn < 0 || on < 0 || (size_t)sn >= sizeof spec || (size_t)on >= sizeof out) {
    fprintf(stderr, "bench_isagen: WORKDIR too long\n");
    return 2;
  }
  if ((mkdir(work, 0777) && errno != EEXIST) || (mkdir(out, 0777) && errno != EEXIST)) {
    perror("bench_isagen: mkdir");
    return 1;
  }
  FILE *f = fopen(spec, "w");
  if (!f) {
    perror(spec);
    return 1;
  }
  bigspec_stats st;
  int rc = bigspec_write(f, ninsn, &st);
  if (fclose(f) || rc) {
    fprintf(stderr, "bench_isagen: cannot write %s\n", spec);
    return 1;
  }
  printf("spec: %s: %ld lines, %d insns (%d byte-stream, %d fixed-width), %d tokens, %d tables, %d helpers\n",
         spec, st.lines, st.insns, st.byte_insns, st.fixed_insns, st.tokens, st.tables, st.helpers);
  fflush(stdout);

  char *full[] = {(char *)isagen, "-o", out, "-n", "big", spec, NULL};
  char *check[] = {(char *)isagen, "--check", spec, NULL};
  double best, median, cbest, cmedian;
  if (measure(full, runs, &best, &median) || measure(check, runs, &cbest, &cmedian)) return 1;

  long files, bytes, lines;
  if (c_size(out, &files, &bytes, &lines)) return 1;
  printf("isagen: %ld lines, %d insns: best %.3f s (median %.3f s) over %d runs\n", st.lines, st.insns, best, median,
         runs);
  printf("isagen --check: %ld lines, %d insns: best %.3f s (median %.3f s) over %d runs\n", st.lines, st.insns, cbest,
         cmedian, runs);
  printf("generated C: %ld files, %ld bytes (%.1f MiB), %ld lines in %s\n", files, bytes,
         (double)bytes / (1024.0 * 1024.0), lines, out);
  return 0;
}
