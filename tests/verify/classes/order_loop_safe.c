// order_loop_safe: a loop whose proof needs orders between a counter and
// bounds that come from input (j <= 2n <= 2m at the loop head, with j and 2n
// even), which no equality gives: the candidate's orders, kept because one
// pass of the loop preserves them (docs/verifier.md, "Candidate
// invariants").  How often the loop runs is input (up to 100000 passes), so
// no run-length argument or unrolling proves it.
// expect: safe
#include "mcveto.h"

int main(void)
{
    int n = nondet_int();
    if (n < 0 || n > 100000)
        return 0;
    int m = nondet_int();
    if (m < n || m > 100000)
        return 0;
    int i = 0, j = 0;
    while (i < n) {
        i++;
        j += 2;
        if (j > 2 * m)
            reach_error();
    }
    return 0;
}
