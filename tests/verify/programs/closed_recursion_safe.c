// closed_recursion_safe: a program that reads no input, so its one execution
// is all there is: counting the monotone lattice paths of a 10 x 10 grid by
// recursion (about 370,000 calls, more than one run's step budget) and
// checking the count.  The proof is that execution: it exits without reaching
// the target and without an AE violation (runtime/verify/dpg_long.c, closed_run).  The
// abstract graph alone would need the recursion's result.
// expect: safe
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
    if (paths(10, 10) != 184756u)
        reach_error();
    return 0;
}
