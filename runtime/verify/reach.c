/* reach.c — NWPrefix reachability by tabulating same-level paths (§3.3). */
#include "reach.h"

#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

typedef struct vec {
  uint32_t *v;
  size_t n, cap;
} vec;

static void vpush(vec *l, uint32_t x) {
  l->v = xa_grow(l->v, &l->cap, l->n + 1, sizeof *l->v);
  l->v[l->n++] = x;
}

/* A set of state pairs, open addressing. */
typedef struct pset {
  uint64_t *k;
  size_t cap, n;
} pset;

static bool pset_add(pset *s, uint32_t a, uint32_t b) {
  uint64_t key = ((uint64_t)a << 32 | b) + 1;
  if ((s->n + 1) * 2 > s->cap) {
    pset g = {calloc(s->cap ? s->cap * 2 : 256, sizeof(uint64_t)), s->cap ? s->cap * 2 : 256, 0};
    if (!g.k) xa_nomem();
    for (size_t i = 0; i < s->cap; i++)
      if (s->k[i]) {
        uint64_t h = s->k[i] * 0x9e3779b97f4a7c15ull;
        size_t j = (size_t)(h ^ (h >> 29)) & (g.cap - 1);
        while (g.k[j]) j = (j + 1) & (g.cap - 1);
        g.k[j] = s->k[i];
        g.n++;
      }
    free(s->k);
    *s = g;
  }
  uint64_t h = key * 0x9e3779b97f4a7c15ull;
  size_t j = (size_t)(h ^ (h >> 29)) & (s->cap - 1);
  while (s->k[j]) {
    if (s->k[j] == key) return false;
    j = (j + 1) & (s->cap - 1);
  }
  s->k[j] = key;
  s->n++;
  return true;
}


/* A map from a pair of states to a list of states, open addressing. */
typedef struct pmap {
  uint64_t *k; /* key + 1, 0 free */
  uint32_t *slot; /* index into lists */
  size_t cap, n;
  vec *lists;
} pmap;

static size_t pm_slot(const uint64_t *k, size_t cap, uint64_t key) {
  uint64_t h = key * 0x9e3779b97f4a7c15ull;
  size_t j = (size_t)(h ^ (h >> 29)) & (cap - 1);
  while (k[j] && k[j] != key) j = (j + 1) & (cap - 1);
  return j;
}

/* The index of (a, b)'s list, made empty if new (*created). */
static uint32_t pm_index(pmap *m, uint32_t a, uint32_t b, bool *created) {
  uint64_t key = ((uint64_t)a << 32 | b) + 1;
  if ((m->n + 1) * 2 > m->cap) {
    size_t nc = m->cap ? m->cap * 2 : 256;
    uint64_t *k = calloc(nc, sizeof *k);
    uint32_t *sl = malloc(nc * sizeof *sl);
    if (!k || !sl) xa_nomem();
    for (size_t i = 0; i < m->cap; i++)
      if (m->k[i]) {
        size_t j = pm_slot(k, nc, m->k[i]);
        k[j] = m->k[i];
        sl[j] = m->slot[i];
      }
    free(m->k);
    free(m->slot);
    m->k = k, m->slot = sl, m->cap = nc;
    m->lists = realloc(m->lists, nc / 2 * sizeof *m->lists);
    if (!m->lists) xa_nomem();
  }
  size_t j = pm_slot(m->k, m->cap, key);
  *created = !m->k[j];
  if (*created) {
    m->k[j] = key;
    m->slot[j] = (uint32_t)m->n;
    m->lists[m->n++] = (vec){0};
  }
  return m->slot[j];
}

/* The list of (a, b), made empty if new; valid until the next pm_index. */
static vec *pm_list(pmap *m, uint32_t a, uint32_t b) {
  bool created;
  uint32_t i = pm_index(m, a, b, &created); /* before m->lists is read: it may move */
  return &m->lists[i];
}

static void pm_free(pmap *m) {
  for (size_t i = 0; i < m->n; i++) free(m->lists[i].v);
  free(m->k);
  free(m->slot);
  free(m->lists);
}

static const vec *pm_get(const pmap *m, uint32_t a, uint32_t b) {
  if (!m->cap) return NULL;
  size_t j = pm_slot(m->k, m->cap, ((uint64_t)a << 32 | b) + 1);
  return m->k[j] ? &m->lists[m->slot[j]] : NULL;
}

typedef struct tab {
  const nwa *a;
  uint64_t **pe; /* path edges: per entry, a bit per state (made on first use) */
  size_t nstates;
  vec work;      /* pairs */
  pmap callers;  /* (callee entry, call state) → entries of the calling procedures */
  pmap rets;     /* (callee entry, call state) → return targets of the exits reached */
  pset retseen;  /* (index in rets, return target) */
  pset summ;     /* (call state, return target) */
  uint8_t *ret_used; /* per edge: a matched path takes this return */
  vec sumlist;   /* pairs, for the distance passes */
  uint8_t *fwd;
} tab;

