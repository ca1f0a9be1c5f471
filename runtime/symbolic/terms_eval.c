/* terms_eval.c — evaluation of terms under a concrete environment, with
 * an explicit stack and a stamped memo (tm_eval, tm_eval_more,
 * tm_eval_byte). */
#include "terms_impl.h"

#include <string.h>

/* A stamped memo over node ids: vals[t] is valid when gen[t] == *cur.
 * Starting a new walk is one increment (a clear only when the stamp wraps);
 * the arrays grow (xa_grow) when the table outgrows them.
 * Returns vals, perhaps moved. */
static void *stamp_begin(tm_ctx *c, void *vals, size_t vsize, uint32_t **gen, size_t *cap, uint32_t *cur) {
  if (*cap < c->nn) {
    size_t capvals = *cap; /* vals and gen grow together */
    vals = xa_grow(vals, &capvals, c->nn, vsize);
    *gen = xa_grow(*gen, cap, c->nn, sizeof **gen);
    memset(*gen, 0, sizeof **gen * *cap);
    *cur = 0;
  }
  if (++*cur == 0) {
    memset(*gen, 0, sizeof **gen * *cap);
    *cur = 1;
  }
  return vals;
}

static void memo_reset(tm_ctx *c) {
  c->memo = stamp_begin(c, c->memo, sizeof *c->memo, &c->memo_gen, &c->capmemo, &c->gen);
  if (c->capcur < c->capmemo || c->gen == 1) { /* grown, or the stamps started again */
    c->cur = xa_realloc(c->cur, sizeof *c->cur * c->capmemo);
    c->cur_gen = xa_realloc(c->cur_gen, sizeof *c->cur_gen * c->capmemo);
    memset(c->cur_gen, 0, sizeof *c->cur_gen * c->capmemo);
    c->capcur = c->capmemo;
  }
}

static bool done(const tm_ctx *c, isa_term t) { return c->memo_gen[t] == c->gen; }
static void set(tm_ctx *c, isa_term t, uint64_t v) {
  c->memo[t] = v;
  c->memo_gen[t] = c->gen;
}

static uint64_t ev(tm_ctx *c, isa_term t, const tm_env *env);

/* The byte at addr of an array term (tm_eval_byte; ev scans the same way
 * inside its own loop). */
static uint8_t ev_byte(tm_ctx *c, isa_term mem, uint64_t addr, const tm_env *env) {
  for (;;) {
    const tm_node *x = &c->n[mem];
    if (x->kind == ISA_OP_STORE) {
      if ((ev(c, x->a[1], env) & tm_mask(c->addr_bits)) == addr) return (uint8_t)ev(c, x->a[2], env);
      mem = x->a[0];
    } else if (x->kind == ISA_OP_ITE) {
      mem = ev(c, x->a[0], env) ? x->a[1] : x->a[2];
    } else if (x->kind == TM_VAR) {
      return env->mem ? env->mem(env->ctx, (uint32_t)x->val, addr) : 0;
    } else {
      return 0;
    }
  }
}

