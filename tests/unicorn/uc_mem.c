/* uc_mem.c — see uc_mem.h. */
#include "uc_mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t mix(uint64_t x) {
  x += UINT64_C(0x9E3779B97F4A7C15);
  x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
  return x ^ (x >> 31);
}

/* ---- the pre-state: mapping and contents, a function of the seed --------- */

void um_init(um_mem *m, unsigned addr_bits, uint64_t page, bool big_endian) {
  memset(m, 0, sizeof *m);
  m->amask = addr_bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << addr_bits) - 1;
  m->page = page;
  m->big_endian = big_endian;
  for (unsigned k = 0; k < 4; k++) m->shift[k] = 8 * (big_endian ? 3 - k : k);
  for (unsigned i = 0; i < UM_MAX_PAGES; i++) m->cache[i] = malloc((size_t)page); /* NULL: no caching */
}

void um_fini(um_mem *m) {
  for (unsigned i = 0; i < UM_MAX_PAGES; i++) free(m->cache[i]);
}

void um_begin_case(um_mem *m, uint64_t seed, uint64_t pc, const uint8_t *code, unsigned len) {
  m->seed = seed;
  m->pc = pc & m->amask;
  m->code = code;
  m->code_len = len;
  m->ncache = 0;
  m->nlog = 0;
  m->overflow = false;
  m->fault = (um_access){0};
  m->nreads = 0;
}

bool um_page_mapped(const um_mem *m, uint64_t addr) {
  uint64_t p = (addr & m->amask) / m->page, last = m->amask / m->page;
  if (p == 0 || p == last) return false;
  return (mix(m->seed * 3 ^ p) & 15) != 0;
}

/* The 32-bit word with index w: corner values half of the time.  (One
 * multiply-xorshift round and no branch: this runs for every word of every
 * page unicorn maps.) */
static uint32_t fill_word(const um_mem *m, uint64_t w) {
  uint64_t h = m->seed ^ (w * UINT64_C(0x9E3779B97F4A7C15));
  h ^= h >> 32;
  h *= UINT64_C(0xD6E8FEB86659FD93);
  h ^= h >> 29;
  uint32_t small = (uint32_t)(h >> 8) & 63, rnd = (uint32_t)(h >> 32);
  const uint32_t v[8] = {0, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, small, 0 - small, rnd, rnd};
  return v[h & 7];
}

static uint8_t fill_byte(const um_mem *m, uint64_t a) {
  uint32_t w = fill_word(m, a >> 2);
  unsigned k = (unsigned)(a & 3);
  return (uint8_t)(w >> (8 * (m->big_endian ? 3 - k : k)));
}

void um_fill_page(um_mem *m, uint64_t base, uint8_t *out) {
  for (unsigned i = 0; i < m->ncache; i++)
    if (m->cache_base[i] == base) {
      memcpy(out, m->cache[i], (size_t)m->page);
      return;
    }
  for (uint64_t i = 0; i < m->page; i += 4) {
    uint32_t w = fill_word(m, (base + i) >> 2);
    out[i] = (uint8_t)(w >> m->shift[0]);
    out[i + 1] = (uint8_t)(w >> m->shift[1]);
    out[i + 2] = (uint8_t)(w >> m->shift[2]);
    out[i + 3] = (uint8_t)(w >> m->shift[3]);
  }
  for (unsigned j = 0; j < m->code_len; j++) {
    uint64_t a = (m->pc + j) & m->amask;
    if ((a & ~(m->page - 1)) == base) out[a - base] = m->code[j];
  }
  if (m->ncache < UM_MAX_PAGES && m->cache[m->ncache]) {
    m->cache_base[m->ncache] = base;
    memcpy(m->cache[m->ncache++], out, (size_t)m->page);
  }
}

uint8_t um_pre_byte(const um_mem *m, uint64_t addr) {
  addr &= m->amask;
  uint64_t off = (addr - m->pc) & m->amask;
  if (off < m->code_len) return m->code[off];
  return fill_byte(m, addr);
}

