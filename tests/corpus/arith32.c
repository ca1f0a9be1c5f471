/* arith32: 32-bit integer arithmetic, signed and unsigned.
 * Input: pairs of numbers "a b" (text); each pair is truncated to 32 bits.
 * For each pair: + - * / % (signed, unsigned), negation, mixed signed/
 * unsigned comparison, and the widening 32x32->64 multiply (imul/mul with
 * the high half).  INT_MIN / -1 and division by zero are skipped (UB). */
#include "corpus.h"

static void pair(unsigned a, unsigned b)
{
    int sa = (int)a, sb = (int)b;
    out_i("a", sa);
    out_i("b", sb);
    out_x("a+b", a + b);
    out_x("a-b", a - b);
    out_x("a*b", a * b);
    out_x("-a", 0u - a);
    out_x("~a^b", ~a ^ b);
    out_x("a&b|a^b", (a & b) | (a ^ b));
    if (b != 0) {
        out_u("a/b u", a / b);
        out_u("a%b u", a % b);
        if (!(sa == (-2147483647 - 1) && sb == -1)) {
            out_i("a/b s", sa / sb);
            out_i("a%b s", sa % sb);
        }
    }
    out_x("umul64", (unsigned long long)a * b);
    out_i("smul64", (long long)sa * sb);
    out_x("umulhi", (unsigned)(((unsigned long long)a * b) >> 32));
    out_i("smulhi", (int)(((long long)sa * sb) >> 32));
    out_i("s<", sa < sb);
    out_i("u<", a < b);
    out_i("s>=", sa >= sb);
    out_i("u>=", a >= b);
    out_i("mixed", sa < 0 && a > b);
    mix(a * b + (a ^ b));
}

int main(void)
{
    unsigned long long a, b;
    int n = 0;
    while (in_num(&a)) {
        b = in_u64(1);
        pair((unsigned)a, (unsigned)b);
        n++;
    }
    out_i("pairs", n);
    return digest();
}
