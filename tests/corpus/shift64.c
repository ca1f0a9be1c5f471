/* shift64: 64-bit shifts by every amount 0..63, in both directions,
 * signed and unsigned, and double-precision shifts built from two 32-bit
 * halves ((hi << n) | (lo >> (32 - n))): the code gcc compiles to
 * shld/shrd plus a test of bit 5 (x86) or to slw/srw/or sequences (PPC).
 * Input: 64-bit values (text); each is shifted by all amounts.  Output:
 * a digest per value and per kind, plus some spot values. */
#include "corpus.h"

static unsigned long long shl(unsigned long long v, unsigned n) { return v << n; }
static unsigned long long shr(unsigned long long v, unsigned n) { return v >> n; }
static long long sar(long long v, unsigned n) { return v >> n; }

/* 32-bit halves: funnel shifts for 0 < n < 32. */
static unsigned fshl(unsigned hi, unsigned lo, unsigned n) { return (hi << n) | (lo >> (32 - n)); }
static unsigned fshr(unsigned hi, unsigned lo, unsigned n) { return (lo >> n) | (hi << (32 - n)); }

static void value(unsigned long long v)
{
    unsigned h1 = 0, h2 = 0, h3 = 0, h4 = 0;
    for (unsigned n = 0; n < 64; n++) {
        unsigned long long a = shl(v, n), b = shr(v, n);
        long long c = sar((long long)v, n);
        h1 = h1 * 31 + (unsigned)a + (unsigned)(a >> 32);
        h2 = h2 * 31 + (unsigned)b + (unsigned)(b >> 32);
        h3 = h3 * 31 + (unsigned)c + (unsigned)((unsigned long long)c >> 32);
        if (n > 0 && n < 32) {
            unsigned hi = (unsigned)(v >> 32), lo = (unsigned)v;
            if (fshl(hi, lo, n) != (unsigned)((v << n) >> 32))
                out_i("fshl mismatch", n);
            if (fshr(hi, lo, n) != (unsigned)(v >> n))
                out_i("fshr mismatch", n);
            h4 = h4 * 31 + fshl(hi, lo, n) + fshr(lo, hi, n);
        }
    }
    out_x("v", v);
    out_x("shl", h1);
    out_x("shr", h2);
    out_x("sar", h3);
    out_x("funnel", h4);
    out_x("v<<5", shl(v, 5));
    out_x("v>>37", shr(v, 37));
    out_i("v sar 45", sar((long long)v, 45));
    mix(h1 ^ h2 ^ h3 ^ h4);
}

int main(void)
{
    unsigned long long v;
    int n = 0;
    while (in_num(&v)) {
        value(v);
        n++;
    }
    if (n == 0)
        value(0x8000000000000001ull);
    return digest();
}
