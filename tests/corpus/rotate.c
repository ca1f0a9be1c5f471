/* rotate: the rotate idioms gcc turns into rol/ror (x86) or rlwinm/rotlw
 * (PowerPC): (x << n) | (x >> (32 - n)) with constant and variable n, the
 * masked form (x >> (-n & 31)), 8- and 16-bit rotates (rolb/rolw), and
 * 64-bit rotates made of two halves (shld/shrd pairs).  Also 64-bit shifts
 * by one, which gcc may do as shl+rcl / shr+rcr or add+adc.
 * Input: "x n" pairs (text). */
#include "corpus.h"

static unsigned rol32(unsigned x, unsigned n) { n &= 31; return (x << n) | (x >> (-n & 31)); }
static unsigned ror32(unsigned x, unsigned n) { n &= 31; return (x >> n) | (x << (-n & 31)); }
static unsigned rol32_if(unsigned x, unsigned n) { return n ? (x << n) | (x >> (32 - n)) : x; }
static unsigned char rol8(unsigned char x, unsigned n)
{
    n &= 7;
    return (unsigned char)((x << n) | (x >> ((8 - n) & 7)));
}
static unsigned short ror16(unsigned short x, unsigned n)
{
    n &= 15;
    return (unsigned short)((x >> n) | (x << ((16 - n) & 15)));
}
static unsigned long long rol64(unsigned long long x, unsigned n)
{
    n &= 63;
    return (x << n) | (x >> (-n & 63));
}
static unsigned long long ror64(unsigned long long x, unsigned n)
{
    n &= 63;
    return (x >> n) | (x << (-n & 63));
}

static void one(unsigned long long x64, unsigned n)
{
    unsigned x = (unsigned)x64;
    out_x("x", x64);
    out_u("n", n);
    out_x("rol32", rol32(x, n));
    out_x("ror32", ror32(x, n));
    out_x("rol32if", rol32_if(x, n & 31));
    out_x("rol 7", (x << 7) | (x >> 25));
    out_x("ror 13", (x >> 13) | (x << 19));
    out_x("rol8", rol8((unsigned char)x, n));
    out_x("ror16", ror16((unsigned short)x, n));
    out_x("rol64", rol64(x64, n));
    out_x("ror64", ror64(x64, n));
    out_x("rol64 1", (x64 << 1) | (x64 >> 63));
    out_x("x64<<1", x64 << 1);
    out_x("x64>>1", x64 >> 1);
    out_i("sx64>>1", (long long)x64 >> 1);
    if (rol32(ror32(x, n), n) != x || ror64(rol64(x64, n), n) != x64)
        out_s("roundtrip", "broken");
    mix(rol32(x, n) ^ ror64(x64, n));
}

int main(void)
{
    unsigned long long x;
    int count = 0;
    while (in_num(&x)) {
        one(x, (unsigned)in_u64(0));
        count++;
    }
    /* A rotate-based hash over all amounts. */
    unsigned h = 0x9e3779b9u;
    for (unsigned i = 0; i < 100; i++)
        h = rol32(h ^ i, i) + ror32(h, i + 3);
    out_x("hash", h);
    mix(h);
    out_i("count", count);
    return digest();
}
