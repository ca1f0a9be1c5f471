/* recursion: deep and branching recursion: naive Fibonacci, Ackermann
 * for small arguments, mutual recursion (is_even/is_odd, a recursive-
 * descent expression evaluator), Towers of Hanoi, a divide-and-conquer
 * sum of an array; large stack frames with local arrays.
 * Input: numbers (text): n for fib (capped at 20), m n for Ackermann
 * (capped at 2 and 3), then an expression string after a ';'. */
#include "corpus.h"

static unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static unsigned ack(unsigned m, unsigned n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

static unsigned moves;
static void hanoi(int n, int from, int to, int via)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to);
    moves++;
    mix((unsigned)(from * 3 + to));
    hanoi(n - 1, via, to, from);
}

static long long rsum(const int *a, int n)
{
    if (n == 1)
        return a[0];
    int h = n / 2;
    return rsum(a, h) + rsum(a + h, n - h);
}

/* Expression grammar: expr = term {('+'|'-') term}; term = factor
 * {('*'|'/') factor}; factor = number | '(' expr ')' | '-' factor. */
static const char *ep;
static int expr(void);
static int factor(void)
{
    while (*ep == ' ')
        ep++;
    if (*ep == '(') {
        ep++;
        int v = expr();
        if (*ep == ')')
            ep++;
        return v;
    }
    if (*ep == '-') {
        ep++;
        return (int)(0u - (unsigned)factor());
    }
    unsigned v = 0;
    while (*ep >= '0' && *ep <= '9')
        v = v * 10 + (unsigned)(*ep++ - '0');
    return (int)v;
}
static int term(void)
{
    int v = factor();
    for (;;) {
        while (*ep == ' ')
            ep++;
        if (*ep == '*') {
            ep++;
            v = (int)((unsigned)v * (unsigned)factor());
        } else if (*ep == '/') {
            ep++;
            int d = factor();
            v = d == 0 || (d == -1 && v == -2147483647 - 1) ? 0 : v / d;
        } else {
            return v;
        }
    }
}
static int expr(void)
{
    int v = term();
    for (;;) {
        if (*ep == '+') {
            ep++;
            v = (int)((unsigned)v + (unsigned)term());
        } else if (*ep == '-') {
            ep++;
            v = (int)((unsigned)v - (unsigned)term());
        } else {
            return v;
        }
    }
}

static unsigned depth(unsigned n)
{
    volatile unsigned char frame[200]; /* a big frame per level */
    frame[n % 200] = (unsigned char)n;
    return n == 0 ? frame[0] : 1 + depth(n - 1) + frame[n % 200] - (unsigned char)n;
}

int main(void)
{
    unsigned n = (unsigned)in_u64(15), m = (unsigned)in_u64(2), k = (unsigned)in_u64(3);
    if (n > 20)
        n = 20;
    if (m > 2)
        m = 2;
    if (k > 3)
        k = 3;
    out_u("fib", fib(n));
    out_u("ack", ack(m, k));
    out_i("even", is_even(n * 37));
    hanoi((int)(n % 9) + 1, 0, 2, 1);
    out_u("hanoi moves", moves);
    int arr[100];
    for (int i = 0; i < 100; i++)
        arr[i] = (int)(i * n) - 50;
    out_i("rsum", rsum(arr, 100));
    out_u("depth", depth(300 + n));
    char buf[128];
    int len = 0, c;
    while ((c = in_getc()) >= 0 && c != ';')
        ;
    while ((c = in_getc()) >= 0 && len < 127)
        buf[len++] = (char)c;
    buf[len] = 0;
    ep = buf;
    int v = expr();
    out_i("expr", v);
    mix(fib(n) ^ ack(m, k) ^ (unsigned)v);
    return digest();
}
