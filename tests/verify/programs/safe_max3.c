// safe_max3: the maximum of three inputs is at least each of them.
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE int max3(int a, int b, int c)
{
    int m = a;
    if (b > m)
        m = b;
    if (c > m)
        m = c;
    return m;
}

int main(void)
{
    int a = nondet_int(), b = nondet_int(), c = nondet_int();
    int m = max3(a, b, c);
    if (m < a || m < b || m < c)
        reach_error();
    return 0;
}
