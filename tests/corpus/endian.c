/* endian: the one corpus program whose output depends on the byte order
 * (corpus: isa-dependent output).  It reads multi-byte nondet values
 * (nondet_short/int/long, which take the input bytes in the machine's
 * order) and looks at integers through byte pointers and unions.  On x86
 * the first byte of an int is its least significant; on PowerPC its most
 * significant.  Input: raw bytes. */
#include "corpus.h"

union word {
    unsigned u;
    unsigned short h[2];
    unsigned char b[4];
};

int main(void)
{
    union word w;
    w.u = 0x11223344u;
    out_i("little", w.b[0] == 0x44);
    out_x("b0", w.b[0]);
    out_x("h0", w.h[0]);
    unsigned i = nondet_uint();
    short s = nondet_short();
    unsigned char c = nondet_uchar();
    long l = nondet_long();
    out_x("uint", i);
    out_i("short", s);
    out_x("uchar", c);
    out_i("long", l);
    unsigned char *p = (unsigned char *)&i;
    out_x("byte0 of uint", p[0]);
    unsigned long long q = 0x0102030405060708ull;
    unsigned char *qp = (unsigned char *)&q;
    out_x("byte0 of u64", qp[0]);
    w.u = i;
    out_x("h[1]", w.h[1]);
    mix(i ^ (unsigned)s ^ c ^ (unsigned)l);
    return digest();
}
