/* numtheory: gcd (Euclid and binary/Stein with ctz loops), extended
 * Euclid and modular inverse (signed 64-bit), lcm, modular
 * exponentiation with 64-bit products reduced by % (libgcc __umoddi3),
 * a deterministic Miller-Rabin test for 32-bit numbers (strong bases 2,
 * 3, 5, 7, 11; 3215031751 fools the first four), Euler's phi by
 * trial division, and integer square root.  Input: pairs "a b" (text). */
#include "corpus.h"

static unsigned gcd(unsigned a, unsigned b)
{
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static unsigned bgcd(unsigned a, unsigned b)
{
    if (!a || !b)
        return a | b;
    int shift = 0;
    while (!((a | b) & 1)) {
        a >>= 1;
        b >>= 1;
        shift++;
    }
    while (!(a & 1))
        a >>= 1;
    do {
        while (!(b & 1))
            b >>= 1;
        if (a > b) {
            unsigned t = a;
            a = b;
            b = t;
        }
        b -= a;
    } while (b);
    return a << shift;
}

static long long egcd(long long a, long long b, long long *x, long long *y)
{
    if (b == 0) {
        *x = 1;
        *y = 0;
        return a;
    }
    long long x1, y1, g = egcd(b, a % b, &x1, &y1);
    *x = y1;
    *y = x1 - (a / b) * y1;
    return g;
}

static unsigned modpow(unsigned b, unsigned e, unsigned m)
{
    unsigned long long r = 1 % m, x = b % m;
    while (e) {
        if (e & 1)
            r = r * x % m;
        x = x * x % m;
        e >>= 1;
    }
    return (unsigned)r;
}

static int is_prime(unsigned n)
{
    if (n < 2)
        return 0;
    static const unsigned small[] = {2, 3, 5, 7, 11};
    for (int i = 0; i < 5; i++)
        if (n % small[i] == 0)
            return n == small[i];
    unsigned d = n - 1;
    int s = 0;
    while (!(d & 1)) {
        d >>= 1;
        s++;
    }
    for (int i = 0; i < 5; i++) { /* strong bases 2..11: exact below 2.1e12 */
        unsigned a = small[i];
        unsigned long long x = modpow(a, d, n);
        if (x == 1 || x == n - 1)
            continue;
        int comp = 1;
        for (int r = 1; r < s && comp; r++) {
            x = x * x % n;
            if (x == n - 1)
                comp = 0;
        }
        if (comp)
            return 0;
    }
    return 1;
}

static unsigned phi(unsigned n)
{
    unsigned r = n;
    for (unsigned p = 2; p * p <= n && p < 65536; p++)
        if (n % p == 0) {
            while (n % p == 0)
                n /= p;
            r -= r / p;
        }
    if (n > 1)
        r -= r / n;
    return r;
}

static unsigned isqrt(unsigned long long v)
{
    unsigned long long r = 0, bit = 1ull << 62;
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

int main(void)
{
    unsigned long long a64, b64;
    int n = 0;
    while (in_num(&a64)) {
        b64 = in_u64(1);
        unsigned a = (unsigned)a64, b = (unsigned)b64;
        out_u("a", a);
        out_u("b", b);
        unsigned g = gcd(a, b);
        out_u("gcd", g);
        if (g != bgcd(a, b))
            out_s("binary gcd", "MISMATCH");
        if (g)
            out_u("lcm", (unsigned long long)a / g * b);
        long long x, y;
        long long g2 = egcd(a, b, &x, &y);
        out_i("bezout x", x);
        out_i("bezout y", y);
        if ((long long)a * x + (long long)b * y != g2)
            out_s("bezout", "MISMATCH");
        if (g == 1 && b > 1)
            out_u("inverse", (unsigned)(((x % (long long)b) + b) % b));
        if (b)
            out_u("a^a mod b", modpow(a, a, b));
        out_i("a prime", is_prime(a));
        out_i("b prime", is_prime(b));
        out_u("phi(a)", phi(a));
        out_u("isqrt(a*b)", isqrt((unsigned long long)a * b));
        mix(g ^ (unsigned)x ^ phi(a));
        n++;
    }
    unsigned count = 0, last = 0;
    for (unsigned p = 4294967291u - 2000; p != 0 && p >= 4294967291u - 2000; p++)
        if (is_prime(p)) {
            count++;
            last = p;
        }
    out_u("primes near 2^32", count);
    out_u("largest", last);
    return digest() ^ n;
}
