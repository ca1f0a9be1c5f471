/* prng: pseudo-random generators: an LCG (32-bit multiply-add), xorshift32
 * and xorshift64 (64-bit shifts by constants), xorshift128+, a 64-bit LCG
 * with a PCG-style output permutation (64-bit multiply, variable
 * rotate), Park-Miller minimal standard with Schrage's method (signed
 * division and remainder by constants), unbiased bounded ranges by
 * rejection, and a Fisher-Yates shuffle.  Input: a seed and a count
 * (text; the count is capped at 2000). */
#include "corpus.h"

static unsigned lcg(unsigned *s) { return *s = *s * 1664525u + 1013904223u; }

static unsigned xs32(unsigned *s)
{
    unsigned x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

static unsigned long long xs64(unsigned long long *s)
{
    unsigned long long x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static unsigned long long xsp(unsigned long long s[2])
{
    unsigned long long a = s[0], b = s[1];
    s[0] = b;
    a ^= a << 23;
    s[1] = a ^ b ^ (a >> 17) ^ (b >> 26);
    return s[1] + b;
}

static unsigned pcg(unsigned long long *state)
{
    unsigned long long old = *state;
    *state = old * 6364136223846793005ull + 1442695040888963407ull;
    unsigned x = (unsigned)(((old >> 18) ^ old) >> 27), rot = (unsigned)(old >> 59);
    return (x >> rot) | (x << (-rot & 31));
}

static int park_miller(int *s)
{
    const int a = 16807, m = 2147483647, q = 127773, r = 2836;
    int hi = *s / q, lo = *s % q;
    int t = a * lo - r * hi;
    *s = t > 0 ? t : t + m;
    return *s;
}

static unsigned bounded(unsigned *s, unsigned n, unsigned *rejects)
{
    unsigned limit = 0u - (0u - n) % n; /* largest multiple of n, 0 for 2^32 */
    for (;;) {
        unsigned x = xs32(s);
        if (limit == 0 || x < limit)
            return x % n;
        ++*rejects;
    }
}

int main(void)
{
    unsigned long long seed = in_u64(1);
    unsigned count = (unsigned)in_u64(100);
    if (count > 2000)
        count = 2000;
    unsigned s1 = (unsigned)seed, s2 = (unsigned)seed | 1;
    unsigned long long s3 = seed | 1, s4[2] = {seed ^ 0x123456789ull, ~seed}, s5 = seed;
    int s6 = (int)(seed % 2147483646u) + 1;
    unsigned h1 = 0, h2 = 0, h4 = 0, h5 = 0, h6 = 0;
    unsigned long long h3 = 0;
    for (unsigned i = 0; i < count; i++) {
        h1 = h1 * 3 + lcg(&s1);
        h2 ^= xs32(&s2) + i;
        h3 = h3 * 5 + xs64(&s3);
        h4 += (unsigned)(xsp(s4) >> 11);
        h5 = h5 * 7 + pcg(&s5);
        h6 = h6 * 11 + (unsigned)park_miller(&s6);
    }
    out_x("lcg", h1);
    out_x("xorshift32", h2);
    out_x("xorshift64", h3);
    out_x("xorshift128+", h4);
    out_x("pcg", h5);
    out_x("park-miller", h6);
    unsigned rejects = 0, hist[6] = {0};
    unsigned bs = s2 ? s2 : 1;
    for (unsigned i = 0; i < count; i++)
        hist[bounded(&bs, 6, &rejects)]++;
    unsigned big = bounded(&bs, 0xc0000001u, &rejects);
    mcveto_print("dice:");
    for (int i = 0; i < 6; i++) {
        mcveto_putc(' ');
        mcveto_print_uint(hist[i]);
    }
    mcveto_putc('\n');
    out_u("big", big);
    out_u("rejects", rejects);
    int deck[52];
    for (int i = 0; i < 52; i++)
        deck[i] = i;
    unsigned ss = s1 | 1;
    for (int i = 51; i > 0; i--) {
        int j = (int)(xs32(&ss) % (unsigned)(i + 1));
        int t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    mcveto_print("deck:");
    for (int i = 0; i < 10; i++) {
        mcveto_putc(' ');
        mcveto_print_int(deck[i]);
        mix((unsigned)deck[i]);
    }
    mcveto_putc('\n');
    mix(h1 ^ h2 ^ h3 ^ h4 ^ h5 ^ h6);
    return digest();
}
