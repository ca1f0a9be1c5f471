/* inv_vec.c — fact vectors (inv_impl.h's fvb): interning into the arena,
 * the known bytes of `mem` and `$A`, the terms over u, and `mem` over the
 * initial layer. */
#include "inv_impl.h"

#include <stdlib.h>

#include "xalloc.h"

/* ---- fact vectors ------------------------------------------------------ */

static uint64_t mix(uint64_t h, uint64_t x) {
  h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

void inv_fvb_init(inv_ctx *c, fvb *b) {
  memset(b, 0, sizeof *b);
  b->known = calloc(c->KW ? c->KW : 1, sizeof *b->known);
  b->sym = calloc(c->KW ? c->KW : 1, sizeof *b->sym);
  b->val = calloc(c->K ? c->K : 1, sizeof *b->val);
  if (!b->known || !b->sym || !b->val) xa_nomem();
}

void inv_fvb_free(fvb *b) {
  free(b->known);
  free(b->sym);
  free(b->val);
  for (int a = 0; a < 4; a++) free(b->ent[a]);
}

/* Does some slot or byte of b name u? */
bool inv_u_used(const inv_ctx *c, const fvb *b) {
  if (b->nent[3]) return true;
  for (unsigned i = 0; i < c->KW; i++)
    if (b->sym[i]) return true;
  return false;
}

void inv_ent_reserve(fvb *b, int a, size_t n) {
  b->ent[a] = xa_grow(b->ent[a], &b->capent[a], n, sizeof *b->ent[a]);
}

/* Load vector id (not ⊥) into b. */
void inv_fvb_load(inv_ctx *c, fvb *b, uint32_t id) {
  const uint64_t *w = fv_words(c, id);
  wcpy(b->known, w, c->KW);
  wcpy(b->sym, w + c->KW, c->KW);
  wcpy(b->val, w + 2 * c->KW, c->K);
  const uint64_t *h = fv_hdr(c, id), *e = h + HDR;
  for (int a = 0; a < 4; a++) {
    size_t nw = a == 3 ? 2 * h[a] : h[a];
    inv_ent_reserve(b, a, nw);
    wcpy(b->ent[a], e, nw);
    b->nent[a] = h[a];
    e += nw;
  }
  b->layer = h[4];
  memcpy(b->udom, h + 5, sizeof b->udom);
}

static bool fv_same(const inv_ctx *c, uint32_t id, const uint64_t *w, size_t len) {
  return c->fv[id].len == len && !memcmp(fv_words(c, id), w, len * sizeof *w);
}

static void rehash_fv(inv_ctx *c) {
  size_t cap = c->hcap ? c->hcap * 2 : 1024;
  uint32_t *h = calloc(cap, sizeof *h);
  if (!h) xa_nomem();
  for (uint32_t id = 1; id < c->nfv; id++) {
    size_t i = c->fv[id].hash & (cap - 1);
    while (h[i]) i = (i + 1) & (cap - 1);
    h[i] = id;
  }
  free(c->hs);
  c->hs = h;
  c->hcap = cap;
}

/* Intern b: unknown slots get value 0 so that equal vectors are equal words. */
uint32_t inv_fvb_intern(inv_ctx *c, fvb *b) {
  for (unsigned s = 0; s < c->K; s++)
    if (!fvb_has(c, b, s) && !fvb_sym(b, s)) b->val[s] = 0;
  if (!inv_u_used(c, b)) memset(b->udom, 0, sizeof b->udom);
  size_t len = 2 * c->KW + c->K + HDR + b->nent[0] + b->nent[1] + b->nent[2] + 2 * b->nent[3];
  c->arena = xa_grow(c->arena, &c->caparena, c->narena + len, sizeof *c->arena);
  uint64_t *w = c->arena + c->narena; /* written in place; kept only if new */
  wcpy(w, b->known, c->KW);
  wcpy(w + c->KW, b->sym, c->KW);
  wcpy(w + 2 * c->KW, b->val, c->K);
  uint64_t *hd = w + 2 * c->KW + c->K, *e = hd + HDR;
  for (int a = 0; a < 4; a++) {
    hd[a] = b->nent[a];
    wcpy(e, b->ent[a], ewords(b, a));
    e += ewords(b, a);
  }
  hd[4] = b->layer;
  memcpy(hd + 5, b->udom, sizeof b->udom);
  uint64_t h = 0x12345;
  for (size_t i = 0; i < len; i++) h = mix(h, w[i]);
  h |= 1;
  if (c->hcap && c->hs) {
    for (size_t i = h & (c->hcap - 1); c->hs[i]; i = (i + 1) & (c->hcap - 1)) {
      uint32_t id = c->hs[i];
      if (c->fv[id].hash == h && fv_same(c, id, w, len)) return id;
    }
  }
  c->fv = xa_grow(c->fv, &c->capfv, c->nfv + 1, sizeof *c->fv);
  uint32_t id = (uint32_t)c->nfv++;
  c->fv[id] = (fvrec){c->narena, len, h};
  c->narena += len;
  if ((c->nfv + 1) * 2 > c->hcap) rehash_fv(c);
  else {
    size_t i = h & (c->hcap - 1);
    while (c->hs[i]) i = (i + 1) & (c->hcap - 1);
    c->hs[i] = id;
  }
  return id;
}

void inv_fvb_clear(inv_ctx *c, fvb *b) {
  memset(b->known, 0, c->KW * sizeof *b->known);
  memset(b->sym, 0, c->KW * sizeof *b->sym);
  b->nent[0] = b->nent[1] = b->nent[2] = b->nent[3] = 0;
  b->layer = false;
  memset(b->udom, 0, sizeof b->udom);
}

/* Entry lookup / update in sorted entries of list a (0 mem, 1 $A, 2 holes in
 * the layer of mem). */
bool inv_ent_find(const fvb *b, int a, uint64_t addr, size_t *pos) {
  size_t lo = 0, hi = b->nent[a];
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if ((b->ent[a][mid] >> 8) < addr) lo = mid + 1;
    else hi = mid;
  }
  *pos = lo;
  return lo < b->nent[a] && (b->ent[a][lo] >> 8) == addr;
}

