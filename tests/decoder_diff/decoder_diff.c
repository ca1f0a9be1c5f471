/* decoder_diff.c — <isa>_decode (tree over the instructions' own bits,
 * shared sub-table decoders) against <isa>_oracle_decode (every flat in
 * decode order, from isagen --oracle): same result and, when decoded, the
 * same isa_insn in every field, on
 *   - instances of every form: its fixed bits, random free bits, up to two
 *     random prefixes before and up to two random bytes after, cut at every
 *     length from 0 (NEED_MORE and INVALID at every prefix of an encoding);
 *   - random byte strings of 0..19 bytes, a quarter of them starting with a
 *     prefix byte.
 * Deterministic (fixed seed).  Usage: decoder_diff_<isa> [ROUNDS [PER_FORM]];
 * exit status 0 when nothing differs, 1 otherwise (the first differences are
 * printed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define FORMS CAT(MCVETO_ISA, _oracle_forms)
#define PREFIXES CAT(MCVETO_ISA, _prefixes)
#define DECODE CAT(MCVETO_ISA, _decode)
#define ORACLE CAT(MCVETO_ISA, _oracle_decode)

extern const isa_form FORMS[];
extern const isa_prefix PREFIXES[];
isa_decode_result DECODE(const uint8_t *buf, size_t n, uint64_t addr, isa_insn *out);
isa_decode_result ORACLE(const uint8_t *buf, size_t n, uint64_t addr, isa_insn *out);

static uint64_t dd_state = 88172645463325252u;
static uint64_t dd_rand(void) { /* xorshift64 */
  dd_state ^= dd_state << 13;
  dd_state ^= dd_state >> 7;
  dd_state ^= dd_state << 17;
  return dd_state;
}

static long dd_compared, dd_differ;

static const char *dd_res(isa_decode_result r) {
  return r == ISA_DECODE_OK ? "OK" : r == ISA_DECODE_NEED_MORE ? "NEED_MORE" : "INVALID";
}

static void dd_check(const uint8_t *b, size_t n) {
  isa_insn a, o;
  /* the same junk in both: a decoder that does not write *out leaves it */
  memset(&a, 0xA5, sizeof a);
  memset(&o, 0xA5, sizeof o);
  isa_decode_result ra = DECODE(b, n, 0x8048000, &a);
  isa_decode_result ro = ORACLE(b, n, 0x8048000, &o);
  dd_compared++;
  const char *what = NULL;
  if (ra != ro) what = "result";
  else if (ra == ISA_DECODE_OK) {
    if (a.addr != o.addr) what = "addr";
    else if (a.id != o.id) what = "id";
    else if (a.len != o.len) what = "len";
    else if (a.nprefix != o.nprefix) what = "nprefix";
    else if (a.prefixes != o.prefixes) what = "prefixes";
    else if (memcmp(a.alt, o.alt, sizeof a.alt)) what = "alt";
    else if (memcmp(a.f, o.f, sizeof a.f)) what = "f";
    else if (memcmp(a.ctx, o.ctx, sizeof a.ctx)) what = "ctx";
  }
  if (!what) return;
  if (dd_differ++ < 20) {
    printf("differ in %s: decode %s (id %u, len %u), oracle %s (id %u, len %u), %zu bytes:", what, dd_res(ra),
           (unsigned)a.id, (unsigned)a.len, dd_res(ro), (unsigned)o.id, (unsigned)o.len, n);
    for (size_t i = 0; i < n; i++) printf(" %02x", b[i]);
    printf("\n");
  }
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 200000;
  int per_form = argc > 2 ? atoi(argv[2]) : 2;
  int np = 0, nf = 0;
  while (PREFIXES[np].byte || PREFIXES[np].n) np++;
  while (FORMS[nf].len) nf++;
  uint8_t b[ISA_MAX_LEN + 8];
  for (int i = 0; i < nf; i++)
    for (int t = 0; t < per_form; t++) {
      const isa_form *f = &FORMS[i];
      size_t k = 0;
      int npre = np && t ? (int)(dd_rand() % 3) : 0; /* the first instance bare */
      for (int q = 0; q < npre; q++) b[k++] = PREFIXES[dd_rand() % (unsigned)np].byte;
      for (unsigned q = 0; q < f->len && k < ISA_MAX_LEN; q++)
        b[k++] = (uint8_t)((f->val[q] & f->mask[q]) | (dd_rand() & ~f->mask[q]));
      size_t total = k + dd_rand() % 3;
      for (; k < total; k++) b[k] = (uint8_t)dd_rand();
      for (size_t n = 0; n <= total; n++) dd_check(b, n);
    }
  for (long r = 0; r < rounds; r++) {
    size_t n = dd_rand() % 20;
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)dd_rand();
    if (np && n && dd_rand() % 4 == 0) b[0] = PREFIXES[dd_rand() % (unsigned)np].byte;
    dd_check(b, n);
  }
  printf("%d forms, %ld comparisons, %ld differ\n", nf, dd_compared, dd_differ);
  return dd_differ != 0;
}
