// bounded_store_safe: a store into a local array at an input index, masked
// to stay inside the array (the paper's clobber_ret_addr CASE-9): the
// return address is never overwritten (only acceptable executions) and the
// sum check holds whichever element was written.
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE int store(unsigned i, int v)
{
    volatile int a[4] = {0, 0, 0, 0};
    a[i & 3u] = v;
    return a[0] + a[1] + a[2] + a[3] - v;
}

int main(void)
{
    unsigned i = nondet_uchar();
    int v = nondet_int();
    if (store(i, v) != 0)
        reach_error();
    return 0;
}