static uint64_t ev(tm_ctx *c, isa_term root, const tm_env *env) {
  if (done(c, root)) return c->memo[root];
  tm_stack st = {0};
  tm_stack_push(&st, root);
  while (st.n) {
    isa_term t = st.v[st.n - 1];
    if (done(c, t)) {
      st.n--;
      continue;
    }
    const tm_node *x = &c->n[t];
    if (x->kind == TM_CONST) {
      set(c, t, x->val);
    } else if (x->kind == TM_VAR) {
      set(c, t, env->var ? env->var(env->ctx, (uint32_t)x->val) & (x->sort ? tm_mask(x->sort) : 1) : 0);
    } else if (x->kind == ISA_OP_ITE) { /* only the chosen arm is evaluated */
      if (!done(c, x->a[0])) {
        tm_stack_push(&st, x->a[0]);
        continue;
      }
      isa_term arm = c->memo[x->a[0]] ? x->a[1] : x->a[2];
      if (c->n[arm].sort == TM_ARRAY) {
        set(c, t, 0);
      } else {
        if (!done(c, arm)) {
          tm_stack_push(&st, arm);
          continue;
        }
        set(c, t, c->memo[arm]);
      }
    } else if (x->kind == ISA_OP_LAND || x->kind == ISA_OP_LOR) { /* the second operand only if needed */
      if (!done(c, x->a[0])) {
        tm_stack_push(&st, x->a[0]);
        continue;
      }
      bool a0 = c->memo[x->a[0]] != 0;
      if (a0 == (x->kind == ISA_OP_LOR)) {
        set(c, t, a0);
      } else {
        if (!done(c, x->a[1])) {
          tm_stack_push(&st, x->a[1]);
          continue;
        }
        set(c, t, c->memo[x->a[1]] != 0);
      }
    } else if (x->kind == ISA_OP_SELECT) {
      /* down the stores and ites of the array to the byte: a value it
       * lacks (an address, a condition, the byte stored) is pushed, and
       * the scan resumes where it stopped (cur[t]) once it is known */
      if (!done(c, x->a[1])) {
        tm_stack_push(&st, x->a[1]);
        continue;
      }
      uint64_t addr = c->memo[x->a[1]] & tm_mask(c->addr_bits), v = 0;
      isa_term mem = c->cur_gen[t] == c->gen ? c->cur[t] : x->a[0], need = 0;
      for (;;) {
        const tm_node *y = &c->n[mem];
        if (y->kind == ISA_OP_STORE) {
          if (!done(c, y->a[1])) {
            need = y->a[1];
            break;
          }
          if ((c->memo[y->a[1]] & tm_mask(c->addr_bits)) == addr) {
            if (!done(c, y->a[2])) need = y->a[2];
            else v = c->memo[y->a[2]];
            break;
          }
          mem = y->a[0];
        } else if (y->kind == ISA_OP_ITE) {
          if (!done(c, y->a[0])) {
            need = y->a[0];
            break;
          }
          mem = c->memo[y->a[0]] ? y->a[1] : y->a[2];
        } else {
          v = y->kind == TM_VAR && env->mem ? env->mem(env->ctx, (uint32_t)y->val, addr) : 0;
          break;
        }
      }
      if (need) {
        c->cur[t] = mem;
        c->cur_gen[t] = c->gen;
        tm_stack_push(&st, need);
        continue;
      }
      set(c, t, (uint8_t)v);
    } else if (x->kind == ISA_OP_STORE || x->sort == TM_ARRAY) {
      set(c, t, 0); /* arrays have no scalar value; bytes come from ev_byte */
    } else {
      bool ready = true;
      for (unsigned i = 0; i < x->nargs; i++)
        if (!done(c, x->a[i])) {
          tm_stack_push(&st, x->a[i]);
          ready = false;
        }
      if (!ready) continue;
      uint64_t v[3] = {0, 0, 0};
      for (unsigned i = 0; i < x->nargs; i++) v[i] = c->memo[x->a[i]];
      set(c, t, tm_fold((isa_op)x->kind, v, c->n[x->a[0]].sort, x->p0, x->p1, x->nargs > 1 ? c->n[x->a[1]].sort : 0));
    }
    st.n--;
  }
  free(st.v);
  return c->memo[root];
}

uint64_t tm_eval(tm_ctx *c, isa_term t, const tm_env *env) {
  memo_reset(c);
  return ev(c, t, env);
}

void tm_eval_begin(tm_ctx *c) { memo_reset(c); }

uint64_t tm_eval_more(tm_ctx *c, isa_term t, const tm_env *env) {
  if (c->capmemo < c->nn) memo_reset(c); /* new terms since tm_eval_begin: start over */
  return ev(c, t, env);
}

void tm_eval_assume(tm_ctx *c, isa_term t, uint64_t v) {
  if (c->capmemo < c->nn) memo_reset(c);
  set(c, t, v);
}

bool tm_eval_known(const tm_ctx *c, isa_term t, uint64_t *v) {
  if (t >= c->capmemo || !done(c, t)) return false;
  *v = c->memo[t];
  return true;
}

uint8_t tm_eval_byte(tm_ctx *c, isa_term array, uint64_t addr, const tm_env *env) {
  memo_reset(c);
  return ev_byte(c, array, addr & tm_mask(c->addr_bits), env);
}
