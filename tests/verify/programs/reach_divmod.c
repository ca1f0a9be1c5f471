// reach_divmod: division and remainder (x86 div, PowerPC divwu): x / y == 7
// and x % y == 3 for bytes x, y (e.g. x == 38, y == 5).
// expect: reachable
// witness-stdin: 26 05
#include "mcveto.h"

int main(void)
{
    unsigned x = nondet_uchar();
    unsigned y = nondet_uchar();
    if (y != 0 && x / y == 7 && x % y == 3)
        reach_error();
    return 0;
}
