/* pre.c — Pre(I, ψ) by substitution and Pre_α by witness-guided alias
 * resolution (MCVETO report §3.4, §3.5). */
#include "pre.h"

#include <stdlib.h>
#include <string.h>

#include "exec.h"
#include "htab.h"
#include "symex.h"
#include "xalloc.h"

static isa_term k_(const fold_vocab *v, uint64_t x, unsigned w) { return tm_const(v->tc, x, w); }
static isa_term and_(tm_ctx *tc, isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_LAND, a, b); }
static isa_term not_(tm_ctx *tc, isa_term a) { return tm_app1(tc, ISA_OP_LNOT, a); }
static isa_term eq_(tm_ctx *tc, isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_EQ, a, b); }

static unsigned wbytes(const fold_vocab *v) { return (v->d->addr_bits + 7) / 8; }

isa_term pre_aux_word(const fold_vocab *v, isa_term A, isa_term k) {
  tm_ctx *tc = v->tc;
  unsigned W = wbytes(v), ab = v->d->addr_bits;
  isa_term base = tm_app2(tc, ISA_OP_MUL, k, k_(v, W, ab)), w = 0;
  for (unsigned i = 0; i < W; i++) {
    isa_term s[2] = {A, tm_app2(tc, ISA_OP_ADD, base, k_(v, i, ab))};
    isa_term b = tm_app(tc, ISA_OP_SELECT, s, 2, 0, 0);
    w = w ? tm_app2(tc, ISA_OP_CONCAT, b, w) : b;
  }
  return W * 8 == ab ? w : tm_extract(tc, w, ab - 1, 0);
}

static isa_term aux_push(const fold_vocab *v, isa_term A, isa_term k, uint64_t value) {
  tm_ctx *tc = v->tc;
  unsigned W = wbytes(v), ab = v->d->addr_bits;
  isa_term base = tm_app2(tc, ISA_OP_MUL, k, k_(v, W, ab));
  for (unsigned i = 0; i < W; i++) {
    isa_term s[3] = {A, tm_app2(tc, ISA_OP_ADD, base, k_(v, i, ab)), k_(v, value >> (8 * i) & 0xff, 8)};
    A = tm_app(tc, ISA_OP_STORE, s, 3, 0, 0);
  }
  return A;
}

/* t, of width from, at width to: truncated or zero-extended. */
static isa_term resize(tm_ctx *tc, isa_term t, unsigned from, unsigned to) {
  return from > to ? tm_extract(tc, t, to - 1, 0) : tm_zext(tc, t, to);
}

/* A system call's result v (negative: -errno) in the ABI's registers. */
static void set_result(const fold_vocab *v, pre_post *out, int64_t r) {
  const isa_syscall_abi *a = &v->d->syscall;
  unsigned rw = v->d->regs[a->result].width;
  if (a->error_flag >= 0) {
    out->reg[a->error_flag] = tm_const(v->tc, r < 0, TM_BOOL);
    out->reg[a->result] = k_(v, (uint64_t)(r < 0 ? -r : r), rw);
  } else
    out->reg[a->result] = k_(v, (uint64_t)r, rw);
}

