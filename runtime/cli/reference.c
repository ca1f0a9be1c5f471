/* reference.c — the instruction reference (reference.h): static HTML from
 * the descriptor alone.
 *
 * Encodings: the forms (fm_forms) give each encoding's fixed bits (mask/val), the
 * decode context it needs and the spec's token fields it uses (fields), which
 * name the bits.  Free bits no field covers are labelled by probing the
 * decoder: each is flipped in a decoded example, and the operand slot
 * (isa_insn.f[k]) whose value changes names it ("f3"); a bit that turns the
 * bytes into another form or rule is shown as "=", one the decoder ignores
 * as "x". */
#include "reference.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "forms.h"
#include "mem.h"
#include "terms.h"
#include "xalloc.h"

#define RF_ADDR 0x1000      /* the examples' address */
#define RF_SEED 0x6d6376657430ull /* the fixed pseudo-random state */
#define RF_TRIES 64         /* random instances tried per form */
#define RF_MAX_DRAWN 16     /* encoding forms drawn per rule page */
#define RF_TERM_MAX 8192    /* characters of a printed term */

static const char *const rf_flows[] = {"fallthrough", "jump", "cjump", "call", "return", "ijump", "icall", "syscall", "halt"};

/* ---- small helpers ------------------------------------------------------------- */

static uint64_t rf_rand(uint64_t *s) { /* splitmix64 */
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void rf_escn(FILE *f, const char *s, size_t n) {
  for (size_t i = 0; i < n && s[i]; i++) {
    switch (s[i]) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    case '\'': fputs("&#39;", f); break;
    default:
      if ((unsigned char)s[i] < 0x20 && s[i] != '\n' && s[i] != '\t') fprintf(f, "&#x%x;", (unsigned)(unsigned char)s[i]);
      else fputc(s[i], f);
    }
  }
}

static void rf_esc(FILE *f, const char *s) { rf_escn(f, s ? s : "", SIZE_MAX); }

static void rf_term(FILE *f, tm_ctx *tc, isa_term t) {
  static char buf[RF_TERM_MAX];
  tm_print(tc, t, buf, sizeof buf);
  rf_esc(f, buf);
}

/* Pre as explain prints it: shared subterms named. */
static void rf_term_let(FILE *f, tm_ctx *tc, isa_term t) {
  static char buf[RF_TERM_MAX];
  tm_print_let(tc, t, "  ", buf, sizeof buf);
  rf_esc(f, buf);
}

/* The page of rule i: NAME.html when the name is plain, else ruleI.html. */
static void rf_page_name(const isa_desc *d, unsigned i, char *out, size_t size) {
  const char *n = d->insns[i].name;
  bool plain = n && *n && *n != '.' && strlen(n) < 100 && strcmp(n, "index");
  for (const char *p = n; plain && *p; p++)
    plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-' || *p == '.';
  if (plain) snprintf(out, size, "%s.html", n);
  else snprintf(out, size, "rule%u.html", i);
}

