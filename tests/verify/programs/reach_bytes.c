// reach_bytes: nested conditions on three input bytes ("bug"); one in 2^24
// for random inputs.
// expect: reachable
// random-misses: yes
// witness-stdin: 62 75 67
#include "mcveto.h"

int main(void)
{
    if (nondet_uchar() == 'b')
        if (nondet_uchar() == 'u')
            if (nondet_uchar() == 'g')
                reach_error();
    return 0;
}
