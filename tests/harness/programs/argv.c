/* argv: _start passes argc, argv and envp from the initial stack; argv
 * ends with a null pointer and envp follows it.  argv[0] (the program path)
 * is not printed: it depends on how the program was started.  The exit
 * status is argc. */
#include "mcveto.h"

int main(int argc, char **argv, char **envp)
{
    mcveto_print("argc=");
    mcveto_print_int(argc);
    mcveto_putc('\n');
    if (argc < 1 || !argv[0] || argv[argc] != 0)
        return 100;
    if (envp != argv + argc + 1)
        return 101;
    for (int i = 1; i < argc; i++) {
        mcveto_print("argv[");
        mcveto_print_int(i);
        mcveto_print("]=");
        mcveto_print(argv[i]);
        mcveto_print(" len=");
        mcveto_print_uint(strlen(argv[i]));
        mcveto_putc('\n');
    }
    return argc;
}
