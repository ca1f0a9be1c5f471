// target_custom_safe: a target other than reach_error (--target unlock),
// unreachable, while reach_error itself is reachable (input "w"): the
// verdict must be about the target given.  unlock exits 42, the status the
// sanity check watches for (target-exit).
// target: unlock
// target-exit: 42
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE void unlock(void)
{
    exit(42);
}

NOINLINE int key_ok(unsigned k)
{
    return k * 2u == 7u; /* never: k * 2 is even */
}

int main(void)
{
    unsigned char c = nondet_uchar();
    unsigned char k = nondet_uchar();
    if (c == 'w')
        reach_error(); /* reachable, but not the target */
    if (c == 'u' && key_ok(k))
        unlock();
    return 0;
}
