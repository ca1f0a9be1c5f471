/* hash: string and integer hashes: FNV-1a 32 and 64 (64-bit multiplies
 * by a constant), djb2, sdbm, Adler-32 (modulo 65521), Jenkins
 * one-at-a-time, the MurmurHash3 32-bit finaliser and a 64-bit
 * splitmix finaliser; a tiny open-addressing hash table counts distinct
 * words.  Input: text. */
#include "corpus.h"

static unsigned fnv32(const unsigned char *p, int n)
{
    unsigned h = 2166136261u;
    for (int i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

static unsigned long long fnv64(const unsigned char *p, int n)
{
    unsigned long long h = 14695981039346656037ull;
    for (int i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

static unsigned djb2(const unsigned char *p, int n)
{
    unsigned h = 5381;
    for (int i = 0; i < n; i++)
        h = ((h << 5) + h) + p[i];
    return h;
}

static unsigned sdbm(const unsigned char *p, int n)
{
    unsigned h = 0;
    for (int i = 0; i < n; i++)
        h = p[i] + (h << 6) + (h << 16) - h;
    return h;
}

static unsigned adler32(const unsigned char *p, int n)
{
    unsigned a = 1, b = 0;
    for (int i = 0; i < n; i++) {
        a = (a + p[i]) % 65521;
        b = (b + a) % 65521;
    }
    return b << 16 | a;
}

static unsigned oaat(const unsigned char *p, int n)
{
    unsigned h = 0;
    for (int i = 0; i < n; i++) {
        h += p[i];
        h += h << 10;
        h ^= h >> 6;
    }
    h += h << 3;
    h ^= h >> 11;
    h += h << 15;
    return h;
}

static unsigned fmix32(unsigned h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

static unsigned long long splitmix(unsigned long long z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#define TSIZE 64
static unsigned keys[TSIZE];
static int used[TSIZE];

static int insert(unsigned h)
{
    unsigned i = fmix32(h) & (TSIZE - 1);
    for (int probe = 0; probe < TSIZE; probe++, i = (i + 1) & (TSIZE - 1)) {
        if (!used[i]) {
            used[i] = 1;
            keys[i] = h;
            return 1;
        }
        if (keys[i] == h)
            return 0;
    }
    return 0;
}

int main(void)
{
    static unsigned char buf[2048];
    int n = (int)read(0, buf, sizeof buf);
    if (n < 0)
        n = 0;
    out_x("fnv32", fnv32(buf, n));
    out_x("fnv64", fnv64(buf, n));
    out_x("djb2", djb2(buf, n));
    out_x("sdbm", sdbm(buf, n));
    out_x("adler32", adler32(buf, n));
    out_x("oaat", oaat(buf, n));
    out_x("fmix32", fmix32((unsigned)n));
    out_x("splitmix", splitmix(fnv64(buf, n)));
    int distinct = 0, start = -1;
    for (int i = 0; i <= n; i++) {
        int word = i < n && buf[i] > ' ';
        if (word && start < 0)
            start = i;
        if (!word && start >= 0) {
            distinct += insert(fnv32(buf + start, i - start));
            start = -1;
        }
    }
    out_i("distinct words", distinct);
    mix(fnv64(buf, n) ^ adler32(buf, n) ^ oaat(buf, n));
    return digest();
}
