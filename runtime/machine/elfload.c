/* elfload.c — static ELF executables into a mem_space; see elfload.h.
 *
 * Order of work: identification bytes (checked by hand, so that a wrong
 * class or byte order gets its own message rather than libelf's), then
 * libelf for the headers, then every check on every segment, and only then
 * the mapping — so a refused file leaves the memory untouched.  Offsets and
 * sizes are 64-bit values from GElf and every sum is checked for overflow.
 */
#include "elfload.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- messages ------------------------------------------------------------ */

static el_err fail(el_error *err, el_err code, const char *name, const char *fmt, ...) {
  if (!err) return code;
  err->code = code;
  int n = snprintf(err->msg, sizeof err->msg, "%s: ", name);
  if (n < 0) n = 0;
  if ((size_t)n < sizeof err->msg) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg + n, sizeof err->msg - (size_t)n, fmt, ap);
    va_end(ap);
  }
  /* one line, whatever the file name holds */
  for (char *p = err->msg; *p; p++)
    if ((unsigned char)*p < 0x20 || *p == 0x7f) *p = '?';
  return code;
}

const char *el_err_name(el_err e) {
  static const char *const names[EL_ERR_COUNT] = {
    "EL_OK", "EL_ERR_OPEN", "EL_ERR_NOT_FILE", "EL_ERR_EMPTY", "EL_ERR_NOT_ELF",
    "EL_ERR_TRUNCATED", "EL_ERR_CLASS", "EL_ERR_ENDIAN", "EL_ERR_VERSION", "EL_ERR_TYPE",
    "EL_ERR_MACHINE", "EL_ERR_HEADER", "EL_ERR_DYNAMIC", "EL_ERR_NO_LOAD", "EL_ERR_SEG_FILE",
    "EL_ERR_SEG_SIZE", "EL_ERR_SEG_ADDR", "EL_ERR_SEG_ALIGN", "EL_ERR_SEG_OVERLAP",
    "EL_ERR_ENTRY", "EL_ERR_MAP", "EL_ERR_NOMEM", "EL_ERR_LIBELF", "EL_ERR_ISA",
    "EL_ERR_TOO_BIG"};
  return (unsigned)e < EL_ERR_COUNT ? names[e] : "EL_ERR_?";
}

