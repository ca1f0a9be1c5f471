/* svcomp: an SV-COMP style program that does not include mcveto.h,
 * declares what it uses and defines its own reach_error, which wins over
 * the harness's weak one: it calls __assert_fail, so the status is 134. */
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "svcomp.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);

void __VERIFIER_assert(int cond)
{
    if (!(cond)) {
    ERROR: {
        reach_error();
        abort();
    }
    }
    return;
}

int main()
{
    int n = __VERIFIER_nondet_int();       /* 00 00 00 05: 5 on PowerPC, */
    __VERIFIER_assume(n > 0 && n < 1000);  /* 83886080 on x86: cut off */
    unsigned int sum = 0;
    for (int i = 0; i < n; i++)
        sum += __VERIFIER_nondet_uint() & 0xff;
    __VERIFIER_assert(sum < 10); /* 1+2+3+4+5 = 15: fails */
    return 0;
}
