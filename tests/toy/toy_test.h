/* toy_test.h — shared harness of the toy ISA's positive tests (toy_test).
 *
 * A test case decodes one instruction from literal bytes, checks its length,
 * rule name and printed text, steps it on a register file and a sparse
 * memory, checks the expected post-state (everything not mentioned must be
 * unchanged; the PC defaults to the next instruction) and runs stepcheck
 * (symbolic transformer from the identity state vs the concrete step).
 *
 *   tcase t;
 *   TC(&t, 0x1000, 0x01, 0xC8);          // bytes at address 0x1000
 *   DEC(&t, 2, "add_rm32_r32", "add r0, r1");
 *   SET(&t, R0, 5); SET(&t, R1, 7); SETF(&t, "c");
 *   STEP(&t, ISA_STEP_OK);
 *   REG(&t, R0, 12); FLAGS(&t, "czsvP");
 *   END(&t);
 *
 * Flags strings: an upper-case letter means the flag is 1, lower case 0;
 * flags not named are expected unchanged (FLAGS) or left alone (SETF).
 * Every failure prints file:line, the bytes, the text, what and where.
 */
#ifndef TOY_TEST_H
#define TOY_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa.h"
#include "sparse_mem.h"
#include "stepcheck.h"

extern const isa_desc toy_isa_desc;
#define TOY (&toy_isa_desc)

/* Register indices in toy.spec's declaration order (checked at start-up). */
enum { R0, R1, R2, R3, R4, R5, R6, R7, RPC, FC, FZ, FS, FV, FP, NREG };

#define TC_MAXMEM 64

typedef struct tcase {
  const char *file;
  int line; /* of TC() */
  uint8_t bytes[ISA_MAX_LEN + 4];
  size_t n;
  uint64_t addr;
  bool decoded, stepped, failed;
  isa_insn insn;
  char text[160];
  uint64_t pre[NREG], reg[NREG];
  bool expected[NREG];
  smem *mem;
  isa_cpu cpu;
  isa_step_result res;
  uint64_t mexp[TC_MAXMEM]; /* addresses with an expected value */
  size_t nmexp;
} tcase;

/* ---- global bookkeeping ---- */
extern unsigned tc_failures; /* failed checks */
extern unsigned tc_cases;    /* cases begun */
extern unsigned tc_checked;  /* stepcheck agreements */

/* Print one failure line for case t (t may be NULL) at line, printf-style. */
void tc_fail(tcase *t, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Format bytes as "01 c8". */
void tc_hex(char *out, size_t size, const uint8_t *b, size_t n);

/* ---- building a case ---- */
void tc_begin(tcase *t, const char *file, int line, uint64_t addr, const uint8_t *b, size_t n);
void tc_set(tcase *t, int line, int reg, uint64_t v);
void tc_setf(tcase *t, int line, const char *flags);
void tc_poke(tcase *t, uint64_t addr, unsigned n, uint64_t v); /* little-endian */
void tc_unmap(tcase *t, uint64_t lo, uint64_t hi);

/* ---- checks ---- */
void tc_decode(tcase *t, int line, unsigned len, const char *name, const char *text);
void tc_step(tcase *t, int line, isa_step_result want);
void tc_reg(tcase *t, int line, int reg, uint64_t v);
void tc_flags(tcase *t, int line, const char *flags);
void tc_mem(tcase *t, int line, uint64_t addr, unsigned n, uint64_t v); /* little-endian */
void tc_membytes(tcase *t, int line, uint64_t addr, const uint8_t *b, size_t n);
void tc_fault(tcase *t, int line, uint64_t addr, bool write);
void tc_trap(tcase *t, int line, const char *msg);
void tc_end(tcase *t, int line);

/* Decoding bytes b[0..n) must give want (INVALID or NEED_MORE). */
void tc_decode_fail(const char *file, int line, const uint8_t *b, size_t n, isa_decode_result want);

#define TC_BYTES(...) ((const uint8_t[]){__VA_ARGS__}), sizeof((const uint8_t[]){__VA_ARGS__})
#define TC(t, addr, ...) tc_begin((t), __FILE__, __LINE__, (addr), TC_BYTES(__VA_ARGS__))
#define SET(t, r, v) tc_set((t), __LINE__, (r), (v))
#define SETF(t, f) tc_setf((t), __LINE__, (f))
#define POKE(t, a, n, v) tc_poke((t), (a), (n), (v))
#define DEC(t, len, name, text) tc_decode((t), __LINE__, (len), (name), (text))
#define STEP(t, res) tc_step((t), __LINE__, (res))
#define REG(t, r, v) tc_reg((t), __LINE__, (r), (v))
#define NPC(t, v) tc_reg((t), __LINE__, RPC, (v))
#define FLAGS(t, f) tc_flags((t), __LINE__, (f))
#define MEM(t, a, n, v) tc_mem((t), __LINE__, (a), (n), (v))
#define MEMBYTES(t, a, ...) tc_membytes((t), __LINE__, (a), TC_BYTES(__VA_ARGS__))
#define FAULT(t, a, w) tc_fault((t), __LINE__, (a), (w))
#define TRAP(t, msg) tc_trap((t), __LINE__, (msg))
#define END(t) tc_end((t), __LINE__)
#define INVALID(...) tc_decode_fail(__FILE__, __LINE__, TC_BYTES(__VA_ARGS__), ISA_DECODE_INVALID)
#define NEED_MORE(...) tc_decode_fail(__FILE__, __LINE__, TC_BYTES(__VA_ARGS__), ISA_DECODE_NEED_MORE)

/* ModRM byte. */
#define MODRM(mod, reg, rm) ((uint8_t)(((mod) << 6) | ((reg) << 3) | (rm)))
/* Little-endian bytes of a 32-bit value, for byte lists. */
#define LE32(v) (uint8_t)((v) & 0xFF), (uint8_t)(((v) >> 8) & 0xFF), (uint8_t)(((v) >> 16) & 0xFF), \
                (uint8_t)(((v) >> 24) & 0xFF)
#define LE16(v) (uint8_t)((v) & 0xFF), (uint8_t)(((v) >> 8) & 0xFF)

/* ---- the parts of the suite ---- */
void toy_check_desc(void);   /* t_main.c: descriptor facts */
void toy_bytes_alu(void);    /* t_bytes.c */
void toy_bytes_misc(void);   /* t_bytes2.c */
void toy_fixed(void);        /* t_fixed.c */
void toy_decoding(void);     /* t_decode.c: INVALID, NEED_MORE, prefixes, flows */
void toy_random(unsigned iters, uint64_t seed); /* t_random.c */

#endif
