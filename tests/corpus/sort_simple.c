/* sort_simple: insertion sort, selection sort, bubble sort with early
 * exit and shell sort on int arrays (signed compares, element shifts),
 * and insertion sort on unsigned 64-bit keys; all results checked for
 * order and against each other.  Input: numbers (text), at most 64. */
#include "corpus.h"

#define MAX 64

static void insertion(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void selection(int *a, int n)
{
    for (int i = 0; i < n - 1; i++) {
        int m = i;
        for (int j = i + 1; j < n; j++)
            if (a[j] < a[m])
                m = j;
        int t = a[i];
        a[i] = a[m];
        a[m] = t;
    }
}

static int bubble(int *a, int n)
{
    int passes = 0;
    for (int swapped = 1; swapped; passes++) {
        swapped = 0;
        for (int i = 1; i < n; i++)
            if (a[i - 1] > a[i]) {
                int t = a[i - 1];
                a[i - 1] = a[i];
                a[i] = t;
                swapped = 1;
            }
    }
    return passes;
}

static void shell(int *a, int n)
{
    for (int gap = n / 2; gap > 0; gap /= 2)
        for (int i = gap; i < n; i++) {
            int v = a[i], j = i;
            for (; j >= gap && a[j - gap] > v; j -= gap)
                a[j] = a[j - gap];
            a[j] = v;
        }
}

static void insertion64(unsigned long long *a, int n)
{
    for (int i = 1; i < n; i++) {
        unsigned long long v = a[i];
        int j = i;
        for (; j > 0 && a[j - 1] > v; j--)
            a[j] = a[j - 1];
        a[j] = v;
    }
}

int main(void)
{
    int orig[MAX], a[MAX], b[MAX], c[MAX], d[MAX];
    unsigned long long u[MAX];
    int n = 0;
    unsigned long long v;
    while (n < MAX && in_num(&v)) {
        u[n] = v;
        orig[n++] = (int)v;
    }
    for (int i = 0; i < n; i++)
        a[i] = b[i] = c[i] = d[i] = orig[i];
    insertion(a, n);
    selection(b, n);
    int passes = bubble(c, n);
    shell(d, n);
    insertion64(u, n);
    int same = 1, sorted = 1;
    for (int i = 0; i < n; i++) {
        same &= a[i] == b[i] && a[i] == c[i] && a[i] == d[i];
        if (i)
            sorted &= a[i - 1] <= a[i] && u[i - 1] <= u[i];
    }
    out_i("n", n);
    out_i("same", same);
    out_i("sorted", sorted);
    out_i("bubble passes", passes);
    for (int i = 0; i < n; i++) {
        mcveto_print_int(a[i]);
        mcveto_putc(i + 1 < n ? ' ' : '\n');
        mix((unsigned)a[i]);
    }
    if (n) {
        out_u("u64 min", u[0]);
        out_u("u64 max", u[n - 1]);
    }
    return (same && sorted ? 0 : 128) | (digest() & 127);
}
