/* crc32: CRC-32 (IEEE, reflected, polynomial 0xEDB88320) three ways: bit
 * by bit with a conditional xor (or a mask built from the low bit), with
 * a 256-entry table built at start-up, and "slicing" over 4 bytes at a
 * time assembled from bytes; also CRC-16/CCITT (not reflected) and
 * CRC-8.  Input: any bytes (up to 4 KiB). */
#include "corpus.h"

static unsigned table[256];

static unsigned crc_bitwise(const unsigned char *p, int n)
{
    unsigned c = 0xffffffffu;
    for (int i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
    }
    return ~c;
}

static unsigned crc_table(const unsigned char *p, int n)
{
    unsigned c = 0xffffffffu;
    for (int i = 0; i < n; i++)
        c = table[(c ^ p[i]) & 0xff] ^ (c >> 8);
    return ~c;
}

static unsigned crc_words(const unsigned char *p, int n)
{
    unsigned c = 0xffffffffu;
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        unsigned w = (unsigned)p[i] | (unsigned)p[i + 1] << 8 | (unsigned)p[i + 2] << 16 | (unsigned)p[i + 3] << 24;
        c ^= w;
        for (int k = 0; k < 4; k++)
            c = table[c & 0xff] ^ (c >> 8);
    }
    for (; i < n; i++)
        c = table[(c ^ p[i]) & 0xff] ^ (c >> 8);
    return ~c;
}

static unsigned short crc16_ccitt(const unsigned char *p, int n)
{
    unsigned short c = 0xffff;
    for (int i = 0; i < n; i++) {
        c ^= (unsigned short)(p[i] << 8);
        for (int k = 0; k < 8; k++)
            c = (unsigned short)(c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1);
    }
    return c;
}

static unsigned char crc8(const unsigned char *p, int n)
{
    unsigned char c = 0;
    for (int i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (unsigned char)(c & 0x80 ? (c << 1) ^ 0x07 : c << 1);
    }
    return c;
}

int main(void)
{
    for (unsigned i = 0; i < 256; i++) {
        unsigned c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? (c >> 1) ^ 0xedb88320u : c >> 1;
        table[i] = c;
    }
    static unsigned char buf[4096];
    int n = 0;
    for (;;) {
        mcveto_ssize_t r = read(0, buf + n, sizeof buf - (size_t)n);
        if (r <= 0)
            break;
        n += (int)r;
    }
    unsigned a = crc_bitwise(buf, n), b = crc_table(buf, n), c = crc_words(buf, n);
    out_i("length", n);
    out_x("crc32", a);
    if (a != b || a != c)
        out_s("crc32", "MISMATCH");
    out_x("crc16", crc16_ccitt(buf, n));
    out_x("crc8", crc8(buf, n));
    static const unsigned char check[] = "123456789";
    out_x("check crc32", crc_table(check, 9));
    out_x("check crc16", crc16_ccitt(check, 9));
    return (int)(a ^ a >> 8 ^ a >> 16 ^ a >> 24) & 0xff;
}
