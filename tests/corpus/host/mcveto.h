/* host/mcveto.h — a stand-in for the harness API on the build machine.
 *
 * check_ub.sh compiles the corpus programs natively (host gcc, libc) with
 * AddressSanitizer and UndefinedBehaviorSanitizer, putting this directory
 * first on the include path so that corpus.h's #include "mcveto.h" finds
 * this file.  It implements the part of mcveto.h the corpus uses, on top
 * of libc; inputs and outputs behave as in the harness (nondet values
 * read bytes in the host's order, 0 at end of input).  Only undefined
 * behaviour is checked this way, not the output.
 */
#ifndef MCVETO_H
#define MCVETO_H

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef ssize_t mcveto_ssize_t;
#define MCVETO_NORETURN __attribute__((__noreturn__))

static int mcveto_print_fd(int fd, const char *s) { return write(fd, s, strlen(s)) < 0 ? -1 : 0; }
static int mcveto_print(const char *s) { return mcveto_print_fd(1, s); }
static int mcveto_puts(const char *s) { return mcveto_print(s) | mcveto_print("\n"); }
static int mcveto_putc(int c)
{
    char ch = (char)c;
    return write(1, &ch, 1) < 0 ? -1 : 0;
}
static int mcveto_print_uint_fd(int fd, unsigned long long v)
{
    char b[32];
    snprintf(b, sizeof b, "%llu", v);
    return mcveto_print_fd(fd, b);
}
static int mcveto_print_int_fd(int fd, long long v)
{
    char b[32];
    snprintf(b, sizeof b, "%lld", v);
    return mcveto_print_fd(fd, b);
}
static int mcveto_print_uint(unsigned long long v) { return mcveto_print_uint_fd(1, v); }
static int mcveto_print_int(long long v) { return mcveto_print_int_fd(1, v); }
static int mcveto_print_hex(unsigned long long v)
{
    char b[32];
    snprintf(b, sizeof b, "0x%llx", v);
    return mcveto_print(b);
}

static void nondet_bytes(void *p, size_t n)
{
    size_t k = 0;
    memset(p, 0, n);
    while (k < n) {
        ssize_t r = read(0, (char *)p + k, n - k);
        if (r <= 0)
            break;
        k += (size_t)r;
    }
}
#define MCVETO_HOST_NONDET(T, name)                           \
    static T nondet_##name(void)                              \
    {                                                         \
        T v;                                                  \
        nondet_bytes(&v, sizeof v);                           \
        return v;                                             \
    }                                                         \
    static T __VERIFIER_nondet_##name(void) { return nondet_##name(); }
MCVETO_HOST_NONDET(unsigned char, uchar)
MCVETO_HOST_NONDET(short, short)
MCVETO_HOST_NONDET(unsigned, uint)
MCVETO_HOST_NONDET(int, long) /* long is 4 bytes on the targets */
static _Bool nondet_bool(void) { return nondet_uchar() != 0; }
static _Bool __VERIFIER_nondet_bool(void) { return nondet_bool(); }

static void assume(int c)
{
    if (!c)
        exit(0);
}
static void __VERIFIER_assume(int c) { assume(c); }
static void reach_error(void) MCVETO_NORETURN;
static void reach_error(void)
{
    mcveto_print_fd(2, "reach_error\n");
    exit(99);
}

#endif /* MCVETO_H */
