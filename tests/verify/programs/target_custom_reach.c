// target_custom_reach: a target other than reach_error (--target unlock).
// unlock is reached with the input "uB"; it calls reach_error, which
// nothing else calls, so a replay that exits 99 went through unlock.
// target: unlock
// expect: reachable
// witness-stdin: 75 42
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE void unlock(void)
{
    reach_error();
}

NOINLINE void warn(void)
{
    exit(7);
}

int main(void)
{
    unsigned char c = nondet_uchar();
    unsigned char k = nondet_uchar();
    if (c == 'w')
        warn();
    if (c == 'u' && k == 0x42)
        unlock();
    return 0;
}
