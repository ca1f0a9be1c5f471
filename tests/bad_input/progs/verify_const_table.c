// verify.cases: a constant table, which powerpc-linux-gnu-ld puts in the
// code's (read, execute) segment; `verify --target table` must be refused
// all the same: the symbol is data.
#include "mcveto.h"

const int table[4] = {1, 2, 3, 4};

int main(void)
{
    unsigned i = nondet_uint() & 3;
    if (table[i] == 9)
        reach_error();
    return 0;
}
