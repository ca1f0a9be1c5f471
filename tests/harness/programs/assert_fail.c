/* assert_fail: mcveto.h's assert() calls __assert_fail, which writes
 * "FILE:LINE: FUNCTION: Assertion `EXPR' failed." to stderr and exits 134. */
#line 4 "assert_fail.c"
#include "mcveto.h"

static void check_range(int v)
{
    assert(v >= 0);
    assert(v < 10);
}

int main(void)
{
    check_range(3);
    mcveto_puts("3 is fine");
    check_range(nondet_uchar() - '0'); /* input "7" */
    mcveto_puts("7 is fine");
    check_range(nondet_uchar());       /* input "!" = 33 */
    mcveto_puts("not reached");
    return 0;
}
