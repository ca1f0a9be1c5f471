/* sparse_mem.c — see sparse_mem.h. */
#include "sparse_mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGE_BITS 12
#define PAGE_SIZE ((size_t)1 << PAGE_BITS)

typedef struct page {
  uint64_t no; /* page number */
  uint8_t *data;
} page;

typedef struct region {
  uint64_t lo, hi;
  bool mapped;
} region;

typedef struct logent {
  uint64_t addr;
  uint8_t old;
} logent;

struct smem {
  uint64_t amask;
  uint64_t seed;
  bool dflt;
  page *pages; /* open addressing, size a power of two; data NULL = empty */
  size_t npages, pcap;
  region *regs;
  size_t nregs, rcap;
  logent *log;
  size_t nlog, lcap;
  size_t loads, stores;
};

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) {
    fprintf(stderr, "sparse_mem: out of memory\n");
    abort();
  }
  return q;
}

static uint64_t mix(uint64_t x) {
  x += UINT64_C(0x9E3779B97F4A7C15);
  x = (x ^ (x >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  x = (x ^ (x >> 27)) * UINT64_C(0x94D049BB133111EB);
  return x ^ (x >> 31);
}

static uint8_t fill(const smem *m, uint64_t addr) {
  if (!m->seed) return 0;
  return (uint8_t)mix(m->seed ^ mix(addr));
}

smem *smem_new(unsigned addr_bits, uint64_t fill_seed) {
  smem *m = xrealloc(NULL, sizeof *m);
  memset(m, 0, sizeof *m);
  m->amask = addr_bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << addr_bits) - 1;
  m->seed = fill_seed;
  m->dflt = true;
  return m;
}

static void drop_pages(smem *m) {
  for (size_t i = 0; i < m->pcap; i++) free(m->pages[i].data);
  free(m->pages);
  m->pages = NULL;
  m->npages = m->pcap = 0;
}

void smem_free(smem *m) {
  if (!m) return;
  drop_pages(m);
  free(m->regs);
  free(m->log);
  free(m);
}

void smem_reset(smem *m, uint64_t fill_seed) {
  /* keep the table, empty the pages: cheap for the randomized tests */
  for (size_t i = 0; i < m->pcap; i++) {
    free(m->pages[i].data);
    m->pages[i].data = NULL;
  }
  m->npages = 0;
  m->nregs = 0;
  m->nlog = 0;
  m->dflt = true;
  m->seed = fill_seed;
}

void smem_set_default(smem *m, bool mapped) { m->dflt = mapped; }

void smem_map(smem *m, uint64_t lo, uint64_t hi, bool mapped) {
  if (m->nregs == m->rcap) {
    m->rcap = m->rcap ? 2 * m->rcap : 8;
    m->regs = xrealloc(m->regs, m->rcap * sizeof *m->regs);
  }
  m->regs[m->nregs++] = (region){lo & m->amask, hi, mapped};
}

bool smem_mapped(const smem *m, uint64_t addr) {
  addr &= m->amask;
  for (size_t i = m->nregs; i-- > 0;)
    if (addr >= m->regs[i].lo && addr < m->regs[i].hi) return m->regs[i].mapped;
  return m->dflt;
}

static size_t slot_of(const smem *m, uint64_t no) {
  size_t i = (size_t)mix(no) & (m->pcap - 1);
  while (m->pages[i].data && m->pages[i].no != no) i = (i + 1) & (m->pcap - 1);
  return i;
}

static uint8_t *find_page(const smem *m, uint64_t no) {
  if (!m->pcap) return NULL;
  return m->pages[slot_of(m, no)].data;
}

static uint8_t *get_page(smem *m, uint64_t no) {
  uint8_t *p = find_page(m, no);
  if (p) return p;
  if (2 * (m->npages + 1) > m->pcap) {
    page *old = m->pages;
    size_t ocap = m->pcap;
    m->pcap = ocap ? 2 * ocap : 16;
    m->pages = xrealloc(NULL, m->pcap * sizeof *m->pages);
    memset(m->pages, 0, m->pcap * sizeof *m->pages);
    for (size_t i = 0; i < ocap; i++)
      if (old[i].data) m->pages[slot_of(m, old[i].no)] = old[i];
    free(old);
  }
  p = xrealloc(NULL, PAGE_SIZE);
  uint64_t base = no << PAGE_BITS;
  for (size_t k = 0; k < PAGE_SIZE; k++) p[k] = fill(m, base + k);
  size_t i = slot_of(m, no);
  m->pages[i].no = no;
  m->pages[i].data = p;
  m->npages++;
  return p;
}

uint8_t smem_peek(const smem *m, uint64_t addr) {
  addr &= m->amask;
  const uint8_t *p = find_page(m, addr >> PAGE_BITS);
  return p ? p[addr & (PAGE_SIZE - 1)] : fill(m, addr);
}

void smem_poke(smem *m, uint64_t addr, uint8_t v) {
  addr &= m->amask;
  get_page(m, addr >> PAGE_BITS)[addr & (PAGE_SIZE - 1)] = v;
}

int smem_load(void *mem, uint64_t addr, unsigned n, uint8_t *out) {
  smem *m = mem;
  m->loads++;
  for (unsigned i = 0; i < n; i++)
    if (!smem_mapped(m, addr + i)) return SMEM_FAULT_UNMAPPED;
  for (unsigned i = 0; i < n; i++) out[i] = smem_peek(m, addr + i);
  return 0;
}

int smem_store(void *mem, uint64_t addr, unsigned n, const uint8_t *in) {
  smem *m = mem;
  m->stores++;
  for (unsigned i = 0; i < n; i++)
    if (!smem_mapped(m, addr + i)) return SMEM_FAULT_UNMAPPED;
  for (unsigned i = 0; i < n; i++) {
    uint64_t a = (addr + i) & m->amask;
    if (m->nlog == m->lcap) {
      m->lcap = m->lcap ? 2 * m->lcap : 16;
      m->log = xrealloc(m->log, m->lcap * sizeof *m->log);
    }
    m->log[m->nlog++] = (logent){a, smem_peek(m, a)};
    smem_poke(m, a, in[i]);
  }
  return 0;
}

void smem_log_clear(smem *m) { m->nlog = 0; }
size_t smem_log_count(const smem *m) { return m->nlog; }
uint64_t smem_log_addr(const smem *m, size_t i) { return i < m->nlog ? m->log[i].addr : 0; }

uint8_t smem_pre(const smem *m, uint64_t addr) {
  addr &= m->amask;
  for (size_t i = 0; i < m->nlog; i++)
    if (m->log[i].addr == addr) return m->log[i].old;
  return smem_peek(m, addr);
}

size_t smem_loads(const smem *m) { return m->loads; }
size_t smem_stores(const smem *m) { return m->stores; }
