/* tcheck.h — the check macro the unit tests share: CHECK(cond) prints the
 * file, line and condition of a failed check on stderr and counts it in
 * `fails`, and the test goes on (so one run reports every failed check);
 * main returns non-zero when fails > 0.  Header-only: each test program has
 * its own counter. */
#ifndef MCVETO_TCHECK_H
#define MCVETO_TCHECK_H

#include <stdio.h>

static int fails;
#define CHECK(c)                                                            \
  do {                                                                      \
    if (!(c)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); \
      fails++;                                                              \
    }                                                                       \
  } while (0)

#endif
