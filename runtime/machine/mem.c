/* mem.c — sparse paged byte memory; see mem.h for the contract.
 *
 * Two structures: a sorted list of regions (what is mapped, with which
 * permissions and kind) and a hash table of materialized pages (the bytes).
 * A page is materialized on its first access, which is why mapping a 4 GiB
 * bss costs nothing.  A small direct-mapped cache of page pointers (the
 * "TLB") makes the common access — a few bytes within one page that is
 * fully defined — a lookup, a permission test and a memcpy.  Pages are freed
 * only by mem_unmap (which flushes the TLB) and mem_free.
 */
#include "mem.h"

#include <stdlib.h>
#include <string.h>

#define PAGE MEM_PAGE_SIZE
#define POFF(a) ((a) & (PAGE - 1))
#define PNO(a) ((a) >> MEM_PAGE_BITS)
#define TLB_SIZE 64
#define NO_PAGE UINT64_MAX /* never a page number: those are < 2^52 */

typedef struct page {
  uint64_t pno;
  uint64_t gen;     /* stamp of the last change of bytes or permissions */
  unsigned perms;
  mem_kind kind;
  uint32_t nundef;  /* undefined bytes left */
  uint8_t *undef;   /* bit i set: byte i undefined; NULL when nundef == 0 */
  uint8_t data[PAGE];
} page;

typedef struct tlb_ent {
  uint64_t pno;
  page *p;
} tlb_ent;

struct mem_space {
  unsigned bits;
  uint64_t amask; /* largest address */
  /* regions, sorted, disjoint, adjacent ones differ in perms or kind */
  mem_region *regs;
  uint64_t *rgen; /* per region: stamp of its last map/protect (or larger) */
  size_t nregs, capregs;
  /* materialized pages: open addressing, capacity a power of two */
  page **tab;
  size_t tabcap, npages;
  size_t max_pages;
  tlb_ent tlb[TLB_SIZE];
  isa_fast_mem fast; /* the pages the generated step reads and writes in place */
  mem_undef_fn undef;
  void *uctx;
  uint64_t stamp, xgen, unmap_gen;
  int fault_kind;
  uint64_t fault_addr;
  bool fault_write;
};

/* ---- hash table of pages ------------------------------------------------- */

static size_t slot_of(const mem_space *m, uint64_t pno) {
  /* Fibonacci hashing: consecutive page numbers spread over the table */
  return (size_t)((pno * UINT64_C(0x9E3779B97F4A7C15)) >> 17) & (m->tabcap - 1);
}

static page *tab_find(const mem_space *m, uint64_t pno) {
  for (size_t i = slot_of(m, pno);; i = (i + 1) & (m->tabcap - 1)) {
    page *p = m->tab[i];
    if (!p || p->pno == pno) return p;
  }
}

/* Insert p (not present); false on OOM (table unchanged). */
static bool tab_insert(mem_space *m, page *p) {
  if (2 * (m->npages + 1) > m->tabcap) {
    size_t ncap = m->tabcap * 2;
    page **nt = calloc(ncap, sizeof *nt);
    if (!nt) return false;
    page **old = m->tab;
    size_t ocap = m->tabcap;
    m->tab = nt;
    m->tabcap = ncap;
    for (size_t i = 0; i < ocap; i++) {
      if (!old[i]) continue;
      size_t j = slot_of(m, old[i]->pno);
      while (nt[j]) j = (j + 1) & (ncap - 1);
      nt[j] = old[i];
    }
    free(old);
  }
  size_t j = slot_of(m, p->pno);
  while (m->tab[j]) j = (j + 1) & (m->tabcap - 1);
  m->tab[j] = p;
  m->npages++;
  return true;
}

_Static_assert(ISA_FAST_PAGE_BITS == MEM_PAGE_BITS, "isa.h's direct access works on mem's pages");

/* Forget every page of the step's direct access (isa.h), which must be done
 * whenever a page is freed or its permissions change. */
