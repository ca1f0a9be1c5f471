/* volatile: volatile objects force every access to memory in program
 * order: a volatile loop counter, read-modify-write of a volatile
 * global, volatile pointers into a "device register" block, a volatile
 * struct and repeated reads that gcc may not merge.  The observable
 * results are plain values; what matters is that the memory operands
 * (add to memory, inc/dec m32, lwz/stw pairs) are executed correctly.
 * Input: numbers (text): an iteration count (capped at 5000) and a
 * seed. */
#include "corpus.h"

static volatile unsigned counter;
static volatile unsigned char regs[16];
static volatile unsigned short hregs[8];

struct dev {
    volatile unsigned status;
    volatile unsigned data;
    unsigned shadow;
};

static struct dev device;

static void write_reg(volatile unsigned *r, unsigned v) { *r = v; }

int main(void)
{
    unsigned n = (unsigned)in_u64(100), seed = (unsigned)in_u64(7);
    if (n > 5000)
        n = 5000;
    for (volatile unsigned i = 0; i < n; i++) {
        counter += i;
        regs[i & 15] ^= (unsigned char)(seed >> (i & 7));
        hregs[i & 7] += (unsigned short)i;
        seed = seed * 1103515245u + 12345u;
    }
    out_u("counter", counter);
    unsigned h = 0;
    for (int i = 0; i < 16; i++)
        h = h * 31 + regs[i];
    for (int i = 0; i < 8; i++)
        h = h * 31 + hregs[i];
    out_x("regs", h);
    write_reg(&device.status, 1);
    device.shadow = 0;
    for (unsigned k = 0; k < 10; k++) {
        device.data = k * seed;
        device.shadow += device.data; /* reads data back */
        device.status = device.status << 1 | (device.data & 1);
    }
    out_x("status", device.status);
    out_x("shadow", device.shadow);
    unsigned a = counter, b = counter; /* two reads */
    out_i("reads equal", a == b);
    counter++;
    counter--;
    --counter;
    out_u("counter after", counter);
    mix(counter ^ h ^ device.status ^ device.shadow);
    return digest();
}
