/* packed: __attribute__((packed)) structures: fields at odd offsets,
 * which x86 reads with ordinary unaligned loads and PowerPC with
 * byte loads or unaligned word loads; arrays of packed records parsed
 * from a byte stream; a packed bit-field header; sizeof and offsetof
 * checks; aligned(16) objects.  Field values do not depend on the byte
 * order: records are decoded from bytes explicitly.  Input: raw bytes,
 * records of 11 bytes (1 kind, 4 id MSB first, 2 len MSB first, 4 value
 * MSB first). */
#include "corpus.h"

struct __attribute__((packed)) rec {
    unsigned char kind;
    unsigned id;
    unsigned short len;
    int value;
};

struct __attribute__((packed)) hdr {
    unsigned char a;
    unsigned long long big;
    short s;
};

struct __attribute__((aligned(16))) al {
    unsigned char c;
    unsigned w;
};

_Static_assert(sizeof(struct rec) == 11, "packed rec");
_Static_assert(sizeof(struct hdr) == 11, "packed hdr");
_Static_assert(__builtin_offsetof(struct rec, value) == 7, "offset");
_Static_assert(sizeof(struct al) == 16, "aligned");

static unsigned be32(const unsigned char *p)
{
    return (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
}

int main(void)
{
    static struct rec recs[24];
    unsigned char raw[11];
    int n = 0;
    while (n < 24) {
        mcveto_ssize_t got = read(0, raw, sizeof raw);
        if (got < (mcveto_ssize_t)sizeof raw)
            break;
        recs[n].kind = raw[0];
        recs[n].id = be32(raw + 1);
        recs[n].len = (unsigned short)(raw[5] << 8 | raw[6]);
        recs[n].value = (int)be32(raw + 7);
        n++;
    }
    long long total = 0;
    unsigned ids = 0;
    for (int i = 0; i < n; i++) {
        struct rec *r = &recs[i]; /* unaligned members through a pointer */
        out_u("kind", r->kind);
        out_x("id", r->id);
        out_u("len", r->len);
        out_i("value", r->value);
        total += r->value;
        ids ^= r->id + r->len;
        r->value = (int)((unsigned)r->value + 1); /* unaligned read-modify-write */
        r->len = (unsigned short)(r->len * 3);
        mix(r->id ^ (unsigned)r->value ^ r->len);
    }
    out_i("records", n);
    out_i("total", total);
    out_x("ids", ids);
    struct hdr h = {0x7f, 0x0123456789abcdefull, -2};
    struct hdr copy = h;
    copy.big += 0x1111111111111111ull;
    copy.s = (short)(copy.s * 1000);
    out_x("hdr big", copy.big);
    out_i("hdr s", copy.s);
    struct al x[3];
    for (int i = 0; i < 3; i++) {
        x[i].c = (unsigned char)i;
        x[i].w = (unsigned)n * 77u + (unsigned)i;
    }
    out_i("aligned", ((unsigned)(__UINTPTR_TYPE__)&x[1] & 15) == 0);
    out_u("x2.w", x[2].w);
    mix(copy.big);
    return digest();
}