int pre_post_of(const fold_vocab *v, const fold_letter *l, nwa_kind kind, pre_post *out) {
  const isa_desc *d = v->d;
  tm_ctx *tc = v->tc;
  isa_insn in;
  memset(out, 0, sizeof *out);
  if (d->decode(l->bytes, l->len, l->pc, &in) != ISA_DECODE_OK || in.len != l->len) return -1;
  out->reg = calloc(d->nregs, sizeof *out->reg);
  if (!out->reg) xa_nomem();
  isa_symstate st = {out->reg, 0, 0};
  sx_transformer(d, tc, &in, &st);
  out->mem = st.mem;
  out->V = v->V;
  out->D = v->D;
  out->A = v->A;
  out->ip = v->ip;
  isa_term cond = not_(tc, st.trap);
  unsigned ab = d->addr_bits, pw = d->regs[d->pc].width;
  isa_term ft = k_(v, (l->pc + l->len) & (ab >= 64 ? ~0ull : (1ull << ab) - 1), pw);
  isa_term npc = out->reg[d->pc];
  const isa_insn_info *ii = &d->insns[l->insn];
  bool fell = false;
  switch (ii->flow) {
  case ISA_FLOW_CJUMP: {
    isa_term stays = eq_(tc, npc, ft);
    cond = and_(tc, cond, l->dir ? not_(tc, stays) : stays);
    break;
  }
  case ISA_FLOW_SYSCALL: {
    const isa_syscall_abi *a = &d->syscall;
    if (a->number < 0) break;
    isa_term nr = tm_var(tc, d->regs[a->number].name, d->regs[a->number].width);
    isa_term ex = tm_false(tc), cont = tm_false(tc);
    for (int i = 0; i < ISA_SYS_COUNT; i++) {
      if (a->numbers[i] < 0) continue;
      isa_term is = eq_(tc, nr, k_(v, (uint64_t)a->numbers[i], d->regs[a->number].width));
      if (i == ISA_SYS_EXIT || i == ISA_SYS_EXIT_GROUP)
        ex = tm_app2(tc, ISA_OP_LOR, ex, is);
      else
        cont = tm_app2(tc, ISA_OP_LOR, cont, is);
    }
    if (l->dir == 1) {
      cond = and_(tc, cond, ex);
      break;
    }
    unsigned rw = d->regs[a->result].width;
    bool has_read = a->numbers[ISA_SYS_READ] >= 0 && a->nargs >= 3;
    isa_term isread = has_read ? eq_(tc, nr, k_(v, (uint64_t)a->numbers[ISA_SYS_READ], d->regs[a->number].width))
                               : tm_false(tc);
    isa_term fd0 = tm_false(tc);
    if (has_read) {
      const isa_reg *rf = &d->regs[a->args[0]];
      fd0 = eq_(tc, tm_var(tc, rf->name, rf->width), k_(v, 0, rf->width));
    }
    if (l->dir == 2) { /* read(0, …) into a buffer that is not writable: -EFAULT, nothing read */
      cond = and_(tc, cond, and_(tc, isread, fd0));
      set_result(v, out, -(int64_t)EX_LINUX_EFAULT);
      break;
    }
    cond = and_(tc, cond, cont);
    /* what other calls return is unknown here */
    isa_term ret = tm_var(tc, "$sysret", rw), err = a->error_flag >= 0 ? tm_var(tc, "$syserr", TM_BOOL) : 0;
    if (has_read) { /* read(fd, buf, count) from the input stream, as exec.c does it */
      const isa_reg *rb = &d->regs[a->args[1]], *rc = &d->regs[a->args[2]];
      isa_term cnt = resize(tc, tm_var(tc, rc->name, rc->width), rc->width, ab);
      isa_term max = k_(v, EX_READ_MAX, ab);
      isa_term kk = tm_ite(tc, tm_app2(tc, ISA_OP_ULT, cnt, max), cnt, max);
      /* what is left of the input: $inlen - $ip, since $ip <=u $inlen in
       * every state a run can be in ($ip starts at 0 and a read advances it
       * by at most what is left).  Formulas that agree on those states are
       * all Pre and the facts need, and without the guard the formulas of
       * a loop over input stay linear in $ip instead of nesting an ite per
       * iteration. */
      isa_term avail = tm_app2(tc, ISA_OP_SUB, v->inlen, v->ip);
      isa_term got = tm_ite(tc, tm_app2(tc, ISA_OP_ULE, kk, avail), kk, avail);
      isa_term ok = and_(tc, isread, fd0);
      out->win_cond = ok;
      out->win_lo = tm_zext(tc, tm_var(tc, rb->name, rb->width), ab);
      out->win_len = got;
      out->ip = tm_ite(tc, ok, tm_app2(tc, ISA_OP_ADD, v->ip, got), v->ip);
      isa_term gotr = resize(tc, got, ab, rw);
      if (err) {
        ret = tm_ite(tc, isread, tm_ite(tc, fd0, gotr, k_(v, EX_LINUX_EBADF, rw)), ret);
        err = tm_ite(tc, isread, not_(tc, fd0), err);
      } else
        ret = tm_ite(tc, isread, tm_ite(tc, fd0, gotr, k_(v, (uint64_t)-(int64_t)EX_LINUX_EBADF, rw)), ret);
    }
    bool has_write = a->numbers[ISA_SYS_WRITE] >= 0 && a->nargs >= 3;
    if (has_write) { /* write(fd, buf, count), as exec.c does it, where it is sure */
      isa_term iswrite = eq_(tc, nr, k_(v, (uint64_t)a->numbers[ISA_SYS_WRITE], d->regs[a->number].width));
      const isa_reg *rf = &d->regs[a->args[0]], *rb = &d->regs[a->args[1]], *rc = &d->regs[a->args[2]];
      isa_term fd = tm_var(tc, rf->name, rf->width);
      isa_term out12 = tm_app2(tc, ISA_OP_LOR, eq_(tc, fd, k_(v, 1, rf->width)), eq_(tc, fd, k_(v, 2, rf->width)));
      isa_term cnt = tm_var(tc, rc->name, rc->width);
      isa_term buf = resize(tc, tm_var(tc, rb->name, rb->width), rb->width, ab), cnta = resize(tc, cnt, rc->width, ab);
      /* all of [buf, buf + count) inside one range that stays readable */
      isa_term inside = tm_false(tc);
      for (size_t i = 0; i < v->nrd; i++) {
        isa_term lo = k_(v, v->rd[2 * i], ab), last = k_(v, v->rd[2 * i + 1], ab);
        isa_term c = and_(tc, tm_app2(tc, ISA_OP_ULE, lo, buf), tm_app2(tc, ISA_OP_ULE, buf, last));
        c = and_(tc, c, tm_app2(tc, ISA_OP_ULE, tm_app2(tc, ISA_OP_SUB, cnta, k_(v, 1, ab)),
                                tm_app2(tc, ISA_OP_SUB, last, buf)));
        inside = tm_app2(tc, ISA_OP_LOR, inside, c);
      }
      isa_term zero = eq_(tc, cnta, k_(v, 0, ab));
      isa_term all = tm_app2(tc, ISA_OP_LOR, zero, inside); /* count 0: nothing to read, 0 back */
      isa_term cntr = resize(tc, cnt, rc->width, rw);
      if (err) {
        ret = tm_ite(tc, iswrite, tm_ite(tc, out12, tm_ite(tc, all, cntr, ret), k_(v, EX_LINUX_EBADF, rw)), ret);
        err = tm_ite(tc, iswrite, tm_ite(tc, out12, tm_ite(tc, all, tm_false(tc), err), tm_true(tc)), err);
      } else
        ret = tm_ite(tc, iswrite,
                     tm_ite(tc, out12, tm_ite(tc, all, cntr, ret), k_(v, (uint64_t)-(int64_t)EX_LINUX_EBADF, rw)), ret);
    }
    out->reg[a->result] = ret;
    if (err) out->reg[a->error_flag] = err;
    break;
  }
  case ISA_FLOW_CALL:
  case ISA_FLOW_ICALL:
  case ISA_FLOW_RETURN:
    if (ii->may_fall_through) {
      isa_term stays = eq_(tc, npc, ft);
      cond = and_(tc, cond, l->dir ? stays : not_(tc, stays));
      fell = l->dir;
    }
    break;
  default:
    break;
  }
  if (!fell && (ii->flow == ISA_FLOW_CALL || ii->flow == ISA_FLOW_ICALL) && kind == NWA_CALL) {
    out->A = aux_push(v, v->A, v->D, l->pc + l->len);
    out->D = tm_app2(tc, ISA_OP_ADD, v->D, k_(v, 1, ab));
  } else if (!fell && ii->flow == ISA_FLOW_RETURN) {
    isa_term zero = k_(v, 0, ab), empty = eq_(tc, v->D, zero);
    isa_term dm1 = tm_app2(tc, ISA_OP_SUB, v->D, k_(v, 1, ab));
    isa_term match = eq_(tc, tm_zext(tc, npc, ab), pre_aux_word(v, v->A, dm1));
    if (kind == NWA_RETURN) {
      cond = and_(tc, cond, and_(tc, not_(tc, empty), match));
      out->D = dm1;
    } else { /* rule 12: a return that is not one */
      cond = and_(tc, cond, tm_app2(tc, ISA_OP_LOR, empty, not_(tc, match)));
      out->V = tm_true(tc);
      out->D = tm_ite(tc, empty, zero, dm1);
    }
  }
  out->cond = cond;
  return 0;
}

