/* uc_mem.h — the memory both sides of the unicorn oracle see in one case.
 *
 * A case's memory is a pure function of its seed: a page is mapped unless it
 * is the first page, the last page of the address space (so no access can
 * wrap around it) or one in sixteen pages chosen by the seed; a mapped byte
 * reads as a deterministic pseudo-random value of its address, taken from
 * 32-bit words that favour corner values (0, -1, the sign bit, small); the
 * instruction's own bytes overlay it at the PC.
 *
 * um_mem is that memory as our side sees it through um_load / um_store
 * (isa_load_fn / isa_store_fn): stores go to a log; an access touching an
 * unmapped byte fails as a whole (the first failing access is remembered).
 *
 * um_uc is the same memory inside one unicorn engine: pages are mapped lazily
 * from a UC_HOOK_MEM_UNMAPPED hook with the same contents (host buffers via
 * uc_mem_map_ptr); optionally the bytes a UC_HOOK_MEM_WRITE hook reports are
 * recorded; after the step it lists every byte that changed in its pages, and
 * um_uc_end unmaps them again so one engine serves every case.
 */
#ifndef MCVETO_UC_MEM_H
#define MCVETO_UC_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <unicorn/unicorn.h>

#define UM_MAX_LOG 256  /* bytes one instruction may write */
#define UM_MAX_PAGES 16 /* pages one case may map in unicorn */
#define UM_MAX_READS 8  /* loads remembered for reports */

typedef struct um_access {
  bool valid, write;
  uint64_t addr;
  unsigned n;
} um_access;

typedef struct um_mem {
  uint64_t amask, page; /* address mask, page size */
  bool big_endian;
  unsigned shift[4]; /* byte k of a word is word >> shift[k] */
  /* the case */
  uint64_t seed, pc;
  const uint8_t *code;
  unsigned code_len;
  /* our side */
  uint64_t log_addr[UM_MAX_LOG];
  uint8_t log_val[UM_MAX_LOG];
  unsigned nlog;
  bool overflow; /* more than UM_MAX_LOG bytes written */
  um_access fault;
  um_access reads[UM_MAX_READS];
  uint64_t read_val[UM_MAX_READS]; /* in the ISA's byte order */
  unsigned nreads;
  /* pages filled in this case, shared by the engines */
  uint8_t *cache[UM_MAX_PAGES];
  uint64_t cache_base[UM_MAX_PAGES];
  unsigned ncache;
} um_mem;

void um_init(um_mem *m, unsigned addr_bits, uint64_t page, bool big_endian);
void um_fini(um_mem *m);
/* Starts a case: its seed and the instruction's bytes at pc. */
void um_begin_case(um_mem *m, uint64_t seed, uint64_t pc, const uint8_t *code, unsigned len);

bool um_page_mapped(const um_mem *m, uint64_t addr);
/* The byte at addr before the step (code overlay included). */
uint8_t um_pre_byte(const um_mem *m, uint64_t addr);
/* The page at base (page-aligned) as it is before the step. */
void um_fill_page(um_mem *m, uint64_t base, uint8_t *out);
/* Our side's byte after the step. */
uint8_t um_cur_byte(const um_mem *m, uint64_t addr);

int um_load(void *mem, uint64_t addr, unsigned n, uint8_t *out);
int um_store(void *mem, uint64_t addr, unsigned n, const uint8_t *in);

/* ---- one unicorn engine's view ---------------------------------------------- */

typedef struct um_uc {
  um_mem *m;
  uc_engine *uc;
  uint8_t *buf[UM_MAX_PAGES], *pristine[UM_MAX_PAGES];
  uint64_t mapped[UM_MAX_PAGES];
  unsigned nmapped;
  uint64_t written[UM_MAX_LOG]; /* addresses the write hook reported */
  unsigned nwritten;
  bool overflow;
  um_access fault;   /* the first access unicorn could not map */
  const char *error; /* a failure of the harness itself, or NULL */
} um_uc;

/* Installs the hooks on uc (the write hook only if record_writes).  Returns
 * false (with a message on stderr) on failure. */
bool um_uc_init(um_uc *e, uc_engine *uc, um_mem *m, bool record_writes);
void um_uc_fini(um_uc *e);
/* Per case: forget the last case's records / unmap its pages. */
void um_uc_begin(um_uc *e);
void um_uc_end(um_uc *e);

/* Maps the page holding addr now (used for the code). */
bool um_uc_map_page(um_uc *e, uint64_t addr);
/* The engine's byte at addr (0 if its page is not mapped; *mapped says). */
uint8_t um_uc_byte(const um_uc *e, uint64_t addr, bool *mapped);
/* Addresses whose bytes changed in the engine's pages, in increasing order;
 * returns the count (at most cap). */
unsigned um_uc_changed(const um_uc *e, uint64_t *out, unsigned cap);

#endif
