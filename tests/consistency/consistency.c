#include "consistency.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "forms.h"
#include "terms.h"

/* ---- deterministic randomness --------------------------------------------- */

static uint64_t mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

typedef struct rng {
  uint64_t s;
} rng;

static uint64_t next(rng *r) { return mix(r->s += 0x9e3779b97f4a7c15ull); }

/* Values that find corner cases more often than uniform ones do. */
static uint64_t interesting(rng *r, unsigned w) {
  uint64_t m = w >= 64 ? ~0ull : (1ull << w) - 1;
  switch (next(r) % 8) {
  case 0: return 0;
  case 1: return m;
  case 2: return (1ull << (w - 1)) & m;
  case 3: return ((1ull << (w - 1)) - 1) & m;
  case 4: return next(r) % 70;
  case 5: return (0 - (next(r) % 70)) & m;
  default: return next(r) & m;
  }
}

/* ---- memory: a function of the address before the step, a log after ------- */

/* Bytes one instruction may write: more than any ISA here writes in one step
 * (PowerPC stmw r0: 128; x86 pushad: 32).  A step that writes more is a
 * mismatch (reported), never a silently skipped case. */
#define CS_MAX_WRITE 256

typedef struct wlog {
  uint64_t addr[CS_MAX_WRITE];
  uint8_t val[CS_MAX_WRITE];
  int n;
  bool overflow; /* the step wrote more than CS_MAX_WRITE bytes */
  uint64_t seed, amask;
} wlog;

static uint8_t pre_byte(const wlog *m, uint64_t a) { return (uint8_t)mix(m->seed ^ (a & m->amask)); }

static uint8_t cur_byte(const wlog *m, uint64_t a) {
  a &= m->amask;
  for (int i = m->n - 1; i >= 0; i--)
    if (m->addr[i] == a) return m->val[i];
  return pre_byte(m, a);
}

static int m_load(void *mem, uint64_t addr, unsigned n, uint8_t *out) {
  wlog *m = mem;
  for (unsigned i = 0; i < n; i++) out[i] = cur_byte(m, addr + i);
  return 0;
}

static int m_store(void *mem, uint64_t addr, unsigned n, const uint8_t *in) {
  wlog *m = mem;
  for (unsigned i = 0; i < n; i++) {
    if (m->n == CS_MAX_WRITE) {
      m->overflow = true;
      return 1;
    }
    m->addr[m->n] = (addr + i) & m->amask;
    m->val[m->n++] = in[i];
  }
  return 0;
}

/* ---- the environment the terms are evaluated in ----------------------------- */

typedef struct env_ctx {
  const uint64_t *pre;
  const uint32_t *var_reg; /* term variable index -> register, or UINT32_MAX for memory */
  wlog *mem;
} env_ctx;

static uint64_t env_var(void *ctx, uint32_t index) {
  env_ctx *e = ctx;
  return e->var_reg[index] == UINT32_MAX ? 0 : e->pre[e->var_reg[index]];
}

static uint8_t env_mem(void *ctx, uint32_t index, uint64_t addr) {
  (void)index;
  return pre_byte(((env_ctx *)ctx)->mem, addr);
}

/* ---- one case ---------------------------------------------------------------- */

/* Builds a random instance of form f into buf (prefixes first); returns its
 * length (0 if no prefix combination gives the form's context). */
static int instance(const isa_desc *d, const isa_form *f, rng *r, uint8_t *buf, int cap) {
  int n = 0;
  for (int k = 0; k < f->nctx; k++) {
    if (f->ctxv[k] == 0) continue; /* the default */
    int found = -1;
    for (unsigned p = 0; p < d->nprefixes && found < 0; p++)
      for (int q = 0; q < d->prefixes[p].n; q++)
        if (d->prefixes[p].ctx[q] == f->ctx[k] && d->prefixes[p].val[q] == f->ctxv[k]) found = (int)p;
    if (found < 0 || n >= cap) return 0;
    buf[n++] = d->prefixes[found].byte;
  }
  if (n + f->len > cap) return 0;
  for (int i = 0; i < f->len; i++) buf[n + i] = (uint8_t)((next(r) & ~f->mask[i]) | f->val[i]);
  return n + f->len;
}

static void describe(const isa_desc *d, const isa_insn *in, const uint8_t *bytes, FILE *out) {
  char text[160];
  d->print(in, text, sizeof text);
  fprintf(out, "  insn %s at 0x%llx:", d->insns[in->id].name, (unsigned long long)in->addr);
  for (int i = 0; i < in->len; i++) fprintf(out, " %02x", bytes[i]);
  fprintf(out, "  (%s)  %s:%u\n", text, d->insns[in->id].file, d->insns[in->id].line);
}

