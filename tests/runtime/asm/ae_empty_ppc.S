/* ae_empty_ppc.S — _start returns (blr) with no call pending (MCVETO report
 * Defn. 3 (i)).  LR points at ae_cont, so the run goes on past the AE
 * violation and exits with status 42. */
        .globl  _start, ae_ret, ae_cont
        .text
_start:
        lis     3, ae_cont@ha       /* not r0: addi reads r0 as 0 */
        addi    3, 3, ae_cont@l
        mtlr    3
ae_ret:
        blr
ae_cont:
        li      0, 1            /* exit(42) */
        li      3, 42
        sc