void pre_post_free(pre_post *p) {
  free(p->reg);
  memset(p, 0, sizeof *p);
}

/* ψ[state := post] after a `read`: each read mem[a] of ψ becomes
 * ite(a in the window, $in[$ip + (a - buf)], post-mem[a]); memory used whole
 * (not read byte by byte) may change anywhere in the window: `$sysmem`. */
typedef struct win_walk {
  const fold_vocab *v;
  const pre_post *p;
  const isa_term *map;
} win_walk;

static uint64_t win_step(tm_walk *w, isa_term t, void *ctx) {
  win_walk *ww = ctx;
  tm_ctx *tc = ww->v->tc;
  int kind = tm_kind(tc, t);
  isa_term r = t;
  if (t == ww->v->mem) /* memory other than read byte by byte: all of it may change */
    r = tm_ite(tc, ww->p->win_cond, tm_var(tc, "$sysmem", TM_ARRAY), ww->p->mem);
  else if (kind == TM_VAR)
    r = tm_subst(tc, t, ww->map);
  else if (kind == ISA_OP_SELECT && tm_arg(tc, t, 0) == ww->v->mem) {
    uint64_t v;
    if (!tm_walk_get(w, tm_arg(tc, t, 1), &v)) return 0;
    isa_term a = (isa_term)v;
    isa_term off = tm_app2(tc, ISA_OP_SUB, a, ww->p->win_lo);
    isa_term in = and_(tc, ww->p->win_cond, tm_app2(tc, ISA_OP_ULT, off, ww->p->win_len));
    isa_term s1[2] = {ww->v->in, tm_app2(tc, ISA_OP_ADD, ww->v->ip, off)}, s2[2] = {ww->p->mem, a};
    r = tm_ite(tc, in, tm_app(tc, ISA_OP_SELECT, s1, 2, 0, 0), tm_app(tc, ISA_OP_SELECT, s2, 2, 0, 0));
  } else if (kind != TM_CONST) {
    isa_term a[3];
    if (!tm_walk_args(w, t, a)) return 0;
    r = tm_app(tc, (isa_op)kind, a, tm_nargs(tc, t), tm_param(tc, t, 0), tm_param(tc, t, 1));
  }
  return r;
}