static bool pe_has(const tab *t, uint32_t e, uint32_t s) {
  return t->pe[e] && t->pe[e][s / 64] >> (s % 64) & 1;
}

static void propagate(tab *t, uint32_t e, uint32_t s) {
  if (!t->pe[e] && !(t->pe[e] = calloc((t->nstates + 63) / 64, sizeof **t->pe))) xa_nomem();
  uint64_t bit = 1ull << (s % 64);
  if (t->pe[e][s / 64] & bit) return;
  t->pe[e][s / 64] |= bit;
  vpush(&t->work, e);
  vpush(&t->work, s);
}

static void summary(tab *t, uint32_t c, uint32_t r) {
  if (pset_add(&t->summ, c, r)) {
    vpush(&t->sumlist, c);
    vpush(&t->sumlist, r);
  }
}

static void step(tab *t, uint32_t e, uint32_t s) {
  const nwa *a = t->a;
  t->fwd[s] = 1;
  size_t n;
  const uint32_t *o = nwa_out(a, s, &n);
  for (size_t i = 0; i < n; i++) {
    const nwa_edge *ed = nwa_edge_at(a, o[i]);
    if (ed->kind == NWA_INTERNAL) {
      propagate(t, e, ed->to);
    } else if (ed->kind == NWA_CALL) {
      uint32_t en = ed->to;
      /* register the caller entry e for (en, s) once */
      vec *l = pm_list(&t->callers, en, s);
      bool seen = false;
      for (size_t k = 0; k < l->n && !seen; k++) seen = l->v[k] == e;
      if (!seen) vpush(l, e);
      propagate(t, en, en);
      /* exits of en already reached that return to s: the returns whose
       * call predecessor is s, from a state en reaches.  Scanned once per
       * (en, s); exits reached later add theirs at their return (below). */
      bool created;
      uint32_t li = pm_index(&t->rets, en, s, &created);
      if (created) {
        size_t m;
        const uint32_t *rp = nwa_ret_by_pred(a, s, &m);
        for (size_t j = 0; j < m; j++) {
          const nwa_edge *r = nwa_edge_at(a, rp[j]);
          if (r->dead || r->kind != NWA_RETURN || !pe_has(t, en, r->from)) continue;
          t->ret_used[rp[j]] = 1;
          if (pset_add(&t->retseen, li, r->to)) {
            vpush(&t->rets.lists[li], r->to);
            summary(t, s, r->to);
          }
        }
      }
      /* (each return target joined the list with its summary (s, r)) */
      const vec *rl = &t->rets.lists[li];
      for (size_t j = 0; j < rl->n; j++) propagate(t, e, rl->v[j]);
    } else { /* a return out of s, as the exit of procedure e */
      /* only calls already stepped (which proves the call edge c → e is
       * there); a later one is handled at its call */
      uint32_t c = ed->pred;
      const vec *l = pm_get(&t->callers, e, c);
      if (!l || !l->n) continue;
      t->ret_used[o[i]] = 1;
      bool created;
      uint32_t li = pm_index(&t->rets, e, c, &created);
      if (pset_add(&t->retseen, li, ed->to)) {
        vpush(&t->rets.lists[li], ed->to);
        summary(t, c, ed->to);
      }
      for (size_t k = 0; k < l->n; k++) propagate(t, l->v[k], ed->to);
    }
  }
}

/* Breadth-first distances over an adjacency list given as (from, to) pairs. */
static void bfs(size_t n, const vec *pairs, uint32_t *dist) {
  /* counting sort of the pairs by source */
  size_t *first = calloc(n + 1, sizeof *first);
  uint32_t *adj = malloc((pairs->n / 2 + 1) * sizeof *adj);
  vec q = {0};
  if (!first || !adj) xa_nomem();
  for (size_t i = 0; i + 1 < pairs->n; i += 2) first[pairs->v[i] + 1]++;
  for (size_t i = 0; i < n; i++) first[i + 1] += first[i];
  size_t *fill = malloc((n + 1) * sizeof *fill);
  if (!fill) xa_nomem();
  memcpy(fill, first, (n + 1) * sizeof *fill);
  for (size_t i = 0; i + 1 < pairs->n; i += 2) adj[fill[pairs->v[i]]++] = pairs->v[i + 1];
  for (size_t i = 0; i < n; i++)
    if (dist[i] == 0) vpush(&q, (uint32_t)i);
  for (size_t h = 0; h < q.n; h++) {
    uint32_t s = q.v[h];
    for (size_t k = first[s]; k < first[s + 1]; k++)
      if (dist[adj[k]] == REACH_INF) {
        dist[adj[k]] = dist[s] + 1;
        vpush(&q, adj[k]);
      }
  }
  free(first);
  free(fill);
  free(adj);
  free(q.v);
}

