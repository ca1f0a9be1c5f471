/* stackframes: dynamic stack allocation and unusual frames: variable-
 * length arrays and __builtin_alloca sized by the input (esp/r1
 * adjusted by a run-time amount, frame pointers needed), over-aligned
 * locals (and $-32, %esp), many arguments (stack-passed on both ABIs),
 * deep call chains with many live values across calls (callee-saved
 * registers), and a function returning a large struct.  Input: sizes
 * (text), each capped at 500. */
#include "corpus.h"

static unsigned vla_sum(unsigned n)
{
    unsigned a[n]; /* a VLA */
    for (unsigned i = 0; i < n; i++)
        a[i] = i * i + n;
    unsigned s = 0;
    for (unsigned i = 0; i < n; i += 3)
        s += a[i] ^ a[n - 1 - i];
    return s;
}

static unsigned alloca_sum(unsigned n)
{
    unsigned char *p = __builtin_alloca(n + 1);
    for (unsigned i = 0; i <= n; i++)
        p[i] = (unsigned char)(i * 13);
    unsigned s = 0;
    for (unsigned i = 0; i <= n; i++)
        s = s * 3 + p[i];
    return s;
}

static unsigned aligned_local(unsigned v)
{
    unsigned buf[8] __attribute__((aligned(32)));
    for (int i = 0; i < 8; i++)
        buf[i] = v + (unsigned)i;
    return ((unsigned)(__UINTPTR_TYPE__)buf & 31) == 0 ? buf[7] : 0xbad;
}

static long long many(int a, long long b, int c, short d, signed char e, unsigned f, long long g, int h,
                      unsigned long long i, int j, int k, int l)
{
    return a + b * 3 + c * 5 + d * 7 + e * 11 + (long long)f * 13 + g * 17 + h * 19 +
           (long long)(i % 1000) * 23 + j * 29 + k * 31 + l * 37;
}

static unsigned chain(unsigned depth, unsigned a, unsigned b, unsigned c)
{
    if (depth == 0)
        return a ^ b ^ c;
    unsigned x = a * 3 + depth, y = b ^ (a << 2), z = c + b, w = x ^ y ^ z;
    unsigned r = chain(depth - 1, y, z, x);
    return r + w * x - y + z; /* all four live across the call */
}

struct wide {
    unsigned v[24];
};

static struct wide make_wide(unsigned seed)
{
    struct wide w;
    for (int i = 0; i < 24; i++)
        w.v[i] = seed = seed * 69069u + 1u;
    return w;
}

int main(void)
{
    unsigned long long v;
    int n = 0;
    while (in_num(&v)) {
        unsigned s = (unsigned)(v % 501);
        out_u("size", s);
        if (s)
            out_x("vla", vla_sum(s));
        out_x("alloca", alloca_sum(s));
        out_x("aligned", aligned_local(s));
        out_i("many", many((int)s, -(long long)s * 1000000007, 3, -4, -5, s, 7, 8, v, 10, 11, 12));
        out_x("chain", chain(s % 64, s, s * 2, s * 3));
        struct wide w = make_wide(s);
        out_x("wide", w.v[23] ^ w.v[0]);
        mix(vla_sum(s + 1) ^ alloca_sum(s) ^ chain(s % 64, 1, 2, 3) ^ w.v[11]);
        n++;
    }
    return digest() ^ n;
}