/* Names of e_machine values for messages: ELF knowledge, not ISA knowledge. */
const char *el_machine_name(unsigned machine) {
  static const struct { unsigned no; const char *name; } t[] = {
    {EM_NONE, "no machine"}, {EM_SPARC, "SPARC"}, {EM_386, "Intel 80386"},
    {EM_68K, "Motorola 68000"}, {EM_88K, "Motorola 88000"}, {EM_860, "Intel 80860"},
    {EM_MIPS, "MIPS"}, {EM_S370, "IBM System/370"}, {EM_PARISC, "HP PA-RISC"},
    {EM_SPARC32PLUS, "SPARC v8+"}, {EM_PPC, "PowerPC"}, {EM_PPC64, "PowerPC 64-bit"},
    {EM_S390, "IBM S/390"}, {EM_ARM, "ARM"}, {EM_SH, "SuperH"}, {EM_SPARCV9, "SPARC v9"},
    {EM_IA_64, "Intel IA-64"}, {EM_X86_64, "AMD x86-64"}, {EM_AVR, "Atmel AVR"},
    {EM_XTENSA, "Tensilica Xtensa"}, {EM_MSP430, "TI MSP430"}, {EM_AARCH64, "AArch64"},
    {243 /* EM_RISCV */, "RISC-V"}, {258 /* EM_LOONGARCH: not in older elf.h */, "LoongArch"}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (t[i].no == machine) return t[i].name;
  return NULL;
}

/* "3 (Intel 80386)" or "4660" into buf. */
static const char *machine_str(char *buf, size_t size, unsigned machine) {
  const char *n = el_machine_name(machine);
  if (n) snprintf(buf, size, "%u (%s)", machine, n);
  else snprintf(buf, size, "%u", machine);
  return buf;
}

static const char *type_str(unsigned t) {
  switch (t) {
  case ET_NONE: return "ET_NONE (no file type)";
  case ET_REL: return "ET_REL (relocatable object file)";
  case ET_EXEC: return "ET_EXEC (executable)";
  case ET_DYN: return "ET_DYN (shared object or position-independent executable)";
  case ET_CORE: return "ET_CORE (core dump)";
  default: return NULL;
  }
}

static void flags_str(char out[4], unsigned perms) {
  out[0] = perms & MEM_R ? 'R' : '-';
  out[1] = perms & MEM_W ? 'W' : '-';
  out[2] = perms & MEM_X ? 'X' : '-';
  out[3] = 0;
}

/* ---- images -------------------------------------------------------------- */

void el_free(el_image *img) {
  if (!img) return;
  free(img->segs);
  free(img->syms);
  free(img->by_name);
  free(img->names);
  free(img);
}

const el_segment *el_segment_of(const el_image *img, uint64_t addr) {
  for (size_t i = 0; i < img->nsegs; i++) {
    const el_segment *s = &img->segs[i];
    if (s->memsz && addr >= s->vaddr && addr - s->vaddr < s->memsz) return s;
  }
  return NULL;
}

const el_symbol *el_sym_by_name(const el_image *img, const char *name) {
  size_t lo = 0, hi = img->nsyms;
  while (lo < hi) { /* first index whose name is >= name */
    size_t mid = lo + (hi - lo) / 2;
    if (strcmp(img->by_name[mid]->name, name) < 0) lo = mid + 1;
    else hi = mid;
  }
  /* by_name puts globals first among equal names */
  if (lo < img->nsyms && strcmp(img->by_name[lo]->name, name) == 0) return img->by_name[lo];
  return NULL;
}

#define SYM_LOOKBACK 64 /* symbols examined before giving up (bounds the cost) */

const el_symbol *el_sym_by_addr(const el_image *img, uint64_t addr, uint64_t *offset) {
  size_t lo = 0, hi = img->nsyms;
  while (lo < hi) { /* first index whose address is > addr */
    size_t mid = lo + (hi - lo) / 2;
    if (img->syms[mid].addr <= addr) lo = mid + 1;
    else hi = mid;
  }
  /* walk back over symbols at or below addr: the covering one with the
   * greatest address wins; within one address the sort order prefers
   * functions, then globals, so take the first that covers in that group */
  const el_symbol *best = NULL;
  for (size_t k = 0; k < SYM_LOOKBACK && lo > 0; k++) {
    const el_symbol *s = &img->syms[--lo];
    if (best && s->addr != best->addr) break;
    if (addr == s->addr || addr - s->addr < s->size) best = s;
  }
  if (best && offset) *offset = addr - best->addr;
  return best;
}

/* ---- symbols ------------------------------------------------------------- */

static int sym_rank(const el_symbol *s) { /* lower is preferred */
  return (s->type == EL_SYM_FUNC ? 0 : 2) + (s->global ? 0 : 1);
}

static int cmp_addr(const void *a, const void *b) {
  const el_symbol *x = a, *y = b;
  if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
  if (sym_rank(x) != sym_rank(y)) return sym_rank(x) - sym_rank(y);
  int c = strcmp(x->name, y->name);
  if (c) return c;
  return x->size < y->size ? -1 : x->size > y->size;
}

/* by_name holds pointers into one array, so ties break by position */
static int cmp_name(const void *a, const void *b) {
  const el_symbol *x = *(const el_symbol *const *)a, *y = *(const el_symbol *const *)b;
  int c = strcmp(x->name, y->name);
  if (c) return c;
  if (x->global != y->global) return x->global ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* Read the SHT_SYMTAB sections.  Returns false only when out of memory;
 * unreadable tables set img->sym_note and are skipped. */
static bool load_symbols(Elf *elf, el_image *img) {
  size_t nsec;
  if (elf_getshdrnum(elf, &nsec) != 0) {
    img->sym_note = "the section header table cannot be read; no symbols";
    return true;
  }
  GElf_Ehdr eh;
  if (gelf_getehdr(elf, &eh) && eh.e_shoff && eh.e_shnum > nsec)
    img->sym_note = "the section header table extends past the end of the file; no symbols";
  size_t cap = 0, n = 0, namecap = 0, namelen = 0;
  el_symbol *syms = NULL;
  size_t *noff = NULL; /* name offsets, turned into pointers at the end */
  char *names = NULL;
  for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB) continue;
    Elf_Data *d = elf_getdata(scn, NULL);
    if (!d || !d->d_buf) {
      img->sym_note = "a symbol table lies outside the file or cannot be read; its symbols are skipped";
      continue;
    }
    size_t esz = gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
    size_t cnt = esz ? d->d_size / esz : 0;
    if (cnt > INT_MAX) cnt = INT_MAX; /* gelf_getsym takes an int */
    for (size_t i = 1; i < cnt; i++) { /* entry 0 is the null symbol */
      GElf_Sym s;
      if (!gelf_getsym(d, (int)i, &s)) break;
      unsigned type = GELF_ST_TYPE(s.st_info), bind = GELF_ST_BIND(s.st_info);
      if (s.st_shndx == SHN_UNDEF || type == STT_SECTION || type == STT_FILE) continue;
      const char *nm = elf_strptr(elf, sh.sh_link, s.st_name);
      if (!nm) {
        img->sym_note = "some symbol names cannot be read; those symbols are skipped";
        continue;
      }
      if (!*nm) continue;
      size_t len = strlen(nm) + 1;
      if (n == cap) {
        size_t nc = cap ? 2 * cap : 64;
        el_symbol *ns = realloc(syms, nc * sizeof *ns);
        if (!ns) goto oom;
        syms = ns;
        size_t *no = realloc(noff, nc * sizeof *no);
        if (!no) goto oom;
        noff = no;
        cap = nc;
      }
      if (namelen + len > namecap) {
        size_t nc = namecap ? namecap : 1024;
        while (nc < namelen + len) nc *= 2;
        char *nn = realloc(names, nc);
        if (!nn) goto oom;
        names = nn;
        namecap = nc;
      }
      memcpy(names + namelen, nm, len);
      noff[n] = namelen;
      namelen += len;
      syms[n] = (el_symbol){
        .addr = s.st_value,
        .size = s.st_size,
        .type = type == STT_FUNC ? EL_SYM_FUNC
                : type == STT_OBJECT ? EL_SYM_OBJECT
                : type == STT_NOTYPE ? EL_SYM_NOTYPE : EL_SYM_OTHER,
        .global = bind == STB_GLOBAL || bind == STB_WEAK};
      n++;
    }
  }
  for (size_t i = 0; i < n; i++) syms[i].name = names + noff[i];
  free(noff);
  noff = NULL;
  if (n) {
    qsort(syms, n, sizeof *syms, cmp_addr);
    img->by_name = malloc(n * sizeof *img->by_name);
    if (!img->by_name) goto oom;
    for (size_t i = 0; i < n; i++) img->by_name[i] = &syms[i];
    qsort(img->by_name, n, sizeof *img->by_name, cmp_name);
  }
  img->syms = syms;
  img->nsyms = n;
  img->names = names;
  return true;
oom:
  free(syms);
  free(noff);
  free(names);
  return false;
}

