/* asm_strings: the IA-32 string instructions in inline assembly, with a
 * C definition for other targets (compared on x86, which prints
 * MISMATCH on a difference): rep movsb/movsw/movsl forwards and, with
 * std, backwards over overlapping buffers (a memmove); rep stosb/stosl;
 * repe cmpsb (the first difference and the count left in ecx); repne
 * scasb (strlen and memchr); lodsb in a loop; the direction flag is
 * cleared again after each use, as the ABI requires.  Input: text (up
 * to 200 bytes). */
#include "corpus.h"

#define SZ 256

/* The C definitions (the reference on every target). */
static void movs_fwd_c(void *d, const void *s, unsigned n, int width)
{
    unsigned char *dd = d;
    const unsigned char *ss = s;
    for (unsigned i = 0; i < n * (unsigned)width; i++) /* element order: forward overlap semantics */
        dd[i] = ss[i];
}
static void movs_bwd_c(unsigned char *d, const unsigned char *s, unsigned n)
{
    for (unsigned i = n; i-- > 0;)
        d[i] = s[i];
}
static void movsl_bwd_c(unsigned *d, const unsigned *s, unsigned n)
{
    for (unsigned i = n; i-- > 0;)
        d[i] = s[i];
}
static void stos_c(void *d, unsigned v, unsigned n, int width)
{
    if (width == 1) {
        unsigned char *p = d;
        for (unsigned i = 0; i < n; i++)
            p[i] = (unsigned char)v;
    } else {
        unsigned *p = d;
        for (unsigned i = 0; i < n; i++)
            p[i] = v;
    }
}
static unsigned cmps_c(const unsigned char *a, const unsigned char *b, unsigned n)
{
    unsigned i = 0;
    while (i < n && a[i] == b[i])
        i++;
    return i;
}
static unsigned scas_len_c(const unsigned char *s)
{
    unsigned n = 0;
    while (s[n])
        n++;
    return n;
}
static unsigned scas_chr_c(const unsigned char *s, unsigned c, unsigned n)
{
    unsigned i = 0;
    while (i < n && s[i] != (unsigned char)c)
        i++;
    return i;
}
static unsigned lods_sum_c(const unsigned char *s, unsigned n)
{
    unsigned sum = 0;
    for (unsigned i = 0; i < n; i++)
        sum = sum * 31 + s[i];
    return sum;
}

#if defined(__i386__)
static void movs_fwd(void *d, const void *s, unsigned n, int width)
{
    void *dd = d;
    const void *ss = s;
    if (width == 1)
        __asm__ volatile("rep movsb" : "+D"(dd), "+S"(ss), "+c"(n) : : "memory");
    else if (width == 2)
        __asm__ volatile("rep movsw" : "+D"(dd), "+S"(ss), "+c"(n) : : "memory");
    else
        __asm__ volatile("rep movsl" : "+D"(dd), "+S"(ss), "+c"(n) : : "memory");
}
/* backwards: esi/edi start at the last element */
static void movs_bwd(unsigned char *d, const unsigned char *s, unsigned n)
{
    if (!n)
        return;
    unsigned char *dd = d + n - 1;
    const unsigned char *ss = s + n - 1;
    __asm__ volatile("std\n\trep movsb\n\tcld" : "+D"(dd), "+S"(ss), "+c"(n) : : "memory", "cc");
}
static void movsl_bwd(unsigned *d, const unsigned *s, unsigned n)
{
    if (!n)
        return;
    unsigned *dd = d + n - 1;
    const unsigned *ss = s + n - 1;
    __asm__ volatile("std\n\trep movsl\n\tcld" : "+D"(dd), "+S"(ss), "+c"(n) : : "memory", "cc");
}
static void stos(void *d, unsigned v, unsigned n, int width)
{
    void *dd = d;
    if (width == 1)
        __asm__ volatile("rep stosb" : "+D"(dd), "+c"(n) : "a"(v) : "memory");
    else
        __asm__ volatile("rep stosl" : "+D"(dd), "+c"(n) : "a"(v) : "memory");
}
/* returns the index of the first difference (n if none) */
static unsigned cmps(const unsigned char *a, const unsigned char *b, unsigned n)
{
    if (!n)
        return 0;
    unsigned left = n;
    const unsigned char *aa = a, *bb = b;
    unsigned char eq;
    __asm__ volatile("repe cmpsb\n\tsete %[eq]" : "+S"(aa), "+D"(bb), "+c"(left), [eq] "=q"(eq) : : "memory", "cc");
    return eq ? n : n - left - 1;
}
static unsigned scas_len(const unsigned char *s)
{
    unsigned n = 0xffffffffu;
    const unsigned char *p = s;
    __asm__ volatile("repne scasb" : "+D"(p), "+c"(n) : "a"(0) : "memory", "cc");
    return ~n - 1;
}
/* memchr: index of c in the first n bytes, or n */
static unsigned scas_chr(const unsigned char *s, unsigned c, unsigned n)
{
    if (!n)
        return 0;
    unsigned left = n;
    const unsigned char *p = s;
    unsigned char found;
    __asm__ volatile("repne scasb\n\tsete %[f]" : "+D"(p), "+c"(left), [f] "=q"(found) : "a"(c) : "memory", "cc");
    return found ? n - left - 1 : n;
}
static unsigned lods_sum(const unsigned char *s, unsigned n)
{
    unsigned sum = 0, v = 0;
    const unsigned char *p = s;
    while (n--) {
        __asm__ volatile("lodsb" : "+S"(p), "+a"(v) : : "memory");
        sum = sum * 31 + (v & 0xff);
    }
    return sum;
}
#else
#define movs_fwd movs_fwd_c
#define movs_bwd movs_bwd_c
#define movsl_bwd movsl_bwd_c
#define stos stos_c
#define cmps cmps_c
#define scas_len scas_len_c
#define scas_chr scas_chr_c
#define lods_sum lods_sum_c
#endif

