/* structs: structures by value: copies (inline moves or rep movsl /
 * memcpy calls for big ones), passing and returning structs by value (a
 * hidden return pointer), arrays of structs indexed by input, nested
 * structs, pointers to members, a struct swap and a sort by key.
 * Input: numbers (text): records "id score" until end of input. */
#include "corpus.h"

struct point {
    int x, y;
};

struct rec {
    unsigned id;
    int score;
    struct point pos;
    unsigned char tag[6];
    short delta;
};

struct big {
    unsigned w[40];
    struct rec r;
};

static struct point padd(struct point a, struct point b)
{
    struct point p = {a.x + b.x, a.y + b.y};
    return p;
}

static struct rec make(unsigned id, int score)
{
    struct rec r;
    r.id = id;
    r.score = score;
    r.pos.x = (int)(id % 17) - 8;
    r.pos.y = score / 3;
    for (int i = 0; i < 6; i++)
        r.tag[i] = (unsigned char)('a' + (id + (unsigned)i) % 26);
    r.delta = (short)((unsigned)score - id);
    return r;
}

static struct big bigmake(unsigned seed)
{
    struct big b;
    for (int i = 0; i < 40; i++) {
        seed = seed * 1103515245u + 12345u;
        b.w[i] = seed >> 8;
    }
    b.r = make(seed & 0xff, (int)(seed >> 20));
    return b;
}

static unsigned bigsum(struct big b) /* by value: a 180-byte copy */
{
    unsigned s = 0;
    for (int i = 0; i < 40; i++)
        s += b.w[i] ^ (unsigned)i;
    b.w[0] = 0; /* changes the copy only */
    return s + b.r.id;
}

static void swap(struct rec *a, struct rec *b)
{
    struct rec t = *a;
    *a = *b;
    *b = t;
}

int main(void)
{
    struct rec recs[16];
    int n = 0;
    unsigned long long id;
    while (n < 16 && in_num(&id)) {
        recs[n] = make((unsigned)id, (int)in_s64(0));
        n++;
    }
    if (n == 0)
        recs[n++] = make(42, -7);
    /* selection sort by score, then id */
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (recs[j].score < recs[i].score || (recs[j].score == recs[i].score && recs[j].id < recs[i].id))
                swap(&recs[i], &recs[j]);
    struct point sum = {0, 0};
    for (int i = 0; i < n; i++) {
        out_u("id", recs[i].id);
        out_i("score", recs[i].score);
        out_i("delta", recs[i].delta);
        char tag[7];
        for (int k = 0; k < 6; k++)
            tag[k] = (char)recs[i].tag[k];
        tag[6] = 0;
        out_s("tag", tag);
        sum = padd(sum, recs[i].pos);
        mix(recs[i].id ^ (unsigned)recs[i].score);
    }
    out_i("sum.x", sum.x);
    out_i("sum.y", sum.y);
    struct big b1 = bigmake((unsigned)n), b2;
    b2 = b1;
    b2.w[3] ^= 1;
    out_x("bigsum1", bigsum(b1));
    out_x("bigsum2", bigsum(b2));
    out_u("b1.w0 kept", b1.w[0] != 0);
    int *member = &recs[0].pos.y;
    *member += 1000;
    out_i("via member ptr", recs[0].pos.y);
    mix(bigsum(b2) ^ (unsigned)sum.x);
    return digest();
}
