/* hello: the output helpers on stdout and stderr. */
#include "mcveto.h"

int main(void)
{
    mcveto_puts("hello, world");
    mcveto_print("no newline|");
    mcveto_putc('x');
    mcveto_putc('\n');
    mcveto_print_int(0);
    mcveto_putc(' ');
    mcveto_print_int(-1);
    mcveto_putc(' ');
    mcveto_print_int(2147483647);
    mcveto_putc(' ');
    mcveto_print_int(-9223372036854775807LL - 1);
    mcveto_putc('\n');
    mcveto_print_uint(0);
    mcveto_putc(' ');
    mcveto_print_uint(4294967295u);
    mcveto_putc(' ');
    mcveto_print_uint(18446744073709551615ull);
    mcveto_putc(' ');
    mcveto_print_uint(10000000000000000000ull);
    mcveto_putc('\n');
    mcveto_print_hex(0);
    mcveto_putc(' ');
    mcveto_print_hex(0xabcdefu);
    mcveto_putc(' ');
    mcveto_print_hex(0x100000000ull);
    mcveto_putc(' ');
    mcveto_print_hex(0xffffffffffffffffull);
    mcveto_putc('\n');
    mcveto_print_fd(2, "to stderr: ");
    mcveto_print_int_fd(2, -42);
    mcveto_print_fd(2, " ");
    mcveto_print_uint_fd(2, 42);
    mcveto_print_fd(2, "\n");
    static const char raw[] = "raw write\n";
    if (write(1, raw, sizeof raw - 1) != (mcveto_ssize_t)(sizeof raw - 1))
        return 1;
    return 0;
}
