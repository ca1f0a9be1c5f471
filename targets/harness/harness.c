/* harness.c — the portable part of the mcveto C harness (see mcveto.h).
 *
 * Every public definition here is weak, so a program under test may define
 * any of these functions itself (SV-COMP programs define reach_error) and
 * its definition wins at link time.  Internally the harness calls only its
 * own static helpers, never the public (overridable) names.
 *
 * The code avoids libgcc: decimal output uses subtraction of powers of ten,
 * not 64-bit division, so a program pulls in libgcc only for its own
 * arithmetic.  The arch file (arch/<isa>.c) supplies _start and
 * mcveto_syscall.
 */
/* The harness is a library, like libc: it is optimised whatever level the
 * program is built at (-O applies to the program), so the input and system
 * call paths a verifier walks through are the same short ones at -O0 as at
 * -O2.  Without loop distribution's patterns: even with -ffreestanding gcc
 * turns byte loops into calls to memcpy, memset and strlen, which inside
 * memcpy and memset would call themselves, and which made str_len a
 * recursion through strlen, one call per character (gcc 12), so that every
 * message the harness prints (reach_error's, say) was a recursion as deep
 * as the string for a verifier to prove things about. */
#pragma GCC optimize("O2", "no-tree-loop-distribute-patterns")

#include "mcveto.h"

#define WEAK __attribute__((__weak__))

typedef __UINTPTR_TYPE__ uptr;

/* ---- System calls ------------------------------------------------------ */

static void sys_exit(int status) MCVETO_NORETURN;
static void sys_exit(int status)
{
    mcveto_syscall(MCVETO_SYS_exit_group, status, 0, 0);
    mcveto_syscall(MCVETO_SYS_exit, status, 0, 0);
    for (;;) {
    }
}

static long sys_read(int fd, void *buf, size_t n)
{
    return mcveto_syscall(MCVETO_SYS_read, fd, (long)(uptr)buf, (long)n);
}

static long sys_write(int fd, const void *buf, size_t n)
{
    return mcveto_syscall(MCVETO_SYS_write, fd, (long)(uptr)buf, (long)n);
}

WEAK void exit(int status)
{
    sys_exit(status);
}

WEAK mcveto_ssize_t read(int fd, void *buf, size_t count)
{
    return sys_read(fd, buf, count);
}

WEAK mcveto_ssize_t write(int fd, const void *buf, size_t count)
{
    return sys_write(fd, buf, count);
}

/* ---- Memory and string functions -------------------------------------- */

static size_t str_len(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

WEAK void *memcpy(void *__restrict dst, const void *__restrict src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
    return dst;
}

WEAK void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if ((uptr)d < (uptr)s) {
        for (size_t i = 0; i < n; i++)
            d[i] = s[i];
    } else if ((uptr)d > (uptr)s) {
        for (size_t i = n; i > 0; i--)
            d[i - 1] = s[i - 1];
    }
    return dst;
}

WEAK void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    for (size_t i = 0; i < n; i++)
        d[i] = (unsigned char)c;
    return dst;
}

WEAK int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

WEAK size_t strlen(const char *s)
{
    return str_len(s);
}

/* ---- Heap -------------------------------------------------------------- */

static char *cur_brk; /* 0 until the first sbrk */

WEAK void *sbrk(mcveto_ssize_t increment)
{
    if (!cur_brk) {
        long b = mcveto_syscall(MCVETO_SYS_brk, 0, 0, 0);
        if (b <= 0 && b > -4096)
            return (void *)-1;
        cur_brk = (char *)(uptr)b;
    }
    char *old = cur_brk;
    if (increment == 0)
        return old;
    char *want = old + increment;
    long got = mcveto_syscall(MCVETO_SYS_brk, (long)(uptr)want, 0, 0);
    if ((uptr)got != (uptr)want)
        return (void *)-1; /* Linux brk returns the old break on failure */
    cur_brk = want;
    return old;
}

#define HEADER 16u /* holds the block size; keeps 16-byte alignment */

