/* strings: the classic string functions written by hand (no libc):
 * strlen, strcmp (on unsigned bytes), strncmp, strcpy, strcat, strchr,
 * strrchr, strstr, reverse in place, to-upper, palindrome test, and a
 * comparison against the harness's strlen and memcmp.
 * Input: text; lines are the strings. */
#include "corpus.h"

static size_t my_strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}

static int my_strcmp(const char *a, const char *b)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    while (*x && *x == *y) {
        x++;
        y++;
    }
    return (*x > *y) - (*x < *y);
}

static int my_strncmp(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x != y)
            return x < y ? -1 : 1;
        if (!x)
            break;
    }
    return 0;
}

static char *my_strcpy(char *d, const char *s)
{
    char *r = d;
    while ((*d++ = *s++))
        ;
    return r;
}

static char *my_strcat(char *d, const char *s)
{
    my_strcpy(d + my_strlen(d), s);
    return d;
}

static const char *my_strchr(const char *s, int c)
{
    for (;; s++) {
        if (*s == (char)c)
            return s;
        if (!*s)
            return 0;
    }
}

static const char *my_strrchr(const char *s, int c)
{
    const char *r = 0;
    do {
        if (*s == (char)c)
            r = s;
    } while (*s++);
    return r;
}

static const char *my_strstr(const char *h, const char *n)
{
    size_t ln = my_strlen(n);
    for (; *h; h++)
        if (my_strncmp(h, n, ln) == 0)
            return h;
    return ln == 0 ? h : 0;
}

static void reverse(char *s)
{
    size_t n = my_strlen(s);
    for (size_t i = 0; i + 1 < n - i; i++) {
        char t = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = t;
    }
}

static int palindrome(const char *s)
{
    size_t n = my_strlen(s);
    for (size_t i = 0; i < n / 2; i++)
        if (s[i] != s[n - 1 - i])
            return 0;
    return 1;
}

#define MAXL 8
#define LEN 64

int main(void)
{
    static char lines[MAXL][LEN];
    int n = 0, len = 0, c;
    while ((c = in_getc()) >= 0) {
        if (c == '\n') {
            if (++n == MAXL)
                break;
            len = 0;
        } else if (len < LEN - 1) {
            lines[n][len++] = (char)c;
        }
    }
    if (len > 0 && n < MAXL)
        n++;
    static char all[MAXL * LEN + 8];
    all[0] = 0;
    for (int i = 0; i < n; i++) {
        char buf[LEN];
        my_strcpy(buf, lines[i]);
        out_u("len", my_strlen(buf));
        if (my_strlen(buf) != strlen(buf))
            out_s("strlen", "MISMATCH");
        out_i("palindrome", palindrome(buf));
        reverse(buf);
        out_s("reversed", buf);
        for (char *p = buf; *p; p++)
            if (*p >= 'a' && *p <= 'z')
                *p = (char)(*p - 32);
        out_s("upper", buf);
        const char *e = my_strchr(lines[i], 'e'), *o = my_strrchr(lines[i], 'o');
        out_i("strchr e", e ? (int)(e - lines[i]) : -1);
        out_i("strrchr o", o ? (int)(o - lines[i]) : -1);
        const char *t = my_strstr(lines[i], "the");
        out_i("strstr the", t ? (int)(t - lines[i]) : -1);
        if (i > 0) {
            int r = my_strcmp(lines[i - 1], lines[i]);
            out_i("cmp prev", r);
            int m = memcmp(lines[i - 1], lines[i], LEN);
            if ((r < 0) != (m < 0) || (r > 0) != (m > 0))
                out_s("memcmp", "MISMATCH");
            mix((unsigned)r);
        }
        my_strcat(all, lines[i]);
        my_strcat(all, "|");
        mix(my_strlen(buf));
    }
    out_s("joined", all);
    out_u("joined len", my_strlen(all));
    return digest();
}
