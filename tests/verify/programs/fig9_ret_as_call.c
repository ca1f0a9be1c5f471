// fig9_ret_as_call: the MCVETO report's Fig. 9 (§3.5).  foo overwrites its
// own saved return address with the address of bar when the input byte is
// odd, so its return instruction serves as a call to bar, which reaches
// the error.  The error is reachable only along a path that is not an
// acceptable execution (AE): the verdict is "AE violation", never "safe"
// (a verifier that ignored the smashed return would miss the path).
// foo is assembly so that the saved return address is where we say: on
// x86 at (%esp) on entry, on PowerPC in the LR save word of the caller's
// frame, on RV32 in the ra save slot of foo's own frame.
// expect: ae
// witness-stdin: 01
#include "mcveto.h"

void foo(void);

__attribute__((used, noinline)) void bar(void)
{
    reach_error(); /* ERR: only reached by foo's return */
}

#if defined(__i386__)
__asm__(".section .text.foo,\"ax\",@progbits\n"
        ".globl foo\n"
        ".type foo,@function\n"
        "foo:\n"
        "    call nondet_uchar\n"
        "    testb $1, %al\n"
        "    je 1f\n"
        "    movl $bar, (%esp)\n"      /* *(&r + 2) = r: the return address */
        "1:  ret\n"
        ".size foo, .-foo\n"
        ".previous\n");
#elif defined(__powerpc__)
__asm__(".section .text.foo,\"ax\",@progbits\n"
        ".globl foo\n"
        ".type foo,@function\n"
        ".align 2\n"
        "foo:\n"
        "    mflr 0\n"
        "    stwu 1,-16(1)\n"
        "    stw 0,20(1)\n"            /* the LR save word */
        "    bl nondet_uchar\n"
        "    andi. 3,3,1\n"
        "    beq 0,1f\n"
        "    lis 9,bar@ha\n"
        "    addi 9,9,bar@l\n"
        "    stw 9,20(1)\n"            /* overwrite the saved return address */
        "1:  lwz 0,20(1)\n"
        "    mtlr 0\n"
        "    addi 1,1,16\n"
        "    blr\n"
        ".size foo, .-foo\n"
        ".previous\n");
#elif defined(__riscv)
__asm__(".section .text.foo,\"ax\",@progbits\n"
        ".globl foo\n"
        ".type foo,@function\n"
        ".align 2\n"
        "foo:\n"
        "    addi sp,sp,-16\n"
        "    sw ra,12(sp)\n"          /* the ra save slot */
        "    call nondet_uchar\n"
        "    andi a0,a0,1\n"
        "    beqz a0,1f\n"
        "    lui t1,%hi(bar)\n"
        "    addi t1,t1,%lo(bar)\n"
        "    sw t1,12(sp)\n"          /* overwrite the saved return address */
        "1:  lw ra,12(sp)\n"
        "    addi sp,sp,16\n"
        "    ret\n"
        ".size foo, .-foo\n"
        ".previous\n");
#endif

int main(void)
{
    foo();
    return 0; /* the paper's "address here is 0x68" */
}
