/* atomics: gcc's __atomic and __sync builtins on 8-, 16- and 32-bit
 * objects in a single thread (lock xadd, lock cmpxchg, xchg, lock
 * or/and on x86; lwarx/stwcx. loops, masked for narrow types, on
 * PowerPC), fetch-and-op versus op-and-fetch results, compare-exchange
 * success and failure, test-and-set, and fences.  64-bit atomics are
 * left out: on 32-bit PowerPC they are libatomic calls.  Input: numbers
 * (text). */
#include "corpus.h"

static unsigned w32;
static unsigned short w16;
static unsigned char w8;
static int flag_word;

int main(void)
{
    unsigned long long v;
    int n = 0;
    while (in_num(&v)) {
        unsigned x = (unsigned)v;
        unsigned a = __atomic_fetch_add(&w32, x, __ATOMIC_SEQ_CST);
        unsigned b = __atomic_add_fetch(&w32, 3, __ATOMIC_RELAXED);
        unsigned c = __sync_fetch_and_sub(&w32, x >> 1);
        unsigned d = __atomic_fetch_or(&w32, x << 4, __ATOMIC_ACQ_REL);
        unsigned e = __atomic_and_fetch(&w32, ~x | 0xf0f0f0f0u, __ATOMIC_SEQ_CST);
        unsigned f = __atomic_fetch_xor(&w32, 0x5a5a5a5au, __ATOMIC_SEQ_CST);
        unsigned g = __atomic_exchange_n(&w32, f + x, __ATOMIC_SEQ_CST);
        out_x("fetch_add", a);
        out_x("add_fetch", b);
        out_x("fetch_sub", c);
        out_x("fetch_or", d);
        out_x("and_fetch", e);
        out_x("fetch_xor", f);
        out_x("exchange", g);
        unsigned expect = w32 ^ (x & 1); /* fails when x is odd */
        int ok = __atomic_compare_exchange_n(&w32, &expect, x * 7, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        out_i("cas ok", ok);
        out_x("cas expect", expect);
        out_x("w32", w32);
        unsigned old = __sync_val_compare_and_swap(&w32, x * 7, x * 9);
        out_x("val cas", old);
        unsigned short h = __atomic_fetch_add(&w16, (unsigned short)x, __ATOMIC_SEQ_CST);
        unsigned short h2 = __atomic_sub_fetch(&w16, 0x101, __ATOMIC_SEQ_CST);
        unsigned char c8 = __atomic_fetch_or(&w8, (unsigned char)(x >> 3), __ATOMIC_SEQ_CST);
        unsigned char c9 = __atomic_exchange_n(&w8, (unsigned char)(c8 + 1), __ATOMIC_SEQ_CST);
        unsigned char e8 = (unsigned char)x;
        int ok8 = __atomic_compare_exchange_n(&w8, &e8, (unsigned char)0x42, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        out_x("w16 old", h);
        out_x("w16 new", h2);
        out_x("w8 or", c8);
        out_x("w8 xchg", c9);
        out_i("cas8 ok", ok8);
        out_x("w8", w8);
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
        int was = __atomic_test_and_set(&flag_word, __ATOMIC_SEQ_CST);
        out_i("test_and_set", was);
        if (x & 2)
            __atomic_clear(&flag_word, __ATOMIC_SEQ_CST);
        __sync_synchronize();
        mix(w32 ^ (unsigned)w16 << 8 ^ w8);
        n++;
    }
    out_x("final", __atomic_load_n(&w32, __ATOMIC_ACQUIRE));
    __atomic_store_n(&w32, 0, __ATOMIC_RELEASE);
    return digest() ^ n;
}
