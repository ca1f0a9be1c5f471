/* arch/i386.c — the x86 (i386, 32-bit) part of the mcveto harness.
 *
 * Pure assembly, so the code is the same at every optimisation level.
 *
 * _start: Linux enters with %esp pointing at argc, followed by argv[0..argc-1],
 * a null pointer, envp[...], a null pointer, and the auxiliary vector.  No
 * other register is defined (mcveto treats them as inputs), so _start reads
 * only the stack; it clears the direction flag (the i386 ABI requires DF = 0
 * at function entry and gcc relies on it for `rep` string instructions),
 * aligns the stack to 16 bytes, calls main(argc, argv, envp) and passes its
 * return value to exit.
 *
 * mcveto_syscall(nr, a1, a2, a3): the one `int $0x80` in the program.  The
 * number goes in %eax, the arguments in %ebx, %ecx, %edx; the kernel returns
 * the result or -errno in %eax.  %ebx is callee-saved in the cdecl ABI.
 */

__asm__(
    "	.text\n"
    "	.globl	_start\n"
    "	.type	_start, @function\n"
    "_start:\n"
    "	xorl	%ebp, %ebp\n"          /* outermost frame */
    "	cld\n"
    "	movl	(%esp), %eax\n"        /* argc */
    "	leal	4(%esp), %edx\n"       /* argv */
    "	leal	8(%esp,%eax,4), %ecx\n" /* envp = argv + argc + 1 */
    "	andl	$-16, %esp\n"
    "	subl	$4, %esp\n"            /* 3 pushes + 4 = 16: aligned at the call */
    "	pushl	%ecx\n"
    "	pushl	%edx\n"
    "	pushl	%eax\n"
    "	call	main\n"
    "	movl	%eax, (%esp)\n"
    "	call	exit\n"
    "	hlt\n"                         /* not reached */
    "	.size	_start, .-_start\n"
    "\n"
    "	.globl	mcveto_syscall\n"
    "	.type	mcveto_syscall, @function\n"
    "mcveto_syscall:\n"
    "	pushl	%ebx\n"
    "	movl	8(%esp), %eax\n"
    "	movl	12(%esp), %ebx\n"
    "	movl	16(%esp), %ecx\n"
    "	movl	20(%esp), %edx\n"
    "	int	$0x80\n"
    "	popl	%ebx\n"
    "	ret\n"
    "	.size	mcveto_syscall, .-mcveto_syscall\n");
