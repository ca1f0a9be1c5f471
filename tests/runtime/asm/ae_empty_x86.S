/* ae_empty_x86.S — _start returns with no call pending (MCVETO report
 * Defn. 3 (i)).  The address it returns to is one it pushed itself, so the
 * run goes on past the AE violation and exits with status 42. */
        .globl  _start, ae_ret, ae_cont
        .text
_start:
        push    $ae_cont
ae_ret:
        ret
ae_cont:
        mov     $1, %eax        /* exit(42) */
        mov     $42, %ebx
        int     $0x80
