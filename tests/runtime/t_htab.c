/* t_htab.c — unit tests of runtime/support/htab.c (the ht_ map of nonzero 64-bit
 * keys): random put/add/get/clear against a reference model over keys with
 * the runtime's patterns (pos << 32 | term, high bits only, multiples of
 * large powers of two, random), the limit (ht_put/ht_add say false and
 * leave the map as it was), key 0 refused, growth and clearing keeping
 * every entry (or none), and the zeroed / freed map as an empty one. */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "htab.h"

#include "tcheck.h"

static uint64_t rs = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return rs;
}

/* The key universe: the model is indexed by a key's place in it. */
enum { NU = 6000 };
static uint64_t keys[NU];
static int nkeys;
static void add_key(uint64_t k) { /* once each: the model must not disagree with itself */
  if (!k || nkeys == NU) return;
  for (int i = 0; i < nkeys; i++)
    if (keys[i] == k) return;
  keys[nkeys++] = k;
}
static void make_keys(void) {
  for (uint64_t pos = 0; pos < 40; pos++) /* pos << 32 | term, as dpg packs them */
    for (uint64_t term = 0; term < 50; term++) add_key(pos << 32 | term);
  for (int b = 0; b < 64; b++) add_key((uint64_t)1 << b | (b >= 33 ? 0 : (uint64_t)1 << 63)); /* high bits */
  for (uint64_t i = 1; i <= 300; i++) add_key(i << 20);          /* low bits all zero */
  for (uint64_t i = 1; i <= 300; i++) add_key(i << 44 | 0x1000); /* only the top bits differ */
  add_key(~0ull);
  add_key(1ull << 63);
  while (nkeys < NU) add_key(rnd());
}

typedef struct model {
  bool in[NU];
  uint64_t val[NU];
  size_t n;
} model;

/* Every key of the universe: present in the map with the model's value, or
 * absent.  Returns false (after one message) at the first difference. */
static bool same(const ht_map *h, const model *m, const char *when) {
  if (h->n != m->n) {
    fprintf(stderr, "htab: %s: %zu entries, the model has %zu\n", when, h->n, m->n);
    return false;
  }
  for (int i = 0; i < NU; i++) {
    uint64_t v = 0xdeadbeef;
    bool got = ht_get(h, keys[i], &v);
    if (got != m->in[i] || (got && v != m->val[i])) {
      fprintf(stderr, "htab: %s: key 0x%016" PRIx64 ": map %s 0x%" PRIx64 ", model %s 0x%" PRIx64 "\n", when, keys[i],
              got ? "has" : "lacks", v, m->in[i] ? "has" : "lacks", m->val[i]);
      return false;
    }
  }
  return true;
}

static uint64_t rval(void) {
  switch (rnd() % 4) {
  case 0: return 0; /* 0 is a value like any other */
  case 1: return ~0ull;
  default: return rnd();
  }
}

/* Random operations on a map with the given limit (0: none). */
static long ops_done, full_checks;
static void t_random(size_t limit, int nops, int span) {
  static model m;
  memset(&m, 0, sizeof m);
  ht_map h = {0};
  h.limit = limit;
  long refused = 0;
  bool ok = true;
  for (int op = 0; op < nops && ok; op++) {
    int i = (int)(rnd() % (uint64_t)span); /* a part of the universe: keys come back */
    uint64_t v = rval();
    bool full = limit && m.n >= limit;
    switch (rnd() % 16) {
    case 0: case 1: case 2: case 3: case 4: case 5: { /* put */
      bool r = ht_put(&h, keys[i], v), want = m.in[i] || !full;
      if (r != want) {
        fprintf(stderr, "htab: ht_put(0x%" PRIx64 ") = %d at %zu/%zu entries (present %d)\n", keys[i], r, m.n, limit, m.in[i]);
        ok = false;
      }
      if (want) {
        m.n += !m.in[i];
        m.in[i] = true;
        m.val[i] = v;
      } else {
        refused++;
      }
      break;
    }
    case 6: case 7: case 8: { /* add */
      bool r = ht_add(&h, keys[i], v), want = !m.in[i] && !full;
      if (r != want) {
        fprintf(stderr, "htab: ht_add(0x%" PRIx64 ") = %d at %zu/%zu entries (present %d)\n", keys[i], r, m.n, limit, m.in[i]);
        ok = false;
      }
      if (want) {
        m.in[i] = true;
        m.val[i] = v;
        m.n++;
      } else if (!m.in[i]) {
        refused++;
      }
      break;
    }
    case 9: /* clear, now and then */
      if (rnd() % 64 == 0) {
        size_t cap = h.cap;
        ht_clear(&h);
        CHECK(h.cap == cap && h.limit == limit && h.n == 0);
        memset(&m, 0, sizeof m);
      }
      break;
    default: { /* get, with and without a place for the value */
      uint64_t got = 0x5555;
      bool r = rnd() % 4 ? ht_get(&h, keys[i], &got) : ht_get(&h, keys[i], NULL);
      if (r != m.in[i] || (r && got != 0x5555 && got != m.val[i])) {
        fprintf(stderr, "htab: ht_get(0x%" PRIx64 ") = %d, 0x%" PRIx64 "; model %d, 0x%" PRIx64 "\n", keys[i], r, got,
                m.in[i], m.val[i]);
        ok = false;
      }
      break;
    }
    }
    ops_done++;
    if (ok && h.n != m.n) {
      fprintf(stderr, "htab: after operation %d: %zu entries, model %zu\n", op, h.n, m.n);
      ok = false;
    }
    if (ok && limit) ok = h.n <= limit;
    if (ok && op % 4096 == 4095) {
      ok = same(&h, &m, "random operations");
      full_checks++;
    }
  }
  if (ok) ok = same(&h, &m, "after the random operations");
  CHECK(ok);
  if (limit && span > (int)limit) CHECK(refused > 0); /* the limit was reached */
  ht_free(&h);
}

