// recursion_reach: a recursive function (fib keeps a real self-call at
// -O2); fib(n) == 5 for n == 5, the largest depth the assumption allows.
// expect: reachable
// witness-stdin: 05
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

int main(void)
{
    int n = nondet_uchar();
    assume(n <= 5);
    if (fib(n) == 5)
        reach_error();
    return 0;
}
