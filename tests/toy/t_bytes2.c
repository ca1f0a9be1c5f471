/* t_bytes2.c — hand-written cases for the byte-stream encoding, part 2:
 * moves, stack, control flow (every flow class), shifts, the unary group
 * (divide-by-zero trap), the 0x0F page (big-endian load/store) and faults. */
#include <stdio.h>

#include "toy_test.h"

#define OK ISA_STEP_OK
#define A 0x1000

static void moves(void) {
  tcase t;
  TC(&t, A, 0x87, MODRM(3, 1, 2));
  DEC(&t, 2, "xchg_rm32_r32", "xchg r2, r1");
  SET(&t, R1, 1);
  SET(&t, R2, 2);
  STEP(&t, OK);
  REG(&t, R1, 2);
  REG(&t, R2, 1);
  END(&t);
  /* xchg with memory based on the exchanged register: the address is r0's old value */
  TC(&t, A, 0x87, MODRM(0, 0, 0));
  DEC(&t, 2, "xchg_rm32_r32", "xchg dword [r0], r0");
  SET(&t, R0, 0x2000);
  POKE(&t, 0x2000, 4, 0xAAAA);
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0x2000);
  REG(&t, R0, 0xAAAA);
  END(&t);
  TC(&t, A, 0xB4, 0x7F);
  DEC(&t, 2, "mov_r8_i8", "mov r0h, 0x7f");
  SET(&t, R0, 0x11223344);
  STEP(&t, OK);
  REG(&t, R0, 0x11227F44);
  END(&t);
  TC(&t, A, 0xB3, 0x00);
  DEC(&t, 2, "mov_r8_i8", "mov r3l, 0x0");
  SET(&t, R3, 0xFFFFFFFF);
  STEP(&t, OK);
  REG(&t, R3, 0xFFFFFF00);
  END(&t);
  TC(&t, A, 0xB9, LE32(0xDEADBEEF));
  DEC(&t, 5, "mov_r32_i32", "mov r1, 0xdeadbeef");
  STEP(&t, OK);
  REG(&t, R1, 0xDEADBEEF);
  END(&t);
  TC(&t, A, 0xBF, LE32(0));
  DEC(&t, 5, "mov_r32_i32", "mov r7, 0x0");
  STEP(&t, OK);
  REG(&t, R7, 0);
  END(&t);
  TC(&t, A, 0x66, 0xBA, LE16(0xBEEF));
  DEC(&t, 4, "mov_r16_i16", "mov r2w, 0xbeef");
  SET(&t, R2, 0x12345678);
  STEP(&t, OK);
  REG(&t, R2, 0x1234BEEF);
  END(&t);
  TC(&t, A, 0x8D, MODRM(1, 0, 6), 0xF8);
  DEC(&t, 3, "lea", "lea r0, [r6-0x8]");
  SET(&t, R6, 0x100);
  STEP(&t, OK);
  REG(&t, R0, 0xF8);
  END(&t);
  TC(&t, A, 0x8D, MODRM(2, 1, 7), LE32(0x80000000));
  DEC(&t, 6, "lea", "lea r1, [r7-0x80000000]");
  SET(&t, R7, 0x80000010);
  STEP(&t, OK);
  REG(&t, R1, 0x10);
  END(&t);
  TC(&t, A, 0x8D, MODRM(0, 2, 5), LE32(0xFFFFFFFF));
  DEC(&t, 6, "lea", "lea r2, [0xffffffff]");
  STEP(&t, OK);
  REG(&t, R2, 0xFFFFFFFF);
  END(&t);
  TC(&t, A, 0x8D, MODRM(0, 3, 3));
  DEC(&t, 2, "lea", "lea r3, [r3]");
  STEP(&t, OK);
  END(&t);
}

