/* arena.h — region allocation for one isagen run.
 *
 * Everything a compilation allocates (AST, IR, strings, tables) comes from one
 * arena and is released at once by ar_free; nothing is freed piecemeal.  On
 * allocation failure the arena prints a message and exits (isagen is a
 * command-line compiler: there is nothing to recover).
 */
#ifndef ISAGEN_ARENA_H
#define ISAGEN_ARENA_H

#include <stddef.h>

typedef struct ar_block ar_block;
typedef struct arena {
  ar_block *head;
} arena;

void *ar_alloc(arena *a, size_t n);             /* zeroed, 16-byte aligned */
char *ar_strdup(arena *a, const char *s);
char *ar_strndup(arena *a, const char *s, size_t n);
char *ar_printf(arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void ar_free(arena *a);

/* A growable array of pointers backed by the arena (old storage is abandoned
 * to the arena on growth, which is fine for compiler-sized data). */
typedef struct ar_vec {
  void **v;
  int n, cap;
} ar_vec;
void ar_push(arena *a, ar_vec *vec, void *p);

#endif