isa_term pre_exact(const fold_vocab *v, const pre_post *p, isa_term psi) {
  tm_ctx *tc = v->tc;
  const isa_desc *d = v->d;
  if (p->win_cond) tm_var(tc, "$sysmem", TM_ARRAY); /* before the map is sized */
  size_t nv = tm_var_count(tc);
  isa_term *map = calloc(nv, sizeof *map);
  if (!map) xa_nomem();
  for (unsigned i = 0; i < d->nregs; i++) {
    isa_term var = tm_var(tc, d->regs[i].name, d->regs[i].is_flag ? TM_BOOL : d->regs[i].width);
    if (tm_var_index(tc, var) < nv) map[tm_var_index(tc, var)] = p->reg[i];
  }
  map[tm_var_index(tc, v->mem)] = p->mem;
  map[tm_var_index(tc, v->V)] = p->V;
  map[tm_var_index(tc, v->D)] = p->D;
  map[tm_var_index(tc, v->A)] = p->A;
  map[tm_var_index(tc, v->ip)] = p->ip;
  isa_term post;
  if (p->win_cond) {
    win_walk ww = {v, p, map};
    post = (isa_term)tm_walk_run(tc, psi, win_step, &ww);
  } else
    post = tm_subst(tc, psi, map);
  isa_term r = and_(tc, p->cond, post);
  free(map);
  return r;
}

/* ---- Pre_α ------------------------------------------------------------- */

static bool is_fresh_var(tm_ctx *tc, isa_term t) {
  return tm_kind(tc, t) == TM_VAR && !strncmp(tm_var_name(tc, tm_var_index(tc, t)), "$sys", 4);
}

/* For a walk of flags: 1 if one of t's arguments has its flag set, 0 if
 * none has, 2 if that is not known yet (the unknown ones queued). */
static int any_arg(tm_walk *w, isa_term t) {
  tm_ctx *tc = tm_walk_ctx(w);
  uint64_t v;
  unsigned n = tm_nargs(tc, t);
  for (unsigned i = 0; i < n; i++)
    if (tm_walk_peek(w, tm_arg(tc, t, i), &v) && v) return 1;
  bool all = true;
  for (unsigned i = 0; i < n; i++)
    if (!tm_walk_get(w, tm_arg(tc, t, i), &v)) all = false;
  return all ? 0 : 2;
}

/* Does t mention a `$sys…` variable?  memo[t]: 0 unknown, 1 no, 2 yes. */
typedef struct fresh_walk {
  unsigned char *memo;
  size_t n;
} fresh_walk;

