// safe_clamp: a clamp in a separate function (noipa: the compiler cannot
// fold the check away), target unreachable: clamp(v, 200) <= 200.
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE unsigned clamp(unsigned v, unsigned hi)
{
    return v > hi ? hi : v;
}

int main(void)
{
    if (clamp(nondet_uint(), 200u) > 200u)
        reach_error();
    return 0;
}
