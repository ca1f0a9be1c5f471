/* t_elf.c — ctest runtime.elf: the ELF loader on synthetic files (made by
 * mkelf, listed with their expected error code and message in
 * DIR/expected.tsv) and on real executables built by the Debian cross
 * compilers at build time.
 *
 * usage: t_elf DIR [x86-static PATH] [ppc-static PATH] [x86-dyn PATH] [ppc-dyn PATH]
 *
 * Tests may know ISAs; the runtime may not: the descriptors here are fakes
 * with just the facts the loader reads.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "elfload.h"

static int failures, checks;

#define CHECK(cond, ...)                                  \
  do {                                                    \
    checks++;                                             \
    if (!(cond)) {                                        \
      failures++;                                         \
      fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #cond); \
      fprintf(stderr, __VA_ARGS__);                       \
      fputc('\n', stderr);                                \
    }                                                     \
  } while (0)

static const isa_desc d_le32 = {.name = "fake-le32", .big_endian = false, .addr_bits = 32, .elf_machine = 3};
static const isa_desc d_be32 = {.name = "fake-be32", .big_endian = true, .addr_bits = 32, .elf_machine = 20};
static const isa_desc d_le64 = {.name = "fake-le64", .big_endian = false, .addr_bits = 64, .elf_machine = 62};
static const isa_desc d_none = {.name = "fake-none", .big_endian = false, .addr_bits = 32, .elf_machine = 0};

static const isa_desc *desc_named(const char *n) {
  if (!strcmp(n, "le32")) return &d_le32;
  if (!strcmp(n, "be32")) return &d_be32;
  if (!strcmp(n, "le64")) return &d_le64;
  if (!strcmp(n, "nomachine")) return &d_none;
  return NULL;
}

static char dir[2048];

static const char *in_dir(const char *file) {
  static char buf[4096];
  snprintf(buf, sizeof buf, "%s/%s", dir, file);
  return buf;
}

/* Load path with desc into a fresh memory; on success *mp and the image are
 * the caller's; on failure the memory must be untouched. */
static el_image *load(const char *path, const isa_desc *d, mem_space **mp, el_error *e) {
  mem_space *m = mem_new(d->addr_bits);
  el_image *img = (el_image *)1;
  el_err rc = el_load(path, d, m, &img, e);
  CHECK(rc == e->code, "%s: return %s, err.code %s", path, el_err_name(rc), el_err_name(e->code));
  if (rc) {
    size_t n;
    mem_regions(m, &n);
    CHECK(img == NULL, "%s: image set on failure", path);
    CHECK(n == 0 && mem_page_count(m) == 0, "%s: memory changed by a failed load", path);
    CHECK(strchr(e->msg, '\n') == NULL, "%s: message has a newline", path);
    mem_free(m);
    *mp = NULL;
    return NULL;
  }
  CHECK(img != NULL, "%s: no image", path);
  *mp = m;
  return img;
}

static unsigned perms_at(mem_space *m, uint64_t a) {
  const mem_region *r = mem_region_of(m, a);
  return r ? r->perms : 99u;
}

/* ---- the expectations file ----------------------------------------------- */

static void run_table(void) {
  FILE *f = fopen(in_dir("expected.tsv"), "r");
  CHECK(f != NULL, "cannot open %s", in_dir("expected.tsv"));
  if (!f) return;
  char line[4096];
  int n = 0;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    char *file = strtok(line, "\t"), *dn = strtok(NULL, "\t"), *code = strtok(NULL, "\t");
    char *msg = strtok(NULL, "");
    if (!file || !dn || !code || !msg) continue;
    const isa_desc *d = desc_named(dn);
    CHECK(d != NULL, "unknown descriptor %s", dn);
    if (!d) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s", in_dir(file));
    mem_space *m;
    el_error e;
    el_image *img = load(path, d, &m, &e);
    CHECK(!strcmp(el_err_name(e.code), code), "%s (%s): got %s \"%s\", expected %s", file, dn,
          el_err_name(e.code), e.msg, code);
    if (strcmp(msg, "-") && strcmp(msg, "*")) {
      char want[8192 + 512];
      snprintf(want, sizeof want, "%s: %s", path, msg);
      CHECK(!strcmp(e.msg, want), "%s (%s):\n   got: %s\n  want: %s", file, dn, e.msg, want);
    }
    if (img) {
      el_free(img);
      mem_free(m);
    }
    n++;
  }
  fclose(f);
  CHECK(n >= 30, "only %d cases in expected.tsv", n);
  printf("expected.tsv: %d cases\n", n);
}

/* ---- the good synthetic files -------------------------------------------- */

