// stack_smash: an ordinary stack-buffer overflow.  parse copies n bytes of
// the input packet into an 8-byte buffer without a bounds check; with n
// large enough the copy overwrites parse's saved return address (x86: above
// the frame; PowerPC: parse calls copy, so it saves LR in its caller's
// frame, also above the buffer).  The error call is unreachable in every
// acceptable execution (parse returns a char), so the verdict is "AE
// violation".  The witness fills the packet with the address of
// reach_error, so that the smashed return lands there whatever the frame
// layout of the build (qemu then exits 99; a crash would also do).
// expect: ae
// witness-stdin: 40 {reach_error}*16
#include "mcveto.h"

#define NOINLINE __attribute__((noinline, noipa))

static unsigned char packet[64];

NOINLINE void copy(char *d, const unsigned char *s, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        d[i] = (char)s[i];
}

NOINLINE int parse(unsigned n)
{
    char buf[8] __attribute__((aligned(4)));
    copy(buf, packet, n); /* the bug: n may exceed sizeof buf */
    return buf[0];
}

int main(void)
{
    unsigned n = nondet_uchar();
    nondet_bytes(packet, sizeof packet);
    if (n > sizeof packet)
        return 1;
    if (parse(n) == 1000) /* a char is never 1000 */
        reach_error();
    return 0;
}
