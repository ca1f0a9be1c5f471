/* setcc: branch-free boolean and selection code: comparisons stored as
 * 0/1 (setcc; mfcr/rlwinm or isel-free sequences on PowerPC), min/max/
 * abs/clamp/sign via conditional moves (cmov) or masks, logical && || !
 * on values, a three-way compare, counting comparisons in a loop, and
 * 64-bit comparisons combined into booleans.  Input: pairs "a b"
 * (text). */
#include "corpus.h"

static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }
static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
static int iabs(int a) { return a < 0 ? (int)(0u - (unsigned)a) : a; }
static int sign(int a) { return (a > 0) - (a < 0); }
static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
static int cmp3(long long a, long long b) { return (a > b) - (a < b); }
static unsigned select_mask(int c, unsigned x, unsigned y)
{
    unsigned m = 0u - (unsigned)(c != 0);
    return (x & m) | (y & ~m);
}

static void one(unsigned long long a64, unsigned long long b64)
{
    int a = (int)a64, b = (int)b64;
    unsigned ua = (unsigned)a64, ub = (unsigned)b64;
    int flags = (a == b) | (a != b) << 1 | (a < b) << 2 | (a <= b) << 3 | (a > b) << 4 | (a >= b) << 5 |
                (ua < ub) << 6 | (ua <= ub) << 7 | (ua > ub) << 8 | (ua >= ub) << 9 | (a == 0) << 10 |
                (a < 0) << 11 | (b > 0) << 12 | (!(a & b)) << 13 | (a && b) << 14 | (a || b) << 15;
    out_i("a", a);
    out_i("b", b);
    out_x("flags", (unsigned)flags);
    out_i("min", imin(a, b));
    out_i("max", imax(a, b));
    out_u("umin", umin(ua, ub));
    out_u("umax", umax(ua, ub));
    out_i("abs a", iabs(a));
    out_i("sign b", sign(b));
    out_i("clamp", clamp(a, -100, 100));
    out_i("cmp64", cmp3((long long)a64, (long long)b64));
    out_i("ucmp64", (a64 > b64) - (a64 < b64));
    out_x("select", select_mask(a & 1, ua, ub));
    out_i("ternary", a > b ? (int)(ua - ub) : b > a ? -1 : 0);
    int cnt = 0;
    for (int i = -8; i <= 8; i++)
        cnt += ((long long)a + i > b) + ((ua ^ (unsigned)i) < ub);
    out_i("count", cnt);
    out_i("odd", (a & 1) != 0);
    out_i("same sign", (a ^ b) >= 0);
    out_i("in range", ua - 10u <= 20u);
    mix((unsigned)flags ^ (unsigned)cnt << 16);
}

int main(void)
{
    unsigned long long a, b;
    int n = 0;
    while (in_num(&a)) {
        b = in_u64(0);
        one(a, b);
        n++;
    }
    return digest() ^ n;
}