/* ---- identification (by hand, before libelf) ----------------------------- */

static el_err check_ident(const uint8_t *b, size_t size, const char *name, const isa_desc *desc,
                          el_error *err) {
  static const uint8_t magic[4] = {0x7f, 'E', 'L', 'F'};
  if (size == 0) return fail(err, EL_ERR_EMPTY, name, "empty file (0 bytes); expected an ELF executable");
  size_t k = size < 4 ? size : 4;
  if (memcmp(b, magic, k) != 0)
    return fail(err, EL_ERR_NOT_ELF, name,
                "not an ELF file (it starts with bytes %02x %02x %02x %02x; ELF files start with 7f 45 4c 46)",
                b[0], size > 1 ? b[1] : 0, size > 2 ? b[2] : 0, size > 3 ? b[3] : 0);
  if (size < EI_NIDENT)
    return fail(err, EL_ERR_TRUNCATED, name,
                "truncated ELF header (the file has %zu bytes; the ELF identification alone needs %d)",
                size, EI_NIDENT);
  unsigned want = desc->addr_bits > 32 ? ELFCLASS64 : ELFCLASS32;
  unsigned cls = b[EI_CLASS];
  const char *isa = desc->name ? desc->name : "?";
  if (cls != ELFCLASS32 && cls != ELFCLASS64)
    return fail(err, EL_ERR_CLASS, name,
                "invalid ELF class %u in byte %d (1 = 32-bit, 2 = 64-bit)", cls, EI_CLASS);
  if (cls != want)
    return fail(err, EL_ERR_CLASS, name,
                "%s ELF file (%s), but ISA '%s' has %u-bit addresses and needs a %s file (%s)",
                cls == ELFCLASS64 ? "64-bit" : "32-bit", cls == ELFCLASS64 ? "ELFCLASS64" : "ELFCLASS32",
                isa, desc->addr_bits, want == ELFCLASS64 ? "64-bit" : "32-bit",
                want == ELFCLASS64 ? "ELFCLASS64" : "ELFCLASS32");
  unsigned data = b[EI_DATA];
  if (data != ELFDATA2LSB && data != ELFDATA2MSB)
    return fail(err, EL_ERR_ENDIAN, name,
                "invalid ELF data encoding %u in byte %d (1 = little-endian, 2 = big-endian)",
                data, EI_DATA);
  if ((data == ELFDATA2MSB) != desc->big_endian)
    return fail(err, EL_ERR_ENDIAN, name, "%s ELF file (%s), but ISA '%s' is %s",
                data == ELFDATA2MSB ? "big-endian" : "little-endian",
                data == ELFDATA2MSB ? "ELFDATA2MSB" : "ELFDATA2LSB", isa,
                desc->big_endian ? "big-endian" : "little-endian");
  if (b[EI_VERSION] != EV_CURRENT)
    return fail(err, EL_ERR_VERSION, name, "unsupported ELF version %u in byte %d (expected %d)",
                b[EI_VERSION], EI_VERSION, EV_CURRENT);
  size_t ehsize = cls == ELFCLASS64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
  if (size < ehsize)
    return fail(err, EL_ERR_TRUNCATED, name,
                "truncated ELF header (the file has %zu bytes; a %s ELF header has %zu)", size,
                cls == ELFCLASS64 ? "64-bit" : "32-bit", ehsize);
  return EL_OK;
}

