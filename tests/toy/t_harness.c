/* t_harness.c — the case harness of toy_test (see toy_test.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "toy_test.h"

unsigned tc_failures, tc_cases, tc_checked;

static const char *const flag_letters = "CZSVP"; /* FC..FP */

void tc_hex(char *out, size_t size, const uint8_t *b, size_t n) {
  size_t k = 0;
  if (size) out[0] = 0;
  for (size_t i = 0; i < n && k + 4 < size; i++) k += (size_t)snprintf(out + k, size - k, i ? " %02x" : "%02x", b[i]);
}

void tc_fail(tcase *t, int line, const char *fmt, ...) {
  char hex[3 * sizeof t->bytes + 1];
  va_list ap;
  tc_failures++;
  if (t) {
    t->failed = true;
    tc_hex(hex, sizeof hex, t->bytes, t->n);
    fprintf(stderr, "FAIL %s:%d (case at line %d) [%s] \"%s\": ", t->file, line, t->line, hex,
            t->decoded ? t->text : "?");
  } else {
    fprintf(stderr, "FAIL line %d: ", line);
  }
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

static const char *rname(int r) { return r >= 0 && r < NREG ? TOY->regs[r].name : "?"; }

void tc_begin(tcase *t, const char *file, int line, uint64_t addr, const uint8_t *b, size_t n) {
  memset(t, 0, sizeof *t);
  tc_cases++;
  t->file = file;
  t->line = line;
  t->addr = addr;
  if (n > ISA_MAX_LEN) n = ISA_MAX_LEN;
  memcpy(t->bytes, b, n);
  t->n = n;
  /* distinctive values, so that an unexpected write shows */
  for (int i = R0; i <= R7; i++) t->reg[i] = UINT64_C(0x5A00A5A5) | ((uint64_t)i << 16);
  t->reg[RPC] = addr;
  t->mem = smem_new(32, 0);
  t->cpu.reg = t->reg;
  t->cpu.mem = t->mem;
  t->cpu.load = smem_load;
  t->cpu.store = smem_store;
}

void tc_set(tcase *t, int line, int reg, uint64_t v) {
  if (reg < 0 || reg >= NREG) {
    tc_fail(t, line, "SET of a bad register %d", reg);
    return;
  }
  t->reg[reg] = v;
}

/* Parses a flags string into want[] (-1: not named); false on a bad letter. */
static bool parse_flags(const char *s, int want[5]) {
  for (int i = 0; i < 5; i++) want[i] = -1;
  for (; *s; s++) {
    if (*s == ' ') continue;
    char up = (char)(*s & ~0x20);
    const char *p = strchr(flag_letters, up);
    if (!p || !up) return false;
    want[p - flag_letters] = *s == up;
  }
  return true;
}

void tc_setf(tcase *t, int line, const char *flags) {
  int want[5];
  if (!parse_flags(flags, want)) {
    tc_fail(t, line, "bad flags string \"%s\"", flags);
    return;
  }
  for (int i = 0; i < 5; i++)
    if (want[i] >= 0) t->reg[FC + i] = (uint64_t)want[i];
}

void tc_poke(tcase *t, uint64_t addr, unsigned n, uint64_t v) {
  for (unsigned i = 0; i < n; i++) smem_poke(t->mem, addr + i, (uint8_t)(v >> (8 * i)));
}

void tc_unmap(tcase *t, uint64_t lo, uint64_t hi) { smem_map(t->mem, lo, hi, false); }

void tc_decode(tcase *t, int line, unsigned len, const char *name, const char *text) {
  uint8_t buf[ISA_MAX_LEN + 8];
  memset(buf, 0x90, sizeof buf); /* trailing bytes must not matter */
  memcpy(buf, t->bytes, t->n);
  isa_insn in;
  isa_decode_result r = TOY->decode(buf, t->n + 4, t->addr, &in);
  if (r != ISA_DECODE_OK) {
    tc_fail(t, line, "decode: expected OK (%s), got %d", name, (int)r);
    return;
  }
  t->insn = in;
  t->decoded = true;
  int k = TOY->print(&in, t->text, sizeof t->text);
  if (in.id >= TOY->ninsns) {
    tc_fail(t, line, "decode: insn id %u out of range", (unsigned)in.id);
    t->decoded = false;
    return;
  }
  if (strcmp(TOY->insns[in.id].name, name) != 0)
    tc_fail(t, line, "decode: expected rule %s, got %s", name, TOY->insns[in.id].name);
  if (in.len != len) tc_fail(t, line, "decode: expected length %u, got %u", len, (unsigned)in.len);
  if (in.addr != t->addr) tc_fail(t, line, "decode: addr 0x%llx", (unsigned long long)in.addr);
  if (strcmp(t->text, text) != 0) tc_fail(t, line, "print: expected \"%s\", got \"%s\"", text, t->text);
  if (k != (int)strlen(text)) tc_fail(t, line, "print: returned %d, expected %zu", k, strlen(text));
  /* snprintf-like truncation */
  char small[6];
  memset(small, 'x', sizeof small);
  int k2 = TOY->print(&in, small, 5);
  if (k2 != k || strlen(small) != (size_t)(k < 4 ? k : 4) || strncmp(small, text, strlen(small)) != 0 || small[5] != 'x')
    tc_fail(t, line, "print into 5 bytes: returned %d, text \"%.5s\"", k2, small);
  if (TOY->print(&in, NULL, 0) != k) tc_fail(t, line, "print(NULL, 0) does not return the length");
  /* exactly len bytes decode the same; every shorter prefix needs more */
  if (t->n >= len) {
    isa_insn in2;
    r = TOY->decode(t->bytes, len, t->addr, &in2);
    if (r != ISA_DECODE_OK || in2.id != in.id || in2.len != in.len || memcmp(in2.f, in.f, sizeof in.f) != 0)
      tc_fail(t, line, "decode of exactly %u bytes differs (result %d)", len, (int)r);
    for (unsigned m = 0; m < len; m++) {
      r = TOY->decode(t->bytes, m, t->addr, &in2);
      if (r != ISA_DECODE_NEED_MORE) tc_fail(t, line, "decode of the first %u bytes: expected NEED_MORE, got %d", m, (int)r);
    }
  }
}

void tc_step(tcase *t, int line, isa_step_result want) {
  static const char *const rn[] = {"OK", "FAULT", "TRAP"};
  if (!t->decoded) {
    tc_fail(t, line, "step: not decoded");
    return;
  }
  memcpy(t->pre, t->reg, sizeof t->pre);
  t->reg[RPC] = t->pre[RPC] = t->addr;
  smem_log_clear(t->mem);
  t->res = TOY->step(&t->cpu, &t->insn);
  t->stepped = true;
  if (t->res != want)
    tc_fail(t, line, "step: expected %s, got %s%s%s", rn[want], (unsigned)t->res < 3 ? rn[t->res] : "?",
            t->res == ISA_STEP_TRAP ? " " : "", t->res == ISA_STEP_TRAP && t->cpu.trap_msg ? t->cpu.trap_msg : "");
  char msg[2048];
  stepcheck_result sr = stepcheck(TOY, &t->insn, t->pre, t->reg, t->res, t->mem, msg, sizeof msg);
  if (sr == STEPCHECK_MISMATCH) tc_fail(t, line, "stepcheck: %s", msg);
  else if (sr == STEPCHECK_AGREE) tc_checked++;
  else if (t->res != ISA_STEP_FAULT) tc_fail(t, line, "stepcheck skipped without a fault");
}

void tc_reg(tcase *t, int line, int reg, uint64_t v) {
  if (!t->stepped || reg < 0 || reg >= NREG) {
    tc_fail(t, line, "REG %d before STEP or bad", reg);
    return;
  }
  t->expected[reg] = true;
  if (t->reg[reg] != v)
    tc_fail(t, line, "%s: expected 0x%llx, got 0x%llx", rname(reg), (unsigned long long)v, (unsigned long long)t->reg[reg]);
}

void tc_flags(tcase *t, int line, const char *flags) {
  int want[5];
  if (!parse_flags(flags, want)) {
    tc_fail(t, line, "bad flags string \"%s\"", flags);
    return;
  }
  for (int i = 0; i < 5; i++)
    if (want[i] >= 0) tc_reg(t, line, FC + i, (uint64_t)want[i]);
}

static void expect_byte(tcase *t, int line, uint64_t a, uint8_t v) {
  a &= 0xFFFFFFFFu;
  if (t->nmexp < TC_MAXMEM) t->mexp[t->nmexp++] = a;
  uint8_t got = smem_peek(t->mem, a);
  if (got != v) tc_fail(t, line, "mem[0x%llx]: expected 0x%02x, got 0x%02x", (unsigned long long)a, v, got);
}

void tc_mem(tcase *t, int line, uint64_t addr, unsigned n, uint64_t v) {
  for (unsigned i = 0; i < n; i++) expect_byte(t, line, addr + i, (uint8_t)(v >> (8 * i)));
}

void tc_membytes(tcase *t, int line, uint64_t addr, const uint8_t *b, size_t n) {
  for (size_t i = 0; i < n; i++) expect_byte(t, line, addr + i, b[i]);
}

void tc_fault(tcase *t, int line, uint64_t addr, bool write) {
  if (t->res != ISA_STEP_FAULT) return; /* tc_step reported it */
  if (t->cpu.fault_addr != addr || t->cpu.fault_write != write || t->cpu.fault_kind != SMEM_FAULT_UNMAPPED)
    tc_fail(t, line, "fault: expected %s at 0x%llx kind %d, got %s at 0x%llx kind %d", write ? "write" : "read",
            (unsigned long long)addr, SMEM_FAULT_UNMAPPED, t->cpu.fault_write ? "write" : "read",
            (unsigned long long)t->cpu.fault_addr, t->cpu.fault_kind);
}

void tc_trap(tcase *t, int line, const char *msg) {
  if (t->res != ISA_STEP_TRAP) return; /* tc_step reported it */
  if (!t->cpu.trap_msg || strcmp(t->cpu.trap_msg, msg) != 0)
    tc_fail(t, line, "trap message: expected \"%s\", got \"%s\"", msg, t->cpu.trap_msg ? t->cpu.trap_msg : "(null)");
}

void tc_end(tcase *t, int line) {
  if (t->stepped && t->res == ISA_STEP_OK) {
    if (!t->expected[RPC]) {
      t->expected[RPC] = true;
      uint64_t next = (t->addr + t->insn.len) & 0xFFFFFFFFu;
      if (t->reg[RPC] != next)
        tc_fail(t, line, "PC: expected next 0x%llx, got 0x%llx", (unsigned long long)next, (unsigned long long)t->reg[RPC]);
    }
    for (int i = 0; i < NREG; i++)
      if (!t->expected[i] && t->reg[i] != t->pre[i])
        tc_fail(t, line, "%s: expected unchanged 0x%llx, got 0x%llx", rname(i), (unsigned long long)t->pre[i],
                (unsigned long long)t->reg[i]);
    for (size_t k = 0; k < smem_log_count(t->mem); k++) {
      uint64_t a = smem_log_addr(t->mem, k);
      bool ok = false;
      for (size_t j = 0; j < t->nmexp && !ok; j++) ok = t->mexp[j] == a;
      if (!ok) tc_fail(t, line, "unexpected store to 0x%llx", (unsigned long long)a);
    }
  }
  if (t->stepped && t->res != ISA_STEP_OK && smem_log_count(t->mem) != 0)
    tc_fail(t, line, "%zu bytes stored by a step that did not complete", smem_log_count(t->mem));
  smem_free(t->mem);
  t->mem = NULL;
}

void tc_decode_fail(const char *file, int line, const uint8_t *b, size_t n, isa_decode_result want) {
  isa_insn in;
  char hex[3 * ISA_MAX_LEN + 8];
  memset(&in, 0xEE, sizeof in);
  isa_decode_result r = TOY->decode(b, n, 0x1000, &in);
  tc_cases++;
  if (r != want) {
    tc_hex(hex, sizeof hex, b, n);
    char text[160] = "";
    if (r == ISA_DECODE_OK && in.id < TOY->ninsns) TOY->print(&in, text, sizeof text);
    tc_failures++;
    fprintf(stderr, "FAIL %s:%d [%s]: decode: expected %s, got %s%s%s%s\n", file, line, hex,
            want == ISA_DECODE_INVALID ? "INVALID" : "NEED_MORE",
            r == ISA_DECODE_OK ? "OK " : r == ISA_DECODE_INVALID ? "INVALID" : "NEED_MORE",
            r == ISA_DECODE_OK && in.id < TOY->ninsns ? TOY->insns[in.id].name : "", r == ISA_DECODE_OK ? ": " : "",
            text);
  }
}
