/* nwa.c — predicate-labelled nested-word automata: construction, split,
 * intersection (MCVETO report §3.1, Fig. 1, App. A). */
#include "nwa.h"

#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

typedef struct ulist {
  uint32_t *v;
  size_t n, cap;
} ulist;

typedef struct sinfo {
  isa_term pred;
  bool accepting;
  ulist out;     /* edges leaving (internal, call; returns by exit) */
  ulist in;      /* edges arriving */
  ulist by_pred; /* return edges whose call predecessor is this state */
} sinfo;

struct nwa {
  tm_ctx *tc;
  sinfo *st;
  size_t nst, capst;
  nwa_edge *e;
  size_t ne, cape, live;
  nwa_state start;
  /* hash set of live edges, for duplicate checks: open addressing on edge numbers */
  uint32_t *hs;
  size_t hcap, hn;
};

static void ul_push(ulist *l, uint32_t x) {
  l->v = xa_grow(l->v, &l->cap, l->n + 1, sizeof *l->v);
  l->v[l->n++] = x;
}

static void ul_drop(ulist *l, uint32_t x) {
  for (size_t i = 0; i < l->n; i++)
    if (l->v[i] == x) {
      l->v[i] = l->v[--l->n];
      return;
    }
}

nwa *nwa_new(tm_ctx *tc) {
  nwa *a = calloc(1, sizeof *a);
  if (!a) xa_nomem();
  a->tc = tc;
  a->start = NWA_NONE;
  return a;
}

void nwa_free(nwa *a) {
  if (!a) return;
  for (size_t i = 0; i < a->nst; i++) {
    free(a->st[i].out.v);
    free(a->st[i].in.v);
    free(a->st[i].by_pred.v);
  }
  free(a->st);
  free(a->e);
  free(a->hs);
  free(a);
}

nwa_state nwa_add_state(nwa *a, isa_term pred, bool accepting) {
  a->st = xa_grow(a->st, &a->capst, a->nst + 1, sizeof *a->st);
  sinfo *s = &a->st[a->nst];
  memset(s, 0, sizeof *s);
  s->pred = pred;
  s->accepting = accepting;
  if (a->start == NWA_NONE) a->start = (nwa_state)a->nst;
  return (nwa_state)a->nst++;
}

void nwa_set_start(nwa *a, nwa_state s) { a->start = s; }

/* ---- the edge set ---- */

static uint64_t ehash(const nwa_edge *e) {
  uint64_t h = e->kind;
  h = h * 0x100000001b3ull ^ e->from;
  h = h * 0x100000001b3ull ^ e->pred;
  h = h * 0x100000001b3ull ^ e->letter;
  h = h * 0x100000001b3ull ^ e->to;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  return h ^ (h >> 32);
}

static bool esame(const nwa_edge *x, const nwa_edge *y) {
  return x->kind == y->kind && x->from == y->from && x->pred == y->pred && x->letter == y->letter && x->to == y->to;
}

/* The slot of a live edge equal to *e, or of the empty slot where it would go. */
static size_t hfind(const nwa *a, const nwa_edge *e) {
  size_t m = a->hcap - 1, i = (size_t)ehash(e) & m;
  while (a->hs[i] != UINT32_MAX && !esame(&a->e[a->hs[i]], e)) i = (i + 1) & m;
  return i;
}

static void hgrow(nwa *a) {
  size_t cap = a->hcap ? a->hcap * 2 : 64;
  free(a->hs);
  a->hs = xa_malloc(cap * sizeof *a->hs);
  a->hcap = cap;
  for (size_t i = 0; i < cap; i++) a->hs[i] = UINT32_MAX;
  a->hn = 0;
  for (size_t k = 0; k < a->ne; k++)
    if (!a->e[k].dead) {
      a->hs[hfind(a, &a->e[k])] = (uint32_t)k;
      a->hn++;
    }
}