static uint64_t fresh_step(tm_walk *w, isa_term t, void *ctx) {
  fresh_walk *fw = ctx;
  tm_ctx *tc = tm_walk_ctx(w);
  if (t < fw->n && fw->memo[t]) return fw->memo[t] == 2;
  int r = is_fresh_var(tc, t);
  if (!r && tm_kind(tc, t) != TM_VAR) r = any_arg(w, t);
  if (r == 2) return 0;
  if (t < fw->n) fw->memo[t] = r ? 2 : 1;
  return r;
}

static bool fresh_in(tm_ctx *tc, unsigned char *memo, size_t n, isa_term t) {
  if (t < n && memo[t]) return memo[t] == 2;
  fresh_walk fw = {memo, n};
  return tm_walk_run(tc, t, fresh_step, &fw) != 0;
}

typedef struct alias_walk {
  const fold_vocab *v;
  const tm_env *w;
  unsigned char *fresh;
  size_t nfresh;
  isa_term alpha;
} alias_walk;

static uint64_t alias_step(tm_walk *tw, isa_term t, void *ctx) {
  alias_walk *aw = ctx;
  tm_ctx *tc = aw->v->tc;
  int kind = tm_kind(tc, t);
  isa_term r = t;
  if (kind != TM_VAR && kind != TM_CONST) {
    unsigned n = tm_nargs(tc, t);
    isa_term a[3];
    if (!tm_walk_args(tw, t, a)) return 0;
    if (kind == ISA_OP_SELECT) {
      /* resolve the reads through writes as the witness does */
      isa_term m = a[0], addr = a[1];
      while (tm_kind(tc, m) == ISA_OP_STORE) {
        isa_term same = eq_(tc, tm_arg(tc, m, 1), addr);
        uint64_t c;
        if (tm_is_const(tc, same, &c)) { /* decided without the witness */
          if (c) break;
          m = tm_arg(tc, m, 0);
          continue;
        }
        if (tm_eval(tc, same, aw->w)) {
          aw->alpha = and_(tc, aw->alpha, same);
          break;
        }
        aw->alpha = and_(tc, aw->alpha, not_(tc, same));
        m = tm_arg(tc, m, 0);
      }
      if (tm_kind(tc, m) == ISA_OP_STORE) r = tm_arg(tc, m, 2);
      else {
        isa_term s[2] = {m, addr};
        r = tm_app(tc, ISA_OP_SELECT, s, 2, 0, 0);
      }
    } else if (kind == ISA_OP_ITE && !fresh_in(tc, aw->fresh, aw->nfresh, a[0]) &&
               (fresh_in(tc, aw->fresh, aw->nfresh, a[1]) || fresh_in(tc, aw->fresh, aw->nfresh, a[2]) ||
                (tm_kind(tc, a[1]) == ISA_OP_SELECT && tm_arg(tc, a[1], 0) == aw->v->in))) {
      /* what a system call stored or what was there: as at the witness */
      bool c = tm_eval(tc, a[0], aw->w) != 0;
      aw->alpha = and_(tc, aw->alpha, c ? a[0] : not_(tc, a[0]));
      r = c ? a[1] : a[2];
    } else
      r = tm_app(tc, (isa_op)kind, a, n, tm_param(tc, t, 0), tm_param(tc, t, 1));
  }
  return r;
}

isa_term pre_alpha(const fold_vocab *v, isa_term pre, const tm_env *w, isa_term *alpha) {
  isa_term a, psi1;
  pre_alpha_parts(v, pre, w, &a, &psi1);
  if (alpha) *alpha = a;
  return tm_app2(v->tc, ISA_OP_LOR, not_(v->tc, a), psi1);
}

void pre_alpha_parts(const fold_vocab *v, isa_term pre, const tm_env *w, isa_term *alpha, isa_term *psi1) {
  tm_ctx *tc = v->tc;
  size_t n0 = tm_count(tc) + 1;
  alias_walk aw = {v, w, NULL, 4 * n0, tm_true(tc)};
  aw.fresh = calloc(4 * n0, 1); /* the walk makes new terms: room for them */
  if (!aw.fresh) xa_nomem();
  *psi1 = (isa_term)tm_walk_run(tc, pre, alias_step, &aw);
  free(aw.fresh);
  *alpha = aw.alpha;
}

