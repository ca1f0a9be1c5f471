/* loops.c — the loop-heavy program of bench-mips: integer work that keeps an
 * emulator's main loop busy (sieve, CRC-32, insertion sort, 64-bit mixing,
 * matrix multiply).  The number of rounds comes from argv[1] (default 20) so
 * the benchmark can scale it; the exit status is a checksum, so an emulator
 * that computes a wrong result is caught by comparing it with qemu. */
#include "mcveto.h"

#define N 4096

static unsigned char sieve_buf[N];
static unsigned sort_buf[512];
static int ma[16][16], mb[16][16], mc[16][16];

static unsigned sieve(void) {
  unsigned count = 0;
  for (unsigned i = 0; i < N; i++) sieve_buf[i] = 1;
  for (unsigned i = 2; i < N; i++) {
    if (!sieve_buf[i]) continue;
    count++;
    for (unsigned j = i * 2; j < N; j += i) sieve_buf[j] = 0;
  }
  return count;
}

static unsigned crc32(const unsigned char *p, unsigned n) {
  unsigned c = 0xFFFFFFFFu;
  for (unsigned i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
  }
  return ~c;
}

static unsigned sort(unsigned seed) {
  for (unsigned i = 0; i < 512; i++) {
    seed = seed * 1103515245u + 12345u;
    sort_buf[i] = seed >> 8;
  }
  for (unsigned i = 1; i < 512; i++) {
    unsigned v = sort_buf[i], j = i;
    while (j > 0 && sort_buf[j - 1] > v) {
      sort_buf[j] = sort_buf[j - 1];
      j--;
    }
    sort_buf[j] = v;
  }
  return sort_buf[0] ^ sort_buf[511];
}

static unsigned long long mix64(unsigned long long x, int rounds) {
  for (int i = 0; i < rounds; i++) {
    x ^= x >> 31;
    x *= 0x7fb5d329728ea185ull;
    x ^= x >> 27;
    x += (unsigned long long)i << 7;
  }
  return x;
}

static int matmul(int seed) {
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      ma[i][j] = (i * 7 + j * 3 + seed) % 23 - 11;
      mb[i][j] = (i * 5 - j * 2 + seed) % 19 - 9;
    }
  for (int i = 0; i < 16; i++)
    for (int j = 0; j < 16; j++) {
      int s = 0;
      for (int k = 0; k < 16; k++) s += ma[i][k] * mb[k][j];
      mc[i][j] = s;
    }
  int t = 0;
  for (int i = 0; i < 16; i++) t += mc[i][i] - mc[i][15 - i];
  return t;
}

int main(int argc, char **argv) {
  int rounds = 20;
  if (argc > 1) {
    rounds = 0;
    for (const char *p = argv[1]; *p >= '0' && *p <= '9'; p++) rounds = rounds * 10 + (*p - '0');
  }
  unsigned acc = 0;
  for (int r = 0; r < rounds; r++) {
    acc += sieve();
    acc ^= crc32(sieve_buf, N);
    acc += sort(acc + (unsigned)r);
    acc ^= (unsigned)mix64(acc, 2000);
    acc += (unsigned)matmul(r);
  }
  mcveto_print("checksum ");
  mcveto_print_hex(acc);
  mcveto_print("\n");
  return (int)(acc & 0x7F);
}
