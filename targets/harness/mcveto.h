/* mcveto.h — the C harness for programs under test.
 *
 * Programs that mcveto verifies are freestanding, static 32-bit Linux
 * executables: no C library, only this harness (harness.c + arch/<isa>.c)
 * and libgcc.  Build them with the compiler wrapper:
 *
 *     mcveto-cc --isa x86|ppc|rv32 [-O0|-O1|-O2|-Os] [-g] [-DNAME[=V]...] prog.c -o prog
 *
 * and run them natively-emulated with qemu-i386 / qemu-ppc / qemu-riscv32, or with
 * `mcveto-<isa> run`.  Both must give the same exit status and output for
 * the same standard input: qemu is the oracle for our emulator.
 *
 * Including this header is optional.  SV-COMP style programs that declare
 * the __VERIFIER_* functions, abort and __assert_fail themselves (and even
 * define their own reach_error) link against the harness unchanged: every
 * harness definition is a weak symbol, so a definition in the program wins.
 *
 * System calls.  The harness uses exactly five Linux system calls, all from
 * one `int $0x80` (x86) / `sc` (PowerPC) / `ecall` (RV32) instruction in
 * mcveto_syscall():
 *
 *     call        i386  ppc  rv32  used by
 *     exit          1    1    93   exit() if exit_group ever returned
 *     read          3    3    63   read(), nondet_*()
 *     write         4    4    64   write(), the print helpers, reach_error, __assert_fail
 *     brk          45   45   214   sbrk(), malloc() and friends
 *     exit_group  252  234    94   exit(), return from main, assume, reach_error, abort
 *
 * These are the only system calls our emulator implements; a program that
 * calls mcveto_syscall() with another number is outside the supported model.
 *
 * Exit statuses chosen by the harness:
 *
 *     0    assume(false): the path is infeasible, the run ends quietly
 *     99   reach_error(): the verification target was reached
 *     134  abort() and __assert_fail() (128 + SIGABRT, what a shell shows for
 *          a glibc abort; we exit instead of raising SIGABRT so that qemu and
 *          our emulator, which has no signals, agree)
 *
 * Machine model.  All targets are 32-bit: int, long and pointers are 4
 * bytes, long long is 8.  x86 is little-endian with signed char; PowerPC is
 * big-endian with unsigned char; RV32 is little-endian with unsigned char.  The wrapper builds integer-only code
 * (x86: no x87/MMX/SSE; PowerPC: -msoft-float), and neither libgcc has a
 * usable software floating-point library, so programs using float or double
 * arithmetic do not link.  64-bit division and modulo are libgcc calls
 * (__udivdi3, __divdi3, __umoddi3, __moddi3; on x86 at -O2 also
 * __udivmoddi4, __divmoddi4) and work.  RV32 (rv32im, ilp32) has no
 * libgcc (Debian's cross compiler ships only the 64-bit one): arch/rv32.c
 * supplies the helpers gcc calls instead.
 */
#ifndef MCVETO_H
#define MCVETO_H

typedef __SIZE_TYPE__ size_t;          /* unsigned int on both targets */
typedef __PTRDIFF_TYPE__ mcveto_ssize_t; /* int: glibc's ssize_t on 32-bit */

#define MCVETO_NORETURN __attribute__((__noreturn__))

/* Exit statuses (see above). */
#define MCVETO_EXIT_ERROR 99   /* reach_error */
#define MCVETO_EXIT_ABORT 134  /* abort, __assert_fail */

/* ---- System calls ------------------------------------------------------ */

/* System-call numbers (Linux, 32-bit).  RISC-V uses the generic table
 * (include/uapi/asm-generic/unistd.h). */
#if defined(__riscv) && __riscv_xlen == 32
#define MCVETO_SYS_exit  93
#define MCVETO_SYS_read  63
#define MCVETO_SYS_write 64
#define MCVETO_SYS_brk   214
#define MCVETO_SYS_exit_group 94
#else
#define MCVETO_SYS_exit  1
#define MCVETO_SYS_read  3
#define MCVETO_SYS_write 4
#define MCVETO_SYS_brk   45
#if defined(__i386__)
#define MCVETO_SYS_exit_group 252
#elif defined(__powerpc__)
#define MCVETO_SYS_exit_group 234
#else
#error "mcveto.h: unsupported target (x86, 32-bit PowerPC and RV32 only)"
#endif
#endif

/* The raw system call (arch/<isa>.c): number and up to three arguments.
 * Returns the kernel's result: a non-negative value, or -errno on failure
 * (on PowerPC the CR0.SO error flag and the positive errno in r3 are
 * converted to -errno, as on x86). */
long mcveto_syscall(long nr, long a1, long a2, long a3);

/* Terminates the process with status & 0xff (exit_group).  Returning from
 * main(argc, argv, envp) calls exit with main's return value. */
void exit(int status) MCVETO_NORETURN;

/* read(2) and write(2): bytes transferred, 0 at end of file, -errno. */
mcveto_ssize_t read(int fd, void *buf, size_t count);
mcveto_ssize_t write(int fd, const void *buf, size_t count);

/* sbrk(3) on the brk(2) system call: grows the heap by `increment` bytes
 * and returns the old break, or (void *)-1 if the kernel refuses. */
