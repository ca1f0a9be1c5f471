/* t_bytes.c — hand-written cases for the byte-stream encoding, part 1:
 * every ModRM operand form (ea, rm32, rm16, rm8) and the two-operand and
 * immediate ALU groups.  Expected values are worked out from toy.spec. */
#include "toy_test.h"

#define OK ISA_STEP_OK
#define A 0x1000 /* where the cases' instructions sit */

/* ea / rm32 forms, through mov r32, rm32 (0x8B) and mov rm32, r32 (0x89). */
static void operand_forms(void) {
  tcase t;
  /* mod=3: register */
  TC(&t, A, 0x8B, MODRM(3, 0, 1));
  DEC(&t, 2, "mov_r32_rm32", "mov r0, r1");
  SET(&t, R1, 0x12345678);
  STEP(&t, OK);
  REG(&t, R0, 0x12345678);
  END(&t);
  /* mod=0: [r] */
  TC(&t, A, 0x8B, MODRM(0, 0, 3));
  DEC(&t, 2, "mov_r32_rm32", "mov r0, dword [r3]");
  SET(&t, R3, 0x2000);
  POKE(&t, 0x2000, 4, 0xCAFEBABE);
  STEP(&t, OK);
  REG(&t, R0, 0xCAFEBABE);
  END(&t);
  /* mod=0 rm=4 is a plain base register too */
  TC(&t, A, 0x8B, MODRM(0, 6, 4));
  DEC(&t, 2, "mov_r32_rm32", "mov r6, dword [r4]");
  SET(&t, R4, 0x2FFE);
  POKE(&t, 0x2FFE, 4, 0x01020304);
  STEP(&t, OK);
  REG(&t, R6, 0x01020304);
  END(&t);
  /* mod=0 rm=5: absolute [disp32] */
  TC(&t, A, 0x8B, MODRM(0, 1, 5), LE32(0x3000));
  DEC(&t, 6, "mov_r32_rm32", "mov r1, dword [0x3000]");
  POKE(&t, 0x3000, 4, 0x00C0FFEE);
  STEP(&t, OK);
  REG(&t, R1, 0x00C0FFEE);
  END(&t);
  /* mod=1: [r + disp8], negative */
  TC(&t, A, 0x8B, MODRM(1, 2, 6), 0xF0);
  DEC(&t, 3, "mov_r32_rm32", "mov r2, dword [r6-0x10]");
  SET(&t, R6, 0x2010);
  POKE(&t, 0x2000, 4, 0x11223344);
  STEP(&t, OK);
  REG(&t, R2, 0x11223344);
  END(&t);
  /* mod=1: positive, largest disp8 */
  TC(&t, A, 0x8B, MODRM(1, 3, 7), 0x7F);
  DEC(&t, 3, "mov_r32_rm32", "mov r3, dword [r7+0x7f]");
  SET(&t, R7, 0x2000);
  POKE(&t, 0x207F, 4, 0xA1B2C3D4);
  STEP(&t, OK);
  REG(&t, R3, 0xA1B2C3D4);
  END(&t);
  /* mod=1 rm=5: [r5 + disp8], not absolute; disp8 = -0x80 */
  TC(&t, A, 0x8B, MODRM(1, 0, 5), 0x80);
  DEC(&t, 3, "mov_r32_rm32", "mov r0, dword [r5-0x80]");
  SET(&t, R5, 0x2080);
  POKE(&t, 0x2000, 4, 0x76543210);
  STEP(&t, OK);
  REG(&t, R0, 0x76543210);
  END(&t);
  /* mod=2: [r + disp32], negative */
  TC(&t, A, 0x8B, MODRM(2, 0, 4), LE32(0xFFFFF000));
  DEC(&t, 6, "mov_r32_rm32", "mov r0, dword [r4-0x1000]");
  SET(&t, R4, 0x3000);
  POKE(&t, 0x2000, 4, 0x0BADF00D);
  STEP(&t, OK);
  REG(&t, R0, 0x0BADF00D);
  END(&t);
  /* mod=2 rm=5: [r5 + disp32], positive */
  TC(&t, A, 0x8B, MODRM(2, 7, 5), LE32(0x100));
  DEC(&t, 6, "mov_r32_rm32", "mov r7, dword [r5+0x100]");
  SET(&t, R5, 0x1F00);
  POKE(&t, 0x2000, 4, 0x87654321);
  STEP(&t, OK);
  REG(&t, R7, 0x87654321);
  END(&t);
  /* mod=2: the address wraps at 32 bits */
  TC(&t, A, 0x8B, MODRM(2, 2, 1), LE32(0x20));
  DEC(&t, 6, "mov_r32_rm32", "mov r2, dword [r1+0x20]");
  SET(&t, R1, 0xFFFFFFF0);
  POKE(&t, 0x10, 4, 0x5EED5EED);
  STEP(&t, OK);
  REG(&t, R2, 0x5EED5EED);
  END(&t);
  /* store: mov dword [r3+0x4], r1 */
  TC(&t, A, 0x89, MODRM(1, 1, 3), 0x04);
  DEC(&t, 3, "mov_rm32_r32", "mov dword [r3+0x4], r1");
  SET(&t, R3, 0x2000);
  SET(&t, R1, 0xA0B0C0D0);
  STEP(&t, OK);
  MEM(&t, 0x2004, 4, 0xA0B0C0D0);
  END(&t);
  /* store, register form */
  TC(&t, A, 0x89, MODRM(3, 5, 2));
  DEC(&t, 2, "mov_rm32_r32", "mov r2, r5");
  SET(&t, R5, 0x55);
  STEP(&t, OK);
  REG(&t, R2, 0x55);
  END(&t);
  /* store with an absolute address and a negative disp32 */
  TC(&t, A, 0x89, MODRM(0, 4, 5), LE32(0x2000));
  DEC(&t, 6, "mov_rm32_r32", "mov dword [0x2000], r4");
  SET(&t, R4, 0x01020304);
  STEP(&t, OK);
  MEMBYTES(&t, 0x2000, 0x04, 0x03, 0x02, 0x01);
  END(&t);
  TC(&t, A, 0x89, MODRM(2, 0, 0), LE32(0x80000000));
  DEC(&t, 6, "mov_rm32_r32", "mov dword [r0-0x80000000], r0");
  SET(&t, R0, 0x80002000);
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0x80002000);
  END(&t);

  /* rm8: the rb class, x86 numbering (4-7 are the second bytes of r0-r3) */
  TC(&t, A, 0x8A, MODRM(3, 4, 1));
  DEC(&t, 2, "mov_r8_rm8", "mov r0h, r1l");
  SET(&t, R0, 0x11223344);
  SET(&t, R1, 0x55667788);
  STEP(&t, OK);
  REG(&t, R0, 0x11228844);
  END(&t);
  TC(&t, A, 0x8A, MODRM(3, 0, 7));
  DEC(&t, 2, "mov_r8_rm8", "mov r0l, r3h");
  SET(&t, R0, 0x11223344);
  SET(&t, R3, 0xAABBCCDD);
  STEP(&t, OK);
  REG(&t, R0, 0x112233CC);
  END(&t);
  TC(&t, A, 0x8A, MODRM(2, 6, 7), LE32(4));
  DEC(&t, 6, "mov_r8_rm8", "mov r2h, byte [r7+0x4]");
  SET(&t, R7, 0x1FFC);
  SET(&t, R2, 0xFFFFFFFF);
  POKE(&t, 0x2000, 1, 0x5A);
  STEP(&t, OK);
  REG(&t, R2, 0xFFFF5AFF);
  END(&t);
  TC(&t, A, 0x88, MODRM(1, 4, 6), 0xFF);
  DEC(&t, 3, "mov_rm8_r8", "mov byte [r6-0x1], r0h");
  SET(&t, R6, 0x2001);
  SET(&t, R0, 0x0000AB00);
  STEP(&t, OK);
  MEM(&t, 0x2000, 1, 0xAB);
  END(&t);
  TC(&t, A, 0x88, MODRM(3, 3, 6));
  DEC(&t, 2, "mov_rm8_r8", "mov r2h, r3l");
  SET(&t, R2, 0x12345678);
  SET(&t, R3, 0x9A);
  STEP(&t, OK);
  REG(&t, R2, 0x12349A78);
  END(&t);

  /* rm16 (0x66): the rw class and word memory */
  TC(&t, A, 0x66, 0x89, MODRM(3, 3, 0));
  DEC(&t, 3, "mov_rm16_r16", "mov r0w, r3w");
  SET(&t, R0, 0x11112222);
  SET(&t, R3, 0x3333ABCD);
  STEP(&t, OK);
  REG(&t, R0, 0x1111ABCD);
  END(&t);
  TC(&t, A, 0x66, 0x89, MODRM(0, 1, 3));
  DEC(&t, 3, "mov_rm16_r16", "mov word [r3], r1w");
  SET(&t, R3, 0x2000);
  SET(&t, R1, 0x12345678);
  STEP(&t, OK);
  MEM(&t, 0x2000, 2, 0x5678);
  END(&t);
  TC(&t, A, 0x66, 0x89, MODRM(1, 7, 7), 0xFE);
  DEC(&t, 4, "mov_rm16_r16", "mov word [r7-0x2], r7w");
  SET(&t, R7, 0x2002);
  STEP(&t, OK);
  MEM(&t, 0x2000, 2, 0x2002);
  END(&t);
}

