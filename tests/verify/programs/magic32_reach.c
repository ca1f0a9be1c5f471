// magic32_reach: a 32-bit magic value from standard input (in the machine's
// byte order, so the witness differs between x86 and PowerPC).  Random testing
// does not find it; one solver call does.
// expect: reachable
// random-misses: yes
// witness-stdin-x86: ef be ad de
// witness-stdin-ppc: de ad be ef
#include "mcveto.h"

int main(void)
{
    unsigned x = nondet_uint();
    if (x == 0xdeadbeefu)
        reach_error();
    return 0;
}
