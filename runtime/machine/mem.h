/* mem.h — sparse paged byte memory with permissions and fault reporting.
 *
 * What it promises:
 *  - An address space of addr_bits (1..64) bits.  Addresses are values modulo
 *    2^addr_bits, as in the symbolic memory (an array BV(addr_bits) -> BV8):
 *    an access that runs past the top address continues at 0.
 *  - Mappings are made of whole 4 KiB pages (MEM_PAGE_SIZE); every page has
 *    permissions MEM_R | MEM_W | MEM_X and a kind saying where its initial
 *    bytes come from: MEM_IMAGE (defined by the loader, zero until poked),
 *    MEM_ZERO (defined, zero: bss, heap) or MEM_INPUT (undefined: each byte is
 *    a program input, see "Undefined bytes").  Pages are materialized on
 *    first touch, so mapping a huge range costs nothing until it is used.
 *  - Accesses either succeed completely or fault and change nothing; a fault
 *    names its kind and the first byte (in address order) that faulted.
 *  - Undefined bytes: the first read of a MEM_INPUT byte that was never
 *    written asks the caller's callback for its value (without a callback it
 *    is 0), and the byte keeps that value: each input byte is fixed once per
 *    run.  A write defines the bytes it writes.
 *  - Generations: one counter stamps every change of a page's bytes or
 *    permissions (writes, pokes, map, unmap, protect), so a decode cache can
 *    tell exactly whether bytes it decoded may have changed (self-modifying
 *    code).  See mem_page_gen / mem_exec_gen.
 *
 * Ownership: a mem_space owns its pages and region list.  The undefined-byte
 * callback's ctx is borrowed (the caller keeps it alive while the space can
 * read undefined bytes); clones share it.  Pointers returned by mem_regions
 * stay valid until the next map, unmap or protect.  Not thread-safe.
 *
 * Nothing here knows an instruction set; mem_isa_load / mem_isa_store adapt
 * a mem_space to the isa_load_fn / isa_store_fn seam of isa.h.
 */
#ifndef MCVETO_MEM_H
#define MCVETO_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa.h"

#define MEM_PAGE_BITS 12
#define MEM_PAGE_SIZE ((uint64_t)1 << MEM_PAGE_BITS)

/* Permissions (a bit set). */
enum { MEM_R = 1, MEM_W = 2, MEM_X = 4 };

typedef enum mem_kind {
  MEM_IMAGE = 0, /* defined by the loader (zero until poked) */
  MEM_ZERO = 1,  /* defined, zero */
  MEM_INPUT = 2  /* undefined: program input */
} mem_kind;

/* Fault kinds of mem_read / mem_write / mem_fetch / mem_poke (never 0, so
 * they can be returned through isa_load_fn / isa_store_fn). */
typedef enum mem_fault {
  MEM_OK = 0,
  MEM_FAULT_UNMAPPED = 1, /* no mapping at the address */
  MEM_FAULT_PERM = 2,     /* mapped, but the access is not permitted */
  MEM_FAULT_NOMEM = 3     /* out of host memory, or the page limit is reached */
} mem_fault;

/* Errors of mem_map / mem_unmap / mem_protect / mem_new. */
typedef enum mem_err {
  MEM_ERR_NONE = 0,
  MEM_ERR_RANGE = 1,    /* empty, outside the address space, or wraps */
  MEM_ERR_OVERLAP = 2,  /* mem_map: some page is already mapped */
  MEM_ERR_UNMAPPED = 3, /* mem_protect: some page is not mapped */
  MEM_ERR_NOMEM = 4,
  MEM_ERR_ARG = 5       /* bad permissions, kind or addr_bits */
} mem_err;

/* A maximal run of pages with the same permissions and kind, as mapped.
 * last is the last byte (inclusive), so a region can end at the top of a
 * 64-bit space. */
typedef struct mem_region {
  uint64_t lo, last;
  unsigned perms;
  mem_kind kind;
} mem_region;

/* Value of the undefined byte at addr (called at most once per byte). It
 * must not call back into the mem_space. */
typedef uint8_t (*mem_undef_fn)(void *ctx, uint64_t addr);

typedef struct mem_space mem_space;

/* ---- life cycle ---------------------------------------------------------- */

/* A new empty space; NULL if addr_bits is not 1..64 or memory runs out. */
mem_space *mem_new(unsigned addr_bits);
void mem_free(mem_space *m); /* NULL is fine */
/* A deep copy (pages, regions, callback, limit, counters); NULL on OOM. */
mem_space *mem_clone(const mem_space *m);

unsigned mem_addr_bits(const mem_space *m);
/* The largest address, 2^addr_bits - 1. */
uint64_t mem_max_addr(const mem_space *m);

/* The callback for undefined bytes (NULL: they read as 0). */
void mem_set_undef(mem_space *m, mem_undef_fn fn, void *ctx);

