// loop_bound_safe: a loop with a small constant bound (4 iterations), target
// unreachable, since s grows by at most 2 per iteration, so s <= 8.
// expect: safe
#include "mcveto.h"

int main(void)
{
    int s = 0;
    for (int i = 0; i < 4; i++)
        if (nondet_bool())
            s += 2;
    if (s > 8)
        reach_error();
    return 0;
}
