/* feas.c — cheap infeasibility of abstract transitions; see feas.h. */
#include "feas.h"

#include "xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "htab.h"
#include "pre.h"

#define MAX_ATOMS 256

typedef struct memo_ent {
  isa_term fn, fm;
  nwa_letter l;
  uint8_t kind, used, verdict;
} memo_ent;

struct feas_cache {
  const fold_vocab *v;
  const fold_letters *L;
  ht_map facts;  /* predicate + 1 -> its facts + 1 */
  ht_map stackf; /* predicate + 1 -> its facts over $D and $A + 1 */
  ht_map post;   /* (letter, kind) key -> index into pp + 1 */
  pre_post *pp;
  bool *pp_ok;
  size_t npp, cappp;
  memo_ent *m;   /* open addressing */
  size_t mcap, mn;
  feas_ra_fn ra;   /* return address of a call state (feas_set_return_sites) */
  const void *ra_ctx;
};

void feas_set_return_sites(feas_cache *c, feas_ra_fn ra, const void *ctx) {
  c->ra = ra;
  c->ra_ctx = ctx;
}

/* Do the facts fm say ¬V and PC = a for some a other than ra? */
static bool lands_elsewhere(const feas_cache *c, isa_term fm, uint64_t ra) {
  tm_ctx *tc = c->v->tc;
  isa_term st[MAX_ATOMS];
  size_t n = 0;
  bool notv = false, other = false;
  st[n++] = fm;
  while (n) {
    isa_term y = st[--n];
    if (tm_kind(tc, y) == ISA_OP_LAND) {
      if (n + 2 > MAX_ATOMS) continue;
      st[n++] = tm_arg(tc, y, 0);
      st[n++] = tm_arg(tc, y, 1);
      continue;
    }
    uint64_t a;
    if (tm_kind(tc, y) == ISA_OP_LNOT && tm_arg(tc, y, 0) == c->v->V) notv = true;
    else if (tm_kind(tc, y) == ISA_OP_EQ && tm_arg(tc, y, 0) == c->v->pc && tm_is_const(tc, tm_arg(tc, y, 1), &a) &&
             a != ra)
      other = true;
  }
  return notv && other;
}

feas_cache *feas_new(const fold_vocab *v, const fold_letters *L) {
  feas_cache *c = calloc(1, sizeof *c);
  if (!c) xa_nomem();
  c->v = v;
  c->L = L;
  return c;
}

void feas_free(feas_cache *c) {
  if (!c) return;
  for (size_t i = 0; i < c->npp; i++)
    if (c->pp_ok[i]) pre_post_free(&c->pp[i]);
  free(c->pp);
  free(c->pp_ok);
  free(c->m);
  ht_free(&c->facts);
  ht_free(&c->stackf);
  ht_free(&c->post);
  free(c);
}

/* Does t mention only the auxiliary-stack variables (and constants)? */
static bool stack_only(const feas_cache *c, isa_term t, unsigned budget, unsigned *used) {
  tm_ctx *tc = c->v->tc;
  if (++*used > budget) return false;
  int k = tm_kind(tc, t);
  if (k == TM_CONST) return true;
  if (k == TM_VAR) return t == c->v->D || t == c->v->A;
  for (unsigned i = 0; i < tm_nargs(tc, t); i++)
    if (!stack_only(c, tm_arg(tc, t, i), budget, used)) return false;
  return true;
}

/* A fact: t == k, a bool variable, or the negation of either; also the
 * negation of a conjunction of facts (what a split on a candidate leaves in
 * the other half, ¬φ), which Pre and grounding can fold to false. */
static bool is_fact(tm_ctx *tc, isa_term x, int depth) {
  int k = tm_kind(tc, x);
  if (k == TM_VAR) return tm_sort(tc, x) == 0;
  if (k == ISA_OP_LNOT) {
    isa_term y = tm_arg(tc, x, 0);
    if (tm_kind(tc, y) != ISA_OP_LAND) return depth == 0 && is_fact(tc, y, 1);
    if (depth) return false;
    isa_term st[64];
    size_t n = 0;
    st[n++] = y;
    while (n) {
      isa_term z = st[--n];
      if (tm_kind(tc, z) == ISA_OP_LAND) {
        if (n + 2 > 64) return false;
        st[n++] = tm_arg(tc, z, 0);
        st[n++] = tm_arg(tc, z, 1);
      } else if (!is_fact(tc, z, 1))
        return false;
    }
    return true;
  }
  if (k != ISA_OP_EQ) return false;
  return tm_kind(tc, tm_arg(tc, x, 0)) == TM_CONST || tm_kind(tc, tm_arg(tc, x, 1)) == TM_CONST;
}

