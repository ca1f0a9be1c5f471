/* switch_sparse: switches gcc compiles to compare trees (binary search
 * on sparse case values, some of them large and negative), a switch on a
 * 64-bit value, and a switch with a jump-table cluster plus outliers.
 * Input: numbers (text). */
#include "corpus.h"

static int sparse(int x)
{
    switch (x) {
    case -1000000: return 1;
    case -77: return 2;
    case 0: return 3;
    case 13: return 4;
    case 256: return 5;
    case 4096: return 6;
    case 65535: return 7;
    case 100000: return 8;
    case 2147483647: return 9;
    case -2147483647 - 1: return 10;
    default: return -1;
    }
}

static int wide(unsigned long long v)
{
    switch (v) {
    case 0: return 0;
    case 1: return 1;
    case 0x100000000ull: return 2;
    case 0xffffffffffffffffull: return 3;
    case 0x8000000000000000ull: return 4;
    case 12345678901ull: return 5;
    default: return (int)(v & 15) + 10;
    }
}

static int mixed(unsigned x)
{
    switch (x) {
    case 10: return 100;
    case 11: return 101;
    case 12: return 102;
    case 13: return 103;
    case 14: return 104;
    case 15: return 105;
    case 16: return 106;
    case 17: return 107;
    case 1000: return 5;
    case 5000: return 6;
    case 0xdeadbeef: return 7;
    default: return 0;
    }
}

int main(void)
{
    unsigned long long v;
    int n = 0;
    while (in_num(&v)) {
        out_i("sparse", sparse((int)v));
        out_i("wide", wide(v));
        out_i("mixed", mixed((unsigned)v));
        mix((unsigned)(sparse((int)v) * 1000 + wide(v) * 10 + mixed((unsigned)v)));
        n++;
    }
    int s = 0;
    for (int i = -100; i < 20000; i += 13)
        s += sparse(i) + mixed((unsigned)i);
    out_i("scan", s);
    mix((unsigned)s);
    return digest() ^ n;
}
