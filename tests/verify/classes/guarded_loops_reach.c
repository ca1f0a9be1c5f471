// guarded_loops_reach: guarded_loops_safe with a guard one item short
// (room >= 2n - 2): the first loop's check fails on its last pass.  The
// facts a proof would need do not hold, so no proof by induction at loop
// heads may stand; the input n = 1, room = 0 reaches reach_error.
// expect: reachable
#include "mcveto.h"

int main(void)
{
    int n = nondet_int();
    int room = nondet_int();
    if (n <= 0 || n > 100000)
        return 0;
    if (room < 2 * n - 2 || room > 1000000)
        return 0;
    int used = 0, i = 0;
    while (i < n) { /* fill: two units per item */
        if (used + 2 > room)
            reach_error();
        used += 2;
        i++;
    }
    while (used > 0) { /* drain: one item at a time */
        used -= 2;
        i--;
        if (i < 0)
            reach_error();
    }
    return 0;
}
