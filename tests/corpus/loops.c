/* loops: nested loops with break and continue at several depths,
 * do-while and while with complex conditions, loops counting down
 * through zero on unsigned and signed counters, triangular and
 * three-deep iteration spaces (Pythagorean triples, lattice points), a
 * loop-carried 64-bit recurrence, and a search with an early exit.
 * Input: numbers (text): a bound (capped at 200). */
#include "corpus.h"

int main(void)
{
    unsigned n = (unsigned)in_u64(30);
    if (n > 200)
        n = 200;
    /* Pythagorean triples with c <= n */
    unsigned triples = 0, last = 0;
    for (unsigned a = 1; a <= n; a++)
        for (unsigned b = a; b <= n; b++) {
            unsigned cc = a * a + b * b;
            if (cc > n * n)
                break;
            for (unsigned c = b + 1; c <= n; c++) {
                if (c * c < cc)
                    continue;
                if (c * c == cc) {
                    triples++;
                    last = a * 10000 + b * 100 + c;
                }
                break;
            }
        }
    out_u("triples", triples);
    out_u("last", last);
    /* countdown loops through zero */
    unsigned down = 0;
    for (unsigned i = n; i-- > 0;)
        down += i;
    int sdown = 0;
    for (int i = (int)n; i >= -(int)n; i -= 3)
        sdown += i;
    out_u("down", down);
    out_i("sdown", sdown);
    /* a do-while that runs at least once */
    unsigned v = n, digits = 0;
    do {
        digits++;
        v /= 10;
    } while (v);
    out_u("digits", digits);
    /* labelled-style break out of two loops via a flag */
    int fi = -1, fj = -1;
    for (int i = 0; i < (int)n && fi < 0; i++)
        for (int j = 0; j < i; j++)
            if ((i * j) % 97 == 96 % ((int)n + 1)) {
                fi = i;
                fj = j;
                break;
            }
    out_i("fi", fi);
    out_i("fj", fj);
    /* three-deep loop: count lattice points in a sphere */
    int r = (int)(n % 13) + 2, pts = 0;
    for (int x = -r; x <= r; x++)
        for (int y = -r; y <= r; y++)
            for (int z = -r; z <= r; z++)
                pts += x * x + y * y + z * z <= r * r;
    out_i("sphere points", pts);
    /* loop-carried recurrence */
    unsigned long long f0 = 0, f1 = 1;
    for (unsigned i = 0; i < n; i++) {
        unsigned long long t = f0 + f1;
        f0 = f1;
        f1 = t;
    }
    out_u("fib", f0);
    /* while with a compound condition and continue */
    unsigned i = 0, odd = 0;
    while (i < 10 * n && odd < n / 2 + 1) {
        i++;
        if (!(i & 1) || i % 3 == 0)
            continue;
        odd++;
    }
    out_u("i", i);
    out_u("odd", odd);
    mix(triples ^ down ^ (unsigned)sdown ^ (unsigned)pts ^ f0 ^ i);
    return digest();
}
