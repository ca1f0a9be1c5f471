// verify.cases: getpid (20 on i386 and PowerPC) is a system call the runtime
// does not implement; the run stops there, before the target.  `verify`
// must answer unknown naming the call, not "internal error" (issue 32).
#include "mcveto.h"

int main(void)
{
    mcveto_syscall(20, 0, 0, 0);
    if (nondet_uchar() == 7)
        reach_error();
    return 0;
}
