/* t_random.c — randomized part of toy_test: for every instruction form,
 * encodings from random field values, each decoded (rule name and length
 * checked), printed, stepped on a random state over random memory, and the
 * symbolic transformer checked against the step (stepcheck). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "toy_test.h"

/* ---- random numbers (splitmix64) ---- */
static uint64_t rng;
static uint64_t rnd(void) {
  uint64_t z = (rng += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}
static unsigned rndn(unsigned n) { return (unsigned)(rnd() % n); }

/* A register value, biased towards the edges of the arithmetic. */
static uint32_t rnd_val(void) {
  static const uint32_t edge[] = {0,          1,          2,          0x1F,       0x20,       0x21,
                                  0x7F,       0x80,       0xFF,       0x7FFF,     0x8000,     0xFFFF,
                                  0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFE, 0xFFFFFFFF};
  switch (rndn(8)) {
  case 0:
  case 1: return edge[rndn(sizeof edge / sizeof edge[0])];
  case 2: return rndn(64);
  case 3: return (uint32_t)-(int32_t)rndn(64);
  default: return (uint32_t)rnd();
  }
}

/* ---- byte-stream forms ----
 * tokens: XX literal byte; ?XX optional prefix byte; b:BBBBBBBB bit pattern
 * (x random); M modrm with any mod (and its displacement), M/n with reg = n,
 * Mm memory forms only; i8 i16 i32 random immediates. */
typedef struct bform {
  const char *name, *enc;
} bform;

static const bform bforms[] = {
    {"add_rm8_r8", "?65 ?66 00 M"},         {"add_rm32_r32", "?65 01 M"},
    {"add_rm16_r16", "?65 66 01 M"},        {"add_r32_rm32", "?65 ?66 03 M"},
    {"or_rm32_r32", "?65 ?66 09 M"},        {"adc_rm32_r32", "?65 ?66 11 M"},
    {"sbb_rm32_r32", "?65 ?66 19 M"},       {"and_rm32_r32", "?65 ?66 21 M"},
    {"sub_rm32_r32", "?65 ?66 29 M"},       {"xor_rm32_r32", "?65 ?66 31 M"},
    {"cmp_rm32_r32", "?65 ?66 39 M"},       {"test_rm32_r32", "?65 ?66 85 M"},
    {"add_rm32_i32", "?65 ?66 81 M/0 i32"}, {"or_rm32_i32", "?65 ?66 81 M/1 i32"},
    {"and_rm32_i32", "?65 ?66 81 M/4 i32"}, {"sub_rm32_i32", "?65 ?66 81 M/5 i32"},
    {"xor_rm32_i32", "?65 ?66 81 M/6 i32"}, {"cmp_rm32_i32", "?65 ?66 81 M/7 i32"},
    {"add_rm32_i8", "?65 ?66 83 M/0 i8"},   {"sub_rm32_i8", "?65 ?66 83 M/5 i8"},
    {"cmp_rm32_i8", "?65 ?66 83 M/7 i8"},   {"xchg_rm32_r32", "?65 ?66 87 M"},
    {"mov_rm8_r8", "?65 ?66 88 M"},         {"mov_rm32_r32", "?65 89 M"},
    {"mov_rm16_r16", "?65 66 89 M"},        {"mov_r8_rm8", "?65 ?66 8A M"},
    {"mov_r32_rm32", "?65 ?66 8B M"},       {"lea", "?65 ?66 8D Mm"},
    {"mov_r8_i8", "?65 ?66 b:10110xxx i8"}, {"mov_r32_i32", "?65 b:10111xxx i32"},
    {"mov_r16_i16", "?65 66 b:10111xxx i16"}, {"inc_r32", "?65 ?66 b:01000xxx"},
    {"dec_r32", "?65 ?66 b:01001xxx"},      {"push_r32", "?65 ?66 b:01010xxx"},
    {"pop_r32", "?65 ?66 b:01011xxx"},      {"jcc_rel8", "?65 ?66 b:0111xxxx i8"},
    {"nop", "?65 ?66 90"},                  {"sys", "?65 ?66 91"},
    {"jmp_rel8", "?65 ?66 92 i8"},          {"jmp_rel32", "?65 ?66 93 i32"},
    {"call_rel32", "?65 ?66 94 i32"},       {"ret", "?65 ?66 95"},
    {"ret_imm16", "?65 ?66 96 i16"},        {"hlt", "?65 ?66 97"},
    {"jmp_rm32", "?65 ?66 98 M/4"},         {"call_rm32", "?65 ?66 98 M/2"},
    {"rol_rm32_i8", "?65 ?66 A0 M/0 i8"},   {"ror_rm32_i8", "?65 ?66 A0 M/1 i8"},
    {"shl_rm32_i8", "?65 ?66 A0 M/4 i8"},   {"shr_rm32_i8", "?65 ?66 A0 M/5 i8"},
    {"sar_rm32_i8", "?65 ?66 A0 M/7 i8"},   {"shl_rm32_cl", "?65 ?66 A2 M/4"},
    {"shr_rm32_cl", "?65 ?66 A2 M/5"},      {"sar_rm32_cl", "?65 ?66 A2 M/7"},
    {"not_rm32", "?65 ?66 A4 M/2"},         {"neg_rm32", "?65 ?66 A4 M/3"},
    {"mul_rm32", "?65 ?66 A4 M/4"},         {"imul_rm32", "?65 ?66 A4 M/5"},
    {"div_rm32", "?65 ?66 A4 M/6"},         {"idiv_rm32", "?65 ?66 A4 M/7"},
    {"abs_r32_rm32", "?65 ?66 0F 0C M"},    {"cmov", "?65 ?66 0F b:0100xxxx M"},
    {"jcc_rel32", "?65 ?66 0F b:1000xxxx i32"}, {"setcc", "?65 ?66 0F b:1001xxxx M"},
    {"shld", "?65 ?66 0F A4 M i8"},         {"movx_r32_rm8", "?65 ?66 0F b:1011x110 M"},
    {"movx_r32_rm16", "?65 ?66 0F b:1011x111 M"}, {"bswap_r32", "?65 ?66 0F b:11001xxx"},
    {"movbe_load", "?65 ?66 0F 38 Mm"},     {"movbe_store", "?65 ?66 0F 39 Mm"},
};

static void rnd_bytes(uint8_t *out, size_t *n, unsigned k) {
  for (unsigned i = 0; i < k; i++) out[(*n)++] = (uint8_t)rnd();
}

/* Builds one random encoding of f into out; returns its length. */
static size_t build_bform(const bform *f, uint8_t *out) {
  size_t n = 0;
  const char *p = f->enc;
  while (*p) {
    while (*p == ' ') p++;
    if (!*p) break;
    if (p[0] == '?') {
      unsigned v = (unsigned)strtoul(p + 1, NULL, 16);
      if (rndn(3) == 0) out[n++] = (uint8_t)v;
      p += 3;
    } else if (p[0] == 'b' && p[1] == ':') {
      uint8_t v = 0;
      for (int i = 0; i < 8; i++) v = (uint8_t)(v << 1 | (p[2 + i] == 'x' ? rndn(2) : (unsigned)(p[2 + i] - '0')));
      out[n++] = v;
      p += 10;
    } else if (p[0] == 'M') {
      bool memonly = p[1] == 'm';
      int reg = -1;
      p += memonly ? 2 : 1;
      if (*p == '/') {
        reg = p[1] - '0';
        p += 2;
      }
      unsigned mod = memonly ? rndn(3) : rndn(4), rm = rndn(8);
      out[n++] = MODRM(mod, reg >= 0 ? (unsigned)reg : rndn(8), rm);
      if (mod == 1) rnd_bytes(out, &n, 1);
      else if (mod == 2 || (mod == 0 && rm == 5)) rnd_bytes(out, &n, 4);
    } else if (p[0] == 'i') {
      unsigned bits = (unsigned)strtoul(p + 1, NULL, 10);
      rnd_bytes(out, &n, bits / 8);
      p += bits >= 10 ? 3 : 2;
    } else {
      out[n++] = (uint8_t)strtoul(p, NULL, 16);
      p += 2;
    }
  }
  return n;
}

/* ---- fixed-width forms: word = random bits outside fixmask | fixval,
 * redrawn while (word & exmask) == exval (exmask != 0) ---- */
typedef struct fform {
  const char *name;
  uint32_t fixmask, fixval, exmask, exval;
} fform;

#define FF(name, fop, fsz) {name, 0xFF, 0xC0u | (fop) << 2 | (fsz), 0, 0}
#define FN3(name, k) {name, 0xFFu | 7u << 17, 0xC1u | (unsigned)(k) << 17, 0, 0}

static const fform fforms[] = {
    FF("falu_rrr", 0, 0), FN3("fmul", 0),   FN3("fmulhu", 1),  FN3("fdivu", 2),      FN3("fsdiv", 3),
    FN3("fsrem", 4),      FN3("furem", 5),  FN3("fudiv", 6),   FF("addi", 1, 0),     FF("andi", 1, 1),
    FF("li", 1, 2),       FF("sethi", 1, 3), FF("fcmp", 2, 0), FF("fcmpi", 2, 1),    FF("sltu", 2, 2),
    FF("slt", 2, 3),      FF("ldb", 3, 0),  FF("ldh", 3, 1),   FF("ldw", 3, 2),      FF("ldbs", 3, 3),
    FF("stb", 4, 0),      FF("sth", 4, 1),  FF("stw", 4, 2),   FF("stwbe", 4, 3),    FF("beq", 5, 0),
    FF("bne", 5, 1),      FF("blt", 5, 2),  FF("bltu", 5, 3),  FF("jal", 6, 0),
    {"fret", 0xFFu | 7u << 11, 0xC0u | 6u << 2 | 1u | 6u << 11, 0, 0},
    {"jr", 0xFF, 0xC0u | 6u << 2 | 1u, 7u << 11, 6u << 11},
    FF("jalr", 6, 2),     FF("shli", 7, 0), FF("shri", 7, 1),  FF("sari", 7, 2),     FF("rori", 7, 3),
    FF("fclz", 8, 0),     FF("fctz", 8, 1), FF("fpopcnt", 8, 2), FF("frev", 8, 3),   FF("sel", 9, 0),
    FF("rolv", 9, 1),     FF("rorv", 9, 2), FF("fsc", 15, 0),  FF("fstop", 15, 1),   FF("fnop", 15, 2),
    FF("fbrk", 15, 3),
};

static size_t build_fform(const fform *f, uint8_t *out) {
  uint32_t w;
  do w = ((uint32_t)rnd() & ~f->fixmask) | f->fixval;
  while (f->exmask && (w & f->exmask) == f->exval);
  for (int i = 0; i < 4; i++) out[i] = (uint8_t)(w >> (8 * i));
  return 4;
}

/* ---- the runner ---- */
typedef struct rstats {
  unsigned cases, agree, traps, fails;
} rstats;

static void report(const char *form, unsigned iter, const uint8_t *b, size_t n, const char *text,
                   const uint64_t *pre, const char *what) {
  char hex[3 * ISA_MAX_LEN + 8];
  tc_hex(hex, sizeof hex, b, n);
  tc_failures++;
  fprintf(stderr, "FAIL random form %s, iteration %u [%s] \"%s\": %s\n", form, iter, hex, text, what);
  if (pre) {
    fprintf(stderr, "     pre-state:");
    for (int i = 0; i < NREG; i++) fprintf(stderr, " %s=0x%llx", TOY->regs[i].name, (unsigned long long)pre[i]);
    fputc('\n', stderr);
  }
}

/* One random case of a form whose encoding is b[0..n). */
static void run_one(const char *form, unsigned iter, const uint8_t *b, size_t n, smem *mem, bool *seen,
                    rstats *st) {
  uint64_t addr = rndn(4) ? 0x1000 + 4 * (uint64_t)rndn(0x4000) : (uint64_t)(uint32_t)rnd();
  isa_insn in;
  char text[160] = "";
  char what[2300];
  st->cases++;
  tc_cases++;
  isa_decode_result r = TOY->decode(b, n, addr, &in);
  if (r != ISA_DECODE_OK) {
    snprintf(what, sizeof what, "decode: expected OK, got %d", (int)r);
    report(form, iter, b, n, text, NULL, what);
    st->fails++;
    return;
  }
  int k = TOY->print(&in, text, sizeof text);
  if (in.id >= TOY->ninsns || strcmp(TOY->insns[in.id].name, form) != 0 || in.len != n) {
    snprintf(what, sizeof what, "decode: expected rule %s length %zu, got %s length %u", form, n,
             in.id < TOY->ninsns ? TOY->insns[in.id].name : "?", (unsigned)in.len);
    report(form, iter, b, n, text, NULL, what);
    st->fails++;
    return;
  }
  seen[in.id] = true;
  if (k <= 0 || (size_t)k != strlen(text)) {
    snprintf(what, sizeof what, "print returned %d for a text of %zu characters", k, strlen(text));
    report(form, iter, b, n, text, NULL, what);
    st->fails++;
  }
  uint64_t reg[NREG], pre[NREG];
  for (int i = R0; i <= R7; i++) reg[i] = rnd_val();
  reg[RPC] = addr;
  for (int i = FC; i <= FP; i++) reg[i] = rndn(2);
  memcpy(pre, reg, sizeof pre);
  smem_reset(mem, rnd() | 1);
  isa_cpu cpu = {.reg = reg, .mem = mem, .load = smem_load, .store = smem_store};
  isa_step_result res = TOY->step(&cpu, &in);
  if (res == ISA_STEP_FAULT) {
    snprintf(what, sizeof what, "step faulted at 0x%llx with all memory mapped", (unsigned long long)cpu.fault_addr);
    report(form, iter, b, n, text, pre, what);
    st->fails++;
    return;
  }
  if (res == ISA_STEP_TRAP) st->traps++;
  char msg[2048];
  stepcheck_result sr = stepcheck(TOY, &in, pre, reg, res, mem, msg, sizeof msg);
  if (sr != STEPCHECK_AGREE) {
    snprintf(what, sizeof what, "stepcheck: %s", sr == STEPCHECK_SKIPPED ? "skipped" : msg);
    report(form, iter, b, n, text, pre, what);
    st->fails++;
    return;
  }
  st->agree++;
  tc_checked++;
}

void toy_random(unsigned iters, uint64_t seed) {
  rng = seed;
  smem *mem = smem_new(32, 1);
  bool *seen = calloc(TOY->ninsns, sizeof *seen);
  rstats all = {0, 0, 0, 0};
  uint8_t b[ISA_MAX_LEN];
  const unsigned nb = sizeof bforms / sizeof bforms[0], nf = sizeof fforms / sizeof fforms[0];
  for (unsigned i = 0; i < nb + nf; i++) {
    const char *name = i < nb ? bforms[i].name : fforms[i - nb].name;
    rstats st = {0, 0, 0, 0};
    for (unsigned it = 0; it < iters && st.fails < 3; it++) {
      size_t n = i < nb ? build_bform(&bforms[i], b) : build_fform(&fforms[i - nb], b);
      run_one(name, it, b, n, mem, seen, &st);
    }
    if (st.fails >= 3) fprintf(stderr, "     (form %s: stopped after 3 failures)\n", name);
    all.cases += st.cases;
    all.agree += st.agree;
    all.traps += st.traps;
    all.fails += st.fails;
  }
  for (unsigned id = 0; id < TOY->ninsns; id++)
    if (!seen[id]) {
      tc_failures++;
      fprintf(stderr, "FAIL random: rule %s (toy.spec:%u) was never generated\n", TOY->insns[id].name,
              TOY->insns[id].line);
    }
  printf("toy_test random: %u forms, %u cases, %u agreed symbolically (%u of them traps), %u failed\n", nb + nf,
         all.cases, all.agree, all.traps, all.fails);
  free(seen);
  smem_free(mem);
}
