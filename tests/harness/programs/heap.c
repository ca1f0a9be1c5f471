/* heap: sbrk on the brk system call, and the bump allocator on top of it:
 * 16-byte alignment, distinct blocks, calloc zeroes, realloc copies. */
#include "mcveto.h"

static void show(const char *name, long long v)
{
    mcveto_print(name);
    mcveto_print("=");
    mcveto_print_int(v);
    mcveto_putc('\n');
}

typedef __UINTPTR_TYPE__ uptr;

int main(void)
{
    char *b0 = sbrk(0);
    char *b1 = sbrk(100);
    char *b2 = sbrk(0);
    show("sbrk grows", b0 != (char *)-1 && b1 == b0 && b2 == b0 + 100);
    show("sbrk shrinks", sbrk(-50) == b2 && sbrk(0) == b2 - 50);
    for (int i = 0; i < 50; i++)
        b1[i] = (char)i; /* the memory is usable */

    int n = nondet_uchar(); /* 37 */
    int *p = malloc((size_t)n * sizeof *p);
    int *q = malloc(1);
    show("malloc ok", p != 0 && q != 0);
    show("aligned", ((uptr)p & 15) == 0 && ((uptr)q & 15) == 0);
    show("disjoint", (char *)q >= (char *)(p + n));
    for (int i = 0; i < n; i++)
        p[i] = i * i;
    *(char *)q = 'q';

    int *r = realloc(p, 2 * (size_t)n * sizeof *r);
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += r[i];
    show("realloc keeps", s);
    free(r);
    free(q);

    unsigned char *c = calloc(1000, 3);
    int nz = 0;
    for (int i = 0; i < 3000; i++)
        nz += c[i] != 0;
    show("calloc ok", c != 0);
    show("calloc nonzero", nz);
    show("calloc overflow", calloc(0x10000, 0x10000) == 0);
    show("malloc huge", malloc(0xfffffff0u) == 0);
    return 0;
}
