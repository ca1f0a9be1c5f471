/* bigint: arbitrary-precision unsigned arithmetic on arrays of 32-bit
 * limbs (least significant first): addition with carry propagation
 * (add/adc chains), subtraction with borrow, multiplication by a limb
 * and schoolbook multiplication with 64-bit partial products, division
 * by a small number (64-bit by 32-bit steps), decimal conversion,
 * factorial and Fibonacci numbers and powers of two.  Input: numbers
 * (text): n for n! (capped at 60), k for fib(k) (capped at 300). */
#include "corpus.h"

#define L 40 /* limbs: 1280 bits */

typedef struct {
    unsigned d[L];
} big;

static void set(big *a, unsigned v)
{
    for (int i = 0; i < L; i++)
        a->d[i] = 0;
    a->d[0] = v;
}

static int top(const big *a)
{
    int n = L;
    while (n > 0 && a->d[n - 1] == 0)
        n--;
    return n;
}

static void add(big *r, const big *a, const big *b)
{
    unsigned long long c = 0;
    for (int i = 0; i < L; i++) {
        c += (unsigned long long)a->d[i] + b->d[i];
        r->d[i] = (unsigned)c;
        c >>= 32;
    }
}

static int sub(big *r, const big *a, const big *b) /* returns the final borrow */
{
    unsigned borrow = 0;
    for (int i = 0; i < L; i++) {
        unsigned x = a->d[i], y = b->d[i];
        unsigned d = x - y - borrow;
        borrow = (x < y) || (x == y && borrow);
        r->d[i] = d;
    }
    return (int)borrow;
}

static void mul_small(big *a, unsigned m)
{
    unsigned long long c = 0;
    for (int i = 0; i < L; i++) {
        c += (unsigned long long)a->d[i] * m;
        a->d[i] = (unsigned)c;
        c >>= 32;
    }
}

static void mul(big *r, const big *a, const big *b)
{
    big t;
    set(&t, 0);
    int na = top(a), nb = top(b);
    for (int i = 0; i < na; i++) {
        unsigned long long c = 0;
        for (int j = 0; j < nb && i + j < L; j++) {
            c += (unsigned long long)a->d[i] * b->d[j] + t.d[i + j];
            t.d[i + j] = (unsigned)c;
            c >>= 32;
        }
        if (i + nb < L)
            t.d[i + nb] = (unsigned)c;
    }
    *r = t;
}

static unsigned div_small(big *a, unsigned m) /* a /= m, returns a % m */
{
    unsigned long long rem = 0;
    for (int i = L - 1; i >= 0; i--) {
        unsigned long long cur = rem << 32 | a->d[i];
        a->d[i] = (unsigned)(cur / m);
        rem = cur % m;
    }
    return (unsigned)rem;
}

static void print_dec(const char *label, const big *a)
{
    big t = *a;
    static char buf[400];
    int n = 0;
    do {
        unsigned chunk = div_small(&t, 1000000000u);
        for (int k = 0; k < 9; k++) {
            buf[n++] = (char)('0' + chunk % 10);
            chunk /= 10;
        }
    } while (top(&t));
    while (n > 1 && buf[n - 1] == '0')
        n--;
    mcveto_print(label);
    mcveto_putc(' ');
    while (n)
        mcveto_putc(buf[--n]);
    mcveto_putc('\n');
    for (int i = 0; i < L; i++)
        mix(a->d[i]);
}

int main(void)
{
    unsigned n = (unsigned)in_u64(25), k = (unsigned)in_u64(100);
    if (n > 60)
        n = 60;
    if (k > 300)
        k = 300;
    big f, a, b, t;
    set(&f, 1);
    for (unsigned i = 2; i <= n; i++)
        mul_small(&f, i);
    print_dec("fact", &f);
    set(&a, 0);
    set(&b, 1);
    for (unsigned i = 0; i < k; i++) {
        add(&t, &a, &b);
        a = b;
        b = t;
    }
    print_dec("fib", &a);
    big sq;
    mul(&sq, &a, &a);
    print_dec("fib^2", &sq);
    big p;
    set(&p, 1);
    for (unsigned i = 0; i < n + k; i++)
        mul_small(&p, 2);
    print_dec("2^(n+k)", &p);
    big d;
    int borrow = sub(&d, &p, &f);
    out_i("2^(n+k) < n!", borrow);
    if (!borrow)
        print_dec("difference", &d);
    out_u("fact mod 1000003", div_small(&f, 1000003u));
    return digest();
}