static void fast_flush(mem_space *m) {
  m->fast.stamp = &m->stamp; /* a clone's copy pointed at the original's */
  for (size_t i = 0; i < ISA_FAST_PAGES; i++) m->fast.rd[i].tag = m->fast.wr[i].tag = NO_PAGE;
}

static void tlb_flush(mem_space *m) {
  for (size_t i = 0; i < TLB_SIZE; i++) m->tlb[i] = (tlb_ent){NO_PAGE, NULL};
  fast_flush(m);
}

/* The materialized page pno, or NULL; fills the TLB. */
static inline page *pg_find(mem_space *m, uint64_t pno) {
  tlb_ent *t = &m->tlb[pno & (TLB_SIZE - 1)];
  if (t->pno == pno) return t->p;
  page *p = tab_find(m, pno);
  if (p) *t = (tlb_ent){pno, p};
  return p;
}

static void page_free(page *p) {
  if (!p) return;
  free(p->undef);
  free(p);
}

/* ---- regions ------------------------------------------------------------- */

/* Index of the first region whose last byte is >= addr (nregs if none). */
static size_t reg_lower(const mem_space *m, uint64_t addr) {
  size_t lo = 0, hi = m->nregs;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (m->regs[mid].last < addr) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

static size_t reg_find(const mem_space *m, uint64_t addr) {
  size_t i = reg_lower(m, addr);
  if (i < m->nregs && m->regs[i].lo <= addr) return i;
  return SIZE_MAX;
}

static bool reg_reserve(mem_space *m, size_t extra) {
  if (m->nregs + extra <= m->capregs) return true;
  size_t ncap = m->capregs ? m->capregs : 8;
  while (ncap < m->nregs + extra) ncap *= 2;
  mem_region *nr = realloc(m->regs, ncap * sizeof *nr);
  if (!nr) return false;
  m->regs = nr;
  uint64_t *ng = realloc(m->rgen, ncap * sizeof *ng);
  if (!ng) return false; /* regs grew; harmless */
  m->rgen = ng;
  m->capregs = ncap;
  return true;
}

static void reg_insert(mem_space *m, size_t at, mem_region r, uint64_t gen) {
  memmove(&m->regs[at + 1], &m->regs[at], (m->nregs - at) * sizeof *m->regs);
  memmove(&m->rgen[at + 1], &m->rgen[at], (m->nregs - at) * sizeof *m->rgen);
  m->regs[at] = r;
  m->rgen[at] = gen;
  m->nregs++;
}

static void reg_delete(mem_space *m, size_t at, size_t count) {
  memmove(&m->regs[at], &m->regs[at + count], (m->nregs - at - count) * sizeof *m->regs);
  memmove(&m->rgen[at], &m->rgen[at + count], (m->nregs - at - count) * sizeof *m->rgen);
  m->nregs -= count;
}

/* Make a region boundary at page-aligned addr (a region containing addr and
 * starting before it is split in two).  Needs one free slot. */
static void reg_split(mem_space *m, uint64_t addr) {
  size_t i = reg_find(m, addr);
  if (i == SIZE_MAX || m->regs[i].lo == addr) return;
  mem_region tail = m->regs[i];
  tail.lo = addr;
  m->regs[i].last = addr - 1;
  reg_insert(m, i + 1, tail, m->rgen[i]);
}

/* Merge neighbours that touch and agree (keeps mem_regions maximal). */
static void reg_coalesce(mem_space *m) {
  size_t out = 0;
  for (size_t i = 0; i < m->nregs; i++) {
    if (out > 0) {
      mem_region *p = &m->regs[out - 1];
      const mem_region *r = &m->regs[i];
      if (p->last + 1 == r->lo && p->perms == r->perms && p->kind == r->kind) {
        p->last = r->last;
        if (m->rgen[i] > m->rgen[out - 1]) m->rgen[out - 1] = m->rgen[i];
        continue;
      }
    }
    m->regs[out] = m->regs[i];
    m->rgen[out] = m->rgen[i];
    out++;
  }
  m->nregs = out;
}

/* [lo, lo+size) rounded out to pages as [*first, *last]; false if the range
 * is empty or leaves the space (it may not wrap). */
static bool page_range(const mem_space *m, uint64_t lo, uint64_t size, uint64_t *first,
                       uint64_t *last) {
  if (size == 0 || lo > m->amask || size - 1 > m->amask - lo) return false;
  uint64_t end = lo + (size - 1);
  *first = lo & ~(PAGE - 1);
  *last = (end | (PAGE - 1)) & m->amask; /* a space smaller than a page ends early */
  return true;
}

/* ---- life cycle ---------------------------------------------------------- */

mem_space *mem_new(unsigned addr_bits) {
  if (addr_bits < 1 || addr_bits > 64) return NULL;
  mem_space *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->bits = addr_bits;
  m->amask = addr_bits == 64 ? UINT64_MAX : (UINT64_C(1) << addr_bits) - 1;
  m->tabcap = 64;
  m->tab = calloc(m->tabcap, sizeof *m->tab);
  if (!m->tab) {
    free(m);
    return NULL;
  }
  tlb_flush(m);
  return m;
}

void mem_free(mem_space *m) {
  if (!m) return;
  for (size_t i = 0; i < m->tabcap; i++) page_free(m->tab[i]);
  free(m->tab);
  free(m->regs);
  free(m->rgen);
  free(m);
}

mem_space *mem_clone(const mem_space *m) {
  mem_space *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  *c = *m;
  c->regs = NULL;
  c->rgen = NULL;
  c->capregs = c->nregs = 0;
  c->tab = calloc(m->tabcap, sizeof *c->tab);
  c->npages = 0;
  tlb_flush(c);
  if (!c->tab || !reg_reserve(c, m->nregs ? m->nregs : 1)) goto oom;
  memcpy(c->regs, m->regs, m->nregs * sizeof *m->regs);
  memcpy(c->rgen, m->rgen, m->nregs * sizeof *m->rgen);
  c->nregs = m->nregs;
  for (size_t i = 0; i < m->tabcap; i++) {
    const page *p = m->tab[i];
    if (!p) continue;
    page *q = malloc(sizeof *q);
    if (!q) goto oom;
    memcpy(q, p, sizeof *q);
    q->undef = NULL;
    if (p->undef) {
      q->undef = malloc(PAGE / 8);
      if (!q->undef) {
        free(q);
        goto oom;
      }
      memcpy(q->undef, p->undef, PAGE / 8);
    }
    c->tab[i] = q; /* same capacity, same hash: same slot */
    c->npages++;
  }
  return c;
oom:
  mem_free(c);
  return NULL;
}

unsigned mem_addr_bits(const mem_space *m) { return m->bits; }
uint64_t mem_max_addr(const mem_space *m) { return m->amask; }

void mem_set_undef(mem_space *m, mem_undef_fn fn, void *ctx) {
  m->undef = fn;
  m->uctx = ctx;
}

void mem_set_page_limit(mem_space *m, size_t max_pages) { m->max_pages = max_pages; }
size_t mem_page_count(const mem_space *m) { return m->npages; }

const char *mem_fault_name(int fault) {
  switch (fault) {
  case MEM_OK: return "no fault";
  case MEM_FAULT_UNMAPPED: return "unmapped address";
  case MEM_FAULT_PERM: return "permission denied";
  case MEM_FAULT_NOMEM: return "out of memory";
  default: return "unknown fault";
  }
}

const char *mem_err_name(mem_err e) {
  switch (e) {
  case MEM_ERR_NONE: return "no error";
  case MEM_ERR_RANGE: return "empty range or range outside the address space";
  case MEM_ERR_OVERLAP: return "range overlaps a mapping";
  case MEM_ERR_UNMAPPED: return "range is not mapped";
  case MEM_ERR_NOMEM: return "out of memory";
  case MEM_ERR_ARG: return "bad argument";
  }
  return "unknown error";
}

/* ---- mappings ------------------------------------------------------------ */

bool mem_is_free(const mem_space *m, uint64_t lo, uint64_t size) {
  uint64_t first, last;
  if (!page_range(m, lo, size, &first, &last)) return false;
  size_t i = reg_lower(m, first);
  return i == m->nregs || m->regs[i].lo > last;
}

mem_err mem_map(mem_space *m, uint64_t lo, uint64_t size, unsigned perms, mem_kind kind) {
  uint64_t first, last;
  if (perms & ~(unsigned)(MEM_R | MEM_W | MEM_X)) return MEM_ERR_ARG;
  if (kind != MEM_IMAGE && kind != MEM_ZERO && kind != MEM_INPUT) return MEM_ERR_ARG;
  if (!page_range(m, lo, size, &first, &last)) return MEM_ERR_RANGE;
  size_t i = reg_lower(m, first);
  if (i < m->nregs && m->regs[i].lo <= last) return MEM_ERR_OVERLAP;
  if (!reg_reserve(m, 1)) return MEM_ERR_NOMEM;
  uint64_t gen = ++m->stamp;
  if (perms & MEM_X) m->xgen = gen;
  reg_insert(m, i, (mem_region){first, last, perms, kind}, gen);
  reg_coalesce(m);
  return MEM_ERR_NONE;
}

/* Empty slot i of the page table, moving later members of its probe run
 * back so that every page stays reachable (Knuth's algorithm R). */
static void tab_delete(mem_space *m, size_t i) {
  size_t mask = m->tabcap - 1;
  m->tab[i] = NULL;
  m->npages--;
  for (size_t j = (i + 1) & mask; m->tab[j]; j = (j + 1) & mask) {
    size_t k = slot_of(m, m->tab[j]->pno);
    /* the page at j may move to i unless its home k lies cyclically in (i, j] */
    bool stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);
    if (stays) continue;
    m->tab[i] = m->tab[j];
    m->tab[j] = NULL;
    i = j;
  }
}

