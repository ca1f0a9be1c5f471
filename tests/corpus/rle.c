/* rle: run-length encoding and decoding of the input bytes (PackBits
 * style: a header byte n < 128 copies n+1 literal bytes, n >= 128
 * repeats the next byte 257-n times), a round trip check, and a
 * byte-pair frequency count; exercises byte loads/stores, lookahead
 * loops and signed/unsigned byte arithmetic.  Input: any bytes (up to
 * 1 KiB). */
#include "corpus.h"

#define MAX 1024

static int encode(const unsigned char *in, int n, unsigned char *out)
{
    int i = 0, o = 0;
    while (i < n) {
        int run = 1;
        while (i + run < n && run < 128 && in[i + run] == in[i])
            run++;
        if (run >= 2) {
            out[o++] = (unsigned char)(257 - run);
            out[o++] = in[i];
            i += run;
        } else {
            int start = i, lit = 0;
            while (i < n && lit < 128 && !(i + 1 < n && in[i + 1] == in[i])) {
                i++;
                lit++;
            }
            if (lit == 0) { /* a run of 2 starts here; never happens */
                i++;
                lit = 1;
            }
            out[o++] = (unsigned char)(lit - 1);
            for (int k = 0; k < lit; k++)
                out[o++] = in[start + k];
        }
    }
    return o;
}

static int decode(const unsigned char *in, int n, unsigned char *out, int cap)
{
    int i = 0, o = 0;
    while (i < n) {
        int h = in[i++];
        if (h < 128) {
            for (int k = 0; k <= h && i < n && o < cap; k++)
                out[o++] = in[i++];
        } else {
            if (i >= n)
                break;
            for (int k = 0; k < 257 - h && o < cap; k++)
                out[o++] = in[i];
            i++;
        }
    }
    return o;
}

int main(void)
{
    static unsigned char in[MAX], enc[2 * MAX], dec[MAX];
    int n = 0;
    for (;;) {
        mcveto_ssize_t r = read(0, in + n, (size_t)(MAX - n));
        if (r <= 0)
            break;
        n += (int)r;
    }
    int e = encode(in, n, enc);
    int d = decode(enc, e, dec, MAX);
    out_i("input", n);
    out_i("encoded", e);
    out_i("decoded", d);
    int same = d == n;
    for (int i = 0; same && i < n; i++)
        same = in[i] == dec[i];
    out_i("round trip", same);
    mcveto_print("encoding:");
    for (int i = 0; i < e && i < 24; i++) {
        mcveto_putc(' ');
        mcveto_print_hex(enc[i]);
    }
    mcveto_putc('\n');
    static unsigned pairs[256];
    for (int i = 0; i + 1 < n; i++)
        pairs[(in[i] ^ (unsigned)in[i + 1] * 7u) & 0xff]++;
    unsigned best = 0;
    for (int i = 0; i < 256; i++) {
        mix(pairs[i]);
        if (pairs[i] > pairs[best])
            best = (unsigned)i;
    }
    out_u("best pair class", best);
    for (int i = 0; i < e; i++)
        mix(enc[i]);
    return same ? digest() & 127 : 255;
}
