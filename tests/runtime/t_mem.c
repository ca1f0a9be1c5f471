/* t_mem.c — ctest runtime.mem: unit tests of runtime/machine/mem.c, then a
 * randomized comparison against a naive model of a 16-bit space. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "mem.h"

static int failures, checks;

#define CHECK(cond, ...)                                               \
  do {                                                                 \
    checks++;                                                          \
    if (!(cond)) {                                                     \
      failures++;                                                      \
      fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                                    \
      fputc('\n', stderr);                                             \
    }                                                                  \
  } while (0)

#define P MEM_PAGE_SIZE

/* the input assignment of the tests: a fixed function, with a call log */
typedef struct inputs {
  unsigned calls;
  uint64_t last;
  unsigned char seen[1 << 16]; /* calls per address (16-bit spaces) */
} inputs;

static uint8_t input_byte(uint64_t a) { return (uint8_t)(a * 31 + 7); }

static uint8_t undef_cb(void *ctx, uint64_t a) {
  inputs *in = ctx;
  in->calls++;
  in->last = a;
  if (a < sizeof in->seen) in->seen[a]++;
  return input_byte(a);
}

static void t_life(void) {
  CHECK(mem_new(0) == NULL && mem_new(65) == NULL, "bad widths accepted");
  mem_space *m = mem_new(32);
  CHECK(m && mem_addr_bits(m) == 32 && mem_max_addr(m) == 0xffffffffu, "new");
  CHECK(mem_map(m, 0x1000, 0, MEM_R, MEM_ZERO) == MEM_ERR_RANGE, "size 0");
  CHECK(mem_map(m, 0x100000000ull, 1, MEM_R, MEM_ZERO) == MEM_ERR_RANGE, "beyond the space");
  CHECK(mem_map(m, 0xfffff000u, 0x2000, MEM_R, MEM_ZERO) == MEM_ERR_RANGE, "wraps");
  CHECK(mem_map(m, 0x1000, 1, 8, MEM_ZERO) == MEM_ERR_ARG, "bad perms");
  CHECK(mem_map(m, 0x1000, 1, MEM_R, (mem_kind)7) == MEM_ERR_ARG, "bad kind");
  CHECK(mem_map(m, 0x1234, 0x10, MEM_R, MEM_ZERO) == 0, "unaligned map");
  const mem_region *r = mem_region_of(m, 0x1fff);
  CHECK(r && r->lo == 0x1000 && r->last == 0x1fff, "rounded out to the page");
  CHECK(mem_map(m, 0x1ff0, 0x20, MEM_R, MEM_ZERO) == MEM_ERR_OVERLAP, "overlap");
  CHECK(mem_region_of(m, 0x2000) == NULL, "failed map changed nothing");
  CHECK(mem_map(m, 0xfffff000u, 0x1000, MEM_R | MEM_W, MEM_ZERO) == 0, "top page");
  CHECK(!mem_is_free(m, 0x1000, 1) && mem_is_free(m, 0x2000, 0x1000) && !mem_is_free(m, 0x2000, 0),
        "mem_is_free");
  /* a 4 GiB bss costs nothing until touched */
  mem_space *big = mem_new(32);
  CHECK(mem_map(big, 0, 0xffffffffu, MEM_R | MEM_W, MEM_ZERO) == 0 && mem_page_count(big) == 0, "lazy");
  uint8_t b[4] = {1, 2, 3, 4};
  CHECK(mem_write(big, 0x80000000u, 4, b, NULL) == 0 && mem_page_count(big) == 1, "one page");
  mem_free(big);
  mem_free(m);
  mem_free(NULL);
}

