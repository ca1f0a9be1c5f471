// jump_table_reach: a dense switch that gcc compiles to a jump table (an
// indirect jump through a table in .rodata, at -O0 and -O2).  g == 0x1f0
// only for c == 5 (v << 2) with v == 0x7c.
// expect: reachable
// witness-stdin: 05 7c
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

volatile int g;

NOINLINE void step(unsigned c, int v)
{
    switch (c) {
    case 0: g = v + 1; break;
    case 1: g = v * 3; break;
    case 2: g = v - 7; break;
    case 3: g = v ^ 0x55; break;
    case 4: g = 2 * v + 1; break;
    case 5: g = v << 2; break;
    case 6: g = 100; break;
    default: g = 0; break;
    }
}

int main(void)
{
    unsigned c = nondet_uchar();
    int v = nondet_uchar();
    step(c, v);
    if (g == 0x1f0)
        reach_error();
    return 0;
}
