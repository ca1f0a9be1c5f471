/* echo: read() standard input in small pieces until end of file, write it
 * back upper-cased, then show a failing write's result; the exit status is
 * the number of bytes read. */
#include "mcveto.h"

int main(void)
{
    char buf[5];
    int total = 0;
    for (;;) {
        mcveto_ssize_t n = read(0, buf, sizeof buf);
        if (n < 0)
            return 200;
        if (n == 0)
            break;
        for (mcveto_ssize_t i = 0; i < n; i++)
            if (buf[i] >= 'a' && buf[i] <= 'z')
                buf[i] = (char)(buf[i] - 'a' + 'A');
        if (write(1, buf, (size_t)n) != n)
            return 201;
        total += (int)n;
    }
    /* A read at end of file keeps returning 0. */
    if (read(0, buf, sizeof buf) != 0)
        return 202;
    /* A failing system call returns -errno (EBADF is 9 on both targets; on
     * PowerPC this checks the CR0.SO conversion). */
    mcveto_print("write(-1): ");
    mcveto_print_int(write(-1, buf, 1));
    mcveto_putc('\n');
    return total;
}
