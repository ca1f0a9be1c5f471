// loop_count_reach: the loop of loop_bound_safe, target reachable: s == 8
// needs all four input bytes non-zero.
// expect: reachable
// witness-stdin: 01 01 01 01
#include "mcveto.h"

int main(void)
{
    int s = 0;
    for (int i = 0; i < 4; i++)
        if (nondet_bool())
            s += 2;
    if (s == 8)
        reach_error();
    return 0;
}
