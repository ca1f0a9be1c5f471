// jump_table_safe: the switch of jump_table_reach (a jump table), target
// unreachable, since with 0 <= v <= 255 no case makes g larger than 1020
// (case 5, v << 2).  The proof must cover every target of the indirect jump.
// expect: safe
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
    if (g > 1020)
        reach_error();
    return 0;
}