/* At the limit: a new key is refused by put and add, and the map is as it
 * was; a key already there can still be set by put (it is in the map
 * afterwards), and add leaves it alone. */
static void t_limit(void) {
  for (size_t limit = 1; limit <= 200; limit = limit * 3 + 1) {
    ht_map h = {0};
    h.limit = limit;
    static model m;
    memset(&m, 0, sizeof m);
    for (size_t i = 0; i < limit; i++) {
      CHECK(ht_put(&h, keys[i], i + 7));
      m.in[i] = true, m.val[i] = i + 7, m.n++;
    }
    CHECK(h.n == limit);
    size_t cap = h.cap;
    for (int i = (int)limit; i < (int)limit + 50; i++) {
      CHECK(!ht_put(&h, keys[i], 1));
      CHECK(!ht_add(&h, keys[i], 2));
      CHECK(!ht_get(&h, keys[i], NULL));
    }
    CHECK(h.cap == cap); /* no growth for a refused key */
    CHECK(same(&h, &m, "at the limit"));
    CHECK(ht_put(&h, keys[0], 99)); /* present: overwritten */
    m.val[0] = 99;
    CHECK(!ht_add(&h, keys[limit - 1], 5)); /* present: not added, value kept */
    CHECK(same(&h, &m, "at the limit, after overwriting"));
    /* cleared, the map takes `limit` new keys again, and no more */
    ht_clear(&h);
    CHECK(h.limit == limit && h.n == 0);
    for (size_t i = 0; i < limit; i++) CHECK(ht_add(&h, keys[NU - 1 - i], i));
    CHECK(!ht_add(&h, keys[0], 0) && !ht_put(&h, keys[0], 0));
    CHECK(h.n == limit);
    ht_free(&h);
  }
}

/* Key 0 is not a key: refused, never found, on empty and full maps alike. */
static void t_zero(void) {
  ht_map h = {0};
  uint64_t v = 123;
  CHECK(!ht_put(&h, 0, 1) && !ht_add(&h, 0, 1) && !ht_get(&h, 0, &v) && v == 123 && h.n == 0);
  for (int i = 0; i < 100; i++) CHECK(ht_put(&h, keys[i], (uint64_t)i));
  CHECK(!ht_put(&h, 0, 1) && !ht_add(&h, 0, 1) && !ht_get(&h, 0, &v) && v == 123 && h.n == 100);
  for (int i = 0; i < 100; i++) CHECK(ht_get(&h, keys[i], &v) && v == (uint64_t)i);
  ht_free(&h);
}

/* Growth keeps every entry: one map grown to 200,000 keys, checked after
 * each doubling of its table; then cleared (nothing left, storage kept) and
 * freed (an empty map again, usable). */
static void t_growth(void) {
  enum { N = 200000 };
  uint64_t *k = malloc(sizeof *k * N);
  if (!k) exit(2);
  for (int i = 0; i < N; i++) k[i] = (uint64_t)(i % 97 + 1) << 32 | (uint64_t)(i / 97) << 3; /* distinct */
  ht_map h = {0};
  CHECK(!ht_get(&h, k[0], NULL)); /* zeroed: empty */
  ht_clear(&h);
  size_t cap = 0;
  int doublings = 0;
  for (int i = 0; i < N; i++) {
    CHECK(ht_add(&h, k[i], k[i] ^ 0xabcdef));
    if (h.cap != cap) {
      CHECK(h.cap > cap && h.cap > h.n);
      cap = h.cap;
      doublings++;
      for (int j = 0; j <= i; j++) {
        uint64_t v = 0;
        if (!ht_get(&h, k[j], &v) || v != (k[j] ^ 0xabcdef)) {
          fprintf(stderr, "htab: growth to %zu slots lost key 0x%" PRIx64 "\n", cap, k[j]);
          fails++;
          break;
        }
      }
    }
  }
  CHECK(h.n == N && doublings > 1);
  for (int i = 0; i < N; i++) CHECK(!ht_add(&h, k[i], 0)); /* all there */
  int lost = 0;
  for (int i = 0; i < N; i++) {
    uint64_t v = 0;
    lost += !ht_get(&h, k[i], &v) || v != (k[i] ^ 0xabcdef);
  }
  CHECK(lost == 0);
  cap = h.cap;
  ht_clear(&h);
  CHECK(h.n == 0 && h.cap == cap);
  for (int i = 0; i < N; i += 7) CHECK(!ht_get(&h, k[i], NULL));
  CHECK(ht_put(&h, k[5], 1) && ht_get(&h, k[5], NULL) && h.n == 1);
  ht_free(&h);
  CHECK(h.n == 0 && h.cap == 0 && !ht_get(&h, k[5], NULL));
  CHECK(ht_put(&h, k[5], 2) && h.n == 1); /* a freed map is an empty one */
  ht_free(&h);
  ht_free(&h); /* twice is harmless */
  free(k);
  printf("t_htab: growth: %d keys, %d table sizes, every key kept\n", N, doublings);
}

int main(void) {
  make_keys();
  t_zero();
  t_limit();
  t_growth();
  /* random operations: small and large parts of the universe, with and
   * without limits */
  t_random(0, 150000, 300);
  t_random(0, 300000, NU);
  t_random(100, 100000, 400);
  t_random(1000, 150000, NU);
  t_random(1, 20000, 10);
  printf("t_htab: %ld random operations, %ld full comparisons with the model\n", ops_done, full_checks);
  if (fails) {
    fprintf(stderr, "t_htab: %d checks failed\n", fails);
    return 1;
  }
  printf("t_htab: all checks passed\n");
  return 0;
}
