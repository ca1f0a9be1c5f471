// poly_loop_reach: poly_loop_safe with the odd step one too big after
// pass 500: the square c drifts from i*i, which a run of more than 500
// passes (input) shows.  A polynomial candidate the early samples suggest
// must not become a proof.
// expect: reachable
#include "mcveto.h"

int main(void)
{
    int n = nondet_int();
    if (n < 0 || n > 1000)
        return 0;
    int i = 0, s = 0, c = 0;
    while (i < n) {
        if (6 * s != (i - 1) * i * (2 * i - 1))
            reach_error();
        s += c;
        c += 2 * i + 1 + (i == 500);
        i++;
    }
    return 0;
}
