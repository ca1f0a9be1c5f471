/* gen_bigspec.c — write the benchmark's synthetic spec.
 *
 *   gen_bigspec OUT.spec [NINSN]      (NINSN defaults to 1000; "-" = stdout)
 *
 * Prints the spec's size to stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bigspec.h"

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: gen_bigspec OUT.spec [NINSN]   (NINSN 1..%d, default 1000)\n", BIGSPEC_MAX_INSNS);
    return 2;
  }
  int n = 1000;
  if (argc == 3) {
    char *end;
    long v = strtol(argv[2], &end, 10);
    if (*end || v < 1 || v > BIGSPEC_MAX_INSNS) {
      fprintf(stderr, "gen_bigspec: NINSN must be 1..%d\n", BIGSPEC_MAX_INSNS);
      return 2;
    }
    n = (int)v;
  }
  FILE *f = strcmp(argv[1], "-") ? fopen(argv[1], "w") : stdout;
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  bigspec_stats st;
  int rc = bigspec_write(f, n, &st);
  if (f != stdout && fclose(f) != 0) rc = -1;
  if (rc) {
    fprintf(stderr, "gen_bigspec: cannot write %d instructions to %s\n", n, argv[1]);
    return 1;
  }
  fprintf(stderr, "gen_bigspec: %s: %ld lines, %d insns (%d byte-stream, %d fixed-width), %d tokens, %d tables, %d helpers\n",
          argv[1], st.lines, st.insns, st.byte_insns, st.fixed_insns, st.tokens, st.tables, st.helpers);
  return 0;
}
