/* sparse_mem.h — a sparse byte-addressed memory for driving generated
 * emulators (isa_load_fn / isa_store_fn, runtime/machine/isa.h) in tests and demos.
 *
 * Bytes live in 4 KiB pages created on first store; a byte never stored reads
 * as fill(seed, addr) (0 when the seed is 0).  Whether an address is mapped is
 * decided by a list of regions, the latest one containing the address wins,
 * and by a default for addresses in no region.  Accesses that touch an
 * unmapped byte fail as a whole with SMEM_FAULT_UNMAPPED and change nothing.
 *
 * Every store through smem_store is logged with the bytes it overwrote, so a
 * caller can recover the memory as it was before a step (smem_pre) and the set
 * of addresses a step wrote (smem_log_*).  Addresses wrap at addr_bits.
 */
#ifndef SPARSE_MEM_H
#define SPARSE_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SMEM_FAULT_UNMAPPED 1

typedef struct smem smem;

smem *smem_new(unsigned addr_bits, uint64_t fill_seed);
void smem_free(smem *m);

/* Drops all pages, regions and the log; the fill seed becomes seed. */
void smem_reset(smem *m, uint64_t fill_seed);

/* Mapping: default for addresses in no region, and regions [lo, hi). */
void smem_set_default(smem *m, bool mapped);
void smem_map(smem *m, uint64_t lo, uint64_t hi, bool mapped);
bool smem_mapped(const smem *m, uint64_t addr);

/* Current byte / set a byte, ignoring the mapping and the log. */
uint8_t smem_peek(const smem *m, uint64_t addr);
void smem_poke(smem *m, uint64_t addr, uint8_t v);

/* isa_load_fn / isa_store_fn; the void * is the smem. */
int smem_load(void *mem, uint64_t addr, unsigned n, uint8_t *out);
int smem_store(void *mem, uint64_t addr, unsigned n, const uint8_t *in);

/* Store log (since the last smem_log_clear). */
void smem_log_clear(smem *m);
size_t smem_log_count(const smem *m);
uint64_t smem_log_addr(const smem *m, size_t i);
/* The byte at addr before the logged stores. */
uint8_t smem_pre(const smem *m, uint64_t addr);

/* Counters of load/store calls (for the tests of the tests). */
size_t smem_loads(const smem *m);
size_t smem_stores(const smem *m);

#endif
