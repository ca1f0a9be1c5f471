/* nondet: every nondet_* and __VERIFIER_nondet_* reads sizeof(T) bytes of
 * standard input in the machine's byte order (so x86 and PowerPC print
 * different values for the same bytes: nondet.x86.out, nondet.ppc.out);
 * plain char is signed on x86, unsigned on PowerPC; past the end of input
 * the missing bytes are 0. */
#include "mcveto.h"

#define SHOW(name, expr, print)  \
    do {                          \
        mcveto_print(name "=");   \
        print(expr);              \
        mcveto_putc('\n');        \
    } while (0)

int main(void)
{
    SHOW("sizes", sizeof(char) + 10 * sizeof(short) + 100 * sizeof(int) +
                      1000 * sizeof(long) + 10000 * sizeof(_Bool), mcveto_print_uint);
    SHOW("char", nondet_char(), mcveto_print_int);
    SHOW("uchar", nondet_uchar(), mcveto_print_int);
    SHOW("short", nondet_short(), mcveto_print_int);
    SHOW("ushort", nondet_ushort(), mcveto_print_int);
    SHOW("int", nondet_int(), mcveto_print_int);
    SHOW("uint", nondet_uint(), mcveto_print_uint);
    SHOW("long", nondet_long(), mcveto_print_int);
    SHOW("ulong", nondet_ulong(), mcveto_print_uint);
    SHOW("bool", nondet_bool(), mcveto_print_int);
    SHOW("bool", nondet_bool(), mcveto_print_int);
    SHOW("V_char", __VERIFIER_nondet_char(), mcveto_print_int);
    SHOW("V_uchar", __VERIFIER_nondet_uchar(), mcveto_print_int);
    SHOW("V_short", __VERIFIER_nondet_short(), mcveto_print_int);
    SHOW("V_ushort", __VERIFIER_nondet_ushort(), mcveto_print_int);
    SHOW("V_int", __VERIFIER_nondet_int(), mcveto_print_int);
    SHOW("V_uint", __VERIFIER_nondet_uint(), mcveto_print_uint);
    SHOW("V_long", __VERIFIER_nondet_long(), mcveto_print_int);
    /* The input ends inside this value: its last two bytes are 0. */
    SHOW("V_ulong", __VERIFIER_nondet_ulong(), mcveto_print_uint);
    /* From here on every value is 0. */
    SHOW("V_bool", __VERIFIER_nondet_bool(), mcveto_print_int);
    SHOW("V_int", __VERIFIER_nondet_int(), mcveto_print_int);
    SHOW("char", nondet_char(), mcveto_print_int);
    unsigned char rest[3] = {1, 2, 3};
    nondet_bytes(rest, sizeof rest);
    SHOW("bytes", rest[0] + rest[1] + rest[2], mcveto_print_int);
    return 0;
}
