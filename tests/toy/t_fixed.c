/* t_fixed.c — hand-written cases for the fixed-width (32-bit word) encoding.
 * The words are built field by field from the layout comment in toy.spec. */
#include <stdio.h>

#include "toy_test.h"

#define OK ISA_STEP_OK
#define A 0x1000

#define W0(fop, fsz) (0xC0u | ((uint32_t)(fop) << 2) | (uint32_t)(fsz))
/* R: rd 10:8, rs 13:11, rt 16:14, fn3 19:17 */
#define WR(fop, fsz, rd, rs, rt, fn3) \
  (W0(fop, fsz) | (uint32_t)(rd) << 8 | (uint32_t)(rs) << 11 | (uint32_t)(rt) << 14 | (uint32_t)(fn3) << 17)
/* I: rd, rs, imm 31:16 */
#define WI(fop, fsz, rd, rs, imm) (W0(fop, fsz) | (uint32_t)(rd) << 8 | (uint32_t)(rs) << 11 | ((uint32_t)(imm) & 0xFFFF) << 16)
/* shifts: rd, rs, shamt 20:16 */
#define WSH(fsz, rd, rs, sh) (W0(7, fsz) | (uint32_t)(rd) << 8 | (uint32_t)(rs) << 11 | (uint32_t)(sh) << 16)
/* S: rs 13:11, rt 16:14, soff = 31:24 (high 8) ++ 10:8 (low 3) */
#define WS(fsz, rs, rt, off) \
  (W0(4, fsz) | (uint32_t)(rs) << 11 | (uint32_t)(rt) << 14 | ((uint32_t)(off) & 7) << 8 | (((uint32_t)(off) >> 3) & 0xFF) << 24)
/* B: brs 10:8, brt 13:11, boff 31:14 */
#define WB(fsz, a, b, off) (W0(5, fsz) | (uint32_t)(a) << 8 | (uint32_t)(b) << 11 | ((uint32_t)(off) & 0x3FFFF) << 14)
/* J: rd, joff 31:11 */
#define WJ(rd, off) (W0(6, 0) | (uint32_t)(rd) << 8 | ((uint32_t)(off) & 0x1FFFFF) << 11)
/* li: rd, liimm = 15:14 ++ 31:16 */
#define WLI(rd, v) (W0(1, 2) | (uint32_t)(rd) << 8 | (((uint32_t)(v) >> 16) & 3) << 14 | ((uint32_t)(v) & 0xFFFF) << 16)

