// deep_loop_reach: a loop of input-driven decrements over three counters
// (issue 37's program): the search's path terms grow as deep as its traces
// are long, and no walk over them may recurse with that depth (the corpus
// runs with a 256 KB stack).  Reachable with a = 0, b = 3, c = 5.
// expect: reachable
// witness-stdin-x86: 00 00 00 00 03 00 00 00 05 00 00 00
// witness-stdin-ppc: 00 00 00 00 00 00 00 03 00 00 00 05
#include "mcveto.h"

int main(void)
{
    unsigned a = nondet_uint(), b = nondet_uint(), c = nondet_uint();
    while (a > 0 && b > 0 && c > 0) {
        if (nondet_int() & 1)
            a -= nondet_uint() & 7;
        else if (nondet_int() & 1)
            b -= 2;
        else
            c--;
    }
    if (a == 0 && b == 3 && c == 5)
        reach_error();
    return 0;
}