/* Removal from open addressing: re-insert the cluster after the hole. */
static void hremove(nwa *a, size_t slot) {
  size_t m = a->hcap - 1;
  a->hs[slot] = UINT32_MAX;
  a->hn--;
  for (size_t i = (slot + 1) & m; a->hs[i] != UINT32_MAX; i = (i + 1) & m) {
    uint32_t k = a->hs[i];
    a->hs[i] = UINT32_MAX;
    a->hs[hfind(a, &a->e[k])] = k;
  }
}

static void add_edge(nwa *a, nwa_kind kind, nwa_state from, nwa_state pred, nwa_letter l, nwa_state to) {
  nwa_edge e = {from, kind == NWA_RETURN ? pred : NWA_NONE, l, to, (uint8_t)kind, false};
  if ((a->hn + 1) * 2 > a->hcap) hgrow(a);
  size_t slot = hfind(a, &e);
  if (a->hs[slot] != UINT32_MAX) return;
  a->e = xa_grow(a->e, &a->cape, a->ne + 1, sizeof *a->e);
  uint32_t k = (uint32_t)a->ne++;
  a->e[k] = e;
  a->hs[slot] = k;
  a->hn++;
  a->live++;
  ul_push(&a->st[from].out, k);
  ul_push(&a->st[to].in, k);
  if (kind == NWA_RETURN) ul_push(&a->st[pred].by_pred, k);
}

void nwa_add_internal(nwa *a, nwa_state from, nwa_letter l, nwa_state to) {
  add_edge(a, NWA_INTERNAL, from, NWA_NONE, l, to);
}
void nwa_add_call(nwa *a, nwa_state from, nwa_letter l, nwa_state to) { add_edge(a, NWA_CALL, from, NWA_NONE, l, to); }
void nwa_add_return(nwa *a, nwa_state exit, nwa_state callpred, nwa_letter l, nwa_state to) {
  add_edge(a, NWA_RETURN, exit, callpred, l, to);
}

bool nwa_remove(nwa *a, nwa_kind kind, nwa_state from, nwa_state pred, nwa_letter l, nwa_state to) {
  if (!a->hcap) return false;
  nwa_edge e = {from, kind == NWA_RETURN ? pred : NWA_NONE, l, to, (uint8_t)kind, false};
  size_t slot = hfind(a, &e);
  if (a->hs[slot] == UINT32_MAX) return false;
  uint32_t k = a->hs[slot];
  hremove(a, slot);
  a->e[k].dead = true;
  a->live--;
  ul_drop(&a->st[from].out, k);
  ul_drop(&a->st[to].in, k);
  if (kind == NWA_RETURN) ul_drop(&a->st[pred].by_pred, k);
  return true;
}

nwa_state nwa_split(nwa *a, nwa_state n, isa_term rho) {
  tm_ctx *tc = a->tc;
  isa_term p = a->st[n].pred;
  nwa_state n2 = nwa_add_state(a, tm_conj_ground(tc, tm_app2(tc, ISA_OP_LAND, p, rho)), a->st[n].accepting);
  a->st[n].pred = tm_conj_ground(tc, tm_app2(tc, ISA_OP_LAND, p, tm_app1(tc, ISA_OP_LNOT, rho)));
  /* snapshot the edges touching n: new ones are added while we walk */
  ulist touch = {0};
  const ulist *ls[3] = {&a->st[n].out, &a->st[n].in, &a->st[n].by_pred};
  for (int k = 0; k < 3; k++)
    for (size_t i = 0; i < ls[k]->n; i++) ul_push(&touch, ls[k]->v[i]);
  for (size_t i = 0; i < touch.n; i++) {
    nwa_edge e = a->e[touch.v[i]];
    if (e.dead) continue;
    /* every way of replacing some occurrences of n by n2 */
    nwa_state *pos[3] = {&e.from, &e.pred, &e.to};
    unsigned occ = 0;
    for (int k = 0; k < 3; k++)
      if (*pos[k] == n) occ |= 1u << k;
    for (unsigned sub = occ; sub; sub = (sub - 1) & occ) {
      nwa_edge f = e;
      nwa_state *fp[3] = {&f.from, &f.pred, &f.to};
      for (int k = 0; k < 3; k++)
        if (sub & (1u << k)) *fp[k] = n2;
      add_edge(a, (nwa_kind)f.kind, f.from, f.pred, f.letter, f.to);
    }
  }
  free(touch.v);
  return n2;
}

