// reach_state: the state machine of safe_state, target reachable: state 2
// after "ab" (then sticky).
// expect: reachable
// witness-stdin: 61 62 00
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
    if (state == 2)
        reach_error();
    return 0;
}
