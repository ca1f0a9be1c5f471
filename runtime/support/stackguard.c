/* stackguard.c — a stack overflow told apart from other faults (stackguard.h). */
#include "stackguard.h"

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define SG_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SG_ASAN 1
#endif
#endif

#ifndef SG_ASAN
/* What the handler needs, set once by sg_install: a signal handler can
 * learn it no other way. */
static uintptr_t sg_lo, sg_hi;           /* addresses a stack overflow faults at */
static char sg_altstack[64 * 1024];      /* the handler's own stack: the main one is full */

static void sg_fault(int sig, siginfo_t *si, void *uc) {
  (void)uc;
  uintptr_t a = (uintptr_t)si->si_addr;
  if (a >= sg_lo && a < sg_hi) {
    static const char msg[] = "mcveto: out of stack\n";
    ssize_t w = write(STDERR_FILENO, msg, sizeof msg - 1);
    (void)w;
    _exit(SG_EXIT_NOSTACK);
  }
  signal(sig, SIG_DFL); /* another fault: the crash it is */
  raise(sig);
}
#endif

void sg_install(void) {
#ifndef SG_ASAN
  struct rlimit rl;
  volatile char here = 0;
  uintptr_t top = (uintptr_t)&here;
  uintptr_t lim = getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY ? (uintptr_t)rl.rlim_cur
                                                                                     : (uintptr_t)1 << 30;
  /* the frames above this one are part of the limit too, and the kernel
   * keeps a guard gap below the stack: a margin on both sides */
  uintptr_t margin = (uintptr_t)1 << 20;
  sg_hi = top + margin;
  sg_lo = top > lim + margin ? top - lim - margin : 0;
  stack_t ss = {.ss_sp = sg_altstack, .ss_size = sizeof sg_altstack, .ss_flags = 0};
  if (sigaltstack(&ss, NULL) != 0) return;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = sg_fault;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGSEGV, &sa, NULL);
  sigaction(SIGBUS, &sa, NULL);
#endif
}

bool sg_available(void) {
#ifdef SG_ASAN
  return false;
#else
  return true;
#endif
}
