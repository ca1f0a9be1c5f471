// assert_fn_safe: a loop whose assertions go through a function of their
// own, as SV-COMP's __VERIFIER_assert does: on PowerPC at -O2 its test
// compiles to a conditional return (`bnelr`), which returns only when the
// assertion holds and falls through to the error otherwise.  The proof at
// loop heads follows each direction under its own condition
// (docs/verifier.md, "Proof by induction at loop heads").
// expect: safe
#include "mcveto.h"

__attribute__((noinline)) static void check(int ok)
{
    if (!ok)
        reach_error();
}

int main(void)
{
    int n = nondet_int();
    if (n < 0 || n > 100000)
        return 0;
    check(2 * n <= 200000);
    int i = 0, j = 0;
    while (i < n) {
        check(j == 2 * i);
        i++;
        j += 2;
    }
    check(j == 2 * n);
    return 0;
}
