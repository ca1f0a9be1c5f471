/* narrow: 8- and 16-bit arithmetic kept in narrow types: arrays of
 * uint16_t/int16_t/uint8_t updated in place (16-bit operand-size
 * instructions such as addw/incw/movw with the 0x66 prefix, byte
 * instructions on al/ah-style registers; lhz/lha/sth on PowerPC),
 * saturating adds, 16-bit multiply-high, byte-wise SIMD-within-a-
 * register, and the usual arithmetic conversions when the results are
 * widened.  Input: bytes (raw), up to 64. */
#include "corpus.h"

static unsigned char sat_add8(unsigned char a, unsigned char b)
{
    unsigned char s = (unsigned char)(a + b);
    return s < a ? 0xff : s;
}

static short sat_add16(short a, short b)
{
    int s = a + b;
    return (short)(s > 32767 ? 32767 : s < -32768 ? -32768 : s);
}

static unsigned short mulhi16(unsigned short a, unsigned short b)
{
    return (unsigned short)(((unsigned)a * b) >> 16);
}

/* adds four packed bytes without carries between them */
static unsigned swar_add(unsigned x, unsigned y)
{
    unsigned low = (x & 0x7f7f7f7fu) + (y & 0x7f7f7f7fu);
    return low ^ ((x ^ y) & 0x80808080u);
}

int main(void)
{
    unsigned char in[64];
    int n = (int)read(0, in, sizeof in);
    if (n < 0)
        n = 0;
    unsigned short u16[16];
    short s16[16];
    unsigned char u8[16];
    signed char s8[16];
    for (int i = 0; i < 16; i++) {
        u16[i] = (unsigned short)(i * 4099);
        s16[i] = (short)(i * -2731);
        u8[i] = (unsigned char)(i * 17);
        s8[i] = (signed char)(i * 23);
    }
    for (int i = 0; i < n; i++) {
        int k = in[i] & 15;
        u16[k] += in[i];
        u16[(k + 1) & 15]++;
        s16[k] = sat_add16(s16[k], (short)(in[i] * 300 - 38000));
        u8[k] = sat_add8(u8[k], in[i]);
        s8[k] ^= (signed char)in[i];
        s8[(k + 3) & 15] = (signed char)(s8[(k + 3) & 15] - 1);
    }
    unsigned h = 0;
    int widened = 0;
    for (int i = 0; i < 16; i++) {
        h = h * 31 + u16[i];
        h = h * 31 + (unsigned short)s16[i];
        h = h * 31 + u8[i];
        widened += s16[i] + s8[i] * u8[i] + (u16[i] >> 3);
        mix(u16[i] | (unsigned)(unsigned short)s16[i] << 16);
    }
    out_i("bytes", n);
    out_x("state", h);
    out_i("widened", widened);
    out_i("s16[0]", s16[0]);
    out_i("s8[5]", s8[5]);
    out_u("u8[15]", u8[15]);
    out_x("mulhi16", mulhi16(u16[3], u16[7]));
    unsigned packed = 0;
    for (int i = 0; i < n; i++)
        packed = swar_add(packed, (unsigned)in[i] * 0x01010101u >> (i & 3) * 8);
    out_x("swar", packed);
    mix(packed ^ h);
    return digest();
}
