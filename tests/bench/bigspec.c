/* bigspec.c — writer of a large synthetic isagen spec (see bigspec.h).
 *
 * Layout of the generated ISA (little-endian, 32-bit addresses):
 *
 *  byte stream, first byte 0x00..0xBF:
 *    0x65, 0x66        prefixes (lock, opsize)
 *    0x10..0xBF        one-byte opcodes, handed out in aligned blocks of 16:
 *                      a block is either sixteen single opcodes, two
 *                      opcode+register groups (opb = 7:3, rr = 2:0) or one
 *                      opcode+condition group (jop = 7:4, cc = 3:0)
 *    0x00..0x0F ; XX   two-byte opcodes, the second byte handed out the same way
 *    operands          ModRM (rm32/rm16/rm8/ea tables), disp8/disp32,
 *                      imm8/imm16/imm32
 *  fixed width, first byte 0xC0..0xFF: one 32-bit word, cls = 7:6 = 3 and
 *    maj = 5:0; sixteen token layouts fw0..fw15 (maj % 16), each with its own
 *    fields and sub-tables:
 *      maj 0..15   register forms, 128 functions each in fn = 31:25
 *      maj 16..62  immediate forms, one instruction each
 *      maj 63      system forms, selected by rd
 *
 * Every instruction is named and every encoding is distinct by construction,
 * so isagen must accept the spec without errors or warnings.
 */
#include "bigspec.h"

#include <stdarg.h>
#include <string.h>

typedef struct W {
  FILE *f;
  long lines;
  int err;
  int rr_hv, rr_fz, rr_fa, rr_fs, rr_fl, rr_hb; /* round-robin: every helper gets used */
} W;

static void out(W *w, const char *fmt, ...) {
  char buf[4096];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof buf) {
    w->err = 1;
    return;
  }
  for (int i = 0; i < n; i++)
    if (buf[i] == '\n') w->lines++;
  if (fwrite(buf, 1, (size_t)n, w->f) != (size_t)n) w->err = 1;
}

/* ---- helpers ------------------------------------------------------------ */

#define NHV 64 /* value helpers hv<j>(a: bv32, b: bv32) : bv32 */
#define NFL 16 /* flag procedures fz<j>, fa<j>, fs<j>, fl<j> (generic) */
#define NHB 16 /* block-bodied value helpers hb<j> (write C) */

