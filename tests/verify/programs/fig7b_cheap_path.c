// fig7b_cheap_path: the MCVETO report's Fig. 7(b) (§3.3).  foo reaches the
// error when y == 10; bar1 (a 100-iteration loop around complicated())
// returns 100, bar2 returns 10.  A verifier that insists on proving
// "bar1 does not return 10" is stuck in the loop; the cheap path is x == 7
// through bar2 (the paper uses x == 0; here 0 is what an empty standard
// input gives, so the first run would find it by accident).
// expect: reachable
// witness-stdin-x86: 07 00 00 00
// witness-stdin-ppc: 00 00 00 07
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

volatile unsigned noise;

NOINLINE void complicated(int i)
{
    noise = noise * 31u + (unsigned)i;
    if (noise & 1u)
        noise ^= 0x5a5au;
}

NOINLINE int bar1(void)
{
    int r = 0;
    for (int i = 0; i < 100; i++) {
        complicated(i);
        r++;
    }
    return r;
}

NOINLINE int bar2(void)
{
    return 10;
}

NOINLINE void foo(int x)
{
    int y;
    if (x == 7)
        y = bar2();
    else
        y = bar1();
    if (y == 10)
        reach_error(); /* ERR */
}

int main(void)
{
    foo(nondet_int());
    return 0;
}
