/* asm_flags: the flags register as data, in inline assembly with a C
 * definition for other targets (compared on x86, which prints MISMATCH
 * on a difference): lahf after cmp (SF ZF PF CF in ah), sahf (CF from
 * ah), pushf/popf round trips (OF SF ZF PF CF through the stack, and a
 * flag restored by popf read back by sbb).  Input: pairs "a b" (text). */
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

#if defined(__i386__)
/* lahf after cmp: SF ZF 0 AF 0 PF 1 CF in ah; we keep SF ZF PF CF */
static unsigned lahf_flags(unsigned a, unsigned b)
{
    unsigned r;
    __asm__("cmpl %[b], %[a]\n\tlahf\n\tmovzbl %%ah, %[r]" : [r] "=r"(r) : [a] "r"(a), [b] "r"(b) : "eax", "cc");
    return r & 0xc5;
}
/* sahf sets CF from bit 0 of ah; then adc 0 reads it */
static unsigned sahf_carry(unsigned v)
{
    unsigned r = 0;
    __asm__("movl %[v], %%eax\n\tshll $8, %%eax\n\tsahf\n\tadcl $0, %[r]" : [r] "+r"(r) : [v] "r"(v) : "eax", "cc");
    return r;
}
/* pushf/popf round trip and the carry flag through the stack */
static unsigned pushf_carry(unsigned a, unsigned b)
{
    unsigned f;
    __asm__("cmpl %[b], %[a]\n\tpushfl\n\tpopl %[f]" : [f] "=r"(f) : [a] "r"(a), [b] "r"(b) : "cc");
    unsigned back = 0;
    __asm__("pushl %[f]\n\tpopfl\n\tsbbl %[r], %[r]" : [r] "+r"(back) : [f] "r"(f) : "cc");
    return (f & 0x8c5) | (back & 1) << 12; /* OF SF ZF PF CF, and CF read back */
}
#else
static unsigned lahf_flags(unsigned a, unsigned b)
{
    unsigned m = conds_c(a, b);
    return ((m >> 8) & 1) << 7 | ((m >> 4) & 1) << 6 | ((m >> 10) & 1) << 2 | ((m >> 2) & 1);
}
static unsigned sahf_carry(unsigned v) { return v & 1; }
static unsigned pushf_carry(unsigned a, unsigned b)
{
    unsigned m = conds_c(a, b);
    return (m & 1) << 11 | ((m >> 8) & 1) << 7 | ((m >> 4) & 1) << 6 | ((m >> 10) & 1) << 2 | ((m >> 2) & 1) |
           ((m >> 2) & 1) << 12;
}
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
    unsigned m = conds_c(a, b);
    check("lahf", lahf_flags(a, b), ((m >> 8) & 1) << 7 | ((m >> 4) & 1) << 6 | ((m >> 10) & 1) << 2 | ((m >> 2) & 1));
    check("sahf", sahf_carry(a), a & 1);
    check("pushf", pushf_carry(a, b),
          (m & 1) << 11 | ((m >> 8) & 1) << 7 | ((m >> 4) & 1) << 6 | ((m >> 10) & 1) << 2 | ((m >> 2) & 1) |
              ((m >> 2) & 1) << 12);
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
    for (unsigned i = 0; i < 64; i++)
        h = h * 3 + pushf_carry(i * 0x04030201u, (i * 7) & 0xff) + lahf_flags(i, 32);
    out_x("sweep", h);
    mix(h);
    return digest() ^ n;
}
