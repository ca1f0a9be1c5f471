/* symex.c — replaying a trace with the symbolic transformers. */
#include "symex.h"

#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void add_pc(sx_path *p, tm_ctx *tc, isa_term c) {
  uint64_t v;
  if (tm_is_const(tc, c, &v) && v) return; /* true adds nothing */
  p->pc = xa_grow(p->pc, &p->cappc, p->npc + 1, sizeof *p->pc);
  p->pc[p->npc++] = c;
}

static isa_term k(tm_ctx *tc, uint64_t v, unsigned w) { return tm_const(tc, v, w); }

void sx_transformer(const isa_desc *d, tm_ctx *tc, const isa_insn *insn, isa_symstate *st) {
  for (unsigned i = 0; i < d->nregs; i++)
    st->reg[i] = tm_var(tc, d->regs[i].name, d->regs[i].is_flag ? TM_BOOL : d->regs[i].width);
  st->mem = tm_var(tc, "mem", TM_ARRAY);
  st->trap = tm_false(tc);
  isa_tb tb = tm_builder(tc);
  d->symstep(&tb, st, insn);
}

/* A system call, symbolically: the number is constrained to the observed
 * one, the result is the observed one, bytes `read` stored are fresh input
 * variables, and a symbolic size must allow what was transferred. */
static void sys(const isa_desc *d, tm_ctx *tc, sx_path *p, const ex_pos *pos, isa_symstate *st) {
  const isa_syscall_abi *a = &d->syscall;
  if (a->number < 0) return;
  isa_term nt = st->reg[a->number];
  add_pc(p, tc, tm_app2(tc, ISA_OP_EQ, nt, k(tc, pos->sysnr, tm_sort(tc, nt))));
  int svc = -1;
  for (int i = 0; i < ISA_SYS_COUNT; i++)
    if (a->numbers[i] >= 0 && (uint64_t)a->numbers[i] == pos->sysnr) svc = i;
  if (svc != ISA_SYS_READ && svc != ISA_SYS_WRITE && svc != ISA_SYS_BRK) return;
  int64_t v = pos->sysret;
  if (svc == ISA_SYS_READ && v > 0) {
    isa_term buf = a->nargs > 1 ? st->reg[a->args[1]] : k(tc, 0, d->addr_bits);
    for (int64_t i = 0; i < v; i++) {
      char name[32];
      snprintf(name, sizeof name, "stdin_%zu", p->nstdin++);
      isa_term addr = tm_app2(tc, ISA_OP_ADD, buf, k(tc, (uint64_t)i, d->addr_bits));
      isa_term t[3] = {st->mem, addr, tm_var(tc, name, 8)};
      st->mem = tm_app(tc, ISA_OP_STORE, t, 3, 0, 0);
    }
  }
  if (svc != ISA_SYS_BRK && a->nargs > 2 && v >= 0) {
    isa_term n = st->reg[a->args[2]];
    add_pc(p, tc, tm_app2(tc, ISA_OP_ULE, k(tc, (uint64_t)v, tm_sort(tc, n)), n));
  }
  unsigned rw = d->regs[a->result].width;
  if (a->error_flag >= 0) {
    st->reg[a->error_flag] = tm_const(tc, v < 0, TM_BOOL);
    st->reg[a->result] = k(tc, (uint64_t)(v < 0 ? -v : v), rw);
  } else
    st->reg[a->result] = k(tc, (uint64_t)v, rw);
}

int sx_replay(const isa_desc *d, tm_ctx *tc, const ex_pos *trace, size_t n, uint64_t entry, uint64_t sp0, sx_path *p) {
  return sx_replay_until(d, tc, trace, n, entry, sp0, p, NULL, NULL);
}

