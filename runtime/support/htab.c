/* htab.c — see htab.h. */
#include "htab.h"

#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* every key bit reaches the low bits (keys pack several fields) */
static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ull;
  return x ^ (x >> 33);
}

static size_t slot(const ht_map *h, uint64_t key) {
  size_t k = (size_t)mix(key) & (h->cap - 1);
  while (h->keys[k] && h->keys[k] != key) k = (k + 1) & (h->cap - 1);
  return k;
}

static void grow(ht_map *h) {
  ht_map o = *h;
  h->cap = o.cap ? o.cap * 2 : 64;
  h->keys = calloc(h->cap, sizeof *h->keys);
  h->vals = malloc(h->cap * sizeof *h->vals);
  if (!h->keys || !h->vals) xa_nomem();
  for (size_t i = 0; i < o.cap; i++)
    if (o.keys[i]) {
      size_t k = slot(h, o.keys[i]);
      h->keys[k] = o.keys[i];
      h->vals[k] = o.vals[i];
    }
  free(o.keys);
  free(o.vals);
}

static bool insert(ht_map *h, uint64_t key, uint64_t val, bool overwrite) {
  if (h->cap) {
    size_t k = slot(h, key);
    if (h->keys[k]) {
      if (overwrite) h->vals[k] = val;
      return overwrite;
    }
  }
  if (h->limit && h->n >= h->limit) return false;
  if ((h->n + 1) * 2 > h->cap) grow(h);
  size_t k = slot(h, key);
  h->keys[k] = key;
  h->vals[k] = val;
  h->n++;
  return true;
}

bool ht_put(ht_map *h, uint64_t key, uint64_t val) { return key && insert(h, key, val, true); }

bool ht_add(ht_map *h, uint64_t key, uint64_t val) { return key && insert(h, key, val, false); }

bool ht_get(const ht_map *h, uint64_t key, uint64_t *val) {
  if (!h->cap || !key) return false;
  size_t k = slot(h, key);
  if (!h->keys[k]) return false;
  if (val) *val = h->vals[k];
  return true;
}

void ht_clear(ht_map *h) {
  if (h->cap) memset(h->keys, 0, h->cap * sizeof *h->keys);
  h->n = 0;
}

void ht_free(ht_map *h) {
  free(h->keys);
  free(h->vals);
  h->keys = h->vals = NULL;
  h->cap = h->n = 0;
}
