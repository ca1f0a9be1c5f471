/* bigspec.h — writer of a large synthetic isagen spec, for the benchmark.
 *
 * The spec mixes a byte-stream encoding (first byte below 0xC0: optional
 * 0x66/0x65 prefixes, one-byte opcodes, 0x00..0x0F two-byte escapes, ModRM
 * operands with displacements and immediates) with a fixed-width one (first
 * byte 0xC0..0xFF: one little-endian 32-bit word), like tests/toy/toy.spec,
 * but with many tokens, fields, tables and helpers and `ninsn` instructions
 * whose encodings never overlap.  The output depends only on `ninsn`.
 */
#ifndef MCVETO_BENCH_BIGSPEC_H
#define MCVETO_BENCH_BIGSPEC_H

#include <stdio.h>

typedef struct bigspec_stats {
  long lines;      /* lines written */
  int insns;       /* instructions written (== ninsn on success) */
  int byte_insns;  /* of which byte-stream */
  int fixed_insns; /* of which fixed-width */
  int tables;
  int helpers;
  int tokens;
} bigspec_stats;

/* Largest ninsn accepted (the opcode space is finite). */
#define BIGSPEC_MAX_INSNS 4000

/* Writes the spec to f.  Returns 0, or -1 if ninsn is out of range (1 ..
 * BIGSPEC_MAX_INSNS) or writing failed.  st may be NULL. */
int bigspec_write(FILE *f, int ninsn, bigspec_stats *st);

#endif
