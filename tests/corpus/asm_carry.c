/* asm_carry: x86 instructions gcc does not emit for C but which are part
 * of IA-32 and appear in hand-written code: rcl/rcr through the carry
 * flag in 8, 16 and 32 bits (by 1, by an immediate, by %cl — rotates of
 * the 9-, 17- and 33-bit value CF:x), 16-bit shld/shrd, and adc/sbb
 * chains in 8, 16 and 32 bits.  On x86 each operation is inline
 * assembly; on PowerPC (and any other target) the same operation is
 * written in C, so both give the same output and check_portable.sh
 * cross-checks the assembly against the C definition.  Input: triples
 * "x n cf" (text). */
#include "corpus.h"

struct res {
    unsigned v, cf;
};

/* The C definitions: rotate the (w+1)-bit value cf:x by n modulo w+1,
 * after masking n to 5 bits as the hardware does; a zero count changes
 * nothing, not even CF. */
/* rotates cf:x left by k, 0 <= k <= w */
static struct res rot_left(unsigned x, unsigned k, unsigned cf, int w)
{
    unsigned long long mask = (1ull << (w + 1)) - 1, full = ((unsigned long long)(cf & 1) << w) | x;
    struct res r = {x, cf & 1};
    if (k) {
        full = ((full << k) | (full >> (w + 1 - (int)k))) & mask;
        r.v = (unsigned)(full & ((1ull << w) - 1));
        r.cf = (unsigned)(full >> w);
    }
    return r;
}

static struct res rcl_c(unsigned x, unsigned n, unsigned cf, int w)
{
    return rot_left(x, (n & 31) % (unsigned)(w + 1), cf, w);
}

static struct res rcr_c(unsigned x, unsigned n, unsigned cf, int w)
{
    unsigned k = (n & 31) % (unsigned)(w + 1);
    return rot_left(x, k ? (unsigned)(w + 1) - k : 0, cf, w);
}

#if defined(__i386__)
#define SETCF "bt $0, %[cf]\n\t"
static struct res rcl32(unsigned x, unsigned n, unsigned cf)
{
    unsigned char c;
    __asm__(SETCF "rcll %%cl, %[x]\n\tsetc %[c]" : [x] "+r"(x), [c] "=q"(c) : [cf] "r"(cf), "c"(n) : "cc");
    return (struct res){x, c};
}
static struct res rcr32(unsigned x, unsigned n, unsigned cf)
{
    unsigned char c;
    __asm__(SETCF "rcrl %%cl, %[x]\n\tsetc %[c]" : [x] "+r"(x), [c] "=q"(c) : [cf] "r"(cf), "c"(n) : "cc");
    return (struct res){x, c};
}
static struct res rcl16(unsigned x, unsigned n, unsigned cf)
{
    unsigned short v = (unsigned short)x;
    unsigned char c;
    __asm__(SETCF "rclw %%cl, %[v]\n\tsetc %[c]" : [v] "+r"(v), [c] "=q"(c) : [cf] "r"(cf), "c"(n) : "cc");
    return (struct res){v, c};
}
static struct res rcr16(unsigned x, unsigned n, unsigned cf)
{
    unsigned short v = (unsigned short)x;
    unsigned char c;
    __asm__(SETCF "rcrw %%cl, %[v]\n\tsetc %[c]" : [v] "+r"(v), [c] "=q"(c) : [cf] "r"(cf), "c"(n) : "cc");
    return (struct res){v, c};
}
static struct res rcl8(unsigned x, unsigned n, unsigned cf)
{
    unsigned char v = (unsigned char)x, c;
    __asm__(SETCF "rclb %%cl, %[v]\n\tsetc %[c]" : [v] "+q"(v), [c] "=q"(c) : [cf] "r"(cf), "c"(n) : "cc");
    return (struct res){v, c};
}
static struct res rcr8(unsigned x, unsigned n, unsigned cf)
{
    unsigned char v = (unsigned char)x, c;
    __asm__(SETCF "rcrb %%cl, %[v]\n\tsetc %[c]" : [v] "+q"(v), [c] "=q"(c) : [cf] "r"(cf), "c"(n) : "cc");
    return (struct res){v, c};
}
static struct res rcl32_1(unsigned x, unsigned cf) /* D1 /2 */
{
    unsigned char c;
    __asm__(SETCF "rcll $1, %[x]\n\tsetc %[c]" : [x] "+r"(x), [c] "=q"(c) : [cf] "r"(cf) : "cc");
    return (struct res){x, c};
}
static struct res rcr32_5(unsigned x, unsigned cf) /* C1 /3 ib */
{
    unsigned char c;
    __asm__(SETCF "rcrl $5, %[x]\n\tsetc %[c]" : [x] "+r"(x), [c] "=q"(c) : [cf] "r"(cf) : "cc");
    return (struct res){x, c};
}
static struct res rcr8_1(unsigned x, unsigned cf) /* D0 /3 */
{
    unsigned char v = (unsigned char)x, c;
    __asm__(SETCF "rcrb $1, %[v]\n\tsetc %[c]" : [v] "+q"(v), [c] "=q"(c) : [cf] "r"(cf) : "cc");
    return (struct res){v, c};
}
static unsigned shld16(unsigned d, unsigned s, unsigned n)
{
    unsigned short dv = (unsigned short)d, sv = (unsigned short)s;
    __asm__("shldw %%cl, %[s], %[d]" : [d] "+r"(dv) : [s] "r"(sv), "c"(n) : "cc");
    return dv;
}
static unsigned shrd16(unsigned d, unsigned s, unsigned n)
{
    unsigned short dv = (unsigned short)d, sv = (unsigned short)s;
    __asm__("shrdw %%cl, %[s], %[d]" : [d] "+r"(dv) : [s] "r"(sv), "c"(n) : "cc");
    return dv;
}
static unsigned shld16_imm(unsigned d, unsigned s)
{
    unsigned short dv = (unsigned short)d, sv = (unsigned short)s;
    __asm__("shldw $3, %[s], %[d]" : [d] "+r"(dv) : [s] "r"(sv) : "cc");
    return dv;
}
/* 96-bit a + b and a - b through add/adc/adc and sub/sbb/sbb; returns the
 * final carry/borrow. */
