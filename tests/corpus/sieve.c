/* sieve: the sieve of Eratosthenes on a byte array and on a bit array
 * (word index i >> 5, bit i & 31: shifts by variable amounts, bt/bts
 * candidates) checked against each other, twin primes, the prime-counting
 * function at several points and the sum of primes as a 64-bit value.
 * Input: a bound N (text), capped at 60000. */
#include "corpus.h"

#define MAXN 60000

static unsigned char comp[MAXN + 1];
static unsigned bits[MAXN / 32 + 1];

int main(void)
{
    unsigned n = (unsigned)in_u64(1000);
    if (n > MAXN)
        n = MAXN;
    for (unsigned i = 2; i * i <= n; i++)
        if (!comp[i])
            for (unsigned j = i * i; j <= n; j += i)
                comp[j] = 1;
    /* odd-only bit sieve: bit k stands for 2k + 1 */
    for (unsigned i = 3; i * i <= n; i += 2)
        if (!(bits[(i / 2) >> 5] >> ((i / 2) & 31) & 1))
            for (unsigned j = i * i; j <= n; j += 2 * i)
                bits[(j / 2) >> 5] |= 1u << ((j / 2) & 31);
    unsigned count = 0, twins = 0, largest = 0, mismatch = 0;
    unsigned long long sum = 0;
    for (unsigned i = 2; i <= n; i++) {
        int p = !comp[i];
        int q = i == 2 || ((i & 1) && !(bits[(i / 2) >> 5] >> ((i / 2) & 31) & 1));
        mismatch += p != q;
        if (p) {
            count++;
            sum += i;
            largest = i;
            if (i >= 5 && !comp[i - 2])
                twins++;
        }
    }
    out_u("N", n);
    out_u("pi(N)", count);
    out_u("sum", sum);
    out_u("largest", largest);
    out_u("twin pairs", twins);
    out_u("mismatch", mismatch);
    static const unsigned marks[] = {10, 100, 1000, 10000, 50000};
    for (int k = 0; k < 5; k++) {
        if (marks[k] > n)
            break;
        unsigned c = 0;
        for (unsigned i = 2; i <= marks[k]; i++)
            c += !comp[i];
        mcveto_print("pi(");
        mcveto_print_uint(marks[k]);
        mcveto_print(") ");
        mcveto_print_uint(c);
        mcveto_putc('\n');
        mix(c);
    }
    mix(sum);
    return (int)(count & 0xff);
}
