/* explore.c — the queue of branches to negate (generational search beside
 * DPG; explore.h). */
#include "explore.h"

#include "xalloc.h"

#include <stdlib.h>

#include "htab.h"

typedef struct cand { uint32_t run; uint32_t pos; uint64_t pc; } cand;
typedef struct cstack { cand *v; size_t n, cap; } cstack;

struct xp {
  ht_map edges;  /* hash(pc, next): edges seen */
  ht_map nsucc;  /* pc + 1 -> distinct successors seen */
  ht_map seen;   /* hash(pc, occurrence, next): candidates offered */
  cstack fresh;  /* at addresses with one successor seen when queued */
  cstack stale;  /* fresh ones whose address got its second successor since:
                    a queue (from stale_head), so they keep fresh's order */
  size_t stale_head;
  cstack rest;
  cstack dull;   /* the candidates of runs that went nowhere their parent had
                    not (newest run on top) */
  struct redges { uint64_t *e; size_t n; } *re; /* per run that may be a parent: its edges, sorted */
  size_t nre;
  size_t nkept; /* edges in re, at most EXPLORE_MAX_KEPT */
  ht_map failed; /* pc + 1: a negation at pc had no input */
  cstack later;  /* fresh ones at such addresses: a queue (from later_head),
                    offered after all others */
  size_t later_head;
};

/* Keys are hashes: a collision can only hide a candidate or an edge from
 * the heuristics, never make a verdict wrong. */
static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0xff51afd7ed558ccdull;
  return h ^ (h >> 33);
}

static uint64_t edge_key(uint64_t pc, uint64_t next) { return mix(mix(1, pc), next) | 1; }

static void push(cstack *s, cand c) {
  s->v = xa_grow(s->v, &s->cap, s->n + 1, sizeof *s->v);
  s->v[s->n++] = c;
}

xp *explore_new(void) {
  xp *x = calloc(1, sizeof *x);
  if (!x) xa_nomem();
  return x;
}

void explore_free(xp *x) {
  if (!x) return;
  ht_free(&x->edges);
  ht_free(&x->nsucc);
  ht_free(&x->seen);
  free(x->fresh.v);
  free(x->stale.v);
  free(x->rest.v);
  free(x->dull.v);
  for (size_t i = 0; i < x->nre; i++) free(x->re[i].e);
  free(x->re);
  free(x->later.v);
  ht_free(&x->failed);
  free(x);
}

unsigned explore_successors(const xp *x, uint64_t pc) {
  uint64_t v = 0;
  ht_get(&x->nsucc, pc + 1, &v);
  return (unsigned)v;
}

static bool add_edge(xp *x, uint64_t pc, uint64_t next) {
  if (!ht_add(&x->edges, edge_key(pc, next), 0)) return false;
  uint64_t v = 0;
  ht_get(&x->nsucc, pc + 1, &v);
  ht_put(&x->nsucc, pc + 1, v + 1);
  return true;
}