/* Drop the materialized pages of [first, last] (page-aligned bounds). */
static void drop_pages(mem_space *m, uint64_t first, uint64_t last) {
  uint64_t pf = PNO(first), pl = PNO(last);
  if (pl - pf < m->npages) {
    for (uint64_t pno = pf;; pno++) {
      for (size_t i = slot_of(m, pno); m->tab[i]; i = (i + 1) & (m->tabcap - 1)) {
        if (m->tab[i]->pno == pno) {
          page_free(m->tab[i]);
          tab_delete(m, i);
          break;
        }
      }
      if (pno == pl) break;
    }
  } else {
    /* A slot is examined again after a deletion: the run moved back into it.
     * Pages moved into slots already passed were already kept. */
    for (size_t i = 0; i < m->tabcap;) {
      page *p = m->tab[i];
      if (p && p->pno >= pf && p->pno <= pl) {
        page_free(p);
        tab_delete(m, i);
      } else {
        i++;
      }
    }
  }
  tlb_flush(m);
}

mem_err mem_unmap(mem_space *m, uint64_t lo, uint64_t size) {
  uint64_t first, last;
  if (!page_range(m, lo, size, &first, &last)) return MEM_ERR_RANGE;
  if (!reg_reserve(m, 2)) return MEM_ERR_NOMEM;
  reg_split(m, first);
  if (last < m->amask) reg_split(m, last + 1);
  size_t i = reg_lower(m, first), j = i;
  bool exec = false;
  while (j < m->nregs && m->regs[j].last <= last) exec |= (m->regs[j++].perms & MEM_X) != 0;
  if (j > i) {
    reg_delete(m, i, j - i);
    drop_pages(m, first, last);
  }
  reg_coalesce(m); /* the splits may have left mergeable neighbours */
  m->unmap_gen = ++m->stamp;
  if (exec) m->xgen = m->unmap_gen;
  return MEM_ERR_NONE;
}

