/* capo_elf.c — every instruction of real executables against capstone (capo_run.h).
 *
 * Sections with SHF_EXECINSTR are swept linearly.  gcc puts no data in
 * .text on these targets (jump tables go to .rodata), but the sweep still
 * restarts at every function symbol: when an instruction would run across a
 * function's first byte, or neither decoder accepts the bytes (data, or
 * something both lack), the bytes up to the next function are reported and
 * skipped rather than decoded out of step.
 */
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "capo_run.h"

#define MAX_HOLES 4096

typedef struct hole {
  uint8_t bytes[16];
  unsigned len;
  char text[128];
  char where[160];
  unsigned long count;
} hole;

typedef struct elf_run {
  capo *c;
  FILE *out;
  hole *holes;
  unsigned nholes;
  unsigned long hole_total, known_holes, skipped_bytes, resyncs, insns;
} elf_run;

static void add_hole(elf_run *er, const uint8_t *buf, unsigned len, const char *where) {
  if (len > 16) len = 16;
  for (unsigned i = 0; i < er->nholes; i++)
    if (er->holes[i].len == len && !memcmp(er->holes[i].bytes, buf, len)) {
      er->holes[i].count++;
      return;
    }
  if (er->nholes == MAX_HOLES) return; /* counted in hole_total all the same */
  hole *h = &er->holes[er->nholes++];
  memcpy(h->bytes, buf, len);
  h->len = len;
  const char *m, *o;
  capo_last_cs(er->c, &m, &o);
  snprintf(h->text, sizeof h->text, "%s%s%s", m, *o ? " " : "", o);
  snprintf(h->where, sizeof h->where, "%s", where);
  h->count = 1;
}

static int hole_cmp(const void *a, const void *b) {
  const hole *x = a, *y = b;
  int k = strcmp(x->text, y->text);
  return k ? k : memcmp(x->bytes, y->bytes, x->len < y->len ? x->len : y->len);
}

static int u64_cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Function symbols of section `shndx`, sorted; *n set.  NULL when none. */
static uint64_t *func_starts(Elf *e, size_t shndx, size_t *n) {
  *n = 0;
  uint64_t *v = NULL;
  size_t cap = 0;
  for (Elf_Scn *s = elf_nextscn(e, NULL); s; s = elf_nextscn(e, s)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(s, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize) continue;
    Elf_Data *data = elf_getdata(s, NULL);
    if (!data) continue;
    size_t count = sh.sh_size / sh.sh_entsize;
    for (size_t i = 0; i < count; i++) {
      GElf_Sym sym;
      if (!gelf_getsym(data, (int)i, &sym) || GELF_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_shndx != shndx)
        continue;
      if (*n == cap) {
        cap = cap ? 2 * cap : 64;
        uint64_t *w = realloc(v, cap * sizeof *v);
        if (!w) break;
        v = w;
      }
      v[(*n)++] = sym.st_value;
    }
  }
  if (v) qsort(v, *n, sizeof *v, u64_cmp);
  return v;
}

/* The first function start strictly after a, or `end`. */
static uint64_t next_start(const uint64_t *starts, size_t n, uint64_t a, uint64_t end) {
  for (size_t i = 0; i < n; i++)
    if (starts[i] > a) return starts[i] < end ? starts[i] : end;
  return end;
}

static unsigned long sweep(elf_run *er, const char *file, const char *secname, const uint8_t *bytes,
                           uint64_t size, uint64_t base, const uint64_t *starts, size_t nstarts) {
  unsigned long failures = 0;
  uint64_t off = 0;
  while (off < size) {
    uint64_t addr = base + off;
    size_t n = size - off < ISA_MAX_LEN ? (size_t)(size - off) : ISA_MAX_LEN;
    uint8_t buf[ISA_MAX_LEN] = {0};
    memcpy(buf, bytes + off, n);
    char where[160];
    snprintf(where, sizeof where, "%s %s 0x%llx", file, secname, (unsigned long long)addr);
    capo_verdict v = capo_check(er->c, buf, n, addr, where, er->out);
    unsigned ol = capo_last_ours(er->c), cl = capo_last_cs(er->c, NULL, NULL);
    uint64_t stop = next_start(starts, nstarts, addr, base + size);
    if (v == CAPO_BOTH_REJECT) {
      fprintf(er->out, "note: %s: neither decoder accepts; skipping %llu bytes to 0x%llx:", where,
              (unsigned long long)(stop - addr), (unsigned long long)stop);
      for (size_t i = 0; i < n && i < 16; i++) fprintf(er->out, " %02x", buf[i]);
      fprintf(er->out, "\n");
      er->skipped_bytes += stop - addr;
      er->resyncs++;
      off = stop - base;
      continue;
    }
    er->insns++;
    if (v == CAPO_GAP && capo_known_hole(er->c, buf, n, where, er->out)) {
      er->known_holes++;
    } else if (v == CAPO_GAP) {
      er->hole_total++;
      failures++;
      add_hole(er, buf, cl, where);
    } else if (v != CAPO_AGREE && v != CAPO_EXCEPTED) {
      failures++; /* printed by capo_check */
    }
    unsigned len = cl ? cl : ol;
    if (addr + len > stop) {
      fprintf(er->out, "note: %s: the instruction (%u bytes) runs into the function at 0x%llx; restarting there\n",
              where, len, (unsigned long long)stop);
      er->resyncs++;
      off = stop - base;
    } else {
      off += len;
    }
  }
  return failures;
}

