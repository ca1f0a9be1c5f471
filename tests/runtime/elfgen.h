/* elfgen.h — a tiny writer of synthetic ELF executables for the loader tests
 * and the fuzz seeds: 32- or 64-bit, either byte order, any machine, a list
 * of program headers with their bytes, and optionally a symbol table.
 *
 * The caller owns the spec (and the bytes it points to); eg_build returns a
 * malloc'd image the caller frees.  eg_set_ph patches one program header
 * field of a built image, which is how the bad files are made: a valid file
 * first, then exactly one thing wrong.
 */
#ifndef ELFGEN_H
#define ELFGEN_H

#include <stddef.h>
#include <stdint.h>

#define EG_MAX_SEGS 8
#define EG_MAX_SYMS 8

typedef struct eg_seg {
  uint32_t type;   /* PT_LOAD, PT_INTERP, ... */
  uint32_t flags;  /* PF_R | PF_W | PF_X */
  uint64_t vaddr;
  const uint8_t *bytes; /* filesz bytes (NULL: zeros) */
  uint64_t filesz, memsz;
  uint64_t align;  /* file offset is chosen congruent to vaddr modulo this */
} eg_seg;

typedef struct eg_sym {
  const char *name;
  uint64_t value, size;
  unsigned type, bind; /* STT_*, STB_* */
} eg_sym;

typedef struct eg_spec {
  int cls64;          /* 0: ELFCLASS32, 1: ELFCLASS64 */
  int big_endian;
  unsigned machine;
  unsigned etype;     /* ET_EXEC, ... */
  uint64_t entry;
  int nsegs;
  eg_seg segs[EG_MAX_SEGS];
  int nsyms;          /* 0: no section headers at all */
  eg_sym syms[EG_MAX_SYMS];
} eg_spec;

/* Field names for eg_set_ph. */
enum { EG_P_TYPE, EG_P_FLAGS, EG_P_OFFSET, EG_P_VADDR, EG_P_FILESZ, EG_P_MEMSZ, EG_P_ALIGN };

/* Build the image; *size receives its length.  NULL on OOM. */
uint8_t *eg_build(const eg_spec *s, size_t *size);
/* Set field of program header i (the image must come from eg_build(s)). */
void eg_set_ph(const eg_spec *s, uint8_t *img, int i, int field, uint64_t value);
/* Write an integer of n bytes at img+off in the spec's byte order. */
void eg_put(const eg_spec *s, uint8_t *img, size_t off, unsigned n, uint64_t v);
/* Where program header i's file bytes went (after eg_build). */
uint64_t eg_seg_offset(const eg_spec *s, int i);

#endif
