/* qsort: a generic quicksort in the style of the C library's qsort:
 * void pointers, an element size, byte-wise swaps and a comparator
 * called through a function pointer; median-of-three pivots, recursion
 * on the smaller side, insertion sort for short runs.  Sorts ints,
 * 64-bit values, structs (by two keys, stable check via an index) and
 * strings.  Input: numbers (text), at most 128. */
#include "corpus.h"

typedef int (*cmp_fn)(const void *, const void *);

static unsigned ncmp;

static void swap_bytes(unsigned char *a, unsigned char *b, size_t size)
{
    while (size--) {
        unsigned char t = *a;
        *a++ = *b;
        *b++ = t;
    }
}

static void my_qsort(void *base, size_t n, size_t size, cmp_fn cmp)
{
    unsigned char *a = base;
    while (n > 1) {
        if (n < 7) {
            for (size_t i = 1; i < n; i++)
                for (size_t j = i; j > 0 && cmp(a + (j - 1) * size, a + j * size) > 0; j--)
                    swap_bytes(a + (j - 1) * size, a + j * size, size);
            return;
        }
        unsigned char *lo = a, *mid = a + (n / 2) * size, *hi = a + (n - 1) * size;
        if (cmp(mid, lo) < 0)
            swap_bytes(mid, lo, size);
        if (cmp(hi, mid) < 0) {
            swap_bytes(hi, mid, size);
            if (cmp(mid, lo) < 0)
                swap_bytes(mid, lo, size);
        }
        swap_bytes(mid, hi - size, size); /* pivot at n-2 */
        unsigned char *pivot = hi - size;
        size_t i = 0, j = n - 2;
        for (;;) {
            while (cmp(a + (++i) * size, pivot) < 0)
                ;
            while (j > 0 && cmp(a + (--j) * size, pivot) > 0)
                ;
            if (i >= j)
                break;
            swap_bytes(a + i * size, a + j * size, size);
        }
        swap_bytes(a + i * size, pivot, size);
        size_t left = i, right = n - i - 1;
        if (left < right) {
            my_qsort(a, left, size, cmp);
            a += (i + 1) * size;
            n = right;
        } else {
            my_qsort(a + (i + 1) * size, right, size, cmp);
            n = left;
        }
    }
}

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    ncmp++;
    return (a > b) - (a < b);
}

static int cmp_u64_desc(const void *x, const void *y)
{
    unsigned long long a = *(const unsigned long long *)x, b = *(const unsigned long long *)y;
    ncmp++;
    return (a < b) - (a > b);
}

struct item {
    short key;
    unsigned char tag;
    int idx;
};

static int cmp_item(const void *x, const void *y)
{
    const struct item *a = x, *b = y;
    ncmp++;
    if (a->key != b->key)
        return a->key - b->key;
    return a->idx - b->idx;
}

static int cmp_str(const void *x, const void *y)
{
    const unsigned char *a = *(const unsigned char *const *)x, *b = *(const unsigned char *const *)y;
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a - *b;
}

#define MAX 128

int main(void)
{
    int a[MAX];
    unsigned long long u[MAX];
    struct item it[MAX];
    int n = 0;
    unsigned long long v;
    while (n < MAX && in_num(&v)) {
        a[n] = (int)v;
        u[n] = v * 0x9e3779b97f4a7c15ull;
        it[n].key = (short)(v % 7);
        it[n].tag = (unsigned char)v;
        it[n].idx = n;
        n++;
    }
    my_qsort(a, (size_t)n, sizeof a[0], cmp_int);
    my_qsort(u, (size_t)n, sizeof u[0], cmp_u64_desc);
    my_qsort(it, (size_t)n, sizeof it[0], cmp_item);
    int ok = 1;
    for (int i = 1; i < n; i++)
        ok &= a[i - 1] <= a[i] && u[i - 1] >= u[i] && cmp_item(&it[i - 1], &it[i]) < 0;
    out_i("n", n);
    out_i("ok", ok);
    for (int i = 0; i < n; i++) {
        mcveto_print_int(a[i]);
        mcveto_putc(i + 1 < n ? ' ' : '\n');
        mix((unsigned)a[i] ^ (unsigned)u[i] ^ (unsigned)it[i].idx);
    }
    if (n)
        out_x("u64 first", u[0]);
    const char *words[] = {"pear", "apple", "fig", "banana", "apricot", "cherry", "date",
                           "grape", "kiwi", "lemon", "lime", "mango", "", "app"};
    my_qsort(words, sizeof words / sizeof words[0], sizeof words[0], cmp_str);
    for (unsigned i = 0; i < sizeof words / sizeof words[0]; i++) {
        mcveto_print(words[i]);
        mcveto_putc(',');
    }
    mcveto_putc('\n');
    out_u("comparisons", ncmp);
    return ok ? digest() & 127 : 255;
}