void inv_ent_forget(fvb *b, int a, uint64_t addr) {
  size_t p;
  if (!inv_ent_find(b, a, addr, &p)) return;
  if (b->nent[a] - p - 1) memmove(b->ent[a] + p, b->ent[a] + p + 1, (b->nent[a] - p - 1) * sizeof *b->ent[a]);
  b->nent[a]--;
}

/* Set the entry; false if there is no room (MAXENT) and it was not set. */
bool inv_ent_set(fvb *b, int a, uint64_t addr, uint8_t byte) {
  size_t p;
  if (inv_ent_find(b, a, addr, &p)) {
    b->ent[a][p] = addr << 8 | byte;
    return true;
  }
  if (b->nent[a] >= MAXENT) return false;
  inv_ent_reserve(b, a, b->nent[a] + 1);
  if (b->nent[a] - p) memmove(b->ent[a] + p + 1, b->ent[a] + p, (b->nent[a] - p) * sizeof *b->ent[a]);
  b->ent[a][p] = addr << 8 | byte;
  b->nent[a]++;
  return true;
}

/* Bytes of `mem` that are terms over u: ent[3], sorted (address, term) pairs. */
bool inv_sb_find(const fvb *b, uint64_t addr, size_t *pos) {
  size_t lo = 0, hi = b->nent[3];
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (b->ent[3][2 * mid] < addr) lo = mid + 1;
    else hi = mid;
  }
  *pos = lo;
  return lo < b->nent[3] && b->ent[3][2 * lo] == addr;
}

