// instr_alias_reach: instruction aliasing (x86).  check jumps into the
// middle of a 5-byte "mov $imm32, %ecx" when its argument is 0x37; from
// there the immediate's bytes b0 01 c3 decode as "mov $1, %al; ret", so
// check returns 1 (0x37 with AL replaced) only on that path.  A static
// disassembler sees only the mov; trace-based disassembly sees both.
// isa: x86
// expect: reachable
// witness-stdin: 37 00 00 00
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
        "2:  movl $0x90c301b0, %ecx\n" /* b9 b0 01 c3 90 */
        "    ret\n"
        ".size check, .-check\n"
        ".previous\n");

int main(void)
{
    if (check(nondet_int()) == 1)
        reach_error();
    return 0;
}