static unsigned mix(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

static void write_helpers(W *w) {
  out(w, "// ---- helpers ---------------------------------------------------------------\n\n");
  for (int j = 0; j < NFL; j++) {
    out(w, "fn fz%d(x: bv) {\n  Z = x == 0;\n  S = msb(x);\n  P = parity(x[7:0]);\n}\n", j);
    out(w, "fn fa%d(a: bv, b: bv, res: bv) {\n  C = carry(a, b);\n  V = scarry(a, b);\n  fz%d(res);\n}\n", j, j);
    out(w, "fn fs%d(a: bv, b: bv, res: bv) {\n  C = borrow(a, b);\n  V = sborrow(a, b);\n  fz%d(res);\n}\n", j, j);
    out(w, "fn fl%d(res: bv) {\n  C = false;\n  V = false;\n  fz%d(res);\n}\n", j, j);
  }
  for (int j = 0; j < NHV; j++) {
    unsigned k = mix((unsigned)j + 1);
    int sh = (int)(k % 31) + 1;
    switch (j % 16) {
    case 0: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = (a + b) ^ 0x%08X;\n", j, k); break;
    case 1: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = (a & 0x%08X) | (b & ~0x%08X);\n", j, k, k); break;
    case 2: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = a - (b >> %d);\n", j, sh); break;
    case 3: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = ite(slt(a, b), a, b) + %u;\n", j, k % 1000); break;
    case 4: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = a * 0x%X + b;\n", j, k | 1); break;
    case 5: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = concat(a[15:0], b[31:16]);\n", j); break;
    case 6: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = bswap(a) ^ rol(b, %d);\n", j, sh); break;
    case 7: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = sdiv(a, b | 1);\n", j); break;
    case 8: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = srem(a, b | 0x%X);\n", j, (k & 0xFF) | 1); break;
    case 9: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = asr(a, %d) + ror(b, %d);\n", j, sh, 32 - sh); break;
    case 10: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = ite(a == b, 0x%X, a < b ? a : b);\n", j, k); break;
    case 11: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = (a << %d) | (b >> %d);\n", j, sh, 32 - sh); break;
    case 12: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = clz(a) + ctz(b) + popcount(a ^ b);\n", j); break;
    case 13: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = zext(a[7:0], 32) * zext(b[15:0], 32);\n", j); break;
    case 14: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = ~(a | b) + (a %% (b | 1));\n", j); break;
    default: out(w, "fn hv%d(a: bv32, b: bv32) : bv32 = sext(a[15:0], 32) - sext(b[7:0], 32);\n", j); break;
    }
  }
  for (int j = 0; j < NHB; j++)
    out(w, "fn hb%d(a: bv32, b: bv32) : bv32 {\n  C = a < b;\n  V = slt(a, b);\n  return a - b + %d;\n}\n", j, j);
  out(w, "fn brel(off: bv) : bv32 = PC + (sext(off, 32) << 2);\n\n");
}

/* ---- fixed-width tokens and tables --------------------------------------- */

#define NTOK 16

/* Form of the immediate instruction on major opcode maj (16..62); form 2,
 * a load, uses the token's f<k>_ea table. */
static int i_form(int maj) { return maj % 8; }
static int ea_used(int k) {
  for (int maj = 16 + k; maj < 63; maj += NTOK)
    if (i_form(maj) == 2) return 1;
  return 0;
}

static void write_fixed_tokens(W *w) {
  out(w, "// ---- fixed-width tokens: fw<k> serves maj %% 16 == k ---------------------------\n\n");
  for (int k = 0; k < NTOK; k++) {
    out(w, "token fw%d : 32 {\n", k);
    out(w, "  f%d_cls = 7:6; f%d_maj = 5:0;\n", k, k);
    /* odd layouts swap rd and rs, so the tokens really differ */
    if (k % 2 == 0) out(w, "  f%d_rd = 12:8; f%d_rs = 17:13;\n", k, k);
    else out(w, "  f%d_rs = 12:8; f%d_rd = 17:13;\n", k, k);
    out(w, "  f%d_rt = 22:18; f%d_sh = 22:18; f%d_sel = 24:23; f%d_fn = 31:25;\n", k, k, k, k);
    out(w, "  f%d_imm = 31:18 signed; f%d_uimm = 31:18;\n", k, k);
    out(w, "  f%d_soff = 31:25, 22:18 signed;\n", k);
    out(w, "}\n");
    /* second-operand table over sel */
    out(w, "table f%d_src : bv32 {\n", k);
    out(w, "  f%d_sel=0 & f%d_rt => r[f%d_rt]                     asm \"{r[f%d_rt]}\";\n", k, k, k, k);
    out(w, "  f%d_sel=1 & f%d_sh => zext(f%d_sh, 32) + %d          asm \"#{f%d_sh:d}+%d\";\n", k, k, k, k, k,
        k);
    out(w, "  f%d_sel=2 & f%d_rt => ~r[f%d_rt]                    asm \"~{r[f%d_rt]}\";\n", k, k, k, k);
    out(w, "  f%d_sel=3 & f%d_rt => r[f%d_rt] << %d               asm \"{r[f%d_rt]}<<%d\";\n", k, k, k,
        k % 5 + 1, k, k % 5 + 1);
    out(w, "}\n");
    /* condition table over rt (values 0..7 decode) */
    out(w, "table f%d_cc : bool {\n", k);
    static const char *const conds[8][2] = {{"Z", "eq"},         {"!Z", "ne"},     {"C", "cs"},
                                            {"!C", "cc"},        {"S", "mi"},      {"!S", "pl"},
                                            {"S != V", "lt"},    {"!Z && S == V", "gt"}};
    for (int c = 0; c < 8; c++)
      out(w, "  f%d_rt=%d => %s asm \"%s\";\n", k, c, conds[c][0], conds[c][1]);
    out(w, "}\n");
    /* effective address over rs and imm, where a load uses it */
    if (!ea_used(k)) {
      out(w, "\n");
      continue;
    }
    out(w, "table f%d_ea : bv32 {\n", k);
    out(w, "  f%d_rs & f%d_imm => r[f%d_rs] + sext(f%d_imm, 32) asm \"{f%d_imm:sx}({r[f%d_rs]})\";\n", k, k, k,
        k, k, k);
    out(w, "}\n\n");
  }
}

/* ---- byte-stream tokens and tables ---------------------------------------- */

static void write_byte_tokens(W *w) {
  out(w, "// ---- byte-stream tokens and operand tables -----------------------------------\n\n");
  out(w, "token op : 8 { opb = 7:3; rr = 2:0; }\n");
  out(w, "token jcc : 8 { jop = 7:4; cc = 3:0; }\n");
  out(w, "token modrm : 8 { mod = 7:6; reg = 5:3; rm = 2:0; }\n");
  out(w, "token i8 : 8 { imm8 = 7:0; simm8 = 7:0 signed; }\n");
  out(w, "token i16 : 16 { imm16 = 15:0; }\n");
  out(w, "token i32 : 32 { imm32 = 31:0; disp32 = 31:0 signed; }\n\n");
  out(w, "table ea : bv32 {\n");
  out(w, "  mod=0 & rm             => r[rm]                   asm \"[{r[rm]}]\";\n");
  out(w, "  mod=0 & rm=5 ; imm32   => imm32                   asm \"[{imm32:x}]\";\n");
  out(w, "  mod=1 & rm ; simm8     => r[rm] + sext(simm8, 32) asm \"[{r[rm]}{simm8:+sx}]\";\n");
  out(w, "  mod=2 & rm ; disp32    => r[rm] + disp32          asm \"[{r[rm]}{disp32:+sx}]\";\n");
  out(w, "}\n");
  out(w, "table rm32 : loc bv32 {\n  mod=3 & rm => r[rm]     asm \"{r[rm]}\";\n"
         "  ea         => mem32[ea] asm \"dword {ea}\";\n}\n");
  out(w, "table rm16 : loc bv16 {\n  mod=3 & rm => rw[rm]    asm \"{rw[rm]}\";\n"
         "  ea         => mem16[ea] asm \"word {ea}\";\n}\n");
  out(w, "table rm8 : loc bv8 {\n  mod=3 & rm => rb[rm]    asm \"{rb[rm]}\";\n"
         "  ea         => mem8[ea]  asm \"byte {ea}\";\n}\n");
  static const char *const cond[16][2] = {
      {"V", "o"},      {"!V", "no"},        {"C", "b"},       {"!C", "ae"},    {"Z", "e"},       {"!Z", "ne"},
      {"C || Z", "be"}, {"!C && !Z", "a"},   {"S", "s"},       {"!S", "ns"},    {"P", "p"},       {"!P", "np"},
      {"S != V", "l"}, {"S == V", "ge"},    {"Z || S != V", "le"}, {"!Z && S == V", "g"}};
  out(w, "table cond : bool {\n");
  for (int c = 0; c < 16; c++) out(w, "  cc=%d => %s asm \"%s\";\n", c, cond[c][0], cond[c][1]);
  out(w, "}\n\n");
}

/* ---- byte-stream instructions -------------------------------------------- */

typedef struct G {
  W *w;
  int left;  /* byte-stream instructions still to write */
  int count; /* written so far */
  int idx;   /* running index for names and variation */
} G;

static const char *const aluop[8] = {"+", "-", "&", "|", "^", "+", "-", "^"};

/* Writes one ALU-style instruction on a destination loc `d` (an expression
 * string of width `bits`) and a source `s`. */
static void alu_body(W *w, int i, const char *d, const char *s, int bits) {
  int v = i % 6;
  if (bits == 32 && v < 2) {
    out(w, "  let a = %s;\n  let b = %s;\n  let res = hv%d(a, b);\n  fa%d(a, b, res);\n  %s = res;\n", d, s,
        w->rr_hv++ % NHV, w->rr_fa++ % NFL, d);
  } else if (v == 2) {
    out(w, "  let a = %s;\n  let b = %s;\n  let res = a - b;\n  fs%d(a, b, res);\n  %s = res;\n", d, s,
        w->rr_fs++ % NFL, d);
  } else if (v == 3) {
    out(w, "  let res = %s %s %s;\n  fl%d(res);\n  %s = res;\n", d, aluop[(i / 6) % 8], s, w->rr_fl++ % NFL, d);
  } else if (v == 4) {
    out(w, "  let a = %s;\n  let b = %s;\n  fs%d(a, b, a - b);\n", d, s, w->rr_fs++ % NFL);
  } else if (bits == 32 && v == 5) {
    out(w, "  %s = hb%d(%s, %s);\n  fz%d(%s);\n", d, w->rr_hb++ % NHB, d, s, w->rr_fz++ % NFL, d);
  } else {
    out(w, "  let a = %s;\n  let b = %s;\n  let res = a + b;\n  fa%d(a, b, res);\n  %s = res;\n", d, s,
        w->rr_fa++ % NFL, d);
  }
}

/* `enc` is the opcode part of the pattern ("0x12" or "0x0E ; 0x12"); one
 * opcode yields 1 to 8 instructions. */
static void single_opcode(G *g, const char *enc) {
  W *w = g->w;
  int i = g->idx++;
  int form = (int)(mix((unsigned)i * 2654435761U) % 12);
  char nm[32];
  snprintf(nm, sizeof nm, "b%d", i);
  if (g->left <= 0) return;
  switch (form) {
  case 0:
  case 1: /* rm32, r32 */
    out(w, "insn %s_rr : %s ; reg & rm32 asm \"op%d {rm32}, {r[reg]}\" flow fallthrough {\n", nm, enc, i);
    alu_body(w, i, "rm32", "r[reg]", 32);
    out(w, "}\n");
    g->left--, g->count++;
    break;
  case 2: /* r32, rm32 */
    out(w, "insn %s_rm : %s ; reg & rm32 asm \"op%d {r[reg]}, {rm32}\" flow fallthrough {\n", nm, enc, i);
    alu_body(w, i, "r[reg]", "rm32", 32);
    out(w, "}\n");
    g->left--, g->count++;
    break;
  case 3: /* rm8, r8 */
    out(w, "insn %s_b : %s ; reg & rm8 asm \"op%d {rm8}, {rb[reg]}\" flow fallthrough {\n", nm, enc, i);
    alu_body(w, i, "rm8", "rb[reg]", 8);
    out(w, "}\n");
    g->left--, g->count++;
    break;
  case 4: /* opsize pair */
    out(w, "insn %s_d : opsize=0 & %s ; reg & rm32 asm \"op%d {rm32}, {r[reg]}\" flow fallthrough {\n", nm, enc, i);
    alu_body(w, i, "rm32", "r[reg]", 32);
    out(w, "}\n");
    g->left--, g->count++;
    if (g->left <= 0) break;
    out(w, "insn %s_w : opsize=1 & %s ; reg & rm16 asm \"op%d {rm16}, {rw[reg]}\" flow fallthrough {\n", nm, enc, i);
    alu_body(w, i, "rm16", "rw[reg]", 16);
    out(w, "}\n");
    g->left--, g->count++;
    break;
  case 5:
  case 6: { /* group with imm32 or simm8 */
    int big = form == 5;
    for (int k = 0; k < 8 && g->left > 0; k++) {
      if (big)
        out(w, "insn %s_g%d : %s ; reg=%d & rm32 ; imm32 asm \"op%d.%d {rm32}, {imm32:x}\" flow fallthrough {\n", nm,
            k, enc, k, i, k);
      else
        out(w, "insn %s_g%d : %s ; reg=%d & rm32 ; simm8 asm \"op%d.%d {rm32}, {simm8:sx}\" flow fallthrough {\n", nm,
            k, enc, k, i, k);
      alu_body(w, i * 8 + k, "rm32", big ? "imm32" : "sext(simm8, 32)", 32);
      out(w, "}\n");
      g->left--, g->count++;
    }
    break;
  }
  case 7: /* lea-like: memory operands only */
    out(w, "insn %s_lea : %s ; reg & ea asm \"lea%d {r[reg]}, {ea}\" flow fallthrough {\n  r[reg] = ea + %d;\n}\n",
        nm, enc, i, i % 64);
    g->left--, g->count++;
    break;
  case 8: /* relative jump or call */
    if (i % 2)
      out(w, "insn %s_j : %s ; disp32 asm \"jmp%d {next + disp32:x}\" flow jump {\n  PC = next + disp32;\n}\n", nm,
          enc, i);
    else
      out(w,
          "insn %s_c : %s ; disp32 asm \"call%d {next + disp32:x}\" flow call {\n  r[7] = r[7] - 4;\n"
          "  mem32[r[7]] = next;\n  PC = next + disp32;\n}\n",
          nm, enc, i);
    g->left--, g->count++;
    break;
  case 9: /* return with imm16, or an indirect jump */
    if (i % 2)
      out(w,
          "insn %s_ret : %s ; imm16 asm \"ret%d {imm16:d}\" flow return {\n  PC = mem32[r[7]];\n"
          "  r[7] = r[7] + 4 + zext(imm16, 32);\n}\n",
          nm, enc, i);
    else
      out(w, "insn %s_ij : %s ; reg=4 & rm32 asm \"jmp%d {rm32}\" flow ijump {\n  PC = rm32;\n}\n", nm, enc, i);
    g->left--, g->count++;
    break;
  case 10: /* no operand: flags, stack, trap */
    switch (i % 4) {
    case 0: out(w, "insn %s_n : %s asm \"flg%d\" flow fallthrough {\n  C = !C;\n  Z = %s;\n}\n", nm, enc, i, i % 8 ? "S" : "false"); break;
    case 1:
      out(w, "insn %s_n : %s asm \"push%d\" flow fallthrough {\n  r[7] = r[7] - 4;\n  mem32[r[7]] = r[%d];\n}\n", nm,
          enc, i, i % 7);
      break;
    case 2:
      out(w, "insn %s_n : %s asm \"pop%d\" flow fallthrough {\n  r[%d] = mem32[r[7]];\n  r[7] = r[7] + 4;\n}\n", nm,
          enc, i, i % 7);
      break;
    default:
      out(w, "insn %s_n : %s asm \"chk%d\" flow fallthrough {\n  if (r[%d] == 0) {\n    trap \"check %d\";\n  }\n}\n",
          nm, enc, i, i % 8, i);
      break;
    }
    g->left--, g->count++;
    break;
  default: /* move an immediate */
    out(w, "insn %s_mi : %s ; imm32 asm \"movi%d {imm32:x}\" flow fallthrough {\n  r[%d] = imm32 ^ %d;\n}\n", nm,
        enc, i, i % 8, i);
    g->left--, g->count++;
    break;
  }
}

/* Fills one aligned block of 16 byte values (first or second opcode byte;
 * `esc` is the escape prefix or NULL).  `block` is the block's base value. */
static void byte_block(G *g, const char *esc, int block) {
  W *w = g->w;
  char enc[64], pre[16] = "";
  if (esc) snprintf(pre, sizeof pre, "%s ; ", esc);
  int kind = (int)(mix((unsigned)block * 31u + (esc ? (unsigned)esc[3] : 0u)) % 8);
  if (!esc && block == 0x60) kind = 2; /* holds the prefix bytes: single opcodes only */
  int i = g->idx;
  if (kind == 0 && g->left > 0) { /* opcode + condition: one instruction on 16 values */
    g->idx++;
    switch (i % 3) {
    case 0:
      out(w, "insn x%d_jcc : %sjop=%d & cond ; simm8 asm \"j{cond}%d {next + sext(simm8, 32):x}\" flow cjump {\n"
             "  if (cond) {\n    PC = next + sext(simm8, 32);\n  }\n}\n",
          i, pre, block >> 4, i);
      break;
    case 1:
      out(w, "insn x%d_cmov : %sjop=%d & cond ; reg & rm32 asm \"cmov{cond}%d {r[reg]}, {rm32}\" flow fallthrough {\n"
             "  if (cond) {\n    r[reg] = rm32;\n  }\n}\n",
          i, pre, block >> 4, i);
      break;
    default:
      out(w, "insn x%d_set : %sjop=%d & cond ; rm8 asm \"set{cond}%d {rm8}\" flow fallthrough {\n"
             "  rm8 = ite(cond, 1, 0);\n}\n",
          i, pre, block >> 4, i);
      break;
    }
    g->left--, g->count++;
    return;
  }
  if (kind == 1) { /* two opcode + register groups */
    for (int h = 0; h < 2 && g->left > 0; h++) {
      int opb = (block >> 3) + h;
      i = g->idx++;
      if (h == 0)
        out(w, "insn x%d_inc : %sopb=%d & rr asm \"inc%d {r[rr]}\" flow fallthrough {\n  let x = r[rr];\n"
               "  let res = x + %d;\n  V = scarry(x, %d);\n  fz%d(res);\n  r[rr] = res;\n}\n",
            i, pre, opb, i, i % 9 + 1, i % 9 + 1, w->rr_fz++ % NFL);
      else
        out(w, "insn x%d_mov : %sopb=%d & rr ; imm32 asm \"mov%d {r[rr]}, {imm32:x}\" flow fallthrough {\n"
               "  r[rr] = imm32;\n}\n",
            i, pre, opb, i);
      g->left--, g->count++;
    }
    return;
  }
  for (int b = block; b < block + 16 && g->left > 0; b++) {
    if (!esc && (b == 0x65 || b == 0x66)) continue; /* the prefixes */
    snprintf(enc, sizeof enc, "%s0x%02X", pre, b);
    single_opcode(g, enc);
  }
}

static int write_byte_insns(W *w, int n) {
  out(w, "// ==== byte stream (%d instructions) ==========================================\n\n", n);
  G g = {w, n, 0, 0};
  for (int block = 0x10; block < 0xC0 && g.left > 0; block += 16) byte_block(&g, NULL, block);
  for (int e = 0; e < 16 && g.left > 0; e++) {
    char esc[8];
    snprintf(esc, sizeof esc, "0x%02X", e);
    for (int block = 0; block < 0x100 && g.left > 0; block += 16) byte_block(&g, esc, block);
  }
  return g.left > 0 ? -1 : g.count;
}

/* ---- fixed-width instructions --------------------------------------------- */

static void fixed_r(W *w, int i, int maj, int fn) {
  int k = maj % NTOK;
  char p[96];
  snprintf(p, sizeof p, "f%d_cls=3 & f%d_maj=%d & f%d_fn=%d", k, k, maj, k, fn);
  switch (fn % 10) {
  case 0:
    out(w, "insn r%d_src : %s & f%d_rd & f%d_rs & f%d_src asm \"rop%d {r[f%d_rd]}, {r[f%d_rs]}, {f%d_src}\" "
           "flow fallthrough {\n  r[f%d_rd] = hv%d(r[f%d_rs], f%d_src);\n}\n",
        i, p, k, k, k, i, k, k, k, k, w->rr_hv++ % NHV, k, k);
    break;
  case 1:
    out(w, "insn r%d_flg : %s & f%d_rd & f%d_rs & f%d_rt asm \"rfl%d {r[f%d_rd]}, {r[f%d_rs]}, {r[f%d_rt]}\" "
           "flow fallthrough {\n  let a = r[f%d_rs];\n  let b = r[f%d_rt];\n  let res = a %s b;\n"
           "  fa%d(a, b, res);\n  r[f%d_rd] = res;\n}\n",
        i, p, k, k, k, i, k, k, k, k, k, aluop[i % 8], w->rr_fa++ % NFL, k);
    break;
  case 2: {
    static const char *const ld[4] = {"zext(mem8[%s], 32)", "zext(mem16[%s], 32)", "mem32[%s]", "mem32be[%s]"};
    char addr[64], e[96];
    snprintf(addr, sizeof addr, "r[f%d_rs] + r[f%d_rt]", k, k);
    snprintf(e, sizeof e, ld[i % 4], addr);
    out(w, "insn r%d_ld : %s & f%d_rd & f%d_rs & f%d_rt asm \"rld%d {r[f%d_rd]}, [{r[f%d_rs]}+{r[f%d_rt]}]\" "
           "flow fallthrough {\n  r[f%d_rd] = %s;\n}\n",
        i, p, k, k, k, i, k, k, k, k, e);
    break;
  }
  case 3: {
    static const char *const st[4] = {"mem8[%s] = r[f%d_rt][7:0]", "mem16[%s] = r[f%d_rt][15:0]",
                                       "mem32[%s] = r[f%d_rt]", "mem32be[%s] = r[f%d_rt]"};
    char addr[64], s[128];
    snprintf(addr, sizeof addr, "r[f%d_rs] + r[f%d_rd]", k, k);
    snprintf(s, sizeof s, st[i % 4], addr, k);
    out(w, "insn r%d_st : %s & f%d_rd & f%d_rs & f%d_rt asm \"rst%d {r[f%d_rt]}, [{r[f%d_rs]}+{r[f%d_rd]}]\" "
           "flow fallthrough {\n  %s;\n}\n",
        i, p, k, k, k, i, k, k, k, s);
    break;
  }
  case 4:
    out(w, "insn r%d_min : %s & f%d_rd & f%d_rs & f%d_rt asm \"rmin%d {r[f%d_rd]}, {r[f%d_rs]}, {r[f%d_rt]}\" "
           "flow fallthrough {\n  if (slt(r[f%d_rs], r[f%d_rt])) {\n    r[f%d_rd] = r[f%d_rs];\n  } else {\n"
           "    r[f%d_rd] = r[f%d_rt];\n  }\n}\n",
        i, p, k, k, k, i, k, k, k, k, k, k, k, k, k);
    break;
  case 5: {
    static const char *const sh[3] = {"r[f%d_rs] << zext(f%d_sh, 32)", "r[f%d_rs] >> zext(f%d_sh, 32)",
                                      "asr(r[f%d_rs], zext(f%d_sh, 32))"};
    char e[96];
    snprintf(e, sizeof e, sh[i % 3], k, k);
    out(w, "insn r%d_sh : %s & f%d_rd & f%d_rs & f%d_sh asm \"rsh%d {r[f%d_rd]}, {r[f%d_rs]}, {f%d_sh:d}\" "
           "flow fallthrough {\n  r[f%d_rd] = %s;\n}\n",
        i, p, k, k, k, i, k, k, k, k, e);
    break;
  }
  case 6:
    if (i % 2)
      out(w, "insn r%d_mul : %s & f%d_rd & f%d_rs & f%d_rt asm \"rmul%d {r[f%d_rd]}, {r[f%d_rs]}, {r[f%d_rt]}\" "
             "flow fallthrough {\n  let p = zext(r[f%d_rs], 64) * zext(r[f%d_rt], 64);\n  r[f%d_rd] = p[63:32];\n"
             "  C = p[63:32] != 0;\n}\n",
          i, p, k, k, k, i, k, k, k, k, k, k);
    else
      out(w, "insn r%d_div : %s & f%d_rd & f%d_rs & f%d_rt asm \"rdiv%d {r[f%d_rd]}, {r[f%d_rs]}, {r[f%d_rt]}\" "
             "flow fallthrough {\n  if (r[f%d_rt] == 0) {\n    trap \"divide by zero\";\n  }\n"
             "  r[f%d_rd] = r[f%d_rs] / r[f%d_rt];\n}\n",
          i, p, k, k, k, i, k, k, k, k, k, k, k);
    break;
  case 7:
    out(w, "insn r%d_var : %s & f%d_rd & f%d_rs & f%d_rt asm \"rvar%d {r[f%d_rd]}, {r[f%d_rs]}, {r[f%d_rt]}\" "
           "flow fallthrough {\n  var v : bv32 = r[f%d_rs];\n  if (v == 0) {\n    v = r[f%d_rt];\n  }\n"
           "  r[f%d_rd] = v ^ %d;\n}\n",
        i, p, k, k, k, i, k, k, k, k, k, k, i);
    break;
  case 8:
    out(w, "insn r%d_sel : %s & f%d_rd & f%d_rs & f%d_cc asm \"rsel{f%d_cc}%d {r[f%d_rd]}, {r[f%d_rs]}\" "
           "flow fallthrough {\n  r[f%d_rd] = ite(f%d_cc, r[f%d_rs], 0);\n}\n",
        i, p, k, k, k, k, i, k, k, k, k, k);
    break;
  default:
    if (i % 2)
      out(w, "insn r%d_jr : %s & f%d_rs asm \"rjr%d {r[f%d_rs]}\" flow ijump {\n  PC = r[f%d_rs];\n}\n", i, p, k, i,
          k, k);
    else
      out(w, "insn r%d_jalr : %s & f%d_rd & f%d_rs asm \"rjalr%d {r[f%d_rd]}, {r[f%d_rs]}\" flow icall {\n"
             "  let t = r[f%d_rs];\n  r[f%d_rd] = next;\n  PC = t;\n}\n",
          i, p, k, k, i, k, k, k, k);
    break;
  }
}

static void fixed_i(W *w, int i, int maj) {
  int k = maj % NTOK;
  char p[64];
  snprintf(p, sizeof p, "f%d_cls=3 & f%d_maj=%d", k, k, maj);
  switch (i_form(maj)) {
  case 0:
    out(w, "insn i%d_addi : %s & f%d_rd & f%d_rs & f%d_imm asm \"addi%d {r[f%d_rd]}, {r[f%d_rs]}, {f%d_imm:sx}\" "
           "flow fallthrough {\n  r[f%d_rd] = r[f%d_rs] + sext(f%d_imm, 32);\n}\n",
        i, p, k, k, k, i, k, k, k, k, k, k);
    break;
  case 1:
    out(w, "insn i%d_andi : %s & f%d_rd & f%d_rs & f%d_uimm asm \"andi%d {r[f%d_rd]}, {r[f%d_rs]}, {f%d_uimm:x}\" "
           "flow fallthrough {\n  r[f%d_rd] = r[f%d_rs] & zext(f%d_uimm, 32);\n}\n",
        i, p, k, k, k, i, k, k, k, k, k, k);
    break;
  case 2:
    out(w, "insn i%d_ld : %s & f%d_rd & f%d_ea asm \"ld%d {r[f%d_rd]}, {f%d_ea}\" flow fallthrough {\n"
           "  r[f%d_rd] = mem32[f%d_ea];\n}\n",
        i, p, k, k, i, k, k, k, k);
    break;
  case 3:
    out(w, "insn i%d_st : %s & f%d_rd & f%d_rs & f%d_soff asm \"st%d {r[f%d_rd]}, {f%d_soff:sx}({r[f%d_rs]})\" "
           "flow fallthrough {\n  mem32[r[f%d_rs] + sext(f%d_soff, 32)] = r[f%d_rd];\n}\n",
        i, p, k, k, k, i, k, k, k, k, k, k);
    break;
  case 4:
    out(w, "insn i%d_beq : %s & f%d_rd & f%d_rs & f%d_imm asm \"beq%d {r[f%d_rd]}, {r[f%d_rs]}, {brel(f%d_imm):x}\" "
           "flow cjump {\n  if (r[f%d_rd] == r[f%d_rs]) {\n    PC = brel(f%d_imm);\n  }\n}\n",
        i, p, k, k, k, i, k, k, k, k, k, k);
    break;
  case 5:
    out(w, "insn i%d_jal : %s & f%d_rd & f%d_imm asm \"jal%d {r[f%d_rd]}, {brel(f%d_imm):x}\" flow call {\n"
           "  r[f%d_rd] = next;\n  PC = brel(f%d_imm);\n}\n",
        i, p, k, k, i, k, k, k, k);
    break;
  case 6:
    out(w, "insn i%d_lui : %s & f%d_rd & f%d_uimm asm \"lui%d {r[f%d_rd]}, {f%d_uimm:x}\" flow fallthrough {\n"
           "  r[f%d_rd] = concat(f%d_uimm, r[f%d_rd][17:0]);\n}\n",
        i, p, k, k, i, k, k, k, k, k);
    break;
  default:
    out(w, "insn i%d_cmpi : %s & f%d_rs & f%d_imm asm \"cmpi%d {r[f%d_rs]}, {f%d_imm:sx}\" flow fallthrough {\n"
           "  let a = r[f%d_rs];\n  let b = sext(f%d_imm, 32);\n  fs%d(a, b, a - b);\n}\n",
        i, p, k, k, i, k, k, k, k, w->rr_fs++ % NFL);
    break;
  }
}

static int write_fixed_insns(W *w, int n) {
  out(w, "// ==== fixed width (%d instructions) ==========================================\n\n", n);
  int count = 0, i = 0;
  /* system forms on maj 63, selected by rd (up to 32) */
  static const char *const sys[4][3] = {{"sc", "syscall", ""},
                                        {"stop", "halt", ""},
                                        {"brk", "fallthrough", "  trap \"breakpoint\";\n"},
                                        {"fnop", "fallthrough", ""}};
  int k63 = 63 % NTOK;
  for (int rd = 0; rd < 4 && count < n; rd++, count++, i++)
    out(w, "insn s%d_%s : f%d_cls=3 & f%d_maj=63 & f%d_rd=%d asm \"%s\" flow %s {\n%s}\n", i, sys[rd][0], k63, k63,
        k63, rd, sys[rd][0], sys[rd][1], sys[rd][2]);
  /* immediate forms on maj 16..62 */
  for (int maj = 16; maj < 63 && count < n; maj++, count++, i++) fixed_i(w, i, maj);
  /* register forms: spread over maj 0..15, fn 0..127 */
  int per = (n - count + 15) / 16;
  if (per > 128) return -1;
  for (int fn = 0; fn < per && count < n; fn++)
    for (int maj = 0; maj < 16 && count < n; maj++, count++, i++) fixed_r(w, i, maj, fn);
  return count;
}

/* ---- the whole spec -------------------------------------------------------- */

int bigspec_write(FILE *f, int ninsn, bigspec_stats *st) {
  if (ninsn < 1 || ninsn > BIGSPEC_MAX_INSNS) return -1;
  W w = {.f = f};
  int nfixed = ninsn / 2, nbyte = ninsn - nfixed;
  if (nfixed > 4 + 47 + 16 * 128) return -1;
  out(&w, "// big.spec — synthetic ISA for the isagen benchmark (tests/bench/bigspec.c).\n"
          "// Generated, %d instructions; do not edit.\n\n",
      ninsn);
  out(&w, "arch big {\n  endian little;\n  addr 32;\n  pc PC;\n  sp r[7];\n  elf 0xB16;\n  stack 0xC0000000;\n"
          "  syscall { number r0; args r1, r2, r3, r4, r5; result r0; error C; }\n}\n\n");
  out(&w, "reg r[32] : bv32;\nreg PC : bv32;\nreg LR, CTR : bv32;\nreg ZERO : bv32 readonly;\n");
  out(&w, "flag C, Z, S, V, P;\n\n");
  /* aliases: every byte and half of r0..r31, classes over them */
  for (int r = 0; r < 32; r++)
    out(&w, "alias r%db0 = r%d[7:0];\nalias r%db1 = r%d[15:8];\nalias r%dh = r%d[15:0];\nalias r%dt = r%d[31];\n", r,
        r, r, r, r, r, r, r);
  out(&w, "class rb = [r0b0, r1b0, r2b0, r3b0, r0b1, r1b1, r2b1, r3b1];\n");
  out(&w, "class rw = [r0h, r1h, r2h, r3h, r4h, r5h, r6h, r7h];\n");
  out(&w, "class rbx = [");
  for (int r = 0; r < 32; r++) out(&w, "%sr%db0", r ? ", " : "", r);
  out(&w, "];\nclass rhx = [");
  for (int r = 0; r < 32; r++) out(&w, "%sr%dh", r ? ", " : "", r);
  out(&w, "];\n\n");
  out(&w, "context opsize : 1;\ncontext lock : 1;\nprefix 0x66 { opsize = 1; }\nprefix 0x65 asm \"lock \" { lock = 1; }\n\n");
  write_byte_tokens(&w);
  write_fixed_tokens(&w);
  write_helpers(&w);
  int nb = write_byte_insns(&w, nbyte);
  out(&w, "\n");
  int nf = write_fixed_insns(&w, nfixed);
  if (nb < 0 || nf < 0 || w.err || ferror(f)) return -1;
  if (st) {
    st->lines = w.lines;
    st->insns = nb + nf;
    st->byte_insns = nb;
    st->fixed_insns = nf;
    st->tables = 5 + 2 * NTOK;
    for (int k = 0; k < NTOK; k++) st->tables += ea_used(k);
    st->helpers = 4 * NFL + NHV + NHB + 1;
    st->tokens = 6 + NTOK;
  }
  return 0;
}
