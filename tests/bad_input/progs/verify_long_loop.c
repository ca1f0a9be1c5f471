// verify.cases: every run spends its million-step budget in one loop, so a
// re-check of the runs against the graph or a symbolic execution of one
// takes seconds; `verify --timeout T` must still end within T + 1 s (it
// took 8-9 s for T = 3 before issue 32).
#include "mcveto.h"

volatile unsigned sink;

int main(void)
{
    unsigned x = nondet_uint();
    for (unsigned i = 0; i < 900000; i++)
        sink += i ^ x;
    if (x == 0xdeadbeef && sink == 7)
        reach_error();
    return 0;
}
