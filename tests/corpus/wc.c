/* wc: standard input through read() in chunks of odd sizes (1, 7, 64
 * bytes in turn): byte, word and line counts, a byte histogram, the
 * longest line, and a check that read() returns 0 at the end and keeps
 * returning 0.  Input: any bytes. */
#include "corpus.h"

int main(void)
{
    static unsigned hist[256];
    static const int sizes[3] = {1, 7, 64};
    unsigned char buf[64];
    unsigned bytes = 0, words = 0, lines = 0, longest = 0, cur = 0, reads = 0;
    int inword = 0;
    for (int k = 0;; k++) {
        mcveto_ssize_t r = read(0, buf, (size_t)sizes[k % 3]);
        if (r <= 0) {
            out_i("last read", r);
            break;
        }
        reads++;
        for (int i = 0; i < r; i++) {
            unsigned char c = buf[i];
            hist[c]++;
            bytes++;
            if (c == '\n') {
                lines++;
                if (cur > longest)
                    longest = cur;
                cur = 0;
            } else {
                cur++;
            }
            int space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
            if (!space && !inword)
                words++;
            inword = !space;
        }
    }
    if (cur > longest)
        longest = cur;
    out_i("again", read(0, buf, 8));
    out_u("bytes", bytes);
    out_u("words", words);
    out_u("lines", lines);
    out_u("longest", longest);
    out_u("reads", reads);
    unsigned top = 0;
    for (int i = 1; i < 256; i++)
        if (hist[i] > hist[top])
            top = (unsigned)i;
    out_u("most common", top);
    for (int i = 0; i < 256; i++)
        mix(hist[i]);
    return (int)(words + lines * 16) & 0xff;
}
