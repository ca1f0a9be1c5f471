/* elfload.h — load a static ELF executable into a mem_space.
 *
 * What it promises: el_load checks the whole file against the ISA
 * descriptor before it maps anything, and either loads it completely or
 * says precisely what is wrong in one line that starts with the file name
 * ("prog: segment 2 (file offset 0x1000, size 0x2000) extends past the end
 * of the file (size 0x1800)"), with a distinct el_err per kind of problem.
 * It never crashes on a malformed file.
 *
 * What it accepts: an ELF executable (ET_EXEC) whose class matches the
 * address width (ELFCLASS32 for addr_bits <= 32, ELFCLASS64 above), whose
 * data encoding matches desc->big_endian and whose e_machine equals
 * desc->elf_machine, without PT_INTERP or PT_DYNAMIC (static linking only),
 * with at least one PT_LOAD segment.  el_load reads the ELF identification
 * and header first (a file that is not an ELF executable for the ISA is
 * refused after 64 bytes, however large) and refuses files over EL_MAX_FILE
 * bytes before reading the rest.  "Segment i" in messages is the index
 * of the program header (as readelf numbers them).  Each PT_LOAD segment must
 * lie inside the file (file part) and the address space (memory part),
 * have p_filesz <= p_memsz, a p_align of 0 or a power of two with
 * p_vaddr = p_offset modulo p_align, and must not overlap another; the entry
 * point must lie in an executable segment.
 *
 * ET_DYN files are refused: a position-independent executable runs at a base
 * address the kernel picks, so its p_vaddr are not the addresses it runs at
 * and a verdict about "0xADDR" would be about a different layout than the one
 * qemu or Linux runs.
 *
 * What it maps: the pages every segment touches, with permissions from
 * p_flags (R, W, X).  Pages shared by two segments get the union of their
 * permissions (Linux would give the page the later segment's; the union is
 * the choice that never makes a correct program fault).  Bytes are the
 * file's p_filesz bytes, then zeros up to p_memsz (bss); page slack around
 * segments is zero.  Pages holding file bytes are MEM_IMAGE, pure bss pages
 * MEM_ZERO.  The program break (brk) is the end of the highest segment
 * rounded up to MEM_PAGE_SIZE.
 *
 * Symbols: from SHT_SYMTAB sections when present; never required; a symbol
 * table that cannot be read is skipped (the load still succeeds and
 * image->sym_note says why).  Undefined, section and file symbols and
 * symbols without a name are left out.
 *
 * Ownership: the caller owns the mem_space (el_load only maps into it and
 * pokes bytes) and the el_image (free with el_free); an image owns its
 * segment and symbol arrays and the symbol names.  Nothing is kept from the
 * file or the data buffer after el_load returns.  No ISA is known here: all
 * facts come from the isa_desc.
 */
#ifndef MCVETO_ELFLOAD_H
#define MCVETO_ELFLOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa.h"
#include "mem.h"

typedef enum el_err {
  EL_OK = 0,
  EL_ERR_OPEN,        /* cannot open or read the file (errno text) */
  EL_ERR_NOT_FILE,    /* a directory or other non-regular file */
  EL_ERR_EMPTY,       /* zero bytes */
  EL_ERR_NOT_ELF,     /* no ELF magic */
  EL_ERR_TRUNCATED,   /* shorter than the ELF header */
  EL_ERR_CLASS,       /* 32/64-bit class does not fit the ISA, or invalid */
  EL_ERR_ENDIAN,      /* data encoding does not match the ISA, or invalid */
  EL_ERR_VERSION,     /* not ELF version 1 */
  EL_ERR_TYPE,        /* not ET_EXEC */
  EL_ERR_MACHINE,     /* e_machine differs from the ISA's */
  EL_ERR_HEADER,      /* malformed ELF header or program header table */
  EL_ERR_DYNAMIC,     /* PT_INTERP or PT_DYNAMIC present */
  EL_ERR_NO_LOAD,     /* no PT_LOAD segment */
  EL_ERR_SEG_FILE,    /* segment's file range outside the file */
  EL_ERR_SEG_SIZE,    /* p_filesz > p_memsz */
  EL_ERR_SEG_ADDR,    /* segment outside the address space */
  EL_ERR_SEG_ALIGN,   /* p_align not a power of two, or vaddr/offset incongruent */
  EL_ERR_SEG_OVERLAP, /* two segments share addresses */
  EL_ERR_ENTRY,       /* entry point not in an executable segment */
  EL_ERR_MAP,         /* the memory already has a mapping where a segment goes */
  EL_ERR_NOMEM,       /* out of memory */
  EL_ERR_LIBELF,      /* libelf refused the file for a reason not listed above */
  EL_ERR_ISA,         /* the descriptor or memory cannot be used (addr_bits) */
  EL_ERR_TOO_BIG,     /* el_load: the file is over EL_MAX_FILE bytes */
  EL_ERR_COUNT
} el_err;