static void alu(void) {
  static const char *const ops[8] = {"add", "sub", "and", "or", "xor", "shl", "shr", "sar"};
  /* r2 = 0x8000F00F, r3 = 4 */
  static const uint32_t res[8] = {0x8000F013, 0x8000F00B, 0x4, 0x8000F00F, 0x8000F00B, 0x000F00F0, 0x08000F00, 0xF8000F00};
  tcase t;
  char text[64];
  for (unsigned f = 0; f < 8; f++) {
    TC(&t, A, LE32(WR(0, 0, 1, 2, 3, f)));
    snprintf(text, sizeof text, "%s r1, r2, r3", ops[f]);
    DEC(&t, 4, "falu_rrr", text);
    SET(&t, R2, 0x8000F00F);
    SET(&t, R3, 4);
    SETF(&t, "CzSvP");
    STEP(&t, OK);
    REG(&t, R1, res[f]);
    END(&t);
  }
  /* shift amounts are not masked */
  TC(&t, A, LE32(WR(0, 0, 1, 2, 3, 5)));
  DEC(&t, 4, "falu_rrr", "shl r1, r2, r3");
  SET(&t, R2, 0xFFFFFFFF);
  SET(&t, R3, 32);
  STEP(&t, OK);
  REG(&t, R1, 0);
  END(&t);
  TC(&t, A, LE32(WR(0, 0, 7, 7, 7, 6)));
  DEC(&t, 4, "falu_rrr", "shr r7, r7, r7");
  SET(&t, R7, 0x100);
  STEP(&t, OK);
  REG(&t, R7, 0);
  END(&t);
  TC(&t, A, LE32(WR(0, 0, 0, 2, 3, 7)));
  DEC(&t, 4, "falu_rrr", "sar r0, r2, r3");
  SET(&t, R2, 0x80000000);
  SET(&t, R3, 0xFFFFFFFF);
  STEP(&t, OK);
  REG(&t, R0, 0xFFFFFFFF);
  END(&t);

  /* multiply / divide */
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 0)));
  DEC(&t, 4, "fmul", "mul r1, r2, r3");
  SET(&t, R2, 0x10000);
  SET(&t, R3, 0x10001);
  STEP(&t, OK);
  REG(&t, R1, 0x10000);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 1)));
  DEC(&t, 4, "fmulhu", "mulhu r1, r2, r3");
  SET(&t, R2, 0xFFFFFFFF);
  SET(&t, R3, 0xFFFFFFFF);
  STEP(&t, OK);
  REG(&t, R1, 0xFFFFFFFE);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 2)));
  DEC(&t, 4, "fdivu", "divu r1, r2, r3");
  SET(&t, R2, 100);
  SET(&t, R3, 7);
  STEP(&t, OK);
  REG(&t, R1, 14);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 2)));
  DEC(&t, 4, "fdivu", "divu r1, r2, r3");
  SET(&t, R2, 100);
  SET(&t, R3, 0);
  STEP(&t, ISA_STEP_TRAP);
  TRAP(&t, "divide by zero");
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 3)));
  DEC(&t, 4, "fsdiv", "sdiv r1, r2, r3");
  SET(&t, R2, 0xFFFFFFF9);
  SET(&t, R3, 2);
  STEP(&t, OK);
  REG(&t, R1, 0xFFFFFFFD);
  END(&t);
  /* SMT-LIB: x sdiv 0 is -1 for x >= 0 and 1 for x < 0 */
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 3)));
  DEC(&t, 4, "fsdiv", "sdiv r1, r2, r3");
  SET(&t, R2, 0xFFFFFFF9);
  SET(&t, R3, 0);
  STEP(&t, OK);
  REG(&t, R1, 1);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 3)));
  DEC(&t, 4, "fsdiv", "sdiv r1, r2, r3");
  SET(&t, R2, 7);
  SET(&t, R3, 0);
  STEP(&t, OK);
  REG(&t, R1, 0xFFFFFFFF);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 3)));
  DEC(&t, 4, "fsdiv", "sdiv r1, r2, r3");
  SET(&t, R2, 0x80000000);
  SET(&t, R3, 0xFFFFFFFF);
  STEP(&t, OK);
  REG(&t, R1, 0x80000000);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 4)));
  DEC(&t, 4, "fsrem", "srem r1, r2, r3");
  SET(&t, R2, 0xFFFFFFF9); /* -7 srem 2 = -1 */
  SET(&t, R3, 2);
  STEP(&t, OK);
  REG(&t, R1, 0xFFFFFFFF);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 4)));
  DEC(&t, 4, "fsrem", "srem r1, r2, r3");
  SET(&t, R2, 7); /* 7 srem -2 = 1 */
  SET(&t, R3, 0xFFFFFFFE);
  STEP(&t, OK);
  REG(&t, R1, 1);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 4)));
  DEC(&t, 4, "fsrem", "srem r1, r2, r3");
  SET(&t, R2, 0xFFFFFFF9);
  SET(&t, R3, 0);
  STEP(&t, OK);
  REG(&t, R1, 0xFFFFFFF9);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 5)));
  DEC(&t, 4, "furem", "urem r1, r2, r3");
  SET(&t, R2, 100);
  SET(&t, R3, 7);
  STEP(&t, OK);
  REG(&t, R1, 2);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 5)));
  DEC(&t, 4, "furem", "urem r1, r2, r3");
  SET(&t, R2, 100);
  SET(&t, R3, 0);
  STEP(&t, OK);
  REG(&t, R1, 100);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 6)));
  DEC(&t, 4, "fudiv", "udiv r1, r2, r3");
  SET(&t, R2, 0xFFFFFFFF);
  SET(&t, R3, 16);
  STEP(&t, OK);
  REG(&t, R1, 0x0FFFFFFF);
  END(&t);
  TC(&t, A, LE32(WR(0, 1, 1, 2, 3, 6)));
  DEC(&t, 4, "fudiv", "udiv r1, r2, r3");
  SET(&t, R2, 100);
  SET(&t, R3, 0);
  STEP(&t, OK);
  REG(&t, R1, 0xFFFFFFFF);
  END(&t);
}

