/* capo.c — the checker of capo.h: one byte string, both decoders, a verdict. */
#include "capo.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define GAP_SLOTS 4096 /* distinct capstone mnemonics; x86 has about 1500 */
#define TEXT_LEN 256

typedef struct gap_entry {
  char mnem[32];
  unsigned long count;
  uint8_t bytes[16];
  uint8_t len;
  char ops[160]; /* capstone's op_str is at most 160 bytes */
} gap_entry;

struct capo {
  const isa_desc *d;
  const capo_isa *ci;
  csh h;
  cs_insn *insn;
  capo_stats st;
  unsigned per_insn, total; /* report limits */
  unsigned reported;
  unsigned *insn_reports;   /* per our instruction */
  const capo_exception **exc; /* known_spec_bugs, then capstone_wrong */
  unsigned nexc, nspec;       /* entries; the first nspec are spec bugs */
  unsigned long *exc_hits;    /* per entry */
  gap_entry *gap;
  unsigned gap_used;
  unsigned long gap_dropped; /* mnemonics beyond GAP_SLOTS */
  unsigned last_ours, last_cs;
};

capo *capo_new(const isa_desc *d, const capo_isa *ci, FILE *err) {
  if (strcmp(d->name, ci->name) != 0) {
    fprintf(err, "capo: descriptor '%s' linked with the capstone description of '%s'\n", d->name, ci->name);
    return NULL;
  }
  capo *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->d = d;
  c->ci = ci;
  c->per_insn = 3;
  c->total = 200;
  c->insn_reports = calloc(d->ninsns ? d->ninsns : 1, sizeof *c->insn_reports);
  unsigned ns = 0, nc = 0;
  while (ci->known_spec_bugs && ci->known_spec_bugs[ns].why) ns++;
  while (ci->capstone_wrong && ci->capstone_wrong[nc].why) nc++;
  c->nspec = ns;
  c->nexc = ns + nc;
  c->exc = calloc(c->nexc + 1, sizeof *c->exc);
  c->exc_hits = calloc(c->nexc + 1, sizeof *c->exc_hits);
  for (unsigned i = 0; c->exc && i < c->nexc; i++)
    c->exc[i] = i < ns ? &ci->known_spec_bugs[i] : &ci->capstone_wrong[i - ns];
  c->gap = calloc(GAP_SLOTS, sizeof *c->gap);
  cs_err e = cs_open(ci->arch, ci->mode, &c->h);
  if (e != CS_ERR_OK) {
    fprintf(err, "capo: capstone cannot open %s: %s\n", ci->name, cs_strerror(e));
    free(c->insn_reports);
    free(c->exc);
    free(c->exc_hits);
    free(c->gap);
    free(c);
    return NULL;
  }
  if (ci->syntax && (e = cs_option(c->h, CS_OPT_SYNTAX, (size_t)ci->syntax)) != CS_ERR_OK)
    fprintf(err, "capo: capstone syntax option: %s\n", cs_strerror(e));
  c->insn = cs_malloc(c->h);
  if (!c->insn_reports || !c->exc || !c->exc_hits || !c->gap || !c->insn || e != CS_ERR_OK) {
    capo_free(c);
    return NULL;
  }
  return c;
}

void capo_free(capo *c) {
  if (!c) return;
  if (c->insn) cs_free(c->insn, 1);
  cs_close(&c->h);
  free(c->insn_reports);
  free(c->exc);
  free(c->exc_hits);
  free(c->gap);
  free(c);
}

void capo_set_report_limit(capo *c, unsigned per_insn, unsigned total) {
  c->per_insn = per_insn;
  c->total = total;
}

capo_stats capo_get_stats(const capo *c) { return c->st; }
void capo_reset_stats(capo *c) { memset(&c->st, 0, sizeof c->st); }

unsigned capo_last_cs(const capo *c, const char **mnemonic, const char **ops) {
  if (mnemonic) *mnemonic = c->last_cs ? c->insn->mnemonic : "";
  if (ops) *ops = c->last_cs ? c->insn->op_str : "";
  return c->last_cs;
}
unsigned capo_last_ours(const capo *c) { return c->last_ours; }

