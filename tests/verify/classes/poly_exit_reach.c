// poly_exit_reach: poly_exit_safe with an assertion after the loop that
// one input breaks (s = (a + 1)(a + 2) / 2 is 210 when a = 19): the
// equality the exit pins must not prove it.
// expect: reachable
#include "mcveto.h"

int main(void)
{
    int a = nondet_int();
    if (a < 0)
        return 0;
    int n = 0, s = 0;
    while (n <= a) {
        n++;
        s += n;
    }
    if (2 * s != (a + 1) * (a + 2) || s == 210)
        reach_error();
    return 0;
}