static void imm_cmp(void) {
  tcase t;
  TC(&t, A, LE32(WI(1, 0, 1, 2, 0xFFFC)));
  DEC(&t, 4, "addi", "addi r1, r2, -0x4");
  SET(&t, R2, 0x10);
  STEP(&t, OK);
  REG(&t, R1, 0xC);
  END(&t);
  TC(&t, A, LE32(WI(1, 0, 3, 3, 0x7FFF)));
  DEC(&t, 4, "addi", "addi r3, r3, 0x7fff");
  SET(&t, R3, 0xFFFFFFFF);
  STEP(&t, OK);
  REG(&t, R3, 0x7FFE);
  END(&t);
  TC(&t, A, LE32(WI(1, 1, 1, 2, 0xFF00)));
  DEC(&t, 4, "andi", "andi r1, r2, 0xff00");
  SET(&t, R2, 0x12345678);
  STEP(&t, OK);
  REG(&t, R1, 0x5600);
  END(&t);
  /* li: the 18-bit immediate is split over 15:14 (high) and 31:16 */
  TC(&t, A, LE32(WLI(3, 0x3ABCD)));
  DEC(&t, 4, "li", "li r3, 0x3abcd");
  STEP(&t, OK);
  REG(&t, R3, 0x3ABCD);
  END(&t);
  TC(&t, A, 0xC6, 0x05, 0x00, 0x80); /* li r5, 0x8000 (high bits 00) */
  DEC(&t, 4, "li", "li r5, 0x8000");
  STEP(&t, OK);
  REG(&t, R5, 0x8000);
  END(&t);
  TC(&t, A, 0xC6, 0x40, 0x01, 0x00); /* 15:14 = 01, 31:16 = 0x0001 */
  DEC(&t, 4, "li", "li r0, 0x10001");
  STEP(&t, OK);
  REG(&t, R0, 0x10001);
  END(&t);
  TC(&t, A, LE32(WI(1, 3, 4, 0, 0xDEAD)));
  DEC(&t, 4, "sethi", "sethi r4, 0xdead");
  SET(&t, R4, 0x12345678);
  STEP(&t, OK);
  REG(&t, R4, 0xDEAD5678);
  END(&t);
  TC(&t, A, LE32(WR(2, 0, 0, 1, 2, 0)));
  DEC(&t, 4, "fcmp", "cmp r1, r2");
  SET(&t, R1, 5);
  SET(&t, R2, 7);
  STEP(&t, OK);
  FLAGS(&t, "CzSvp");
  END(&t);
  TC(&t, A, LE32(WR(2, 0, 0, 1, 2, 0)));
  DEC(&t, 4, "fcmp", "cmp r1, r2");
  SET(&t, R1, 0x80000000);
  SET(&t, R2, 0x80000000);
  SETF(&t, "CSV");
  STEP(&t, OK);
  FLAGS(&t, "cZsvP");
  END(&t);
  TC(&t, A, LE32(WI(2, 1, 0, 1, 0x8000)));
  DEC(&t, 4, "fcmpi", "cmpi r1, -0x8000");
  SET(&t, R1, 0x7FFFFFFF);
  STEP(&t, OK);
  FLAGS(&t, "CzSVP");
  END(&t);
  TC(&t, A, LE32(WR(2, 2, 1, 2, 3, 0)));
  DEC(&t, 4, "sltu", "sltu r1, r2, r3");
  SET(&t, R2, 1);
  SET(&t, R3, 0xFFFFFFFF);
  STEP(&t, OK);
  REG(&t, R1, 1);
  END(&t);
  TC(&t, A, LE32(WR(2, 3, 1, 2, 3, 0)));
  DEC(&t, 4, "slt", "slt r1, r2, r3");
  SET(&t, R2, 1);
  SET(&t, R3, 0xFFFFFFFF);
  STEP(&t, OK);
  REG(&t, R1, 0);
  END(&t);
  TC(&t, A, LE32(WR(2, 3, 1, 3, 2, 0)));
  DEC(&t, 4, "slt", "slt r1, r3, r2");
  SET(&t, R2, 1);
  SET(&t, R3, 0xFFFFFFFF);
  STEP(&t, OK);
  REG(&t, R1, 1);
  END(&t);
}