/* ---- segments ------------------------------------------------------------ */

static int cmp_seg_addr(const void *a, const void *b) {
  const el_segment *x = *(const el_segment *const *)a, *y = *(const el_segment *const *)b;
  if (x->vaddr != y->vaddr) return x->vaddr < y->vaddr ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* One PT_LOAD against the file and the address space. */
static el_err check_segment(const el_segment *s, size_t fsize, uint64_t amask, unsigned bits,
                            const char *name, el_error *err) {
  if (s->offset > fsize || s->filesz > fsize - s->offset)
    return fail(err, EL_ERR_SEG_FILE, name,
                "segment %u (file offset 0x%llx, size 0x%llx) extends past the end of the file (size 0x%llx)",
                s->index, (unsigned long long)s->offset, (unsigned long long)s->filesz,
                (unsigned long long)fsize);
  if (s->filesz > s->memsz)
    return fail(err, EL_ERR_SEG_SIZE, name,
                "segment %u has a file size (0x%llx) larger than its memory size (0x%llx)", s->index,
                (unsigned long long)s->filesz, (unsigned long long)s->memsz);
  if (s->memsz && (s->vaddr > amask || s->memsz - 1 > amask - s->vaddr))
    return fail(err, EL_ERR_SEG_ADDR, name,
                "segment %u (address 0x%llx, memory size 0x%llx) does not fit in the %u-bit address space",
                s->index, (unsigned long long)s->vaddr, (unsigned long long)s->memsz, bits);
  if (s->align > 1) {
    if (s->align & (s->align - 1))
      return fail(err, EL_ERR_SEG_ALIGN, name, "segment %u has alignment 0x%llx, which is not a power of two",
                  s->index, (unsigned long long)s->align);
    if ((s->vaddr - s->offset) & (s->align - 1))
      return fail(err, EL_ERR_SEG_ALIGN, name,
                  "segment %u has address 0x%llx and file offset 0x%llx, which differ modulo its alignment 0x%llx",
                  s->index, (unsigned long long)s->vaddr, (unsigned long long)s->offset,
                  (unsigned long long)s->align);
  }
  return EL_OK;
}

/* Sorted by address, segments must be disjoint; then the entry point. */
static el_err check_layout(el_image *img, const el_segment **sorted, size_t n, const char *name,
                           el_error *err) {
  for (size_t i = 1; i < n; i++) {
    const el_segment *a = sorted[i - 1], *b = sorted[i];
    if (b->vaddr - a->vaddr < a->memsz)
      return fail(err, EL_ERR_SEG_OVERLAP, name,
                  "segments %u (0x%llx-0x%llx) and %u (0x%llx-0x%llx) overlap", a->index,
                  (unsigned long long)a->vaddr, (unsigned long long)(a->vaddr + a->memsz - 1),
                  b->index, (unsigned long long)b->vaddr,
                  (unsigned long long)(b->vaddr + b->memsz - 1));
  }
  const el_segment *e = el_segment_of(img, img->entry);
  if (!e)
    return fail(err, EL_ERR_ENTRY, name, "entry point 0x%llx is not inside any loadable segment",
                (unsigned long long)img->entry);
  if (!(e->perms & MEM_X)) {
    char f[4];
    flags_str(f, e->perms);
    return fail(err, EL_ERR_ENTRY, name,
                "entry point 0x%llx lies in segment %u (0x%llx-0x%llx), which is not executable (flags %s)",
                (unsigned long long)img->entry, e->index, (unsigned long long)e->vaddr,
                (unsigned long long)(e->vaddr + e->memsz - 1), f);
  }
  return EL_OK;
}

/* Map the checked segments (sorted by address) and copy their file bytes.
 * Only a segment's first page can already be mapped, and only by earlier
 * segments (they are disjoint and sorted): that page gets the union. */
static el_err map_segments(const el_segment **sorted, size_t n, const uint8_t *file,
                           mem_space *m, const char *name, el_error *err) {
  for (size_t i = 0; i < n; i++) {
    const el_segment *s = sorted[i];
    if (!mem_is_free(m, s->vaddr, s->memsz))
      return fail(err, EL_ERR_MAP, name,
                  "segment %u (0x%llx-0x%llx) overlaps memory that is already mapped", s->index,
                  (unsigned long long)s->vaddr, (unsigned long long)(s->vaddr + s->memsz - 1));
  }
  for (size_t i = 0; i < n; i++) {
    const el_segment *s = sorted[i];
    uint64_t first = s->vaddr & ~(MEM_PAGE_SIZE - 1);
    uint64_t end = s->vaddr + (s->memsz - 1);             /* last byte */
    uint64_t fend = s->filesz ? s->vaddr + (s->filesz - 1) : 0; /* last file byte */
    uint64_t last = end & ~(MEM_PAGE_SIZE - 1);            /* last page */
    uint64_t lo = first;                                   /* first page still to map */
    bool more = true; /* pages from lo to last remain (lo never wraps past 2^64) */
    const mem_region *r = mem_region_of(m, first);
    mem_err me = MEM_ERR_NONE;
    if (r) { /* shared with the previous segment */
      me = mem_protect(m, first, 1, r->perms | s->perms);
      if (first == last) more = false;
      else lo = first + MEM_PAGE_SIZE;
    }
    /* pages with file bytes are MEM_IMAGE, the rest (bss) MEM_ZERO */
    if (!me && more && s->filesz && fend >= lo) {
      me = mem_map(m, lo, fend - lo + 1, s->perms, MEM_IMAGE);
      if ((fend & ~(MEM_PAGE_SIZE - 1)) == last) more = false;
      else lo = (fend | (MEM_PAGE_SIZE - 1)) + 1;
    }
    if (!me && more) me = mem_map(m, lo, end - lo + 1, s->perms, MEM_ZERO);
    if (me)
      return fail(err, me == MEM_ERR_NOMEM ? EL_ERR_NOMEM : EL_ERR_MAP, name,
                  "segment %u (0x%llx-0x%llx) cannot be mapped: %s", s->index,
                  (unsigned long long)s->vaddr, (unsigned long long)end, mem_err_name(me));
    if (s->filesz) {
      uint64_t fa;
      int k = mem_poke(m, s->vaddr, (size_t)s->filesz, file + s->offset, &fa);
      if (k)
        return fail(err, k == MEM_FAULT_NOMEM ? EL_ERR_NOMEM : EL_ERR_MAP, name,
                    "segment %u: cannot store its bytes at 0x%llx: %s", s->index,
                    (unsigned long long)fa, mem_fault_name(k));
    }
  }
  return EL_OK;
}

/* ---- loading ------------------------------------------------------------- */

static const char *phdr_what(uint32_t type) {
  return type == PT_INTERP ? "PT_INTERP: it names a program interpreter"
                           : "PT_DYNAMIC: it carries dynamic linking information";
}

/* buf (size bytes, owned by the caller, may be modified by libelf). */
static el_err load_buf(uint8_t *buf, size_t size, const char *name, const isa_desc *desc,
                       mem_space *m, el_image **out, el_error *err) {
  el_err rc = check_ident(buf, size, name, desc, err);
  if (rc) return rc;
  if (elf_version(EV_CURRENT) == EV_NONE)
    return fail(err, EL_ERR_LIBELF, name, "libelf is too old: %s", elf_errmsg(-1));
  Elf *elf = elf_memory((char *)buf, size);
  el_image *img = NULL;
  const el_segment **sorted = NULL;
  GElf_Ehdr eh;
  if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
    rc = fail(err, EL_ERR_LIBELF, name, "libelf cannot read the ELF header: %s", elf_errmsg(-1));
    goto out;
  }
  if (eh.e_version != EV_CURRENT) {
    rc = fail(err, EL_ERR_VERSION, name, "unsupported ELF version %u in e_version (expected %d)",
              (unsigned)eh.e_version, EV_CURRENT);
    goto out;
  }
  const char *isa = desc->name ? desc->name : "?";
  if (desc->elf_machine == 0) {
    char b1[64];
    rc = fail(err, EL_ERR_MACHINE, name,
              "ISA '%s' declares no ELF machine number, so this file (machine %s) cannot be checked against it; "
              "add the machine to the ISA's specification",
              isa, machine_str(b1, sizeof b1, eh.e_machine));
    goto out;
  }
  if (eh.e_machine != desc->elf_machine) {
    char b1[64], b2[64];
    rc = fail(err, EL_ERR_MACHINE, name, "ELF machine %s does not match ISA '%s' (ELF machine %s)",
              machine_str(b1, sizeof b1, eh.e_machine), isa,
              machine_str(b2, sizeof b2, desc->elf_machine));
    goto out;
  }
  if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN) {
    const char *t = type_str(eh.e_type);
    if (t)
      rc = fail(err, EL_ERR_TYPE, name, "ELF type %s is not an executable (expected ET_EXEC)", t);
    else
      rc = fail(err, EL_ERR_TYPE, name, "unknown ELF type 0x%x (expected ET_EXEC)", (unsigned)eh.e_type);
    goto out;
  }
  /* the count from the header, not elf_getphdrnum: libelf silently clips it
   * to what fits in the file, and a clipped table must be an error */
  size_t phnum = eh.e_phnum;
  if (phnum == PN_XNUM) { /* the real count is in section 0's sh_info */
    GElf_Shdr s0;
    Elf_Scn *scn0 = elf_getscn(elf, 0);
    if (!scn0 || !gelf_getshdr(scn0, &s0)) {
      rc = fail(err, EL_ERR_HEADER, name,
                "the program header count is in section 0 (e_phnum = PN_XNUM), which cannot be read: %s",
                elf_errmsg(-1));
      goto out;
    }
    phnum = s0.sh_info;
  }
  if (phnum > INT_MAX) { /* gelf_getphdr takes an int */
    rc = fail(err, EL_ERR_HEADER, name, "%zu program headers are too many", phnum);
    goto out;
  }
  if (phnum == 0) {
    rc = fail(err, EL_ERR_NO_LOAD, name, "no program headers, so nothing to load");
    goto out;
  }
  size_t phsz = gelf_fsize(elf, ELF_T_PHDR, 1, EV_CURRENT);
  if (eh.e_phentsize != phsz) {
    rc = fail(err, EL_ERR_HEADER, name, "program header entry size is %u bytes (expected %zu)",
              (unsigned)eh.e_phentsize, phsz);
    goto out;
  }
  if (eh.e_phoff > size || phnum > (size - eh.e_phoff) / phsz) {
    rc = fail(err, EL_ERR_HEADER, name,
              "program header table (file offset 0x%llx, %zu entries of %zu bytes) extends past the end of the file (size 0x%zx)",
              (unsigned long long)eh.e_phoff, phnum, phsz, size);
    goto out;
  }
  img = calloc(1, sizeof *img);
  if (!img) goto oom;
  img->entry = eh.e_entry;
  img->big_endian = desc->big_endian;
  img->elf_class = buf[EI_CLASS] == ELFCLASS64 ? 64 : 32;
  img->segs = calloc(phnum, sizeof *img->segs);
  if (!img->segs) goto oom;
  for (size_t i = 0; i < phnum; i++) {
    GElf_Phdr ph;
    if (!gelf_getphdr(elf, (int)i, &ph)) {
      rc = fail(err, EL_ERR_HEADER, name, "program header %zu cannot be read: %s", i, elf_errmsg(-1));
      goto out;
    }
    if (ph.p_type == PT_INTERP || ph.p_type == PT_DYNAMIC) {
      rc = fail(err, EL_ERR_DYNAMIC, name,
                "dynamically linked executables are not supported (program header %zu is %s); link with -static",
                i, phdr_what(ph.p_type));
      goto out;
    }
    if (ph.p_type != PT_LOAD) continue;
    img->segs[img->nsegs++] = (el_segment){
      .index = (unsigned)i, .vaddr = ph.p_vaddr, .memsz = ph.p_memsz, .offset = ph.p_offset,
      .filesz = ph.p_filesz, .align = ph.p_align,
      .perms = (ph.p_flags & PF_R ? MEM_R : 0) | (ph.p_flags & PF_W ? MEM_W : 0) |
               (ph.p_flags & PF_X ? MEM_X : 0)};
  }
  if (eh.e_type == ET_DYN) {
    rc = fail(err, EL_ERR_TYPE, name,
              "ELF type %s is not supported: it would run at an address the system picks; "
              "link a fixed-address executable with -static -no-pie", type_str(ET_DYN));
    goto out;
  }
  if (img->nsegs == 0) {
    rc = fail(err, EL_ERR_NO_LOAD, name, "no loadable (PT_LOAD) segment among %zu program headers", phnum);
    goto out;
  }
  uint64_t amask = mem_max_addr(m);
  size_t nsorted = 0;
  sorted = malloc(img->nsegs * sizeof *sorted);
  if (!sorted) goto oom;
  uint64_t top = 0; /* one past the highest segment byte */
  bool top_wraps = false;
  for (size_t i = 0; i < img->nsegs; i++) {
    const el_segment *s = &img->segs[i];
    rc = check_segment(s, size, amask, desc->addr_bits, name, err);
    if (rc) goto out;
    if (!s->memsz) continue; /* occupies no memory */
    sorted[nsorted++] = s;
    uint64_t last = s->vaddr + (s->memsz - 1);
    if (last == UINT64_MAX) top_wraps = true;
    else if (last + 1 > top) top = last + 1;
  }
  qsort(sorted, nsorted, sizeof *sorted, cmp_seg_addr);
  rc = check_layout(img, sorted, nsorted, name, err);
  if (rc) goto out;
  /* the break: first page after the highest segment (2^64 wraps to 0: no room) */
  img->brk = top_wraps ? 0 : (top + (MEM_PAGE_SIZE - 1)) & ~(MEM_PAGE_SIZE - 1);
  if (!load_symbols(elf, img)) goto oom;
  rc = map_segments(sorted, nsorted, buf, m, name, err);
  if (rc) goto out;
  free(sorted);
  elf_end(elf);
  *out = img;
  return EL_OK;
