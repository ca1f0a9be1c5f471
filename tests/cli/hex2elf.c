/* hex2elf.c — wrap a toy program (hex text, as in tests/toy/examples) into a
 * static ELF32 executable for mcveto-toy: one read/write/execute PT_LOAD
 * segment at 0x1000, entry 0x1000, little-endian, e_machine from the toy
 * spec (0x7A7).  Test tool only.
 * usage: hex2elf IN.hex OUT.elf [MACHINE] */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void put(uint8_t *p, uint64_t v, int n) {
  for (int i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: hex2elf IN.hex OUT.elf [MACHINE]\n");
    return 2;
  }
  FILE *in = fopen(argv[1], "r");
  if (!in) {
    perror(argv[1]);
    return 2;
  }
  static uint8_t code[1 << 16];
  size_t n = 0;
  int ch, hi = -1;
  while ((ch = fgetc(in)) != EOF) {
    if (ch == '#') {
      while ((ch = fgetc(in)) != EOF && ch != '\n') {}
      continue;
    }
    if (!isxdigit(ch)) continue;
    int v = isdigit(ch) ? ch - '0' : tolower(ch) - 'a' + 10;
    if (hi < 0) hi = v;
    else {
      if (n == sizeof code) return 2;
      code[n++] = (uint8_t)(hi * 16 + v);
      hi = -1;
    }
  }
  fclose(in);
  unsigned machine = argc > 3 ? (unsigned)strtoul(argv[3], NULL, 0) : 0x7A7;
  uint8_t h[52 + 32] = {0};
  memcpy(h, "\177ELF", 4);
  h[4] = 1; /* ELFCLASS32 */
  h[5] = 1; /* little-endian */
  h[6] = 1; /* EV_CURRENT */
  put(h + 16, 2, 2);       /* ET_EXEC */
  put(h + 18, machine, 2);
  put(h + 20, 1, 4);
  put(h + 24, 0x1000, 4);  /* entry */
  put(h + 28, 52, 4);      /* phoff */
  put(h + 40, 52, 2);      /* ehsize */
  put(h + 42, 32, 2);      /* phentsize */
  put(h + 44, 1, 2);       /* phnum */
  put(h + 46, 40, 2);      /* shentsize */
  uint8_t *ph = h + 52;
  put(ph, 1, 4);           /* PT_LOAD */
  put(ph + 4, 0x1000, 4);  /* offset */
  put(ph + 8, 0x1000, 4);  /* vaddr */
  put(ph + 12, 0x1000, 4); /* paddr */
  put(ph + 16, n, 4);
  put(ph + 20, n + 0x1000, 4); /* memsz: some bss for data */
  put(ph + 24, 7, 4);      /* RWX */
  put(ph + 28, 0x1000, 4);
  FILE *out = fopen(argv[2], "wb");
  if (!out) {
    perror(argv[2]);
    return 2;
  }
  static uint8_t pad[0x1000];
  fwrite(h, 1, sizeof h, out);
  fwrite(pad, 1, 0x1000 - sizeof h, out);
  fwrite(code, 1, n, out);
  return fclose(out) ? 2 : 0;
}
