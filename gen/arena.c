#include "arena.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ar_block {
  ar_block *next;
  size_t used, size;
  _Alignas(16) unsigned char data[];
};

void *ar_alloc(arena *a, size_t n) {
  n = (n + 15) & ~(size_t)15;
  ar_block *b = a->head;
  if (!b || b->size - b->used < n) {
    size_t size = n > 65536 ? n : 65536;
    b = malloc(sizeof *b + size);
    if (!b) {
      fputs("isagen: out of memory\n", stderr);
      exit(3);
    }
    b->size = size;
    b->used = 0;
    b->next = a->head;
    a->head = b;
  }
  void *p = b->data + b->used;
  b->used += n;
  memset(p, 0, n);
  return p;
}

char *ar_strndup(arena *a, const char *s, size_t n) {
  char *p = ar_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *ar_strdup(arena *a, const char *s) { return ar_strndup(a, s, strlen(s)); }

char *ar_printf(arena *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *p = ar_alloc(a, (size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return p;
}

void ar_free(arena *a) {
  ar_block *b = a->head;
  while (b) {
    ar_block *n = b->next;
    free(b);
    b = n;
  }
  a->head = NULL;
}

void ar_push(arena *a, ar_vec *vec, void *p) {
  if (vec->n == vec->cap) {
    int cap = vec->cap ? vec->cap * 2 : 8;
    void **nv = ar_alloc(a, sizeof(void *) * (size_t)cap);
    if (vec->n) memcpy(nv, vec->v, sizeof(void *) * (size_t)vec->n);
    vec->v = nv;
    vec->cap = cap;
  }
  vec->v[vec->n++] = p;
}