bool capo_bytes_match(const char *pattern, const uint8_t *buf, size_t n) {
  size_t i = 0;
  for (const char *p = pattern; *p;) {
    if (isspace((unsigned char)*p)) {
      p++;
      continue;
    }
    if (!p[1] || i >= n) return false;
    if (p[0] != '?' || p[1] != '?') {
      char hx[3] = {p[0], p[1], 0}, *end;
      unsigned long v = strtoul(hx, &end, 16);
      if (*end || v != buf[i]) return false;
    }
    p += 2;
    i++;
  }
  return true;
}

/* ---- the coverage gap, per capstone mnemonic ---------------------------- */

static void gap_add(capo *c, const uint8_t *buf, unsigned len) {
  const char *m = c->insn->mnemonic;
  uint32_t hsh = 2166136261u;
  for (const char *p = m; *p; p++) hsh = (hsh ^ (uint8_t)*p) * 16777619u;
  for (unsigned k = 0; k < GAP_SLOTS; k++) {
    gap_entry *g = &c->gap[(hsh + k) % GAP_SLOTS];
    if (g->count && strcmp(g->mnem, m) != 0) continue;
    if (!g->count) {
      if (c->gap_used + 1 >= GAP_SLOTS) break;
      c->gap_used++;
      snprintf(g->mnem, sizeof g->mnem, "%s", m);
      g->len = (uint8_t)(len < sizeof g->bytes ? len : sizeof g->bytes);
      memcpy(g->bytes, buf, g->len);
      snprintf(g->ops, sizeof g->ops, "%s", c->insn->op_str);
    }
    g->count++;
    return;
  }
  c->gap_dropped++;
}

static int gap_cmp(const void *a, const void *b) {
  const gap_entry *x = *(const gap_entry *const *)a, *y = *(const gap_entry *const *)b;
  if (x->count != y->count) return x->count < y->count ? 1 : -1;
  return strcmp(x->mnem, y->mnem);
}

void capo_print_gap(const capo *c, unsigned top, FILE *out) {
  const gap_entry **v = malloc(sizeof *v * (c->gap_used ? c->gap_used : 1));
  if (!v) return;
  unsigned n = 0;
  for (unsigned i = 0; i < GAP_SLOTS; i++)
    if (c->gap[i].count) v[n++] = &c->gap[i];
  qsort(v, n, sizeof *v, gap_cmp);
  fprintf(out, "coverage gap (capstone accepts, we reject): %u distinct capstone mnemonics%s\n", n,
          c->gap_dropped ? " (table full, some dropped)" : "");
  for (unsigned i = 0; i < n && i < top; i++) {
    fprintf(out, "  %8lu  %-16s e.g.", v[i]->count, v[i]->mnem);
    for (unsigned k = 0; k < v[i]->len; k++) fprintf(out, " %02x", v[i]->bytes[k]);
    fprintf(out, "  (%s %s)\n", v[i]->mnem, v[i]->ops);
  }
  free(v);
}

void capo_reset_gap(capo *c) {
  memset(c->gap, 0, sizeof *c->gap * GAP_SLOTS);
  c->gap_used = 0;
  c->gap_dropped = 0;
}

void capo_print_exceptions(const capo *c, FILE *out) {
  for (unsigned i = 0; i < c->nexc; i++) {
    const capo_exception *e = c->exc[i];
    fprintf(out, "  %-14s matched %8lu times: %.70s...\n", i < c->nspec ? "KNOWN_SPEC_BUG" : "CAPSTONE_WRONG",
            c->exc_hits[i], e->why);
  }
}

/* ---- one check --------------------------------------------------------- */

static const char *verdict_name(capo_verdict v) {
  switch (v) {
  case CAPO_CS_REJECTS: return "capstone rejects what we accept";
  case CAPO_LEN_DIFFERS: return "lengths differ";
  case CAPO_TEXT_DIFFERS: return "texts differ";
  default: return "?";
  }
}

static void print_bytes(FILE *out, const uint8_t *buf, size_t n) {
  for (size_t i = 0; i < n; i++) fprintf(out, "%s%02x", i ? " " : "", buf[i]);
}

/* The first list entry that matches; `in` NULL for an instruction we reject
 * (then entries naming one of our instructions do not match). */
static int exception_for(const capo *c, const isa_insn *in, const uint8_t *buf, size_t n) {
  for (unsigned i = 0; i < c->nexc; i++) {
    const capo_exception *e = c->exc[i];
    if (e->insn && (!in || strcmp(e->insn, c->d->insns[in->id].name) != 0)) continue;
    if (e->bytes && !capo_bytes_match(e->bytes, buf, n)) continue;
    if (e->match && !e->match(buf, n)) continue;
    return (int)i;
  }
  return -1;
}

