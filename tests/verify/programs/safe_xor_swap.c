// safe_xor_swap: swapping two memory words with three xors through
// pointers; afterwards they hold each other's old value.
// expect: safe
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

NOINLINE void swap(unsigned *p, unsigned *q)
{
    *p ^= *q;
    *q ^= *p;
    *p ^= *q;
}

int main(void)
{
    unsigned a = nondet_uint(), b = nondet_uint();
    unsigned a0 = a, b0 = b;
    swap(&a, &b);
    if (a != b0 || b != a0)
        reach_error();
    return 0;
}
