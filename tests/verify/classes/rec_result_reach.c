// rec_result_reach: recursion whose result is tested for one input.  The
// number of monotone lattice paths across an r-by-r grid, counted by
// recursion, is 252 for r = 5; any larger r the first run may get makes a
// run of exponential length that the step budget cuts.  Directed testing
// finds r = 5 by negating the early branches of that cut run first
// (runtime/verify/explore.h), one recursion level at a time.
// expect: reachable
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE int paths(int r, int c)
{
    if (r <= 0 || c <= 0)
        return 1;
    return paths(r - 1, c) + paths(r, c - 1);
}

int main(void)
{
    int r = nondet_int();
    int p = paths(r, r);
    if (r == 5 && p == 252)
        reach_error();
    return 0;
}
