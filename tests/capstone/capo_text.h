/* capo_text.h — small text helpers for the per-ISA normalisers of capo.
 *
 * What it promises: plain string utilities with no ISA knowledge — a
 * bounded string builder, whitespace/case folding, splitting an operand list
 * at top-level commas, and number parsing (decimal or 0x-hex, optional sign).
 * All functions are total: they never write past their buffers.
 */
#ifndef MCVETO_CAPO_TEXT_H
#define MCVETO_CAPO_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A bounded string builder over a caller's buffer; `over` records truncation. */
typedef struct capo_sb {
  char *buf;
  size_t cap, len;
  bool over;
} capo_sb;

void capo_sb_init(capo_sb *sb, char *buf, size_t cap);
void capo_sb_puts(capo_sb *sb, const char *s);
void capo_sb_printf(capo_sb *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Copies `in` to out in lower case, with runs of blanks made one space and
 * leading/trailing blanks removed. */
void capo_fold(const char *in, char *out, size_t cap);

#define CAPO_MAX_OPS 8
#define CAPO_OP_LEN 96

/* Splits an operand list at commas outside brackets and parentheses into at
 * most CAPO_MAX_OPS trimmed operands; returns their number, or -1 when there
 * are more, an operand is too long, or the brackets do not balance.  An empty
 * (all-blank) list has 0 operands. */
int capo_split_ops(const char *s, char ops[][CAPO_OP_LEN]);

/* Parses a number at *s: an optional '-' then 0x-hex or decimal digits.
 * On success sets *mag (the magnitude, modulo 2^64), *neg, advances *s past
 * it and returns true; returns false (and leaves *s) when there is no number
 * or it is followed directly by a letter, digit or '_' (so "0x10ab" parses
 * whole and "1f" is not a number). */
bool capo_parse_num(const char **s, uint64_t *mag, bool *neg);

/* True when the whole string s is one number (see capo_parse_num). */
bool capo_is_num(const char *s, uint64_t *mag, bool *neg);

/* Skips blanks. */
const char *capo_skip_blanks(const char *s);

#endif