oom:
  rc = fail(err, EL_ERR_NOMEM, name, "out of memory while loading");
out:
  free(sorted);
  el_free(img);
  if (elf) elf_end(elf);
  return rc;
}

static el_err check_args(const char *name, const isa_desc *desc, mem_space *m, el_image **out,
                         el_error *err) {
  if (out) *out = NULL;
  if (err) err->code = EL_OK, err->msg[0] = 0;
  if (!desc || !m || !out)
    return fail(err, EL_ERR_ISA, name, "internal error: el_load needs a descriptor, a memory and an output");
  if (desc->addr_bits < 1 || desc->addr_bits > 64 || mem_addr_bits(m) != desc->addr_bits)
    return fail(err, EL_ERR_ISA, name,
                "internal error: ISA '%s' has %u-bit addresses but the memory has %u-bit addresses",
                desc->name ? desc->name : "?", desc->addr_bits, mem_addr_bits(m));
  return EL_OK;
}

el_err el_load_mem(const void *data, size_t size, const char *name, const isa_desc *desc,
                   mem_space *m, el_image **out, el_error *err) {
  if (!name) name = "<memory>";
  el_err rc = check_args(name, desc, m, out, err);
  if (rc) return rc;
  /* libelf may write into the image it reads (byte-order conversion in
   * place), and data is const: work on a private copy */
  uint8_t *buf = malloc(size ? size : 1);
  if (!buf) return fail(err, EL_ERR_NOMEM, name, "out of memory (the file has %zu bytes)", size);
  if (size) memcpy(buf, data, size);
  rc = load_buf(buf, size, name, desc, m, out, err);
  free(buf);
  return rc;
}

