// endless_loop_safe: a service's main loop that never returns.  Every run
// the verifier makes is cut by its step budget inside the loop, so the cut
// must not leave an unexplored region behind it (fold.h, rule 10).  The
// check in the loop holds because the loop is only entered with a positive
// mode, and the loop never changes it.
// expect: safe
// endless: yes
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

volatile unsigned ticks;

NOINLINE void check(int ok)
{
    if (!ok)
        reach_error();
}

int main(void)
{
    int mode = nondet_int();
    if (mode <= 0)
        return 0;
    for (;;) {
        ticks++;
        check(mode > 0);
    }
}
