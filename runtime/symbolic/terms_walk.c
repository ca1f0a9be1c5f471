/* terms_walk.c — tm_walk_run, the one traversal every term walk of the
 * runtime uses (an explicit stack, a per-walk memo), and substitution. */
#include "terms_impl.h"

#include <string.h>

typedef struct wmemo wmemo;

struct tm_walk {
  tm_ctx *c;
  tm_walk_fn fn;
  void *ctx;
  wmemo *m;
  bool own_m;   /* m was allocated for this walk (the pool was in use) */
  tm_stack stk; /* terms being computed, the top first */
  tm_stack q;   /* what the current call of fn asked for and lacks */
};

static void wm_grow(wmemo *m, size_t need) {
  if (need <= m->cap) return;
  size_t old = m->cap, capval = m->cap; /* val and gen grow together */
  m->val = xa_grow(m->val, &capval, need, sizeof *m->val);
  m->gen = xa_grow(m->gen, &m->cap, need, sizeof *m->gen);
  memset(m->gen + old, 0, sizeof *m->gen * (m->cap - old));
}

tm_walk *tm_walker_new(tm_ctx *c, tm_walk_fn fn, void *ctx) {
  tm_walk *w = xa_realloc(NULL, sizeof *w);
  *w = (tm_walk){.c = c, .fn = fn, .ctx = ctx};
  for (size_t i = 0; i < sizeof c->wm / sizeof c->wm[0] && !w->m; i++)
    if (!c->wm[i].busy) w->m = &c->wm[i];
  if (!w->m) {
    w->m = xa_realloc(NULL, sizeof *w->m);
    *w->m = (wmemo){0};
    w->own_m = true;
  }
  w->m->busy = true;
  wm_grow(w->m, c->nn);
  if (++w->m->cur == 0) { /* the stamps wrapped: clear them once */
    memset(w->m->gen, 0, sizeof *w->m->gen * w->m->cap);
    w->m->cur = 1;
  }
  return w;
}

void tm_walker_free(tm_walk *w) {
  if (!w) return;
  if (w->own_m) {
    free(w->m->val);
    free(w->m->gen);
    free(w->m);
  } else
    w->m->busy = false;
  free(w->stk.v);
  free(w->q.v);
  free(w);
}

static bool wk_known(const tm_walk *w, isa_term t) { return t < w->m->cap && w->m->gen[t] == w->m->cur; }

bool tm_walk_get(tm_walk *w, isa_term u, uint64_t *value) {
  if (wk_known(w, u)) {
    *value = w->m->val[u];
    return true;
  }
  tm_stack_push(&w->q, u);
  return false;
}

bool tm_walk_peek(const tm_walk *w, isa_term u, uint64_t *value) {
  if (!wk_known(w, u)) return false;
  *value = w->m->val[u];
  return true;
}

tm_ctx *tm_walk_ctx(const tm_walk *w) { return w->c; }

bool tm_walk_args(tm_walk *w, isa_term t, isa_term args[3]) {
  const tm_node *x = &w->c->n[t];
  unsigned n = x->nargs;
  isa_term a[3] = {x->a[0], x->a[1], x->a[2]};
  bool all = true;
  for (unsigned i = 0; i < n; i++) {
    uint64_t v = 0;
    if (!tm_walk_get(w, a[i], &v)) all = false;
    args[i] = (isa_term)v;
  }
  for (unsigned i = n; i < 3; i++) args[i] = 0;
  return all;
}

isa_term tm_rebuild(tm_ctx *c, isa_term t, const isa_term *args) {
  tm_node x = c->n[t]; /* a copy: tm_app may move the node array */
  bool same = true;
  for (unsigned i = 0; i < x.nargs; i++) same = same && args[i] == x.a[i];
  return same ? t : tm_app(c, (isa_op)x.kind, args, x.nargs, x.p0, x.p1);
}

uint64_t tm_walker_run(tm_walk *w, isa_term root) {
  if (wk_known(w, root)) return w->m->val[root];
  w->stk.n = 0;
  tm_stack_push(&w->stk, root);
  while (w->stk.n) {
    isa_term t = w->stk.v[w->stk.n - 1];
    if (wk_known(w, t)) {
      w->stk.n--;
      continue;
    }
    w->q.n = 0;
    uint64_t v = w->fn(w, t, w->ctx);
    if (!w->q.n) {
      wm_grow(w->m, (size_t)t + 1); /* t may be newer than the walk */
      w->m->val[t] = v;
      w->m->gen[t] = w->m->cur;
      w->stk.n--;
    } else /* the first asked on top, computed first */
      for (size_t i = w->q.n; i-- > 0;) tm_stack_push(&w->stk, w->q.v[i]);
  }
  return w->m->val[root];
}

uint64_t tm_walk_run(tm_ctx *c, isa_term root, tm_walk_fn fn, void *ctx) {
  tm_walk *w = tm_walker_new(c, fn, ctx);
  uint64_t r = tm_walker_run(w, root);
  tm_walker_free(w);
  return r;
}

/* ---- substitution ------------------------------------------------------------ */

static uint64_t subst_step(tm_walk *w, isa_term t, void *ctx) {
  const isa_term *map = ctx;
  const tm_node *x = &w->c->n[t];
  if (x->kind == TM_VAR) return map[x->val] ? map[x->val] : t;
  if (x->kind == TM_CONST) return t;
  isa_term a[3];
  if (!tm_walk_args(w, t, a)) return 0;
  return tm_rebuild(w->c, t, a);
}

isa_term tm_subst(tm_ctx *c, isa_term root, const isa_term *map) {
  return (isa_term)tm_walk_run(c, root, subst_step, (void *)map);
}