static void check_sym(const el_image *img, const char *name, uint64_t addr, el_symtype type, bool global) {
  const el_symbol *s = el_sym_by_name(img, name);
  CHECK(s && s->addr == addr && s->type == type && s->global == global, "symbol %s: %s 0x%llx", name,
        s ? "found at" : "missing", s ? (unsigned long long)s->addr : 0ull);
}

static void check_at(const el_image *img, uint64_t addr, const char *name, uint64_t off) {
  uint64_t o = 99;
  const el_symbol *s = el_sym_by_addr(img, addr, &o);
  if (!name) {
    CHECK(s == NULL, "0x%llx: expected no symbol, got %s", (unsigned long long)addr, s ? s->name : "");
    return;
  }
  CHECK(s && !strcmp(s->name, name) && o == off, "0x%llx: got %s+%llu, want %s+%llu",
        (unsigned long long)addr, s ? s->name : "(none)", (unsigned long long)o, name,
        (unsigned long long)off);
}

static void good_32(const char *file, const isa_desc *d) {
  mem_space *m;
  el_error e;
  el_image *img = load(in_dir(file), d, &m, &e);
  CHECK(img != NULL, "%s: %s", file, e.msg);
  if (!img) return;
  CHECK(img->entry == 0x08048010, "%s: entry", file);
  CHECK(img->brk == 0x0804c000, "%s: brk 0x%llx", file, (unsigned long long)img->brk);
  CHECK(img->nsegs == 2 && img->elf_class == 32 && img->big_endian == d->big_endian, "%s: header", file);
  CHECK(perms_at(m, 0x08048000) == (MEM_R | MEM_X), "%s: text perms", file);
  CHECK(perms_at(m, 0x08048fff) == (MEM_R | MEM_X), "%s: text page perms", file);
  CHECK(perms_at(m, 0x08049000) == (MEM_R | MEM_W), "%s: data perms", file);
  CHECK(perms_at(m, 0x0804b0ff) == (MEM_R | MEM_W), "%s: bss perms", file);
  CHECK(mem_region_of(m, 0x0804b100 + 0x1000) == NULL, "%s: past the end", file);
  CHECK(mem_region_of(m, 0x08049000)->kind == MEM_IMAGE, "%s: data kind", file);
  CHECK(mem_region_of(m, 0x0804a000)->kind == MEM_ZERO, "%s: bss kind", file);
  uint8_t buf[64], want[64];
  for (int i = 0; i < 64; i++) want[i] = (uint8_t)(i * 7 + 1);
  CHECK(mem_read(m, 0x08048000, 64, buf, NULL) == 0 && !memcmp(buf, want, 64), "%s: text bytes", file);
  static const uint8_t data[8] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
  CHECK(mem_read(m, 0x08049100, 8, buf, NULL) == 0 && !memcmp(buf, data, 8), "%s: data bytes", file);
  CHECK(mem_read(m, 0x08049108, 16, buf, NULL) == 0 && !memcmp(buf, (uint8_t[16]){0}, 16), "%s: bss", file);
  CHECK(mem_read(m, 0x080490f0, 16, buf, NULL) == 0 && !memcmp(buf, (uint8_t[16]){0}, 16), "%s: slack", file);
  uint64_t fa = 0;
  CHECK(mem_write(m, 0x08048004, 1, buf, &fa) == MEM_FAULT_PERM && fa == 0x08048004, "%s: text writable", file);
  size_t got = 0;
  CHECK(mem_fetch(m, 0x08048030, 32, buf, &got, NULL) == 0 && got == 32, "%s: fetch", file);
  CHECK(mem_fetch(m, 0x08049100, 4, buf, &got, &fa) == MEM_FAULT_PERM, "%s: data executable", file);
  CHECK(img->nsyms == 6 && img->sym_note == NULL, "%s: %zu symbols, note %s", file, img->nsyms,
        img->sym_note ? img->sym_note : "-");
  check_sym(img, "_start", 0x08048010, EL_SYM_FUNC, true);
  check_sym(img, "helper", 0x08048020, EL_SYM_FUNC, false);
  check_sym(img, "counter", 0x08049100, EL_SYM_OBJECT, true);
  check_sym(img, "label", 0x08048010, EL_SYM_NOTYPE, false);
  check_sym(img, "dup", 0x08049108, EL_SYM_OBJECT, true); /* the global one */
  CHECK(el_sym_by_name(img, "nosuch") == NULL && el_sym_by_name(img, "") == NULL, "%s: bogus names", file);
  check_at(img, 0x08048010, "_start", 0); /* a function beats a label */
  check_at(img, 0x0804801f, "_start", 15);
  check_at(img, 0x08048020, "helper", 0);
  check_at(img, 0x0804803f, "helper", 0x1f);
  check_at(img, 0x08048040, NULL, 0);
  check_at(img, 0x08048000, NULL, 0);
  check_at(img, 0x08049106, "dup", 2);
  check_at(img, 0x0804a107, "dup", 0xfff);
  check_at(img, 0xffffffff, NULL, 0);
  CHECK(el_segment_of(img, 0x0804b0ff) == &img->segs[1] && el_segment_of(img, 0x0804b100) == NULL,
        "%s: el_segment_of", file);
  el_free(img);
  mem_free(m);
}

