// poly_exit_safe: an assertion after a loop, about a polynomial in the
// loop's counter and the input that bounds it.  The loop runs while
// n <= a, so at its exit n = a + 1 — an equality no single fact states:
// the invariant n <= a (before the step) and the failed test pin it.
// With it, the assertion is a polynomial identity in one variable
// (docs/verifier.md, "Proof by induction at loop heads").  The input has
// no upper bound: for a = INT_MAX the loop never ends (n wraps), and
// every exit still has n = a + 1.
// expect: safe
#include "mcveto.h"

int main(void)
{
    int a = nondet_int();
    if (a < 0)
        return 0;
    int n = 0, s = 0;
    while (n <= a) {
        n++;
        s += n;
    }
    if (2 * s != (a + 1) * (a + 2))
        reach_error();
    return 0;
}
