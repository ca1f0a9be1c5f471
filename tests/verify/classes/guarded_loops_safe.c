// guarded_loops_safe: two loops in sequence whose proof needs linear facts
// that the guards before them establish and that the first loop hands to
// the second: 2n <= room (checked before the loop), used = 2i (the loops
// step both together), 0 <= i, and bounds that rule out overflow.  Each
// fact is inductive, so the proof by inductive invariants at loop heads
// proves it without unrolling (docs/verifier.md, "Proof by induction at
// loop heads"); how often the loops run is input (up to 100000 passes).
// expect: safe
#include "mcveto.h"

int main(void)
{
    int n = nondet_int();
    int room = nondet_int();
    if (n <= 0 || n > 100000)
        return 0;
    if (room < 2 * n || room > 1000000)
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
