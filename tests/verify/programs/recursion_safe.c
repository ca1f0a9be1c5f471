// recursion_safe: a recursive function, target unreachable: down(n)
// recurses n levels (at most 4) and every activation returns 0 or 1, so the
// result is never 2.  The nested calls and returns must match in the proof.
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

volatile int depth; /* a side effect, so that -O2 keeps the recursion */

NOINLINE int down(int n)
{
    depth = n;
    if (n <= 0)
        return 0;
    down(n - 1);
    return 1;
}

int main(void)
{
    int n = nondet_uchar();
    assume(n <= 4);
    if (down(n) == 2)
        reach_error();
    return 0;
}