/* The assembly template: the first asm "..." of the rule's spec text. */
static bool rf_template(const char *src, const char **b, size_t *n) {
  for (const char *p = src ? strstr(src, "asm") : NULL; p; p = strstr(p + 3, "asm")) {
    const char *q = p + 3;
    if (p > src && (p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z') || (p[-1] >= '0' && p[-1] <= '9'))) continue;
    while (*q == ' ' || *q == '\t' || *q == '\n') q++;
    if (*q != '"') continue;
    /* inside {...} a template may quote strings of its own: {rc == 1 ? "." : ""} */
    const char *e = q + 1;
    int depth = 0;
    bool quoted = false;
    for (; *e && *e != '\n' && (depth || *e != '"'); e++) {
      if (*e == '\\' && e[1]) e++;
      else if (depth && *e == '"') quoted = !quoted;
      else if (!quoted && *e == '{') depth++;
      else if (!quoted && *e == '}' && depth) depth--;
    }
    if (*e != '"') return false;
    *b = q + 1;
    *n = (size_t)(e - q - 1);
    return true;
  }
  return false;
}

/* ---- examples of a form --------------------------------------------------------- */

typedef struct rf_ex {
  bool ok;
  uint8_t bytes[ISA_MAX_LEN];
  unsigned n, npre; /* bytes in all, prefix bytes among them */
  isa_insn in;
  char text[200];
} rf_ex;

/* Prefix bytes that give the form's context; false if none do. */
static bool rf_prefixes(const isa_desc *d, const isa_form *fm, uint8_t *out, unsigned *n) {
  *n = 0;
  for (unsigned k = 0; k < fm->nctx; k++) {
    if (!fm->ctxv[k]) continue; /* the default */
    bool found = false;
    for (unsigned p = 0; p < d->nprefixes && !found; p++)
      for (unsigned j = 0; j < d->prefixes[p].n && !found; j++)
        if (d->prefixes[p].ctx[j] == fm->ctx[k] && d->prefixes[p].val[j] == fm->ctxv[k]) {
          bool have = false;
          for (unsigned q = 0; q < *n; q++) have |= out[q] == d->prefixes[p].byte;
          if (!have && *n < 4) out[(*n)++] = d->prefixes[p].byte;
          found = true;
        }
    if (!found) return false;
  }
  return true;
}

/* A decoded instance of form fi, its free bits from a fixed seed: the
 * first of RF_TRIES random ones that decodes to the form's rule whole. */
static rf_ex rf_example(const isa_desc *d, unsigned fi) {
  rf_ex x;
  memset(&x, 0, sizeof x);
  const isa_form *fm = &fm_forms(d)[fi];
  if (!rf_prefixes(d, fm, x.bytes, &x.npre) || x.npre + fm->len > ISA_MAX_LEN) return x;
  uint64_t s = RF_SEED ^ ((uint64_t)fi << 20);
  for (int t = 0; t < RF_TRIES; t++) {
    for (unsigned i = 0; i < fm->len; i++)
      x.bytes[x.npre + i] = (uint8_t)(fm->val[i] | (rf_rand(&s) & ~fm->mask[i]));
    x.n = x.npre + fm->len;
    if (d->decode(x.bytes, x.n, RF_ADDR, &x.in) == ISA_DECODE_OK && x.in.id == fm->insn && x.in.len == x.n) {
      d->print(&x.in, x.text, sizeof x.text);
      x.ok = true;
      return x;
    }
  }
  return x;
}

/* Labels of the form's bits from the example: per bit (byte i, bit j,
 * index 8*i + 7 - j in memory order, most significant first): -2 fixed,
 * -1 the decoder ignores it, -3 another form or rule, k >= 0 slot f[k],
 * ISA_MAX_FIELDS a sub-table choice only. */
static void rf_probe(const isa_desc *d, const isa_form *fm, const rf_ex *x, int *lab) {
  for (unsigned i = 0; i < fm->len; i++)
    for (int j = 7; j >= 0; j--) {
      int *l = &lab[8 * i + (unsigned)(7 - j)];
      if (fm->mask[i] >> j & 1) {
        *l = -2;
        continue;
      }
      uint8_t b[ISA_MAX_LEN];
      memcpy(b, x->bytes, x->n);
      b[x->npre + i] ^= (uint8_t)(1u << j);
      isa_insn y;
      if (!x->ok || d->decode(b, x->n, RF_ADDR, &y) != ISA_DECODE_OK || y.id != x->in.id || y.len != x->in.len) {
        *l = -3;
        continue;
      }
      *l = -1;
      for (int k = 0; k < ISA_MAX_FIELDS && *l == -1; k++)
        if (y.f[k] != x->in.f[k]) *l = k;
      for (int k = 0; k < ISA_MAX_ALTS && *l == -1; k++)
        if (y.alt[k] != x->in.alt[k]) *l = ISA_MAX_FIELDS;
    }
}

static void rf_label(FILE *f, int l) {
  if (l == -1) fputs("x", f);
  else if (l == -3) fputs("=", f);
  else if (l == ISA_MAX_FIELDS) fputs("alt", f);
  else fprintf(f, "f%d", l);
}

/* The spec field naming each bit of the form (index into fm->fields, the
 * first entry that covers it), or -1; bits indexed as rf_probe's. */
static void rf_names(const isa_form *fm, int *nm) {
  for (unsigned i = 0; i < 8u * fm->len; i++) nm[i] = -1;
  for (unsigned k = 0; k < fm->nfields; k++) {
    const isa_form_field *ff = &fm->fields[k];
    for (unsigned j = ff->bit; j < (unsigned)ff->bit + ff->width && j < 8 && ff->byte < fm->len; j++) {
      int *l = &nm[8u * ff->byte + 7 - j];
      if (*l < 0) *l = (int)k;
    }
  }
}

static bool rf_same_name(const isa_form *fm, int a, int b) {
  return a == b || (a >= 0 && b >= 0 && !strcmp(fm->fields[a].name, fm->fields[b].name));
}

/* A colour class per field name, so that a field looks alike on every form. */
static unsigned rf_hue(const char *s) {
  unsigned h = 5381;
  while (*s) h = h * 33 + (unsigned char)*s++;
  return h % 8;
}

/* The bit diagram of one form: rows of up to 4 bytes, bits 7..0 of each.
 * Under the bits, a row of the spec's field names; free bits a field covers
 * show its name, the others the probed label. */
static void rf_diagram(FILE *f, const isa_desc *d, const isa_form *fm, const rf_ex *x) {
  int lab[8 * ISA_MAX_LEN], nm[8 * ISA_MAX_LEN];
  rf_probe(d, fm, x, lab);
  rf_names(fm, nm);
  if (fm->nctx) {
    fputs("<p class=\"ctx\">decoded under the context ", f);
    for (unsigned k = 0; k < fm->nctx; k++) {
      fputs(k ? ", " : "", f);
      rf_esc(f, fm->ctx[k] < d->nctx ? d->ctx_names[fm->ctx[k]] : "?");
      fprintf(f, "=%llu", (unsigned long long)fm->ctxv[k]);
    }
    if (x->npre) {
      fputs(" (prefix byte", f);
      for (unsigned k = 0; k < x->npre; k++) fprintf(f, " %02x", x->bytes[k]);
      fputs(")", f);
    }
    fputs("</p>\n", f);
  }
  for (unsigned row = 0; row < fm->len; row += 4) {
    unsigned end = row + 4 < fm->len ? row + 4 : fm->len;
    fputs("<table class=\"bits\">\n<tr>", f);
    for (unsigned i = row; i < end; i++) fprintf(f, "<th colspan=\"8\">byte %u</th>", i);
    fputs("</tr>\n<tr class=\"bitno\">", f);
    for (unsigned i = row; i < end; i++)
      for (int j = 7; j >= 0; j--) fprintf(f, "<td>%d</td>", j);
    fputs("</tr>\n<tr>", f);
    for (unsigned at = 8 * row; at < 8 * end;) {
      int l = lab[at], n = nm[at];
      if (l == -2) {
        fprintf(f, "<td class=\"fixed\">%u</td>", (unsigned)(fm->val[at / 8] >> (7 - at % 8) & 1));
        at++;
        continue;
      }
      unsigned span = 1;
      if (n >= 0) { /* a named field: its free bits, across bytes of the row */
        while (at + span < 8 * end && lab[at + span] != -2 && rf_same_name(fm, nm[at + span], n)) span++;
        fprintf(f, "<td colspan=\"%u\" class=\"field s%u\">", span, rf_hue(fm->fields[n].name));
        rf_esc(f, fm->fields[n].name);
      } else { /* the probed label, within its byte */
        while ((at + span) % 8 && lab[at + span] == l && nm[at + span] < 0) span++;
        const char *cls = l == -1 ? "ign" : l == -3 ? "sel" : "";
        if (l >= 0) fprintf(f, "<td colspan=\"%u\" class=\"field s%d\">", span, l % 8);
        else fprintf(f, "<td colspan=\"%u\" class=\"%s\">", span, cls);
        rf_label(f, l);
      }
      fputs("</td>", f);
      at += span;
    }
    fputs("</tr>\n", f);
    if (fm->nfields) { /* every field of the encoding, fixed bits included */
      fputs("<tr class=\"fname\">", f);
      for (unsigned at = 8 * row; at < 8 * end;) {
        int n = nm[at];
        unsigned span = 1;
        while (at + span < 8 * end && rf_same_name(fm, nm[at + span], n)) span++;
        if (n < 0) fprintf(f, "<td colspan=\"%u\"></td>", span);
        else {
          fprintf(f, "<td colspan=\"%u\" class=\"s%u\">", span, rf_hue(fm->fields[n].name));
          rf_esc(f, fm->fields[n].name);
          fputs("</td>", f);
        }
        at += span;
      }
      fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
  }
}

/* ---- page parts --------------------------------------------------------------------- */

static const char rf_css[] =
    "<style>\n"
    "body{font-family:sans-serif;margin:1.5em auto;max-width:70em;padding:0 1em;color:#222}\n"
    "pre,code{font-family:monospace;background:#f4f4f4}\n"
    "pre{padding:.6em;overflow-x:auto;white-space:pre-wrap;word-break:break-all}\n"
    "table.bits{border-collapse:collapse;margin:.3em 0;font-family:monospace}\n"
    "table.bits td,table.bits th{border:1px solid #888;padding:2px 4px;text-align:center;min-width:1.2em}\n"
    "table.bits tr.bitno td{border:none;color:#888;font-size:70%}\n"
    "td.fixed{background:#ddd;font-weight:bold}\n"
    "td.ign{color:#999}\n"
    "td.sel{background:#fbe3c8}\n"
    "table.bits tr.fname td{font-family:sans-serif;font-size:85%;font-style:italic}\n"
    "td.s0{background:#cfe8ff}td.s1{background:#d8f5cf}td.s2{background:#ffe3f0}td.s3{background:#fff3bf}\n"
    "td.s4{background:#e5dcff}td.s5{background:#ccf2ee}td.s6{background:#ffd9cc}td.s7{background:#e8e8c8}\n"
    "table.list{border-collapse:collapse}\n"
    "table.list td,table.list th{padding:2px 8px;text-align:left;border-bottom:1px solid #eee}\n"
    "#q{font-size:110%;padding:4px;width:20em}\n"
    ".note{color:#555;font-size:90%}\n"
    "</style>\n";

static void rf_head(FILE *f, const char *title, const char *isa) {
  fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>", f);
  rf_esc(f, title);
  fputs(" \xe2\x80\x94 ", f);
  rf_esc(f, isa);
  fputs(" instruction reference</title>\n", f);
  fputs(rf_css, f);
  fputs("</head>\n<body>\n", f);
}

/* The symbolic transformer, concrete effect and Pre of one example. */
static void rf_semantics(FILE *f, const isa_desc *d, const char *prog, const rf_ex *x) {
  tm_ctx *tc = tm_new(d->addr_bits);
  isa_tb tb = tm_builder(tc);
  isa_term *id = calloc(d->nregs, sizeof *id), *post = calloc(d->nregs, sizeof *post);
  uint64_t *regs = calloc(d->nregs, sizeof *regs), *before = calloc(d->nregs, sizeof *before);
  if (!id || !post || !regs || !before) xa_nomem();
  for (unsigned i = 0; i < d->nregs; i++) id[i] = tm_var(tc, d->regs[i].name, d->regs[i].is_flag ? TM_BOOL : d->regs[i].width);
  isa_term mem0 = tm_var(tc, "mem", TM_ARRAY);
  memcpy(post, id, sizeof *id * d->nregs);
  isa_symstate st = {post, mem0, tm_false(tc)};
  d->symstep(&tb, &st, &x->in);

  fputs("<h2 id=\"symbolic\">Symbolic transformer</h2>\n", f);
  fputs("<p>The exact effect of <code>", f);
  rf_esc(f, x->text);
  fprintf(f, "</code> on the state it starts from (each register named like itself, memory <code>mem</code>; "
             "PC reads as 0x%x), simplified; only the locations it changes. As <code>", RF_ADDR);
  rf_esc(f, prog);
  fputs(" explain", f);
  for (unsigned i = 0; i < x->n; i++) fprintf(f, " %02x", x->bytes[i]);
  fputs("</code> prints it.</p>\n<pre class=\"sym\">", f);
  int first = -1;
  for (unsigned i = 0; i < d->nregs; i++)
    if (post[i] != id[i]) {
      if (first < 0 && i != d->pc) first = (int)i;
      fputs("  ", f);
      rf_esc(f, d->regs[i].name);
      for (size_t k = strlen(d->regs[i].name); k < 6; k++) fputc(' ', f);
      fputs(" := ", f);
      rf_term(f, tc, post[i]);
      fputc('\n', f);
    }
  if (st.mem != mem0) {
    fputs("  mem    := ", f);
    rf_term(f, tc, st.mem);
    fputc('\n', f);
  }
  if (st.trap != tm_false(tc)) {
    fputs("  traps when ", f);
    rf_term(f, tc, st.trap);
    fputc('\n', f);
  }
  fputs("</pre>\n", f);

  /* the concrete example: every register from the fixed seed, PC = RF_ADDR */
  uint64_t s = RF_SEED;
  for (unsigned i = 0; i < d->nregs; i++) {
    unsigned w = d->regs[i].is_flag ? 1 : d->regs[i].width;
    uint64_t v = rf_rand(&s);
    regs[i] = w >= 64 ? v : v & ((1ull << w) - 1);
  }
  regs[d->pc] = RF_ADDR;
  memcpy(before, regs, sizeof *regs * d->nregs);
  mem_space *m = mem_new(d->addr_bits);
  if (!m) xa_nomem();
  mem_map(m, 0, d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1, MEM_R | MEM_W | MEM_X, MEM_ZERO);
  isa_cpu cpu = {.reg = regs, .mem = m, .load = mem_isa_load, .store = mem_isa_store};
  isa_step_result sr = d->step(&cpu, &x->in);
  fputs("<h2 id=\"concrete\">Worked example</h2>\n<p>The instruction run on a fixed pseudo-random state "
        "(every register; memory reads as 0), before and after, as <code>",
        f);
  rf_esc(f, prog);
  fputs(" explain", f);
  for (unsigned i = 0; i < x->n; i++) fprintf(f, " %02x", x->bytes[i]);
  fputs(" --state ", f);
  bool comma = false;
  for (unsigned i = 0; i < d->nregs; i++) {
    if (i == d->pc || !before[i]) continue;
    fputs(comma ? "," : "", f);
    rf_esc(f, d->regs[i].name);
    fprintf(f, "=0x%llx", (unsigned long long)before[i]);
    comma = true;
  }
  fputs("</code> prints it.</p>\n<pre class=\"concrete\">", f);
  if (sr == ISA_STEP_TRAP) {
    fputs("  traps: ", f);
    rf_esc(f, cpu.trap_msg);
    fputc('\n', f);
  } else if (sr == ISA_STEP_FAULT)
    fprintf(f, "  faults at 0x%llx\n", (unsigned long long)cpu.fault_addr);
  else
    for (unsigned i = 0; i < d->nregs; i++)
      if (regs[i] != before[i] || post[i] != id[i]) {
        fputs("  ", f);
        rf_esc(f, d->regs[i].name);
        for (size_t k = strlen(d->regs[i].name); k < 6; k++) fputc(' ', f);
        fprintf(f, " 0x%llx -> 0x%llx\n", (unsigned long long)before[i], (unsigned long long)regs[i]);
      }
  fputs("</pre>\n", f);

  /* Pre of a sample postcondition: on the first register written (PC if no other) */
  unsigned r = first >= 0 ? (unsigned)first : d->pc;
  char phi[160];
  isa_term post_phi;
  if (d->regs[r].is_flag) {
    snprintf(phi, sizeof phi, "%s", d->regs[r].name);
    post_phi = id[r];
  } else {
    uint64_t v = r == d->pc && sr == ISA_STEP_OK ? regs[r] : 0;
    snprintf(phi, sizeof phi, "%.100s == 0x%llx", d->regs[r].name, (unsigned long long)v);
    post_phi = tm_app2(tc, ISA_OP_EQ, id[r], tm_const(tc, v, d->regs[r].width));
  }
  isa_term *map = calloc(tm_var_count(tc) + 1, sizeof *map);
  if (!map) xa_nomem();
  for (unsigned i = 0; i < d->nregs; i++) map[tm_var_index(tc, id[i])] = post[i];
  map[tm_var_index(tc, mem0)] = st.mem;
  isa_term p = tm_subst(tc, post_phi, map);
  if (st.trap != tm_false(tc)) p = tm_app2(tc, ISA_OP_LAND, tm_app1(tc, ISA_OP_LNOT, st.trap), p);
  fputs("<h2 id=\"pre\">Weakest precondition</h2>\n<p>Pre(I, &#966;) for the postcondition &#966; = <code>", f);
  rf_esc(f, phi);
  fputs("</code> (over the first register the instruction writes): the condition on the state before the instruction "
        "under which &#966; holds after it. As <code>",
        f);
  rf_esc(f, prog);
  fputs(" explain", f);
  for (unsigned i = 0; i < x->n; i++) fprintf(f, " %02x", x->bytes[i]);
  fputs(" --pre '", f);
  rf_esc(f, phi);
  fputs("'</code> prints it.</p>\n<pre class=\"pre\">Pre(", f);
  rf_esc(f, x->text);
  fputs(", ", f);
  rf_esc(f, phi);
  fputs(")\n  ", f);
  rf_term_let(f, tc, p);
  fputs("\n</pre>\n", f);
  free(map);
  mem_free(m);
  free(regs);
  free(before);
  free(id);
  free(post);
  tm_free(tc);
}

/* ---- the pages ------------------------------------------------------------------------ */

static FILE *rf_open(const char *dir, const char *name, const char *prog, FILE *err, char *path, size_t size) {
  snprintf(path, size, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  if (!f) fprintf(err, "%s: cannot write %s: %s\n", prog, path, strerror(errno));
  return f;
}

static int rf_close(FILE *f, const char *path, const char *prog, FILE *err) {
  errno = 0;
  bool bad = fflush(f) || ferror(f);
  if (fclose(f) || bad) {
    fprintf(err, "%s: cannot write %s: %s\n", prog, path, strerror(errno ? errno : EIO));
    return -1;
  }
  return 0;
}

/* Per rule: its forms, the first example that decodes, its mnemonics. */
typedef struct rf_rule {
  unsigned nforms;
  int example; /* form index of the example, or -1 */
  char mnem[160];
  unsigned ndraw;
  unsigned draw[RF_MAX_DRAWN]; /* the forms drawn, in order */
} rf_rule;

static int rf_rule_page(const isa_desc *d, const char *dir, const char *prog, unsigned ri, const rf_rule *rr, FILE *err) {
  char name[128], path[4200];
  rf_page_name(d, ri, name, sizeof name);
  FILE *f = rf_open(dir, name, prog, err, path, sizeof path);
  if (!f) return -1;
  const isa_insn_info *info = &d->insns[ri];
  rf_head(f, info->name, d->name);
  fputs("<p><a href=\"index.html\">&#8592; all ", f);
  rf_esc(f, d->name);
  fputs(" rules</a></p>\n<h1>", f);
  rf_esc(f, info->name);
  fputs("</h1>\n<p>flow class <b>", f);
  rf_esc(f, info->flow < ISA_FLOW_COUNT ? rf_flows[info->flow] : "?");
  fputs("</b>", f);
  if (info->may_fall_through && info->flow != ISA_FLOW_FALLTHROUGH) fputs(" (may fall through)", f);
  fputs("; defined at <code>", f);
  rf_esc(f, info->file);
  fprintf(f, ":%u</code>; %u encoding form%s.</p>\n", info->line, rr->nforms, rr->nforms == 1 ? "" : "s");

  const char *tb;
  size_t tn;
  fputs("<h2 id=\"asm\">Assembly</h2>\n", f);
  if (rf_template(info->source, &tb, &tn)) {
    fputs("<p>template <code>", f);
    rf_escn(f, tb, tn);
    fputs("</code></p>\n", f);
  }
  rf_ex ex;
  memset(&ex, 0, sizeof ex);
  if (rr->example >= 0) {
    ex = rf_example(d, (unsigned)rr->example);
    fputs("<p>example <code>", f);
    rf_esc(f, ex.text);
    fputs("</code> = bytes <code>", f);
    for (unsigned i = 0; i < ex.n; i++) fprintf(f, "%s%02x", i ? " " : "", ex.bytes[i]);
    fputs("</code></p>\n", f);
  } else
    fputs("<p class=\"note\">No byte string of this rule's encodings decodes to it in the examples tried "
          "(a more specific rule takes them), so the page shows no example.</p>\n",
          f);

  fputs("<h2 id=\"encoding\">Encoding</h2>\n<p class=\"note\">Bytes in memory order, bits 7..0 of each. Fixed bits are "
        "0/1 (grey); the bits the encoding leaves free are labelled by the spec field they belong to (<code>rm</code>); the row under the bits names every field of the encoding, "
        "fixed bits included. Free bits no field names are labelled by probing an example: by the decoded operand slot "
        "whose value they change (<code>f3</code>: slot 3 of the decoded instruction), <code>alt</code> when they choose "
        "a sub-table alternative only, <code>=</code> when changing them makes another encoding or rule, <code>x</code> "
        "when the decoder ignores them.</p>\n",
        f);
  for (unsigned drawn = 0; drawn < rr->ndraw; drawn++) {
    unsigned fi = rr->draw[drawn];
    const isa_form *fm = &fm_forms(d)[fi];
    rf_ex x = (int)fi == rr->example ? ex : rf_example(d, fi);
    fprintf(f, "%s<summary>form %u: %u byte%s", drawn ? "<details>\n" : "<details open=\"open\">\n", drawn + 1, fm->len,
            fm->len == 1 ? "" : "s");
    if (x.ok) {
      fputs(", e.g. <code>", f);
      rf_esc(f, x.text);
      fputs("</code> =", f);
      for (unsigned i = 0; i < x.n; i++) fprintf(f, " %02x", x.bytes[i]);
    }
    fputs("</summary>\n", f);
    rf_diagram(f, d, fm, &x);
    if (x.ok) {
      bool any = false;
      for (int k = 0; k < ISA_MAX_FIELDS; k++)
        if (x.in.f[k]) {
          fprintf(f, "%sf%d=0x%llx", any ? ", " : "<p class=\"note\">slots of the example: ", k, (unsigned long long)x.in.f[k]);
          any = true;
        }
      if (any) fputs(" (others 0)</p>\n", f);
    }
    fputs("</details>\n", f);
  }
  if (rr->nforms > rr->ndraw)
    fprintf(f, "<p class=\"note\">%u of the %u forms drawn: the shortest, one per mnemonic and length first.</p>\n",
            rr->ndraw, rr->nforms);
  if (!rr->nforms) fputs("<p class=\"note\">The descriptor has no encoding form for this rule.</p>\n", f);

  fputs("<h2 id=\"spec\">Spec text</h2>\n<p><code>", f);
  rf_esc(f, info->file);
  fprintf(f, ":%u</code></p>\n<pre class=\"spec\">", info->line);
  rf_esc(f, info->source);
  fputs("</pre>\n", f);
  if (ex.ok) rf_semantics(f, d, prog, &ex);
  fputs("<p class=\"note\">Generated by <code>", f);
  rf_esc(f, prog);
  fputs(" reference</code> from the descriptor of the ", f);
  rf_esc(f, d->name);
  fputs(" spec.</p>\n</body>\n</html>\n", f);
  return rf_close(f, path, prog, err);
}

/* The search box's filter, and #q=TEXT in the address fills it in on load;
 * written without '<' and '&' so that the page stays well-formed XML. */
static const char rf_search_js[] =
    "<script>\n"
    "function rfFilter(){var q=document.getElementById('q').value.toLowerCase(),n=0;\n"
    " var rows=document.querySelectorAll('#rules tbody tr');\n"
    " Array.prototype.forEach.call(rows,function(r){var hit=r.textContent.toLowerCase().indexOf(q)!=-1;\n"
    "  r.style.display=hit?'':'none';if(hit)n++;});\n"
    " document.getElementById('count').textContent=n+' of '+rows.length+' rules';}\n"
    "window.addEventListener('load',function(){var h=decodeURIComponent(location.hash.slice(1));\n"
    " if(h.indexOf('q=')==0){document.getElementById('q').value=h.slice(2);rfFilter();}});\n"
    "</script>\n";

static int rf_index(const isa_desc *d, const char *dir, const char *prog, const rf_rule *rr, FILE *err) {
  char path[4200];
  FILE *f = rf_open(dir, "index.html", prog, err, path, sizeof path);
  if (!f) return -1;
  rf_head(f, "index", d->name);
  fputs("<h1>", f);
  rf_esc(f, d->name);
  fputs(" instruction reference</h1>\n<p>", f);
  fprintf(f, "%u rules, %u encoding forms, %u registers; %s-endian, %u-bit addresses, instructions of %u to %u bytes.",
          d->ninsns, d->nforms, d->nregs, d->big_endian ? "big" : "little", d->addr_bits, d->min_len, d->max_len);
  fputs(" Generated by <code>", f);
  rf_esc(f, prog);
  fputs(" reference</code>; each rule's page shows its encodings, its spec text and what it does, "
        "symbolically and on an example.</p>\n",
        f);
  fputs(rf_search_js, f);
  fprintf(f, "<p><input id=\"q\" type=\"search\" placeholder=\"filter: name, mnemonic, flow, file\" "
             "oninput=\"rfFilter()\"/> <span id=\"count\">%u of %u rules</span></p>\n",
          d->ninsns, d->ninsns);
  fputs("<table class=\"list\" id=\"rules\">\n<thead><tr><th>rule</th><th>mnemonics</th><th>flow</th><th>forms</th>"
        "<th>example</th><th>spec</th></tr></thead>\n<tbody>\n",
        f);
  for (unsigned i = 0; i < d->ninsns; i++) {
    const isa_insn_info *info = &d->insns[i];
    char name[128];
    rf_page_name(d, i, name, sizeof name);
    fputs("<tr><td><a href=\"", f);
    rf_esc(f, name);
    fputs("\">", f);
    rf_esc(f, info->name);
    fputs("</a></td><td>", f);
    rf_esc(f, rr[i].mnem);
    fputs("</td><td>", f);
    rf_esc(f, info->flow < ISA_FLOW_COUNT ? rf_flows[info->flow] : "?");
    fprintf(f, "</td><td>%u</td><td><code>", rr[i].nforms);
    if (rr[i].example >= 0) {
      rf_ex x = rf_example(d, (unsigned)rr[i].example);
      rf_esc(f, x.text);
    }
    fputs("</code></td><td>", f);
    rf_esc(f, info->file);
    fprintf(f, ":%u</td></tr>\n", info->line);
  }
  fputs("</tbody>\n</table>\n</body>\n</html>\n", f);
  return rf_close(f, path, prog, err);
}

/* The mnemonics of a rule: the first words of its forms' examples, distinct. */
static void rf_add_mnem(rf_rule *r, const char *text) {
  char w[64];
  size_t n = 0;
  while (text[n] && text[n] != ' ' && text[n] != '\t' && n + 1 < sizeof w) n++;
  memcpy(w, text, n);
  w[n] = 0;
  if (!n) return;
  for (const char *p = r->mnem; (p = strstr(p, w)); p += n)
    if ((p == r->mnem || p[-1] == ' ') && (p[n] == 0 || p[n] == ',')) return;
  size_t k = strlen(r->mnem);
  if (k + n + 3 < sizeof r->mnem) snprintf(r->mnem + k, sizeof r->mnem - k, "%s%s", k ? ", " : "", w);
}

int rf_write(const isa_desc *d, const char *dir, const char *prog, FILE *err) {
  struct stat sb;
  if (mkdir(dir, 0777) && (errno != EEXIST || stat(dir, &sb) || !S_ISDIR(sb.st_mode))) {
    fprintf(err, "%s: cannot create the directory %s: %s\n", prog, dir, errno == EEXIST ? "a file of that name exists" : strerror(errno));
    return -1;
  }
  rf_rule *rr = calloc(d->ninsns + 1, sizeof *rr);
  if (!rr) xa_nomem();
  for (unsigned i = 0; i < d->ninsns; i++) rr[i].example = -1;
  /* forms by rule, shortest first (a stable order: the decoder's within a length) */
  unsigned *order = malloc(sizeof *order * (d->nforms + 1));
  char (*mn)[64] = calloc(d->nforms + 1, sizeof *mn);
  if (!order || !mn) xa_nomem();
  unsigned no = 0;
  const isa_form *forms = fm_forms(d);
  for (unsigned len = 1; len <= d->max_len; len++)
    for (unsigned fi = 0; fi < d->nforms; fi++)
      if (forms[fi].len == len && forms[fi].insn < d->ninsns) order[no++] = fi;
  for (unsigned k = 0; k < no; k++) {
    unsigned fi = order[k], ri = forms[fi].insn;
    rr[ri].nforms++;
    rf_ex x = rf_example(d, fi);
    if (!x.ok) continue;
    if (rr[ri].example < 0) rr[ri].example = (int)fi;
    rf_add_mnem(&rr[ri], x.text);
    size_t n = strcspn(x.text, " \t");
    snprintf(mn[fi], sizeof mn[fi], "%.*s", (int)(n < 63 ? n : 63), x.text);
  }
  /* the forms drawn: a new mnemonic first, then a new length, then the rest */
  for (int pass = 0; pass < 3; pass++)
    for (unsigned k = 0; k < no; k++) {
      unsigned fi = order[k];
      rf_rule *r = &rr[forms[fi].insn];
      if (r->ndraw == RF_MAX_DRAWN) continue;
      bool have = false, new_mn = mn[fi][0] != 0, new_len = true;
      for (unsigned j = 0; j < r->ndraw; j++) {
        have |= r->draw[j] == fi;
        new_mn &= strcmp(mn[r->draw[j]], mn[fi]) != 0;
        new_len &= forms[r->draw[j]].len != forms[fi].len;
      }
      if (!have && (pass == 2 || (pass == 0 && new_mn) || (pass == 1 && new_len))) r->draw[r->ndraw++] = fi;
    }
  free(order);
  free(mn);
  int rc = rf_index(d, dir, prog, rr, err);
  for (unsigned i = 0; i < d->ninsns && !rc; i++) rc = rf_rule_page(d, dir, prog, i, &rr[i], err);
  free(rr);
  return rc;
}
