/* abort: exits with status 134 and prints nothing (no SIGABRT, so qemu and
 * our emulator agree); output written before is kept. */
#include "mcveto.h"

int main(void)
{
    mcveto_puts("about to abort");
    if (nondet_bool()) /* end of input: false */
        return 1;
    abort();
}