static unsigned add96(unsigned r[3], const unsigned a[3], const unsigned b[3])
{
    unsigned r0 = a[0], r1 = a[1], r2 = a[2];
    unsigned char c;
    __asm__("addl %[b0], %[r0]\n\tadcl %[b1], %[r1]\n\tadcl %[b2], %[r2]\n\tsetc %[c]"
            : [r0] "+r"(r0), [r1] "+r"(r1), [r2] "+r"(r2), [c] "=q"(c)
            : [b0] "m"(b[0]), [b1] "m"(b[1]), [b2] "m"(b[2]) : "cc");
    r[0] = r0, r[1] = r1, r[2] = r2;
    return c;
}
static unsigned sub96(unsigned r[3], const unsigned a[3], const unsigned b[3])
{
    unsigned r0 = a[0], r1 = a[1], r2 = a[2];
    unsigned char c;
    __asm__("subl %[b0], %[r0]\n\tsbbl %[b1], %[r1]\n\tsbbl %[b2], %[r2]\n\tsetc %[c]"
            : [r0] "+r"(r0), [r1] "+r"(r1), [r2] "+r"(r2), [c] "=q"(c)
            : [b0] "m"(b[0]), [b1] "m"(b[1]), [b2] "m"(b[2]) : "cc");
    r[0] = r0, r[1] = r1, r[2] = r2;
    return c;
}
/* adc and sbb on 8- and 16-bit operands, with an incoming carry */
static unsigned adc8(unsigned a, unsigned b, unsigned cf)
{
    unsigned char x = (unsigned char)a, y = (unsigned char)b, c;
    __asm__(SETCF "adcb %[y], %[x]\n\tsetc %[c]" : [x] "+q"(x), [c] "=q"(c) : [y] "q"(y), [cf] "r"(cf) : "cc");
    return x | (unsigned)c << 8;
}
static unsigned sbb16(unsigned a, unsigned b, unsigned cf)
{
    unsigned short x = (unsigned short)a, y = (unsigned short)b;
    unsigned char c;
    __asm__(SETCF "sbbw %[y], %[x]\n\tsetc %[c]" : [x] "+r"(x), [c] "=q"(c) : [y] "r"(y), [cf] "r"(cf) : "cc");
    return x | (unsigned)c << 16;
}
/* mask = x ? -1 : 0 by neg + sbb */
static unsigned negsbb(unsigned x)
{
    unsigned m;
    __asm__("negl %[x]\n\tsbbl %[m], %[m]" : [x] "+r"(x), [m] "=r"(m) : : "cc");
    return m;
}
#else
static struct res rcl32(unsigned x, unsigned n, unsigned cf) { return rcl_c(x, n, cf, 32); }
static struct res rcr32(unsigned x, unsigned n, unsigned cf) { return rcr_c(x, n, cf, 32); }
static struct res rcl16(unsigned x, unsigned n, unsigned cf) { return rcl_c(x & 0xffff, n, cf, 16); }
static struct res rcr16(unsigned x, unsigned n, unsigned cf) { return rcr_c(x & 0xffff, n, cf, 16); }
static struct res rcl8(unsigned x, unsigned n, unsigned cf) { return rcl_c(x & 0xff, n, cf, 8); }
static struct res rcr8(unsigned x, unsigned n, unsigned cf) { return rcr_c(x & 0xff, n, cf, 8); }
static struct res rcl32_1(unsigned x, unsigned cf) { return rcl_c(x, 1, cf, 32); }
static struct res rcr32_5(unsigned x, unsigned cf) { return rcr_c(x, 5, cf, 32); }
static struct res rcr8_1(unsigned x, unsigned cf) { return rcr_c(x & 0xff, 1, cf, 8); }
static unsigned shld16(unsigned d, unsigned s, unsigned n)
{
    d &= 0xffff, s &= 0xffff, n &= 31;
    return n ? ((d << n) | (s >> (16 - n))) & 0xffff : d;
}
static unsigned shrd16(unsigned d, unsigned s, unsigned n)
{
    d &= 0xffff, s &= 0xffff, n &= 31;
    return n ? ((d >> n) | (s << (16 - n))) & 0xffff : d;
}
static unsigned shld16_imm(unsigned d, unsigned s) { return shld16(d, s, 3); }
static unsigned add96(unsigned r[3], const unsigned a[3], const unsigned b[3])
{
    unsigned long long c = 0;
    for (int i = 0; i < 3; i++) {
        c += (unsigned long long)a[i] + b[i];
        r[i] = (unsigned)c;
        c >>= 32;
    }
    return (unsigned)c;
}
static unsigned sub96(unsigned r[3], const unsigned a[3], const unsigned b[3])
{
    unsigned borrow = 0;
    for (int i = 0; i < 3; i++) {
        unsigned long long d = (unsigned long long)a[i] - b[i] - borrow;
        r[i] = (unsigned)d;
        borrow = (unsigned)(d >> 63);
    }
    return borrow;
}
static unsigned adc8(unsigned a, unsigned b, unsigned cf) { return (a & 0xff) + (b & 0xff) + (cf & 1); }
static unsigned sbb16(unsigned a, unsigned b, unsigned cf)
{
    unsigned d = (a & 0xffff) - (b & 0xffff) - (cf & 1);
    return (d & 0xffff) | (d >> 31) << 16;
}
static unsigned negsbb(unsigned x) { return x ? 0xffffffffu : 0; }
#endif