static void load_store(void) {
  tcase t;
  TC(&t, A, LE32(WI(3, 0, 1, 2, 0xFFFF)));
  DEC(&t, 4, "ldb", "ldb r1, -0x1(r2)");
  SET(&t, R2, 0x2001);
  POKE(&t, 0x2000, 1, 0x80);
  STEP(&t, OK);
  REG(&t, R1, 0x80);
  END(&t);
  TC(&t, A, LE32(WI(3, 1, 1, 2, 2)));
  DEC(&t, 4, "ldh", "ldh r1, 0x2(r2)");
  SET(&t, R2, 0x2000);
  POKE(&t, 0x2002, 2, 0xBEEF);
  STEP(&t, OK);
  REG(&t, R1, 0xBEEF);
  END(&t);
  TC(&t, A, LE32(WI(3, 2, 1, 2, 0x7FFF)));
  DEC(&t, 4, "ldw", "ldw r1, 0x7fff(r2)");
  SET(&t, R2, 1);
  POKE(&t, 0x8000, 4, 0xCAFEBABE);
  STEP(&t, OK);
  REG(&t, R1, 0xCAFEBABE);
  END(&t);
  TC(&t, A, LE32(WI(3, 3, 1, 2, 0)));
  DEC(&t, 4, "ldbs", "ldbs r1, 0x0(r2)");
  SET(&t, R2, 0x2000);
  POKE(&t, 0x2000, 1, 0x80);
  STEP(&t, OK);
  REG(&t, R1, 0xFFFFFF80);
  END(&t);
  /* stores: soff is 11 bits, signed, split 31:24 ++ 10:8 */
  TC(&t, A, LE32(WS(0, 2, 1, 0x7FF)));
  DEC(&t, 4, "stb", "stb r1, -0x1(r2)");
  SET(&t, R2, 0x2001);
  SET(&t, R1, 0x123456AB);
  STEP(&t, OK);
  MEM(&t, 0x2000, 1, 0xAB);
  END(&t);
  TC(&t, A, LE32(WS(1, 2, 1, 0x3FF)));
  DEC(&t, 4, "sth", "sth r1, 0x3ff(r2)");
  SET(&t, R2, 0x2000);
  SET(&t, R1, 0x12345678);
  STEP(&t, OK);
  MEM(&t, 0x23FF, 2, 0x5678);
  END(&t);
  TC(&t, A, LE32(WS(2, 2, 1, 0x400)));
  DEC(&t, 4, "stw", "stw r1, -0x400(r2)");
  SET(&t, R2, 0x2400);
  SET(&t, R1, 0x11223344);
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0x11223344);
  END(&t);
  TC(&t, A, 0xD2, 0x05, 0x00, 0x01); /* stw r0, 0xd(r0): soff = 0x01 ++ 0b101 */
  DEC(&t, 4, "stw", "stw r0, 0xd(r0)");
  SET(&t, R0, 0x2000);
  STEP(&t, OK);
  MEM(&t, 0x200D, 4, 0x2000);
  END(&t);
  TC(&t, A, LE32(WS(3, 2, 1, 8)));
  DEC(&t, 4, "stwbe", "stwbe r1, 0x8(r2)");
  SET(&t, R2, 0x2000);
  SET(&t, R1, 0x11223344);
  STEP(&t, OK);
  MEMBYTES(&t, 0x2008, 0x11, 0x22, 0x33, 0x44);
  END(&t);
  /* a load from an unmapped page faults */
  TC(&t, A, LE32(WI(3, 2, 1, 2, 0)));
  DEC(&t, 4, "ldw", "ldw r1, 0x0(r2)");
  tc_unmap(&t, 0x70000000, 0x80000000);
  SET(&t, R2, 0x7FFFFFF0);
  STEP(&t, ISA_STEP_FAULT);
  FAULT(&t, 0x7FFFFFF0, false);
  END(&t);
  TC(&t, A, LE32(WS(0, 2, 1, 0)));
  DEC(&t, 4, "stb", "stb r1, 0x0(r2)");
  tc_unmap(&t, 0x70000000, 0x80000000);
  SET(&t, R2, 0x70000000);
  STEP(&t, ISA_STEP_FAULT);
  FAULT(&t, 0x70000000, true);
  END(&t);
}

