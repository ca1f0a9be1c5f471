// reach_sum_diff: two linear equations on two 16-bit inputs,
// a + b == 1000 and a - b == 2 (a == 501, b == 499).
// expect: reachable
// random-misses: yes
// witness-stdin-x86: f5 01 f3 01
// witness-stdin-ppc: 01 f5 01 f3
#include "mcveto.h"

int main(void)
{
    int a = nondet_ushort();
    int b = nondet_ushort();
    if (a + b == 1000 && a - b == 2)
        reach_error();
    return 0;
}
