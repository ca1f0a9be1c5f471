/* arch/rv32.c — the RISC-V RV32IM part of the mcveto harness.
 *
 * _start and mcveto_syscall are pure assembly, so the code is the same at
 * every optimisation level.
 *
 * _start: Linux enters with sp pointing at argc, followed by argv[0..argc-1],
 * a null pointer, envp[...], a null pointer, and the auxiliary vector.  No
 * other register is relied on (mcveto treats them as inputs): _start loads
 * gp with __global_pointer$ (the linker relaxes accesses near it to
 * gp-relative ones), clears ra and s0 (the end of the frame chain), aligns
 * sp to 16 bytes (the ilp32 ABI), calls main(argc, argv, envp) and passes its
 * return value to exit.
 *
 * mcveto_syscall(nr, a1, a2, a3): the one `ecall` in the program.  The
 * number goes in a7, the arguments in a0, a1, a2; the kernel returns the
 * result or -errno in a0.
 *
 * libgcc.  Debian's riscv64 cross compiler ships libgcc for rv64 only, so
 * mcveto-cc links rv32 programs without it and the helpers gcc calls for
 * rv32im are defined here, in C that uses only 32-bit operations and 64-bit
 * additions, shifts and comparisons (which gcc expands inline on rv32), so
 * none of them calls another helper: 64-bit division and remainder
 * (__udivdi3, __umoddi3, __divdi3, __moddi3, __udivmoddi4, __divmoddi4),
 * __muldi3 (unused with the M extension, defined for completeness), the
 * 64-bit shifts (__ashldi3, __lshrdi3, __ashrdi3), and the bit counts and
 * byte swaps of the __builtin_* functions without Zbb (__clzsi2, __ctzsi2,
 * __clzdi2, __ctzdi2, __popcountsi2, __popcountdi2, __paritysi2,
 * __paritydi2, __ffssi2, __ffsdi2, __clrsbsi2, __clrsbdi2, __bswapsi2,
 * __bswapdi2), the 64-bit comparisons (__cmpdi2, __ucmpdi2), and, since
 * rv32im has no A extension, the atomic operations gcc turns into library
 * calls (libatomic's __atomic_*_N and libgcc's __sync_*_N for N = 1, 2, 4):
 * a program is one thread without signal handlers, so plain loads and
 * stores implement them.  They are weak, like the rest of the harness.
 */
#pragma GCC optimize("O2", "no-tree-loop-distribute-patterns")

__asm__(
    "	.text\n"
    "	.globl	_start\n"
    "	.type	_start, @function\n"
    "_start:\n"
    "	.option	push\n"
    "	.option	norelax\n"
    "	lla	gp, __global_pointer$\n"
    "	.option	pop\n"
    "	li	ra, 0\n"
    "	li	s0, 0\n"
    "	lw	a0, 0(sp)\n"           /* argc */
    "	addi	a1, sp, 4\n"           /* argv */
    "	slli	a2, a0, 2\n"
    "	add	a2, a2, a1\n"
    "	addi	a2, a2, 4\n"           /* envp = argv + argc + 1 */
    "	andi	sp, sp, -16\n"
    "	call	main\n"
    "	call	exit\n"
    "	ebreak\n"                      /* not reached */
    "	.size	_start, .-_start\n"
    "\n"
    "	.globl	mcveto_syscall\n"
    "	.type	mcveto_syscall, @function\n"
    "mcveto_syscall:\n"
    "	mv	a7, a0\n"
    "	mv	a0, a1\n"
    "	mv	a1, a2\n"
    "	mv	a2, a3\n"
    "	ecall\n"
    "	ret\n"
    "	.size	mcveto_syscall, .-mcveto_syscall\n");

#define WEAK __attribute__((__weak__))

typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;

/* ---- 64-bit division: restoring shift-and-subtract ---------------------- */

WEAK u64 __udivmoddi4(u64 n, u64 d, u64 *rem);
WEAK u64 __udivmoddi4(u64 n, u64 d, u64 *rem)
{
    u64 q = 0, r = 0;
    int i;
    if (d == 0) { /* undefined in C; RISC-V's divu by zero gives all ones */
        if (rem)
            *rem = n;
        return ~(u64)0;
    }
    if ((n >> 32) == 0 && (d >> 32) == 0) { /* the M extension's divu/remu */
        u32 n32 = (u32)n, d32 = (u32)d;
        if (rem)
            *rem = n32 % d32;
        return n32 / d32;
    }
    for (i = 63; i >= 0; i--) {
        r = (r << 1) | ((n >> i) & 1);
        if (r >= d) {
            r -= d;
            q |= (u64)1 << i;
        }
    }
    if (rem)
        *rem = r;
    return q;
}

