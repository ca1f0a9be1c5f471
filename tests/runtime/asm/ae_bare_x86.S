/* ae_bare_x86.S — _start is a bare `ret`: with no call pending it pops the
 * word at the top of the initial stack, argc (1), and the run faults
 * fetching at 0x1 (like SIGSEGV) after the AE violation. */
        .globl  _start, ae_ret
        .text
_start:
ae_ret:
        ret
