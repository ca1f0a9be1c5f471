/* stackguard.h — a stack overflow told apart from other faults.
 *
 * No walk of the runtime recurses with the depth of its data
 * (tests/recursion), but the solver is a library of its own, and a stack
 * limit can be set as small as a user likes (ulimit -s).  After
 * sg_install, a fault at the end of this thread's stack ends the process
 * with "mcveto: out of stack" and exit status SG_EXIT_NOSTACK, which
 * `verify` turns into an *unknown* with that reason; any other fault stays
 * the crash it is (the signal's default action).  Not installed under
 * AddressSanitizer, which reports stack overflows itself.
 */
#ifndef MCVETO_STACKGUARD_H
#define MCVETO_STACKGUARD_H

#include <stdbool.h>

#define SG_EXIT_NOSTACK 6

/* Call once, from the thread whose stack is watched (the search's). */
void sg_install(void);

/* Does sg_install do anything in this build (false under AddressSanitizer)? */
bool sg_available(void);

#endif
