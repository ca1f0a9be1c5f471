/* bswap: byte swaps: __builtin_bswap16/32/64 (xchg/ror $8, bswap, and
 * two bswaps with exchanged halves on i686; rlwinm/rlwimi sequences on
 * PowerPC), the shift-and-mask idiom gcc recognises as a bswap, and
 * byte-wise big/little-endian loads and stores from arrays, whose results
 * do not depend on the machine's byte order.  Input: numbers (text). */
#include "corpus.h"

static unsigned bswap_manual(unsigned x)
{
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

static unsigned long long load_be64(const unsigned char *p)
{
    unsigned long long v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | p[i];
    return v;
}

static unsigned load_le32(const unsigned char *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8 | (unsigned)p[2] << 16 | (unsigned)p[3] << 24;
}

static void store_le64(unsigned char *p, unsigned long long v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

static void one(unsigned long long v)
{
    unsigned x = (unsigned)v;
    unsigned short h = (unsigned short)v;
    unsigned char buf[8];
    out_x("v", v);
    out_x("bswap16", __builtin_bswap16(h));
    out_x("bswap32", __builtin_bswap32(x));
    out_x("bswap64", __builtin_bswap64(v));
    out_x("manual", bswap_manual(x));
    if (bswap_manual(x) != __builtin_bswap32(x))
        out_s("manual", "MISMATCH");
    store_le64(buf, v);
    out_x("le->be", load_be64(buf));
    out_x("le32", load_le32(buf + 4));
    if (load_be64(buf) != __builtin_bswap64(v))
        out_s("le->be", "MISMATCH");
    out_x("swap halves", (unsigned short)(h << 8 | h >> 8));
    mix(__builtin_bswap64(v) ^ bswap_manual(x));
}

int main(void)
{
    unsigned long long v;
    int n = 0;
    while (in_num(&v)) {
        one(v);
        n++;
    }
    return digest() ^ n;
}
