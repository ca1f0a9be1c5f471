/* gotos: unstructured control flow: loops made of goto, a goto-based
 * error-cleanup chain (the Linux kernel idiom), jumping out of nested
 * loops, backward gotos into a retry loop, and gcc's computed goto
 * (&&label, a table of label addresses: an indirect jump) dispatching a
 * tiny threaded interpreter.  Input: text; each byte is an instruction
 * for the threaded interpreter ('+', '-', '*', 'd' double, 'n' negate,
 * 'r' reset, anything else: skip). */
#include "corpus.h"

static int find_pair(const int *a, int n, int target, int *pi, int *pj)
{
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (a[i] + a[j] == target) {
                *pi = i;
                *pj = j;
                goto found;
            }
    return 0;
found:
    return 1;
}

static int steps_setup(int fail_at, int *cleaned)
{
    int stage = 0;
    *cleaned = 0;
    if (fail_at == 1)
        goto fail1;
    stage++;
    if (fail_at == 2)
        goto fail2;
    stage++;
    if (fail_at == 3)
        goto fail3;
    stage++;
    return stage;
fail3:
    *cleaned |= 4;
fail2:
    *cleaned |= 2;
fail1:
    *cleaned |= 1;
    return -stage;
}

static unsigned collatz_goto(unsigned n)
{
    unsigned steps = 0;
top:
    if (n <= 1)
        goto done;
    if (n & 1)
        goto odd;
    n >>= 1;
    steps++;
    goto top;
odd:
    n = 3 * n + 1;
    steps++;
    goto top;
done:
    return steps;
}

static int threaded(const unsigned char *code, int len)
{
    static void *const ops[8] = {&&op_skip, &&op_inc, &&op_dec, &&op_mul, &&op_dbl, &&op_neg, &&op_reset, &&op_end};
    int acc = 1, pc = 0;
#define NEXT                                                        \
    do {                                                            \
        if (pc >= len)                                              \
            goto *ops[7];                                           \
        unsigned char c = code[pc++];                               \
        goto *ops[c == '+' ? 1 : c == '-' ? 2 : c == '*' ? 3 :      \
                  c == 'd' ? 4 : c == 'n' ? 5 : c == 'r' ? 6 : 0];  \
    } while (0)
    NEXT;
op_skip:
    NEXT;
op_inc:
    acc = (int)((unsigned)acc + 1);
    NEXT;
op_dec:
    acc = (int)((unsigned)acc - 1);
    NEXT;
op_mul:
    acc = (int)((unsigned)acc * 3u);
    NEXT;
op_dbl:
    acc = (int)((unsigned)acc << 1);
    NEXT;
op_neg:
    acc = (int)(0u - (unsigned)acc);
    NEXT;
op_reset:
    acc = 0;
    NEXT;
op_end:
    return acc;
#undef NEXT
}

int main(void)
{
    static unsigned char code[256];
    int len = (int)read(0, code, sizeof code);
    if (len < 0)
        len = 0;
    int acc = threaded(code, len);
    out_i("threaded", acc);
    int a[16];
    for (int i = 0; i < 16; i++)
        a[i] = (i * 7 + len) % 23;
    int pi = -1, pj = -1;
    int found = find_pair(a, 16, 30 + len % 5, &pi, &pj);
    out_i("found", found);
    out_i("i", pi);
    out_i("j", pj);
    for (int f = 0; f <= 3; f++) {
        int cleaned, r = steps_setup(f, &cleaned);
        out_i("setup", r);
        out_i("cleaned", cleaned);
        mix((unsigned)r * 8u + (unsigned)cleaned);
    }
    unsigned tries = 0, x = (unsigned)len + 27;
retry:
    tries++;
    x = x * 5 + 1;
    if ((x & 7) != 3 && tries < 50)
        goto retry;
    out_u("tries", tries);
    out_u("collatz", collatz_goto((unsigned)len + 27));
    mix((unsigned)acc ^ tries);
    return digest();
}