/* ---- intersection ---- */

typedef struct pmap {
  uint64_t *key; /* (a << 32 | b) + 1; 0 = empty */
  uint32_t *val;
  size_t cap, n;
} pmap;

static size_t pslot(const pmap *m, uint64_t key) {
  uint64_t h = key * 0x9e3779b97f4a7c15ull;
  size_t i = (size_t)(h ^ (h >> 31)) & (m->cap - 1);
  while (m->key[i] && m->key[i] != key) i = (i + 1) & (m->cap - 1);
  return i;
}

static uint32_t pget(const pmap *m, nwa_state x, nwa_state y) {
  if (!m->cap) return NWA_NONE;
  size_t i = pslot(m, ((uint64_t)x << 32 | y) + 1);
  return m->key[i] ? m->val[i] : NWA_NONE;
}

static void pput(pmap *m, nwa_state x, nwa_state y, uint32_t v) {
  if ((m->n + 1) * 2 > m->cap) {
    pmap g = {0};
    g.cap = m->cap ? m->cap * 2 : 64;
    g.key = calloc(g.cap, sizeof *g.key);
    g.val = calloc(g.cap, sizeof *g.val);
    if (!g.key || !g.val) xa_nomem();
    for (size_t i = 0; i < m->cap; i++)
      if (m->key[i]) {
        size_t j = pslot(&g, m->key[i]);
        g.key[j] = m->key[i];
        g.val[j] = m->val[i];
        g.n++;
      }
    free(m->key);
    free(m->val);
    *m = g;
  }
  size_t i = pslot(m, ((uint64_t)x << 32 | y) + 1);
  if (!m->key[i]) m->n++;
  m->key[i] = ((uint64_t)x << 32 | y) + 1;
  m->val[i] = v;
}

typedef struct prod {
  const nwa *a, *b;
  nwa *r;
  pmap map;
  ulist origin; /* pairs */
  ulist work;
} prod;

static bool lmatch(nwa_letter x, nwa_letter y, nwa_letter *out) {
  if (x == y || y == NWA_ANY) {
    *out = x;
    return true;
  }
  if (x == NWA_ANY) {
    *out = y;
    return true;
  }
  return false;
}

#define PDEAD (NWA_NONE - 1) /* a pair whose predicates contradict each other */

/* The product state of (x, y), or NWA_NONE when the conjunction of their
 * predicates simplifies to false (at different addresses, say): such a pair
 * holds no state, and building it would multiply the product for nothing. */
static nwa_state pstate(prod *p, nwa_state x, nwa_state y) {
  uint32_t s = pget(&p->map, x, y);
  if (s == PDEAD) return NWA_NONE;
  if (s != NWA_NONE) return s;
  isa_term pr = tm_app2(p->r->tc, ISA_OP_LAND, p->a->st[x].pred, p->b->st[y].pred);
  uint64_t c;
  if ((tm_is_const(p->r->tc, pr, &c) && !c) || tm_conj_contradicts(p->r->tc, p->a->st[x].pred, p->b->st[y].pred)) {
    pput(&p->map, x, y, PDEAD);
    return NWA_NONE;
  }
  pr = tm_conj_ground(p->r->tc, pr);
  if (tm_is_const(p->r->tc, pr, &c) && !c) {
    pput(&p->map, x, y, PDEAD);
    return NWA_NONE;
  }
  s = nwa_add_state(p->r, pr, p->a->st[x].accepting && p->b->st[y].accepting);
  pput(&p->map, x, y, s);
  ul_push(&p->origin, x);
  ul_push(&p->origin, y);
  ul_push(&p->work, s);
  return s;
}

