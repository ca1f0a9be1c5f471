// svcomp_safe: SV-COMP conventions, target unreachable: under the
// assumption 0 <= x <= 100, y = 3x + 1 lies in [1, 301].  The assumption is
// an opaque call to the compiler, so the check survives -O2; the verifier
// must know that __VERIFIER_assume(0) ends the run.
// expect: safe
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void)
{
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= 0 && x <= 100);
    int y = 3 * x + 1;
    if (y > 301 || y < 1)
        reach_error();
    return 0;
}
