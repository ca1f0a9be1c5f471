// instr_alias_safe: instruction aliasing (x86), target unreachable.  As
// instr_alias_reach, but the hidden instructions are "mov $2, %al; ret":
// check returns 0 or 2 (0x37 with AL replaced), never 1.  The proof needs
// the instruction that starts inside the mov (the paper's
// instraliasing-REACH-0).
// isa: x86
// expect: safe
#include "mcveto.h"

int check(int c);

__asm__(".section .text.check,\"ax\",@progbits\n"
        ".globl check\n"
        ".type check,@function\n"
        "check:\n"
        "    movl 4(%esp), %eax\n"
        "    cmpl $0x37, %eax\n"
        "    jne 1f\n"
        "    jmp 2f+1\n"               /* into the middle of the mov below */
        "1:  xorl %eax, %eax\n"
        "2:  movl $0x90c302b0, %ecx\n" /* b9 b0 02 c3 90 */
        "    ret\n"
        ".size check, .-check\n"
        ".previous\n");

int main(void)
{
    if (check(nondet_int()) == 1)
        reach_error();
    return 0;
}