uint8_t um_cur_byte(const um_mem *m, uint64_t addr) {
  addr &= m->amask;
  for (unsigned i = m->nlog; i-- > 0;)
    if (m->log_addr[i] == addr) return m->log_val[i];
  return um_pre_byte(m, addr);
}

/* ---- our side ----------------------------------------------------------------- */

static bool range_mapped(const um_mem *m, uint64_t addr, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (!um_page_mapped(m, addr + i)) return false;
  return true;
}

static int fail(um_mem *m, uint64_t addr, unsigned n, bool write) {
  if (!m->fault.valid) m->fault = (um_access){true, write, addr & m->amask, n};
  return 1; /* the only fault kind: unmapped */
}

int um_load(void *mem, uint64_t addr, unsigned n, uint8_t *out) {
  um_mem *m = mem;
  if (!range_mapped(m, addr, n)) return fail(m, addr, n, false);
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++) {
    out[i] = um_cur_byte(m, addr + i);
    v |= (uint64_t)out[i] << 8 * (m->big_endian ? n - 1 - i : i);
  }
  if (m->nreads < UM_MAX_READS) {
    m->reads[m->nreads] = (um_access){true, false, addr & m->amask, n};
    m->read_val[m->nreads++] = v;
  }
  return 0;
}

int um_store(void *mem, uint64_t addr, unsigned n, const uint8_t *in) {
  um_mem *m = mem;
  if (!range_mapped(m, addr, n)) return fail(m, addr, n, true);
  for (unsigned i = 0; i < n; i++) {
    if (m->nlog == UM_MAX_LOG) {
      m->overflow = true;
      return 0;
    }
    m->log_addr[m->nlog] = (addr + i) & m->amask;
    m->log_val[m->nlog++] = in[i];
  }
  return 0;
}


/* ---- one unicorn engine's view ---------------------------------------------------- */

static int find_mapped(const um_uc *e, uint64_t base) {
  for (unsigned i = 0; i < e->nmapped; i++)
    if (e->mapped[i] == base) return (int)i;
  return -1;
}

bool um_uc_map_page(um_uc *e, uint64_t addr) {
  um_mem *m = e->m;
  uint64_t base = addr & ~(m->page - 1);
  if (find_mapped(e, base) >= 0) return true;
  if (e->nmapped == UM_MAX_PAGES) {
    e->error = "a case mapped more pages than UM_MAX_PAGES";
    return false;
  }
  uint8_t *b = e->buf[e->nmapped];
  um_fill_page(m, base, b);
  memcpy(e->pristine[e->nmapped], b, (size_t)m->page);
  if (uc_mem_map_ptr(e->uc, base, (size_t)m->page, UC_PROT_ALL, b) != UC_ERR_OK) {
    e->error = "uc_mem_map_ptr failed";
    return false;
  }
  e->mapped[e->nmapped++] = base;
  return true;
}

/* Unicorn touched memory it has not mapped: map what the case's memory has;
 * fail (recording the first such access) for an unmapped page.  Fetches are
 * always served: fetching is not part of an instruction's semantics, and
 * unicorn translates the next block (the jump target) before its count stops
 * it. */
static bool on_unmapped(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value, void *user) {
  (void)uc;
  (void)value;
  um_uc *e = user;
  const um_mem *m = e->m;
  bool fetch = type == UC_MEM_FETCH_UNMAPPED;
  uint64_t n = size > 0 ? (uint64_t)size : 1;
  for (uint64_t a = addr & ~(m->page - 1); a < addr + n; a += m->page) {
    if (find_mapped(e, a) >= 0) continue;
    if (a > m->amask || (!fetch && !um_page_mapped(m, a))) {
      if (!e->fault.valid) e->fault = (um_access){true, type == UC_MEM_WRITE_UNMAPPED, addr, (unsigned)n};
      return false;
    }
    if (!um_uc_map_page(e, a)) return false;
  }
  return true;
}

