/* mkelf.c — writes the synthetic ELF files of the loader tests into DIR,
 * plus DIR/expected.tsv: one line per file with the descriptor to load it
 * with (le32: machine 3, little-endian, 32-bit; be32: machine 20, big-endian,
 * 32-bit; le64: machine 62, little-endian, 64-bit), the expected el_err name
 * and the expected message after "PATH: " ("-" for files that must load).
 * Every bad file is a good one with exactly one thing wrong.
 *
 * usage: mkelf DIR
 */
#include <elf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elfgen.h"

static const char *dir;
static FILE *expect;

static uint8_t text[64], data[8] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};

static void write_file(const char *name, const uint8_t *b, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f || (n && fwrite(b, 1, n, f) != n) || fclose(f) != 0) {
    perror(path);
    exit(1);
  }
}

static void expect_line(const char *file, const char *desc, const char *code, const char *fmt, ...) {
  fprintf(expect, "%s\t%s\t%s\t", file, desc, code);
  va_list ap;
  va_start(ap, fmt);
  vfprintf(expect, fmt, ap);
  va_end(ap);
  fputc('\n', expect);
}

static uint8_t *build(const eg_spec *s, size_t *n) {
  uint8_t *b = eg_build(s, n);
  if (!b) {
    fprintf(stderr, "mkelf: out of memory\n");
    exit(1);
  }
  return b;
}

static void emit(const char *file, const eg_spec *s) {
  size_t n;
  uint8_t *b = build(s, &n);
  write_file(file, b, n);
  free(b);
}

