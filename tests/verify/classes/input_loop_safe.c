// input_loop_safe: a loop that reads input on every pass, and an assertion
// after it that needs a relation (x + y = 4i) and an order (i <= n) at the
// loop head.  The loop's passes are checked with the input read modelled
// exactly, and the candidate is cut down to what excludes the paths to the
// target (docs/verifier.md, "Candidate invariants").  How often the loop
// runs is input (up to 1000 passes), and which branch each pass takes too,
// so no unrolling and no one run proves it.
// expect: safe
#include "mcveto.h"

int main(void)
{
    int n = nondet_int();
    if (n < 0 || n > 1000)
        return 0;
    int i = 0, x = 0, y = 0;
    while (i < n) {
        if (nondet_int() & 1) {
            x += 3;
            y += 1;
        } else {
            x += 1;
            y += 3;
        }
        i++;
    }
    if (x + y != 4 * n)
        reach_error();
    return 0;
}
