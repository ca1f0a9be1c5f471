// quadratic_reach: a non-linear condition on a 32-bit input,
// x*x + 3*x == 180 (mod 2^32); x == 12 is one solution.
// expect: reachable
// random-misses: yes
// witness-stdin-x86: 0c 00 00 00
// witness-stdin-ppc: 00 00 00 0c
#include "mcveto.h"

int main(void)
{
    unsigned x = nondet_uint();
    if (x * x + 3u * x == 180u)
        reach_error();
    return 0;
}