/* Cap the number of materialized pages (0 = no cap); an access that needs a
 * new page beyond the cap faults with MEM_FAULT_NOMEM. */
void mem_set_page_limit(mem_space *m, size_t max_pages);
size_t mem_page_count(const mem_space *m); /* materialized pages */

/* ---- mappings ------------------------------------------------------------ */

/* Map every page that [lo, lo+size) touches; fails (changing nothing) if any
 * of them is mapped already, if size is 0, or if the range leaves the space.
 * perms: a subset of MEM_R|MEM_W|MEM_X (0 is allowed: present, inaccessible).*/
mem_err mem_map(mem_space *m, uint64_t lo, uint64_t size, unsigned perms, mem_kind kind);
/* Unmap every page [lo, lo+size) touches (unmapped pages in it are fine). */
mem_err mem_unmap(mem_space *m, uint64_t lo, uint64_t size);
/* New permissions for every page [lo, lo+size) touches; all must be mapped. */
mem_err mem_protect(mem_space *m, uint64_t lo, uint64_t size, unsigned perms);
/* Is every page [lo, lo+size) touches unmapped? (false for a bad range) */
bool mem_is_free(const mem_space *m, uint64_t lo, uint64_t size);
/* The region containing addr, or NULL. */
const mem_region *mem_region_of(const mem_space *m, uint64_t addr);
/* All regions in address order; *count receives their number. */
const mem_region *mem_regions(const mem_space *m, size_t *count);

const char *mem_fault_name(int fault); /* "unmapped", "permission", ... */
const char *mem_err_name(mem_err e);

/* ---- accesses ------------------------------------------------------------ */
/* Each returns MEM_OK or a mem_fault; on a fault nothing changes and, when
 * fault_addr is not NULL, *fault_addr is the first byte that faulted.  The
 * space also remembers the last fault (mem_last_fault). */

/* Read n bytes in address order (needs MEM_R). */
int mem_read(mem_space *m, uint64_t addr, size_t n, uint8_t *out, uint64_t *fault_addr);
/* Write n bytes (needs MEM_W); defines them and stamps their pages. */
int mem_write(mem_space *m, uint64_t addr, size_t n, const uint8_t *in, uint64_t *fault_addr);
/* Instruction bytes: up to max bytes from addr, stopping before the first
 * byte that is unmapped or not executable; *got receives how many (>= 1 on
 * success).  Faults only when the byte at addr itself cannot be fetched
 * (unmapped, not executable, or no memory for its page). */
int mem_fetch(mem_space *m, uint64_t addr, size_t max, uint8_t *out, size_t *got,
              uint64_t *fault_addr);
/* The loader's write: like mem_write but ignores permissions (the bytes must
 * still be mapped). */
int mem_poke(mem_space *m, uint64_t addr, size_t n, const uint8_t *in, uint64_t *fault_addr);
/* Inspect without side effects: ignores permissions, never calls the
 * callback; undefined bytes read as 0 and, if defined is not NULL,
 * defined[i] tells whether byte i is defined.  Faults only when unmapped. */
int mem_peek(const mem_space *m, uint64_t addr, size_t n, uint8_t *out, bool *defined,
             uint64_t *fault_addr);

/* The last fault of any access: its kind (0 if none yet), address and
 * whether it was a write. */
int mem_last_fault(const mem_space *m, uint64_t *addr, bool *write);

/* isa_load_fn / isa_store_fn (isa.h): mem is a mem_space; n bytes in address
 * order; 0 or a mem_fault, with *out / memory untouched on a fault.  The
 * precise faulting byte is available from mem_last_fault. */
int mem_isa_load(void *mem, uint64_t addr, unsigned n, uint8_t *out);
int mem_isa_store(void *mem, uint64_t addr, unsigned n, const uint8_t *in);
/* The direct access to this space's pages for isa_cpu.fast, kept exact by
 * the space (isa.h); mem_isa_load and mem_isa_store fill it. */
isa_fast_mem *mem_fast(mem_space *m);

/* ---- generations --------------------------------------------------------- */
/* All stamps come from one counter that only grows.  A page's stamp is that
 * of the last change of its bytes or permissions (including the map that
 * created it), or larger; for an unmapped page it is the stamp of the last
 * unmap.  So if bytes were read from page P when mem_stamp() was S and
 * mem_page_gen(m, P) <= S now, P still holds the same bytes and permissions.
 * (Defining an undefined byte by reading it is not a change: the byte had no
 * other value anyone could have seen.) */
uint64_t mem_stamp(const mem_space *m);
uint64_t mem_page_gen(const mem_space *m, uint64_t addr);
/* The stamp of the last change to any page that was executable before or
 * after the change: if it is <= S, no instruction byte changed since S. */
uint64_t mem_exec_gen(const mem_space *m);
/* Where that stamp is kept, for a run loop that tests it on every step
 * without a call; valid as long as the space. */
const uint64_t *mem_exec_gen_at(const mem_space *m);

#endif