capo_verdict capo_check(capo *c, const uint8_t *buf, size_t n, uint64_t addr, const char *where, FILE *out) {
  const isa_desc *d = c->d;
  isa_insn in;
  bool ours = d->decode(buf, n, addr, &in) == ISA_DECODE_OK;
  const uint8_t *p = buf;
  size_t left = n;
  uint64_t a = addr;
  bool cs = cs_disasm_iter(c->h, &p, &left, &a, c->insn);
  c->last_ours = ours ? in.len : 0;
  c->last_cs = cs ? c->insn->size : 0;
  c->st.cases++;
  c->st.ours_ok += ours;
  c->st.cs_ok += cs;
  if (!ours) {
    if (!cs) return CAPO_BOTH_REJECT;
    c->st.gap++;
    gap_add(c, buf, c->insn->size);
    return CAPO_GAP;
  }
  c->st.both_ok += cs;

  char ot[TEXT_LEN], ct[TEXT_LEN], on[TEXT_LEN] = "", cn[TEXT_LEN] = "";
  d->print(&in, ot, sizeof ot);
  capo_verdict v;
  if (!cs) {
    v = CAPO_CS_REJECTS;
    ct[0] = 0;
  } else {
    snprintf(ct, sizeof ct, "%s%s%s", c->insn->mnemonic, c->insn->op_str[0] ? " " : "", c->insn->op_str);
    if (c->insn->size != in.len) {
      v = CAPO_LEN_DIFFERS;
    } else {
      if (c->ci->normalise(ot, CAPO_OURS, buf, in.len, on, sizeof on) != 0) snprintf(on, sizeof on, "%s", ot);
      if (c->ci->normalise(ct, CAPO_CAPSTONE, buf, in.len, cn, sizeof cn) != 0) snprintf(cn, sizeof cn, "%s", ct);
      if (strcmp(on, cn) == 0) {
        c->st.agree++;
        return CAPO_AGREE;
      }
      v = CAPO_TEXT_DIFFERS;
    }
  }

  size_t shown = in.len;
  if (cs && c->insn->size > shown) shown = c->insn->size;
  if (shown > n) shown = n;
  int ex = exception_for(c, &in, buf, shown);
  if (ex >= 0) {
    c->st.excepted++;
    if (c->exc_hits[ex]++ == 0) {
      fprintf(out, "known (%s, first match; later ones counted): %s: ",
              (unsigned)ex < c->nspec ? "KNOWN_SPEC_BUG" : "CAPSTONE_WRONG", where);
      print_bytes(out, buf, shown);
      fprintf(out, ": ours '%s', capstone '%s'\n    %s\n", ot, cs ? ct : "(invalid)", c->exc[ex]->why);
    }
    return CAPO_EXCEPTED;
  }
  c->st.disagree++;
  if (c->insn_reports[in.id]++ < c->per_insn && c->reported < c->total) {
    c->reported++;
    fprintf(out, "DISAGREE (%s) %s: ", verdict_name(v), where);
    print_bytes(out, buf, shown);
    fprintf(out, "\n    ours     [%s, %u bytes] '%s'", d->insns[in.id].name, in.len, ot);
    if (on[0]) fprintf(out, " => '%s'", on);
    if (cs) {
      fprintf(out, "\n    capstone [%u bytes] '%s'", c->insn->size, ct);
      if (cn[0]) fprintf(out, " => '%s'", cn);
      fprintf(out, "\n");
    } else {
      fprintf(out, "\n    capstone: invalid\n");
    }
  }
  return v;
}

bool capo_known_hole(capo *c, const uint8_t *buf, size_t n, const char *where, FILE *out) {
  if (!c->last_cs || c->last_ours) return false;
  size_t len = c->last_cs < n ? c->last_cs : n;
  int ex = exception_for(c, NULL, buf, len);
  if (ex < 0) return false;
  if (c->exc_hits[ex]++ == 0) {
    fprintf(out, "known hole (%s, first match; later ones counted): %s: ",
            (unsigned)ex < c->nspec ? "KNOWN_SPEC_BUG" : "CAPSTONE_WRONG", where);
    print_bytes(out, buf, len);
    fprintf(out, ": capstone '%s%s%s'\n    %s\n", c->insn->mnemonic, c->insn->op_str[0] ? " " : "",
            c->insn->op_str, c->exc[ex]->why);
  }
  return true;
}
