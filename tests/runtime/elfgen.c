/* elfgen.c — see elfgen.h.  Layout: ELF header, program headers, segment
 * bytes (each at an offset congruent to its address modulo its alignment),
 * then, with symbols, .symtab, .strtab, .shstrtab and the section headers. */
#include "elfgen.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

void eg_put(const eg_spec *s, uint8_t *img, size_t off, unsigned n, uint64_t v) {
  for (unsigned i = 0; i < n; i++) {
    uint8_t b = (uint8_t)(v >> (8 * i));
    img[off + (s->big_endian ? n - 1 - i : i)] = b;
  }
}

static size_t ehsize(const eg_spec *s) { return s->cls64 ? 64 : 52; }
static size_t phsize(const eg_spec *s) { return s->cls64 ? 56 : 32; }
static size_t shsize(const eg_spec *s) { return s->cls64 ? 64 : 40; }
static size_t symsize(const eg_spec *s) { return s->cls64 ? 24 : 16; }

/* File offsets of the segments; returns the end of the last one. */
static uint64_t layout(const eg_spec *s, uint64_t *offs) {
  uint64_t cur = ehsize(s) + (uint64_t)s->nsegs * phsize(s);
  for (int i = 0; i < s->nsegs; i++) {
    uint64_t a = s->segs[i].align > 1 ? s->segs[i].align : 1;
    uint64_t off = cur + ((s->segs[i].vaddr - cur) & (a - 1));
    offs[i] = off;
    cur = off + s->segs[i].filesz;
  }
  return cur;
}

uint64_t eg_seg_offset(const eg_spec *s, int i) {
  uint64_t offs[EG_MAX_SEGS];
  layout(s, offs);
  return offs[i];
}

void eg_set_ph(const eg_spec *s, uint8_t *img, int i, int field, uint64_t v) {
  size_t p = ehsize(s) + (size_t)i * phsize(s);
  static const unsigned o32[] = {0, 24, 4, 8, 16, 20, 28}; /* by EG_P_* */
  static const unsigned o64[] = {0, 4, 8, 16, 32, 40, 48};
  unsigned n = s->cls64 && field != EG_P_TYPE && field != EG_P_FLAGS ? 8 : 4;
  eg_put(s, img, p + (s->cls64 ? o64 : o32)[field], n, v);
}

