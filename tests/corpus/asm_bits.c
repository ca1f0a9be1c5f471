/* asm_bits: IA-32 flag and bit instructions in inline assembly, each
 * with a C definition used on other targets (and compared on x86, which
 * prints MISMATCH on a difference): all sixteen setcc conditions after
 * cmp (including the parity flag), bt/bts/btr/btc with a register bit
 * offset into a memory bit string (offsets beyond the addressed word
 * and negative ones reach other words), their imm8 forms on memory,
 * bsf/bsr's ZF on a zero source, stc/clc/cmc, xchg with memory, and
 * cmovcc from memory (lahf, sahf, pushf and popf are in asm_flags.c).
 * Input: pairs "a b" (text). */
#include "corpus.h"

/* The sixteen conditions of a - b, in the order of the cc encoding:
 * o no b ae e ne be a s ns p np l ge le g. */
static unsigned conds_c(unsigned a, unsigned b)
{
    unsigned r = a - b;
    unsigned cf = a < b, zf = r == 0, sf = r >> 31;
    unsigned of = ((a ^ b) & (a ^ r)) >> 31;
    unsigned p = r & 0xff;
    p ^= p >> 4;
    p ^= p >> 2;
    p ^= p >> 1;
    unsigned pf = !(p & 1);
    unsigned c[16] = {of, !of, cf, !cf, zf, !zf, cf | zf, !(cf | zf),
                      sf, !sf, pf, !pf, sf != of, sf == of, zf | (sf != of), !zf && sf == of};
    unsigned m = 0;
    for (int i = 0; i < 16; i++)
        m |= c[i] << i;
    return m;
}

/* bit string operations: op 0 bt, 1 bts, 2 btr, 3 btc; returns the old bit */
static unsigned bits_c(unsigned *base, int off, int op)
{
    unsigned *w = base + (off >> 5); /* arithmetic shift: floor division */
    unsigned bit = 1u << (off & 31), old = (*w & bit) != 0;
    if (op == 1)
        *w |= bit;
    else if (op == 2)
        *w &= ~bit;
    else if (op == 3)
        *w ^= bit;
    return old;
}

#if defined(__i386__)
#define SET(cc, i) "cmpl %[b], %[a]\n\tset" cc " %%dl\n\tmovzbl %%dl, %%edx\n\tshll $" #i ", %%edx\n\torl %%edx, %[m]\n\t"
static unsigned conds(unsigned a, unsigned b)
{
    unsigned m = 0;
    __asm__(SET("o", 0) SET("no", 1) SET("b", 2) SET("ae", 3) SET("e", 4) SET("ne", 5) SET("be", 6)
            SET("a", 7) SET("s", 8) SET("ns", 9) SET("p", 10) SET("np", 11) SET("l", 12) SET("ge", 13)
            SET("le", 14) SET("g", 15)
            : [m] "+r"(m) : [a] "r"(a), [b] "r"(b) : "edx", "cc");
    return m;
}
static unsigned bits(unsigned *base, int off, int op)
{
    unsigned char c;
    switch (op) {
    case 0: __asm__("btl %[o], %[m]\n\tsetc %[c]" : [c] "=q"(c) : [m] "m"(*base), [o] "r"(off) : "cc", "memory"); break;
    case 1: __asm__("btsl %[o], %[m]\n\tsetc %[c]" : [c] "=q"(c), [m] "+m"(*base) : [o] "r"(off) : "cc", "memory"); break;
    case 2: __asm__("btrl %[o], %[m]\n\tsetc %[c]" : [c] "=q"(c), [m] "+m"(*base) : [o] "r"(off) : "cc", "memory"); break;
    default: __asm__("btcl %[o], %[m]\n\tsetc %[c]" : [c] "=q"(c), [m] "+m"(*base) : [o] "r"(off) : "cc", "memory"); break;
    }
    return c;
}
/* imm8 forms on memory: the offset is taken modulo 32, no bit string */
static unsigned bits_imm(unsigned *w)
{
    unsigned char c1, c2, c3;
    __asm__("btsl $37, %[m]\n\tsetc %[c1]\n\tbtrl $2, %[m]\n\tsetc %[c2]\n\tbtcl $31, %[m]\n\tsetc %[c3]"
            : [c1] "=q"(c1), [c2] "=q"(c2), [c3] "=q"(c3), [m] "+m"(*w) : : "cc");
    return (unsigned)c1 | (unsigned)c2 << 1 | (unsigned)c3 << 2;
}
static unsigned bsf_zf(unsigned x)
{
    unsigned char z;
    unsigned d = 0;
    __asm__("bsfl %[x], %[d]\n\tsetz %[z]" : [d] "+r"(d), [z] "=q"(z) : [x] "rm"(x) : "cc");
    return z;
}
static unsigned bsr_zf(unsigned x)
{
    unsigned char z;
    unsigned d = 0;
    __asm__("bsrl %[x], %[d]\n\tsetz %[z]" : [d] "+r"(d), [z] "=q"(z) : [x] "rm"(x) : "cc");
    return z;
}
static unsigned carry_ops(unsigned x)
{
    unsigned r = 0;
    __asm__("stc\n\tadcl $0, %[r]\n\tshll $1, %[r]\n\tclc\n\tadcl $0, %[r]\n\tshll $1, %[r]\n\t"
            "stc\n\tcmc\n\tadcl $0, %[r]\n\tshll $1, %[r]\n\tclc\n\tcmc\n\tadcl %[x], %[r]"
            : [r] "+r"(r) : [x] "r"(x) : "cc");
    return r;
}
static unsigned xchg_mem(unsigned *p, unsigned v)
{
    __asm__("xchgl %[v], %[m]" : [v] "+r"(v), [m] "+m"(*p));
    return v;
}
static unsigned cmov_mem(unsigned a, unsigned b, const unsigned *p)
{
    unsigned r = a;
    __asm__("cmpl %[b], %[a]\n\tcmovll %[m], %[r]" : [r] "+r"(r) : [a] "r"(a), [b] "r"(b), [m] "m"(*p) : "cc");
    return r;
}
#else
static unsigned conds(unsigned a, unsigned b) { return conds_c(a, b); }
static unsigned bits(unsigned *base, int off, int op) { return bits_c(base, off, op); }
static unsigned bits_imm(unsigned *w)
{
    unsigned c1 = (*w >> 5) & 1, c2, c3;
    *w |= 1u << 5;
    c2 = (*w >> 2) & 1;
    *w &= ~4u;
    c3 = *w >> 31;
    *w ^= 0x80000000u;
    return c1 | c2 << 1 | c3 << 2;
}
static unsigned bsf_zf(unsigned x) { return x == 0; }
static unsigned bsr_zf(unsigned x) { return x == 0; }
static unsigned carry_ops(unsigned x) { return 9u + x; } /* 1, 0, 0 shifted in, then x + CF */
static unsigned xchg_mem(unsigned *p, unsigned v)
{
    unsigned old = *p;
    *p = v;
    return old;
}
static unsigned cmov_mem(unsigned a, unsigned b, const unsigned *p) { return (int)a < (int)b ? *p : a; }
#endif