static unsigned long one_file(elf_run *er, const isa_desc *d, const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    fprintf(er->out, "ERROR: %s: cannot open\n", path);
    return 1;
  }
  Elf *e = elf_begin(fd, ELF_C_READ, NULL);
  unsigned long failures = 0;
  size_t shstrndx;
  GElf_Ehdr eh;
  if (!e || elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh) || elf_getshdrstrndx(e, &shstrndx) != 0) {
    fprintf(er->out, "ERROR: %s: not a readable ELF file (%s)\n", path, elf_errmsg(-1));
    failures = 1;
  } else if (d->elf_machine && eh.e_machine != d->elf_machine) {
    fprintf(er->out, "ERROR: %s: e_machine %u, the %s descriptor wants %u\n", path, eh.e_machine, d->name,
            d->elf_machine);
    failures = 1;
  } else {
    const char *file = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    for (Elf_Scn *s = elf_nextscn(e, NULL); s; s = elf_nextscn(e, s)) {
      GElf_Shdr sh;
      if (!gelf_getshdr(s, &sh) || sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_EXECINSTR)) continue;
      Elf_Data *data = elf_getdata(s, NULL);
      const char *name = elf_strptr(e, shstrndx, sh.sh_name);
      if (!data || data->d_size < sh.sh_size) {
        fprintf(er->out, "ERROR: %s: section %s unreadable\n", path, name ? name : "?");
        failures++;
        continue;
      }
      size_t nstarts;
      uint64_t *starts = func_starts(e, elf_ndxscn(s), &nstarts);
      failures += sweep(er, file, name ? name : "?", data->d_buf, sh.sh_size, sh.sh_addr, starts, nstarts);
      free(starts);
    }
  }
  if (e) elf_end(e);
  close(fd);
  return failures;
}

unsigned long capo_run_elf(capo *c, const isa_desc *d, int nfiles, char *const *files, FILE *out) {
  if (elf_version(EV_CURRENT) == EV_NONE) {
    fprintf(out, "ERROR: libelf: %s\n", elf_errmsg(-1));
    return 1;
  }
  elf_run er = {.c = c, .out = out, .holes = calloc(MAX_HOLES, sizeof(hole))};
  if (!er.holes) return 1;
  capo_reset_stats(c);
  capo_reset_gap(c);
  unsigned long failures = 0;
  for (int i = 0; i < nfiles; i++) failures += one_file(&er, d, files[i]);
  capo_stats st = capo_get_stats(c);
  fprintf(out, "binaries: %d files, %lu instructions (linear sweep), %lu restarts at function starts, %lu bytes "
          "skipped\n", nfiles, er.insns, er.resyncs, er.skipped_bytes);
  capo_print_stats("binaries", st, out);
  if (er.known_holes)
    fprintf(out, "binaries: %lu instructions we reject are known holes (KNOWN_SPEC_BUGS)\n", er.known_holes);
  if (er.hole_total) {
    qsort(er.holes, er.nholes, sizeof *er.holes, hole_cmp);
    fprintf(out, "COVERAGE HOLES: %lu instructions in the binaries that capstone decodes and we reject "
            "(%u distinct encodings):\n", er.hole_total, er.nholes);
    for (unsigned i = 0; i < er.nholes; i++) {
      const hole *h = &er.holes[i];
      fprintf(out, "  %-40s", h->text);
      for (unsigned k = 0; k < h->len; k++) fprintf(out, " %02x", h->bytes[k]);
      fprintf(out, "   x%lu, first at %s\n", h->count, h->where);
    }
  }
  free(er.holes);
  return failures;
}