static void show(const char *name, struct res r, struct res want)
{
    mcveto_print(name);
    mcveto_putc(' ');
    mcveto_print_hex(r.v);
    mcveto_print(" cf=");
    mcveto_print_uint(r.cf);
    if (r.v != want.v || r.cf != want.cf)
        mcveto_print(" MISMATCH");
    mcveto_putc('\n');
    mix(r.v * 2 + r.cf);
}

static void showu(const char *name, unsigned v, unsigned want)
{
    mcveto_print(name);
    mcveto_putc(' ');
    mcveto_print_hex(v);
    if (v != want)
        mcveto_print(" MISMATCH");
    mcveto_putc('\n');
    mix(v);
}

static void one(unsigned x, unsigned n, unsigned cf)
{
    out_x("x", x);
    out_u("n", n);
    out_u("cf", cf);
    show("rcl32", rcl32(x, n, cf), rcl_c(x, n, cf, 32));
    show("rcr32", rcr32(x, n, cf), rcr_c(x, n, cf, 32));
    show("rcl16", rcl16(x, n, cf), rcl_c(x & 0xffff, n, cf, 16));
    show("rcr16", rcr16(x, n, cf), rcr_c(x & 0xffff, n, cf, 16));
    show("rcl8", rcl8(x, n, cf), rcl_c(x & 0xff, n, cf, 8));
    show("rcr8", rcr8(x, n, cf), rcr_c(x & 0xff, n, cf, 8));
    show("rcl32 1", rcl32_1(x, cf), rcl_c(x, 1, cf, 32));
    show("rcr32 5", rcr32_5(x, cf), rcr_c(x, 5, cf, 32));
    show("rcr8 1", rcr8_1(x, cf), rcr_c(x & 0xff, 1, cf, 8));
    unsigned k = n & 15, s = x * 0x9e3779b9u;
    unsigned wl = k ? ((x << k) | ((s & 0xffff) >> (16 - k))) & 0xffff : x & 0xffff;
    unsigned wr = k ? (((x & 0xffff) >> k) | (s << (16 - k))) & 0xffff : x & 0xffff;
    showu("shld16", shld16(x, s, k), wl);
    showu("shrd16", shrd16(x, s, k), wr);
    showu("shld16 3", shld16_imm(x, s), ((x << 3) | ((s & 0xffff) >> 13)) & 0xffff);
    unsigned a[3] = {x, ~x, n}, b[3] = {s, x ^ n, 0xffffffffu - cf}, r[3];
    unsigned c = add96(r, a, b);
    out_x("add96", (unsigned long long)r[2] << 32 | r[1]);
    out_x("add96 lo", r[0]);
    out_u("add96 carry", c);
    c = sub96(r, a, b);
    out_x("sub96", (unsigned long long)r[2] << 32 | r[1]);
    out_x("sub96 lo", r[0]);
    out_u("sub96 borrow", c);
    showu("adc8", adc8(x, n, cf), (x & 0xff) + (n & 0xff) + (cf & 1));
    unsigned d = (x & 0xffff) - (s & 0xffff) - (cf & 1);
    showu("sbb16", sbb16(x, s, cf), (d & 0xffff) | (d >> 31) << 16);
    showu("negsbb", negsbb(x & n), (x & n) ? 0xffffffffu : 0);
    mix(r[0] ^ r[1] ^ r[2] ^ c);
}

