/* clz: leading and trailing zero counts: loops, binary search with
 * shifts, __builtin_clz/ctz (bsr/bsf on i686, cntlzw on PowerPC) and the
 * 64-bit variants, __builtin_ffs, integer log2 and log10, bit reversal.
 * The builtins are only called on non-zero values (zero is undefined).
 * Input: numbers (text). */
#include "corpus.h"

static int clz_loop(unsigned x)
{
    int n = 0;
    for (unsigned m = 0x80000000u; m && !(x & m); m >>= 1)
        n++;
    return n;
}

static int clz_bsearch(unsigned x)
{
    if (!x)
        return 32;
    int n = 0;
    if (!(x & 0xffff0000u)) { n += 16; x <<= 16; }
    if (!(x & 0xff000000u)) { n += 8; x <<= 8; }
    if (!(x & 0xf0000000u)) { n += 4; x <<= 4; }
    if (!(x & 0xc0000000u)) { n += 2; x <<= 2; }
    if (!(x & 0x80000000u)) { n += 1; }
    return n;
}

static int ctz_loop(unsigned long long x)
{
    if (!x)
        return 64;
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
}

static unsigned reverse_bits(unsigned x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    return (x >> 16) | (x << 16);
}

static int ilog10(unsigned long long x)
{
    int n = 0;
    while (x >= 10) {
        x /= 10;
        n++;
    }
    return n;
}

static void one(unsigned long long v)
{
    unsigned x = (unsigned)v;
    int a = clz_loop(x), b = clz_bsearch(x);
    out_x("x", v);
    out_i("clz", a);
    if (a != b)
        out_s("clz", "MISMATCH");
    if (x) {
        if (__builtin_clz(x) != a)
            out_s("builtin clz", "MISMATCH");
        out_i("ctz", __builtin_ctz(x));
        out_i("log2", 31 - __builtin_clz(x));
    }
    if (v) {
        out_i("clz64", __builtin_clzll(v));
        out_i("ctz64", __builtin_ctzll(v));
        if (__builtin_ctzll(v) != ctz_loop(v))
            out_s("ctz64", "MISMATCH");
    }
    out_i("ffs", __builtin_ffs((int)x));
    out_i("ffs64", __builtin_ffsll((long long)v));
    out_i("clrsb", __builtin_clrsb((int)x));
    out_x("rev", reverse_bits(x));
    out_i("log10", ilog10(v));
    mix((unsigned)a ^ reverse_bits(x) ^ (unsigned)ctz_loop(v) << 8);
}

int main(void)
{
    unsigned long long v;
    int n = 0;
    while (in_num(&v)) {
        one(v);
        n++;
    }
    int s = 0;
    for (unsigned i = 1; i < 3000; i += 7)
        s += __builtin_clz(i) + __builtin_ctz(i) + clz_bsearch(i * 40503u);
    out_i("sum", s);
    return digest();
}
