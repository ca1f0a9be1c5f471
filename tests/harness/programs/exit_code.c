/* exit_code: exit() from a nested call ends the program; the status is
 * taken modulo 256 (298 -> 42), as Linux does. */
#include "mcveto.h"

static int depth(int n)
{
    if (n == 0) {
        mcveto_puts("exiting");
        exit(256 + 42);
    }
    return depth(n - 1) + 1;
}

int main(void)
{
    mcveto_puts("start");
    int r = depth(5);
    mcveto_puts("not reached");
    return r;
}
