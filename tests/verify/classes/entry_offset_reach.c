// entry_offset_reach: entry_offset_safe with the room checked one step
// short (room - start >= 4n - 1): the last pass's check fails when the
// room is exactly that, so the guard the proof uses must not prove it.
// expect: reachable
#include "mcveto.h"

int main(void)
{
    int start = nondet_int();
    int room = nondet_int();
    int n = nondet_int();
    if (start < 0 || start > 100000 || room < 0 || room > 1000000 || n <= 0 || n > 100000)
        return 0;
    if (room - start < 4 * n - 1)
        return 0;
    int pos = start;
    for (int i = 0; i < n; i++) {
        if (pos + 4 > room)
            reach_error();
        pos += 4;
    }
    return 0;
}