bool pre_mentions_fresh(tm_ctx *tc, isa_term t) {
  size_t n = tm_count(tc) + 1;
  unsigned char *seen = calloc(n, 1);
  isa_term *st = malloc(sizeof *st * n);
  if (!seen || !st) xa_nomem();
  size_t top = 0;
  bool found = false;
  st[top++] = t;
  while (top && !found) {
    isa_term x = st[--top];
    if (x >= n || seen[x]) continue;
    seen[x] = 1;
    if (tm_kind(tc, x) == TM_VAR) {
      const char *name = tm_var_name(tc, tm_var_index(tc, x));
      if (!strncmp(name, "$sys", 4)) found = true;
      continue;
    }
    for (unsigned i = 0; i < tm_nargs(tc, x); i++)
      if (top < n) st[top++] = tm_arg(tc, x, i);
  }
  free(seen);
  free(st);
  return found;
}

/* ---- forgetting what a system call returned, or input not read yet ------- */

typedef struct forget {
  tm_ctx *tc;
  isa_term in;          /* `$in`, also forgotten (pre_forget_input), or 0 */
  unsigned char *fresh; /* per term: 0 unknown, 1 no, 2 yes */
  isa_term *memo[2];
  size_t n;
  unsigned hoists;      /* ites hoisted out of atoms so far (bounded) */
  ht_map lifted;        /* atom + 1 -> lift_ite's result for it */
} forget;

/* Does t mention something forgotten? */
static uint64_t has_fresh_step(tm_walk *w, isa_term t, void *ctx) {
  forget *f = ctx;
  tm_ctx *tc = f->tc;
  if (t < f->n && f->fresh[t]) return f->fresh[t] == 2;
  int r = is_fresh_var(tc, t) || (f->in && t == f->in);
  if (!r && tm_kind(tc, t) != TM_VAR) r = any_arg(w, t);
  if (r == 2) return 0;
  if (t < f->n) f->fresh[t] = r ? 2 : 1;
  return r;
}

static bool has_fresh(forget *f, isa_term t) {
  if (t < f->n && f->fresh[t]) return f->fresh[t] == 2;
  return tm_walk_run(f->tc, t, has_fresh_step, f) != 0;
}

/* The first ite of bit-vector sort inside atom t, below its comparisons and
 * arithmetic (not inside a nested boolean), or 0. */
static isa_term find_ite(forget *f, isa_term t, unsigned depth) {
  tm_ctx *tc = f->tc;
  int kind = tm_kind(tc, t);
  if (kind == TM_VAR || kind == TM_CONST || depth > 64 || !has_fresh(f, t)) return 0;
  if (kind == ISA_OP_ITE && tm_sort(tc, t) != TM_BOOL) return t;
  for (unsigned i = 0; i < tm_nargs(tc, t); i++) {
    isa_term a = tm_arg(tc, t, i);
    if (tm_sort(tc, a) == TM_BOOL) continue;
    isa_term r = find_ite(f, a, depth + 1);
    if (r) return r;
  }
  return 0;
}

/* t with every occurrence of subterm x replaced by y (x below no boolean). */
static isa_term replace(forget *f, isa_term t, isa_term x, isa_term y, unsigned depth) {
  tm_ctx *tc = f->tc;
  if (t == x) return y;
  int kind = tm_kind(tc, t);
  if (kind == TM_VAR || kind == TM_CONST || depth > 64) return t;
  unsigned n = tm_nargs(tc, t);
  isa_term a[3] = {0, 0, 0};
  bool same = true;
  for (unsigned i = 0; i < n && i < 3; i++) {
    a[i] = tm_arg(tc, t, i);
    if (tm_sort(tc, a[i]) != TM_BOOL) a[i] = replace(f, a[i], x, y, depth + 1);
    same = same && a[i] == tm_arg(tc, t, i);
  }
  return same || n > 3 ? t : tm_app(tc, (isa_op)kind, a, n, tm_param(tc, t, 0), tm_param(tc, t, 1));
}

/* A comparison with an operand ite(c, a, b) whose condition c is known
 * (mentions nothing forgotten): ite(c, cmp(a, …), cmp(b, …)); else 0.  With
 * input forgotten too, any ite inside the atom is hoisted (a bounded number
 * of times): x(ite(c, a, b)) = ite(c, x(a), x(b)) for every x. */
