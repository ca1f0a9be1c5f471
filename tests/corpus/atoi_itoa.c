/* atoi_itoa: number <-> text conversions written by hand: atoi with
 * sign and overflow saturation (strtol-like), itoa in bases 2, 8, 10, 16
 * and 36 for 32- and 64-bit values (division by a variable base: div or
 * a libgcc call for 64 bits), and a round trip check.  Input: text
 * tokens separated by white space; each is parsed, printed back. */
#include "corpus.h"

static int my_atoi(const char *s, int *overflow)
{
    int neg = 0;
    long long v = 0;
    *overflow = 0;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s == '+' || *s == '-')
        neg = *s++ == '-';
    while (*s >= '0' && *s <= '9') {
        v = v * 10 + (*s++ - '0');
        if (v > 2147483648LL) {
            *overflow = 1;
            v = 2147483648LL;
        }
    }
    if (neg)
        v = -v;
    if (v > 2147483647LL) {
        *overflow = 1;
        v = 2147483647LL;
    }
    return (int)v;
}

static char *utoa(unsigned long long v, unsigned base, char *buf)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    char tmp[72];
    int n = 0;
    do {
        tmp[n++] = digits[v % base];
        v /= base;
    } while (v);
    char *p = buf;
    while (n)
        *p++ = tmp[--n];
    *p = 0;
    return buf;
}

static char *itoa32(int v, unsigned base, char *buf)
{
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    char tmp[40];
    int n = 0;
    do {
        tmp[n++] = (char)("0123456789abcdefghijklmnopqrstuvwxyz"[u % base]);
        u /= base;
    } while (u);
    char *p = buf;
    if (v < 0)
        *p++ = '-';
    while (n)
        *p++ = tmp[--n];
    *p = 0;
    return buf;
}

int main(void)
{
    char tok[32];
    int len = 0, c, count = 0;
    do {
        c = in_getc();
        if (c > ' ' && len < 31) {
            tok[len++] = (char)c;
            continue;
        }
        if (len == 0)
            continue;
        tok[len] = 0;
        len = 0;
        int ovf;
        int v = my_atoi(tok, &ovf);
        char buf[80];
        out_s("token", tok);
        out_i("atoi", v);
        out_i("overflow", ovf);
        out_s("base2", itoa32(v, 2, buf));
        out_s("base8", itoa32(v, 8, buf));
        out_s("base16", itoa32(v, 16, buf));
        out_s("base36", itoa32(v, 36, buf));
        out_s("u64 base10", utoa((unsigned long long)(long long)v * 0x100000001ull, 10, buf));
        out_s("u64 base7", utoa((unsigned long long)v << 20, 7, buf));
        int back = my_atoi(itoa32(v, 10, buf), &ovf);
        if (back != v)
            out_s("roundtrip", "MISMATCH");
        mix((unsigned)v);
        count++;
    } while (c >= 0);
    out_i("tokens", count);
    return digest();
}
