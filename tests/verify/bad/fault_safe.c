// fault_safe: the program faults on some inputs (input 01) and never
// reaches the error: "safe" or "unknown" are acceptable, "reachable" and
// "AE violation" are wrong.
// expect: safe
// unknown-ok: yes
// fault-stdin: 01
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

int *volatile null_ptr; /* 0, but not a constant to the compiler */

NOINLINE int twice(int x)
{
    return x + x;
}

int main(void)
{
    unsigned char c = nondet_uchar();
    if (c == 1)
        *null_ptr = 1; /* SIGSEGV under Linux, a memory fault in the emulator */
    if (twice(c) == 7) /* never: twice(c) is even */
        reach_error();
    return 0;
}