static void inc_dec_stack(void) {
  tcase t;
  /* inc/dec leave C alone */
  TC(&t, A, 0x40);
  DEC(&t, 1, "inc_r32", "inc r0");
  SET(&t, R0, 0x7FFFFFFF);
  SETF(&t, "C");
  STEP(&t, OK);
  REG(&t, R0, 0x80000000);
  FLAGS(&t, "zSVP");
  END(&t);
  TC(&t, A, 0x47);
  DEC(&t, 1, "inc_r32", "inc r7");
  SET(&t, R7, 0xFFFFFFFF);
  STEP(&t, OK);
  REG(&t, R7, 0);
  FLAGS(&t, "ZsvP");
  END(&t);
  TC(&t, A, 0x4B);
  DEC(&t, 1, "dec_r32", "dec r3");
  SET(&t, R3, 1);
  SETF(&t, "C");
  STEP(&t, OK);
  REG(&t, R3, 0);
  FLAGS(&t, "ZsvP");
  END(&t);
  TC(&t, A, 0x4B);
  DEC(&t, 1, "dec_r32", "dec r3");
  SET(&t, R3, 0x80000000);
  STEP(&t, OK);
  REG(&t, R3, 0x7FFFFFFF);
  FLAGS(&t, "zsVP");
  END(&t);
  TC(&t, A, 0x53);
  DEC(&t, 1, "push_r32", "push r3");
  SET(&t, R7, 0x2010);
  SET(&t, R3, 0x11223344);
  STEP(&t, OK);
  REG(&t, R7, 0x200C);
  MEM(&t, 0x200C, 4, 0x11223344);
  END(&t);
  /* push r7 pushes the old value */
  TC(&t, A, 0x57);
  DEC(&t, 1, "push_r32", "push r7");
  SET(&t, R7, 0x2010);
  STEP(&t, OK);
  REG(&t, R7, 0x200C);
  MEM(&t, 0x200C, 4, 0x2010);
  END(&t);
  TC(&t, A, 0x59);
  DEC(&t, 1, "pop_r32", "pop r1");
  SET(&t, R7, 0x200C);
  POKE(&t, 0x200C, 4, 0xCAFEF00D);
  STEP(&t, OK);
  REG(&t, R1, 0xCAFEF00D);
  REG(&t, R7, 0x2010);
  END(&t);
  /* pop r7 loads r7 */
  TC(&t, A, 0x5F);
  DEC(&t, 1, "pop_r32", "pop r7");
  SET(&t, R7, 0x200C);
  POKE(&t, 0x200C, 4, 0x3000);
  STEP(&t, OK);
  REG(&t, R7, 0x3000);
  END(&t);
}

/* jcc rel8 / rel32, cmov and setcc for all sixteen conditions. */
static const struct {
  const char *name;
  const char *flags_true, *flags_false;
} conds[16] = {
    {"o", "V", "v"},          {"no", "v", "V"},         {"b", "Cz", "cZ"},        {"ae", "cZ", "Cz"},
    {"e", "Zc", "zC"},        {"ne", "zC", "Zc"},       {"be", "cZ", "cz"},       {"a", "cz", "Cz"},
    {"s", "S", "s"},          {"ns", "s", "S"},         {"p", "P", "p"},          {"np", "p", "P"},
    {"l", "Sv", "SV"},        {"ge", "SV", "sV"},       {"le", "zSv", "zsv"},     {"g", "zSV", "Zsv"},
};