mem_err mem_protect(mem_space *m, uint64_t lo, uint64_t size, unsigned perms) {
  uint64_t first, last;
  if (perms & ~(unsigned)(MEM_R | MEM_W | MEM_X)) return MEM_ERR_ARG;
  if (!page_range(m, lo, size, &first, &last)) return MEM_ERR_RANGE;
  /* every page must be mapped: the regions from first on must be contiguous */
  size_t i = reg_lower(m, first);
  uint64_t next = first;
  for (size_t k = i; next <= last; k++) {
    if (k >= m->nregs || m->regs[k].lo > next) return MEM_ERR_UNMAPPED;
    if (m->regs[k].last >= last) break;
    next = m->regs[k].last + 1;
  }
  if (!reg_reserve(m, 2)) return MEM_ERR_NOMEM;
  reg_split(m, first);
  if (last < m->amask) reg_split(m, last + 1);
  uint64_t gen = ++m->stamp;
  bool exec = (perms & MEM_X) != 0;
  for (size_t k = reg_lower(m, first); k < m->nregs && m->regs[k].lo <= last; k++) {
    exec |= (m->regs[k].perms & MEM_X) != 0;
    m->regs[k].perms = perms;
    m->rgen[k] = gen;
  }
  if (exec) m->xgen = gen;
  fast_flush(m);
  /* materialized pages carry a copy of the permissions */
  uint64_t pf = PNO(first), pl = PNO(last);
  if (pl - pf < m->npages) {
    for (uint64_t pno = pf;; pno++) {
      page *p = tab_find(m, pno);
      if (p) p->perms = perms, p->gen = gen;
      if (pno == pl) break;
    }
  } else {
    for (size_t k = 0; k < m->tabcap; k++) {
      page *p = m->tab[k];
      if (p && p->pno >= pf && p->pno <= pl) p->perms = perms, p->gen = gen;
    }
  }
  reg_coalesce(m);
  return MEM_ERR_NONE;
}