bool explore_is_new(const xp *x, const uint64_t *pc, size_t n, uint64_t last_next) {
  for (size_t i = 0; i < n; i++) {
    uint64_t next = i + 1 < n ? pc[i + 1] : last_next;
    if (i + 1 == n && next == UINT64_MAX) break;
    if (!ht_get(&x->edges, edge_key(pc[i], next), NULL)) return true;
  }
  return false;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* How many of run's edges (the keys of mine) run parent did not have (all
 * of them when parent's are not known); keeps run's, sorted, when it may be
 * a parent (it queued candidates) and the memory allows. */
static size_t novel_edges(xp *x, uint32_t run, uint32_t parent, const ht_map *mine, bool keep) {
  uint64_t *e = malloc(sizeof *e * (mine->n ? mine->n : 1));
  if (!e) xa_nomem();
  size_t n = 0;
  for (size_t i = 0; i < mine->cap; i++)
    if (mine->keys[i]) e[n++] = mine->keys[i];
  size_t novel = n;
  if (parent < x->nre && parent != run && x->re[parent].e) {
    const struct redges *p = &x->re[parent];
    novel = 0;
    for (size_t i = 0; i < n; i++)
      if (!bsearch(&e[i], p->e, p->n, sizeof *p->e, cmp_u64)) novel++;
  }
  if (!keep || x->nkept + n > EXPLORE_MAX_KEPT) {
    free(e);
    return novel;
  }
  qsort(e, n, sizeof *e, cmp_u64);
  if (run >= x->nre) {
    size_t cap = x->nre;
    x->re = xa_grow(x->re, &cap, (size_t)run + 1, sizeof *x->re);
    for (size_t i = x->nre; i < cap; i++) x->re[i] = (struct redges){0};
    x->nre = cap;
  }
  free(x->re[run].e);
  x->re[run] = (struct redges){e, n};
  x->nkept += n;
  return novel;
}

size_t explore_add_run(xp *x, uint32_t run, const uint64_t *pc, const uint8_t *branch, size_t n, uint64_t last_next,
                       bool cut) {
  return explore_add_child(x, run, EXPLORE_NO_PARENT, pc, branch, n, last_next, cut);
}

size_t explore_add_child(xp *x, uint32_t run, uint32_t parent, const uint64_t *pc, const uint8_t *branch, size_t n,
                         uint64_t last_next, bool cut) {
  size_t fresh = 0, queued = 0;
  ht_map occ = {0};   /* pc + 1 -> occurrences so far in this run */
  ht_map mine = {0};  /* edges of this run so far */
  uint64_t ctx = 0;   /* their set, hashed (a sum: the order does not count) */
  for (size_t i = 0; i < n; i++) {
    uint64_t next = i + 1 < n ? pc[i + 1] : last_next;
    bool has_next = !(i + 1 == n && next == UINT64_MAX);
    if (has_next) {
      fresh += add_edge(x, pc[i], next);
      if (ht_add(&mine, edge_key(pc[i], next), 0)) ctx += mix(3, edge_key(pc[i], next));
    }
    if (!branch[i] || !has_next || i >= EXPLORE_MAX_POS || queued >= EXPLORE_MAX_PER_RUN) continue;
    uint64_t k = 0;
    ht_get(&occ, pc[i] + 1, &k);
    ht_put(&occ, pc[i] + 1, k + 1);
    if (k >= EXPLORE_MAX_OCC) continue;
    if (!ht_add(&x->seen, mix(mix(mix(mix(2, pc[i]), k), next), ctx) | 1, 0)) continue;
    queued++;
    push(&x->rest, (cand){run, (uint32_t)i, pc[i]});
  }
  ht_free(&occ);
  bool dull = novel_edges(x, run, parent, &mine, queued > 0) == 0 && !fresh;
  ht_free(&mine);
  /* the run's candidates, ordered by class now that its edges count (the
   * rest stack holds them in position order, or reversed for a cut run;
   * fresh ones move over, keeping it, so that the last pushed comes out
   * first) */
  size_t start = x->rest.n - queued, keep = start;
  if (cut) /* earliest position out first (explore.h) */
    for (size_t i = start, j = x->rest.n; i + 1 < j; i++, j--) {
      cand c = x->rest.v[i];
      x->rest.v[i] = x->rest.v[j - 1];
      x->rest.v[j - 1] = c;
    }
  for (size_t i = start; i < x->rest.n; i++) {
    cand c = x->rest.v[i];
    if (dull) push(&x->dull, c);
    else if (explore_successors(x, c.pc) <= 1) push(&x->fresh, c);
    else x->rest.v[keep++] = c;
  }
  x->rest.n = keep;
  return fresh;
}

/* The oldest entry of queue q (read from *head), if any. */
static bool qpop(cstack *q, size_t *head, cand *c) {
  if (*head >= q->n) return false;
  *c = q->v[(*head)++];
  if (*head == q->n) *head = q->n = 0;
  return true;
}

bool explore_next(xp *x, uint32_t *run, size_t *pos) {
  while (x->fresh.n) {
    cand c = x->fresh.v[--x->fresh.n];
    if (explore_successors(x, c.pc) > 1) { /* another run covered the other way since */
      push(&x->stale, c);
      continue;
    }
    if (ht_get(&x->failed, c.pc + 1, NULL)) { /* its address's branch may be infeasible */
      push(&x->later, c);
      continue;
    }
    *run = c.run;
    *pos = c.pos;
    return true;
  }
  cand c;
  bool got = qpop(&x->stale, &x->stale_head, &c);
  if (!got && x->rest.n) {
    c = x->rest.v[--x->rest.n];
    got = true;
  }
  if (!got && x->dull.n) {
    c = x->dull.v[--x->dull.n];
    got = true;
  }
  if (!got && !qpop(&x->later, &x->later_head, &c)) return false;
  *run = c.run;
  *pos = c.pos;
  return true;
}

void explore_failed(xp *x, uint64_t pc) { ht_add(&x->failed, pc + 1, 0); }

void explore_again(xp *x, uint32_t run, size_t pos, uint64_t pc) { push(&x->fresh, (cand){run, (uint32_t)pos, pc}); }

size_t explore_pending(const xp *x) {
  return x->fresh.n + (x->stale.n - x->stale_head) + x->rest.n + x->dull.n + (x->later.n - x->later_head);
}