WEAK u64 __udivdi3(u64 n, u64 d);
WEAK u64 __udivdi3(u64 n, u64 d)
{
    return __udivmoddi4(n, d, 0);
}

WEAK u64 __umoddi3(u64 n, u64 d);
WEAK u64 __umoddi3(u64 n, u64 d)
{
    u64 r;
    __udivmoddi4(n, d, &r);
    return r;
}

static u64 uabs64(s64 x)
{
    return x < 0 ? -(u64)x : (u64)x;
}

WEAK s64 __divmoddi4(s64 n, s64 d, s64 *rem);
WEAK s64 __divmoddi4(s64 n, s64 d, s64 *rem)
{
    u64 r, q = __udivmoddi4(uabs64(n), uabs64(d), &r);
    if ((n < 0) != (d < 0))
        q = -q;
    if (n < 0)
        r = -r;
    if (rem)
        *rem = (s64)r;
    return (s64)q;
}

WEAK s64 __divdi3(s64 n, s64 d);
WEAK s64 __divdi3(s64 n, s64 d)
{
    return __divmoddi4(n, d, 0);
}

WEAK s64 __moddi3(s64 n, s64 d);
WEAK s64 __moddi3(s64 n, s64 d)
{
    s64 r;
    __divmoddi4(n, d, &r);
    return r;
}

/* ---- 64-bit multiply and shifts, on 32-bit halves ------------------------ */

WEAK s64 __muldi3(s64 a, s64 b);
WEAK s64 __muldi3(s64 a, s64 b)
{
    u32 al = (u32)a, ah = (u32)((u64)a >> 32), bl = (u32)b, bh = (u32)((u64)b >> 32);
    u32 lo = al * bl;
    u32 hi = (u32)(((u64)al * bl) >> 32) + al * bh + ah * bl;
    return (s64)(((u64)hi << 32) | lo);
}

WEAK s64 __ashldi3(s64 a, int n);
WEAK s64 __ashldi3(s64 a, int n)
{
    u32 lo = (u32)a, hi = (u32)((u64)a >> 32);
    if (n == 0)
        return a;
    if (n >= 32) {
        hi = lo << (n - 32);
        lo = 0;
    } else {
        hi = (hi << n) | (lo >> (32 - n));
        lo <<= n;
    }
    return (s64)(((u64)hi << 32) | lo);
}

WEAK u64 __lshrdi3(u64 a, int n);
WEAK u64 __lshrdi3(u64 a, int n)
{
    u32 lo = (u32)a, hi = (u32)(a >> 32);
    if (n == 0)
        return a;
    if (n >= 32) {
        lo = hi >> (n - 32);
        hi = 0;
    } else {
        lo = (lo >> n) | (hi << (32 - n));
        hi >>= n;
    }
    return ((u64)hi << 32) | lo;
}

WEAK s64 __ashrdi3(s64 a, int n);
WEAK s64 __ashrdi3(s64 a, int n)
{
    u32 lo = (u32)a;
    s32 hi = (s32)((u64)a >> 32);
    if (n == 0)
        return a;
    if (n >= 32) {
        lo = (u32)(hi >> (n - 32));
        hi = hi >> 31;
    } else {
        lo = (lo >> n) | ((u32)hi << (32 - n));
        hi >>= n;
    }
    return (s64)(((u64)(u32)hi << 32) | lo);
}

/* ---- bit counts and byte swaps ------------------------------------------- */

WEAK int __clzsi2(u32 x);
WEAK int __clzsi2(u32 x)
{
    int n = 0;
    if (x == 0)
        return 32;
    while (!(x & 0x80000000u)) {
        x <<= 1;
        n++;
    }
    return n;
}

WEAK int __ctzsi2(u32 x);
WEAK int __ctzsi2(u32 x)
{
    int n = 0;
    if (x == 0)
        return 32;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
}

WEAK int __clzdi2(u64 x);
WEAK int __clzdi2(u64 x)
{
    u32 hi = (u32)(x >> 32);
    return hi ? __clzsi2(hi) : 32 + __clzsi2((u32)x);
}

