/* htab.h — a map from nonzero 64-bit keys to 64-bit values (open
 * addressing, linear probing), for the runtime's sets and memo tables.
 *
 * Promises: ht_put/ht_get are amortised O(1); a map never holds more than
 * its limit (0: no limit) of entries, and ht_put says so by returning false
 * instead of growing past it, so a memo table cannot eat the machine.
 * Ownership: the map owns its arrays; ht_free releases them.  A zeroed
 * ht_map is an empty map with no limit. */
#ifndef MCVETO_HTAB_H
#define MCVETO_HTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ht_map {
  uint64_t *keys; /* 0: empty slot */
  uint64_t *vals;
  size_t cap, n;
  size_t limit;   /* most entries kept; 0: no limit */
} ht_map;

/* Sets key (nonzero) to val.  True if key is in the map afterwards; false
 * if the map is at its limit (the map is unchanged). */
bool ht_put(ht_map *h, uint64_t key, uint64_t val);
/* Adds key with val unless it is there: true if it was added. */
bool ht_add(ht_map *h, uint64_t key, uint64_t val);
/* The value of key in *val (if val is not NULL): false if key is absent. */
bool ht_get(const ht_map *h, uint64_t key, uint64_t *val);
/* Empties the map, keeping its storage and limit. */
void ht_clear(ht_map *h);
void ht_free(ht_map *h);

#endif
