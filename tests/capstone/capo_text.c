/* capo_text.c — see capo_text.h. */
#include "capo_text.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void capo_sb_init(capo_sb *sb, char *buf, size_t cap) {
  sb->buf = buf;
  sb->cap = cap;
  sb->len = 0;
  sb->over = cap == 0;
  if (cap) buf[0] = 0;
}

void capo_sb_puts(capo_sb *sb, const char *s) {
  for (; *s; s++) {
    if (sb->len + 1 >= sb->cap) {
      sb->over = true;
      return;
    }
    sb->buf[sb->len++] = *s;
    sb->buf[sb->len] = 0;
  }
}

void capo_sb_printf(capo_sb *sb, const char *fmt, ...) {
  char tmp[256];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof tmp) sb->over = true;
  capo_sb_puts(sb, tmp);
}

void capo_fold(const char *in, char *out, size_t cap) {
  capo_sb sb;
  capo_sb_init(&sb, out, cap);
  bool blank = false;
  for (const char *p = capo_skip_blanks(in); *p; p++) {
    if (isspace((unsigned char)*p)) {
      blank = true;
      continue;
    }
    char c[3] = {' ', (char)tolower((unsigned char)*p), 0};
    capo_sb_puts(&sb, blank ? c : c + 1);
    blank = false;
  }
}

const char *capo_skip_blanks(const char *s) {
  while (*s && isspace((unsigned char)*s)) s++;
  return s;
}

static void trim_into(const char *b, const char *e, char *out) {
  while (b < e && isspace((unsigned char)*b)) b++;
  while (e > b && isspace((unsigned char)e[-1])) e--;
  memcpy(out, b, (size_t)(e - b));
  out[e - b] = 0;
}

int capo_split_ops(const char *s, char ops[][CAPO_OP_LEN]) {
  s = capo_skip_blanks(s);
  if (!*s) return 0;
  int n = 0, depth = 0;
  const char *start = s;
  for (const char *p = s;; p++) {
    if (*p == '[' || *p == '(') depth++;
    else if (*p == ']' || *p == ')') {
      if (--depth < 0) return -1;
    } else if ((*p == ',' && depth == 0) || !*p) {
      if (n == CAPO_MAX_OPS || p - start >= CAPO_OP_LEN) return -1;
      trim_into(start, p, ops[n++]);
      if (!*p) break;
      start = p + 1;
    }
  }
  return depth == 0 ? n : -1;
}

bool capo_parse_num(const char **s, uint64_t *mag, bool *neg) {
  const char *p = *s;
  bool ng = false;
  if (*p == '-') {
    ng = true;
    p++;
  }
  uint64_t v = 0;
  const char *digits;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2])) {
    for (p += 2, digits = p; isxdigit((unsigned char)*p); p++)
      v = v * 16 + (uint64_t)(isdigit((unsigned char)*p) ? *p - '0' : tolower((unsigned char)*p) - 'a' + 10);
  } else {
    for (digits = p; isdigit((unsigned char)*p); p++) v = v * 10 + (uint64_t)(*p - '0');
  }
  if (p == digits || isalnum((unsigned char)*p) || *p == '_') return false;
  *mag = v;
  *neg = ng;
  *s = p;
  return true;
}

bool capo_is_num(const char *s, uint64_t *mag, bool *neg) {
  const char *p = s;
  return capo_parse_num(&p, mag, neg) && *p == 0;
}
