// trade_loop_safe: a loop that moves units from one counter to another
// (left--, used++) until a bound from input, with the assertion after it
// needing left + used >= n at the loop head: an inequality among three
// variables, as the starting value of left is kept nowhere (no equality
// holds).  The candidate's sums of two locations compared with a third are
// checked over the loop's passes (docs/verifier.md, "Candidate
// invariants").  The loop runs up to 100000 passes, set by input.
// expect: safe
#include "mcveto.h"

int main(void)
{
    int n = nondet_int();
    if (n < 0 || n > 100000)
        return 0;
    int left = nondet_int();
    if (left < n || left > 100000)
        return 0;
    int used = 0;
    while (used < n) {
        used++;
        left--;
    }
    if (left < 0)
        reach_error();
    return 0;
}
