/* strsearch: substring search four ways: naive, Knuth-Morris-Pratt
 * (failure function), Boyer-Moore-Horspool (a 256-entry skip table
 * indexed by unsigned bytes) and Rabin-Karp (rolling hash with a
 * modular power), counting every (overlapping) occurrence; plus the
 * longest border and the period of the pattern.  Input: "pattern|text"
 * (bytes; the first '|' separates them). */
#include "corpus.h"

#define MAXT 1024
#define MAXP 64

static int naive(const unsigned char *t, int n, const unsigned char *p, int m, int *first)
{
    int c = 0;
    *first = -1;
    for (int i = 0; i + m <= n; i++) {
        int j = 0;
        while (j < m && t[i + j] == p[j])
            j++;
        if (j == m) {
            if (c++ == 0)
                *first = i;
        }
    }
    return c;
}

static int fail[MAXP + 1];

static int kmp(const unsigned char *t, int n, const unsigned char *p, int m)
{
    fail[0] = -1;
    for (int i = 1, k = -1; i <= m; i++) {
        while (k >= 0 && p[k] != p[i - 1])
            k = fail[k];
        fail[i] = ++k;
    }
    int c = 0;
    for (int i = 0, k = 0; i < n; i++) {
        while (k >= 0 && (k == m || p[k] != t[i]))
            k = fail[k];
        k++;
        if (k == m)
            c++;
    }
    return c;
}

static int horspool(const unsigned char *t, int n, const unsigned char *p, int m)
{
    int skip[256];
    for (int i = 0; i < 256; i++)
        skip[i] = m;
    for (int i = 0; i < m - 1; i++)
        skip[p[i]] = m - 1 - i;
    int c = 0;
    for (int i = 0; i + m <= n; i += skip[t[i + m - 1]]) {
        int j = m - 1;
        while (j >= 0 && t[i + j] == p[j])
            j--;
        c += j < 0;
    }
    return c;
}

static int rabin_karp(const unsigned char *t, int n, const unsigned char *p, int m)
{
    const unsigned q = 1000000007u, b = 257;
    unsigned long long hp = 0, ht = 0, pw = 1;
    if (m > n)
        return 0;
    for (int i = 0; i < m; i++) {
        hp = (hp * b + p[i]) % q;
        ht = (ht * b + t[i]) % q;
        if (i)
            pw = pw * b % q;
    }
    int c = 0;
    for (int i = 0;; i++) {
        if (hp == ht) {
            int j = 0;
            while (j < m && t[i + j] == p[j])
                j++;
            c += j == m;
        }
        if (i + m >= n)
            break;
        ht = (ht + q - t[i] * pw % q) % q;
        ht = (ht * b + t[i + m]) % q;
    }
    return c;
}

int main(void)
{
    static unsigned char p[MAXP], t[MAXT];
    int m = 0, n = 0, c;
    while ((c = in_getc()) >= 0 && c != '|')
        if (m < MAXP)
            p[m++] = (unsigned char)c;
    while ((c = in_getc()) >= 0)
        if (n < MAXT)
            t[n++] = (unsigned char)c;
    out_i("pattern length", m);
    out_i("text length", n);
    if (m == 0) {
        out_s("pattern", "empty");
        return 1;
    }
    int first, a = naive(t, n, p, m, &first), b = kmp(t, n, p, m), d = horspool(t, n, p, m), e = rabin_karp(t, n, p, m);
    out_i("occurrences", a);
    out_i("first", first);
    if (a != b || a != d || a != e) {
        out_i("kmp", b);
        out_i("horspool", d);
        out_i("rabin-karp", e);
    }
    out_i("border", fail[m]);
    out_i("period", m - fail[m]);
    mix((unsigned)a * 1000u + (unsigned)first);
    mix((unsigned)fail[m]);
    return digest();
}