uint8_t *eg_build(const eg_spec *s, size_t *size) {
  uint64_t offs[EG_MAX_SEGS];
  uint64_t end = layout(s, offs);
  const unsigned A = s->cls64 ? 8 : 4; /* address-sized fields */
  /* sections: null, .text (the first segment), .symtab, .strtab, .shstrtab */
  static const char shstr[] = "\0.text\0.symtab\0.strtab\0.shstrtab";
  size_t strsz = 1, symoff = 0, stroff = 0, shstroff = 0, shoff = 0;
  size_t nsyms = s->nsyms ? (size_t)s->nsyms + 1 : 0, nlocal = 1;
  while (nlocal < nsyms && s->syms[nlocal - 1].bind == STB_LOCAL) nlocal++;
  for (int i = 0; i < s->nsyms; i++) strsz += strlen(s->syms[i].name) + 1;
  size_t total = (size_t)end;
  if (s->nsyms) {
    symoff = (total + 7) & ~(size_t)7;
    stroff = symoff + nsyms * symsize(s);
    shstroff = stroff + strsz;
    shoff = (shstroff + sizeof shstr + 7) & ~(size_t)7;
    total = shoff + 5 * shsize(s);
  }
  uint8_t *img = calloc(total ? total : 1, 1);
  if (!img) return NULL;
  memcpy(img, ELFMAG, SELFMAG);
  img[EI_CLASS] = s->cls64 ? ELFCLASS64 : ELFCLASS32;
  img[EI_DATA] = s->big_endian ? ELFDATA2MSB : ELFDATA2LSB;
  img[EI_VERSION] = EV_CURRENT;
  size_t p = EI_NIDENT;
  eg_put(s, img, p, 2, s->etype), p += 2;
  eg_put(s, img, p, 2, s->machine), p += 2;
  eg_put(s, img, p, 4, EV_CURRENT), p += 4;
  eg_put(s, img, p, A, s->entry), p += A;
  eg_put(s, img, p, A, s->nsegs ? ehsize(s) : 0), p += A; /* e_phoff */
  eg_put(s, img, p, A, shoff), p += A;
  eg_put(s, img, p, 4, 0), p += 4; /* e_flags */
  eg_put(s, img, p, 2, ehsize(s)), p += 2;
  eg_put(s, img, p, 2, phsize(s)), p += 2;
  eg_put(s, img, p, 2, (uint64_t)s->nsegs), p += 2;
  eg_put(s, img, p, 2, s->nsyms ? shsize(s) : 0), p += 2;
  eg_put(s, img, p, 2, s->nsyms ? 5 : 0), p += 2;
  eg_put(s, img, p, 2, s->nsyms ? 4 : 0);
  for (int i = 0; i < s->nsegs; i++) {
    const eg_seg *g = &s->segs[i];
    eg_set_ph(s, img, i, EG_P_TYPE, g->type);
    eg_set_ph(s, img, i, EG_P_FLAGS, g->flags);
    eg_set_ph(s, img, i, EG_P_OFFSET, offs[i]);
    eg_set_ph(s, img, i, EG_P_VADDR, g->vaddr);
    eg_put(s, img, ehsize(s) + (size_t)i * phsize(s) + (s->cls64 ? 24 : 12), A, g->vaddr); /* paddr */
    eg_set_ph(s, img, i, EG_P_FILESZ, g->filesz);
    eg_set_ph(s, img, i, EG_P_MEMSZ, g->memsz);
    eg_set_ph(s, img, i, EG_P_ALIGN, g->align);
    if (g->bytes && g->filesz) memcpy(img + offs[i], g->bytes, (size_t)g->filesz);
  }
  if (s->nsyms) {
    size_t sp = symoff + symsize(s), np = stroff + 1; /* after the null entries */
    for (int i = 0; i < s->nsyms; i++, sp += symsize(s)) {
      const eg_sym *y = &s->syms[i];
      unsigned info = (y->bind << 4) | (y->type & 0xf);
      eg_put(s, img, sp, 4, np - stroff);
      if (s->cls64) {
        img[sp + 4] = (uint8_t)info;
        eg_put(s, img, sp + 6, 2, 1); /* st_shndx: .text */
        eg_put(s, img, sp + 8, 8, y->value);
        eg_put(s, img, sp + 16, 8, y->size);
      } else {
        eg_put(s, img, sp + 4, 4, y->value);
        eg_put(s, img, sp + 8, 4, y->size);
        img[sp + 12] = (uint8_t)info;
        eg_put(s, img, sp + 14, 2, 1);
      }
      size_t l = strlen(y->name) + 1;
      memcpy(img + np, y->name, l);
      np += l;
    }
    memcpy(img + shstroff, shstr, sizeof shstr);
    /* name, type, flags, addr, offset, size, link, info, align, entsize */
    const uint64_t sh[5][10] = {
      {0},
      {1, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, s->nsegs ? s->segs[0].vaddr : 0,
       s->nsegs ? offs[0] : 0, s->nsegs ? s->segs[0].filesz : 0, 0, 0, 1, 0},
      {7, SHT_SYMTAB, 0, 0, symoff, nsyms * symsize(s), 3, nlocal, A, symsize(s)},
      {15, SHT_STRTAB, 0, 0, stroff, strsz, 0, 0, 1, 0},
      {23, SHT_STRTAB, 0, 0, shstroff, sizeof shstr, 0, 0, 1, 0}};
    for (int k = 0; k < 5; k++) {
      size_t q = shoff + (size_t)k * shsize(s);
      static const unsigned w64[10] = {4, 4, 8, 8, 8, 8, 4, 4, 8, 8};
      for (int f = 0; f < 10; f++) {
        unsigned w = s->cls64 ? w64[f] : 4;
        eg_put(s, img, q, w, sh[k][f]);
        q += w;
      }
    }
  }
  *size = total;
  return img;
}
