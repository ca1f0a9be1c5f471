// svcomp_reach: SV-COMP conventions: the program declares the
// __VERIFIER_* functions and reach_error itself (the harness defines them;
// its reach_error exits 99).  x in (10, 20), y == 3x, error when y == 51.
// expect: reachable
// random-misses: yes
// witness-stdin-x86: 11 00 00 00 33 00 00 00
// witness-stdin-ppc: 00 00 00 11 00 00 00 33
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
extern void reach_error(void);

int main(void)
{
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > 10 && x < 20);
    __VERIFIER_assume(y == x * 3);
    if (y == 51)
        reach_error();
    return 0;
}