static void sb_forget(fvb *b, uint64_t addr) {
  size_t p;
  if (!inv_sb_find(b, addr, &p)) return;
  memmove(b->ent[3] + 2 * p, b->ent[3] + 2 * p + 2, (b->nent[3] - p - 1) * 2 * sizeof *b->ent[3]);
  b->nent[3]--;
}

/* False if there is no room (MAXSYM) and it was not set. */
static bool sb_set(fvb *b, uint64_t addr, isa_term t) {
  size_t p;
  if (inv_sb_find(b, addr, &p)) {
    b->ent[3][2 * p + 1] = t;
    return true;
  }
  if (b->nent[3] >= MAXSYM) return false;
  inv_ent_reserve(b, 3, 2 * (b->nent[3] + 1));
  memmove(b->ent[3] + 2 * p + 2, b->ent[3] + 2 * p, (b->nent[3] - p) * 2 * sizeof *b->ent[3]);
  b->ent[3][2 * p] = addr;
  b->ent[3][2 * p + 1] = t;
  b->nent[3]++;
  return true;
}

/* ---- `mem`: entries over the initial layer ------------------------------ */

/* The layer's byte at addr (c->init_ent, sorted by inv_initial()). */
static bool layer_get(const inv_ctx *c, uint64_t addr, uint8_t *byte) {
  size_t lo = 0, hi = c->ninit_ent;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if ((c->init_ent[mid] >> 8) < addr) lo = mid + 1;
    else hi = mid;
  }
  if (lo == c->ninit_ent || (c->init_ent[lo] >> 8) != addr) return false;
  *byte = (uint8_t)c->init_ent[lo];
  return true;
}

/* The byte of `mem` at addr that b knows, from an entry or the layer. */
bool inv_mem_get(const inv_ctx *c, const fvb *b, uint64_t addr, uint8_t *byte) {
  size_t p;
  if (inv_ent_find(b, 0, addr, &p)) {
    *byte = (uint8_t)b->ent[0][p];
    return true;
  }
  return b->layer && !inv_ent_find(b, 2, addr, &p) && layer_get(c, addr, byte);
}

void inv_mem_forget_all(fvb *b) {
  b->nent[0] = b->nent[2] = b->nent[3] = 0;
  b->layer = false;
}

/* The layer no longer holds at addr (a byte of it with no entry).  Should
 * the holes be full, the layer goes: knowing less is always sound. */
static void mem_hole(fvb *b, uint64_t addr) {
  if (!inv_ent_set(b, 2, addr, 0)) {
    b->layer = false;
    b->nent[2] = 0;
  }
}

void inv_mem_forget(const inv_ctx *c, fvb *b, uint64_t addr) {
  uint8_t lb;
  inv_ent_forget(b, 0, addr);
  sb_forget(b, addr);
  if (b->layer && layer_get(c, addr, &lb)) mem_hole(b, addr);
}

/* The byte at addr is term t over u. */
void inv_mem_set_sym(const inv_ctx *c, fvb *b, uint64_t addr, isa_term t) {
  inv_mem_forget(c, b, addr);
  sb_set(b, addr, t); /* no room: unknown, as inv_mem_forget left it */
}

void inv_mem_set(const inv_ctx *c, fvb *b, uint64_t addr, uint8_t v) {
  uint8_t lb;
  sb_forget(b, addr);
  bool inl = b->layer && layer_get(c, addr, &lb);
  if (inl) {
    inv_ent_forget(b, 2, addr);
    if (v == lb) { /* the layer says it */
      inv_ent_forget(b, 0, addr);
      return;
    }
  }
  if (!inv_ent_set(b, 0, addr, v)) { /* no room: not known, and not the layer's byte either */
    inv_ent_forget(b, 0, addr);
    if (inl) mem_hole(b, addr);
  }
}

