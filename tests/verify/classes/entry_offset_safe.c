// entry_offset_safe: a cursor that starts at an input's value and steps by
// four through a room whose size is another input, checked once before
// the loop to hold n steps.  `pos - 4i` is the start, which each run sees
// as a constant of its own, and `room - start >= 4n` is a test of the
// input that no register or stack word keeps.  Proven at loop heads with
// the input's values at the loop's first arrival and the tests of the
// input before it (docs/verifier.md, "Proof by induction at loop heads").
// expect: safe
#include "mcveto.h"

int main(void)
{
    int start = nondet_int();
    int room = nondet_int();
    int n = nondet_int();
    if (start < 0 || start > 100000 || room < 0 || room > 1000000 || n <= 0 || n > 100000)
        return 0;
    if (room - start < 4 * n)
        return 0;
    int pos = start;
    for (int i = 0; i < n; i++) {
        if (pos + 4 > room)
            reach_error();
        pos += 4;
    }
    return 0;
}