WEAK int __ctzdi2(u64 x);
WEAK int __ctzdi2(u64 x)
{
    u32 lo = (u32)x;
    return lo ? __ctzsi2(lo) : 32 + __ctzsi2((u32)(x >> 32));
}

WEAK int __popcountsi2(u32 x);
WEAK int __popcountsi2(u32 x)
{
    int n = 0;
    for (; x; x &= x - 1) /* one bit at a time: not gcc's popcount idiom */
        n++;
    return n;
}

WEAK int __popcountdi2(u64 x);
WEAK int __popcountdi2(u64 x)
{
    return __popcountsi2((u32)x) + __popcountsi2((u32)(x >> 32));
}

WEAK int __paritysi2(u32 x);
WEAK int __paritysi2(u32 x)
{
    return __popcountsi2(x) & 1;
}

WEAK int __paritydi2(u64 x);
WEAK int __paritydi2(u64 x)
{
    return __popcountsi2((u32)x ^ (u32)(x >> 32)) & 1;
}

WEAK int __ffssi2(u32 x);
WEAK int __ffssi2(u32 x)
{
    return x ? __ctzsi2(x) + 1 : 0;
}

WEAK int __ffsdi2(u64 x);
WEAK int __ffsdi2(u64 x)
{
    return x ? __ctzdi2(x) + 1 : 0;
}

