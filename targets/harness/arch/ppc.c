/* arch/ppc.c — the 32-bit PowerPC part of the mcveto harness.
 *
 * Pure assembly, so the code is the same at every optimisation level.
 *
 * _start: Linux enters with r1 pointing at argc, followed by argv[0..argc-1],
 * a null pointer, envp[...], a null pointer, and the auxiliary vector.  No
 * other register is relied on (mcveto treats them as inputs): _start reads
 * only the stack, aligns r1 to 16 bytes, builds a 16-byte frame whose back
 * chain is null (the end of the frame chain for debuggers and unwinders),
 * calls main(argc, argv, envp) and passes its return value to exit.
 * The programs use no small-data area, so r2 and r13 need no set-up.
 *
 * mcveto_syscall(nr, a1, a2, a3): the one `sc` in the program.  The number
 * goes in r0, the arguments in r3, r4, r5; the kernel returns the result in
 * r3 and, on failure, sets CR0.SO with a positive errno in r3, which this
 * function turns into -errno (the x86 convention).
 */

__asm__(
    "	.text\n"
    "	.globl	_start\n"
    "	.type	_start, @function\n"
    "_start:\n"
    "	mr	%r9, %r1\n"            /* r9 = initial stack: argc */
    "	clrrwi	%r1, %r1, 4\n"         /* 16-byte alignment */
    "	li	%r0, 0\n"
    "	stwu	%r1, -16(%r1)\n"
    "	stw	%r0, 0(%r1)\n"         /* null back chain */
    "	mtlr	%r0\n"
    "	lwz	%r3, 0(%r9)\n"         /* argc */
    "	addi	%r4, %r9, 4\n"         /* argv */
    "	slwi	%r5, %r3, 2\n"
    "	add	%r5, %r5, %r4\n"
    "	addi	%r5, %r5, 4\n"         /* envp = argv + argc + 1 */
    "	bl	main\n"
    "	bl	exit\n"
    "	trap\n"                        /* not reached */
    "	.size	_start, .-_start\n"
    "\n"
    "	.globl	mcveto_syscall\n"
    "	.type	mcveto_syscall, @function\n"
    "mcveto_syscall:\n"
    "	mr	%r0, %r3\n"
    "	mr	%r3, %r4\n"
    "	mr	%r4, %r5\n"
    "	mr	%r5, %r6\n"
    "	sc\n"
    "	bns	1f\n"                  /* CR0.SO clear: success */
    "	neg	%r3, %r3\n"            /* positive errno -> -errno */
    "1:	blr\n"
    "	.size	mcveto_syscall, .-mcveto_syscall\n");