const mem_region *mem_region_of(const mem_space *m, uint64_t addr) {
  size_t i = reg_find(m, addr & m->amask);
  return i == SIZE_MAX ? NULL : &m->regs[i];
}

const mem_region *mem_regions(const mem_space *m, size_t *count) {
  *count = m->nregs;
  return m->regs;
}

/* ---- generations --------------------------------------------------------- */

uint64_t mem_stamp(const mem_space *m) { return m->stamp; }
uint64_t mem_exec_gen(const mem_space *m) { return m->xgen; }

uint64_t mem_page_gen(const mem_space *m, uint64_t addr) {
  addr &= m->amask;
  const page *p = tab_find(m, PNO(addr));
  if (p) return p->gen;
  size_t i = reg_find(m, addr);
  return i == SIZE_MAX ? m->unmap_gen : m->rgen[i];
}

/* ---- accesses ------------------------------------------------------------ */

/* Bytes from addr to the end of its page, of the space, or of n. */
static inline size_t chunk_len(const mem_space *m, uint64_t addr, size_t n) {
  uint64_t room = PAGE - POFF(addr);
  uint64_t after = m->amask - addr; /* bytes after addr before the wrap */
  if (after < room - 1) room = after + 1;
  return (uint64_t)n < room ? n : (size_t)room;
}

