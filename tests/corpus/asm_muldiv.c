/* asm_muldiv: IA-32 multiply, divide and widening instructions in
 * inline assembly, with C definitions for other targets (compared on
 * x86, which prints MISMATCH on a difference): one-operand mul and imul
 * in 8, 16 and 32 bits (ax, dx:ax, edx:eax), div and idiv with a
 * double-width dividend (quotients that fit), cbw/cwde/cwd/cdq and
 * three-operand imul (exchanges and 16-bit movsx/movzx are in
 * asm_exchange.c).  Input: pairs "a b" (text). */
#include "corpus.h"

struct two {
    unsigned lo, hi;
};

/* C definitions */
static struct two mul32_c(unsigned a, unsigned b)
{
    unsigned long long p = (unsigned long long)a * b;
    return (struct two){(unsigned)p, (unsigned)(p >> 32)};
}
static struct two imul32_c(unsigned a, unsigned b)
{
    long long p = (long long)(int)a * (int)b;
    return (struct two){(unsigned)p, (unsigned)((unsigned long long)p >> 32)};
}
static unsigned mul16_c(unsigned a, unsigned b) { return (a & 0xffff) * (b & 0xffff); } /* dx:ax */
static unsigned imul8_c(unsigned a, unsigned b) { return (unsigned)((signed char)a * (signed char)b) & 0xffff; }
static struct two div32_c(unsigned hi, unsigned lo, unsigned d) /* hi < d */
{
    unsigned long long n = (unsigned long long)hi << 32 | lo;
    return (struct two){(unsigned)(n / d), (unsigned)(n % d)};
}
static struct two idiv32_c(int a, int d) /* cdq; idiv */
{
    return (struct two){(unsigned)(a / d), (unsigned)(a % d)};
}
static unsigned div16_c(unsigned n, unsigned d) /* dx:ax / d16 -> ax, dx; n >> 16 < d */
{
    return (n / (d & 0xffff)) | (n % (d & 0xffff)) << 16;
}
static unsigned idiv8_c(unsigned a, unsigned d) /* ax / d8 -> al, ah */
{
    int n = (short)a, q = n / (signed char)d, r = n % (signed char)d;
    return ((unsigned)q & 0xff) | ((unsigned)r & 0xff) << 8;
}
static unsigned widen_c(unsigned a) /* cbw, cwde, cwd (dx), cdq (edx) packed */
{
    unsigned cbw = (unsigned)(short)(signed char)a & 0xffff, cwde = (unsigned)(int)(short)a;
    unsigned cwd = (short)a < 0 ? 0xffff : 0, cdq = (int)a < 0 ? 0xffffffffu : 0;
    return cbw ^ cwde * 3 ^ cwd * 5 ^ cdq * 7;
}

