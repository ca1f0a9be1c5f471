// smc_safe: self-modifying code, target unreachable.  As smc_reach, but the
// patch makes f return 1 and the error needs f() == 2: both versions of the
// instruction at f must be known to prove it (the paper's smc1-REACH-0).
// cflags: -Wl,--no-warn-rwx-segments
// expect: safe
#include "mcveto.h"

int f(void);

#if defined(__i386__)
/* b8 00 00 00 00   mov $0, %eax   (immediate at f+1)
 * c3               ret */
__asm__(".section .smc,\"awx\",@progbits\n"
        ".globl f\n"
        ".type f,@function\n"
        "f:\n"
        "    movl $0, %eax\n"
        "    ret\n"
        ".size f, .-f\n"
        ".previous\n");
#define IMM_BYTE 1
#elif defined(__powerpc__)
/* 38 60 00 00   li 3,0   (low byte of the immediate at f+3)
 * 4e 80 00 20   blr */
__asm__(".section .smc,\"awx\",@progbits\n"
        ".globl f\n"
        ".type f,@function\n"
        ".align 2\n"
        "f:\n"
        "    li 3,0\n"
        "    blr\n"
        ".size f, .-f\n"
        ".previous\n");
#define IMM_BYTE 3
#elif defined(__riscv)
/* 13 35 00 00   sltiu a0,zero,0   (0 < 0: a0 = 0; byte f+3 holds imm[11:4],
 *                                  so storing 1 there makes it sltiu a0,zero,16: a0 = 1)
 * 67 80 00 00   jalr zero,0(ra) */
__asm__(".section .smc,\"awx\",@progbits\n"
        ".globl f\n"
        ".type f,@function\n"
        ".align 2\n"
        "f:\n"
        "    sltiu a0,zero,0\n"
        "    ret\n"
        ".size f, .-f\n"
        ".previous\n");
#define IMM_BYTE 3
#endif

int main(void)
{
    if (nondet_uchar() == 0x5a)
        ((volatile unsigned char *)(void *)f)[IMM_BYTE] = 1; /* f: return 1 */
    if (f() == 2)
        reach_error();
    return 0;
}
