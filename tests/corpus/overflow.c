/* overflow: checked arithmetic: __builtin_add/sub/mul_overflow on int,
 * unsigned, long long and unsigned long long (jo/jc/seto/setc after
 * add/imul/mul; addo./mullwo. or compare sequences on PowerPC), the same
 * checks written by hand with wider types or pre-conditions, and the
 * carry out of 64-bit additions used for a 128-bit sum.  Input: pairs
 * "a b" (text, 64-bit). */
#include "corpus.h"

static int hand_add_ovf(int a, int b) { return b > 0 ? a > 2147483647 - b : a < (-2147483647 - 1) - b; }
static int hand_mul_ovf(int a, int b)
{
    long long p = (long long)a * b;
    return p > 2147483647LL || p < -2147483648LL;
}

static void one(unsigned long long x, unsigned long long y)
{
    int a = (int)x, b = (int)y, ri;
    unsigned ua = (unsigned)x, ub = (unsigned)y, ru;
    long long sa = (long long)x, sb = (long long)y, rl;
    unsigned long long rul;
    int f = 0, k = 0;
    f |= __builtin_add_overflow(a, b, &ri) << k++;
    f |= (__builtin_sub_overflow(a, b, &ri)) << k++;
    f |= (__builtin_mul_overflow(a, b, &ri)) << k++;
    f |= (__builtin_add_overflow(ua, ub, &ru)) << k++;
    f |= (__builtin_sub_overflow(ua, ub, &ru)) << k++;
    f |= (__builtin_mul_overflow(ua, ub, &ru)) << k++;
    f |= (__builtin_add_overflow(sa, sb, &rl)) << k++;
    f |= (__builtin_sub_overflow(sa, sb, &rl)) << k++;
    f |= (__builtin_mul_overflow(sa, sb, &rl)) << k++;
    f |= (__builtin_add_overflow(x, y, &rul)) << k++;
    f |= (__builtin_sub_overflow(x, y, &rul)) << k++;
    f |= (__builtin_mul_overflow(x, y, &rul)) << k++;
    f |= (__builtin_mul_overflow(a, b, &rl)) << k++; /* never: 32x32 fits 64 */
    f |= (__builtin_add_overflow(sa, sb, &ri)) << k++; /* into a narrower result */
    out_x("a", x);
    out_x("b", y);
    out_x("flags", (unsigned)f);
    __builtin_mul_overflow(a, b, &ri);
    out_i("wrapped a*b", ri);
    __builtin_mul_overflow(x, y, &rul);
    out_x("wrapped x*y", rul);
    if (hand_add_ovf(a, b) != (f & 1) || hand_mul_ovf(a, b) != ((f >> 2) & 1))
        out_s("hand check", "MISMATCH");
    /* 128-bit sum of x, y and x*y's halves with explicit carries */
    unsigned long long lo = x, hi = 0;
    hi += __builtin_add_overflow(lo, y, &lo);
    hi += __builtin_add_overflow(lo, rul, &lo);
    out_x("sum128 hi", hi);
    out_x("sum128 lo", lo);
    mix((unsigned)f ^ lo ^ hi);
}

int main(void)
{
    unsigned long long x;
    int n = 0;
    while (in_num(&x)) {
        one(x, in_u64(0));
        n++;
    }
    return digest() ^ n;
}
