/* inputs.c — input assignments and witness files. */
#include "inputs.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "htab.h"
#include "xalloc.h"

typedef struct reg_ent {
  char *name;
  uint64_t value;
  bool set, used;
} reg_ent;

typedef struct mem_ent {
  uint64_t addr;
  uint8_t value;
  bool set, used;
} mem_ent;

struct in_assign {
  in_mode mode;
  uint64_t seed;
  reg_ent *regs;
  size_t nregs, capregs;
  ht_map reg_ix; /* hash of a name (never 0) -> index in regs */
  mem_ent *mem; /* open addressing on addr */
  size_t nmem, capmem;
  uint8_t *in; /* standard input: explicit or consumed so far */
  size_t nin, capin, pos;
  bool keep_stdin;      /* IN_LINUX: keep what is read, for in_write */
  bool stdin_truncated; /* more than IN_MAX_STDIN bytes were read */
  bool random_len_chosen;
  size_t random_len;
  bool stdin_asked; /* a run asked for standard input since the last reset */
};

static uint64_t mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

static uint64_t hash_name(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

static uint64_t name_key(const char *s) { return hash_name(s) | 1; /* 0 means empty in ht_map */ }

in_assign *in_new(in_mode mode, uint64_t seed) {
  in_assign *a = calloc(1, sizeof *a);
  if (!a) xa_nomem();
  a->mode = mode;
  a->seed = seed;
  a->keep_stdin = true;
  a->capmem = 256;
  a->mem = calloc(a->capmem, sizeof *a->mem);
  if (!a->mem) xa_nomem();
  return a;
}

void in_free(in_assign *a) {
  if (!a) return;
  for (size_t i = 0; i < a->nregs; i++) free(a->regs[i].name);
  free(a->regs);
  ht_free(&a->reg_ix);
  free(a->mem);
  free(a->in);
  free(a);
}

in_mode in_get_mode(const in_assign *a) { return a->mode; }

in_assign *in_clone(const in_assign *a) {
  in_assign *b = xa_malloc(sizeof *b);
  *b = *a;
  b->reg_ix = (ht_map){0};
  b->regs = xa_malloc(sizeof *b->regs * (a->capregs ? a->capregs : 1));
  for (size_t i = 0; i < a->nregs; i++) {
    b->regs[i] = a->regs[i];
    size_t n = strlen(a->regs[i].name) + 1;
    b->regs[i].name = memcpy(xa_malloc(n), a->regs[i].name, n);
    /* the first entry of a name is the one the hash names (reg_find) */
    uint64_t ix;
    if (!ht_get(&b->reg_ix, name_key(b->regs[i].name), &ix)) ht_put(&b->reg_ix, name_key(b->regs[i].name), i);
  }
  b->mem = xa_calloc(a->capmem, sizeof *b->mem);
  memcpy(b->mem, a->mem, sizeof *a->mem * a->capmem);
  b->in = xa_malloc(a->capin ? a->capin : 1);
  if (a->nin) memcpy(b->in, a->in, a->nin);
  return b;
}

/* Hashed: a witness may name many registers (a linear search made 100,000
 * names take 48 s).  Two names with the same hash fall back to the scan. */
static reg_ent *reg_find(in_assign *a, const char *name, bool create) {
  uint64_t key = name_key(name), ix;
  bool hashed = ht_get(&a->reg_ix, key, &ix);
  if (hashed && !strcmp(a->regs[ix].name, name)) return &a->regs[ix];
  if (hashed)
    for (size_t i = 0; i < a->nregs; i++)
      if (!strcmp(a->regs[i].name, name)) return &a->regs[i];
  if (!create) return NULL;
  if (!hashed) ht_put(&a->reg_ix, key, a->nregs);
  a->regs = xa_grow(a->regs, &a->capregs, a->nregs + 1, sizeof *a->regs);
  reg_ent *r = &a->regs[a->nregs++];
  memset(r, 0, sizeof *r);
  size_t n = strlen(name);
  r->name = xa_realloc(NULL, n + 1);
  memcpy(r->name, name, n + 1);
  return r;
}

/* Slot of addr in the table (existing, or the empty one to use). */
static mem_ent *mem_slot(in_assign *a, uint64_t addr) {
  size_t i = (size_t)mix(addr) & (a->capmem - 1);
  for (;;) {
    mem_ent *e = &a->mem[i];
    if ((!e->set && !e->used) || e->addr == addr) return e;
    i = (i + 1) & (a->capmem - 1);
  }
}

static mem_ent *mem_get(in_assign *a, uint64_t addr) {
  if ((a->nmem + 1) * 2 > a->capmem) {
    mem_ent *old = a->mem;
    size_t oldcap = a->capmem;
    a->capmem *= 2;
    a->mem = calloc(a->capmem, sizeof *a->mem);
    if (!a->mem) xa_nomem();
    for (size_t i = 0; i < oldcap; i++)
      if (old[i].set || old[i].used) *mem_slot(a, old[i].addr) = old[i];
    free(old);
  }
  mem_ent *e = mem_slot(a, addr);
  if (!e->set && !e->used) {
    e->addr = addr;
    a->nmem++;
  }
  return e;
}

void in_set_reg(in_assign *a, const char *name, uint64_t value) {
  reg_ent *r = reg_find(a, name, true);
  r->value = value;
  r->set = true;
}

void in_set_mem(in_assign *a, uint64_t addr, uint8_t value) {
  mem_ent *e = mem_get(a, addr);
  e->value = value;
  e->set = true;
}

static void in_push(in_assign *a, const uint8_t *b, size_t n) {
  if (!n) return; /* also: a->in may still be NULL */
  a->in = xa_grow(a->in, &a->capin, a->nin + n, 1);
  memcpy(a->in + a->nin, b, n);
  a->nin += n;
}

void in_append_stdin(in_assign *a, const uint8_t *bytes, size_t n) { in_push(a, bytes, n); }

uint64_t in_reg(in_assign *a, const char *name, unsigned width) {
  reg_ent *r = reg_find(a, name, true);
  if (!r->set && !r->used) {
    r->value = a->mode == IN_RANDOM ? mix(a->seed ^ hash_name(name)) : 0;
    /* random states favour small values and edge cases now and then */
    if (a->mode == IN_RANDOM && (r->value & 3) == 0) r->value = (r->value >> 8) % 64;
  }
  if (width < 64) r->value &= ((uint64_t)1 << width) - 1;
  r->used = true;
  return r->value;
}

uint8_t in_mem(in_assign *a, uint64_t addr) {
  mem_ent *e = mem_get(a, addr);
  if (!e->set && !e->used) e->value = a->mode == IN_RANDOM ? (uint8_t)mix(a->seed * 31 + addr) : 0;
  e->used = true;
  return e->value;
}

size_t in_stdin_pos(const in_assign *a) { return a->pos; }
size_t in_stdin_len(const in_assign *a) { return a->nin; }
uint8_t in_stdin_byte(const in_assign *a, size_t j) { return j < a->nin ? a->in[j] : 0; }

long in_stdin(in_assign *a, uint8_t *buf, size_t n) {
  if (!n) return 0;
  a->stdin_asked = true;
  if (a->pos < a->nin) { /* bytes set explicitly, or consumed before a reset */
    size_t k = a->nin - a->pos < n ? a->nin - a->pos : n;
    memcpy(buf, a->in + a->pos, k);
    a->pos += k;
    return (long)k;
  }
  switch (a->mode) {
  case IN_FIXED:
    return 0;
  case IN_RANDOM: {
    if (!a->random_len_chosen) {
      a->random_len_chosen = true;
      a->random_len = (size_t)(mix(a->seed ^ 0x5354) % 257);
    }
    size_t k = 0;
    while (k < n && a->nin < a->random_len) {
      uint8_t b = (uint8_t)mix(a->seed * 131 + a->nin);
      in_push(a, &b, 1);
      buf[k++] = b;
    }
    a->pos = a->nin;
    return (long)k;
  }
  case IN_LINUX: {
    ssize_t k;
    do k = read(0, buf, n);
    while (k < 0 && errno == EINTR);
    if (k < 0) return -1;
    if (!a->keep_stdin) return (long)k;
    if (a->nin + (size_t)k > IN_MAX_STDIN) {
      a->stdin_truncated = true;
      a->keep_stdin = false; /* a witness of part of the input would replay a different run */
      return (long)k;
    }
    in_push(a, buf, (size_t)k);
    a->pos = a->nin;
    return (long)k;
  }
  }
  return 0;
}

void in_keep_stdin(in_assign *a, bool keep) { a->keep_stdin = keep; }
bool in_stdin_truncated(const in_assign *a) { return a->stdin_truncated; }
bool in_stdin_asked(const in_assign *a) { return a->stdin_asked; }

void in_reset_use(in_assign *a) {
  for (size_t i = 0; i < a->nregs; i++) a->regs[i].used = false;
  for (size_t i = 0; i < a->capmem; i++) a->mem[i].used = false;
  a->pos = 0;
  a->stdin_asked = false;
}

static int cmp_u64(const void *x, const void *y) {
  uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
  return a < b ? -1 : a > b;
}

int in_write(const in_assign *a, FILE *f, const char *comment) {
  fprintf(f, "# mcveto input assignment%s", comment ? ": " : "");
  /* the comment is a file name: a newline in it must not start a witness line */
  for (const char *c = comment; c && *c; c++) {
    unsigned char ch = (unsigned char)*c;
    if (ch < 0x20 || ch == 0x7f || ch == '\\') fprintf(f, "\\x%02x", ch);
    else fputc(ch, f);
  }
  fputc('\n', f);
  for (size_t i = 0; i < a->nregs; i++)
    if (a->regs[i].used || a->regs[i].set) fprintf(f, "reg %s 0x%llx\n", a->regs[i].name, (unsigned long long)a->regs[i].value);
  /* memory bytes in address order, runs of consecutive bytes on one line */
  uint64_t *addrs = malloc(sizeof *addrs * (a->nmem + 1));
  if (!addrs) xa_nomem();
  size_t n = 0;
  for (size_t i = 0; i < a->capmem; i++)
    if (a->mem[i].used || a->mem[i].set) addrs[n++] = a->mem[i].addr;
  qsort(addrs, n, sizeof *addrs, cmp_u64);
  for (size_t i = 0; i < n;) {
    fprintf(f, "mem 0x%llx", (unsigned long long)addrs[i]);
    size_t j = i;
    do {
      fprintf(f, " %02x", mem_slot((in_assign *)a, addrs[j])->value);
      j++;
    } while (j < n && addrs[j] == addrs[j - 1] + 1 && j - i < 32);
    fputc('\n', f);
    i = j;
  }
  free(addrs);
  size_t upto = a->mode == IN_FIXED ? a->nin : a->pos;
  for (size_t i = 0; i < upto; i += 32) {
    fputs("stdin", f);
    for (size_t j = i; j < upto && j < i + 32; j++) fprintf(f, " %02x", a->in[j]);
    fputc('\n', f);
  }
  return ferror(f) ? -1 : 0;
}

static bool parse_u64(const char *s, uint64_t *out) {
  if (!*s) return false;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (errno || *end || s[0] == '-') return false;
  *out = v;
  return true;
}

static bool parse_byte(const char *s, uint8_t *out) {
  if (strlen(s) != 2 || !isxdigit((unsigned char)s[0]) || !isxdigit((unsigned char)s[1])) return false;
  *out = (uint8_t)strtoul(s, NULL, 16);
  return true;
}

/* One line of a witness file into buf (without the newline): its length,
 * -1 at the end of the file, -2 if it holds a NUL byte, -3 if it is longer
 * than the buffer.  *total counts the bytes read, for the file size limit. */
static long read_line(FILE *f, char *buf, size_t cap, size_t *total) {
  size_t n = 0;
  int ch;
  while ((ch = getc_unlocked(f)) != EOF && ch != '\n') { /* one thread reads f */
    if (++*total > IN_MAX_FILE) return -4;
    /* at once: a file of NULs, or a long line, may have no newline */
    if (ch == 0) return -2;
    if (n + 1 >= cap) return -3;
    buf[n++] = (char)ch;
  }
  if (ch == '\n' && ++*total > IN_MAX_FILE) return -4;
  if (ch == EOF && n == 0) return -1;
  buf[n] = 0;
  return (long)n;
}

/* The register of d a witness may give (any but PC and SP), by exact name. */
static int witness_reg(const isa_desc *d, const char *name) {
  for (unsigned i = 0; i < d->nregs; i++)
    if (!strcmp(d->regs[i].name, name)) return (int)i;
  return -1;
}

static int werr(char *err, size_t errsz, const char *path, int ln, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int werr(char *err, size_t errsz, const char *path, int ln, const char *fmt, ...) {
  int n = ln ? snprintf(err, errsz, "%s:%d: ", path, ln) : snprintf(err, errsz, "%s: ", path);
  if (n >= 0 && (size_t)n < errsz) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + n, errsz - (size_t)n, fmt, ap);
    va_end(ap);
  }
  return -1;
}