static void branches(void) {
  tcase t;
  /* targets are PC-relative to this instruction, in words */
  for (int eq = 1; eq >= 0; eq--) {
    TC(&t, A, LE32(WB(0, 1, 2, 4)));
    DEC(&t, 4, "beq", "beq r1, r2, 0x1010");
    SET(&t, R1, 5);
    SET(&t, R2, eq ? 5 : 6);
    STEP(&t, OK);
    NPC(&t, eq ? 0x1010 : 0x1004);
    END(&t);
    TC(&t, A, LE32(WB(1, 1, 2, -1)));
    DEC(&t, 4, "bne", "bne r1, r2, 0xffc");
    SET(&t, R1, 5);
    SET(&t, R2, eq ? 5 : 6);
    STEP(&t, OK);
    NPC(&t, eq ? 0x1004 : 0xFFC);
    END(&t);
  }
  TC(&t, A, LE32(WB(2, 1, 2, 0x1FFFF)));
  DEC(&t, 4, "blt", "blt r1, r2, 0x80ffc");
  SET(&t, R1, 0xFFFFFFFF);
  SET(&t, R2, 0);
  STEP(&t, OK);
  NPC(&t, 0x80FFC);
  END(&t);
  TC(&t, A, LE32(WB(2, 1, 2, 0x20000)));
  DEC(&t, 4, "blt", "blt r1, r2, 0xfff81000");
  SET(&t, R1, 0xFFFFFFFF);
  SET(&t, R2, 0);
  STEP(&t, OK);
  NPC(&t, 0xFFF81000);
  END(&t);
  TC(&t, A, LE32(WB(2, 2, 1, 0x20000)));
  DEC(&t, 4, "blt", "blt r2, r1, 0xfff81000");
  SET(&t, R1, 0xFFFFFFFF);
  SET(&t, R2, 0);
  STEP(&t, OK);
  END(&t);
  TC(&t, A, LE32(WB(3, 1, 2, 2)));
  DEC(&t, 4, "bltu", "bltu r1, r2, 0x1008");
  SET(&t, R1, 1);
  SET(&t, R2, 0xFFFFFFFF);
  STEP(&t, OK);
  NPC(&t, 0x1008);
  END(&t);
  TC(&t, A, LE32(WB(3, 2, 1, 2)));
  DEC(&t, 4, "bltu", "bltu r2, r1, 0x1008");
  SET(&t, R1, 1);
  SET(&t, R2, 0xFFFFFFFF);
  STEP(&t, OK);
  END(&t);
  /* jal, fret (more specific than jr), jr, jalr */
  TC(&t, A, LE32(WJ(6, -4)));
  DEC(&t, 4, "jal", "jal r6, 0xff0");
  STEP(&t, OK);
  REG(&t, R6, 0x1004);
  NPC(&t, 0xFF0);
  END(&t);
  TC(&t, A, LE32(WJ(0, 0xFFFFF)));
  DEC(&t, 4, "jal", "jal r0, 0x400ffc");
  STEP(&t, OK);
  REG(&t, R0, 0x1004);
  NPC(&t, 0x400FFC);
  END(&t);
  TC(&t, A, LE32(WR(6, 1, 0, 6, 0, 0)));
  DEC(&t, 4, "fret", "fret");
  SET(&t, R6, 0x1234);
  STEP(&t, OK);
  NPC(&t, 0x1234);
  END(&t);
  TC(&t, A, LE32(WR(6, 1, 7, 6, 7, 7))); /* other bits do not matter */
  DEC(&t, 4, "fret", "fret");
  SET(&t, R6, 0x4444);
  STEP(&t, OK);
  NPC(&t, 0x4444);
  END(&t);
  TC(&t, A, LE32(WR(6, 1, 0, 3, 0, 0)));
  DEC(&t, 4, "jr", "jr r3");
  SET(&t, R3, 0x3000);
  STEP(&t, OK);
  NPC(&t, 0x3000);
  END(&t);
  TC(&t, A, LE32(WR(6, 2, 6, 6, 0, 0)));
  DEC(&t, 4, "jalr", "jalr r6, r6");
  SET(&t, R6, 0x4000);
  STEP(&t, OK);
  REG(&t, R6, 0x1004);
  NPC(&t, 0x4000);
  END(&t);
}