static void conditions(void) {
  tcase t;
  char text[64];
  for (unsigned cc = 0; cc < 16; cc++) {
    for (int taken = 1; taken >= 0; taken--) {
      const char *fl = taken ? conds[cc].flags_true : conds[cc].flags_false;
      /* jcc rel8 at 0x1000: target 0x1002 + 0x10 */
      TC(&t, A, (uint8_t)(0x70 | cc), 0x10);
      snprintf(text, sizeof text, "j%s 0x1012", conds[cc].name);
      DEC(&t, 2, "jcc_rel8", text);
      SETF(&t, fl);
      STEP(&t, OK);
      NPC(&t, taken ? 0x1012 : 0x1002);
      END(&t);
      /* jcc rel32 at 0x1000, backwards: 0x1006 - 0x106 */
      TC(&t, A, 0x0F, (uint8_t)(0x80 | cc), LE32(0xFFFFFEFA));
      snprintf(text, sizeof text, "j%s 0xf00", conds[cc].name);
      DEC(&t, 6, "jcc_rel32", text);
      SETF(&t, fl);
      STEP(&t, OK);
      NPC(&t, taken ? 0xF00 : 0x1006);
      END(&t);
      /* cmov r0, r1 */
      TC(&t, A, 0x0F, (uint8_t)(0x40 | cc), MODRM(3, 0, 1));
      snprintf(text, sizeof text, "cmov%s r0, r1", conds[cc].name);
      DEC(&t, 3, "cmov", text);
      SETF(&t, fl);
      SET(&t, R0, 0x1111);
      SET(&t, R1, 0x2222);
      STEP(&t, OK);
      REG(&t, R0, taken ? 0x2222 : 0x1111);
      END(&t);
      /* set r0h */
      TC(&t, A, 0x0F, (uint8_t)(0x90 | cc), MODRM(3, 0, 4));
      snprintf(text, sizeof text, "set%s r0h", conds[cc].name);
      DEC(&t, 3, "setcc", text);
      SETF(&t, fl);
      SET(&t, R0, 0x1234FF78);
      STEP(&t, OK);
      REG(&t, R0, taken ? 0x12340178 : 0x12340078);
      END(&t);
    }
  }
  /* the other half of "be" and "le" */
  TC(&t, A, 0x76, 0xFE);
  DEC(&t, 2, "jcc_rel8", "jbe 0x1000");
  SETF(&t, "Cz");
  STEP(&t, OK);
  NPC(&t, 0x1000);
  END(&t);
  TC(&t, A, 0x7E, 0x80);
  DEC(&t, 2, "jcc_rel8", "jle 0xf82");
  SETF(&t, "zsV");
  STEP(&t, OK);
  NPC(&t, 0xF82);
  END(&t);
  /* cmovg from memory, setne to memory */
  TC(&t, A, 0x0F, 0x4F, MODRM(1, 0, 3), 0x08);
  DEC(&t, 4, "cmov", "cmovg r0, dword [r3+0x8]");
  SET(&t, R3, 0x2000);
  POKE(&t, 0x2008, 4, 0x600D);
  SETF(&t, "zSV");
  STEP(&t, OK);
  REG(&t, R0, 0x600D);
  END(&t);
  TC(&t, A, 0x0F, 0x95, MODRM(0, 0, 5), LE32(0x2000));
  DEC(&t, 7, "setcc", "setne byte [0x2000]");
  POKE(&t, 0x2000, 1, 0xAA);
  SETF(&t, "z");
  STEP(&t, OK);
  MEM(&t, 0x2000, 1, 1);
  END(&t);
}

