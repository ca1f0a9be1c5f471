/* verdicts: the harness's ways of ending a run, chosen by the input:
 * return from main, exit(n) from a nested call, abort() (134),
 * assert() failure (__assert_fail: a message on stderr, 134),
 * reach_error() (stderr "reach_error", 99), assume(0) (silent 0), and
 * writing to standard error directly.  A checksum of the input decides
 * which; the runner compares standard error too.  Input: text; the
 * first number picks the verdict, the rest feeds the checksum. */
#include "corpus.h"

static void deep_exit(int depth, int code) MCVETO_NORETURN;
static void deep_exit(int depth, int code)
{
    if (depth > 0)
        deep_exit(depth - 1, code + 1); /* does not return */
    exit(code);
}

int main(void)
{
    unsigned long long pick = in_u64(0), v;
    unsigned sum = 0;
    while (in_num(&v))
        sum = sum * 31 + (unsigned)v;
    out_u("pick", pick);
    out_x("sum", sum);
    mcveto_print_fd(2, "to stderr\n");
    mcveto_print_uint_fd(2, sum);
    mcveto_print_fd(2, "\n");
    switch (pick % 8) {
    case 0:
        return (int)(sum & 0x7f);
    case 1:
        deep_exit(10, (int)(sum % 100));
        break;
    case 2:
        abort();
    case 3:
        assert(sum == 12345);
        out_s("assert", "held");
        return 3;
    case 4:
        if (sum > 1000)
            reach_error();
        return 4;
    case 5:
        assume(sum != 7);
        mcveto_puts("assumption held");
        return 5;
    case 6:
        __VERIFIER_assume(sum == 7);
        return 6;
    default:
        exit(255);
    }
    return 200;
}
