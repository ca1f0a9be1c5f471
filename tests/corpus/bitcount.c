/* bitcount: popcount and parity four ways: the Kernighan loop, the SWAR
 * formula (masks, shifts, a multiply), a 256-entry table, and
 * __builtin_popcount/__builtin_parity (libgcc __popcountsi2/__paritysi2 or
 * inline sequences), 32- and 64-bit.  Also lowest-set-bit tricks
 * (x & -x, x & (x - 1)), power-of-two tests, next power of two.
 * Input: numbers (text). */
#include "corpus.h"

static unsigned char table[256];

static int pop_loop(unsigned x)
{
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}

static int pop_swar(unsigned x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (int)((x * 0x01010101u) >> 24);
}

static int pop_table(unsigned x)
{
    return table[x & 0xff] + table[(x >> 8) & 0xff] + table[(x >> 16) & 0xff] + table[x >> 24];
}

static int parity_fold(unsigned x)
{
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    return (0x6996 >> (x & 0xf)) & 1;
}

static unsigned next_pow2(unsigned x)
{
    x--;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x + 1;
}

static void one(unsigned long long v)
{
    unsigned x = (unsigned)v;
    int a = pop_loop(x), b = pop_swar(x), c = pop_table(x), d = __builtin_popcount(x);
    out_x("x", v);
    out_i("pop", a);
    if (a != b || a != c || a != d)
        out_s("pop", "MISMATCH");
    out_i("pop64", __builtin_popcountll(v));
    out_i("parity", parity_fold(x));
    out_i("parity builtin", __builtin_parity(x));
    out_i("parity64", __builtin_parityll(v));
    out_x("lowest", x & (0u - x));
    out_x("clear lowest", x & (x - 1));
    out_i("pow2", x && !(x & (x - 1)));
    out_x("next pow2", next_pow2(x));
    out_x("mask below lowest", ~x & (x - 1));
    mix((unsigned)a | (unsigned)parity_fold(x) << 8 | (unsigned long long)next_pow2(x) << 16);
}

int main(void)
{
    for (int i = 0; i < 256; i++)
        table[i] = (unsigned char)((i & 1) + table[i / 2]);
    unsigned long long v;
    int n = 0;
    while (in_num(&v)) {
        one(v);
        n++;
    }
    int total = 0;
    for (unsigned i = 0; i < 2000; i++)
        total += pop_swar(i * 2654435761u);
    out_i("total", total);
    return digest() ^ (total & 0x7f);
}
