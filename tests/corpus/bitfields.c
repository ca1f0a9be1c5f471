/* bitfields: signed and unsigned bit-fields of odd widths (extraction
 * with shifts/masks or bt/rlwinm, sign extension of signed fields,
 * read-modify-write on store, wrap-around on overflow), a field crossing
 * a byte boundary, 1-bit flags, bit-fields in arrays of structs, and
 * manual bit packing.  Only field values are printed, never the storage,
 * whose layout differs between the ABIs.  Input: numbers (text). */
#include "corpus.h"

struct bf {
    unsigned a : 3;
    signed b : 5;
    unsigned c : 12;
    signed d : 11;
    unsigned flag : 1;
};

struct wide {
    unsigned long long lo : 40;
    unsigned long long hi : 24;
};

struct pix {
    unsigned r : 5, g : 6, b : 5;
};

static unsigned pack565(unsigned r, unsigned g, unsigned b)
{
    return (r & 31) << 11 | (g & 63) << 5 | (b & 31);
}

static void one(unsigned long long v)
{
    struct bf s;
    s.a = (unsigned)v & 7;
    s.b = (int)((v >> 3) & 31) - 16;
    s.c = (unsigned)(v >> 8) & 0xfff;
    s.d = (int)((v >> 20) & 0x7ff) - 1024;
    s.flag = (unsigned)(v >> 31) & 1;
    out_x("v", v);
    out_u("a", s.a);
    out_i("b", s.b);
    out_u("c", s.c);
    out_i("d", s.d);
    out_u("flag", s.flag);
    s.a += 5; /* wraps modulo 8 */
    s.c = s.c * 3;
    s.flag = !s.flag;
    s.d = s.d / 2;
    out_u("a'", s.a);
    out_u("c'", s.c);
    out_u("flag'", s.flag);
    out_i("d'", s.d);
    struct wide w;
    w.lo = v;
    w.hi = v >> 40;
    out_x("w.lo", w.lo);
    out_x("w.hi", w.hi);
    w.lo += 0xffffffffffull; /* wraps at 40 bits */
    out_x("w.lo+", w.lo);
    mix(s.a ^ (unsigned)s.b ^ s.c ^ (unsigned)s.d ^ w.lo);
}

int main(void)
{
    unsigned long long v;
    int n = 0;
    while (in_num(&v)) {
        one(v);
        n++;
    }
    struct pix px[32];
    for (unsigned i = 0; i < 32; i++) {
        px[i].r = i;
        px[i].g = i * 3;
        px[i].b = 31 - i;
    }
    unsigned h = 0;
    for (int i = 0; i < 32; i++)
        h = h * 65599u + pack565(px[i].r, px[i].g, px[i].b);
    out_x("pixels", h);
    mix(h);
    return digest() ^ n;
}
