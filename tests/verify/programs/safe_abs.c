// safe_abs: the absolute value of an input in (-1000, 1000) is not negative
// and below 1000 (the assumption rules out INT_MIN).
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE int iabs(int x)
{
    return x < 0 ? -x : x;
}

int main(void)
{
    int x = nondet_int();
    assume(x > -1000 && x < 1000);
    int y = iabs(x);
    if (y < 0 || y >= 1000)
        reach_error();
    return 0;
}