/* Two-operand ALU (OP ; modrm): add/or/adc/sbb/and/sub/xor/cmp/test. */
static void alu_rr(void) {
  tcase t;
  /* add rm8, r8: 0xF0 + 0x20 = 0x110 -> 0x10, carry, no overflow */
  TC(&t, A, 0x00, MODRM(3, 1, 0));
  DEC(&t, 2, "add_rm8_r8", "add r0l, r1l");
  SET(&t, R0, 0x123456F0);
  SET(&t, R1, 0x00000020);
  STEP(&t, OK);
  REG(&t, R0, 0x12345610);
  FLAGS(&t, "Czsvp"); /* 0x10: one bit, odd parity */
  END(&t);
  /* add byte [0x2000], r0h: 0x7F + 1 = 0x80, signed overflow */
  TC(&t, A, 0x00, MODRM(0, 4, 5), LE32(0x2000));
  DEC(&t, 6, "add_rm8_r8", "add byte [0x2000], r0h");
  SET(&t, R0, 0x00000100);
  POKE(&t, 0x2000, 1, 0x7F);
  STEP(&t, OK);
  MEM(&t, 0x2000, 1, 0x80);
  FLAGS(&t, "czSVp");
  END(&t);
  /* add r0, r3: 0xFFFFFFFF + 1 = 0 */
  TC(&t, A, 0x01, MODRM(3, 3, 0));
  DEC(&t, 2, "add_rm32_r32", "add r0, r3");
  SET(&t, R0, 0xFFFFFFFF);
  SET(&t, R3, 1);
  STEP(&t, OK);
  REG(&t, R0, 0);
  FLAGS(&t, "CZsvP");
  END(&t);
  /* add dword [r1+0x8], r1 (memory destination) */
  TC(&t, A, 0x01, MODRM(1, 1, 1), 0x08);
  DEC(&t, 3, "add_rm32_r32", "add dword [r1+0x8], r1");
  SET(&t, R1, 0x2000);
  POKE(&t, 0x2008, 4, 0x00001234);
  STEP(&t, OK);
  MEM(&t, 0x2008, 4, 0x00003234);
  FLAGS(&t, "czsvp"); /* 0x34 = 00110100: three bits */
  END(&t);
  /* add r0w, r1w (0x66): 0x8000 + 0x8001 = 0x0001, carry and overflow */
  TC(&t, A, 0x66, 0x01, MODRM(3, 1, 0));
  DEC(&t, 3, "add_rm16_r16", "add r0w, r1w");
  SET(&t, R0, 0xAAAA8000);
  SET(&t, R1, 0xBBBB8001);
  STEP(&t, OK);
  REG(&t, R0, 0xAAAA0001);
  FLAGS(&t, "CzsVp");
  END(&t);
  /* add word [r0], r1w: 0x00FF + 1 = 0x0100 */
  TC(&t, A, 0x66, 0x01, MODRM(0, 1, 0));
  DEC(&t, 3, "add_rm16_r16", "add word [r0], r1w");
  SET(&t, R0, 0x2000);
  SET(&t, R1, 0xFFFF0001);
  POKE(&t, 0x2000, 2, 0x00FF);
  STEP(&t, OK);
  MEM(&t, 0x2000, 2, 0x0100);
  FLAGS(&t, "czsvP");
  END(&t);
  /* add r0, dword [r7+0x8]: 1 + 0x7FFFFFFF overflows */
  TC(&t, A, 0x03, MODRM(1, 0, 7), 0x08);
  DEC(&t, 3, "add_r32_rm32", "add r0, dword [r7+0x8]");
  SET(&t, R7, 0x2000);
  SET(&t, R0, 1);
  POKE(&t, 0x2008, 4, 0x7FFFFFFF);
  STEP(&t, OK);
  REG(&t, R0, 0x80000000);
  FLAGS(&t, "czSVP");
  END(&t);
  /* or r2, r1 clears C and V */
  TC(&t, A, 0x09, MODRM(3, 1, 2));
  DEC(&t, 2, "or_rm32_r32", "or r2, r1");
  SET(&t, R2, 0x0F0F0000);
  SET(&t, R1, 0x00F0F003);
  SETF(&t, "CVZS");
  STEP(&t, OK);
  REG(&t, R2, 0x0FFFF003);
  FLAGS(&t, "czsvP");
  END(&t);
  /* adc r0, r1 with C: 0xFFFFFFFF + 0 + 1 = 0 */
  TC(&t, A, 0x11, MODRM(3, 1, 0));
  DEC(&t, 2, "adc_rm32_r32", "adc r0, r1");
  SET(&t, R0, 0xFFFFFFFF);
  SET(&t, R1, 0);
  SETF(&t, "C");
  STEP(&t, OK);
  REG(&t, R0, 0);
  FLAGS(&t, "CZsvP");
  END(&t);
  /* adc with C: 0x7FFFFFFF + 0 + 1 overflows */
  TC(&t, A, 0x11, MODRM(3, 1, 0));
  DEC(&t, 2, "adc_rm32_r32", "adc r0, r1");
  SET(&t, R0, 0x7FFFFFFF);
  SET(&t, R1, 0);
  SETF(&t, "C");
  STEP(&t, OK);
  REG(&t, R0, 0x80000000);
  FLAGS(&t, "czSVP");
  END(&t);
  /* adc without C into memory */
  TC(&t, A, 0x11, MODRM(0, 2, 3));
  DEC(&t, 2, "adc_rm32_r32", "adc dword [r3], r2");
  SET(&t, R3, 0x2000);
  SET(&t, R2, 0x10);
  POKE(&t, 0x2000, 4, 0x0F);
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0x1F);
  FLAGS(&t, "czsvp"); /* 0x1F: five bits */
  END(&t);
  /* sbb r0, r1 with C: 0 - 0 - 1 */
  TC(&t, A, 0x19, MODRM(3, 1, 0));
  DEC(&t, 2, "sbb_rm32_r32", "sbb r0, r1");
  SET(&t, R0, 0);
  SET(&t, R1, 0);
  SETF(&t, "C");
  STEP(&t, OK);
  REG(&t, R0, 0xFFFFFFFF);
  FLAGS(&t, "CzSvP");
  END(&t);
  /* sbb dword [r3], r1 without C: 0x80000000 - 1 overflows */
  TC(&t, A, 0x19, MODRM(0, 1, 3));
  DEC(&t, 2, "sbb_rm32_r32", "sbb dword [r3], r1");
  SET(&t, R3, 0x2000);
  SET(&t, R1, 1);
  POKE(&t, 0x2000, 4, 0x80000000);
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0x7FFFFFFF);
  FLAGS(&t, "czsVP");
  END(&t);
  /* and r1, r2 */
  TC(&t, A, 0x21, MODRM(3, 2, 1));
  DEC(&t, 2, "and_rm32_r32", "and r1, r2");
  SET(&t, R1, 0xF0F0F0F0);
  SET(&t, R2, 0x0FF00FF0);
  SETF(&t, "CV");
  STEP(&t, OK);
  REG(&t, R1, 0x00F000F0);
  FLAGS(&t, "czsvP");
  END(&t);
  TC(&t, A, 0x21, MODRM(3, 2, 1));
  DEC(&t, 2, "and_rm32_r32", "and r1, r2");
  SET(&t, R1, 0xF0);
  SET(&t, R2, 0x0F);
  STEP(&t, OK);
  REG(&t, R1, 0);
  FLAGS(&t, "cZsvP");
  END(&t);
  /* sub r0, r1: 3 - 5 borrows */
  TC(&t, A, 0x29, MODRM(3, 1, 0));
  DEC(&t, 2, "sub_rm32_r32", "sub r0, r1");
  SET(&t, R0, 3);
  SET(&t, R1, 5);
  STEP(&t, OK);
  REG(&t, R0, 0xFFFFFFFE);
  FLAGS(&t, "CzSvp");
  END(&t);
  TC(&t, A, 0x29, MODRM(3, 1, 0));
  DEC(&t, 2, "sub_rm32_r32", "sub r0, r1");
  SET(&t, R0, 0x80000000);
  SET(&t, R1, 1);
  STEP(&t, OK);
  REG(&t, R0, 0x7FFFFFFF);
  FLAGS(&t, "czsVP");
  END(&t);
  /* xor r0, r0 */
  TC(&t, A, 0x31, MODRM(3, 0, 0));
  DEC(&t, 2, "xor_rm32_r32", "xor r0, r0");
  SET(&t, R0, 0x12345678);
  SETF(&t, "CSV");
  STEP(&t, OK);
  REG(&t, R0, 0);
  FLAGS(&t, "cZsvP");
  END(&t);
  /* xor dword [r6-0x100], r1 (negative disp32) */
  TC(&t, A, 0x31, MODRM(2, 1, 6), LE32(0xFFFFFF00));
  DEC(&t, 6, "xor_rm32_r32", "xor dword [r6-0x100], r1");
  SET(&t, R6, 0x2100);
  SET(&t, R1, 0xFFFFFFFF);
  POKE(&t, 0x2000, 4, 0x12345678);
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0xEDCBA987);
  FLAGS(&t, "czSvP");
  END(&t);
  /* cmp: only flags */
  TC(&t, A, 0x39, MODRM(3, 1, 0));
  DEC(&t, 2, "cmp_rm32_r32", "cmp r0, r1");
  SET(&t, R0, 5);
  SET(&t, R1, 5);
  STEP(&t, OK);
  FLAGS(&t, "cZsvP");
  END(&t);
  TC(&t, A, 0x39, MODRM(3, 1, 0));
  DEC(&t, 2, "cmp_rm32_r32", "cmp r0, r1");
  SET(&t, R0, 0x7FFFFFFF);
  SET(&t, R1, 0xFFFFFFFF);
  STEP(&t, OK);
  FLAGS(&t, "CzSVP");
  END(&t);
  /* test */
  TC(&t, A, 0x85, MODRM(3, 1, 1));
  DEC(&t, 2, "test_rm32_r32", "test r1, r1");
  SET(&t, R1, 0x80000000);
  SETF(&t, "CVZ");
  STEP(&t, OK);
  FLAGS(&t, "czSvP");
  END(&t);
  TC(&t, A, 0x85, MODRM(1, 2, 3), 0x10);
  DEC(&t, 3, "test_rm32_r32", "test dword [r3+0x10], r2");
  SET(&t, R3, 0x2000);
  SET(&t, R2, 0x0F);
  POKE(&t, 0x2010, 4, 0xF0);
  STEP(&t, OK);
  FLAGS(&t, "cZsvP");
  END(&t);
}

