// relation_loop_safe: a loop whose proof needs a relation between two
// variables (x = 2 i at its head), which no run's constants show: how often
// the loop runs and which way each step goes come from the input (a
// procedure the compiler may not look into makes the step).  The relational
// candidate invariants (docs/verifier.md) find x - 2 i = 0 from the runs'
// samples; DPG then proves that no run breaks it.
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE void step(unsigned *x, unsigned *i, unsigned y)
{
    if (y & 1)
        *x += 3;
    else
        *x += 1;
    *i += 1;
    if (y & 1)
        *x -= 1;
    else
        *x += 1;
}

int main(void)
{
    unsigned n = nondet_uint() & 0xff;
    unsigned y = nondet_uint();
    unsigned x = 0, i = 0;
    while (i < n) {
        step(&x, &i, y);
        y = y * 5 + 1;
    }
    if (x != 2 * i)
        reach_error();
    return 0;
}