int sx_replay_until(const isa_desc *d, tm_ctx *tc, const ex_pos *trace, size_t n, uint64_t entry, uint64_t sp0,
                    sx_path *p, bool (*stop)(void *ctx), void *ctx) {
  memset(p, 0, sizeof *p);
  p->reg = calloc(d->nregs, sizeof *p->reg);
  if (!p->reg) xa_nomem();
  for (unsigned i = 0; i < d->nregs; i++)
    p->reg[i] = i == d->pc   ? k(tc, entry, d->regs[i].width)
                : i == d->sp ? k(tc, sp0, d->regs[i].width)
                             : tm_var(tc, d->regs[i].name, d->regs[i].is_flag ? TM_BOOL : d->regs[i].width);
  isa_symstate st = {p->reg, tm_var(tc, "mem", TM_ARRAY), tm_false(tc)};
  isa_tb tb = tm_builder(tc);
  for (size_t i = 0; i < n; i++) {
    const ex_pos *pos = &trace[i];
    isa_insn in;
    if (stop && !(i & 4095) && i && stop(ctx)) {
      snprintf(p->error, sizeof p->error, "stopped");
      return 1;
    }
    if (d->decode(pos->bytes, pos->len, pos->pc, &in) != ISA_DECODE_OK || in.len != pos->len) {
      snprintf(p->error, sizeof p->error, "position %zu (0x%llx) does not decode again", i, (unsigned long long)pos->pc);
      return -1;
    }
    st.trap = tm_false(tc);
    d->symstep(&tb, &st, &in);
    if (tm_error(tc)) {
      snprintf(p->error, sizeof p->error, "at 0x%llx: %s", (unsigned long long)pos->pc, tm_error(tc));
      return -1;
    }
    add_pc(p, tc, tm_app1(tc, ISA_OP_LNOT, st.trap));
    if (d->insns[in.id].flow == ISA_FLOW_SYSCALL) sys(d, tc, p, pos, &st);
    p->steps = i + 1;
    if (i + 1 < n) {
      /* the path goes on at the recorded address */
      isa_term npc = st.reg[d->pc];
      uint64_t v, want = trace[i + 1].pc;
      if (tm_is_const(tc, npc, &v)) {
        if (v != want) {
          snprintf(p->error, sizeof p->error, "at 0x%llx the next PC is 0x%llx, but the trace goes to 0x%llx",
                   (unsigned long long)pos->pc, (unsigned long long)v, (unsigned long long)want);
          return -1;
        }
      } else {
        add_pc(p, tc, tm_app2(tc, ISA_OP_EQ, npc, k(tc, want, d->regs[d->pc].width)));
        st.reg[d->pc] = k(tc, want, d->regs[d->pc].width);
      }
    }
  }
  p->mem = st.mem;
  return 0;
}

void sx_path_free(sx_path *p) {
  free(p->reg);
  free(p->pc);
  memset(p, 0, sizeof *p);
}

int sx_inputs_from_model(const isa_desc *d, tm_ctx *tc, smt *s, const isa_term *fs, size_t n, size_t nstdin,
                         in_assign *in) {
  uint64_t v;
  for (unsigned i = 0; i < d->nregs; i++) {
    if (i == d->pc || i == d->sp) continue;
    isa_term t = tm_var(tc, d->regs[i].name, d->regs[i].is_flag ? TM_BOOL : d->regs[i].width);
    if (!smt_model_eval(s, t, &v)) return -1;
    in_set_reg(in, d->regs[i].name, v);
  }
  for (size_t k = 0; k < nstdin; k++) {
    char name[32];
    snprintf(name, sizeof name, "stdin_%zu", k);
    isa_term var = tm_find_var(tc, name, 8); /* only those that exist */
    if (!var) break;
    if (!smt_model_eval(s, var, &v)) return -1;
    uint8_t b = (uint8_t)v;
    in_append_stdin(in, &b, 1);
  }
  /* bytes of the initial memory the formulas read: SELECTs reaching `mem` */
  isa_term mem = tm_var(tc, "mem", TM_ARRAY);
  size_t cap = 256, top = 0;
  isa_term *stack = malloc(sizeof *stack * cap);
  size_t nseen = tm_count(tc) + 1;
  unsigned char *seen = calloc(nseen, 1);
  if (!stack || !seen) xa_nomem();
  for (size_t i = 0; i < n; i++) {
    stack[top++] = fs[i];
    while (top) {
      isa_term t = stack[--top];
      if (t >= nseen || seen[t]) continue;
      seen[t] = 1;
      if (tm_kind(tc, t) == ISA_OP_SELECT) {
        isa_term arr = tm_arg(tc, t, 0);
        while (tm_kind(tc, arr) == ISA_OP_STORE) arr = tm_arg(tc, arr, 0);
        if (arr == mem && smt_model_eval(s, tm_arg(tc, t, 1), &v)) {
          uint8_t b;
          if (smt_model_byte(s, mem, v, &b)) in_set_mem(in, v, b);
        }
      }
      for (unsigned a = 0; a < tm_nargs(tc, t); a++) {
        stack = xa_grow(stack, &cap, top + 1, sizeof *stack);
        stack[top++] = tm_arg(tc, t, a);
      }
    }
  }
  free(stack);
  free(seen);
  return 0;
}
