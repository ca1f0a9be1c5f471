/* varargs: variadic functions through <stdarg.h> (a compiler header,
 * available freestanding): a small printf (%d %u %x %s %c %ll* %%) that
 * formats into a buffer, a sum of a count-prefixed list, a
 * sentinel-terminated list, va_copy, and 64-bit arguments mixed with
 * 32-bit ones (stack slots on x86; register pairs aligned to an even
 * register and the overflow area on PowerPC).  Input: numbers (text). */
#include "corpus.h"
#include <stdarg.h>

static char out[512];
static int pos;

static void put(char c)
{
    if (pos < (int)sizeof out - 1)
        out[pos++] = c;
}

static void put_u(unsigned long long v, unsigned base)
{
    char t[24];
    int n = 0;
    do {
        t[n++] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v);
    while (n)
        put(t[--n]);
}

static int vfmt(const char *f, va_list ap)
{
    int start = pos;
    for (; *f; f++) {
        if (*f != '%') {
            put(*f);
            continue;
        }
        int ll = 0;
        f++;
        while (*f == 'l') {
            ll++;
            f++;
        }
        switch (*f) {
        case 'd': {
            long long v = ll >= 2 ? va_arg(ap, long long) : va_arg(ap, int);
            if (v < 0) {
                put('-');
                put_u(0ull - (unsigned long long)v, 10);
            } else {
                put_u((unsigned long long)v, 10);
            }
            break;
        }
        case 'u': put_u(ll >= 2 ? va_arg(ap, unsigned long long) : va_arg(ap, unsigned), 10); break;
        case 'x': put_u(ll >= 2 ? va_arg(ap, unsigned long long) : va_arg(ap, unsigned), 16); break;
        case 'c': put((char)va_arg(ap, int)); break;
        case 's': for (const char *s = va_arg(ap, const char *); *s; s++) put(*s); break;
        case '%': put('%'); break;
        default: put('?'); break;
        }
    }
    return pos - start;
}

static int fmt(const char *f, ...)
{
    va_list ap;
    va_start(ap, f);
    int n = vfmt(f, ap);
    va_end(ap);
    return n;
}

static long long sum(int count, ...)
{
    va_list ap, again;
    va_start(ap, count);
    va_copy(again, ap);
    long long s = 0;
    for (int i = 0; i < count; i++)
        s += va_arg(ap, int);
    for (int i = 0; i < count; i++) /* the copy walks the same list */
        s -= va_arg(again, int) / 2;
    va_end(again);
    va_end(ap);
    return s;
}

static unsigned long long until_zero(unsigned first, ...)
{
    va_list ap;
    va_start(ap, first);
    unsigned long long acc = first;
    for (unsigned long long v = va_arg(ap, unsigned long long); v; v = va_arg(ap, unsigned long long))
        acc = acc * 31 + v;
    va_end(ap);
    return acc;
}

int main(void)
{
    int a = (int)in_s64(-42);
    unsigned b = (unsigned)in_u64(0xdeadbeef);
    unsigned long long c = in_u64(0x123456789abcdef0ull);
    int n = fmt("a=%d b=%u b=%x c=%llu c=%llx s=%s ch=%c pct=%% ", a, b, b, c, c, "str", 'Z');
    n += fmt("mixed %d %lld %d %llx %s|", a, (long long)c, a + 1, c >> 4, "end");
    out[pos] = 0;
    out_s("fmt", out);
    out_i("length", n);
    out_i("sum", sum(5, a, 2, 3, (int)b, -7));
    out_i("sum0", sum(0));
    out_x("until_zero", until_zero(b, c, (unsigned long long)a, 7ull, 0ull));
    for (int i = 0; i < pos; i++)
        mix((unsigned char)out[i]);
    return digest();
}