/* The good little-endian 32-bit executable everything else derives from. */
static eg_spec base_le32(void) {
  eg_spec s = {.cls64 = 0, .big_endian = 0, .machine = EM_386, .etype = ET_EXEC,
               .entry = 0x08048010, .nsegs = 2};
  s.segs[0] = (eg_seg){PT_LOAD, PF_R | PF_X, 0x08048000, text, sizeof text, sizeof text, 0x1000};
  s.segs[1] = (eg_seg){PT_LOAD, PF_R | PF_W, 0x08049100, data, sizeof data, 0x2000, 0x1000};
  s.nsyms = 6;
  /* locals first, as in a linker's output (sh_info counts them) */
  s.syms[0] = (eg_sym){"label", 0x08048010, 0, STT_NOTYPE, STB_LOCAL};
  s.syms[1] = (eg_sym){"helper", 0x08048020, 0x20, STT_FUNC, STB_LOCAL};
  s.syms[2] = (eg_sym){"dup", 0x08049104, 4, STT_OBJECT, STB_LOCAL};
  s.syms[3] = (eg_sym){"_start", 0x08048010, 16, STT_FUNC, STB_GLOBAL};
  s.syms[4] = (eg_sym){"counter", 0x08049100, 4, STT_OBJECT, STB_GLOBAL};
  s.syms[5] = (eg_sym){"dup", 0x08049108, 0x1000, STT_OBJECT, STB_GLOBAL};
  return s;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: mkelf DIR\n");
    return 2;
  }
  dir = argv[1];
  for (size_t i = 0; i < sizeof text; i++) text[i] = (uint8_t)(i * 7 + 1);
  char path[4096];
  snprintf(path, sizeof path, "%s/expected.tsv", dir);
  expect = fopen(path, "w");
  if (!expect) {
    perror(path);
    return 1;
  }
  size_t n;
  uint8_t *b;

  /* ---- good files ---- */
  eg_spec le = base_le32();
  emit("good_le32.elf", &le);
  expect_line("good_le32.elf", "le32", "EL_OK", "-");
  eg_spec be = le;
  be.big_endian = 1;
  be.machine = EM_PPC;
  emit("good_be32.elf", &be);
  expect_line("good_be32.elf", "be32", "EL_OK", "-");
  eg_spec s64 = le;
  s64.cls64 = 1;
  s64.machine = EM_X86_64;
  s64.entry = 0x400010;
  s64.segs[0].vaddr = 0x400000;
  s64.segs[1].vaddr = 0x401100;
  s64.nsyms = 0;
  emit("good_le64.elf", &s64);
  expect_line("good_le64.elf", "le64", "EL_OK", "-");
  eg_spec sh = le; /* two segments on one page: it gets R|W|X */
  sh.entry = 0x1000;
  sh.segs[0].vaddr = 0x1000;
  sh.segs[1].vaddr = 0x1100;
  sh.segs[1].memsz = 0x20;
  sh.nsyms = 0;
  emit("good_shared_page.elf", &sh);
  expect_line("good_shared_page.elf", "le32", "EL_OK", "-");

  /* ---- files that are not (whole) ELF files ---- */
  write_file("empty.elf", NULL, 0);
  expect_line("empty.elf", "le32", "EL_ERR_EMPTY", "empty file (0 bytes); expected an ELF executable");
  static const char script[] = "#!/bin/sh\necho hello\n";
  write_file("script.txt", (const uint8_t *)script, sizeof script - 1);
  expect_line("script.txt", "le32", "EL_ERR_NOT_ELF",
              "not an ELF file (it starts with bytes 23 21 2f 62; ELF files start with 7f 45 4c 46)");
  b = build(&le, &n);
  write_file("trunc_ident.elf", b, 10);
  expect_line("trunc_ident.elf", "le32", "EL_ERR_TRUNCATED",
              "truncated ELF header (the file has 10 bytes; the ELF identification alone needs 16)");
  write_file("trunc_header.elf", b, 40);
  expect_line("trunc_header.elf", "le32", "EL_ERR_TRUNCATED",
              "truncated ELF header (the file has 40 bytes; a 32-bit ELF header has 52)");
  free(b);
  expect_line("good_le64.elf", "le32", "EL_ERR_CLASS",
              "64-bit ELF file (ELFCLASS64), but ISA 'fake-le32' has 32-bit addresses and needs a "
              "32-bit file (ELFCLASS32)");
  expect_line("good_le32.elf", "le64", "EL_ERR_CLASS",
              "32-bit ELF file (ELFCLASS32), but ISA 'fake-le64' has 64-bit addresses and needs a "
              "64-bit file (ELFCLASS64)");
  expect_line("good_be32.elf", "le32", "EL_ERR_ENDIAN",
              "big-endian ELF file (ELFDATA2MSB), but ISA 'fake-le32' is little-endian");
  expect_line("good_le32.elf", "be32", "EL_ERR_ENDIAN",
              "little-endian ELF file (ELFDATA2LSB), but ISA 'fake-be32' is big-endian");
  b = build(&le, &n);
  b[EI_CLASS] = 7;
  write_file("class_invalid.elf", b, n);
  expect_line("class_invalid.elf", "le32", "EL_ERR_CLASS",
              "invalid ELF class 7 in byte 4 (1 = 32-bit, 2 = 64-bit)");
  b[EI_CLASS] = ELFCLASS32;
  b[EI_DATA] = 0;
  write_file("data_invalid.elf", b, n);
  expect_line("data_invalid.elf", "le32", "EL_ERR_ENDIAN",
              "invalid ELF data encoding 0 in byte 5 (1 = little-endian, 2 = big-endian)");
  b[EI_DATA] = ELFDATA2LSB;
  b[EI_VERSION] = 2;
  write_file("ident_version.elf", b, n);
  expect_line("ident_version.elf", "le32", "EL_ERR_VERSION",
              "unsupported ELF version 2 in byte 6 (expected 1)");
  b[EI_VERSION] = EV_CURRENT;
  eg_put(&le, b, 20, 4, 9); /* e_version */
  write_file("ehdr_version.elf", b, n);
  expect_line("ehdr_version.elf", "le32", "EL_ERR_VERSION",
              "unsupported ELF version 9 in e_version (expected 1)");
  eg_put(&le, b, 20, 4, EV_CURRENT);
  eg_put(&le, b, 42, 2, 40); /* e_phentsize */
  write_file("phentsize.elf", b, n);
  expect_line("phentsize.elf", "le32", "EL_ERR_HEADER", "program header entry size is 40 bytes (expected 32)");
  eg_put(&le, b, 42, 2, 32);
  eg_put(&le, b, 28, 4, n - 40); /* e_phoff: the table runs off the end */
  write_file("phoff_eof.elf", b, n);
  expect_line("phoff_eof.elf", "le32", "EL_ERR_HEADER",
              "program header table (file offset 0x%zx, 2 entries of 32 bytes) extends past the end "
              "of the file (size 0x%zx)", n - 40, n);
  free(b);

  /* ---- header fields ---- */
  eg_spec s = le;
  s.machine = EM_ARM;
  emit("machine_arm.elf", &s);
  expect_line("machine_arm.elf", "le32", "EL_ERR_MACHINE",
              "ELF machine 40 (ARM) does not match ISA 'fake-le32' (ELF machine 3 (Intel 80386))");
  s.machine = 0x4321;
  emit("machine_unknown.elf", &s);
  expect_line("machine_unknown.elf", "le32", "EL_ERR_MACHINE",
              "ELF machine 17185 does not match ISA 'fake-le32' (ELF machine 3 (Intel 80386))");
  expect_line("good_le32.elf", "nomachine", "EL_ERR_MACHINE",
              "ISA 'fake-none' declares no ELF machine number, so this file (machine 3 (Intel 80386)) "
              "cannot be checked against it; add the machine to the ISA's specification");
  s = le;
  s.etype = ET_REL;
  emit("type_rel.elf", &s);
  expect_line("type_rel.elf", "le32", "EL_ERR_TYPE",
              "ELF type ET_REL (relocatable object file) is not an executable (expected ET_EXEC)");
  s.etype = 0x1234;
  emit("type_unknown.elf", &s);
  expect_line("type_unknown.elf", "le32", "EL_ERR_TYPE", "unknown ELF type 0x1234 (expected ET_EXEC)");
  s.etype = ET_DYN;
  emit("type_dyn.elf", &s);
  expect_line("type_dyn.elf", "le32", "EL_ERR_TYPE",
              "ELF type ET_DYN (shared object or position-independent executable) is not supported: "
              "it would run at an address the system picks; link a fixed-address executable with "
              "-static -no-pie");
  s = le;
  s.nsegs = 3;
  s.segs[2] = (eg_seg){PT_INTERP, PF_R, 0x0804a000, (const uint8_t *)"/lib/ld.so", 11, 11, 1};
  emit("interp.elf", &s);
  expect_line("interp.elf", "le32", "EL_ERR_DYNAMIC",
              "dynamically linked executables are not supported (program header 2 is PT_INTERP: it "
              "names a program interpreter); link with -static");
  s.segs[2] = (eg_seg){PT_DYNAMIC, PF_R | PF_W, 0x08049100, data, 8, 8, 4};
  emit("dynamic.elf", &s);
  expect_line("dynamic.elf", "le32", "EL_ERR_DYNAMIC",
              "dynamically linked executables are not supported (program header 2 is PT_DYNAMIC: it "
              "carries dynamic linking information); link with -static");
  s = le;
  s.nsegs = 0;
  emit("no_phdrs.elf", &s);
  expect_line("no_phdrs.elf", "le32", "EL_ERR_NO_LOAD", "no program headers, so nothing to load");
  s.nsegs = 1;
  s.segs[0].type = PT_NOTE;
  emit("no_load.elf", &s);
  expect_line("no_load.elf", "le32", "EL_ERR_NO_LOAD",
              "no loadable (PT_LOAD) segment among 1 program headers");

  /* ---- segments ---- */
  b = build(&le, &n);
  uint64_t off1 = eg_seg_offset(&le, 1);
  eg_set_ph(&le, b, 1, EG_P_FILESZ, n - off1 + 1);
  eg_set_ph(&le, b, 1, EG_P_MEMSZ, 0x10000);
  write_file("seg_past_eof.elf", b, n);
  expect_line("seg_past_eof.elf", "le32", "EL_ERR_SEG_FILE",
              "segment 1 (file offset 0x%llx, size 0x%llx) extends past the end of the file (size 0x%zx)",
              (unsigned long long)off1, (unsigned long long)(n - off1 + 1), n);
  free(b);
  b = build(&le, &n);
  eg_set_ph(&le, b, 1, EG_P_OFFSET, 0xfffff100);
  write_file("seg_offset_eof.elf", b, n);
  expect_line("seg_offset_eof.elf", "le32", "EL_ERR_SEG_FILE",
              "segment 1 (file offset 0xfffff100, size 0x8) extends past the end of the file (size 0x%zx)", n);
  free(b);
  s = le;
  s.segs[1].memsz = 4;
  emit("filesz_gt_memsz.elf", &s);
  expect_line("filesz_gt_memsz.elf", "le32", "EL_ERR_SEG_SIZE",
              "segment 1 has a file size (0x8) larger than its memory size (0x4)");
  s = le;
  s.segs[1].vaddr = 0xfffff100;
  emit("seg_past_space.elf", &s);
  expect_line("seg_past_space.elf", "le32", "EL_ERR_SEG_ADDR",
              "segment 1 (address 0xfffff100, memory size 0x2000) does not fit in the 32-bit address space");
  s = le;
  s.segs[1].align = 0x1800;
  emit("align_not_pow2.elf", &s);
  expect_line("align_not_pow2.elf", "le32", "EL_ERR_SEG_ALIGN",
              "segment 1 has alignment 0x1800, which is not a power of two");
  b = build(&le, &n);
  eg_set_ph(&le, b, 1, EG_P_OFFSET, off1 + 4);
  write_file("align_incongruent.elf", b, n);
  expect_line("align_incongruent.elf", "le32", "EL_ERR_SEG_ALIGN",
              "segment 1 has address 0x8049100 and file offset 0x%llx, which differ modulo its "
              "alignment 0x1000", (unsigned long long)(off1 + 4));
  free(b);
  s = le;
  s.segs[1].vaddr = 0x08048020;
  emit("overlap.elf", &s);
  expect_line("overlap.elf", "le32", "EL_ERR_SEG_OVERLAP",
              "segments 0 (0x8048000-0x804803f) and 1 (0x8048020-0x804a01f) overlap");
  s = le;
  s.entry = 0x09000000;
  emit("entry_outside.elf", &s);
  expect_line("entry_outside.elf", "le32", "EL_ERR_ENTRY",
              "entry point 0x9000000 is not inside any loadable segment");
  s.entry = 0x08049104;
  emit("entry_not_exec.elf", &s);
  expect_line("entry_not_exec.elf", "le32", "EL_ERR_ENTRY",
              "entry point 0x8049104 lies in segment 1 (0x8049100-0x804b0ff), which is not executable "
              "(flags RW-)");

  /* ---- symbols or section headers outside the file: loads, without symbols ---- */
  b = build(&le, &n);
  size_t shoff = (size_t)b[32] | (size_t)b[33] << 8 | (size_t)b[34] << 16 | (size_t)b[35] << 24;
  eg_put(&le, b, shoff + 2 * 40 + 16, 4, 0x7ffffff0); /* .symtab sh_offset */
  write_file("bad_symtab.elf", b, n);
  expect_line("bad_symtab.elf", "le32", "EL_OK", "-");
  eg_put(&le, b, 32, 4, 0x7ffffff0); /* e_shoff: no section headers at all */
  write_file("bad_shoff.elf", b, n);
  expect_line("bad_shoff.elf", "le32", "EL_OK", "-");
  free(b);

  if (fclose(expect) != 0) {
    perror("expected.tsv");
    return 1;
  }
  return 0;
}
