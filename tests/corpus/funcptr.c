/* funcptr: indirect calls: a table of function pointers indexed by input
 * (call *table(,%eax,4) / mtctr+bctrl), pointers passed as arguments
 * (callbacks, a fold), returned from functions, stored in structs, and
 * a function pointer to a function taking and returning 64-bit values.
 * Input: text "op a b" triples where op is a number 0..7. */
#include "corpus.h"

typedef int (*binop)(int, int);

static int op_add(int a, int b) { return (int)((unsigned)a + (unsigned)b); }
static int op_sub(int a, int b) { return (int)((unsigned)a - (unsigned)b); }
static int op_mul(int a, int b) { return (int)((unsigned)a * (unsigned)b); }
static int op_and(int a, int b) { return a & b; }
static int op_or(int a, int b) { return a | b; }
static int op_xor(int a, int b) { return a ^ b; }
static int op_min(int a, int b) { return a < b ? a : b; }
static int op_max(int a, int b) { return a > b ? a : b; }

static const binop table[8] = {op_add, op_sub, op_mul, op_and, op_or, op_xor, op_min, op_max};
static const char *const names[8] = {"add", "sub", "mul", "and", "or", "xor", "min", "max"};

struct op {
    const char *name;
    binop fn;
    int unit;
};

static const struct op folds[] = {{"sum", op_add, 0}, {"product", op_mul, 1}, {"max", op_max, -2147483647 - 1}};

static int fold(binop f, int unit, const int *v, int n)
{
    int acc = unit;
    for (int i = 0; i < n; i++)
        acc = f(acc, v[i]);
    return acc;
}

static binop pick(int k) { return table[k & 7]; }

static unsigned long long twice(unsigned long long (*f)(unsigned long long), unsigned long long x)
{
    return f(f(x));
}
static unsigned long long sq_plus1(unsigned long long x) { return x * x + 1; }
static unsigned long long halve(unsigned long long x) { return x >> 1; }

int main(void)
{
    int vals[32];
    int n = 0;
    unsigned long long op;
    while (in_num(&op)) {
        int a = (int)in_s64(0), b = (int)in_s64(0);
        int r = table[op & 7](a, b);
        out_s("op", names[op & 7]);
        out_i("result", r);
        if (n < 32)
            vals[n++] = r;
        mix((unsigned)r);
    }
    for (unsigned i = 0; i < sizeof folds / sizeof folds[0]; i++) {
        int r = fold(folds[i].fn, folds[i].unit, vals, n);
        out_i(folds[i].name, r);
        mix((unsigned)r);
    }
    int chain = 1;
    for (int k = 0; k < 40; k++)
        chain = pick(k * 5 + 3)(chain, k + 3);
    out_i("chain", chain);
    unsigned long long (*fs[2])(unsigned long long) = {sq_plus1, halve};
    out_u("twice sq", twice(fs[n & 1 ? 1 : 0], (unsigned long long)n + 3));
    out_u("twice halve", twice(fs[1], 0xffffffffffull));
    mix((unsigned)chain);
    return digest();
}
