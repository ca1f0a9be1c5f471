// syscall_reach: on input 01 the program makes a system call the emulator
// does not implement (getpid, 20 on both i386 and PowerPC; the run stops
// there); on input 02 it reaches the error.  The verifier must give the
// right verdict or "unknown".
// expect: reachable
// unknown-ok: yes
// witness-stdin: 02
#include "mcveto.h"

int main(void)
{
    unsigned char c = nondet_uchar();
    if (c == 1 && mcveto_syscall(20, 0, 0, 0) == 12345)
        return 3;
    if (c == 2)
        reach_error();
    return 0;
}