typedef struct el_error {
  el_err code;
  char msg[512]; /* one line, no newline, starts with the file name */
} el_error;

typedef struct el_segment {
  unsigned index;  /* program header index */
  uint64_t vaddr, memsz;
  uint64_t offset, filesz;
  uint64_t align;
  unsigned perms;  /* MEM_R | MEM_W | MEM_X */
} el_segment;

typedef enum el_symtype {
  EL_SYM_NOTYPE, EL_SYM_FUNC, EL_SYM_OBJECT, EL_SYM_OTHER
} el_symtype;

typedef struct el_symbol {
  const char *name; /* owned by the image */
  uint64_t addr, size;
  el_symtype type;
  bool global;      /* STB_GLOBAL or STB_WEAK */
} el_symbol;

typedef struct el_image {
  uint64_t entry;
  uint64_t brk;       /* first page after the highest segment */
  bool big_endian;
  unsigned elf_class; /* 32 or 64 */
  size_t nsegs;       /* PT_LOAD segments, in program header order */
  el_segment *segs;
  size_t nsyms;       /* sorted by address, then by preference (see below) */
  el_symbol *syms;
  const char *sym_note; /* why symbols are missing or partial, or NULL */
  /* private */
  const el_symbol **by_name; /* syms sorted by name */
  char *names;
} el_image;

/* The largest file el_load reads: 256 MiB, far above any static executable
 * a verifier can handle, and a bound on the memory a bad path can take. */
#define EL_MAX_FILE ((size_t)256 * 1024 * 1024)

/* Load the file at path.  On success *out is the image (free with el_free)
 * and the segments are mapped in m, which must have desc->addr_bits bits.
 * On failure *out is NULL, err (if not NULL) says why, and m is unchanged
 * except after EL_ERR_NOMEM, when it may hold part of the image. */
el_err el_load(const char *path, const isa_desc *desc, mem_space *m, el_image **out,
               el_error *err);
/* The same from a file image in memory; name is used in messages. */
el_err el_load_mem(const void *data, size_t size, const char *name, const isa_desc *desc,
                   mem_space *m, el_image **out, el_error *err);
void el_free(el_image *img); /* NULL is fine */

const char *el_err_name(el_err e); /* "EL_ERR_SEG_FILE", ... */
/* "Intel 80386" etc. for a known e_machine, else NULL. */
const char *el_machine_name(unsigned machine);

/* Symbols.  By name: a global one if there is one, else the first local.
 * By address: among the symbols with the greatest address <= addr, the one
 * that covers addr (addr < sym.addr + size, or addr == sym.addr), preferring
 * functions, then globals; NULL if none covers it.  *offset = addr - sym.addr. */
const el_symbol *el_sym_by_name(const el_image *img, const char *name);
const el_symbol *el_sym_by_addr(const el_image *img, uint64_t addr, uint64_t *offset);

/* The segment containing addr (in its memory range), or NULL. */
const el_segment *el_segment_of(const el_image *img, uint64_t addr);

#endif