WEAK u32 __bswapsi2(u32 x);
WEAK u32 __bswapsi2(u32 x)
{
    return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

WEAK u64 __bswapdi2(u64 x);
WEAK u64 __bswapdi2(u64 x)
{
    return ((u64)__bswapsi2((u32)x) << 32) | __bswapsi2((u32)(x >> 32));
}

WEAK int __clrsbsi2(s32 x);
WEAK int __clrsbsi2(s32 x)
{
    return __clzsi2((u32)(x < 0 ? ~x : x)) - 1;
}

WEAK int __clrsbdi2(s64 x);
WEAK int __clrsbdi2(s64 x)
{
    return __clzdi2((u64)(x < 0 ? ~x : x)) - 1;
}

/* ---- 64-bit comparisons: 0 less, 1 equal, 2 greater --------------------- */

WEAK int __cmpdi2(s64 a, s64 b);
WEAK int __cmpdi2(s64 a, s64 b)
{
    return a < b ? 0 : a > b ? 2 : 1;
}

WEAK int __ucmpdi2(u64 a, u64 b);
WEAK int __ucmpdi2(u64 a, u64 b)
{
    return a < b ? 0 : a > b ? 2 : 1;
}

/* ---- atomics (single thread: plain memory operations) --------------------
 * The functions get their public names through asm labels, since gcc knows
 * the __atomic and __sync names as builtins with their own prototypes. */

#define RV_ATOMIC_OP(N, T, NAME, EXPR)                                                  \
    WEAK T rv_atomic_fetch_##NAME##_##N(volatile void *p, T v, int mo)                  \
        __asm__("__atomic_fetch_" #NAME "_" #N);                                        \
    WEAK T rv_atomic_fetch_##NAME##_##N(volatile void *p, T v, int mo)                  \
    {                                                                                   \
        volatile T *q = p;                                                              \
        T old = *q;                                                                     \
        (void)mo;                                                                       \
        *q = (T)(EXPR);                                                                 \
        return old;                                                                     \
    }                                                                                   \
    WEAK T rv_atomic_##NAME##_fetch_##N(volatile void *p, T v, int mo)                  \
        __asm__("__atomic_" #NAME "_fetch_" #N);                                        \
    WEAK T rv_atomic_##NAME##_fetch_##N(volatile void *p, T v, int mo)                  \
    {                                                                                   \
        volatile T *q = p;                                                              \
        T old = *q;                                                                     \
        (void)mo;                                                                       \
        *q = (T)(EXPR);                                                                 \
        return *q;                                                                      \
    }                                                                                   \
    WEAK T rv_sync_fetch_and_##NAME##_##N(volatile void *p, T v)                        \
        __asm__("__sync_fetch_and_" #NAME "_" #N);                                      \
    WEAK T rv_sync_fetch_and_##NAME##_##N(volatile void *p, T v)                        \
    {                                                                                   \
        volatile T *q = p;                                                              \
        T old = *q;                                                                     \
        *q = (T)(EXPR);                                                                 \
        return old;                                                                     \
    }                                                                                   \
    WEAK T rv_sync_##NAME##_and_fetch_##N(volatile void *p, T v)                        \
        __asm__("__sync_" #NAME "_and_fetch_" #N);                                      \
    WEAK T rv_sync_##NAME##_and_fetch_##N(volatile void *p, T v)                        \
    {                                                                                   \
        volatile T *q = p;                                                              \
        T old = *q;                                                                     \
        *q = (T)(EXPR);                                                                 \
        return *q;                                                                      \
    }

#define RV_ATOMIC_SIZE(N, T)                                                            \
    RV_ATOMIC_OP(N, T, add, old + v)                                                    \
    RV_ATOMIC_OP(N, T, sub, old - v)                                                    \
    RV_ATOMIC_OP(N, T, and, old & v)                                                    \
    RV_ATOMIC_OP(N, T, or, old | v)                                                     \
    RV_ATOMIC_OP(N, T, xor, old ^ v)                                                    \
    RV_ATOMIC_OP(N, T, nand, ~(old & v))                                                \
    WEAK T rv_atomic_load_##N(const volatile void *p, int mo) __asm__("__atomic_load_" #N); \
    WEAK T rv_atomic_load_##N(const volatile void *p, int mo)                           \
    {                                                                                   \
        (void)mo;                                                                       \
        return *(const volatile T *)p;                                                  \
    }                                                                                   \
    WEAK void rv_atomic_store_##N(volatile void *p, T v, int mo)                        \
        __asm__("__atomic_store_" #N);                                                  \
    WEAK void rv_atomic_store_##N(volatile void *p, T v, int mo)                        \
    {                                                                                   \
        (void)mo;                                                                       \
        *(volatile T *)p = v;                                                           \
    }                                                                                   \
    WEAK T rv_atomic_exchange_##N(volatile void *p, T v, int mo)                        \
        __asm__("__atomic_exchange_" #N);                                               \
    WEAK T rv_atomic_exchange_##N(volatile void *p, T v, int mo)                        \
    {                                                                                   \
        volatile T *q = p;                                                              \
        T old = *q;                                                                     \
        (void)mo;                                                                       \
        *q = v;                                                                         \
        return old;                                                                     \
    }                                                                                   \
    WEAK _Bool rv_atomic_compare_exchange_##N(volatile void *p, void *e, T v, int so,   \
                                              int fo)                                   \
        __asm__("__atomic_compare_exchange_" #N);                                       \
    WEAK _Bool rv_atomic_compare_exchange_##N(volatile void *p, void *e, T v, int so,   \
                                              int fo)                                   \
    {                                                                                   \
        volatile T *q = p;                                                              \
        T *ex = e;                                                                      \
        T old = *q;                                                                     \
        (void)so;                                                                       \
        (void)fo;                                                                       \
        if (old == *ex) {                                                               \
            *q = v;                                                                     \
            return 1;                                                                   \
        }                                                                               \
        *ex = old;                                                                      \
        return 0;                                                                       \
    }                                                                                   \
    WEAK T rv_sync_val_compare_and_swap_##N(volatile void *p, T o, T v)                 \
        __asm__("__sync_val_compare_and_swap_" #N);                                     \
    WEAK T rv_sync_val_compare_and_swap_##N(volatile void *p, T o, T v)                 \
    {                                                                                   \
        volatile T *q = p;                                                              \
        T old = *q;                                                                     \
        if (old == o)                                                                   \
            *q = v;                                                                     \
        return old;                                                                     \
    }                                                                                   \
    WEAK _Bool rv_sync_bool_compare_and_swap_##N(volatile void *p, T o, T v)            \
        __asm__("__sync_bool_compare_and_swap_" #N);                                    \
    WEAK _Bool rv_sync_bool_compare_and_swap_##N(volatile void *p, T o, T v)            \
    {                                                                                   \
        volatile T *q = p;                                                              \
        if (*q != o)                                                                    \
            return 0;                                                                   \
        *q = v;                                                                         \
        return 1;                                                                       \
    }                                                                                   \
    WEAK T rv_sync_lock_test_and_set_##N(volatile void *p, T v)                         \
        __asm__("__sync_lock_test_and_set_" #N);                                        \
    WEAK T rv_sync_lock_test_and_set_##N(volatile void *p, T v)                         \
    {                                                                                   \
        volatile T *q = p;                                                              \
        T old = *q;                                                                     \
        *q = v;                                                                         \
        return old;                                                                     \
    }

RV_ATOMIC_SIZE(1, unsigned char)
RV_ATOMIC_SIZE(2, unsigned short)
RV_ATOMIC_SIZE(4, unsigned int)