WEAK void *malloc(size_t size)
{
    if (size > 0x7fff0000u)
        return 0;
    size_t total = ((size + 15u) & ~(size_t)15u) + HEADER;
    char *cur = sbrk(0);
    if (cur == (char *)-1)
        return 0;
    size_t pad = (size_t)(-(uptr)cur) & 15u;
    char *p = sbrk((mcveto_ssize_t)(pad + total));
    if (p == (char *)-1)
        return 0;
    p += pad;
    *(size_t *)p = size;
    return p + HEADER;
}

WEAK void free(void *p)
{
    (void)p;
}

WEAK void *calloc(size_t n, size_t size)
{
    size_t total;
    if (__builtin_mul_overflow(n, size, &total))
        return 0;
    unsigned char *p = malloc(total);
    if (p)
        for (size_t i = 0; i < total; i++)
            p[i] = 0;
    return p;
}

WEAK void *realloc(void *p, size_t size)
{
    unsigned char *q = malloc(size);
    if (p && q) {
        size_t old = *(size_t *)((char *)p - HEADER);
        const unsigned char *s = p;
        for (size_t i = 0; i < old && i < size; i++)
            q[i] = s[i];
    }
    return q;
}

/* ---- Output helpers ---------------------------------------------------- */

static int out(int fd, const char *s, size_t n)
{
    while (n > 0) {
        long r = sys_write(fd, s, n);
        if (r <= 0)
            return -1;
        s += r;
        n -= (size_t)r;
    }
    return 0;
}

static int out_str(int fd, const char *s)
{
    return out(fd, s, str_len(s));
}

static const unsigned long long pow10[20] = {
    10000000000000000000ull, 1000000000000000000ull, 100000000000000000ull,
    10000000000000000ull, 1000000000000000ull, 100000000000000ull,
    10000000000000ull, 1000000000000ull, 100000000000ull, 10000000000ull,
    1000000000ull, 100000000ull, 10000000ull, 1000000ull, 100000ull,
    10000ull, 1000ull, 100ull, 10ull, 1ull,
};

/* Decimal digits of v into buf (at least 21 bytes), without division. */
static size_t fmt_udec(char *buf, unsigned long long v)
{
    size_t n = 0;
    for (int i = 0; i < 20; i++) {
        char d = '0';
        while (v >= pow10[i]) {
            v -= pow10[i];
            d++;
        }
        if (d != '0' || n > 0 || i == 19)
            buf[n++] = d;
    }
    return n;
}

static int out_udec(int fd, unsigned long long v)
{
    char buf[24];
    return out(fd, buf, fmt_udec(buf, v));
}

static int out_sdec(int fd, long long v)
{
    char buf[24];
    size_t n = 0;
    unsigned long long u = (unsigned long long)v;
    if (v < 0) {
        buf[n++] = '-';
        u = 0 - u;
    }
    n += fmt_udec(buf + n, u);
    return out(fd, buf, n);
}

WEAK int mcveto_print_fd(int fd, const char *s)
{
    return out_str(fd, s);
}

WEAK int mcveto_print(const char *s)
{
    return out_str(1, s);
}

WEAK int mcveto_puts(const char *s)
{
    if (out_str(1, s) < 0)
        return -1;
    return out(1, "\n", 1);
}

WEAK int mcveto_putc(int c)
{
    char ch = (char)c;
    return out(1, &ch, 1);
}

WEAK int mcveto_print_uint_fd(int fd, unsigned long long v)
{
    return out_udec(fd, v);
}

WEAK int mcveto_print_int_fd(int fd, long long v)
{
    return out_sdec(fd, v);
}

WEAK int mcveto_print_uint(unsigned long long v)
{
    return out_udec(1, v);
}

WEAK int mcveto_print_int(long long v)
{
    return out_sdec(1, v);
}

WEAK int mcveto_print_hex(unsigned long long v)
{
    /* Two 32-bit halves: 64-bit variable shifts could be libgcc calls. */
    unsigned int half[2] = {(unsigned int)(v >> 32), (unsigned int)v};
    char buf[18];
    size_t n = 0;
    buf[n++] = '0';
    buf[n++] = 'x';
    for (int h = 0; h < 2; h++)
        for (int sh = 28; sh >= 0; sh -= 4) {
            unsigned int d = (half[h] >> sh) & 15u;
            if (d == 0 && n == 2 && !(h == 1 && sh == 0))
                continue; /* leading zero */
            buf[n++] = (char)(d < 10 ? '0' + d : 'a' + d - 10);
        }
    return out(1, buf, n);
}