static void good_others(void) {
  mem_space *m;
  el_error e;
  el_image *img = load(in_dir("good_le64.elf"), &d_le64, &m, &e);
  CHECK(img && img->entry == 0x400010 && img->elf_class == 64 && img->brk == 0x404000 &&
            img->nsyms == 0 && perms_at(m, 0x400000) == (MEM_R | MEM_X),
        "good_le64.elf: %s", e.msg);
  if (img) el_free(img), mem_free(m);

  img = load(in_dir("good_shared_page.elf"), &d_le32, &m, &e);
  CHECK(img != NULL, "good_shared_page.elf: %s", e.msg);
  if (img) {
    size_t n;
    const mem_region *r = mem_regions(m, &n);
    CHECK(n == 1 && r[0].lo == 0x1000 && r[0].last == 0x1fff && r[0].perms == (MEM_R | MEM_W | MEM_X),
          "shared page: %zu regions, perms %u", n, n ? r[0].perms : 0);
    uint8_t b[8];
    CHECK(mem_read(m, 0x1100, 8, b, NULL) == 0 && b[0] == 0x11 && b[7] == 0x88, "shared page bytes");
    CHECK(mem_read(m, 0x1000, 1, b, NULL) == 0 && b[0] == 1, "shared page text");
    CHECK(img->brk == 0x2000, "shared page brk");
    el_free(img), mem_free(m);
  }

  img = load(in_dir("bad_symtab.elf"), &d_le32, &m, &e);
  CHECK(img && img->nsyms == 0 && img->sym_note != NULL, "bad_symtab.elf");
  if (img) el_free(img), mem_free(m);
  img = load(in_dir("bad_shoff.elf"), &d_le32, &m, &e);
  CHECK(img && img->nsyms == 0 && img->sym_note &&
            !strcmp(img->sym_note, "the section header table extends past the end of the file; no symbols"),
        "bad_shoff.elf");
  if (img) el_free(img), mem_free(m);

  /* not files */
  load(dir, &d_le32, &m, &e);
  char want[8192];
  snprintf(want, sizeof want, "%s: is a directory, not an ELF executable", dir);
  CHECK(e.code == EL_ERR_NOT_FILE && !strcmp(e.msg, want), "directory: %s", e.msg);
  load(in_dir("no-such-file"), &d_le32, &m, &e);
  snprintf(want, sizeof want, "%s: cannot open: No such file or directory", in_dir("no-such-file"));
  CHECK(e.code == EL_ERR_OPEN && !strcmp(e.msg, want), "missing file: %s", e.msg);
  char fifo[4096];
  snprintf(fifo, sizeof fifo, "%s", in_dir("fifo"));
  remove(fifo);
  if (mkfifo(fifo, 0600) == 0) { /* must not block waiting for a writer */
    load(fifo, &d_le32, &m, &e);
    snprintf(want, sizeof want, "%s: is not a regular file", fifo);
    CHECK(e.code == EL_ERR_NOT_FILE && !strcmp(e.msg, want), "fifo: %s", e.msg);
    remove(fifo);
  }
  load("/dev/null", &d_le32, &m, &e);
  CHECK(e.code == EL_ERR_NOT_FILE && !strcmp(e.msg, "/dev/null: is not a regular file"), "/dev/null: %s", e.msg);

  /* from memory, the same file, and into a memory that is in the way */
  FILE *f = fopen(in_dir("good_le32.elf"), "rb");
  static uint8_t file[1 << 16];
  size_t size = f ? fread(file, 1, sizeof file, f) : 0;
  if (f) fclose(f);
  m = mem_new(32);
  img = NULL;
  CHECK(el_load_mem(file, size, "mem", &d_le32, m, &img, &e) == EL_OK && img && img->nsyms == 6,
        "el_load_mem: %s", e.msg);
  el_free(img);
  mem_free(m);
  m = mem_new(32);
  mem_map(m, 0x0804a000, 1, MEM_R, MEM_ZERO);
  CHECK(el_load_mem(file, size, "mem", &d_le32, m, &img, &e) == EL_ERR_MAP && img == NULL &&
            !strcmp(e.msg, "mem: segment 1 (0x8049100-0x804b0ff) overlaps memory that is already mapped"),
        "mapped already: %s", e.msg);
  size_t nr;
  mem_regions(m, &nr);
  CHECK(nr == 1, "a refused load changed the memory");
  mem_free(m);
  m = mem_new(16);
  CHECK(el_load_mem(file, size, "mem", &d_le32, m, &img, &e) == EL_ERR_ISA &&
            !strcmp(e.msg, "mem: internal error: ISA 'fake-le32' has 32-bit addresses but the memory has "
                           "16-bit addresses"),
        "width mismatch: %s", e.msg);
  mem_free(m);
  /* the error struct is optional */
  m = mem_new(32);
  CHECK(el_load_mem(file, 3, NULL, &d_le32, m, &img, NULL) == EL_ERR_TRUNCATED, "no err struct");
  mem_free(m);
}

