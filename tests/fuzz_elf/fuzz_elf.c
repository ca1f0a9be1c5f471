/* fuzz_elf.c — libFuzzer harness for the ELF loader (runtime/machine/elfload.c) and
 * the memory it maps into (runtime/machine/mem.c).
 *
 * Each input is one file image given to el_load_mem, with a descriptor read
 * off the input's own header (class, byte order, machine) so that most
 * inputs get past identification, and once more with a fixed 32-bit
 * little-endian descriptor.  Beyond "no crash, no leak, no UB" the harness
 * checks the loader's promises and aborts when one is broken:
 *  - a refusal has a known code, a one-line message starting with the name,
 *    no image, and (unless it ran out of memory) an untouched memory;
 *  - a success maps every segment with at least its permissions, memory
 *    holds the file bytes then zeros (bss), the entry point can be fetched,
 *    every symbol is found by name and by address, and brk is a page
 *    boundary with nothing mapped at it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elfload.h"

#define CHECK_MAX 8192 /* bytes compared per segment (bounds the time) */

static void die(const char *what, const el_error *e) {
  fprintf(stderr, "fuzz_elf: broken promise: %s (%s: %s)\n", what, el_err_name(e->code), e->msg);
  abort();
}

static void check_image(const uint8_t *d, size_t n, const el_image *img, mem_space *m, const el_error *e) {
  (void)n;
  static uint8_t buf[CHECK_MAX];
  static bool def[CHECK_MAX];
  for (size_t i = 0; i < img->nsegs; i++) {
    const el_segment *s = &img->segs[i];
    if (!s->memsz) continue;
    const mem_region *r = mem_region_of(m, s->vaddr);
    if (!r || (r->perms & s->perms) != s->perms) die("segment not mapped with its permissions", e);
    size_t k = s->filesz < CHECK_MAX ? (size_t)s->filesz : CHECK_MAX;
    if (mem_peek(m, s->vaddr, k, buf, def, NULL) != 0 || (k && memcmp(buf, d + s->offset, k)))
      die("segment bytes differ from the file", e);
    uint64_t bss = s->memsz - s->filesz;
    k = bss < CHECK_MAX ? (size_t)bss : CHECK_MAX;
    if (mem_peek(m, s->vaddr + s->filesz, k, buf, def, NULL) != 0) die("bss not mapped", e);
    for (size_t j = 0; j < k; j++)
      if (buf[j] || !def[j]) die("bss not zero", e);
  }
  size_t got;
  if (mem_fetch(m, img->entry, 16, buf, &got, NULL) != 0 || got == 0) die("entry cannot be fetched", e);
  for (size_t i = 0; i < img->nsyms; i++) {
    const el_symbol *s = &img->syms[i];
    const el_symbol *t = el_sym_by_name(img, s->name);
    if (!t || strcmp(t->name, s->name)) die("symbol not found by name", e);
    uint64_t off;
    t = el_sym_by_addr(img, s->addr, &off);
    if (!t || t->addr != s->addr || off) die("symbol not found by address", e);
  }
  if (img->brk % MEM_PAGE_SIZE) die("brk not page-aligned", e);
  if (img->brk && img->brk <= mem_max_addr(m) && mem_region_of(m, img->brk)) die("brk is mapped", e);
}

static void one(const uint8_t *d, size_t n, const isa_desc *desc) {
  mem_space *m = mem_new(desc->addr_bits);
  if (!m) abort();
  mem_set_page_limit(m, 1u << 14); /* 64 MiB: more is a harness problem, not a bug */
  el_image *img = NULL;
  el_error e;
  el_err rc = el_load_mem(d, n, "fuzz", desc, m, &img, &e);
  if (rc != e.code) die("return code differs from err.code", &e);
  if (rc) {
    size_t nr;
    mem_regions(m, &nr);
    if (img) die("image on failure", &e);
    if (rc >= EL_ERR_COUNT || !strcmp(el_err_name(rc), "EL_ERR_?")) die("unknown code", &e);
    if (strncmp(e.msg, "fuzz: ", 6) || strchr(e.msg, '\n') || strlen(e.msg) < 10) die("bad message", &e);
    if (rc != EL_ERR_NOMEM && (nr || mem_page_count(m))) die("refused, but memory changed", &e);
  } else {
    if (!img) die("no image on success", &e);
    check_image(d, n, img, m, &e);
    el_free(img);
  }
  mem_free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) {
  bool big = n > 5 && d[5] == 2;
  isa_desc own = {.name = "fuzz-own", .big_endian = big, .addr_bits = n > 4 && d[4] == 2 ? 64 : 32};
  own.elf_machine = n > 19 ? (big ? (unsigned)d[18] << 8 | d[19] : (unsigned)d[19] << 8 | d[18]) : 3;
  one(d, n, &own);
  static const isa_desc fixed = {.name = "fuzz-le32", .big_endian = false, .addr_bits = 32, .elf_machine = 3};
  one(d, n, &fixed);
  return 0;
}