static void t_faults(void) {
  mem_space *m = mem_new(32);
  mem_map(m, 0x10000, P, MEM_R | MEM_W, MEM_ZERO);
  mem_map(m, 0x11000, P, MEM_R, MEM_ZERO);
  mem_map(m, 0x12000, P, MEM_W, MEM_ZERO);
  uint8_t out[8] = {9, 9, 9, 9, 9, 9, 9, 9}, in[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  uint64_t fa = 0;
  CHECK(mem_read(m, 0x20000, 4, out, &fa) == MEM_FAULT_UNMAPPED && fa == 0x20000, "unmapped");
  CHECK(out[0] == 9, "faulting read wrote its output");
  CHECK(mem_read(m, 0x12000, 4, out, &fa) == MEM_FAULT_PERM && fa == 0x12000, "no R");
  CHECK(mem_write(m, 0x11000, 4, in, &fa) == MEM_FAULT_PERM && fa == 0x11000, "no W");
  /* a write across a page boundary into a read-only page changes nothing */
  CHECK(mem_write(m, 0x10ffc, 8, in, &fa) == MEM_FAULT_PERM && fa == 0x11000, "cross-page fault at 0x%llx",
        (unsigned long long)fa);
  CHECK(mem_read(m, 0x10ffc, 4, out, NULL) == 0 && !memcmp(out, "\0\0\0\0", 4), "partial write happened");
  bool w;
  CHECK(mem_last_fault(m, &fa, &w) == MEM_FAULT_PERM && fa == 0x11000 && w, "last fault");
  /* a read running off the mapping faults at the first unmapped byte */
  CHECK(mem_read(m, 0x12ffe, 4, out, &fa) == MEM_FAULT_PERM && fa == 0x12ffe, "perm before unmapped");
  mem_map(m, 0x20000, P, MEM_R, MEM_ZERO);
  CHECK(mem_read(m, 0x20ffe, 4, out, &fa) == MEM_FAULT_UNMAPPED && fa == 0x21000, "off the end");
  CHECK(mem_read(m, 0x20ffe, 0, out, &fa) == 0, "empty read");
  /* cross-page accesses */
  CHECK(mem_write(m, 0x10ffd, 6, in, NULL) == MEM_FAULT_PERM, "second page is read-only");
  mem_protect(m, 0x11000, 1, MEM_R | MEM_W);
  CHECK(mem_write(m, 0x10ffd, 6, in, NULL) == 0, "after protect");
  CHECK(mem_read(m, 0x10ffd, 6, out, NULL) == 0 && !memcmp(out, in, 6), "cross-page bytes");
  /* the isa.h adapters: fault kinds through, output untouched, precise address kept */
  memset(out, 9, sizeof out);
  CHECK(mem_isa_load(m, 0x11ffe, 4, out) == MEM_FAULT_PERM && out[0] == 9, "isa load fault");
  CHECK(mem_last_fault(m, &fa, &w) == MEM_FAULT_PERM && fa == 0x12000 && !w, "isa load: fault address");
  CHECK(mem_isa_store(m, 0x10000, 8, in) == 0 && mem_isa_load(m, 0x10000, 8, out) == 0 &&
            !memcmp(in, out, 8), "isa round trip");
  CHECK(mem_isa_store(m, 0x12fff, 2, in) == MEM_FAULT_UNMAPPED, "isa store fault");
  CHECK(mem_last_fault(m, &fa, &w) == MEM_FAULT_UNMAPPED && fa == 0x13000 && w, "isa store: fault address");
  /* poke ignores permissions but not the mapping */
  CHECK(mem_poke(m, 0x12000, 2, in, NULL) == 0, "poke into write-only");
  CHECK(mem_poke(m, 0x12fff, 2, in, &fa) == MEM_FAULT_UNMAPPED && fa == 0x13000, "poke unmapped");
  mem_protect(m, 0x12000, 1, MEM_R);
  CHECK(mem_read(m, 0x12000, 2, out, NULL) == 0 && out[0] == 1 && out[1] == 2, "poked bytes");
  CHECK(mem_protect(m, 0x12000, 0x2000, MEM_R) == MEM_ERR_UNMAPPED, "protect over a hole");
  CHECK(strcmp(mem_fault_name(MEM_FAULT_PERM), "permission denied") == 0, "fault name");
  mem_free(m);
}

static void t_undef(void) {
  static inputs in;
  memset(&in, 0, sizeof in);
  mem_space *m = mem_new(16);
  mem_set_undef(m, undef_cb, &in);
  mem_map(m, 0x4000, 2 * P, MEM_R | MEM_W | MEM_X, MEM_INPUT);
  mem_map(m, 0x1000, P, MEM_R | MEM_W, MEM_ZERO);
  uint8_t out[32], defd[32];
  bool def[32];
  /* peek: no callback, flags say undefined */
  CHECK(mem_peek(m, 0x4ff0, 32, out, def, NULL) == 0 && in.calls == 0 && !def[0] && !def[31] &&
            out[0] == 0, "peek of undefined bytes");
  /* a faulting read defines nothing */
  CHECK(mem_read(m, 0x5ff0, 32, out, NULL) == MEM_FAULT_UNMAPPED && in.calls == 0, "fault called back");
  CHECK(mem_read(m, 0x4ff0, 32, out, NULL) == 0 && in.calls == 32, "32 calls, got %u", in.calls);
  for (int i = 0; i < 32; i++) defd[i] = input_byte(0x4ff0 + (unsigned)i);
  CHECK(!memcmp(out, defd, 32), "input values");
  CHECK(mem_read(m, 0x4ff0, 32, out, NULL) == 0 && in.calls == 32 && !memcmp(out, defd, 32), "fixed once");
  uint8_t w[4] = {0xaa, 0xbb, 0xcc, 0xdd};
  CHECK(mem_write(m, 0x4100, 4, w, NULL) == 0 && in.calls == 32, "a write calls back");
  CHECK(mem_read(m, 0x40fe, 8, out, NULL) == 0 && in.calls == 36 && out[2] == 0xaa && out[5] == 0xdd &&
            out[0] == input_byte(0x40fe) && out[7] == input_byte(0x4105),
        "written bytes are not inputs (%u calls)", in.calls);
  unsigned twice = 0;
  for (unsigned a = 0; a < sizeof in.seen; a++) twice += in.seen[a] > 1;
  CHECK(twice == 0, "%u addresses called back twice", twice);
  CHECK(mem_peek(m, 0x40fe, 8, out, def, NULL) == 0 && def[0] && def[7] && out[7] == input_byte(0x4105),
        "peek after definition");
  CHECK(mem_peek(m, 0x1000, 4, out, def, NULL) == 0 && def[0] && out[0] == 0, "zero pages are defined");
  CHECK(mem_peek(m, 0x3fff, 2, out, def, NULL) == MEM_FAULT_UNMAPPED, "peek unmapped");
  /* fetch defines what it returns */
  size_t got;
  unsigned before = in.calls;
  CHECK(mem_fetch(m, 0x5ffc, 16, out, &got, NULL) == 0 && got == 4 && in.calls == before + 4 &&
            out[3] == input_byte(0x5fff), "fetch at the end of an input region");
  /* without a callback undefined bytes read as 0; a whole page of reads
   * takes the page off the slow path (nothing left undefined) */
  mem_set_undef(m, NULL, NULL);
  static uint8_t page[P];
  CHECK(mem_read(m, 0x5000, P, page, NULL) == 0 && page[0] == input_byte(0x5000) && page[0x10] == 0 &&
            page[P - 1] == input_byte(0x5fff), "no callback");
  mem_free(m);
}

static void t_gen(void) {
  mem_space *m = mem_new(32);
  mem_map(m, 0x1000, P, MEM_R | MEM_X, MEM_IMAGE);
  mem_map(m, 0x2000, P, MEM_R | MEM_W, MEM_ZERO);
  mem_map(m, 0x3000, P, MEM_R | MEM_W | MEM_X, MEM_ZERO);
  uint8_t b[4] = {1, 2, 3, 4}, out[4];
  uint64_t s0 = mem_stamp(m);
  size_t got;
  CHECK(mem_fetch(m, 0x1000, 4, out, &got, NULL) == 0, "fetch");
  CHECK(mem_page_gen(m, 0x1000) <= s0 && mem_exec_gen(m) <= s0, "reads change no generation");
  CHECK(mem_write(m, 0x2000, 4, b, NULL) == 0, "data write");
  CHECK(mem_page_gen(m, 0x2000) > s0 && mem_exec_gen(m) <= s0 && mem_page_gen(m, 0x1000) <= s0,
        "a data write is not a code change");
  uint64_t s1 = mem_stamp(m);
  CHECK(mem_write(m, 0x3ffe, 2, b, NULL) == 0, "code write");
  CHECK(mem_page_gen(m, 0x3000) > s1 && mem_exec_gen(m) > s1, "self-modifying code is seen");
  uint64_t s2 = mem_stamp(m);
  CHECK(mem_poke(m, 0x1000, 4, b, NULL) == 0 && mem_page_gen(m, 0x1000) > s2 && mem_exec_gen(m) > s2,
        "poke is a change");
  uint64_t s3 = mem_stamp(m);
  mem_protect(m, 0x2000, 1, MEM_R | MEM_W | MEM_X);
  CHECK(mem_page_gen(m, 0x2000) > s3 && mem_exec_gen(m) > s3, "protect to X is a code change");
  uint64_t s4 = mem_stamp(m);
  mem_unmap(m, 0x1000, 1);
  CHECK(mem_page_gen(m, 0x1000) > s4 && mem_exec_gen(m) > s4, "unmap of code");
  CHECK(mem_fetch(m, 0x1000, 4, out, &got, NULL) == MEM_FAULT_UNMAPPED, "fetch after unmap");
  uint64_t s5 = mem_stamp(m);
  mem_map(m, 0x1000, 1, MEM_R | MEM_X, MEM_ZERO);
  CHECK(mem_page_gen(m, 0x1000) > s5 && mem_exec_gen(m) > s5, "map of code");
  CHECK(mem_fetch(m, 0x1000, 4, out, &got, NULL) == 0 && !memcmp(out, "\0\0\0\0", 4), "remapped is fresh");
  mem_free(m);
}

/* The step's direct access (isa.h): entries only where the call could not
 * fault and the bytes are defined, never for writes into code, forgotten on
 * protect and unmap; a write through one stamps like mem_write. */
static void t_fast(void) {
  mem_space *m = mem_new(32);
  mem_map(m, 0x2000, P, MEM_R | MEM_W, MEM_ZERO);
  mem_map(m, 0x3000, P, MEM_R | MEM_W | MEM_X, MEM_ZERO);
  mem_map(m, 0x4000, P, MEM_R | MEM_W, MEM_INPUT);
  isa_fast_mem *F = mem_fast(m);
  uint8_t b[4] = {1, 2, 3, 4}, out[4];
  CHECK(!isa_fast_at(F->rd, 0x2000, 4) && !isa_fast_at(F->wr, 0x2000, 4), "empty at first");
  CHECK(mem_isa_store(m, 0x2000, 4, b) == 0 && isa_fast_at(F->wr, 0x2ff8, 8), "a store fills the write side");
  CHECK(!isa_fast_at(F->wr, 0x2ffe, 4) && !isa_fast_at(F->wr, 0x12000, 4), "not across the page, not another page");
  uint8_t *p = isa_fast_at(F->wr, 0x2010, 1);
  uint64_t s0 = mem_stamp(m);
  *p = 7;
  *F->wr[2].gen = ++*F->stamp;
  CHECK(mem_read(m, 0x2010, 1, out, NULL) == 0 && out[0] == 7 && mem_page_gen(m, 0x2000) > s0 && mem_stamp(m) > s0,
        "a write in place is a write");
  CHECK(mem_isa_store(m, 0x3000, 4, b) == 0 && !isa_fast_at(F->wr, 0x3000, 4), "no direct writes into code");
  CHECK(mem_isa_load(m, 0x3000, 4, out) == 0 && isa_fast_at(F->rd, 0x3000, 4), "direct reads of code");
  CHECK(mem_isa_store(m, 0x4010, 4, b) == 0 && isa_fast_at(F->wr, 0x4010, 4) && !isa_fast_at(F->wr, 0x4012, 4) &&
            !isa_fast_at(F->wr, 0x400f, 1),
        "input pages: only the defined bytes");
  CHECK(mem_isa_load(m, 0x4014, 4, out) == 0 && isa_fast_at(F->rd, 0x4010, 8), "a read defines them");
  mem_protect(m, 0x2000, 1, MEM_R);
  CHECK(!isa_fast_at(F->wr, 0x2000, 4) && !isa_fast_at(F->rd, 0x3000, 4), "protect forgets the pages");
  CHECK(mem_isa_store(m, 0x2000, 4, b) == MEM_FAULT_PERM && !isa_fast_at(F->wr, 0x2000, 4), "nor a faulting store");
  mem_space *c = mem_clone(m);
  CHECK(c && mem_fast(c)->stamp != F->stamp, "a clone stamps its own counter");
  mem_free(c);
  CHECK(mem_isa_load(m, 0x4010, 4, out) == 0 && isa_fast_at(F->rd, 0x4010, 4), "filled again");
  mem_unmap(m, 0x4000, 1);
  CHECK(!isa_fast_at(F->rd, 0x4010, 4), "unmap forgets the page");
  mem_free(m);
}

static void t_fetch(void) {
  mem_space *m = mem_new(32);
  mem_map(m, 0x1000, 2 * P, MEM_R | MEM_X, MEM_IMAGE);
  mem_map(m, 0x3000, P, MEM_R | MEM_W, MEM_ZERO);
  mem_map(m, 0x5000, P, MEM_X, MEM_IMAGE); /* execute-only */
  uint8_t code[16] = {0x90, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, out[32];
  mem_poke(m, 0x2ffb, 5, code, NULL);
  size_t got = 99;
  uint64_t fa;
  CHECK(mem_fetch(m, 0x2ffb, 16, out, &got, NULL) == 0 && got == 5 && !memcmp(out, code, 5),
        "short fetch at the end of the segment: got %zu", got);
  CHECK(mem_fetch(m, 0x1ff8, 16, out, &got, NULL) == 0 && got == 16, "across two code pages");
  CHECK(mem_fetch(m, 0x3000, 16, out, &got, &fa) == MEM_FAULT_PERM && got == 0 && fa == 0x3000, "data");
  CHECK(mem_fetch(m, 0x4000, 16, out, &got, &fa) == MEM_FAULT_UNMAPPED && fa == 0x4000, "unmapped");
  CHECK(mem_fetch(m, 0x5ff0, 32, out, &got, NULL) == 0 && got == 16, "execute-only fetch");
  CHECK(mem_read(m, 0x5000, 1, out, NULL) == MEM_FAULT_PERM, "execute-only read");
  CHECK(mem_fetch(m, 0x1000, 0, out, &got, NULL) == 0 && got == 0, "max 0");
  mem_free(m);
}

static void t_wrap(void) {
  /* 16-bit space: an access at the top continues at 0 */
  mem_space *m = mem_new(16);
  CHECK(mem_map(m, 0, 0x10000, MEM_R | MEM_W, MEM_ZERO) == 0, "whole space");
  CHECK(mem_map(m, 0, 0x10001, MEM_R, MEM_ZERO) == MEM_ERR_RANGE, "more than the space");
  uint8_t b[4] = {1, 2, 3, 4}, out[4];
  CHECK(mem_write(m, 0xfffe, 4, b, NULL) == 0, "wrapping write");
  CHECK(mem_read(m, 0, 2, out, NULL) == 0 && out[0] == 3 && out[1] == 4, "wrapped bytes");
  CHECK(mem_read(m, 0x1fffe, 2, out, NULL) == 0 && out[0] == 1, "addresses are taken modulo 2^16");
  mem_free(m);
  /* a space smaller than a page */
  m = mem_new(8);
  CHECK(mem_map(m, 0, 0x100, MEM_R | MEM_W, MEM_ZERO) == 0 && mem_map(m, 0, 0x101, MEM_R, MEM_ZERO) == MEM_ERR_RANGE,
        "8-bit space");
  CHECK(mem_write(m, 0xff, 2, b, NULL) == 0 && mem_read(m, 0, 1, out, NULL) == 0 && out[0] == 2, "8-bit wrap");
  size_t n;
  const mem_region *r = mem_regions(m, &n);
  CHECK(n == 1 && r[0].lo == 0 && r[0].last == 0xff, "8-bit region");
  mem_free(m);
  /* 64-bit space: the top page, and a wrap to page 0 */
  m = mem_new(64);
  CHECK(mem_map(m, 0xfffffffffffff000ull, P, MEM_R | MEM_W, MEM_ZERO) == 0, "top page");
  CHECK(mem_map(m, 0, P, MEM_R | MEM_W, MEM_ZERO) == 0, "page 0");
  r = mem_regions(m, &n);
  CHECK(n == 2 && r[1].last == UINT64_MAX, "64-bit regions");
  CHECK(mem_write(m, UINT64_MAX - 1, 4, b, NULL) == 0 && mem_read(m, 0, 2, out, NULL) == 0 && out[1] == 4,
        "64-bit wrap");
  CHECK(mem_unmap(m, 0xfffffffffffff000ull, P) == 0 && mem_read(m, UINT64_MAX, 1, out, NULL) == MEM_FAULT_UNMAPPED,
        "unmap the top page");
  mem_free(m);
}

static void t_regions(void) {
  mem_space *m = mem_new(32);
  mem_map(m, 0x1000, P, MEM_R, MEM_ZERO);
  mem_map(m, 0x2000, P, MEM_R, MEM_ZERO);
  mem_map(m, 0x3000, P, MEM_R, MEM_INPUT);
  size_t n;
  const mem_region *r = mem_regions(m, &n);
  CHECK(n == 2 && r[0].lo == 0x1000 && r[0].last == 0x2fff && r[1].kind == MEM_INPUT, "coalesced: %zu", n);
  mem_protect(m, 0x1800, 1, MEM_R | MEM_W);
  r = mem_regions(m, &n);
  CHECK(n == 3 && r[0].last == 0x1fff && r[0].perms == (MEM_R | MEM_W) && r[1].lo == 0x2000 &&
            r[1].perms == MEM_R,
        "protect splits: %zu", n);
  mem_protect(m, 0x1000, 1, MEM_R);
  r = mem_regions(m, &n);
  CHECK(n == 2, "protect back merges: %zu", n);
  mem_unmap(m, 0x2000, 1);
  r = mem_regions(m, &n);
  CHECK(n == 2 && r[0].last == 0x1fff && r[1].lo == 0x3000, "unmap splits");
  mem_free(m);
}

static void t_misc(void) {
  static inputs in;
  memset(&in, 0, sizeof in);
  mem_space *m = mem_new(32);
  mem_set_undef(m, undef_cb, &in);
  mem_map(m, 0x1000, 4 * P, MEM_R | MEM_W, MEM_INPUT);
  uint8_t b[4] = {1, 2, 3, 4}, out[4];
  mem_write(m, 0x1000, 4, b, NULL);
  mem_space *c = mem_clone(m);
  CHECK(c != NULL, "clone");
  uint8_t z[4] = {0};
  mem_write(c, 0x1000, 4, z, NULL);
  CHECK(mem_read(m, 0x1000, 4, out, NULL) == 0 && !memcmp(out, b, 4), "clone is independent");
  CHECK(mem_read(c, 0x2000, 1, out, NULL) == 0 && out[0] == input_byte(0x2000) && in.calls == 1,
        "clone shares the callback");
  size_t n1, n2;
  mem_regions(m, &n1);
  mem_regions(c, &n2);
  CHECK(n1 == n2 && mem_stamp(c) == mem_stamp(m) + 1, "clone regions, counters");
  mem_free(c);
  /* the page limit */
  mem_set_page_limit(m, 2);
  uint64_t fa;
  CHECK(mem_read(m, 0x1000, 1, out, NULL) == 0 && mem_read(m, 0x2000, 1, out, NULL) == 0, "two pages");
  CHECK(mem_read(m, 0x2ffe, 4, out, &fa) == MEM_FAULT_NOMEM && fa == 0x3000, "third page: NOMEM");
  CHECK(mem_page_count(m) == 2, "pages: %zu", mem_page_count(m));
  mem_set_page_limit(m, 0);
  /* TLB after unmap: the page is gone */
  CHECK(mem_read(m, 0x1000, 1, out, NULL) == 0, "cached");
  mem_unmap(m, 0x1000, P);
  CHECK(mem_read(m, 0x1000, 1, out, &fa) == MEM_FAULT_UNMAPPED && fa == 0x1000, "stale TLB");
  mem_free(m);

  /* the page table under many pages and deletions */
  m = mem_new(32);
  mem_map(m, 0, 0x4000000, MEM_R | MEM_W, MEM_ZERO);
  enum { N = 6000 };
  static uint32_t pages[N];
  srand(7);
  for (int i = 0; i < N; i++) {
    pages[i] = (uint32_t)(rand() % 0x4000);
    uint32_t v = pages[i];
    mem_write(m, (uint64_t)v * P, 4, (uint8_t *)&v, NULL);
  }
  mem_unmap(m, 0x1000000, 0x1000000); /* pages 0x1000-0x1fff */
  mem_unmap(m, 0x3000000, 0x10 * P);  /* a small range: the other deletion path */
  int bad = 0;
  for (int i = 0; i < N; i++) {
    uint32_t v = pages[i], got = 0;
    int k = mem_read(m, (uint64_t)v * P, 4, (uint8_t *)&got, NULL);
    bool gone = (v >= 0x1000 && v < 0x2000) || (v >= 0x3000 && v < 0x3010);
    if (gone ? k != MEM_FAULT_UNMAPPED : (k != 0 || got != v)) bad++;
  }
  CHECK(bad == 0, "%d pages wrong after deletions", bad);
  mem_free(m);
}

/* ---- randomized comparison with a naive model ---------------------------- */

#define MB 20 /* model address bits: 256 pages */
#define MSIZE (1u << MB)
#define MPAGES (MSIZE / P)

typedef struct model {
  bool mapped[MPAGES];
  unsigned perms[MPAGES];
  mem_kind kind[MPAGES];
  uint8_t val[MSIZE];
  bool def[MSIZE];
  unsigned defs; /* bytes defined by reading */
} model;

static uint64_t rng = 88172645463325252ull;
static uint64_t rnd(uint64_t n) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return rng % n;
}

/* the model's access: the first failing byte, in address order */
static int m_check(model *M, uint32_t a, size_t n, unsigned need, uint64_t *fa) {
  for (size_t i = 0; i < n; i++) {
    uint32_t x = (a + (uint32_t)i) & (MSIZE - 1);
    if (!M->mapped[x / P]) return *fa = x, MEM_FAULT_UNMAPPED;
    if ((M->perms[x / P] & need) != need) return *fa = x, MEM_FAULT_PERM;
  }
  return 0;
}

static void m_get(model *M, uint32_t a, size_t n, uint8_t *out) {
  for (size_t i = 0; i < n; i++) {
    uint32_t x = (a + (uint32_t)i) & (MSIZE - 1);
    if (!M->def[x]) M->val[x] = input_byte(x), M->def[x] = true, M->defs++;
    out[i] = M->val[x];
  }
}

static void t_random(void) {
  static model M;
  static inputs in;
  mem_space *m = mem_new(MB);
  mem_set_undef(m, undef_cb, &in);
  static uint8_t buf[2 * P], ref[2 * P], data[2 * P];
  int mismatches = 0, ok[4] = {0}; /* successful reads, writes, fetches, peeks */
  for (int step = 0; step < 200000 && mismatches < 10; step++) {
    uint32_t a = (uint32_t)rnd(MSIZE);
    if (rnd(4) == 0) a = (uint32_t)(rnd(MPAGES) * P - rnd(8)) & (MSIZE - 1); /* near page ends */
    size_t n = rnd(8) == 0 ? rnd(2 * P) : rnd(12);
    uint64_t fa = 0, mfa = 0;
    int op = (int)rnd(100), k, mk;
    if (op < 4) { /* map */
      uint64_t size = rnd(6) * P + rnd(3);
      unsigned perms = (unsigned)rnd(8);
      mem_kind kind = (mem_kind)rnd(3);
      k = mem_map(m, a, size, perms, kind);
      uint32_t pf = a / P, pl = size ? (uint32_t)((a + size - 1) / P) : 0;
      mk = size == 0 || a + size > MSIZE ? MEM_ERR_RANGE : 0;
      for (uint32_t p = pf; !mk && p <= pl; p++) if (M.mapped[p]) mk = MEM_ERR_OVERLAP;
      for (uint32_t p = pf; !mk && p <= pl; p++) {
        M.mapped[p] = true, M.perms[p] = perms, M.kind[p] = kind;
        for (uint32_t x = p * P; x < (p + 1) * P; x++) M.val[x] = 0, M.def[x] = kind != MEM_INPUT;
      }
      fa = mfa = 0;
    } else if (op < 8) { /* unmap or protect */
      uint64_t size = rnd(4) * P + rnd(2);
      unsigned perms = (unsigned)rnd(8);
      uint32_t pf = a / P, pl = size ? (uint32_t)((a + size - 1) / P) : 0;
      mk = size == 0 || a + size > MSIZE ? MEM_ERR_RANGE : 0;
      if (op < 6) {
        k = mem_unmap(m, a, size);
        for (uint32_t p = pf; !mk && p <= pl; p++) M.mapped[p] = false;
      } else {
        k = mem_protect(m, a, size, perms);
        for (uint32_t p = pf; !mk && p <= pl; p++) if (!M.mapped[p]) mk = MEM_ERR_UNMAPPED;
        for (uint32_t p = pf; !mk && p <= pl; p++) M.perms[p] = perms;
      }
    } else if (op < 40) { /* read */
      k = mem_read(m, a, n, buf, &fa);
      mk = m_check(&M, a, n, MEM_R, &mfa);
      if (!mk) m_get(&M, a, n, ref);
      if (!k && !mk && memcmp(buf, ref, n)) k = -1;
    } else if (op < 75) { /* write or poke */
      for (size_t i = 0; i < n; i++) data[i] = (uint8_t)rnd(256);
      bool poke = op >= 70;
      k = poke ? mem_poke(m, a, n, data, &fa) : mem_write(m, a, n, data, &fa);
      mk = m_check(&M, a, n, poke ? 0 : MEM_W, &mfa);
      for (size_t i = 0; !mk && i < n; i++) {
        uint32_t x = (a + (uint32_t)i) & (MSIZE - 1);
        M.val[x] = data[i], M.def[x] = true;
      }
    } else if (op < 90) { /* fetch */
      size_t got = 0, mgot = 0;
      size_t max = rnd(40);
      k = mem_fetch(m, a, max, buf, &got, &fa);
      mk = max ? m_check(&M, a, 1, MEM_X, &mfa) : 0;
      if (!mk) {
        while (mgot < max && m_check(&M, a + (uint32_t)mgot, 1, MEM_X, &mfa) == 0) mgot++;
        m_get(&M, a, mgot, ref);
        mfa = fa;
        if (!k && (got != mgot || memcmp(buf, ref, got))) k = -1;
      }
    } else if (op < 99) { /* peek */
      static bool def[2 * P];
      k = mem_peek(m, a, n, buf, def, &fa);
      mk = m_check(&M, a, n, 0, &mfa);
      for (size_t i = 0; !k && !mk && i < n; i++) {
        uint32_t x = (a + (uint32_t)i) & (MSIZE - 1);
        if (def[i] != M.def[x] || buf[i] != (M.def[x] ? M.val[x] : 0)) k = -1;
      }
    } else { /* clone and continue on the copy */
      mem_space *c = mem_clone(m);
      mem_free(m);
      m = c;
      k = mk = 0;
    }
    if (!k && !mk && op >= 8 && op < 99) ok[op < 40 ? 0 : op < 75 ? 1 : op < 90 ? 2 : 3]++;
    if (k != mk || (k && fa != mfa) || in.calls != M.defs) {
      mismatches++;
      fprintf(stderr, "step %d op %d addr 0x%x n %zu: mem %d (0x%llx), model %d (0x%llx), calls %u/%u\n",
              step, op, a, n, k, (unsigned long long)fa, mk, (unsigned long long)mfa, in.calls, M.defs);
    }
  }
  CHECK(mismatches == 0, "%d mismatches with the model", mismatches);
  CHECK(ok[0] > 5000 && ok[1] > 5000 && ok[2] > 2000 && ok[3] > 2000 && in.calls > 10000,
        "too few successful accesses: %d %d %d %d, %u inputs", ok[0], ok[1], ok[2], ok[3], in.calls);
  printf("random: %d reads, %d writes, %d fetches, %d peeks succeeded; %u input bytes\n", ok[0], ok[1],
         ok[2], ok[3], in.calls);
  mem_free(m);
}

int main(void) {
  t_life();
  t_faults();
  t_undef();
  t_gen();
  t_fast();
  t_fetch();
  t_wrap();
  t_regions();
  t_misc();
  t_random();
  printf("%d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