/* jumps, calls, returns, syscall, halt: one case per flow class at least. */
static void control(void) {
  tcase t;
  TC(&t, A, 0x90);
  DEC(&t, 1, "nop", "nop");
  STEP(&t, OK);
  END(&t);
  TC(&t, A, 0x91);
  DEC(&t, 1, "sys", "syscall");
  STEP(&t, OK);
  END(&t);
  TC(&t, A, 0x97);
  DEC(&t, 1, "hlt", "hlt");
  STEP(&t, OK);
  END(&t);
  TC(&t, A, 0x92, 0x80);
  DEC(&t, 2, "jmp_rel8", "jmp 0xf82");
  STEP(&t, OK);
  NPC(&t, 0xF82);
  END(&t);
  TC(&t, A, 0x93, LE32(0xFFFFFFFB));
  DEC(&t, 5, "jmp_rel32", "jmp 1000"); /* the h format: hex without 0x */
  STEP(&t, OK);
  NPC(&t, 0x1000);
  END(&t);
  /* the target wraps at 32 bits */
  TC(&t, 0x10, 0x93, LE32(0xFFFFFF00));
  DEC(&t, 5, "jmp_rel32", "jmp ffffff15");
  STEP(&t, OK);
  NPC(&t, 0xFFFFFF15);
  END(&t);
  TC(&t, A, 0x94, LE32(0x100));
  DEC(&t, 5, "call_rel32", "call 0x1105");
  SET(&t, R7, 0x2000);
  STEP(&t, OK);
  NPC(&t, 0x1105);
  REG(&t, R7, 0x1FFC);
  MEM(&t, 0x1FFC, 4, 0x1005);
  END(&t);
  TC(&t, A, 0x95);
  DEC(&t, 1, "ret", "ret");
  SET(&t, R7, 0x1FFC);
  POKE(&t, 0x1FFC, 4, 0x1005);
  STEP(&t, OK);
  NPC(&t, 0x1005);
  REG(&t, R7, 0x2000);
  END(&t);
  TC(&t, A, 0x96, LE16(8));
  DEC(&t, 3, "ret_imm16", "ret 8");
  SET(&t, R7, 0x1FFC);
  POKE(&t, 0x1FFC, 4, 0x4321);
  STEP(&t, OK);
  NPC(&t, 0x4321);
  REG(&t, R7, 0x2008);
  END(&t);
  TC(&t, A, 0x96, LE16(0xFFFF));
  DEC(&t, 3, "ret_imm16", "ret 65535");
  SET(&t, R7, 0x1FFC);
  POKE(&t, 0x1FFC, 4, 0x4321);
  STEP(&t, OK);
  NPC(&t, 0x4321);
  REG(&t, R7, 0x11FFF);
  END(&t);
  TC(&t, A, 0x98, MODRM(3, 4, 0));
  DEC(&t, 2, "jmp_rm32", "jmp r0");
  SET(&t, R0, 0x4000);
  STEP(&t, OK);
  NPC(&t, 0x4000);
  END(&t);
  TC(&t, A, 0x98, MODRM(0, 4, 5), LE32(0x2000));
  DEC(&t, 6, "jmp_rm32", "jmp dword [0x2000]");
  POKE(&t, 0x2000, 4, 0x8888);
  STEP(&t, OK);
  NPC(&t, 0x8888);
  END(&t);
  TC(&t, A, 0x98, MODRM(3, 2, 3));
  DEC(&t, 2, "call_rm32", "call r3");
  SET(&t, R3, 0x5000);
  SET(&t, R7, 0x2000);
  STEP(&t, OK);
  NPC(&t, 0x5000);
  REG(&t, R7, 0x1FFC);
  MEM(&t, 0x1FFC, 4, 0x1002);
  END(&t);
  /* call dword [r7] reads the target before the push */
  TC(&t, A, 0x98, MODRM(0, 2, 7));
  DEC(&t, 2, "call_rm32", "call dword [r7]");
  SET(&t, R7, 0x2000);
  POKE(&t, 0x2000, 4, 0x6000);
  STEP(&t, OK);
  NPC(&t, 0x6000);
  REG(&t, R7, 0x1FFC);
  MEM(&t, 0x1FFC, 4, 0x1002);
  END(&t);
  /* call r7 pushes on the stack and jumps to the old r7 */
  TC(&t, A, 0x98, MODRM(3, 2, 7));
  DEC(&t, 2, "call_rm32", "call r7");
  SET(&t, R7, 0x2000);
  STEP(&t, OK);
  NPC(&t, 0x2000);
  REG(&t, R7, 0x1FFC);
  MEM(&t, 0x1FFC, 4, 0x1002);
  END(&t);
}