static void check(const char *name, unsigned got, unsigned want)
{
    mcveto_print(name);
    mcveto_putc(' ');
    mcveto_print_uint(got);
    if (got != want)
        mcveto_print(" MISMATCH");
    mcveto_putc('\n');
    mix(got);
}

static unsigned hashbuf(const unsigned char *p, unsigned n)
{
    unsigned h = 0;
    for (unsigned i = 0; i < n; i++)
        h = h * 33 + p[i];
    return h;
}

static unsigned hashwords(const unsigned *p, unsigned n) /* byte-order independent */
{
    unsigned h = 0;
    for (unsigned i = 0; i < n; i++)
        h = h * 33 + p[i];
    return h;
}

int main(void)
{
    static unsigned char in[SZ], a[SZ], b[SZ];
    static unsigned wa[SZ / 4], wb[SZ / 4];
    int r = (int)read(0, in, 200);
    unsigned n = r > 0 ? (unsigned)r : 0;
    for (unsigned i = n; i < SZ; i++)
        in[i] = 0;
    out_u("bytes", n);
    /* forward rep movsb with overlap (dst = src + 3 replicates bytes) */
    for (unsigned i = 0; i < SZ; i++)
        a[i] = b[i] = in[i];
    movs_fwd(a + 3, a, n, 1);
    movs_fwd_c(b + 3, b, n, 1);
    check("movsb fwd overlap", hashbuf(a, SZ), hashbuf(b, SZ));
    /* forward movsw / movsl, no overlap */
    movs_fwd(a + 128, in, n / 4, 2);
    movs_fwd_c(b + 128, in, n / 4, 2);
    movs_fwd(a + 40, in + 1, n / 8, 4);
    movs_fwd_c(b + 40, in + 1, n / 8, 4);
    check("movsw/movsl", hashbuf(a, SZ), hashbuf(b, SZ));
    /* backward copies = memmove to a higher address */
    movs_bwd(a + 5, a, n / 2);
    movs_bwd_c(b + 5, b, n / 2);
    check("movsb bwd", hashbuf(a, SZ), hashbuf(b, SZ));
    for (unsigned i = 0; i < SZ / 4; i++)
        wa[i] = wb[i] = (unsigned)in[i] * 0x01000193u;
    movsl_bwd(wa + 2, wa, n / 8);
    movsl_bwd_c(wb + 2, wb, n / 8);
    check("movsl bwd", hashwords(wa, SZ / 4), hashwords(wb, SZ / 4));
    stos(a + 7, 0x5a, n / 3, 1);
    stos_c(b + 7, 0x5a, n / 3, 1);
    stos(wa + 1, n * 0x10001u, n / 16, 4);
    stos_c(wb + 1, n * 0x10001u, n / 16, 4);
    check("stos", hashbuf(a, SZ) ^ hashwords(wa, SZ / 4), hashbuf(b, SZ) ^ hashwords(wb, SZ / 4));
    /* compare the input with a copy that differs at a chosen place */
    for (unsigned i = 0; i < SZ; i++)
        a[i] = in[i];
    if (n)
        a[n * 2 / 3] ^= 1;
    check("cmpsb", cmps(in, a, n), cmps_c(in, a, n));
    check("cmpsb equal", cmps(in, in, n), n);
    check("scasb len", scas_len(in), scas_len_c(in));
    check("scasb e", scas_chr(in, 'e', n), scas_chr_c(in, 'e', n));
    check("scasb 0", scas_chr(in, 0, SZ), scas_chr_c(in, 0, SZ));
    check("lodsb", lods_sum(in, n), lods_sum_c(in, n));
    /* the direction flag must be clear again: a forward copy still works */
    unsigned char t[4] = {0, 0, 0, 0}, u[4] = {1, 2, 3, 4};
    movs_fwd(t, u, 4, 1);
    check("after std", t[0] + t[3] * 16u, 0x41);
    return digest();
}
