// poly_loop_safe: a loop whose assertion needs a polynomial equality among
// its variables: s is the sum of the squares 0..i-1, so 6s = (i-1)i(2i-1)
// holds at every pass, and c = i*i.  No linear fact implies either; the
// equalities s, c in terms of i (degree 2 and 3) are found from the runs'
// samples at the loop head and proven inductive there (docs/verifier.md,
// "Proof by induction at loop heads").  How often the loop runs is input
// (up to 1000 passes); the arithmetic wraps like the machine's, and the
// equalities hold modulo 2^32 all the same.
// expect: safe
#include "mcveto.h"

int main(void)
{
    int n = nondet_int();
    if (n < 0 || n > 1000)
        return 0;
    int i = 0, s = 0, c = 0;
    while (i < n) {
        if (6 * s != (i - 1) * i * (2 * i - 1))
            reach_error();
        if (c != i * i)
            reach_error();
        s += c;
        c += 2 * i + 1;
        i++;
    }
    return 0;
}
