/* reach_error: the verification target writes "reach_error" to stderr and
 * exits with status 99; it is reached only for the right input. */
#include "mcveto.h"

static int check(unsigned char a, unsigned char b)
{
    if (a == 'o' && b == 'k')
        return 1;
    if (a + b == 200)
        reach_error();
    return 0;
}

int main(void)
{
    mcveto_puts("checking");
    unsigned char a = nondet_uchar(), b = nondet_uchar();
    if (check(a, b))
        mcveto_puts("fine");
    mcveto_puts("not reached");
    return 0;
}
