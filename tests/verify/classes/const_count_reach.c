// const_count_reach: a program that reads no input and reaches the target
// only after a loop with a large constant bound: four million steps of a
// linear congruential generator (about 16 million instructions at -O0), then
// a check of its state.  No recorded run gets there, and the loop does not
// depend on any input, so the search cannot steer around it; the program's
// one execution, continued unrecorded past the step budget beside the search
// (runtime/verify/dpg_long.c, the continued run), reaches the target.  The
// test runs it with --max-steps 20000, so that 64 budgets are too few and
// only the continued run decides it.
// expect: reachable
#include "mcveto.h"

int main(void)
{
    unsigned x = 1;
    for (unsigned i = 0; i < 4000000u; i++)
        x = x * 1103515245u + 12345u;
    if (x == 0x4a008f01u)
        reach_error();
    return 0;
}
