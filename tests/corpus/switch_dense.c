/* switch_dense: switch statements dense enough for jump tables (an
 * indirect jmp through a table in .rodata on x86; mtctr/bctr on PowerPC),
 * with fall-through, default, a negative-based range (index adjustment),
 * a byte-indexed switch, and a switch in a loop driving a small
 * computation.  Input: text; every byte of input goes through the
 * switches. */
#include "corpus.h"

static int classify(int c)
{
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
        return 1; /* vowel */
    case 'b': case 'c': case 'd': case 'f': case 'g': case 'h':
    case 'j': case 'k': case 'l': case 'm': case 'n': case 'p':
    case 'q': case 'r': case 's': case 't': case 'v': case 'w':
    case 'x': case 'y': case 'z':
        return 2; /* consonant */
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        return 3;
    case ' ': case '\t': case '\n':
        return 4;
    default:
        return 0;
    }
}

static int weird(int x)
{
    int r = 0;
    switch (x) {
    case -5: r += 1; /* fall through */
    case -4: r += 2; break;
    case -3: r = 100; break;
    case -2: r = x * x; break;
    case -1: r = -1; /* fall through */
    case 0: r += 7; break;
    case 1: r = 11; break;
    case 2: r = 13; break;
    case 3: r = 17; /* fall through */
    case 4: r *= 3; break;
    case 5: r = 23; break;
    case 6: r = 29; break;
    default: r = x & 0xff;
    }
    return r;
}

static const char *day(unsigned d)
{
    switch (d % 7) {
    case 0: return "sun";
    case 1: return "mon";
    case 2: return "tue";
    case 3: return "wed";
    case 4: return "thu";
    case 5: return "fri";
    case 6: return "sat";
    }
    return "?";
}

int main(void)
{
    int counts[5] = {0, 0, 0, 0, 0};
    unsigned acc = 0;
    int c, len = 0;
    while ((c = in_getc()) >= 0) {
        int k = classify(c | 0x20 * (c >= 'A' && c <= 'Z'));
        counts[k]++;
        acc = acc * 3 + (unsigned)weird((c % 13) - 6);
        len++;
    }
    out_i("other", counts[0]);
    out_i("vowels", counts[1]);
    out_i("consonants", counts[2]);
    out_i("digits", counts[3]);
    out_i("space", counts[4]);
    out_u("acc", acc & 0xffffff);
    for (int x = -7; x <= 8; x++)
        mix((unsigned)weird(x));
    out_s("day", day((unsigned)len));
    mix(acc);
    for (int i = 0; i < 5; i++)
        mix((unsigned)counts[i]);
    return digest();
}
