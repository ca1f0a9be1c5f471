/* symstep.c — one instruction executed symbolically on a state map
 * (symstep.h). */
#include "symstep.h"

nwa_letter ss_letter_at(fold_letters *L, const isa_desc *d, const mem_space *code, uint64_t pc, unsigned dir,
                        uint32_t *insn, unsigned *len) {
  uint8_t buf[ISA_MAX_LEN];
  size_t n = 0;
  while (n < ISA_MAX_LEN) {
    bool def;
    if (mem_peek(code, pc + n, 1, &buf[n], &def, NULL) != MEM_OK) break;
    n++;
  }
  isa_insn in;
  if (!n || d->decode(buf, n, pc, &in) != ISA_DECODE_OK) return 0;
  *insn = in.id;
  *len = in.len;
  return fold_intern(L, pc, buf, in.len, dir, in.id);
}

unsigned ss_nstate(const isa_desc *d) { return d->nregs + 5; }

void ss_state_vars(const fold_vocab *v, isa_term *vars) {
  const isa_desc *d = v->d;
  for (unsigned r = 0; r < d->nregs; r++)
    vars[r] = tm_var(v->tc, d->regs[r].name, d->regs[r].is_flag ? TM_BOOL : d->regs[r].width);
  vars[d->nregs] = v->mem, vars[d->nregs + 1] = v->V, vars[d->nregs + 2] = v->D;
  vars[d->nregs + 3] = v->A, vars[d->nregs + 4] = v->ip;
}

/* A `read` from the input: the bytes it stores, exactly as exec.c does
 * (pre.h), as stores into the memory after the step.  Only counts known to
 * be at most max_read at S. */
static bool read_window(const fold_vocab *v, const pre_post *p, const isa_term *S, isa_term *S2, unsigned max_read) {
  tm_ctx *tc = v->tc;
  const isa_desc *d = v->d;
  const isa_syscall_abi *a = &d->syscall;
  if (a->nargs < 3) return false;
  const isa_reg *rc = &d->regs[a->args[2]];
  uint64_t cnt;
  if (!tm_is_const(tc, tm_subst(tc, tm_var(tc, rc->name, rc->width), S), &cnt) || cnt > max_read) return false;
  unsigned ab = d->addr_bits;
  isa_term wc = tm_subst(tc, p->win_cond, S), lo = tm_subst(tc, p->win_lo, S), len = tm_subst(tc, p->win_len, S);
  isa_term ip = tm_subst(tc, v->ip, S); /* where the read starts in the input */
  size_t mi = tm_var_index(tc, v->mem);
  isa_term mem = S2[mi];
  for (uint64_t k = 0; k < cnt; k++) {
    isa_term kk = tm_const(tc, k, ab);
    isa_term ak = k ? tm_app2(tc, ISA_OP_ADD, lo, kk) : lo;
    isa_term in_at[2] = {v->in, k ? tm_app2(tc, ISA_OP_ADD, ip, kk) : ip}, old_at[2] = {mem, ak};
    isa_term got = tm_app2(tc, ISA_OP_LAND, wc, tm_app2(tc, ISA_OP_ULT, kk, len));
    isa_term byte = tm_ite(tc, got, tm_app(tc, ISA_OP_SELECT, in_at, 2, 0, 0), tm_app(tc, ISA_OP_SELECT, old_at, 2, 0, 0));
    isa_term st[3] = {mem, ak, byte};
    mem = tm_app(tc, ISA_OP_STORE, st, 3, 0, 0);
  }
  S2[mi] = mem;
  return true;
}

bool ss_post(const fold_vocab *v, const isa_term *vars, const fold_letter *l, const pre_post *p, const isa_term *S,
             isa_term *S2, unsigned max_read) {
  tm_ctx *tc = v->tc;
  const isa_desc *d = v->d;
  for (unsigned r = 0; r < d->nregs; r++) S2[tm_var_index(tc, vars[r])] = tm_subst(tc, p->reg[r], S);
  const isa_term post[5] = {p->mem, p->V, p->D, p->A, p->ip};
  for (unsigned i = 0; i < 5; i++) S2[tm_var_index(tc, vars[d->nregs + i])] = tm_subst(tc, post[i], S);
  if (p->win_cond && !read_window(v, p, S, S2, max_read)) return false;
  /* a conditional jump's target is ite(c, a, b) of two constants: the
   * letter's direction picks one (its condition says which) */
  size_t pci = tm_var_index(tc, vars[d->pc]);
  isa_term npc = S2[pci];
  uint64_t next, ka, kb;
  if (d->insns[l->insn].flow == ISA_FLOW_CJUMP && !tm_is_const(tc, npc, &next) && tm_kind(tc, npc) == ISA_OP_ITE) {
    uint64_t ft = (l->pc + l->len) & (d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1);
    if (tm_is_const(tc, tm_arg(tc, npc, 1), &ka) && tm_is_const(tc, tm_arg(tc, npc, 2), &kb) && (ka == ft) != (kb == ft))
      S2[pci] = tm_const(tc, l->dir ? (ka == ft ? kb : ka) : ft, d->regs[d->pc].width);
  }
  return true;
}