static void shifts(void) {
  tcase t;
  TC(&t, A, 0xA0, MODRM(3, 0, 0), 4);
  DEC(&t, 3, "rol_rm32_i8", "rol r0, 4");
  SET(&t, R0, 0x12345678);
  STEP(&t, OK);
  REG(&t, R0, 0x23456781);
  FLAGS(&t, "CV"); /* C = res[0] = 1; V = msb(res) != C */
  END(&t);
  /* count 32 & 31 = 0: nothing changes */
  TC(&t, A, 0xA0, MODRM(3, 0, 0), 32);
  DEC(&t, 3, "rol_rm32_i8", "rol r0, 32");
  SET(&t, R0, 0x12345678);
  SETF(&t, "CZsVp");
  STEP(&t, OK);
  END(&t);
  TC(&t, A, 0xA0, MODRM(3, 1, 1), 8);
  DEC(&t, 3, "ror_rm32_i8", "ror r1, 8");
  SET(&t, R1, 0x12345678);
  SETF(&t, "C");
  STEP(&t, OK);
  REG(&t, R1, 0x78123456);
  FLAGS(&t, "cV"); /* C = msb = 0; V = msb != bit 30 = 1 */
  END(&t);
  TC(&t, A, 0xA0, MODRM(3, 4, 2), 1);
  DEC(&t, 3, "shl_rm32_i8", "shl r2, 1");
  SET(&t, R2, 0x80000001);
  STEP(&t, OK);
  REG(&t, R2, 2);
  FLAGS(&t, "CzsVp");
  END(&t);
  TC(&t, A, 0xA0, MODRM(0, 4, 3), 0x24); /* 0x24 & 31 = 4 */
  DEC(&t, 3, "shl_rm32_i8", "shl dword [r3], 36");
  SET(&t, R3, 0x2000);
  POKE(&t, 0x2000, 4, 0x0F000001);
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0xF0000010);
  FLAGS(&t, "czSVp");
  END(&t);
  TC(&t, A, 0xA0, MODRM(3, 5, 3), 4);
  DEC(&t, 3, "shr_rm32_i8", "shr r3, 4");
  SET(&t, R3, 0x8000000F);
  STEP(&t, OK);
  REG(&t, R3, 0x08000000);
  FLAGS(&t, "CzsVP");
  END(&t);
  TC(&t, A, 0xA0, MODRM(3, 7, 4), 4);
  DEC(&t, 3, "sar_rm32_i8", "sar r4, 4");
  SET(&t, R4, 0x80000008);
  SETF(&t, "V");
  STEP(&t, OK);
  REG(&t, R4, 0xF8000000);
  FLAGS(&t, "CzSvP");
  END(&t);
  TC(&t, A, 0xA0, MODRM(3, 7, 4), 31);
  DEC(&t, 3, "sar_rm32_i8", "sar r4, 31");
  SET(&t, R4, 0x40000000);
  STEP(&t, OK);
  REG(&t, R4, 0);
  FLAGS(&t, "CZsvP");
  END(&t);
  /* by r1l & 31 */
  TC(&t, A, 0xA2, MODRM(3, 4, 0));
  DEC(&t, 2, "shl_rm32_cl", "shl r0, r1l");
  SET(&t, R0, 0x40000000);
  SET(&t, R1, 0x21);
  STEP(&t, OK);
  REG(&t, R0, 0x80000000);
  FLAGS(&t, "czSVP");
  END(&t);
  TC(&t, A, 0xA2, MODRM(3, 4, 0));
  DEC(&t, 2, "shl_rm32_cl", "shl r0, r1l");
  SET(&t, R0, 0x40000000);
  SET(&t, R1, 0xFFFFFF20); /* r1l & 31 = 0 */
  SETF(&t, "cZSvP");
  STEP(&t, OK);
  END(&t);
  /* memory, zero count: no store at all */
  TC(&t, A, 0xA2, MODRM(0, 4, 3));
  DEC(&t, 2, "shl_rm32_cl", "shl dword [r3], r1l");
  SET(&t, R3, 0x2000);
  SET(&t, R1, 0);
  POKE(&t, 0x2000, 4, 0x12345678);
  STEP(&t, OK);
  END(&t);
  TC(&t, A, 0xA2, MODRM(0, 4, 3));
  DEC(&t, 2, "shl_rm32_cl", "shl dword [r3], r1l");
  SET(&t, R3, 0x2000);
  SET(&t, R1, 8);
  POKE(&t, 0x2000, 4, 0x00FF00FF);
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0xFF00FF00);
  FLAGS(&t, "czSVP");
  END(&t);
  TC(&t, A, 0xA2, MODRM(3, 5, 0));
  DEC(&t, 2, "shr_rm32_cl", "shr r0, r1l");
  SET(&t, R0, 7);
  SET(&t, R1, 2);
  STEP(&t, OK);
  REG(&t, R0, 1);
  FLAGS(&t, "Czsvp");
  END(&t);
  TC(&t, A, 0xA2, MODRM(3, 7, 0));
  DEC(&t, 2, "sar_rm32_cl", "sar r0, r1l");
  SET(&t, R0, 0x80000000);
  SET(&t, R1, 0xFF); /* 31 */
  SETF(&t, "C");
  STEP(&t, OK);
  REG(&t, R0, 0xFFFFFFFF);
  FLAGS(&t, "czSvP");
  END(&t);
}

