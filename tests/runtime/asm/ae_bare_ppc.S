/* ae_bare_ppc.S — _start is a bare `blr`: LR starts at 0, so after the AE
 * violation the run faults fetching at 0x0 (like SIGSEGV). */
        .globl  _start, ae_ret
        .text
_start:
ae_ret:
        blr
