/* corpus.h — small helpers shared by the whole-program corpus.
 *
 * Promises: byte-order independent input and output.  Numbers come from
 * standard input as decimal (or 0x-hex) text, never as raw multi-byte
 * values, so the same input gives the same output on x86 (little-endian)
 * and PowerPC (big-endian).  Output is "label value" lines through the
 * harness print helpers.  Everything is static and header-only: each
 * program is one C file built by mcveto-cc (no libc).
 */
#ifndef CORPUS_H
#define CORPUS_H

#include "mcveto.h"

#define CORPUS_UNUSED __attribute__((__unused__))

/* A byte in_num read past the end of a number (-2: none). */
static int in_peeked = -2;

/* The next byte of standard input, or -1 at end of input (read() returns
 * 0).  Mixes freely with in_num: it first returns the byte in_num looked
 * at after its number. */
static CORPUS_UNUSED int in_getc(void)
{
    if (in_peeked != -2) {
        int c = in_peeked;
        in_peeked = -2;
        return c;
    }
    unsigned char c;
    return read(0, &c, 1) == 1 ? c : -1;
}

/* Reads the next integer from standard input: skips bytes up to a digit or
 * a '-' followed by a digit; accepts decimal or 0x-prefixed hex; wraps
 * modulo 2^64 (so 18446744073709551615 and -1 are the same bits).  Returns
 * 1 and stores the value, or 0 at end of input. */
static CORPUS_UNUSED int in_num(unsigned long long *out)
{
    int c = in_getc(), neg = 0;
    for (;;) {
        if (c < 0)
            return 0;
        if (c >= '0' && c <= '9')
            break;
        if (c == '-') {
            c = in_getc();
            if (c >= '0' && c <= '9') {
                neg = 1;
                break;
            }
            continue;
        }
        c = in_getc();
    }
    unsigned long long v = 0;
    unsigned base = 10;
    if (c == '0') {
        c = in_getc();
        if (c == 'x' || c == 'X') {
            base = 16;
            c = in_getc();
        }
    }
    for (;; c = in_getc()) {
        unsigned d;
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (base == 16 && c >= 'a' && c <= 'f')
            d = (unsigned)(c - 'a' + 10);
        else if (base == 16 && c >= 'A' && c <= 'F')
            d = (unsigned)(c - 'A' + 10);
        else
            break;
        v = v * base + d;
    }
    in_peeked = c; /* the byte after the number (or -1) */
    *out = neg ? 0 - v : v;
    return 1;
}

/* The next number, or `dflt` at end of input. */
static CORPUS_UNUSED unsigned long long in_u64(unsigned long long dflt)
{
    unsigned long long v;
    return in_num(&v) ? v : dflt;
}

static CORPUS_UNUSED long long in_s64(long long dflt)
{
    unsigned long long v;
    return in_num(&v) ? (long long)v : dflt;
}

/* "label value\n" lines. */
static CORPUS_UNUSED void out_i(const char *label, long long v)
{
    mcveto_print(label);
    mcveto_putc(' ');
    mcveto_print_int(v);
    mcveto_putc('\n');
}

static CORPUS_UNUSED void out_u(const char *label, unsigned long long v)
{
    mcveto_print(label);
    mcveto_putc(' ');
    mcveto_print_uint(v);
    mcveto_putc('\n');
}

static CORPUS_UNUSED void out_x(const char *label, unsigned long long v)
{
    mcveto_print(label);
    mcveto_putc(' ');
    mcveto_print_hex(v);
    mcveto_putc('\n');
}

static CORPUS_UNUSED void out_s(const char *label, const char *s)
{
    mcveto_print(label);
    mcveto_putc(' ');
    mcveto_puts(s);
}

/* A running digest of everything a program computed: the exit code is
 * usually digest() & 0xff, so it depends on the whole computation. */
static unsigned corpus_h = 2166136261u;

static CORPUS_UNUSED void mix(unsigned long long v)
{
    for (int i = 0; i < 8; i++) {
        corpus_h ^= (unsigned)(v & 0xff);
        corpus_h *= 16777619u;
        v >>= 8;
    }
}

static CORPUS_UNUSED int digest(void)
{
    return (int)((corpus_h ^ (corpus_h >> 8) ^ (corpus_h >> 16) ^ (corpus_h >> 24)) & 0xff);
}

#endif /* CORPUS_H */
