// safe_assume_guard: the only path to the error is cut by an assumption
// (assume(0) ends the run quietly), checked in another function.
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE void check(int x)
{
    if (x == 2)
        reach_error();
}

int main(void)
{
    int x = nondet_int();
    assume(x == 1 || x == 3);
    check(x);
    return 0;
}
