// const_bound_safe: a loop bounded by a constant (while (i < 100000)) and an
// assertion after it that needs the bound at the loop head (i <= 100000),
// which no relation and no order between two variables gives.  The
// candidate's bounds by the constants the loop compares with are checked
// over its passes (docs/verifier.md, "Candidate invariants").  The loop
// runs 100000 passes, and what a pass does depends on input, so no run and
// no unrolling proves it.
// expect: safe
#include "mcveto.h"

int main(void)
{
    int step = nondet_int();
    int i = 0, acc = 0;
    while (i < 100000) {
        i++;
        if (step > 0)
            acc += step;
        else
            acc -= 1;
    }
    if (i != 100000)
        reach_error();
    return acc & 1;
}
