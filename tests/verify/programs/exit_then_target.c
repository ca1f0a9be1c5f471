// exit_then_target: the target is the instruction right after an exit
// system call, and nothing jumps to it.  A run that exits stops with its PC
// there, but never executes it: the verdict must be safe, not reachable.
// (Before session 12 the verifier counted the PC left after exit as
// reached, and printed reachable with an input that replays to no target.)
// after_exit exits 42, the status the sanity check watches for.
// target: after_exit
// target-exit: 42
// expect: safe
#include "mcveto.h"

void exit_now(void);

#if defined(__i386__)
__asm__(".text\n"
        ".globl exit_now\n"
        ".type exit_now,@function\n"
        "exit_now:\n"
        "    movl $252, %eax\n"  /* exit_group(0) */
        "    xorl %ebx, %ebx\n"
        "    int $0x80\n"
        ".globl after_exit\n"
        ".type after_exit,@function\n"
        "after_exit:\n"
        "    movl $252, %eax\n"  /* exit_group(42) */
        "    movl $42, %ebx\n"
        "    int $0x80\n"
        ".size after_exit, .-after_exit\n"
        ".size exit_now, .-exit_now\n");
#elif defined(__powerpc__)
__asm__(".text\n"
        ".globl exit_now\n"
        ".type exit_now,@function\n"
        ".align 2\n"
        "exit_now:\n"
        "    li 0, 234\n"        /* exit_group(0) */
        "    li 3, 0\n"
        "    sc\n"
        ".globl after_exit\n"
        ".type after_exit,@function\n"
        "after_exit:\n"
        "    li 0, 234\n"        /* exit_group(42) */
        "    li 3, 42\n"
        "    sc\n"
        ".size after_exit, .-after_exit\n"
        ".size exit_now, .-exit_now\n");
#elif defined(__riscv)
__asm__(".text\n"
        ".globl exit_now\n"
        ".type exit_now,@function\n"
        ".align 2\n"
        "exit_now:\n"
        "    li a7, 94\n"       /* exit_group(0) */
        "    li a0, 0\n"
        "    ecall\n"
        ".globl after_exit\n"
        ".type after_exit,@function\n"
        "after_exit:\n"
        "    li a7, 94\n"       /* exit_group(42) */
        "    li a0, 42\n"
        "    ecall\n"
        ".size after_exit, .-after_exit\n"
        ".size exit_now, .-exit_now\n");
#endif

int main(void)
{
    if (nondet_uchar() == 'x')
        exit_now();
    return 0;
}