static void check(const char *name, unsigned got, unsigned want)
{
    mcveto_print(name);
    mcveto_putc(' ');
    mcveto_print_hex(got);
    if (got != want)
        mcveto_print(" MISMATCH");
    mcveto_putc('\n');
    mix(got);
}

static void one(unsigned a, unsigned b)
{
    out_x("a", a);
    out_x("b", b);
    check("conds a-b", conds(a, b), conds_c(a, b));
    check("conds b-a", conds(b, a), conds_c(b, a));
    check("conds a-a", conds(a, a), conds_c(a, a));
    unsigned s1[6] = {a, b, ~a, a ^ b, 0, 0xffffffffu}, s2[6];
    for (int i = 0; i < 6; i++)
        s2[i] = s1[i];
    /* offsets relative to word 2: -64 .. 95 */
    int offs[6] = {(int)(b % 160) - 64, (int)(a % 160) - 64, 33, -1, -33, 64 + (int)(a & 31)};
    unsigned old = 0, want = 0;
    for (int i = 0; i < 6; i++)
        for (int op = 0; op < 4; op++) {
            old = old * 2 + bits(s1 + 2, offs[i], op);
            want = want * 2 + bits_c(s2 + 2, offs[i], op);
        }
    check("bit string old", old, want);
    unsigned h1 = 0, h2 = 0;
    for (int i = 0; i < 6; i++) {
        h1 = h1 * 31 + s1[i];
        h2 = h2 * 31 + s2[i];
    }
    check("bit string", h1, h2);
    unsigned w = a, wc = a;
    unsigned r = bits_imm(&w);
    unsigned rc = ((wc >> 5) & 1) | ((((wc | 32u) >> 2) & 1) << 1) | (((wc | 32u) >> 31) << 2);
    check("bt imm", r, rc);
    check("bt imm word", w, ((wc | 32u) & ~4u) ^ 0x80000000u);
    check("bsf zf", bsf_zf(a & b), (a & b) == 0);
    check("bsr zf", bsr_zf(a), a == 0);
    check("carry ops", carry_ops(a), 9u + a);
    unsigned cell = b;
    check("xchg", xchg_mem(&cell, a) + cell, b + a);
    check("cmov", cmov_mem(a, b, &cell), (int)a < (int)b ? cell : a);
}

int main(void)
{
    unsigned long long a;
    int n = 0;
    while (in_num(&a)) {
        one((unsigned)a, (unsigned)in_u64(0));
        n++;
    }
    unsigned h = 0;
    for (unsigned i = 0; i < 64; i++) {
        unsigned x = i * 0x04030201u, y = (i * 7) & 0xff;
        h = h * 3 + conds(x, y) + conds(y, x) * 5;
        if (conds(x, y) != conds_c(x, y))
            out_u("sweep MISMATCH", i);
    }
    out_x("sweep", h);
    mix(h);
    return digest() ^ n;
}