/* The page pno, materialized if it is mapped; NULL with *fault set if not. */
static page *pg_get(mem_space *m, uint64_t pno, int *fault) {
  page *p = pg_find(m, pno);
  if (p) return p;
  size_t r = reg_find(m, pno << MEM_PAGE_BITS);
  if (r == SIZE_MAX) {
    *fault = MEM_FAULT_UNMAPPED;
    return NULL;
  }
  *fault = MEM_FAULT_NOMEM;
  if (m->max_pages && m->npages >= m->max_pages) return NULL;
  p = malloc(sizeof *p);
  if (!p) return NULL;
  p->pno = pno;
  p->gen = m->rgen[r];
  p->perms = m->regs[r].perms;
  p->kind = m->regs[r].kind;
  p->nundef = 0;
  p->undef = NULL;
  memset(p->data, 0, sizeof p->data);
  if (p->kind == MEM_INPUT) {
    p->undef = malloc(PAGE / 8);
    if (!p->undef) {
      free(p);
      return NULL;
    }
    memset(p->undef, 0xff, PAGE / 8);
    p->nundef = (uint32_t)PAGE;
  }
  if (!tab_insert(m, p)) {
    page_free(p);
    return NULL;
  }
  m->tlb[pno & (TLB_SIZE - 1)] = (tlb_ent){pno, p};
  return p;
}

static int fault(mem_space *m, int kind, uint64_t addr, bool write, uint64_t *fault_addr) {
  m->fault_kind = kind;
  m->fault_addr = addr;
  m->fault_write = write;
  if (fault_addr) *fault_addr = addr;
  return kind;
}

/* Materialize the pages of [addr, addr+n) and check that each grants need;
 * the first failure is reported.  Materializing is invisible, so a fault
 * after it still "changes nothing". */
static int check(mem_space *m, uint64_t addr, size_t n, unsigned need, bool write,
                 uint64_t *fault_addr) {
  while (n > 0) {
    int k;
    page *p = pg_get(m, PNO(addr), &k);
    if (!p) return fault(m, k, addr, write, fault_addr);
    if ((p->perms & need) != need) return fault(m, MEM_FAULT_PERM, addr, write, fault_addr);
    size_t c = chunk_len(m, addr, n);
    n -= c;
    addr = (addr + c) & m->amask;
  }
  return MEM_OK;
}

/* p has no undefined byte left: drop its bitmap, and the direct-access
 * entries' copies of the pointer with it (isa.h: NULL, none undefined). */
static void undef_free(mem_space *m, page *p) {
  free(p->undef);
  p->undef = NULL;
  isa_fast_page *r = &m->fast.rd[p->pno & (ISA_FAST_PAGES - 1)], *w = &m->fast.wr[p->pno & (ISA_FAST_PAGES - 1)];
  if (r->tag == p->pno) r->undef = NULL;
  if (w->tag == p->pno) w->undef = NULL;
}

/* Give the undefined bytes among p->data[off, off+len) their input values. */
static void define(mem_space *m, page *p, size_t off, size_t len) {
  for (size_t i = off; i < off + len && p->nundef; i++) {
    if (!(p->undef[i >> 3] & (1u << (i & 7)))) continue;
    uint64_t a = (p->pno << MEM_PAGE_BITS) | i;
    p->data[i] = m->undef ? m->undef(m->uctx, a) : 0;
    p->undef[i >> 3] &= (uint8_t) ~(1u << (i & 7));
    p->nundef--;
  }
  if (p->undef && !p->nundef) undef_free(m, p); /* fully defined: back on the fast path */
}

/* Mark written bytes defined (no callback: the write gives the value). */
static void overwrite(mem_space *m, page *p, size_t off, size_t len) {
  for (size_t i = off; i < off + len && p->nundef; i++) {
    if (!(p->undef[i >> 3] & (1u << (i & 7)))) continue;
    p->undef[i >> 3] &= (uint8_t) ~(1u << (i & 7));
    p->nundef--;
  }
  if (p->undef && !p->nundef) undef_free(m, p);
}

