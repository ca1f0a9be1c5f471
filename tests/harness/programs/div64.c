/* div64: 64-bit division and remainder on a 32-bit target are libgcc calls
 * (PowerPC: __udivdi3, __umoddi3, __divdi3, __moddi3; x86 at -O2 uses
 * __udivmoddi4 and __divmoddi4), linked with -lgcc.  The
 * operands come from input bytes assembled most significant byte first, so
 * both targets compute the same values. */
#include "mcveto.h"

static unsigned long long in_u64(void)
{
    unsigned long long v = 0;
    for (int i = 0; i < 8; i++)
        v = (v << 8) | nondet_uchar();
    return v;
}

static void line(const char *name, long long s, unsigned long long u)
{
    mcveto_print(name);
    mcveto_print(" ");
    mcveto_print_int(s);
    mcveto_print(" ");
    mcveto_print_hex(u);
    mcveto_putc('\n');
}

int main(void)
{
    for (;;) {
        unsigned long long a = in_u64(), b = in_u64();
        if (b == 0)
            break; /* end of input */
        long long sa = (long long)a, sb = (long long)b;
        line("a", sa, a);
        line("b", sb, b);
        line("a/b u", (long long)(a / b), a / b);
        line("a%b u", (long long)(a % b), a % b);
        if (!(sa == -9223372036854775807LL - 1 && sb == -1)) {
            line("a/b s", sa / sb, (unsigned long long)(sa / sb));
            line("a%b s", sa % sb, (unsigned long long)(sa % sb));
        }
        line("a*b", (long long)(a * b), a * b);
        line("a>>7", (long long)(a >> 7), a >> 7);
        line("sa>>7", sa >> 7, (unsigned long long)(sa >> 7));
        line("a<<9", (long long)(a << 9), a << 9);
        mcveto_putc('\n');
    }
    return 0;
}
