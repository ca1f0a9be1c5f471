/* stepcheck.c — see stepcheck.h. */
#include "stepcheck.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb_eval.h"

typedef struct memctx {
  const smem *mem;
  unsigned memvar;
  bool bad_var; /* asked for a memory variable we did not create */
} memctx;

static uint8_t pre_byte(void *ctx, unsigned memvar, uint64_t addr) {
  memctx *c = ctx;
  if (memvar != c->memvar) c->bad_var = true;
  return smem_pre(c->mem, addr);
}

typedef struct sbuf {
  char *p;
  size_t size, n;
} sbuf;

static void sb_printf(sbuf *s, const char *fmt, ...) {
  if (s->n >= s->size) return;
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(s->p + s->n, s->size - s->n, fmt, ap);
  va_end(ap);
  if (k > 0) s->n += (size_t)k;
  if (s->n >= s->size) s->n = s->size;
}

/* Appends the term (at most 60 nodes) to the message. */
static void sb_term(sbuf *s, const tbe *b, isa_term t) {
  char *txt = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&txt, &len);
  if (!f) return;
  tbe_print(b, t, f, 60);
  fclose(f);
  sb_printf(s, "%s", txt);
  free(txt);
}

static uint64_t wmask(unsigned w) { return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1; }

stepcheck_result stepcheck(const isa_desc *d, const isa_insn *insn, const uint64_t *pre,
                           const uint64_t *post, isa_step_result res, const smem *mem, char *msg,
                           size_t msgsz) {
  sbuf s = {msg, msgsz, 0};
  if (msgsz) msg[0] = 0;
  if (res == ISA_STEP_FAULT) return STEPCHECK_SKIPPED;

  stepcheck_result out = STEPCHECK_AGREE;
  tbe *b = tbe_new();
  isa_tb tb = tbe_builder(b);
  isa_term *regs = calloc(d->nregs, sizeof *regs);
  uint64_t *vars = calloc(d->nregs + 1, sizeof *vars);
  if (!regs || !vars) {
    fprintf(stderr, "stepcheck: out of memory\n");
    abort();
  }
  for (unsigned i = 0; i < d->nregs; i++) {
    unsigned no;
    regs[i] = tbe_var(b, d->regs[i].name, d->regs[i].is_flag ? 0 : d->regs[i].width, &no);
    vars[no] = d->regs[i].is_flag ? (pre[i] & 1) : (pre[i] & wmask(d->regs[i].width));
  }
  memctx mc = {mem, 0, false};
  isa_term mem0 = tbe_memvar(b, "mem", d->addr_bits, &mc.memvar);
  isa_symstate st = {regs, mem0, tbe_const(b, 0, 0)};
  d->symstep(&tb, &st, insn);
  tbe_env env = {vars, pre_byte, &mc};

  const char *err = tbe_error(b);
  if (err) {
    sb_printf(&s, "term builder: %s", err);
    out = STEPCHECK_MISMATCH;
    goto done;
  }
  /* sorts */
  for (unsigned i = 0; i < d->nregs; i++) {
    unsigned want = d->regs[i].is_flag ? 0 : d->regs[i].width;
    if (!tbe_valid(b, regs[i]) || tbe_width(b, regs[i]) != want) {
      sb_printf(&s, "%s: term has sort %u, expected %u", d->regs[i].name, tbe_width(b, regs[i]), want);
      out = STEPCHECK_MISMATCH;
      goto done;
    }
  }
  if (!tbe_valid(b, st.mem) || tbe_width(b, st.mem) != TBE_MEM) {
    sb_printf(&s, "memory: not a memory term");
    out = STEPCHECK_MISMATCH;
    goto done;
  }
  if (!tbe_valid(b, st.trap) || tbe_width(b, st.trap) != 0) {
    sb_printf(&s, "trap: not a bool term");
    out = STEPCHECK_MISMATCH;
    goto done;
  }

  /* trap condition */
  tbe_value tv = tbe_eval(b, st.trap, &env);
  bool trapped = res == ISA_STEP_TRAP;
  if ((tv.bits != 0) != trapped) {
    sb_printf(&s, "trap: expected %s, got %s; term ", trapped ? "true" : "false", tv.bits ? "true" : "false");
    sb_term(&s, b, st.trap);
    out = STEPCHECK_MISMATCH;
    goto done;
  }
  if (trapped) goto done; /* the state after a trap is not specified */

  /* registers, PC and flags */
  for (unsigned i = 0; i < d->nregs; i++) {
    tbe_value v = tbe_eval(b, regs[i], &env);
    uint64_t want = d->regs[i].is_flag ? (post[i] & 1) : (post[i] & wmask(d->regs[i].width));
    if (v.bits != want) {
      sb_printf(&s, "%s: expected 0x%llx, got 0x%llx; term ", d->regs[i].name, (unsigned long long)want,
                (unsigned long long)v.bits);
      sb_term(&s, b, regs[i]);
      out = STEPCHECK_MISMATCH;
      goto done;
    }
  }

  /* memory: every byte either side wrote; all others are the pre-state on both */
  uint64_t sw[64];
  size_t nsw = tbe_mem_writes(b, st.mem, &env, sw, 64);
  if (nsw > 64) {
    sb_printf(&s, "memory: %zu symbolic stores (more than 64)", nsw);
    out = STEPCHECK_MISMATCH;
    goto done;
  }
  size_t ncw = smem_log_count(mem);
  for (size_t k = 0; k < nsw + ncw; k++) {
    uint64_t a = k < nsw ? sw[k] : smem_log_addr(mem, k - nsw);
    uint8_t want = smem_peek(mem, a);
    uint8_t got = tbe_mem_read(b, st.mem, a, &env);
    if (got != want) {
      sb_printf(&s, "mem[0x%llx]: expected 0x%02x, got 0x%02x (%s store); memory term ", (unsigned long long)a,
                want, got, k < nsw ? "symbolic" : "concrete");
      sb_term(&s, b, st.mem);
      out = STEPCHECK_MISMATCH;
      goto done;
    }
  }
  if (mc.bad_var) {
    sb_printf(&s, "memory: a term reads a memory variable that is not the pre-state");
    out = STEPCHECK_MISMATCH;
  }

done:
  tbe_free(b);
  free(regs);
  free(vars);
  return out;
}