/* Copy out [addr, addr+n), defining undefined bytes; pages are materialized. */
static void copy_out(mem_space *m, uint64_t addr, size_t n, uint8_t *out) {
  while (n > 0) {
    size_t c = chunk_len(m, addr, n);
    page *p = pg_find(m, PNO(addr));
    size_t off = (size_t)POFF(addr);
    if (p->undef) define(m, p, off, c);
    memcpy(out, p->data + off, c);
    out += c;
    n -= c;
    addr = (addr + c) & m->amask;
  }
}

static void copy_in(mem_space *m, uint64_t addr, size_t n, const uint8_t *in) {
  uint64_t gen = ++m->stamp;
  while (n > 0) {
    size_t c = chunk_len(m, addr, n);
    page *p = pg_find(m, PNO(addr));
    size_t off = (size_t)POFF(addr);
    if (p->undef) overwrite(m, p, off, c);
    memmove(p->data + off, in, c); /* memmove: in may alias this memory */
    p->gen = gen;
    if (p->perms & MEM_X) m->xgen = gen;
    in += c;
    n -= c;
    addr = (addr + c) & m->amask;
  }
}

/* Are the n bytes at off all defined?  (For short accesses on pages that
 * still have undefined bytes, such as the stack: keeps them on the fast path.) */
static inline bool all_defined(const page *p, size_t off, size_t n) {
  for (size_t i = off; i < off + n; i++)
    if (p->undef[i >> 3] & (1u << (i & 7))) return false;
  return true;
}

/* Copy n bytes (dst and src may overlap); the sizes of the ISA seam's
 * accesses without a library call, since every emulated load and store
 * comes through here. */
static inline void copy_small(uint8_t *dst, const uint8_t *src, size_t n) {
  switch (n) {
  case 1: *dst = *src; return;
  case 2: memcpy(dst, src, 2); return; /* fixed sizes: loaded whole, then stored */
  case 4: memcpy(dst, src, 4); return;
  case 8: memcpy(dst, src, 8); return;
  default: memmove(dst, src, n); return;
  }
}

int mem_read(mem_space *m, uint64_t addr, size_t n, uint8_t *out, uint64_t *fault_addr) {
  if (n == 0) return MEM_OK;
  addr &= m->amask;
  if (n <= PAGE - POFF(addr) && n - 1 <= m->amask - addr) { /* within one page */
    tlb_ent *t = &m->tlb[PNO(addr) & (TLB_SIZE - 1)];
    page *p = t->p;
    if (t->pno == PNO(addr) && (p->perms & MEM_R) &&
        (!p->undef || (n <= 16 && all_defined(p, (size_t)POFF(addr), n)))) {
      copy_small(out, p->data + POFF(addr), n);
      return MEM_OK;
    }
  }
  int k = check(m, addr, n, MEM_R, false, fault_addr);
  if (k) return k;
  copy_out(m, addr, n, out);
  return MEM_OK;
}

int mem_write(mem_space *m, uint64_t addr, size_t n, const uint8_t *in, uint64_t *fault_addr) {
  if (n == 0) return MEM_OK;
  addr &= m->amask;
  if (n <= PAGE - POFF(addr) && n - 1 <= m->amask - addr) {
    tlb_ent *t = &m->tlb[PNO(addr) & (TLB_SIZE - 1)];
    page *p = t->p;
    if (t->pno == PNO(addr) && (p->perms & MEM_W)) {
      if (p->undef) overwrite(m, p, (size_t)POFF(addr), n);
      copy_small(p->data + POFF(addr), in, n);
      p->gen = ++m->stamp;
      if (p->perms & MEM_X) m->xgen = p->gen;
      return MEM_OK;
    }
  }
  int k = check(m, addr, n, MEM_W, true, fault_addr);
  if (k) return k;
  copy_in(m, addr, n, in);
  return MEM_OK;
}

int mem_poke(mem_space *m, uint64_t addr, size_t n, const uint8_t *in, uint64_t *fault_addr) {
  if (n == 0) return MEM_OK;
  addr &= m->amask;
  int k = check(m, addr, n, 0, true, fault_addr);
  if (k) return k;
  copy_in(m, addr, n, in);
  return MEM_OK;
}