void reach_analyze(const nwa *a, reach_result *r) {
  size_t n = nwa_nstates(a);
  memset(r, 0, sizeof *r);
  r->nstates = n;
  r->fwd = calloc(n + 1, 1);
  r->dist = malloc((n + 1) * sizeof *r->dist);
  r->depth = malloc((n + 1) * sizeof *r->depth);
  if (!r->fwd || !r->dist || !r->depth) xa_nomem();
  for (size_t i = 0; i < n; i++) r->dist[i] = r->depth[i] = REACH_INF;
  nwa_state start = nwa_start(a);
  if (start == NWA_NONE || start >= n) return;

  r->nedges = nwa_nedges(a);
  r->ret_used = calloc(r->nedges + 1, 1);
  if (!r->ret_used) xa_nomem();
  tab t = {.a = a, .fwd = r->fwd, .nstates = n, .ret_used = r->ret_used};
  t.pe = calloc(n, sizeof *t.pe);
  if (!t.pe) xa_nomem();
  propagate(&t, start, start);
  for (size_t w = 0; w < t.work.n; w += 2) step(&t, t.work.v[w], t.work.v[w + 1]);
  r->nsummaries = t.summ.n;
  for (size_t i = 0; i < n; i++)
    if (r->fwd[i] && nwa_accepting(a, (nwa_state)i)) r->reachable = true;

  /* forward depth: internal, call and summary edges from reachable states */
  vec fw = {0}, bw = {0};
  for (size_t k = 0; k < nwa_nedges(a); k++) {
    const nwa_edge *e = nwa_edge_at(a, k);
    if (e->dead) continue;
    if (e->kind != NWA_RETURN && r->fwd[e->from]) {
      vpush(&fw, e->from);
      vpush(&fw, e->to);
    }
    /* backward: every live edge reversed (returns without matching) */
    vpush(&bw, e->to);
    vpush(&bw, e->from);
  }
  for (size_t i = 0; i + 1 < t.sumlist.n; i += 2) {
    vpush(&fw, t.sumlist.v[i]);
    vpush(&fw, t.sumlist.v[i + 1]);
    vpush(&bw, t.sumlist.v[i + 1]);
    vpush(&bw, t.sumlist.v[i]);
  }
  r->depth[start] = 0;
  bfs(n, &fw, r->depth);
  for (size_t i = 0; i < n; i++)
    if (nwa_accepting(a, (nwa_state)i)) r->dist[i] = 0;
  bfs(n, &bw, r->dist);

  pm_free(&t.callers);
  pm_free(&t.rets);
  free(t.retseen.k);
  for (size_t i = 0; i < n; i++) free(t.pe[i]);
  free(t.pe);
  free(t.summ.k);
  free(t.work.v);
  free(t.sumlist.v);
  free(fw.v);
  free(bw.v);
}

size_t reach_prune_returns(nwa *a, const reach_result *r) {
  size_t removed = 0;
  if (!r->ret_used) return 0; /* no analysis: no start state */
  for (size_t k = 0; k < r->nedges; k++) {
    const nwa_edge *e = nwa_edge_at(a, k);
    if (e->dead || e->kind != NWA_RETURN || r->ret_used[k]) continue;
    nwa_edge f = *e; /* nwa_remove may move the edge array */
    if (nwa_remove(a, NWA_RETURN, f.from, f.pred, f.letter, f.to)) removed++;
  }
  return removed;
}

void reach_free(reach_result *r) {
  free(r->ret_used);
  free(r->fwd);
  free(r->dist);
  free(r->depth);
  memset(r, 0, sizeof *r);
}

typedef struct cand {
  uint32_t key, edge;
} cand;

static int cand_cmp(const void *x, const void *y) {
  const cand *a = x, *b = y;
  if (a->key != b->key) return a->key < b->key ? -1 : 1;
  return a->edge < b->edge ? -1 : a->edge > b->edge;
}

size_t reach_frontiers(const nwa *a, const reach_result *r, reach_witnessed_fn witnessed, void *ctx, reach_policy policy,
                    uint32_t *out, size_t max) {
  size_t ne = nwa_nedges(a), nc = 0;
  cand *c = malloc((ne + 1) * sizeof *c);
  if (!c) xa_nomem();
  for (size_t k = 0; k < ne; k++) {
    const nwa_edge *e = nwa_edge_at(a, k);
    if (e->dead || e->from >= r->nstates || e->to >= r->nstates) continue; /* states added after reach_analyze */
    if (!r->fwd[e->from] || r->dist[e->to] == REACH_INF) continue;
    if (!witnessed(ctx, e->from, e->kind == NWA_RETURN ? e->pred : NWA_NONE)) continue;
    if (witnessed(ctx, e->to, NWA_NONE)) continue;
    uint32_t key = policy == REACH_CLOSEST_TO_TARGET || policy == REACH_ALTERNATE ? r->dist[e->to]
                   : policy == REACH_CLOSEST_TO_START ? r->depth[e->from]
                                                   : 0;
    c[nc++] = (cand){key, (uint32_t)k};
  }
  qsort(c, nc, sizeof *c, cand_cmp);
  for (size_t i = 0; i < nc && i < max; i++) out[i] = c[i].edge;
  free(c);
  return nc;
}
