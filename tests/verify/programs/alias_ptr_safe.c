// alias_ptr_safe: a write through a pointer that may alias either of two
// variables (MCVETO report §3.4), target unreachable: whichever of x and y
// the store hits, x + y == 5 afterwards.
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE void store(int *p)
{
    *p = 5;
}

int main(void)
{
    int x = 0, y = 0;
    int *p = nondet_uchar() == 'a' ? &x : &y;
    store(p);
    if (x + y != 5)
        reach_error();
    return 0;
}
