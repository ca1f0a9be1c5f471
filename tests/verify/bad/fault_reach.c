// fault_reach: the program faults on some inputs (a store through a null
// pointer the compiler cannot see, input 01) and reaches the error on
// another (input 02).  The verifier must give the right verdict or
// "unknown", never "safe".
// expect: reachable
// unknown-ok: yes
// witness-stdin: 02
// fault-stdin: 01
#include "mcveto.h"

int *volatile null_ptr; /* 0, but not a constant to the compiler */

int main(void)
{
    unsigned char c = nondet_uchar();
    if (c == 1)
        *null_ptr = 1; /* SIGSEGV under Linux, a memory fault in the emulator */
    if (c == 2)
        reach_error();
    return 0;
}