#if defined(__i386__)
static struct two mul32(unsigned a, unsigned b)
{
    unsigned lo = a, hi;
    __asm__("mull %[b]" : "+a"(lo), "=d"(hi) : [b] "rm"(b) : "cc");
    return (struct two){lo, hi};
}
static struct two imul32(unsigned a, unsigned b)
{
    unsigned lo = a, hi;
    __asm__("imull %[b]" : "+a"(lo), "=d"(hi) : [b] "rm"(b) : "cc");
    return (struct two){lo, hi};
}
static unsigned mul16(unsigned a, unsigned b)
{
    unsigned short lo = (unsigned short)a, hi, bb = (unsigned short)b;
    __asm__("mulw %[b]" : "+a"(lo), "=d"(hi) : [b] "r"(bb) : "cc");
    return lo | (unsigned)hi << 16;
}
static unsigned imul8(unsigned a, unsigned b)
{
    unsigned short ax = (unsigned char)a;
    unsigned char bb = (unsigned char)b;
    __asm__("imulb %[b]" : "+a"(ax) : [b] "q"(bb) : "cc");
    return ax;
}
static struct two div32(unsigned hi, unsigned lo, unsigned d)
{
    __asm__("divl %[d]" : "+a"(lo), "+d"(hi) : [d] "rm"(d) : "cc");
    return (struct two){lo, hi};
}
static struct two idiv32(int a, int d)
{
    unsigned q = (unsigned)a, r;
    __asm__("cdq\n\tidivl %[d]" : "+a"(q), "=&d"(r) : [d] "r"(d) : "cc");
    return (struct two){q, r};
}
static unsigned div16(unsigned n, unsigned d)
{
    unsigned short ax = (unsigned short)n, dx = (unsigned short)(n >> 16), dd = (unsigned short)d;
    __asm__("divw %[d]" : "+a"(ax), "+d"(dx) : [d] "r"(dd) : "cc");
    return ax | (unsigned)dx << 16;
}
static unsigned idiv8(unsigned a, unsigned d)
{
    unsigned short ax = (unsigned short)a;
    unsigned char dd = (unsigned char)d;
    __asm__("idivb %[d]" : "+a"(ax) : [d] "q"(dd) : "cc");
    return ax;
}
static unsigned widen(unsigned a)
{
    unsigned cbw, cwde, cwd, cdq;
    __asm__("movl %[a], %%eax\n\tcbtw\n\tmovzwl %%ax, %[r]" : [r] "=r"(cbw) : [a] "r"(a) : "eax");
    __asm__("movl %[a], %%eax\n\tcwtl\n\tmovl %%eax, %[r]" : [r] "=r"(cwde) : [a] "r"(a) : "eax");
    __asm__("movl %[a], %%eax\n\txorl %%edx, %%edx\n\tcwtd\n\tmovzwl %%dx, %[r]" : [r] "=r"(cwd) : [a] "r"(a) : "eax", "edx");
    __asm__("movl %[a], %%eax\n\tcltd\n\tmovl %%edx, %[r]" : [r] "=r"(cdq) : [a] "r"(a) : "eax", "edx");
    return cbw ^ cwde * 3 ^ cwd * 5 ^ cdq * 7;
}
static unsigned imul3(unsigned a)
{
    unsigned r;
    __asm__("imull $-12345, %[a], %[r]" : [r] "=r"(r) : [a] "rm"(a) : "cc");
    return r;
}
#else
#define mul32 mul32_c
#define imul32 imul32_c
#define mul16 mul16_c
#define imul8 imul8_c
#define div32 div32_c
#define idiv32 idiv32_c
#define div16 div16_c
#define idiv8 idiv8_c
#define widen widen_c
static unsigned imul3(unsigned a) { return a * (unsigned)-12345; }
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

#define PAIR(t) ((unsigned long long)(t).hi << 32 | (t).lo)

static void one(unsigned a, unsigned b)
{
    out_x("a", a);
    out_x("b", b);
    check("mul32", PAIR(mul32(a, b)), PAIR(mul32_c(a, b)));
    check("imul32", PAIR(imul32(a, b)), PAIR(imul32_c(a, b)));
    check("mul16", mul16(a, b), mul16_c(a, b));
    check("imul8", imul8(a, b), imul8_c(a, b));
    unsigned d = b ? b : 7, hi = a % d;
    check("div32", PAIR(div32(hi, a ^ b, d)), PAIR(div32_c(hi, a ^ b, d)));
    int sd = b ? (int)b : 3;
    if ((int)a == -2147483647 - 1 && sd == -1)
        sd = 5;
    check("idiv32", PAIR(idiv32((int)a, sd)), PAIR(idiv32_c((int)a, sd)));
    unsigned n16 = a & 0x7fffffffu, d16 = (b & 0xffff) | 0x8000;
    check("div16", div16(n16, d16), div16_c(n16, d16));
    unsigned n8 = (unsigned)((signed char)a * 2 + 1) & 0xffff, d8 = (b | 2) & 0xff;
    check("idiv8", idiv8(n8, d8), idiv8_c(n8, d8));
    check("widen", widen(a), widen_c(a));
    check("imul3", imul3(a), a * (unsigned)-12345);
}

int main(void)
{
    unsigned long long a;
    int n = 0;
    while (in_num(&a)) {
        one((unsigned)a, (unsigned)in_u64(0));
        n++;
    }
    return digest() ^ n;
}
