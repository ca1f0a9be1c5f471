// alias_ptr_reach: a write through a pointer that may or may not alias a
// variable (MCVETO report §3.4).  p points to x when the input byte is 'a',
// else to y; store(p) writes 5 through it.  x == 5 afterwards only when p
// aliased x: the refinement predicate must carry the aliasing condition.
// expect: reachable
// witness-stdin: 61
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
    if (x == 5)
        reach_error();
    return y;
}