/* Product returns with exit (x, y) and call predecessor (cx, cy), both existing. */
static void pret(prod *p, const nwa_edge *ea, const nwa_edge *eb) {
  nwa_letter l;
  if (!lmatch(ea->letter, eb->letter, &l)) return;
  uint32_t ex = pget(&p->map, ea->from, eb->from), cp = pget(&p->map, ea->pred, eb->pred);
  if (ex == NWA_NONE || cp == NWA_NONE || ex == PDEAD || cp == PDEAD) return;
  nwa_state t = pstate(p, ea->to, eb->to);
  if (t != NWA_NONE) add_edge(p->r, NWA_RETURN, ex, cp, l, t);
}

nwa *nwa_intersect(const nwa *a, const nwa *b, nwa_state **origin) {
  prod p = {a, b, nwa_new(a->tc), {0}, {0}, {0}};
  if (a->start != NWA_NONE && b->start != NWA_NONE) pstate(&p, a->start, b->start);
  for (size_t w = 0; w < p.work.n; w++) {
    nwa_state s = p.work.v[w];
    nwa_state x = p.origin.v[2 * s], y = p.origin.v[2 * s + 1];
    const ulist *ox = &a->st[x].out, *oy = &b->st[y].out;
    for (size_t i = 0; i < ox->n; i++) {
      const nwa_edge *ea = &a->e[ox->v[i]];
      for (size_t j = 0; j < oy->n; j++) {
        const nwa_edge *eb = &b->e[oy->v[j]];
        nwa_letter l;
        if (ea->kind != eb->kind) continue;
        if (ea->kind == NWA_RETURN) {
          pret(&p, ea, eb);
          continue;
        }
        if (!lmatch(ea->letter, eb->letter, &l)) continue;
        nwa_state t = pstate(&p, ea->to, eb->to);
        if (t != NWA_NONE) add_edge(p.r, (nwa_kind)ea->kind, s, NWA_NONE, l, t);
      }
    }
    /* s as a call predecessor: returns whose exits were reached earlier */
    const ulist *px = &a->st[x].by_pred, *py = &b->st[y].by_pred;
    for (size_t i = 0; i < px->n; i++)
      for (size_t j = 0; j < py->n; j++) pret(&p, &a->e[px->v[i]], &b->e[py->v[j]]);
  }
  free(p.map.key);
  free(p.map.val);
  free(p.work.v);
  if (origin) *origin = p.origin.v;
  else free(p.origin.v);
  return p.r;
}

/* ---- queries ---- */

tm_ctx *nwa_terms(const nwa *a) { return a->tc; }
size_t nwa_nstates(const nwa *a) { return a->nst; }
nwa_state nwa_start(const nwa *a) { return a->start; }
isa_term nwa_pred(const nwa *a, nwa_state s) { return a->st[s].pred; }
bool nwa_accepting(const nwa *a, nwa_state s) { return a->st[s].accepting; }
size_t nwa_nedges(const nwa *a) { return a->ne; }
const nwa_edge *nwa_edge_at(const nwa *a, size_t i) { return &a->e[i]; }
size_t nwa_live_edges(const nwa *a) { return a->live; }

const uint32_t *nwa_out(const nwa *a, nwa_state s, size_t *n) {
  *n = a->st[s].out.n;
  return a->st[s].out.v;
}

const uint32_t *nwa_ret_by_pred(const nwa *a, nwa_state s, size_t *n) {
  *n = a->st[s].by_pred.n;
  return a->st[s].by_pred.v;
}

const uint32_t *nwa_in(const nwa *a, nwa_state s, size_t *n) {
  *n = a->st[s].in.n;
  return a->st[s].in.v;
}

void nwa_set_pred(nwa *a, nwa_state s, isa_term pred) { a->st[s].pred = pred; }
