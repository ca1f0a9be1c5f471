/* promote: the integer promotions and conversions of C on narrow types:
 * signed/unsigned char and short extended to int (movsx/movzx, extsb/
 * extsh, rlwinm), truncation on store, wrap-around of unsigned arithmetic,
 * comparisons between signed and unsigned operands, INT_MIN corner cases
 * that are defined (negation through unsigned, INT_MIN % 1, INT_MIN / 2),
 * and conversions between 32- and 64-bit.  Plain char is avoided: it is
 * signed on x86 and unsigned on PowerPC.
 * Input: numbers (text); each is tried as every narrow type. */
#include "corpus.h"

#define INTMIN (-2147483647 - 1)

static volatile int vzero; /* defeats constant folding */

static void one(unsigned long long v)
{
    signed char sc = (signed char)v;
    unsigned char uc = (unsigned char)v;
    short ss = (short)v;
    unsigned short us = (unsigned short)v;
    int si = (int)v;
    unsigned ui = (unsigned)v;
    out_x("v", v);
    out_i("sc", sc);
    out_i("uc", uc);
    out_i("ss", ss);
    out_i("us", us);
    out_i("sc+uc", sc + uc);
    out_i("ss*us", (long long)ss * us);
    out_i("sc<uc", sc < uc);
    out_i("si<ui", (unsigned)si < ui + 1u);
    out_i("sc<0u", (unsigned)sc > 0x7fffffffu);
    out_i("si<(ll)ui", si < (long long)ui);
    unsigned char wrap = (unsigned char)(uc + 200);
    out_i("uc+200", wrap);
    unsigned short sq = (unsigned short)(us * us);
    out_i("us*us", sq);
    out_i("sc>>1", sc >> 1);
    out_i("ss>>3", ss >> 3);
    out_i("uc>>1", uc >> 1);
    out_i("(sc)ui", (signed char)ui);
    out_i("(ss)(ui>>8)", (short)(ui >> 8));
    long long widened = si;
    unsigned long long zwidened = ui;
    out_i("sext64", widened);
    out_u("zext64", zwidened);
    out_i("sext8to64", (long long)sc);
    int neg = (int)(0u - ui); /* defined negation, even of INT_MIN */
    out_i("neg", neg);
    if (si != INTMIN)
        out_i("abs", si < 0 ? -si : si);
    out_i("si/2", si / 2);
    out_i("si%1", si % 1);
    out_i("si%-7", si % -7);
    out_i("si/-7", si / -7);
    out_i("ui/7", ui / 7);
    unsigned short arr[4] = {us, (unsigned short)(us + 1), (unsigned short)~us, 0};
    signed char sarr[4] = {sc, (signed char)(sc + 1), (signed char)~sc, (signed char)(sc ^ 0x55)};
    int sum = 0;
    for (int i = 0; i < 4; i++)
        sum += arr[i] - sarr[i] + vzero;
    out_i("sum", sum);
    mix((unsigned)sum ^ (unsigned)widened ^ sq);
}

int main(void)
{
    unsigned long long v;
    int n = 0;
    while (in_num(&v)) {
        one(v);
        n++;
    }
    out_i("INT_MIN/2", INTMIN / 2 + vzero);
    out_i("INT_MIN%3", (INTMIN + vzero) % 3);
    out_u("UINT_MAX+1", 0xffffffffu + 1u + (unsigned)vzero);
    out_i("count", n);
    return digest();
}
