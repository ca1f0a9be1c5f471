/* assume: a true assumption continues; a false one ends the run quietly
 * with status 0 (the path is infeasible), whatever follows. */
#include "mcveto.h"

int main(void)
{
    mcveto_puts("start");
    int x = nondet_int(); /* bytes 01 00 00 01: 0x01000001 on both targets */
    assume(x > 0);
    __VERIFIER_assume(x == 0x01000001);
    mcveto_puts("after the true assumptions");
    int y = __VERIFIER_nondet_int(); /* end of input: 0 */
    __VERIFIER_assume(y != 0);
    mcveto_puts("not reached");
    reach_error();
}
