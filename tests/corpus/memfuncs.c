/* memfuncs: the harness's memcpy, memmove (both overlap directions),
 * memset and memcmp, called directly and through the copies gcc emits
 * for large structure assignments and initialisers; checked against
 * byte loops.  Input: bytes (raw); they fill the buffers. */
#include "corpus.h"

#define SZ 96

struct blob {
    unsigned char b[SZ];
};

static unsigned sum(const unsigned char *p, int n)
{
    unsigned s = 0;
    for (int i = 0; i < n; i++)
        s = s * 31 + p[i];
    return s;
}

int main(void)
{
    static unsigned char buf[SZ], ref[SZ];
    int n = (int)read(0, buf, SZ);
    if (n < 0)
        n = 0;
    out_i("read", n);
    for (int i = n; i < SZ; i++)
        buf[i] = (unsigned char)(i * 7);
    for (int i = 0; i < SZ; i++)
        ref[i] = buf[i];
    out_x("sum", sum(buf, SZ));
    /* forward overlap: dst < src */
    memmove(buf + 3, buf + 10, 50);
    for (int i = 0; i < 50; i++)
        ref[3 + i] = ref[10 + i];
    out_i("memmove fwd ok", memcmp(buf, ref, SZ) == 0);
    /* backward overlap: dst > src */
    memmove(buf + 20, buf + 5, 60);
    for (int i = 59; i >= 0; i--)
        ref[20 + i] = ref[5 + i];
    out_i("memmove bwd ok", memcmp(buf, ref, SZ) == 0);
    memset(buf + 1, 0xa5, 13);
    for (int i = 1; i < 14; i++)
        ref[i] = 0xa5;
    out_i("memset ok", memcmp(buf, ref, SZ) == 0);
    struct blob x, y;
    memcpy(x.b, buf, SZ);
    y = x; /* a structure copy: inline rep movs or a memcpy call */
    y.b[SZ - 1] ^= 0x80;
    out_i("memcmp x y", memcmp(&x, &y, SZ));
    out_i("memcmp y x", memcmp(&y, &x, SZ));
    out_i("memcmp 0", memcmp(&x, &y, 0));
    out_i("memcmp prefix", memcmp(&x, &y, SZ - 1));
    struct blob z = {{1, 2, 3}}; /* the rest zero: memset or rep stos */
    out_x("z", sum(z.b, SZ));
    out_x("final", sum(buf, SZ));
    out_x("memcpy ret", (unsigned)(memcpy(z.b, x.b, 4) == z.b));
    mix(sum(buf, SZ));
    mix(sum(y.b, SZ));
    return digest();
}
