/* base64: Base64 encoding (3 bytes -> 4 characters with shifts and
 * masks over a 24-bit group, '=' padding) and decoding through a
 * 256-entry reverse table with invalid-character handling; hex dump of
 * the decoded bytes; round trip.  Input: any bytes (up to 600). */
#include "corpus.h"

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static signed char rev[256];

static int encode(const unsigned char *in, int n, char *out)
{
    int o = 0, i = 0;
    for (; i + 3 <= n; i += 3) {
        unsigned g = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8 | in[i + 2];
        out[o++] = alphabet[g >> 18];
        out[o++] = alphabet[(g >> 12) & 63];
        out[o++] = alphabet[(g >> 6) & 63];
        out[o++] = alphabet[g & 63];
    }
    if (n - i == 1) {
        unsigned g = (unsigned)in[i] << 16;
        out[o++] = alphabet[g >> 18];
        out[o++] = alphabet[(g >> 12) & 63];
        out[o++] = '=';
        out[o++] = '=';
    } else if (n - i == 2) {
        unsigned g = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8;
        out[o++] = alphabet[g >> 18];
        out[o++] = alphabet[(g >> 12) & 63];
        out[o++] = alphabet[(g >> 6) & 63];
        out[o++] = '=';
    }
    out[o] = 0;
    return o;
}

/* Returns the decoded length, or -1 on a character outside the alphabet. */
static int decode(const char *in, int n, unsigned char *out)
{
    unsigned acc = 0;
    int bits = 0, o = 0;
    for (int i = 0; i < n; i++) {
        unsigned char c = (unsigned char)in[i];
        if (c == '=')
            break;
        int v = rev[c];
        if (v < 0)
            return -1;
        acc = acc << 6 | (unsigned)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[o++] = (unsigned char)(acc >> bits);
        }
    }
    return o;
}

int main(void)
{
    for (int i = 0; i < 256; i++)
        rev[i] = -1;
    for (int i = 0; i < 64; i++)
        rev[(unsigned char)alphabet[i]] = (signed char)i;
    static unsigned char in[600], dec[600];
    static char enc[820];
    int n = (int)read(0, in, sizeof in);
    if (n < 0)
        n = 0;
    int e = encode(in, n, enc);
    out_i("bytes", n);
    out_i("encoded length", e);
    mcveto_print("base64 ");
    mcveto_print(e > 120 ? "(long)" : enc);
    mcveto_putc('\n');
    int d = decode(enc, e, dec);
    int same = d == n;
    for (int i = 0; same && i < n; i++)
        same = in[i] == dec[i];
    out_i("round trip", same);
    /* the input itself as base64 text: decodes if valid */
    int d2 = decode((const char *)in, n, dec);
    out_i("input as base64", d2);
    if (d2 > 0) {
        mcveto_print("hex");
        for (int i = 0; i < d2 && i < 32; i++) {
            mcveto_putc(' ');
            mcveto_print_hex(dec[i]);
        }
        mcveto_putc('\n');
    }
    for (int i = 0; i < e; i++)
        mix((unsigned char)enc[i]);
    mix((unsigned)d2);
    return same ? digest() & 127 : 255;
}