/* ---- Nondeterministic values (standard input) ------------------------- */

static void input_bytes(void *p, size_t n)
{
    unsigned char *b = p;
    size_t got = 0;
    while (got < n) {
        long r = sys_read(0, b + got, n - got);
        if (r <= 0)
            break; /* end of input (or an error): the rest is 0 */
        got += (size_t)r;
    }
    while (got < n)
        b[got++] = 0;
}

WEAK void nondet_bytes(void *p, size_t n)
{
    input_bytes(p, n);
}

/* One value is one read(2) into a zeroed variable, with no loop: a short
 * read (end of input) leaves the missing bytes 0, as input_bytes would, and
 * a verifier proving things about the caller need not find an invariant
 * for a retry loop.  A regular file or a pipe whose writer wrote the bytes
 * before they are read never returns fewer bytes than asked for before its
 * end, so the values are input_bytes's there. */
#define NONDET(T, name)                  \
    static T in_##name(void)             \
    {                                    \
        T v = 0;                         \
        sys_read(0, &v, sizeof v);       \
        return v;                        \
    }                                    \
    WEAK T nondet_##name(void)           \
    {                                    \
        return in_##name();              \
    }                                    \
    WEAK T __VERIFIER_nondet_##name(void) \
    {                                    \
        return in_##name();              \
    }

NONDET(char, char)
NONDET(unsigned char, uchar)
NONDET(short, short)
NONDET(unsigned short, ushort)
NONDET(int, int)
NONDET(unsigned int, uint)
NONDET(long, long)
NONDET(unsigned long, ulong)
NONDET(long long, longlong)
NONDET(unsigned long long, ulonglong)

/* The other names SV-COMP tasks use for the same types. */
#define NONDET_ALIAS(T, svname, name)       \
    WEAK T __VERIFIER_nondet_##svname(void) \
    {                                       \
        return in_##name();                 \
    }

NONDET_ALIAS(unsigned int, unsigned, uint)
NONDET_ALIAS(unsigned int, unsigned_int, uint)
NONDET_ALIAS(unsigned short, unsigned_short, ushort)
NONDET_ALIAS(unsigned char, unsigned_char, uchar)
NONDET_ALIAS(unsigned long, unsigned_long, ulong)
NONDET_ALIAS(unsigned int, u32, uint)
NONDET_ALIAS(size_t, size_t, uint)

static _Bool in_bool(void)
{
    unsigned char b = 0;
    sys_read(0, &b, 1);
    return b != 0;
}

WEAK _Bool nondet_bool(void)
{
    return in_bool();
}

WEAK _Bool __VERIFIER_nondet_bool(void)
{
    return in_bool();
}

/* ---- Assumptions, the target, failures -------------------------------- */

WEAK void assume(int cond)
{
    if (!cond)
        sys_exit(0);
}

WEAK void __VERIFIER_assume(int cond)
{
    if (!cond)
        sys_exit(0);
}

static void error_reached(void) MCVETO_NORETURN;
static void error_reached(void)
{
    out_str(2, "reach_error\n");
    sys_exit(MCVETO_EXIT_ERROR);
}

WEAK void reach_error(void)
{
    error_reached();
}

WEAK void __VERIFIER_error(void)
{
    error_reached();
}

WEAK void __assert_fail(const char *expr, const char *file, unsigned int line,
                        const char *function)
{
    out_str(2, file ? file : "?");
    out_str(2, ":");
    out_udec(2, line);
    out_str(2, ": ");
    if (function) {
        out_str(2, function);
        out_str(2, ": ");
    }
    out_str(2, "Assertion `");
    out_str(2, expr ? expr : "?");
    out_str(2, "' failed.\n");
    sys_exit(MCVETO_EXIT_ABORT);
}

WEAK void abort(void)
{
    sys_exit(MCVETO_EXIT_ABORT);
}