static void unary(void) {
  tcase t;
  TC(&t, A, 0xA4, MODRM(3, 2, 0));
  DEC(&t, 2, "not_rm32", "not r0");
  SET(&t, R0, 0x0F0F0F0F);
  STEP(&t, OK);
  REG(&t, R0, 0xF0F0F0F0);
  END(&t);
  TC(&t, A, 0xA4, MODRM(3, 3, 1));
  DEC(&t, 2, "neg_rm32", "neg r1");
  SET(&t, R1, 1);
  STEP(&t, OK);
  REG(&t, R1, 0xFFFFFFFF);
  FLAGS(&t, "CzSvP");
  END(&t);
  TC(&t, A, 0xA4, MODRM(3, 3, 1));
  DEC(&t, 2, "neg_rm32", "neg r1");
  SET(&t, R1, 0x80000000);
  STEP(&t, OK);
  REG(&t, R1, 0x80000000);
  FLAGS(&t, "CzSVP");
  END(&t);
  TC(&t, A, 0xA4, MODRM(0, 3, 3));
  DEC(&t, 2, "neg_rm32", "neg dword [r3]");
  SET(&t, R3, 0x2000);
  SETF(&t, "CV");
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0);
  FLAGS(&t, "cZsvP");
  END(&t);
  TC(&t, A, 0xA4, MODRM(3, 4, 3));
  DEC(&t, 2, "mul_rm32", "mul r3");
  SET(&t, R0, 0xFFFFFFFF);
  SET(&t, R3, 2);
  STEP(&t, OK);
  REG(&t, R0, 0xFFFFFFFE);
  REG(&t, R2, 1);
  FLAGS(&t, "CV");
  END(&t);
  TC(&t, A, 0xA4, MODRM(3, 4, 3));
  DEC(&t, 2, "mul_rm32", "mul r3");
  SET(&t, R0, 3);
  SET(&t, R3, 4);
  SETF(&t, "CV");
  STEP(&t, OK);
  REG(&t, R0, 12);
  REG(&t, R2, 0);
  FLAGS(&t, "cv");
  END(&t);
  TC(&t, A, 0xA4, MODRM(3, 5, 3));
  DEC(&t, 2, "imul_rm32", "imul r3");
  SET(&t, R0, 0xFFFFFFFF);
  SET(&t, R3, 2);
  SETF(&t, "CV");
  STEP(&t, OK);
  REG(&t, R0, 0xFFFFFFFE);
  REG(&t, R2, 0xFFFFFFFF);
  FLAGS(&t, "cv");
  END(&t);
  TC(&t, A, 0xA4, MODRM(3, 5, 3));
  DEC(&t, 2, "imul_rm32", "imul r3");
  SET(&t, R0, 0x40000000);
  SET(&t, R3, 4);
  STEP(&t, OK);
  REG(&t, R0, 0);
  REG(&t, R2, 1);
  FLAGS(&t, "CV");
  END(&t);
  TC(&t, A, 0xA4, MODRM(3, 6, 3));
  DEC(&t, 2, "div_rm32", "div r3");
  SET(&t, R0, 100);
  SET(&t, R3, 7);
  STEP(&t, OK);
  REG(&t, R0, 14);
  REG(&t, R2, 2);
  END(&t);
  /* divide by zero traps, register and memory divisor */
  TC(&t, A, 0xA4, MODRM(3, 6, 3));
  DEC(&t, 2, "div_rm32", "div r3");
  SET(&t, R0, 100);
  SET(&t, R3, 0);
  STEP(&t, ISA_STEP_TRAP);
  TRAP(&t, "divide by zero");
  END(&t);
  TC(&t, A, 0xA4, MODRM(1, 6, 3), 0x04);
  DEC(&t, 3, "div_rm32", "div dword [r3+0x4]");
  SET(&t, R3, 0x2000);
  STEP(&t, ISA_STEP_TRAP);
  TRAP(&t, "divide by zero");
  END(&t);
  TC(&t, A, 0xA4, MODRM(3, 7, 3));
  DEC(&t, 2, "idiv_rm32", "idiv r3");
  SET(&t, R0, 0xFFFFFFF9); /* -7 / 2 = -3 rem -1 */
  SET(&t, R3, 2);
  STEP(&t, OK);
  REG(&t, R0, 0xFFFFFFFD);
  REG(&t, R2, 0xFFFFFFFF);
  END(&t);
  TC(&t, A, 0xA4, MODRM(3, 7, 3));
  DEC(&t, 2, "idiv_rm32", "idiv r3");
  SET(&t, R0, 0x80000000);
  SET(&t, R3, 0xFFFFFFFF);
  STEP(&t, OK);
  REG(&t, R0, 0x80000000);
  REG(&t, R2, 0);
  END(&t);
  TC(&t, A, 0xA4, MODRM(3, 7, 3));
  DEC(&t, 2, "idiv_rm32", "idiv r3");
  SET(&t, R3, 0);
  STEP(&t, ISA_STEP_TRAP);
  TRAP(&t, "divide by zero");
  END(&t);
}

