/* memfuncs: structure copies and large initialisers make gcc call memcpy
 * and memset even in freestanding code; memmove handles overlap both ways;
 * memcmp and strlen.  Data come from input so nothing folds away. */
#include "mcveto.h"

struct big {
    int a[40];
    char name[24];
};

static void show(const char *name, long long v)
{
    mcveto_print(name);
    mcveto_print("=");
    mcveto_print_int(v);
    mcveto_putc('\n');
}

static int sum(const struct big *b)
{
    int s = 0;
    for (int i = 0; i < 40; i++)
        s += b->a[i];
    for (int i = 0; b->name[i]; i++)
        s += b->name[i];
    return s;
}

int main(void)
{
    struct big x = {{0}, "abc"}; /* memset (and a copy of the literal) */
    for (int i = 0; i < 40; i++)
        x.a[i] = nondet_uchar();
    struct big y = x; /* memcpy */
    show("sum x", sum(&x));
    show("sum y", sum(&y));
    show("memcmp eq", memcmp(&x, &y, sizeof x));
    y.a[39]++;
    show("memcmp lt", memcmp(&x, &y, sizeof x) < 0);
    show("memcmp gt", memcmp(&y, &x, sizeof x) > 0);

    char buf[16];
    memcpy(buf, "0123456789", 11);
    memmove(buf + 2, buf, 8); /* forwards overlap */
    mcveto_puts(buf);
    memcpy(buf, "0123456789", 11);
    memmove(buf, buf + 3, 7); /* backwards overlap */
    mcveto_puts(buf);
    memset(buf, '*', 5);
    mcveto_puts(buf);
    show("strlen", strlen(buf));
    show("strlen empty", strlen(""));

    unsigned char z[300];
    memset(z, nondet_uchar(), sizeof z);
    int zs = 0;
    for (unsigned i = 0; i < sizeof z; i++)
        zs += z[i];
    show("memset sum", zs);
    return 0;
}