int main(void)
{
    unsigned long long x;
    int count = 0;
    while (in_num(&x)) {
        unsigned n = (unsigned)in_u64(1), cf = (unsigned)in_u64(0) & 1;
        one((unsigned)x, n, cf);
        count++;
    }
    /* every count 0..40 for one value and both carries */
    unsigned h = 0;
    for (unsigned cf = 0; cf < 2; cf++)
        for (unsigned n = 0; n <= 40; n++) {
            struct res r1 = rcl32(0x80000001u, n, cf), r2 = rcr16(0x8001u, n, cf), r3 = rcl8(0x81u, n, cf);
            struct res w1 = rcl_c(0x80000001u, n, cf, 32), w2 = rcr_c(0x8001u, n, cf, 16), w3 = rcl_c(0x81u, n, cf, 8);
            if (r1.v != w1.v || r1.cf != w1.cf || r2.v != w2.v || r2.cf != w2.cf || r3.v != w3.v || r3.cf != w3.cf) {
                out_u("sweep MISMATCH at n", n);
                out_u("cf", cf);
            }
            h = h * 31 + r1.v + r1.cf + r2.v * 3 + r2.cf + r3.v * 5 + r3.cf;
        }
    out_x("sweep", h);
    mix(h);
    return digest() ^ count;
}
