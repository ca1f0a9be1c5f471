// indirect_call_safe: the function-pointer table of indirect_call_reach,
// target unreachable: for a byte v no callee returns more than 0x5aff.
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE int f0(int v) { return v + 1; }
NOINLINE int f1(int v) { return v * 2; }
NOINLINE int f2(int v) { return v - 3; }
NOINLINE int f3(int v) { return v ^ 0x5a5a; }

int (*table[4])(int) = {f0, f1, f2, f3};

int main(void)
{
    unsigned k = nondet_uchar() & 3u;
    int v = nondet_uchar();
    if (table[k](v) > 0x6000)
        reach_error();
    return 0;
}
