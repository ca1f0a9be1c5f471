/* asm_exchange: IA-32 exchange and narrow-move instructions in inline
 * assembly, with C definitions for other targets (compared on x86, which
 * prints MISMATCH on a difference): xadd, cmpxchg in 8 and 32 bits
 * (success and failure), cmpxchg8b, and movsx/movzx into 16-bit
 * registers (66 0f be / 66 0f b6).  Input: pairs "a b" (text). */
#include "corpus.h"

static unsigned movx16_c(unsigned a) { return ((unsigned)(short)(signed char)a & 0xffff) | (a & 0xff) << 16; }

#if defined(__i386__)
static unsigned movx16(unsigned a)
{
    unsigned s = 0, z = 0xffffffffu;
    unsigned char b = (unsigned char)a;
    __asm__("movsbw %[b], %w[s]\n\tmovzbw %[b], %w[z]" : [s] "+r"(s), [z] "+r"(z) : [b] "q"(b));
    return (s & 0xffff) | (z & 0xffff) << 16;
}
static unsigned xadd(unsigned *p, unsigned v)
{
    __asm__("xaddl %[v], %[m]" : [v] "+r"(v), [m] "+m"(*p) : : "cc");
    return v;
}
static unsigned cas32(unsigned *p, unsigned expect, unsigned v) /* returns the old value */
{
    __asm__("cmpxchgl %[v], %[m]" : "+a"(expect), [m] "+m"(*p) : [v] "r"(v) : "cc");
    return expect;
}
static unsigned cas8(unsigned char *p, unsigned expect, unsigned v)
{
    unsigned char e = (unsigned char)expect, vv = (unsigned char)v;
    __asm__("cmpxchgb %[v], %[m]" : "+a"(e), [m] "+m"(*p) : [v] "q"(vv) : "cc");
    return e;
}
static unsigned long long cas64(unsigned long long *p, unsigned long long expect, unsigned long long v)
{
    unsigned lo = (unsigned)expect, hi = (unsigned)(expect >> 32);
    __asm__("cmpxchg8b %[m]" : "+a"(lo), "+d"(hi), [m] "+m"(*p) : "b"((unsigned)v), "c"((unsigned)(v >> 32)) : "cc");
    return (unsigned long long)hi << 32 | lo;
}
#else
#define movx16 movx16_c
static unsigned xadd(unsigned *p, unsigned v)
{
    unsigned old = *p;
    *p += v;
    return old;
}
static unsigned cas32(unsigned *p, unsigned expect, unsigned v)
{
    unsigned old = *p;
    if (old == expect)
        *p = v;
    return old;
}
static unsigned cas8(unsigned char *p, unsigned expect, unsigned v)
{
    unsigned char old = *p;
    if (old == (unsigned char)expect)
        *p = (unsigned char)v;
    return old;
}
static unsigned long long cas64(unsigned long long *p, unsigned long long expect, unsigned long long v)
{
    unsigned long long old = *p;
    if (old == expect)
        *p = v;
    return old;
}
#endif

static void check(const char *name, unsigned long long got, unsigned long long want)
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
    check("movx16", movx16(a), movx16_c(a));
    unsigned cell = a;
    unsigned old = xadd(&cell, b);
    check("xadd", (unsigned long long)old << 32 | cell, (unsigned long long)a << 32 | (a + b));
    cell = a;
    old = cas32(&cell, b, 0x1234);
    check("cas32", (unsigned long long)old << 32 | cell, (unsigned long long)a << 32 | (a == b ? 0x1234 : a));
    old = cas32(&cell, cell, b);
    check("cas32 hit", (unsigned long long)old << 32 | cell, (unsigned long long)(a == b ? 0x1234 : a) << 32 | b);
    unsigned char byte = (unsigned char)a;
    old = cas8(&byte, b, 0x77);
    check("cas8", old << 8 | byte, (a & 0xff) << 8 | ((a & 0xff) == (b & 0xff) ? 0x77 : (a & 0xff)));
    unsigned long long q = (unsigned long long)a << 32 | b;
    unsigned long long o64 = cas64(&q, (unsigned long long)a << 32 | b, 0xfedcba9876543210ull);
    check("cas64", o64 ^ q, ((unsigned long long)a << 32 | b) ^ 0xfedcba9876543210ull);
    o64 = cas64(&q, 1, 2);
    check("cas64 miss", o64 ^ q, 0);
}

int main(void)
{
    unsigned long long a;
    int n = 0;
    while (in_num(&a)) {
        one((unsigned)a, (unsigned)in_u64(0));
        n++;
    }
    unsigned counter = 0;
    for (unsigned i = 0; i < 100; i++)
        xadd(&counter, i);
    out_u("xadd sum", counter);
    return digest() ^ n;
}
