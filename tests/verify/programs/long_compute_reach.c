// long_compute_reach: the target lies behind a computation longer than one
// run's step budget (a million steps): counting the monotone lattice paths
// of a 10 x 10 grid by recursion, which makes about 370,000 calls whatever
// the input.  A run cut by the budget is continued, unrecorded, past it
// (runtime/verify/dpg_long.c, long_run), so the search finds the input that passes the
// cheap check in front and the long run that follows it.  Reachable with
// mode = 7.
// expect: reachable
// witness-stdin-x86: 07 00 00 00
// witness-stdin-ppc: 00 00 00 07
// random-misses: yes
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE unsigned paths(unsigned rows, unsigned cols)
{
    if (rows == 0 || cols == 0)
        return 1;
    return paths(rows - 1, cols) + paths(rows, cols - 1);
}

int main(void)
{
    int mode = nondet_int();
    if (mode != 7)
        return 0;
    if (paths(10, 10) == 184756u)
        reach_error();
    return 0;
}
