/* arith64: 64-bit arithmetic on a 32-bit machine: add/sub with carry
 * (adc/sbb, addc/adde), multiply (three 32-bit multiplies), division and
 * remainder (libgcc __udivdi3/__divdi3/__umoddi3/__moddi3, or
 * __udivmoddi4), shifts by constants and by variable amounts (shld/shrd
 * with a test of bit 5 on x86), signed and unsigned comparisons.
 * Input: pairs "a b" of 64-bit numbers (text); b's low 6 bits are also
 * the variable shift count. */
#include "corpus.h"

#define LLMIN (-9223372036854775807LL - 1)

static void pair(unsigned long long a, unsigned long long b)
{
    long long sa = (long long)a, sb = (long long)b;
    unsigned n = (unsigned)b & 63;
    out_i("a", sa);
    out_i("b", sb);
    out_x("a+b", a + b);
    out_x("a-b", a - b);
    out_x("a*b", a * b);
    out_x("-a", 0 - a);
    if (b) {
        out_u("a/b u", a / b);
        out_u("a%b u", a % b);
        if (!(sa == LLMIN && sb == -1)) {
            out_i("a/b s", sa / sb);
            out_i("a%b s", sa % sb);
        }
    }
    out_x("a<<n", a << n);
    out_x("a>>n", a >> n);
    out_i("sa>>n", sa >> n);
    out_x("a<<1", a << 1);
    out_x("a>>1", a >> 1);
    out_i("sa>>1", sa >> 1);
    out_x("a<<32", a << 32);
    out_x("a>>32", a >> 32);
    out_i("sa>>40", sa >> 40);
    out_x("a>>63", a >> 63);
    out_i("s<", sa < sb);
    out_i("u<", a < b);
    out_i("s<=", sa <= sb);
    out_i("u>", a > b);
    out_i("eq", a == b);
    out_i("hi==", (unsigned)(a >> 32) == (unsigned)(b >> 32));
    mix(a * b ^ (a >> n) ^ (b ? a / b : 0));
}

int main(void)
{
    unsigned long long a;
    int n = 0;
    while (in_num(&a)) {
        pair(a, in_u64(1));
        n++;
    }
    /* Constant operands with interesting carries, computed through
     * volatile so gcc cannot fold them. */
    volatile unsigned long long x = 0xffffffffull, y = 1;
    out_x("carry", x + y);
    volatile long long m = -1;
    out_i("borrow", (long long)(0 - (unsigned long long)m) - 2);
    out_i("pairs", n);
    return digest();
}