/* ---- real executables from the cross compilers (prog.c) ------------------ */

static void real_static(const char *path, const isa_desc *d, const isa_desc *wrong) {
  mem_space *m;
  el_error e;
  el_image *img = load(path, d, &m, &e);
  CHECK(img != NULL, "%s: %s", path, e.msg);
  if (!img) return;
  const el_symbol *start = el_sym_by_name(img, "_start");
  CHECK(start && start->addr == img->entry && start->type == EL_SYM_FUNC, "%s: _start is the entry", path);
  const el_symbol *counter = el_sym_by_name(img, "counter");
  uint8_t b[8];
  static const uint8_t le[4] = {0x78, 0x56, 0x34, 0x12}, be[4] = {0x12, 0x34, 0x56, 0x78};
  CHECK(counter && mem_read(m, counter->addr, 4, b, NULL) == 0 && !memcmp(b, d->big_endian ? be : le, 4),
        "%s: counter's initial value", path);
  const el_symbol *msg = el_sym_by_name(img, "msg");
  CHECK(msg && mem_read(m, msg->addr, 6, b, NULL) == 0 && !memcmp(b, "hello", 6), "%s: msg", path);
  const el_symbol *zeros = el_sym_by_name(img, "zeros");
  CHECK(zeros && zeros->size == 4000, "%s: zeros", path);
  if (zeros) {
    static uint8_t z[4000], zz[4000];
    CHECK(mem_read(m, zeros->addr, 4000, z, NULL) == 0 && !memcmp(z, zz, 4000), "%s: bss is zero", path);
    CHECK(img->brk >= zeros->addr + 4000 && img->brk % MEM_PAGE_SIZE == 0, "%s: brk", path);
    CHECK(mem_region_of(m, img->brk) == NULL && mem_region_of(m, img->brk - 1) != NULL, "%s: brk edge", path);
  }
  CHECK(perms_at(m, img->entry) & MEM_X, "%s: entry not executable", path);
  uint64_t off;
  const el_symbol *h = el_sym_by_name(img, "helper");
  CHECK(h && el_sym_by_addr(img, h->addr + 1, &off) == h && off == 1, "%s: helper+1", path);
  el_free(img);
  mem_free(m);
  /* and refused by the other descriptor, with a message naming both sides */
  load(path, wrong, &m, &e);
  CHECK(e.code == EL_ERR_ENDIAN, "%s with %s: %s", path, wrong->name, e.msg);
}

static void real_dynamic(const char *path, const isa_desc *d) {
  mem_space *m;
  el_error e;
  load(path, d, &m, &e);
  const char *p = strstr(e.msg, ": dynamically linked executables are not supported (program header ");
  CHECK(e.code == EL_ERR_DYNAMIC && p && strstr(p, "PT_INTERP") && strstr(p, "; link with -static"),
        "%s: %s", path, e.msg);
}

int main(int argc, char **argv) {
  if (argc < 2 || argc % 2 != 0) {
    fprintf(stderr, "usage: t_elf DIR [x86-static|ppc-static|x86-dyn|ppc-dyn PATH]...\n");
    return 2;
  }
  snprintf(dir, sizeof dir, "%s", argv[1]);
  run_table();
  good_32("good_le32.elf", &d_le32);
  good_32("good_be32.elf", &d_be32);
  good_others();
  for (int i = 2; i + 1 < argc; i += 2) {
    const char *what = argv[i], *path = argv[i + 1];
    if (!strcmp(what, "x86-static")) real_static(path, &d_le32, &d_be32);
    else if (!strcmp(what, "ppc-static")) real_static(path, &d_be32, &d_le32);
    else if (!strcmp(what, "x86-dyn")) real_dynamic(path, &d_le32);
    else if (!strcmp(what, "ppc-dyn")) real_dynamic(path, &d_be32);
    else CHECK(0, "unknown argument %s", what);
    printf("%s: %s\n", what, path);
  }
  printf("%d checks, %d failures\n", checks, failures);
  return failures ? 1 : 0;
}