/* dst's `mem` := src's. */
void inv_mem_copy(fvb *dst, const fvb *src) {
  for (int a = 0; a < 4; a++) {
    if (a == 1) continue;
    inv_ent_reserve(dst, a, ewords(src, a));
    wcpy(dst->ent[a], src->ent[a], ewords(src, a));
    dst->nent[a] = src->nent[a];
  }
  dst->layer = src->layer;
}

/* x's terms of `mem` := the pairs present and equal in x's and y's. */
void inv_sb_intersect(fvb *x, const fvb *y) {
  size_t i = 0, j = 0, k = 0;
  const uint64_t *u = x->ent[3], *w = y->ent[3];
  while (i < x->nent[3] && j < y->nent[3]) {
    if (u[2 * i] < w[2 * j]) i++;
    else if (w[2 * j] < u[2 * i]) j++;
    else {
      if (u[2 * i + 1] == w[2 * j + 1]) x->ent[3][2 * k] = u[2 * i], x->ent[3][2 * k + 1] = u[2 * i + 1], k++;
      i++, j++;
    }
  }
  x->nent[3] = k;
}

/* x's list a := the entries present and equal in x's and y's (in place). */
void inv_ent_intersect(fvb *x, const fvb *y, int a) {
  size_t i = 0, j = 0, k = 0;
  while (i < x->nent[a] && j < y->nent[a]) {
    uint64_t u = x->ent[a][i], w = y->ent[a][j];
    if (u == w) x->ent[a][k++] = u, i++, j++;
    else if ((u >> 8) < (w >> 8)) i++;
    else if ((w >> 8) < (u >> 8)) j++;
    else i++, j++;
  }
  x->nent[a] = k;
}

/* x := the join of x's and y's `mem` (a byte is known where both know it,
 * the same), in canonical form. */
void inv_mem_join(const inv_ctx *c, fvb *x, const fvb *y) {
  if (!x->layer && !y->layer) { /* the usual case: entries alone */
    inv_ent_intersect(x, y, 0);
    return;
  }
  bool layer = x->layer && y->layer;
  size_t cap = x->nent[0] + y->nent[0] + x->nent[2] + y->nent[2] + 1;
  uint64_t *ent = xa_realloc(NULL, cap * sizeof *ent), *hole = xa_realloc(NULL, cap * sizeof *hole);
  size_t ne = 0, nh = 0;
  /* every address either lists, in order */
  const uint64_t *l[4] = {x->ent[0], y->ent[0], x->ent[2], y->ent[2]};
  size_t n[4] = {x->nent[0], y->nent[0], layer ? x->nent[2] : 0, layer ? y->nent[2] : 0}, i[4] = {0, 0, 0, 0};
  for (;;) {
    uint64_t addr = UINT64_MAX;
    for (int k = 0; k < 4; k++)
      if (i[k] < n[k] && (l[k][i[k]] >> 8) < addr) addr = l[k][i[k]] >> 8;
    if (addr == UINT64_MAX) break;
    for (int k = 0; k < 4; k++)
      if (i[k] < n[k] && (l[k][i[k]] >> 8) == addr) i[k]++;
    uint8_t vx, vy, lb;
    bool kx = inv_mem_get(c, x, addr, &vx), ky = inv_mem_get(c, y, addr, &vy);
    bool inl = layer && layer_get(c, addr, &lb);
    if (kx && ky && vx == vy) {
      if (!(inl && vx == lb)) ent[ne++] = addr << 8 | vx;
    } else if (inl)
      hole[nh++] = addr << 8;
  }
  if (nh > MAXENT) layer = false, nh = 0;
  inv_ent_reserve(x, 0, ne);
  wcpy(x->ent[0], ent, ne);
  x->nent[0] = ne;
  inv_ent_reserve(x, 2, nh);
  wcpy(x->ent[2], hole, nh);
  x->nent[2] = layer ? nh : 0;
  x->layer = layer;
  free(ent);
  free(hole);
}
