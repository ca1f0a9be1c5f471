// indirect_call_reach: an indirect call through a table of function
// pointers indexed by the input.  Only f3 can return 0x5a00 (v ^ 0x5a5a
// with v == 0x5a); the others stay below 0x200 for a byte v.
// expect: reachable
// witness-stdin: 03 5a
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
    if (table[k](v) == 0x5a00)
        reach_error();
    return 0;
}