/* Immediate groups 0x81 /op imm32 and 0x83 /op simm8. */
static void alu_imm(void) {
  tcase t;
  TC(&t, A, 0x81, MODRM(3, 0, 0), LE32(0x10));
  DEC(&t, 6, "add_rm32_i32", "add r0, 0x10");
  SET(&t, R0, 0xFFFFFFF8);
  STEP(&t, OK);
  REG(&t, R0, 8);
  FLAGS(&t, "Czsvp");
  END(&t);
  /* memory with a negative disp8: the immediate follows the displacement */
  TC(&t, A, 0x81, MODRM(1, 0, 3), 0xFC, LE32(0x80000000));
  DEC(&t, 7, "add_rm32_i32", "add dword [r3-0x4], 0x80000000");
  SET(&t, R3, 0x2004);
  POKE(&t, 0x2000, 4, 0x80000000);
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0);
  FLAGS(&t, "CZsVP");
  END(&t);
  TC(&t, A, 0x81, MODRM(3, 1, 1), LE32(0x100));
  DEC(&t, 6, "or_rm32_i32", "or r1, 0x100");
  SET(&t, R1, 1);
  SETF(&t, "CV");
  STEP(&t, OK);
  REG(&t, R1, 0x101);
  FLAGS(&t, "czsvp");
  END(&t);
  TC(&t, A, 0x81, MODRM(3, 4, 2), LE32(0xFF));
  DEC(&t, 6, "and_rm32_i32", "and r2, 0xff");
  SET(&t, R2, 0x12345678);
  STEP(&t, OK);
  REG(&t, R2, 0x78);
  FLAGS(&t, "czsvP");
  END(&t);
  TC(&t, A, 0x81, MODRM(3, 5, 3), LE32(1));
  DEC(&t, 6, "sub_rm32_i32", "sub r3, 0x1");
  SET(&t, R3, 0);
  STEP(&t, OK);
  REG(&t, R3, 0xFFFFFFFF);
  FLAGS(&t, "CzSvP");
  END(&t);
  TC(&t, A, 0x81, MODRM(3, 6, 4), LE32(0xFFFFFFFF));
  DEC(&t, 6, "xor_rm32_i32", "xor r4, 0xffffffff");
  SET(&t, R4, 0x0000FFFF);
  STEP(&t, OK);
  REG(&t, R4, 0xFFFF0000);
  FLAGS(&t, "czSvP");
  END(&t);
  /* cmp dword [0x2000], 0x7: ten bytes */
  TC(&t, A, 0x81, MODRM(0, 7, 5), LE32(0x2000), LE32(7));
  DEC(&t, 10, "cmp_rm32_i32", "cmp dword [0x2000], 0x7");
  POKE(&t, 0x2000, 4, 7);
  STEP(&t, OK);
  FLAGS(&t, "cZsvP");
  END(&t);
  /* the longest instruction: both prefixes, 12 bytes */
  TC(&t, A, 0x66, 0x65, 0x81, MODRM(2, 7, 1), LE32(0x1000), LE32(0x80000000));
  DEC(&t, 12, "cmp_rm32_i32", "lock cmp dword [r1+0x1000], 0x80000000");
  SET(&t, R1, 0x1000);
  POKE(&t, 0x2000, 4, 0x7FFFFFFF);
  STEP(&t, OK);
  FLAGS(&t, "CzSVP"); /* 0x7FFFFFFF - 0x80000000 = 0xFFFFFFFF */
  END(&t);
  TC(&t, A, 0x83, MODRM(3, 0, 0), 0xFF);
  DEC(&t, 3, "add_rm32_i8", "add r0, -0x1");
  SET(&t, R0, 1);
  STEP(&t, OK);
  REG(&t, R0, 0);
  FLAGS(&t, "CZsvP");
  END(&t);
  TC(&t, A, 0x83, MODRM(0, 0, 5), LE32(0x2000), 0x7F);
  DEC(&t, 7, "add_rm32_i8", "add dword [0x2000], 0x7f");
  POKE(&t, 0x2000, 4, 0x7FFFFF81);
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0x80000000);
  FLAGS(&t, "czSVP");
  END(&t);
  TC(&t, A, 0x83, MODRM(3, 5, 1), 0x80);
  DEC(&t, 3, "sub_rm32_i8", "sub r1, -0x80");
  SET(&t, R1, 0x7FFFFFFF);
  STEP(&t, OK);
  REG(&t, R1, 0x8000007F);
  FLAGS(&t, "CzSVp");
  END(&t);
  TC(&t, A, 0x83, MODRM(1, 7, 6), 0x08, 0x05);
  DEC(&t, 4, "cmp_rm32_i8", "cmp dword [r6+0x8], 0x5");
  SET(&t, R6, 0x2000);
  POKE(&t, 0x2008, 4, 3);
  STEP(&t, OK);
  FLAGS(&t, "CzSvp");
  END(&t);
  TC(&t, A, 0x83, MODRM(3, 7, 2), 0xF6);
  DEC(&t, 3, "cmp_rm32_i8", "cmp r2, -0xa");
  SET(&t, R2, 0xFFFFFFF6);
  STEP(&t, OK);
  FLAGS(&t, "cZsvP");
  END(&t);
}

void toy_bytes_alu(void) {
  operand_forms();
  alu_rr();
  alu_imm();
}
