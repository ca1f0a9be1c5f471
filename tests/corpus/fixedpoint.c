/* fixedpoint: Q16.16 fixed-point arithmetic in place of floating point:
 * multiply through a 64-bit product and an arithmetic shift, divide by
 * shifting the dividend into 64 bits (signed 64-bit division: libgcc
 * __divdi3), square root by Newton's method and bit by bit, exp and sin
 * by Taylor series, decimal printing of fractions, and decimal input
 * rounded to the nearest Q16.16 value.
 * Input: pairs "a b" of decimal numbers with up to 4 fraction digits
 * ("1.5 -0.25"). */
#include "corpus.h"

typedef int fix; /* Q16.16 */
#define ONE 65536

static fix fmul(fix a, fix b) { return (fix)(((long long)a * b) >> 16); }
static fix fdiv(fix a, fix b) { return (fix)(((long long)a * ONE) / b); }

static fix fsqrt_newton(fix a)
{
    if (a <= 0)
        return 0;
    fix x = a > ONE ? a / 2 : ONE;
    for (int i = 0; i < 30; i++) {
        fix nx = (x + fdiv(a, x)) / 2;
        if (nx == x)
            break;
        x = nx;
    }
    return x;
}

static unsigned fsqrt_bits(unsigned a) /* sqrt of a Q16.16 value, exact floor */
{
    unsigned long long v = (unsigned long long)a << 16, r = 0, bit = 1ull << 46;
    while (bit > v)
        bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return (unsigned)r;
}

static fix fexp(fix x) /* for |x| <= 4 */
{
    fix term = ONE, sum = ONE;
    for (int k = 1; k < 20; k++) {
        term = fmul(term, x) / k;
        sum += term;
    }
    return sum;
}

static fix fsin(fix x) /* x in radians, reduced to [-pi, pi] */
{
    const fix pi = 205887, twopi = 411775;
    while (x > pi)
        x -= twopi;
    while (x < -pi)
        x += twopi;
    fix term = x, sum = x, x2 = fmul(x, x);
    for (int k = 1; k < 10; k++) {
        term = -fdiv(fmul(term, x2), (2 * k) * (2 * k + 1) * ONE);
        sum += term;
    }
    return sum;
}

static void print_fix(const char *label, fix v)
{
    mcveto_print(label);
    mcveto_putc(' ');
    unsigned long long m = v < 0 ? 0ull - (unsigned long long)(long long)v : (unsigned long long)v;
    if (v < 0)
        mcveto_putc('-');
    mcveto_print_uint(m >> 16);
    mcveto_putc('.');
    unsigned frac = (unsigned)(m & 0xffff);
    for (int i = 0; i < 5; i++) { /* five decimals, truncated */
        frac *= 10;
        mcveto_putc('0' + (int)(frac >> 16));
        frac &= 0xffff;
    }
    mcveto_putc('\n');
    mix((unsigned)v);
}

/* Parses [-]digits[.digits] into Q16.16 (rounded to nearest). */
static int read_fix(fix *out)
{
    unsigned long long ip;
    int c = in_getc();
    while (c >= 0 && c != '-' && (c < '0' || c > '9'))
        c = in_getc();
    if (c < 0)
        return 0;
    int neg = c == '-';
    if (!neg)
        in_peeked = c;
    if (!in_num(&ip))
        return 0;
    long long v = (long long)(ip & 0x7fff) << 16;
    c = in_getc();
    if (c == '.') {
        unsigned frac = 0, scale = 1;
        for (c = in_getc(); c >= '0' && c <= '9' && scale < 10000; c = in_getc()) {
            frac = frac * 10 + (unsigned)(c - '0');
            scale *= 10;
        }
        v += ((long long)frac * ONE + scale / 2) / scale;
    }
    if (c >= 0)
        in_peeked = c;
    *out = (fix)(neg ? -v : v);
    return 1;
}

int main(void)
{
    fix a, b;
    int n = 0;
    while (read_fix(&a)) {
        if (!read_fix(&b))
            b = ONE;
        print_fix("a", a);
        print_fix("b", b);
        print_fix("a+b", (fix)((unsigned)a + (unsigned)b));
        print_fix("a*b", fmul(a, b));
        if (b)
            print_fix("a/b", fdiv(a, b));
        print_fix("sqrt|a|", fsqrt_newton(a < 0 ? -a : a));
        print_fix("sqrt bits", (fix)fsqrt_bits((unsigned)(a < 0 ? -a : a)));
        if (a > -4 * ONE && a < 4 * ONE) {
            print_fix("exp a", fexp(a));
            print_fix("sin a", fsin(a));
        }
        n++;
    }
    print_fix("sin(pi/6)", fsin(205887 / 6));
    print_fix("e", fexp(ONE));
    return digest() ^ n;
}