/* The facts of a predicate (stack: only those over $D and $A); true if none. */
static isa_term facts_of(feas_cache *c, isa_term p, bool stack) {
  ht_map *h = stack ? &c->stackf : &c->facts;
  uint64_t got;
  if (ht_get(h, (uint64_t)p + 1, &got)) return (isa_term)(got - 1);
  tm_ctx *tc = c->v->tc;
  isa_term st[MAX_ATOMS], r = 0;
  size_t n = 0;
  st[n++] = p;
  for (unsigned steps = 0; n && steps < 4 * MAX_ATOMS; steps++) {
    isa_term y = st[--n];
    if (tm_kind(tc, y) == ISA_OP_LAND) {
      if (n + 2 > MAX_ATOMS) continue; /* dropping a conjunct only weakens the facts */
      st[n++] = tm_arg(tc, y, 0);
      st[n++] = tm_arg(tc, y, 1);
      continue;
    }
    if (!is_fact(tc, y, 0)) continue;
    unsigned used = 0;
    if (stack && !stack_only(c, y, 64, &used)) continue;
    r = r ? tm_app2(tc, ISA_OP_LAND, r, y) : y;
  }
  if (!r) r = tm_true(tc);
  ht_put(h, (uint64_t)p + 1, (uint64_t)r + 1);
  return r;
}

/* The post-state of (letter, kind), computed once; NULL if it does not decode. */
static const pre_post *post_of(feas_cache *c, nwa_letter l, unsigned kind) {
  uint64_t key = ((uint64_t)l << 2 | kind) + 1, got;
  if (ht_get(&c->post, key, &got)) return c->pp_ok[got - 1] ? &c->pp[got - 1] : NULL;
  size_t capok = c->cappp; /* pp and pp_ok grow together */
  c->pp_ok = xa_grow(c->pp_ok, &capok, c->npp + 1, sizeof *c->pp_ok);
  c->pp = xa_grow(c->pp, &c->cappp, c->npp + 1, sizeof *c->pp);
  size_t i = c->npp++;
  const fold_letter *fl = fold_letter_get(c->L, l); /* NULL: not an instruction (the boot edge) */
  c->pp_ok[i] = fl && pre_post_of(c->v, fl, (nwa_kind)kind, &c->pp[i]) == 0;
  ht_put(&c->post, key, i + 1);
  return c->pp_ok[i] ? &c->pp[i] : NULL;
}

static size_t memo_slot(const feas_cache *c, isa_term fn, nwa_letter l, unsigned kind, isa_term fm) {
  uint64_t h = ((uint64_t)fn * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)fm * 0xC2B2AE3D27D4EB4Full) ^ ((uint64_t)l << 2 | kind);
  h ^= h >> 31;
  size_t mask = c->mcap - 1, i = (size_t)h & mask;
  while (c->m[i].used && !(c->m[i].fn == fn && c->m[i].fm == fm && c->m[i].l == l && c->m[i].kind == kind))
    i = (i + 1) & mask;
  return i;
}

static void memo_grow(feas_cache *c) {
  memo_ent *old = c->m;
  size_t ocap = c->mcap;
  c->mcap = ocap ? 2 * ocap : 1024;
  c->m = calloc(c->mcap, sizeof *c->m);
  if (!c->m) xa_nomem();
  for (size_t i = 0; i < ocap; i++)
    if (old[i].used) c->m[memo_slot(c, old[i].fn, old[i].l, old[i].kind, old[i].fm)] = old[i];
  free(old);
}

/* facts(n) ∧ Pre(I, fm) is false by simplification. */
static bool step_false(feas_cache *c, isa_term fn, nwa_letter l, unsigned kind, isa_term fm) {
  if ((c->mn + 1) * 2 > c->mcap) memo_grow(c);
  size_t i = memo_slot(c, fn, l, kind, fm);
  if (c->m[i].used) return c->m[i].verdict;
  bool no = false;
  const pre_post *pp = post_of(c, l, kind);
  if (pp) {
    tm_ctx *tc = c->v->tc;
    isa_term pm = pre_exact(c->v, pp, fm);
    isa_term r = tm_conj_ground(tc, tm_app2(tc, ISA_OP_LAND, fn, pm));
    uint64_t cv;
    no = (tm_is_const(tc, r, &cv) && !cv) || tm_conj_contradicts(tc, fn, r);
  }
  c->m[i] = (memo_ent){fn, fm, l, (uint8_t)kind, 1, no};
  c->mn++;
  return no;
}

bool feas_infeasible(feas_cache *c, const nwa *a, size_t k) {
  const nwa_edge *e = nwa_edge_at(a, k);
  if (e->dead) return false;
  tm_ctx *tc = c->v->tc;
  isa_term fm = facts_of(c, nwa_pred(a, e->to), false);
  if (tm_is_const(tc, fm, NULL)) return false; /* nothing to contradict */
  uint64_t ra;
  if (e->kind == NWA_RETURN && c->ra && c->ra(c->ra_ctx, e->pred, &ra) && lands_elsewhere(c, fm, ra)) return true;
  if (e->letter == NWA_ANY) return false;
  if (e->kind == NWA_RETURN) {
    isa_term fp = facts_of(c, nwa_pred(a, e->pred), true);
    if (!tm_is_const(tc, fp, NULL) && tm_conj_contradicts(tc, fp, fm)) return true;
  }
  isa_term fn = facts_of(c, nwa_pred(a, e->from), false);
  return step_false(c, fn, e->letter, e->kind, fm);
}

size_t feas_prune(feas_cache *c, nwa *a, size_t first) {
  size_t gone = 0;
  for (size_t k = first; k < nwa_nedges(a); k++) {
    if (!feas_infeasible(c, a, k)) continue;
    const nwa_edge e = *nwa_edge_at(a, k);
    if (nwa_remove(a, (nwa_kind)e.kind, e.from, e.pred, e.letter, e.to)) gone++;
  }
  return gone;
}
