/* nondet: the harness's nondet_* inputs, used byte-order independently:
 * nondet_uchar, nondet_bool (1 iff the byte is non-zero), nondet_bytes,
 * and the single-byte types; multi-byte values are assembled from bytes
 * most significant first.  At end of input every nondet value is 0, so
 * the empty input takes the all-zero path.  A small decision tree on the
 * values gives the exit code.  Input: raw bytes. */
#include "corpus.h"

int main(void)
{
    unsigned char a = nondet_uchar();
    _Bool b = nondet_bool();
    signed char sc = (signed char)nondet_uchar();
    unsigned char blk[5];
    nondet_bytes(blk, sizeof blk);
    unsigned word = 0;
    for (int i = 0; i < 4; i++)
        word = word << 8 | nondet_uchar();
    _Bool b2 = __VERIFIER_nondet_bool();
    unsigned char c = __VERIFIER_nondet_uchar();
    out_u("a", a);
    out_u("b", b);
    out_i("sc", sc);
    for (int i = 0; i < 5; i++)
        mix(blk[i]);
    out_x("blk digest", (unsigned)digest());
    out_x("word", word);
    out_u("b2", b2);
    out_u("c", c);
    int path;
    if (a > 200)
        path = b ? 1 : 2;
    else if (sc < 0)
        path = 3 + (word > 0x80000000u);
    else if (blk[0] == blk[4] && blk[0] != 0)
        path = 5;
    else if (word == 0xdeadbeefu)
        path = 6;
    else
        path = b2 ? 7 + (c & 3) : 11;
    out_i("path", path);
    mix((unsigned)path);
    return path * 16 + (digest() & 15);
}
