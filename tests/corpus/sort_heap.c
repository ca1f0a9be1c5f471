/* sort_heap: heapsort (sift-down with index arithmetic 2i+1), a binary
 * min-heap priority queue (push/pop) that yields the smallest values in
 * order, on signed and unsigned keys.  Input: numbers
 * (text), at most 100; without input a generated array. */
#include "corpus.h"

#define MAX 100

static void sift(int *a, int n, int i)
{
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && a[l] > a[m])
            m = l;
        if (r < n && a[r] > a[m])
            m = r;
        if (m == i)
            return;
        int t = a[i];
        a[i] = a[m];
        a[m] = t;
        i = m;
    }
}

static void heapsort(int *a, int n)
{
    for (int i = n / 2 - 1; i >= 0; i--)
        sift(a, n, i);
    for (int end = n - 1; end > 0; end--) {
        int t = a[0];
        a[0] = a[end];
        a[end] = t;
        sift(a, end, 0);
    }
}

static unsigned pq[MAX];
static int pqn;

static void push(unsigned v)
{
    int i = pqn++;
    pq[i] = v;
    while (i > 0 && pq[(i - 1) / 2] > pq[i]) {
        unsigned t = pq[i];
        pq[i] = pq[(i - 1) / 2];
        pq[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

static unsigned pop(void)
{
    unsigned top = pq[0];
    pq[0] = pq[--pqn];
    int i = 0;
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < pqn && pq[l] < pq[m])
            m = l;
        if (r < pqn && pq[r] < pq[m])
            m = r;
        if (m == i)
            break;
        unsigned t = pq[i];
        pq[i] = pq[m];
        pq[m] = t;
        i = m;
    }
    return top;
}

int main(void)
{
    int a[MAX];
    int n = 0;
    unsigned long long v;
    while (n < MAX && in_num(&v))
        a[n++] = (int)v;
    if (n == 0) {
        unsigned s = 1;
        for (; n < 50; n++) {
            s = s * 69069u + 1;
            a[n] = (int)(s >> 3) - (1 << 28);
        }
    }
    for (int i = 0; i < n; i++)
        push((unsigned)a[i]);
    heapsort(a, n);
    int ok = 1;
    for (int i = 1; i < n; i++)
        ok &= a[i - 1] <= a[i];
    out_i("n", n);
    out_i("sorted", ok);
    out_i("min", a[0]);
    out_i("max", a[n - 1]);
    out_i("median", a[n / 2]);
    for (int i = 0; i < n; i++)
        mix((unsigned)a[i]);
    unsigned prev = 0;
    int k = n < 5 ? n : 5;
    mcveto_print("smallest unsigned:");
    for (int i = 0; i < k; i++) {
        unsigned x = pop();
        ok &= x >= prev;
        prev = x;
        mcveto_putc(' ');
        mcveto_print_uint(x);
    }
    mcveto_putc('\n');
    while (pqn) {
        unsigned x = pop();
        ok &= x >= prev;
        prev = x;
    }
    out_i("pq ok", ok);
    return ok ? digest() & 127 : 255;
}