static void bits_misc(void) {
  tcase t;
  TC(&t, A, LE32(WSH(0, 1, 2, 31)));
  DEC(&t, 4, "shli", "shli r1, r2, 31");
  SET(&t, R2, 3);
  STEP(&t, OK);
  REG(&t, R1, 0x80000000);
  END(&t);
  TC(&t, A, LE32(WSH(1, 1, 2, 4)));
  DEC(&t, 4, "shri", "shri r1, r2, 4");
  SET(&t, R2, 0x80000000);
  STEP(&t, OK);
  REG(&t, R1, 0x08000000);
  END(&t);
  TC(&t, A, LE32(WSH(2, 1, 2, 4)));
  DEC(&t, 4, "sari", "sari r1, r2, 4");
  SET(&t, R2, 0x80000000);
  STEP(&t, OK);
  REG(&t, R1, 0xF8000000);
  END(&t);
  TC(&t, A, LE32(WSH(3, 1, 2, 8)));
  DEC(&t, 4, "rori", "rori r1, r2, 8");
  SET(&t, R2, 0x12345678);
  STEP(&t, OK);
  REG(&t, R1, 0x78123456);
  END(&t);
  TC(&t, A, LE32(WSH(3, 1, 2, 0)));
  DEC(&t, 4, "rori", "rori r1, r2, 0");
  SET(&t, R2, 0x12345678);
  STEP(&t, OK);
  REG(&t, R1, 0x12345678);
  END(&t);
  static const struct {
    unsigned fsz;
    const char *name, *text;
    uint32_t in, out;
  } bc[] = {
      {0, "fclz", "clz r1, r2", 0x00010000, 15},   {0, "fclz", "clz r1, r2", 0, 32},
      {0, "fclz", "clz r1, r2", 0x80000000, 0},    {1, "fctz", "ctz r1, r2", 0x00010000, 16},
      {1, "fctz", "ctz r1, r2", 0, 32},            {1, "fctz", "ctz r1, r2", 0x80000000, 31},
      {2, "fpopcnt", "popcnt r1, r2", 0xF0F0F0F1, 17}, {2, "fpopcnt", "popcnt r1, r2", 0xFFFFFFFF, 32},
      {3, "frev", "rev r1, r2", 0x12345678, 0x78563412},
  };
  for (size_t i = 0; i < sizeof bc / sizeof bc[0]; i++) {
    TC(&t, A, LE32(WR(8, bc[i].fsz, 1, 2, 0, 0)));
    DEC(&t, 4, bc[i].name, bc[i].text);
    SET(&t, R2, bc[i].in);
    STEP(&t, OK);
    REG(&t, R1, bc[i].out);
    END(&t);
  }
  for (int z = 1; z >= 0; z--) {
    TC(&t, A, LE32(WR(9, 0, 1, 2, 3, 0)));
    DEC(&t, 4, "sel", "sel r1, r2, r3");
    SET(&t, R2, 0x22);
    SET(&t, R3, 0x33);
    SETF(&t, z ? "Z" : "z");
    STEP(&t, OK);
    REG(&t, R1, z ? 0x22 : 0x33);
    END(&t);
  }
  TC(&t, A, LE32(WR(9, 1, 1, 2, 3, 0)));
  DEC(&t, 4, "rolv", "rolv r1, r2, r3");
  SET(&t, R2, 0x80000001);
  SET(&t, R3, 1);
  STEP(&t, OK);
  REG(&t, R1, 3);
  END(&t);
  /* a rotation by 33 is a rotation by 1 */
  TC(&t, A, LE32(WR(9, 1, 1, 2, 3, 0)));
  DEC(&t, 4, "rolv", "rolv r1, r2, r3");
  SET(&t, R2, 0x80000001);
  SET(&t, R3, 33);
  STEP(&t, OK);
  REG(&t, R1, 3);
  END(&t);
  TC(&t, A, LE32(WR(9, 2, 1, 2, 3, 0)));
  DEC(&t, 4, "rorv", "rorv r1, r2, r3");
  SET(&t, R2, 3);
  SET(&t, R3, 1);
  STEP(&t, OK);
  REG(&t, R1, 0x80000001);
  END(&t);
  TC(&t, A, LE32(WR(9, 2, 1, 2, 3, 0)));
  DEC(&t, 4, "rorv", "rorv r1, r2, r3");
  SET(&t, R2, 0x12345678);
  SET(&t, R3, 0xFFFFFFE8); /* -24 = 8 mod 32 */
  STEP(&t, OK);
  REG(&t, R1, 0x78123456);
  END(&t);
  /* system */
  TC(&t, A, LE32(W0(15, 0)));
  DEC(&t, 4, "fsc", "sc");
  STEP(&t, OK);
  END(&t);
  TC(&t, A, LE32(W0(15, 1)));
  DEC(&t, 4, "fstop", "stop");
  STEP(&t, OK);
  END(&t);
  TC(&t, A, LE32(W0(15, 2) | 0xFFFFFF00u));
  DEC(&t, 4, "fnop", "fnop");
  STEP(&t, OK);
  END(&t);
  TC(&t, A, LE32(W0(15, 3)));
  DEC(&t, 4, "fbrk", "brk");
  STEP(&t, ISA_STEP_TRAP);
  TRAP(&t, "breakpoint");
  END(&t);
}

void toy_fixed(void) {
  alu();
  imm_cmp();
  load_store();
  branches();
  bits_misc();
}
