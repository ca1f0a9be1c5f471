// safe_state: a three-state machine in a global driven by three input
// bytes; state 3 does not exist, so the error is unreachable.
// expect: safe
#include "mcveto.h"

int state;

int main(void)
{
    state = 0;
    for (int i = 0; i < 3; i++) {
        unsigned char c = nondet_uchar();
        if (state == 0 && c == 'a')
            state = 1;
        else if (state == 1 && c == 'b')
            state = 2;
        else if (state != 2)
            state = 0;
    }
    if (state == 3)
        reach_error();
    return 0;
}
