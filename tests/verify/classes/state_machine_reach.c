// state_machine_reach: an input-driven state machine, as a driver's
// request loop is: each request read from the input is handled by the
// state the earlier ones left, and the target needs four requests in the
// right order, each accepted only in the state the one before made (open,
// authenticate, write, then close while a write is pending).  One negated
// branch at a time builds the state: directed testing (runtime/verify/
// explore.c) keeps the branches of a run that took a new way in the
// machine apart from the same branches of runs that did not (a candidate's
// identity includes the set of edges its run covered so far), and it
// branches off its own runs only, so the search's runs do not push the
// chain back.
// expect: reachable
#include "mcveto.h"

static int state, pending;

int main(void)
{
    while (nondet_uchar() != 0) {
        switch (nondet_uchar()) {
        case 'o':
            if (state == 0)
                state = 1;
            break;
        case 'a':
            if (state == 1)
                state = 2;
            break;
        case 'w':
            if (state == 2) {
                state = 3;
                pending++;
            }
            break;
        case 'c':
            if (state == 3) {
                if (pending != 0)
                    reach_error();
                state = 0;
            }
            break;
        default:
            break;
        }
    }
    return 0;
}
