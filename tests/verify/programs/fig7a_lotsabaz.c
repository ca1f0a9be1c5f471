// fig7a_lotsabaz: the MCVETO report's Fig. 7(a) (§3.3).  lotsaBaz calls baz
// up to three times; baz increments and decrements the global y, so y is 0
// again after every call.  A verifier that analyses the whole program at
// once learns "baz restores y" once and reuses it at every call site.
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

volatile int y; /* volatile: keep baz's increment and decrement at -O2 */

NOINLINE void baz(void)
{
    y = y + 1;
    y = y - 1;
}

NOINLINE void lotsaBaz(int a)
{
    y = 0;
    if (a > 0)
        baz();
    if (a > 2)
        baz();
    if (a > 3)
        baz();
    if (y != 0)
        reach_error(); /* ERR */
}

int main(void)
{
    lotsaBaz(nondet_int());
    return 0;
}