el_err el_load(const char *path, const isa_desc *desc, mem_space *m, el_image **out,
               el_error *err) {
  const char *name = path ? path : "<null>";
  el_err rc = check_args(name, desc, m, out, err);
  if (rc) return rc;
  if (!path) return fail(err, EL_ERR_OPEN, name, "no file name given");
  /* O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused
   * below as not a regular file); reads of regular files ignore the flag */
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return fail(err, EL_ERR_OPEN, name, "cannot open: %s", strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0) {
    int e = errno;
    close(fd);
    return fail(err, EL_ERR_OPEN, name, "cannot examine: %s", strerror(e));
  }
  if (S_ISDIR(st.st_mode)) {
    close(fd);
    return fail(err, EL_ERR_NOT_FILE, name, "is a directory, not an ELF executable");
  }
  if (!S_ISREG(st.st_mode)) {
    close(fd);
    return fail(err, EL_ERR_NOT_FILE, name, "is not a regular file");
  }
  /* the header first: a large file that is not an executable for this ISA
   * is refused without reading it all */
  uint8_t head[sizeof(Elf64_Ehdr)];
  size_t nhead = 0;
  while (nhead < sizeof head) {
    ssize_t r = read(fd, head + nhead, sizeof head - nhead);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      int e = errno;
      close(fd);
      return fail(err, EL_ERR_OPEN, name, "cannot read: %s", strerror(e));
    }
    if (r == 0) break;
    nhead += (size_t)r;
  }
  if (nhead < sizeof head) { /* the whole file: load_buf says what is wrong */
    close(fd);
    return load_buf(head, nhead, name, desc, m, out, err);
  }
  rc = check_ident(head, nhead, name, desc, err);
  if (rc) {
    close(fd);
    return rc;
  }
  if ((uint64_t)st.st_size > EL_MAX_FILE) {
    close(fd);
    return fail(err, EL_ERR_TOO_BIG, name, "the file has %lld bytes; the most el_load reads is %zu (256 MiB)",
                (long long)st.st_size, EL_MAX_FILE);
  }
  size_t cap = (size_t)st.st_size + 1, size = nhead; /* + 1: EOF without a realloc */
  if (cap < nhead + 1) cap = nhead + 1; /* the file grew */
  uint8_t *buf = malloc(cap ? cap : 1);
  if (!buf) {
    close(fd);
    return fail(err, EL_ERR_NOMEM, name, "out of memory (the file has %zu bytes)", cap);
  }
  memcpy(buf, head, nhead);
  /* read to the end: the size fstat gave is a hint (the file may change) */
  for (;;) {
    if (size > EL_MAX_FILE) {
      free(buf);
      close(fd);
      return fail(err, EL_ERR_TOO_BIG, name, "the file grew past %zu bytes (256 MiB) while it was read", EL_MAX_FILE);
    }
    if (size == cap) {
      size_t ncap = cap ? cap * 2 : 4096;
      uint8_t *nb = ncap > cap ? realloc(buf, ncap) : NULL;
      if (!nb) {
        free(buf);
        close(fd);
        return fail(err, EL_ERR_NOMEM, name, "out of memory reading the file");
      }
      buf = nb;
      cap = ncap;
    }
    ssize_t r = read(fd, buf + size, cap - size);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      int e = errno;
      free(buf);
      close(fd);
      return fail(err, EL_ERR_OPEN, name, "cannot read: %s", strerror(e));
    }
    if (r == 0) break;
    size += (size_t)r;
  }
  close(fd);
  rc = load_buf(buf, size, name, desc, m, out, err);
  free(buf);
  return rc;
}
