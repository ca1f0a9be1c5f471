/* divconst: division and remainder by constants, which gcc turns into
 * multiply-high "magic number" sequences (mul/imul + shifts + sign fix-up;
 * mulhwu/mulhw on PowerPC) — checked against division by the same value
 * through a volatile (a real div/divw or a libgcc call).  32-bit signed
 * and unsigned, 64-bit unsigned (libgcc or multiply sequences), powers of
 * two (sar with rounding bias).  Input: numbers (text). */
#include "corpus.h"

static volatile unsigned vd[] = {3, 5, 7, 10, 13, 16, 60, 641, 1000, 65537, 0x7fffffff, 0xfffffffe};

#define CHECKU(d)                                          \
    do {                                                   \
        unsigned q = u / (d), r = u % (d);                 \
        if (q != u / vd[i] || r != u % vd[i])              \
            out_u("bad unsigned divisor", d);              \
        h = h * 33 + q + r;                                \
        i++;                                               \
    } while (0)

#define CHECKS(d)                                          \
    do {                                                   \
        int q = s / (d), r = s % (d);                      \
        if (q != s / (int)vd[i] || r != s % (int)vd[i])    \
            out_i("bad signed divisor", d);                \
        h = h * 33 + (unsigned)q + (unsigned)r;            \
        i++;                                               \
    } while (0)

static void one(unsigned long long v)
{
    unsigned u = (unsigned)v, h = 0;
    int s = (int)v, i = 0;
    CHECKU(3); CHECKU(5); CHECKU(7); CHECKU(10); CHECKU(13); CHECKU(16);
    CHECKU(60); CHECKU(641); CHECKU(1000); CHECKU(65537); CHECKU(0x7fffffff);
    CHECKU(0xfffffffe);
    i = 0;
    CHECKS(3); CHECKS(5); CHECKS(7); CHECKS(10); CHECKS(13); CHECKS(16);
    CHECKS(60); CHECKS(641); CHECKS(1000); CHECKS(65537); CHECKS(0x7fffffff);
    out_x("v", v);
    out_u("u/10", u / 10);
    out_u("u%10", u % 10);
    out_i("s/10", s / 10);
    out_i("s%10", s % 10);
    out_i("s/8", s / 8);
    out_i("s%8", s % 8);
    out_i("s/-3", s / -3);
    out_u("v/10", v / 10);
    out_u("v%1000000007", v % 1000000007);
    out_u("v/0xffffffff", v / 0xffffffffull);
    out_i("sv/7", (long long)v / 7);
    out_x("h", h);
    mix(h);
}

int main(void)
{
    unsigned long long v;
    int n = 0;
    while (in_num(&v)) {
        one(v);
        n++;
    }
    /* Decimal digits of a value by repeated /10 (the itoa loop). */
    unsigned x = 4000000000u + (unsigned)n;
    int digits = 0;
    while (x) {
        digits += (int)(x % 10);
        x /= 10;
    }
    out_i("digitsum", digits);
    return digest() ^ n;
}