/* A data access to a page mapped execute-only (the engine's scratch page,
 * uc_engine.c, in a page no case maps) is the case's access to unmapped
 * memory. */
static bool on_prot(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value, void *user) {
  (void)uc;
  (void)value;
  um_uc *e = user;
  if (!e->fault.valid) e->fault = (um_access){true, type == UC_MEM_WRITE_PROT, addr, size > 0 ? (unsigned)size : 1};
  return false;
}

static void on_write(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value, void *user) {
  (void)uc;
  (void)type;
  (void)value;
  um_uc *e = user;
  for (int i = 0; i < size; i++) {
    if (e->nwritten == UM_MAX_LOG) {
      e->overflow = true;
      return;
    }
    e->written[e->nwritten++] = (addr + (uint64_t)i) & e->m->amask;
  }
}

bool um_uc_init(um_uc *e, uc_engine *uc, um_mem *m, bool record_writes) {
  memset(e, 0, sizeof *e);
  e->m = m;
  e->uc = uc;
  if (m->page < 4 || (m->page & (m->page - 1))) {
    fprintf(stderr, "uc_mem: page size %llu is not a power of two\n", (unsigned long long)m->page);
    return false;
  }
  for (unsigned i = 0; i < UM_MAX_PAGES; i++) {
    e->buf[i] = aligned_alloc((size_t)m->page, (size_t)m->page);
    e->pristine[i] = malloc((size_t)m->page);
    if (!e->buf[i] || !e->pristine[i]) {
      fprintf(stderr, "uc_mem: out of memory\n");
      return false;
    }
  }
  uc_hook h;
  if (uc_hook_add(uc, &h, UC_HOOK_MEM_UNMAPPED, (void *)on_unmapped, e, 1, 0) != UC_ERR_OK ||
      uc_hook_add(uc, &h, UC_HOOK_MEM_READ_PROT | UC_HOOK_MEM_WRITE_PROT, (void *)on_prot, e, 1, 0) != UC_ERR_OK ||
      (record_writes && uc_hook_add(uc, &h, UC_HOOK_MEM_WRITE, (void *)on_write, e, 1, 0) != UC_ERR_OK)) {
    fprintf(stderr, "uc_mem: cannot install the memory hooks\n");
    return false;
  }
  return true;
}

void um_uc_fini(um_uc *e) {
  for (unsigned i = 0; i < UM_MAX_PAGES; i++) {
    free(e->buf[i]);
    free(e->pristine[i]);
  }
}

void um_uc_begin(um_uc *e) {
  e->nwritten = 0;
  e->overflow = false;
  e->fault = (um_access){0};
  e->error = NULL;
}

void um_uc_end(um_uc *e) {
  for (unsigned i = 0; i < e->nmapped; i++)
    if (uc_mem_unmap(e->uc, e->mapped[i], (size_t)e->m->page) != UC_ERR_OK && !e->error)
      e->error = "uc_mem_unmap failed";
  e->nmapped = 0;
}

uint8_t um_uc_byte(const um_uc *e, uint64_t addr, bool *mapped) {
  uint64_t base = addr & ~(e->m->page - 1);
  int i = find_mapped(e, base);
  *mapped = i >= 0;
  return i >= 0 ? e->buf[i][addr - base] : 0;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

unsigned um_uc_changed(const um_uc *e, uint64_t *out, unsigned cap) {
  unsigned n = 0;
  for (unsigned i = 0; i < e->nmapped; i++) {
    if (!memcmp(e->buf[i], e->pristine[i], (size_t)e->m->page)) continue;
    for (uint64_t j = 0; j < e->m->page && n < cap; j++)
      if (e->buf[i][j] != e->pristine[i][j]) out[n++] = e->mapped[i] + j;
  }
  qsort(out, n, sizeof *out, cmp_u64);
  return n;
}