static isa_term lift_ite(forget *f, isa_term t) {
  tm_ctx *tc = f->tc;
  int kind = tm_kind(tc, t);
  if (kind != ISA_OP_EQ && kind != ISA_OP_ULT && kind != ISA_OP_ULE && kind != ISA_OP_SLT && kind != ISA_OP_SLE)
    return 0;
  for (unsigned i = 0; i < 2; i++) {
    isa_term x = tm_arg(tc, t, i), y = tm_arg(tc, t, 1 - i);
    if (tm_kind(tc, x) != ISA_OP_ITE || has_fresh(f, tm_arg(tc, x, 0))) continue;
    isa_term l[2], r2[2];
    l[i] = tm_arg(tc, x, 1), l[1 - i] = y;
    r2[i] = tm_arg(tc, x, 2), r2[1 - i] = y;
    return tm_ite(tc, tm_arg(tc, x, 0), tm_app(tc, (isa_op)kind, l, 2, 0, 0), tm_app(tc, (isa_op)kind, r2, 2, 0, 0));
  }
  if (!f->in || f->hoists >= 256) return 0;
  isa_term x = find_ite(f, t, 0);
  if (!x) return 0;
  f->hoists++;
  return tm_ite(tc, tm_arg(tc, x, 0), replace(f, t, x, tm_arg(tc, x, 1), 0), replace(f, t, x, tm_arg(tc, x, 2), 0));
}

/* pos: a term that t implies; !pos: one that implies t.  The walk's keys
 * are 2t + pos (¬ flips pos). */
#define WK(t, pos) ((isa_term)(t) << 1 | (isa_term)(pos))

static uint64_t weaken_step(tm_walk *w, isa_term key, void *ctx) {
  forget *f = ctx;
  tm_ctx *tc = f->tc;
  isa_term t = key >> 1;
  int pos = key & 1;
  if (!has_fresh(f, t)) return t;
  if (t < f->n && f->memo[pos][t]) return f->memo[pos][t];
  int kind = tm_kind(tc, t);
  isa_term r;
  uint64_t v1, v2;
  if (kind == ISA_OP_LAND || kind == ISA_OP_LOR || (kind == ISA_OP_ITE && tm_sort(tc, t) == TM_BOOL)) {
    unsigned i0 = kind == ISA_OP_ITE;
    bool ok1 = tm_walk_get(w, WK(tm_arg(tc, t, i0), pos), &v1), ok2 = tm_walk_get(w, WK(tm_arg(tc, t, i0 + 1), pos), &v2);
    if (!ok1 || !ok2) return 0;
    if (kind != ISA_OP_ITE)
      r = tm_app2(tc, (isa_op)kind, (isa_term)v1, (isa_term)v2);
    else if (!has_fresh(f, tm_arg(tc, t, 0)))
      r = tm_ite(tc, tm_arg(tc, t, 0), (isa_term)v1, (isa_term)v2);
    else /* either branch, whatever the condition */
      r = tm_app2(tc, pos ? ISA_OP_LOR : ISA_OP_LAND, (isa_term)v1, (isa_term)v2);
  } else if (kind == ISA_OP_LNOT) {
    if (!tm_walk_get(w, WK(tm_arg(tc, t, 0), !pos), &v1)) return 0;
    r = not_(tc, (isa_term)v1);
  } else {
    /* x(ite(c, a, b)) = ite(c, x(a), x(b)): only the forgotten branch is
     * lost.  Lifted once per atom (f->lifted), as lift_ite counts. */
    uint64_t l;
    if (!ht_get(&f->lifted, (uint64_t)t + 1, &l)) {
      l = lift_ite(f, t);
      ht_put(&f->lifted, (uint64_t)t + 1, l);
    }
    if (l) {
      if (!tm_walk_get(w, WK(l, pos), &v1)) return 0;
      r = (isa_term)v1;
    } else /* an atom about forgotten values */
      r = pos ? tm_true(tc) : tm_false(tc);
  }
  if (t < f->n) f->memo[pos][t] = r;
  return r;
}

static isa_term weaken(forget *f, isa_term t, int pos) {
  if (!has_fresh(f, t)) return t;
  if (t < f->n && f->memo[pos][t]) return f->memo[pos][t];
  return (isa_term)tm_walk_run(f->tc, WK(t, pos), weaken_step, f);
}

/* The conditions of ites in t that mention something forgotten, outermost
 * first (not those inside another such condition), at most max of them;
 * returns how many there are, up to max + 1. */
