/* main_return: main's return value is the exit status; main may take no
 * arguments. */
#include "mcveto.h"

static volatile int seven = 7;

int main(void)
{
    mcveto_puts("returning 7");
    return seven;
}