void *sbrk(mcveto_ssize_t increment);

/* A bump allocator on sbrk: 16-byte aligned blocks, free() does nothing,
 * realloc copies.  Returns 0 when the heap cannot grow.  Fresh memory is
 * whatever brk gives (zero under Linux and qemu); only calloc promises 0. */
void *malloc(size_t size);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t size);
void free(void *p);

/* ---- Output helpers (no libc, no division) ----------------------------- */

/* All write to standard output (fd 1); the _fd variants take the fd.
 * mcveto_puts appends '\n'.  They return 0, or -1 if a write failed. */
int mcveto_puts(const char *s);
int mcveto_print(const char *s);
int mcveto_putc(int c);
int mcveto_print_int(long long v);            /* decimal, '-' if negative */
int mcveto_print_uint(unsigned long long v);  /* decimal */
int mcveto_print_hex(unsigned long long v);   /* "0x" + lower-case hex, no padding */
int mcveto_print_fd(int fd, const char *s);
int mcveto_print_uint_fd(int fd, unsigned long long v);
int mcveto_print_int_fd(int fd, long long v);

/* ---- Inputs: nondeterministic values ----------------------------------- */

/* Each call reads sizeof(T) bytes from standard input (fd 0) and returns
 * them as a T in the machine's byte order (x86: little-endian, PowerPC:
 * big-endian; so the same input bytes give different multi-byte values on
 * the two targets).  At end of input the missing bytes are 0: with an empty
 * stdin every nondet value is 0.  Nondet values are therefore program
 * inputs, read the same way by qemu and by our emulator, and a solver's
 * model of the input bytes replays under both.  nondet_bool reads one byte
 * and returns 1 if it is non-zero.  Reads are shared with read(0, ...):
 * both consume standard input in program order.  Plain char is signed on
 * x86 and unsigned on PowerPC, as the ABIs say. */
char               nondet_char(void);
unsigned char      nondet_uchar(void);
short              nondet_short(void);
unsigned short     nondet_ushort(void);
int                nondet_int(void);
unsigned int       nondet_uint(void);
long               nondet_long(void);
unsigned long      nondet_ulong(void);
long long          nondet_longlong(void);
unsigned long long nondet_ulonglong(void);
_Bool              nondet_bool(void);

/* Fills n bytes at p from standard input; missing bytes at EOF are 0. */
void nondet_bytes(void *p, size_t n);

/* The SV-COMP names: the same functions. */
char               __VERIFIER_nondet_char(void);
unsigned char      __VERIFIER_nondet_uchar(void);
short              __VERIFIER_nondet_short(void);
unsigned short     __VERIFIER_nondet_ushort(void);
int                __VERIFIER_nondet_int(void);
unsigned int       __VERIFIER_nondet_uint(void);
long               __VERIFIER_nondet_long(void);
unsigned long      __VERIFIER_nondet_ulong(void);
long long          __VERIFIER_nondet_longlong(void);
unsigned long long __VERIFIER_nondet_ulonglong(void);
_Bool              __VERIFIER_nondet_bool(void);
/* Other names SV-COMP tasks use for the same types. */
unsigned int       __VERIFIER_nondet_unsigned(void);
unsigned int       __VERIFIER_nondet_unsigned_int(void);
unsigned short     __VERIFIER_nondet_unsigned_short(void);
unsigned char      __VERIFIER_nondet_unsigned_char(void);
unsigned long      __VERIFIER_nondet_unsigned_long(void);
unsigned int       __VERIFIER_nondet_u32(void);
size_t             __VERIFIER_nondet_size_t(void);

/* ---- Assumptions and the verification target --------------------------- */

/* assume(cond): if cond is false the path is infeasible; the program exits
 * with status 0 and prints nothing.  Verifiers treat paths through a false
 * assume as non-existent. */
void assume(int cond);
void __VERIFIER_assume(int cond);

/* reach_error(): the verification target.  Writes "reach_error\n" to
 * standard error and exits with status 99 (MCVETO_EXIT_ERROR).  Use
 * `mcveto-<isa> verify PROG --target reach_error`.  A program may define its
 * own reach_error (SV-COMP programs do; theirs usually calls __assert_fail
 * and so exits 134): the harness's definition is weak.
 * __VERIFIER_error() is the older SV-COMP name for the same thing. */
void reach_error(void) MCVETO_NORETURN;
void __VERIFIER_error(void) MCVETO_NORETURN;

/* glibc's assert() failure routine: writes
 *     FILE:LINE: FUNCTION: Assertion `EXPR' failed.\n
 * to standard error and exits with status 134. */
void __assert_fail(const char *expr, const char *file, unsigned int line,
                   const char *function) MCVETO_NORETURN;

/* abort(): exits with status 134 and prints nothing.  It does not raise
 * SIGABRT, so qemu and our emulator (which has no signals) agree. */
void abort(void) MCVETO_NORETURN;

/* assert() for programs that include this header (NDEBUG disables it). */
#ifndef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif
#endif

/* ---- Memory and string functions -------------------------------------- */

/* gcc emits calls to memcpy, memset, memmove and memcmp even in freestanding
 * code (structure copies, large initialisers, loops it recognises). */
void *memcpy(void *__restrict dst, const void *__restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);

#endif /* MCVETO_H */