static void page0f(void) {
  tcase t;
  TC(&t, A, 0x0F, 0x0C, MODRM(3, 0, 1));
  DEC(&t, 3, "abs_r32_rm32", "abs r0, r1");
  SET(&t, R1, 0xFFFFFFF6);
  STEP(&t, OK);
  REG(&t, R0, 10);
  END(&t);
  TC(&t, A, 0x0F, 0x0C, MODRM(3, 0, 1));
  DEC(&t, 3, "abs_r32_rm32", "abs r0, r1");
  SET(&t, R1, 5);
  STEP(&t, OK);
  REG(&t, R0, 5);
  END(&t);
  TC(&t, A, 0x0F, 0x0C, MODRM(1, 2, 3), 0xFC);
  DEC(&t, 4, "abs_r32_rm32", "abs r2, dword [r3-0x4]");
  SET(&t, R3, 0x2004);
  POKE(&t, 0x2000, 4, 0x80000000);
  STEP(&t, OK);
  REG(&t, R2, 0x80000000);
  END(&t);
  TC(&t, A, 0x0F, 0xA4, MODRM(3, 1, 0), 4);
  DEC(&t, 4, "shld", "shld r0, r1, 4");
  SET(&t, R0, 0x12345678);
  SET(&t, R1, 0x9ABCDEF0);
  STEP(&t, OK);
  REG(&t, R0, 0x23456789);
  END(&t);
  TC(&t, A, 0x0F, 0xA4, MODRM(2, 1, 0), LE32(0x100), 0x3F);
  DEC(&t, 8, "shld", "shld dword [r0+0x100], r1, 63");
  SET(&t, R0, 0x1F00);
  SET(&t, R1, 0x80000000);
  POKE(&t, 0x2000, 4, 0x00000001);
  STEP(&t, OK);
  MEM(&t, 0x2000, 4, 0xC0000000); /* (1:0x80000000) << 31, high word */
  END(&t);
  TC(&t, A, 0x0F, 0xB6, MODRM(3, 0, 3));
  DEC(&t, 3, "movx_r32_rm8", "movzx r0, r3l");
  SET(&t, R3, 0xF0);
  STEP(&t, OK);
  REG(&t, R0, 0xF0);
  END(&t);
  TC(&t, A, 0x0F, 0xBE, MODRM(3, 0, 7));
  DEC(&t, 3, "movx_r32_rm8", "movsx r0, r3h");
  SET(&t, R3, 0x8000);
  STEP(&t, OK);
  REG(&t, R0, 0xFFFFFF80);
  END(&t);
  TC(&t, A, 0x0F, 0xBE, MODRM(0, 0, 5), LE32(0x2000));
  DEC(&t, 7, "movx_r32_rm8", "movsx r0, byte [0x2000]");
  POKE(&t, 0x2000, 1, 0x7F);
  STEP(&t, OK);
  REG(&t, R0, 0x7F);
  END(&t);
  TC(&t, A, 0x0F, 0xB7, MODRM(0, 1, 3));
  DEC(&t, 3, "movx_r32_rm16", "movzx r1, word [r3]");
  SET(&t, R3, 0x2000);
  POKE(&t, 0x2000, 2, 0x8001);
  STEP(&t, OK);
  REG(&t, R1, 0x8001);
  END(&t);
  TC(&t, A, 0x0F, 0xBF, MODRM(3, 1, 3));
  DEC(&t, 3, "movx_r32_rm16", "movsx r1, r3w");
  SET(&t, R3, 0x00008001);
  STEP(&t, OK);
  REG(&t, R1, 0xFFFF8001);
  END(&t);
  TC(&t, A, 0x0F, 0xC9);
  DEC(&t, 2, "bswap_r32", "bswap r1");
  SET(&t, R1, 0x12345678);
  STEP(&t, OK);
  REG(&t, R1, 0x78563412);
  END(&t);
  /* big-endian load and store */
  TC(&t, A, 0x0F, 0x38, MODRM(0, 0, 3));
  DEC(&t, 3, "movbe_load", "movbe r0, [r3]");
  SET(&t, R3, 0x2000);
  POKE(&t, 0x2000, 4, 0x78563412); /* bytes 12 34 56 78 */
  STEP(&t, OK);
  REG(&t, R0, 0x12345678);
  END(&t);
  TC(&t, A, 0x0F, 0x39, MODRM(1, 1, 3), 0x04);
  DEC(&t, 4, "movbe_store", "movbe [r3+0x4], r1");
  SET(&t, R3, 0x2000);
  SET(&t, R1, 0xAABBCCDD);
  STEP(&t, OK);
  MEMBYTES(&t, 0x2004, 0xAA, 0xBB, 0xCC, 0xDD);
  END(&t);
  /* prefixes: lock prints, 0x66 on a rule without opsize changes nothing */
  TC(&t, A, 0x65, 0x01, MODRM(3, 1, 0));
  DEC(&t, 3, "add_rm32_r32", "lock add r0, r1");
  SET(&t, R0, 1);
  SET(&t, R1, 2);
  STEP(&t, OK);
  REG(&t, R0, 3);
  FLAGS(&t, "czsvP");
  END(&t);
  TC(&t, A, 0x65, 0x66, 0x01, MODRM(3, 1, 0));
  DEC(&t, 4, "add_rm16_r16", "lock add r0w, r1w");
  SET(&t, R0, 0x1FFFF);
  SET(&t, R1, 0x20001);
  STEP(&t, OK);
  REG(&t, R0, 0x10000);
  FLAGS(&t, "CZsvP");
  END(&t);
  TC(&t, A, 0x66, 0x8B, MODRM(3, 0, 1));
  DEC(&t, 3, "mov_r32_rm32", "mov r0, r1");
  SET(&t, R1, 0x12345678);
  STEP(&t, OK);
  REG(&t, R0, 0x12345678);
  END(&t);
}