int in_read_stream(in_assign *a, FILE *f, const char *path, const isa_desc *d, char *err, size_t errsz) {
  char line[8192];
  int ln = 0;
  size_t total = 0;
  uint64_t amask = d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1;
  for (;;) {
    long len = read_line(f, line, sizeof line, &total);
    if (len == -1) break;
    ln++;
    if (len == -2) return werr(err, errsz, path, ln, "NUL byte (a witness file is text)");
    if (len == -3) return werr(err, errsz, path, ln, "line too long (at most %zu characters)", sizeof line - 2);
    if (len == -4) return werr(err, errsz, path, ln, "the file is larger than %d bytes, the most a witness file may have", IN_MAX_FILE);
    char *hash = strchr(line, '#');
    if (hash) *hash = 0;
    char *save = NULL, *kw = strtok_r(line, " \t\r", &save);
    if (!kw) continue;
    if (!strcmp(kw, "reg")) {
      char *name = strtok_r(NULL, " \t\r", &save), *val = strtok_r(NULL, " \t\r", &save);
      uint64_t v;
      if (!name || !val || !parse_u64(val, &v) || strtok_r(NULL, " \t\r", &save))
        return werr(err, errsz, path, ln, "expected 'reg NAME VALUE'");
      int r = witness_reg(d, name);
      if (r < 0) {
        for (unsigned i = 0; i < d->nregs; i++)
          if (!strcasecmp(d->regs[i].name, name))
            return werr(err, errsz, path, ln, "unknown register '%s' (did you mean %s? names are case-sensitive)", name,
                        d->regs[i].name);
        return werr(err, errsz, path, ln, "unknown register '%s' (not a register of %s)", name, d->name);
      }
      if ((unsigned)r == d->pc || (unsigned)r == d->sp)
        return werr(err, errsz, path, ln, "%s is not an input: the %s is set by the loader", name,
                    (unsigned)r == d->pc ? "program counter (the entry point)" : "stack pointer");
      unsigned w = d->regs[r].is_flag ? 1 : d->regs[r].width;
      if (w < 64 && v >> w)
        return werr(err, errsz, path, ln, "value %s does not fit in the %u-bit register %s", val, w, name);
      reg_ent *old = reg_find(a, name, false);
      if (old && old->set && old->value != v)
        return werr(err, errsz, path, ln, "register %s given again with a different value (0x%llx, then %s)", name,
                    (unsigned long long)old->value, val);
      in_set_reg(a, name, v);
    } else if (!strcmp(kw, "mem") || !strcmp(kw, "stdin")) {
      uint64_t addr = 0, first = 0;
      bool mem = kw[0] == 'm', any = false;
      if (mem) {
        char *as = strtok_r(NULL, " \t\r", &save);
        if (!as || !parse_u64(as, &addr)) return werr(err, errsz, path, ln, "expected 'mem ADDRESS BYTE...'");
        first = addr;
      }
      for (char *b; (b = strtok_r(NULL, " \t\r", &save));) {
        uint8_t v;
        if (!parse_byte(b, &v)) return werr(err, errsz, path, ln, "'%s' is not a byte (two hex digits)", b);
        any = true;
        if (!mem) {
          in_append_stdin(a, &v, 1);
          continue;
        }
        /* addr may pass 2^64 only after passing amask, so this catches both */
        if (addr > amask || (addr == 0 && first))
          return werr(err, errsz, path, ln, "address 0x%llx%s is outside the %u-bit address space",
                      (unsigned long long)(addr == 0 ? first : addr), addr == first ? "" : " (where the bytes from it run)",
                      d->addr_bits);
        mem_ent *e = mem_get(a, addr);
        if (e->set && e->value != v)
          return werr(err, errsz, path, ln, "the byte at 0x%llx is given again with a different value (%02x, then %02x)",
                      (unsigned long long)addr, e->value, v);
        in_set_mem(a, addr++, v);
      }
      if (!any)
        return werr(err, errsz, path, ln, mem ? "expected 'mem ADDRESS BYTE...' (no bytes given)"
                                              : "expected 'stdin BYTE...' (no bytes given)");
    } else {
      return werr(err, errsz, path, ln, "unknown entry '%s' (expected reg, mem or stdin)", kw);
    }
  }
  if (ferror(f)) return werr(err, errsz, path, 0, "read error: %s", strerror(errno));
  return 0;
}

int in_read(in_assign *a, const char *path, const isa_desc *d, char *err, size_t errsz) {
  FILE *f = fopen(path, "r");
  if (!f) return werr(err, errsz, path, 0, "%s", strerror(errno));
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    return werr(err, errsz, path, 0, "is a directory, not a witness file");
  }
  int rc = in_read_stream(a, f, path, d, err, errsz);
  fclose(f);
  return rc;
}