cs_stats cs_run(const isa_desc *d, unsigned per_form, uint64_t seed, unsigned max_report, FILE *out) {
  cs_stats st = {0};
  st.forms = d->nforms;
  rng r = {seed};
  uint64_t amask = d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1;
  uint64_t *pre = calloc(d->nregs, sizeof *pre), *post = calloc(d->nregs, sizeof *post);
  isa_term *regs = calloc(d->nregs, sizeof *regs);
  uint32_t *var_reg = calloc(d->nregs + 1, sizeof *var_reg);
  if (!pre || !post || !regs || !var_reg) exit(3);
  const isa_form *forms = fm_forms(d);
  for (unsigned fi = 0; fi < d->nforms; fi++) {
    const isa_form *f = &forms[fi];
    for (unsigned k = 0; k < per_form; k++) {
      uint8_t buf[ISA_MAX_LEN + 16];
      int len = instance(d, f, &r, buf, ISA_MAX_LEN);
      if (!len) break; /* no prefix reaches this form's context */
      for (int i = len; i < (int)sizeof buf; i++) buf[i] = (uint8_t)next(&r);
      uint64_t addr = next(&r) & amask & ~3ull;
      isa_insn in;
      if (d->decode(buf, d->max_len, addr, &in) != ISA_DECODE_OK) {
        st.mismatches++;
        if (st.mismatches <= max_report) {
          fprintf(out, "form %u of %s does not decode:", fi, d->insns[f->insn].name);
          for (int i = 0; i < len; i++) fprintf(out, " %02x", buf[i]);
          fprintf(out, "\n");
        }
        continue;
      }
      st.cases++;
      for (unsigned i = 0; i < d->nregs; i++)
        pre[i] = d->regs[i].is_flag ? next(&r) & 1 : interesting(&r, d->regs[i].width);
      pre[d->pc] = addr;
      wlog mem = {.seed = next(&r), .amask = amask};
      memcpy(post, pre, sizeof *pre * d->nregs);
      isa_cpu cpu = {.reg = post, .mem = &mem, .load = m_load, .store = m_store};
      isa_step_result res = d->step(&cpu, &in);
      if (mem.overflow) {
        st.mismatches++;
        if (st.mismatches <= max_report) {
          fprintf(out, "MISMATCH: the step wrote more than %d bytes (raise CS_MAX_WRITE)\n", CS_MAX_WRITE);
          describe(d, &in, buf, out);
        }
        continue;
      }
      if (res == ISA_STEP_FAULT) {
        st.faulted++;
        continue;
      }
      if (res == ISA_STEP_TRAP) st.traps++;
      /* symbolic, from the identity state */
      tm_ctx *tc = tm_new(d->addr_bits);
      isa_tb tb = tm_builder(tc);
      for (unsigned i = 0; i < d->nregs; i++) {
        regs[i] = tm_var(tc, d->regs[i].name, d->regs[i].is_flag ? TM_BOOL : d->regs[i].width);
        var_reg[tm_var_index(tc, regs[i])] = i;
      }
      isa_symstate ss = {regs, tm_var(tc, "$mem", TM_ARRAY), tm_false(tc)};
      var_reg[tm_var_index(tc, ss.mem)] = UINT32_MAX;
      d->symstep(&tb, &ss, &in);
      env_ctx ec = {pre, var_reg, &mem};
      tm_env env = {&ec, env_var, env_mem};
      const char *bad = NULL;
      uint64_t want = 0, got = 0;
      char where[64] = "";
      if (tm_error(tc)) {
        bad = tm_error(tc);
      } else if ((tm_eval(tc, ss.trap, &env) != 0) != (res == ISA_STEP_TRAP)) {
        bad = "trap condition";
        want = res == ISA_STEP_TRAP;
        got = !want;
      } else if (res == ISA_STEP_OK) {
        for (unsigned i = 0; i < d->nregs && !bad; i++) {
          got = tm_eval(tc, regs[i], &env);
          if (got != post[i]) {
            bad = "register";
            want = post[i];
            snprintf(where, sizeof where, "%s", d->regs[i].name);
          }
        }
        /* bytes the concrete side wrote, and bytes the symbolic side may have */
        for (int i = 0; i < mem.n && !bad; i++) {
          got = tm_eval_byte(tc, ss.mem, mem.addr[i], &env);
          want = cur_byte(&mem, mem.addr[i]);
          if (got != want) {
            bad = "memory byte";
            snprintf(where, sizeof where, "0x%llx", (unsigned long long)mem.addr[i]);
          }
        }
        for (isa_term m = ss.mem; !bad && tm_kind(tc, m) == ISA_OP_STORE; m = tm_arg(tc, m, 0)) {
          uint64_t a = tm_eval(tc, tm_arg(tc, m, 1), &env) & amask;
          got = tm_eval_byte(tc, ss.mem, a, &env);
          want = cur_byte(&mem, a);
          if (got != want) {
            bad = "memory byte";
            snprintf(where, sizeof where, "0x%llx", (unsigned long long)a);
          }
        }
      }
      if (bad) {
        st.mismatches++;
        if (st.mismatches <= max_report) {
          fprintf(out, "MISMATCH (%s %s): concrete 0x%llx, symbolic 0x%llx\n", bad, where,
                  (unsigned long long)want, (unsigned long long)got);
          describe(d, &in, buf, out);
          fprintf(out, "  pre-state:");
          for (unsigned i = 0; i < d->nregs; i++) fprintf(out, " %s=0x%llx", d->regs[i].name, (unsigned long long)pre[i]);
          fprintf(out, "\n");
        }
      } else
        st.agreed++;
      tm_free(tc);
    }
  }
  free(pre);
  free(post);
  free(regs);
  free(var_reg);
  return st;
}