/* Memory faults on unmapped addresses: nothing is stored, the step says
 * where and whether it was a write. */
static void faults(void) {
  tcase t;
  TC(&t, A, 0x8B, MODRM(0, 0, 3));
  DEC(&t, 2, "mov_r32_rm32", "mov r0, dword [r3]");
  tc_unmap(&t, 0x9000, 0xA000);
  SET(&t, R3, 0x9000);
  STEP(&t, ISA_STEP_FAULT);
  FAULT(&t, 0x9000, false);
  END(&t);
  TC(&t, A, 0x89, MODRM(1, 0, 3), 0x10);
  DEC(&t, 3, "mov_rm32_r32", "mov dword [r3+0x10], r0");
  tc_unmap(&t, 0x9000, 0xA000);
  SET(&t, R3, 0x9000);
  STEP(&t, ISA_STEP_FAULT);
  FAULT(&t, 0x9010, true);
  END(&t);
  TC(&t, A, 0x50);
  DEC(&t, 1, "push_r32", "push r0");
  tc_unmap(&t, 0x9000, 0xA000);
  SET(&t, R7, 0x9004);
  STEP(&t, ISA_STEP_FAULT);
  FAULT(&t, 0x9000, true);
  END(&t);
  TC(&t, A, 0x95);
  DEC(&t, 1, "ret", "ret");
  tc_unmap(&t, 0, 0x100000000);
  SET(&t, R7, 0x2000);
  STEP(&t, ISA_STEP_FAULT);
  FAULT(&t, 0x2000, false);
  END(&t);
  TC(&t, A, 0x0F, 0x39, MODRM(0, 1, 5), LE32(0xFFFFFFF0));
  DEC(&t, 7, "movbe_store", "movbe [0xfffffff0], r1");
  tc_unmap(&t, 0xFFFF0000, 0x100000000);
  STEP(&t, ISA_STEP_FAULT);
  FAULT(&t, 0xFFFFFFF0, true);
  END(&t);
  /* a faulting read-modify-write stores nothing */
  TC(&t, A, 0x01, MODRM(0, 1, 3));
  DEC(&t, 2, "add_rm32_r32", "add dword [r3], r1");
  tc_unmap(&t, 0x9000, 0xA000);
  SET(&t, R3, 0x9FFC);
  STEP(&t, ISA_STEP_FAULT);
  FAULT(&t, 0x9FFC, false);
  END(&t);
}

void toy_bytes_misc(void) {
  moves();
  inc_dec_stack();
  conditions();
  control();
  shifts();
  unary();
  page0f();
  faults();
}
