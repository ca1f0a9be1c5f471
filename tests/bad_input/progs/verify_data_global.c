// verify.cases: a global variable's symbol is data, not code; `verify
// --target counter` must be refused (it answered safe before issue 32).
#include "mcveto.h"

int counter;

int main(void)
{
    counter = nondet_int();
    if (counter == 1234567)
        reach_error();
    return 0;
}
