// safe_bitmask: bit operations; v & 0xf0 | 0x100 never has a bit of 0x0f.
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE unsigned mask(unsigned v)
{
    return (v & 0xf0u) | 0x100u;
}

int main(void)
{
    if (mask(nondet_uint()) & 0x0fu)
        reach_error();
    return 0;
}