int mem_fetch(mem_space *m, uint64_t addr, size_t max, uint8_t *out, size_t *got,
              uint64_t *fault_addr) {
  *got = 0;
  if (max == 0) return MEM_OK;
  addr &= m->amask;
  /* the first byte must be executable; then take bytes while they are */
  int k = check(m, addr, 1, MEM_X, false, fault_addr);
  if (k) {
    m->fault_write = false;
    return k;
  }
  size_t n = 0;
  uint64_t a = addr;
  while (n < max) {
    int ignored;
    page *p = pg_get(m, PNO(a), &ignored);
    if (!p || !(p->perms & MEM_X)) break;
    size_t c = chunk_len(m, a, max - n);
    n += c;
    a = (a + c) & m->amask;
  }
  copy_out(m, addr, n, out);
  *got = n;
  return MEM_OK;
}

int mem_peek(const mem_space *m, uint64_t addr, size_t n, uint8_t *out, bool *defined,
             uint64_t *fault_addr) {
  addr &= m->amask;
  /* first pass: everything mapped? (no materializing: this is const) */
  uint64_t a = addr;
  for (size_t left = n; left > 0;) {
    if (reg_find(m, a) == SIZE_MAX) {
      if (fault_addr) *fault_addr = a;
      return MEM_FAULT_UNMAPPED;
    }
    size_t c = chunk_len(m, a, left);
    left -= c;
    a = (a + c) & m->amask;
  }
  for (size_t done = 0; done < n;) {
    size_t c = chunk_len(m, addr, n - done);
    const page *p = tab_find(m, PNO(addr));
    size_t off = (size_t)POFF(addr);
    for (size_t i = 0; i < c; i++) {
      bool def;
      if (p) {
        def = !p->undef || !(p->undef[(off + i) >> 3] & (1u << ((off + i) & 7)));
        out[done + i] = def ? p->data[off + i] : 0;
      } else {
        def = m->regs[reg_find(m, addr)].kind != MEM_INPUT;
        out[done + i] = 0;
      }
      if (defined) defined[done + i] = def;
    }
    done += c;
    addr = (addr + c) & m->amask;
  }
  return MEM_OK;
}

int mem_last_fault(const mem_space *m, uint64_t *addr, bool *write) {
  if (addr) *addr = m->fault_addr;
  if (write) *write = m->fault_write;
  return m->fault_kind;
}

/* After an access of the step through the call: give the step direct
 * access to the page if every access of it that the entry lets through is
 * one the call would make without a fault (isa.h).  Never a written
 * executable page: its writes must reach xgen, for the decode cache. */
static void fast_fill(mem_space *m, isa_fast_page *tab, uint64_t addr, unsigned need) {
  uint64_t pno = PNO(addr & m->amask);
  page *p = pg_find(m, pno);
  if (!p || (p->perms & need) != need || ((need & MEM_W) && (p->perms & MEM_X))) return;
  tab[pno & (ISA_FAST_PAGES - 1)] = (isa_fast_page){pno, p->data, p->undef, &p->gen};
}

int mem_isa_load(void *mem, uint64_t addr, unsigned n, uint8_t *out) {
  mem_space *m = mem;
  int k = mem_read(m, addr, n, out, NULL);
  if (!k) fast_fill(m, m->fast.rd, addr, MEM_R);
  return k;
}

int mem_isa_store(void *mem, uint64_t addr, unsigned n, const uint8_t *in) {
  mem_space *m = mem;
  int k = mem_write(m, addr, n, in, NULL);
  if (!k) fast_fill(m, m->fast.wr, addr, MEM_W);
  return k;
}

isa_fast_mem *mem_fast(mem_space *m) { return &m->fast; }
const uint64_t *mem_exec_gen_at(const mem_space *m) { return &m->xgen; }
