/* fuzz_witness.c — libFuzzer harness for the witness-file parser
 * (runtime/machine/inputs.c: in_read_stream, in_write).
 *
 * Each input is one witness file, read for a small made-up ISA (a 32-bit
 * register, a 64-bit one, a 16-bit one, a flag, PC and SP; 32-bit addresses).
 * Beyond "no crash, no leak, no UB" the harness aborts when a promise breaks:
 *  - a refusal is one line that starts with the file name;
 *  - what an accepted file sets, in_write saves, and reading that back and
 *    saving it again gives the same text (witnesses replay exactly);
 *  - no saved value is wider than its register or outside the address space.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs.h"

static const isa_reg regs[] = {
    {"r0", 32, false, false}, {"PC", 32, false, false}, {"SP", 32, false, false},
    {"W", 64, false, false},  {"H", 16, false, false},  {"F", 1, true, false},
};
static const isa_desc desc = {.name = "fuzz", .addr_bits = 32, .pc = 1, .sp = 2, .nregs = 6, .regs = regs};

static void die(const char *what, const char *detail) {
  fprintf(stderr, "fuzz_witness: broken promise: %s (%s)\n", what, detail);
  abort();
}

/* in_write of a into a malloc'ed string */
static char *save(const in_assign *a, size_t *len) {
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  if (!f || in_write(a, f, "w\n#") != 0 || fclose(f) != 0) die("in_write failed", "");
  return buf;
}

static in_assign *load(const void *data, size_t n, int *rc, char *err, size_t errsz) {
  static char empty[1];
  in_assign *a = in_new(IN_FIXED, 0);
  FILE *f = fmemopen(n ? (void *)data : empty, n ? n : 1, "r");
  if (!f) die("fmemopen failed", "");
  if (!n) fgetc(f); /* fmemopen needs a size > 0: consume the one byte */
  *rc = in_read_stream(a, f, "w", &desc, err, errsz);
  fclose(f);
  return a;
}

static void check_saved(const char *text) {
  for (const char *p = text; *p;) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    char line[9000];
    if (len >= sizeof line) die("saved line too long", "");
    memcpy(line, p, len);
    line[len] = 0;
    char name[64];
    unsigned long long v;
    if (sscanf(line, "reg %63s 0x%llx", name, &v) == 2) {
      unsigned w = 0;
      for (unsigned i = 0; i < desc.nregs; i++)
        if (!strcmp(regs[i].name, name)) w = regs[i].width;
      if (!w || (w < 64 && v >> w)) die("saved register unknown or too wide", line);
    } else if (sscanf(line, "mem 0x%llx", &v) == 1) {
      if (v >> 32) die("saved address outside the address space", line);
    }
    p += len + (nl != NULL);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n) {
  char err[512];
  int rc;
  err[0] = 0;
  in_assign *a = load(data, n, &rc, err, sizeof err);
  if (rc) {
    if (strncmp(err, "w:", 2) || strchr(err, '\n')) die("refusal is not one line starting with the file name", err);
    in_free(a);
    return 0;
  }
  size_t len1, len2;
  char *t1 = save(a, &len1);
  check_saved(t1);
  static const char head[] = "# mcveto input assignment: w\\x0a#\n";
  if (strncmp(t1, head, sizeof head - 1)) die("header comment not escaped", t1);
  in_assign *b = load(t1, len1, &rc, err, sizeof err);
  if (rc) die("a saved witness is refused", err);
  char *t2 = save(b, &len2);
  if (len1 != len2 || memcmp(t1, t2, len1)) die("saving a re-read witness gives different text", t1);
  free(t1);
  free(t2);
  in_free(a);
  in_free(b);
  return 0;
}
