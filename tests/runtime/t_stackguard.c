/* t_stackguard.c — runtime/support/stackguard.c: after sg_install, running out of
 * stack ends the process with SG_EXIT_NOSTACK and "mcveto: out of stack";
 * any other fault still ends it with its signal; without sg_install a
 * stack overflow is the plain SIGSEGV it always was.  Each case runs in a
 * child process with a 256 KB stack. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stackguard.h"

/* Deeper and deeper until the stack ends (the compiler cannot tell that
 * n never reaches -1, and the sum keeps the call from being a jump). */
static int deep(int n) {
  volatile char buf[512];
  buf[0] = (char)n;
  if (n == -1) return 0;
  return deep(n + 1) + buf[0];
}

static int run_case(int guarded, int null_write) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) {
    perror("fork");
    exit(1);
  }
  if (pid == 0) {
    struct rlimit rl = {256 * 1024, 256 * 1024};
    setrlimit(RLIMIT_STACK, &rl); /* the main stack of this process only grows so far */
    if (guarded) sg_install();
    if (null_write) { /* a fault, but not at the stack: a page with no access */
      volatile int *page = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (page != MAP_FAILED) *page = 1;
    }
    else _exit(deep(0) & 1);
    _exit(0);
  }
  int st;
  if (waitpid(pid, &st, 0) < 0) {
    perror("waitpid");
    exit(1);
  }
  return st;
}

int main(void) {
  if (!sg_available()) {
    puts("SKIP: AddressSanitizer reports stack overflows itself (sg_install does nothing there)");
    return 77;
  }
  int fails = 0, st;
  st = run_case(1, 0);
  if (!(WIFEXITED(st) && WEXITSTATUS(st) == SG_EXIT_NOSTACK)) {
    printf("FAIL: guarded overflow: status %d (%s %d), want exit %d\n", st, WIFEXITED(st) ? "exit" : "signal",
           WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st), SG_EXIT_NOSTACK);
    fails++;
  }
  st = run_case(1, 1);
  if (!(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV)) {
    printf("FAIL: guarded null write: status %d, want SIGSEGV\n", st);
    fails++;
  }
  st = run_case(0, 0);
  if (!(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV)) {
    printf("FAIL: unguarded overflow: status %d, want SIGSEGV\n", st);
    fails++;
  }
  if (!fails) puts("runtime.stackguard: 3 cases passed");
  return fails ? 1 : 0;
}