static size_t collect_conds(forget *f, isa_term root, unsigned char *seen, isa_term *conds, size_t k, size_t max) {
  tm_ctx *tc = f->tc;
  isa_term *st = NULL; /* an explicit stack, first argument on top: a recursive walk's order */
  size_t n = 0, cap = 0;
#define CC_PUSH(x) (st = xa_grow(st, &cap, n + 1, sizeof *st), st[n++] = (x))
  CC_PUSH(root);
  while (n && k <= max) {
    isa_term t = st[--n];
    if (!has_fresh(f, t) || tm_kind(tc, t) == TM_VAR || tm_kind(tc, t) == TM_CONST) continue;
    if (t < f->n) {
      if (seen[t]) continue;
      seen[t] = 1;
    }
    unsigned i0 = 0;
    if (tm_kind(tc, t) == ISA_OP_ITE && has_fresh(f, tm_arg(tc, t, 0))) {
      isa_term c = tm_arg(tc, t, 0);
      size_t j = 0;
      while (j < k && conds[j] != c) j++;
      if (j == k) {
        if (k == max) {
          k = max + 1;
          break;
        }
        conds[k++] = c;
      }
      i0 = 1;
    }
    for (unsigned i = tm_nargs(tc, t); i-- > i0;) CC_PUSH(tm_arg(tc, t, i));
  }
#undef CC_PUSH
  free(st);
  return k;
}

/* t with the terms from[0..k) replaced by to[0..k). */
typedef struct repl {
  const isa_term *from, *to;
  size_t k;
} repl;

static uint64_t replace_step(tm_walk *w, isa_term t, void *ctx) {
  const repl *rp = ctx;
  tm_ctx *tc = tm_walk_ctx(w);
  for (size_t j = 0; j < rp->k; j++)
    if (t == rp->from[j]) return rp->to[j];
  int kind = tm_kind(tc, t);
  if (kind == TM_VAR || kind == TM_CONST) return t;
  isa_term a[3];
  if (!tm_walk_args(w, t, a)) return 0;
  return tm_rebuild(tc, t, a);
}

enum { FORGET_CASES = 4 }; /* conditions split on exactly: 2^4 cases at most */

static isa_term forget_run(tm_ctx *tc, isa_term in, isa_term t) {
  /* the tables cover the terms that exist now; the few the walk makes
   * (hoisted atoms) go without memo */
  forget f = {tc, in, NULL, {NULL, NULL}, tm_count(tc) + 1, 0, {0}};
  f.fresh = calloc(f.n, 1);
  if (!f.fresh) xa_nomem();
  if (!has_fresh(&f, t)) { /* nothing to forget: most ρ, on every refinement */
    free(f.fresh);
    ht_free(&f.lifted);
    return t;
  }
  f.memo[0] = calloc(f.n, sizeof *f.memo[0]);
  f.memo[1] = calloc(f.n, sizeof *f.memo[1]);
  if (!f.memo[0] || !f.memo[1]) xa_nomem();
  isa_term r = 0;
  if (in) {
    /* ∃ unread input: each condition about it is one unknown bit, so
     * ∃ input. t ⇒ ∨ over the bits' values of t with them substituted —
     * exact in the conditions, and both uses of one byte (in[ip] == 0 ? s :
     * s + 2, compared twice) stay together.  Atoms about the input left
     * after that are weakened one by one. */
    isa_term conds[FORGET_CASES + 1];
    unsigned char *seen = calloc(f.n, 1);
    if (!seen) xa_nomem();
    size_t k = collect_conds(&f, t, seen, conds, 0, FORGET_CASES);
    free(seen);
    if (k >= 1 && k <= FORGET_CASES) {
      isa_term to[FORGET_CASES];
      r = tm_false(tc);
      for (unsigned b = 0; b < 1u << k; b++) {
        for (size_t j = 0; j < k; j++) to[j] = (b >> j & 1) ? tm_true(tc) : tm_false(tc);
        repl rp = {conds, to, k};
        isa_term tb = (isa_term)tm_walk_run(tc, t, replace_step, &rp);
        r = tm_app2(tc, ISA_OP_LOR, r, weaken(&f, tb, 1));
      }
    }
  }
  if (!r) r = weaken(&f, t, 1);
  free(f.fresh);
  free(f.memo[0]);
  free(f.memo[1]);
  ht_free(&f.lifted);
  return r;
}

isa_term pre_forget_fresh(tm_ctx *tc, isa_term t) { return forget_run(tc, 0, t); }

isa_term pre_forget_input(const fold_vocab *v, isa_term t) { return forget_run(v->tc, v->in, t); }
