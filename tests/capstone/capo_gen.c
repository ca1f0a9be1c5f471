/* capo_gen.c — random byte strings and random instances of every form (capo_run.h). */
#include <string.h>

#include "capo_run.h"
#include "forms.h"

/* splitmix64: deterministic for a seed, on every host */
typedef struct rng {
  uint64_t s;
} rng;

static uint64_t next(rng *r) {
  uint64_t x = (r->s += 0x9e3779b97f4a7c15ull);
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

static uint64_t rand_addr(const isa_desc *d, rng *r) {
  uint64_t m = d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1;
  return next(r) & m & ~(uint64_t)(d->min_len ? d->min_len - 1 : 0) & ~3ull;
}

static double pct(unsigned long a, unsigned long b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

void capo_print_stats(const char *label, capo_stats st, FILE *out) {
  fprintf(out,
          "%s: %lu strings: ours accepts %lu (%.2f%%, rejects %.2f%%), capstone accepts %lu (%.2f%%, rejects "
          "%.2f%%)\n",
          label, st.cases, st.ours_ok, pct(st.ours_ok, st.cases), pct(st.cases - st.ours_ok, st.cases), st.cs_ok,
          pct(st.cs_ok, st.cases), pct(st.cases - st.cs_ok, st.cases));
  fprintf(out,
          "%s: of the %lu we accept: %lu agree with capstone (%.4f%%), %lu disagree, %lu known (lists); "
          "coverage gap (capstone accepts, we reject): %lu (%.2f%% of all strings)\n",
          label, st.ours_ok, st.agree, pct(st.agree, st.ours_ok), st.disagree, st.excepted, st.gap,
          pct(st.gap, st.cases));
}

unsigned long capo_run_random(capo *c, const isa_desc *d, unsigned long count, uint64_t seed, unsigned gap_top,
                              FILE *out) {
  rng r = {seed};
  capo_reset_stats(c);
  capo_reset_gap(c);
  uint8_t buf[ISA_MAX_LEN];
  for (unsigned long k = 0; k < count; k++) {
    for (size_t i = 0; i < sizeof buf; i += 8) {
      uint64_t v = next(&r);
      memcpy(buf + i, &v, 8);
    }
    capo_check(c, buf, sizeof buf, rand_addr(d, &r), "random", out);
  }
  capo_stats st = capo_get_stats(c);
  capo_print_stats("random", st, out);
  capo_print_gap(c, gap_top, out);
  return st.disagree;
}

/* A random instance of form f into buf: the prefixes that set the form's
 * non-default context values, then the form's bytes with the free bits
 * random.  `extra` >= 0 inserts prefix byte number `extra` at a random place
 * among the prefixes.  Returns the length, or 0 if no prefix gives the
 * context. */
static int instance(const isa_desc *d, const isa_form *f, rng *r, int extra, uint8_t *buf, int cap) {
  int n = 0;
  for (int k = 0; k < f->nctx; k++) {
    if (f->ctxv[k] == 0) continue; /* the default */
    int found = -1;
    for (unsigned p = 0; p < d->nprefixes && found < 0; p++)
      for (int q = 0; q < d->prefixes[p].n; q++)
        if (d->prefixes[p].ctx[q] == f->ctx[k] && d->prefixes[p].val[q] == f->ctxv[k]) found = (int)p;
    if (found < 0 || n >= cap) return 0;
    buf[n++] = d->prefixes[found].byte;
  }
  if (extra >= 0) {
    if (n >= cap) return 0;
    buf[n++] = d->prefixes[extra].byte;
  }
  /* prefixes in random order: decoders must not depend on it (and capstone's
   * known order bugs must not hide a form from the comparison) */
  for (int i = n - 1; i > 0; i--) {
    int j = (int)(next(r) % (uint64_t)(i + 1));
    uint8_t t = buf[i];
    buf[i] = buf[j];
    buf[j] = t;
  }
  if (n + f->len > cap) return 0;
  for (int i = 0; i < f->len; i++) buf[n + i] = (uint8_t)((next(r) & ~f->mask[i]) | f->val[i]);
  return n + f->len;
}

unsigned long capo_run_forms(capo *c, const isa_desc *d, unsigned per_form, uint64_t seed, unsigned gap_top,
                             FILE *out) {
  rng r = {seed};
  capo_reset_stats(c);
  capo_reset_gap(c);
  unsigned long rejected = 0, unreachable = 0;
  const isa_form *forms = fm_forms(d);
  for (unsigned fi = 0; fi < d->nforms; fi++) {
    const isa_form *f = &forms[fi];
    unsigned variants = d->nprefixes ? 2 : 1; /* as is, and with one more prefix */
    for (unsigned k = 0; k < variants * per_form; k++) {
      bool plain = k < per_form;
      int extra = plain || !d->nprefixes ? -1 : (int)(next(&r) % d->nprefixes);
      uint8_t buf[ISA_MAX_LEN];
      int len = instance(d, f, &r, extra, buf, (int)sizeof buf);
      if (!len) {
        unreachable += plain;
        continue;
      }
      for (size_t i = (size_t)len; i < sizeof buf; i++) buf[i] = (uint8_t)next(&r);
      capo_verdict v = capo_check(c, buf, sizeof buf, rand_addr(d, &r), plain ? "form" : "form+prefix", out);
      if (plain && (v == CAPO_BOTH_REJECT || v == CAPO_GAP) && rejected++ < 10) {
        fprintf(out, "FORM NOT DECODED: form %u (%s):", fi, d->insns[f->insn].name);
        for (int i = 0; i < len; i++) fprintf(out, " %02x", buf[i]);
        fprintf(out, "\n");
      }
    }
  }
  capo_stats st = capo_get_stats(c);
  fprintf(out, "forms: %u forms x %u instances%s", d->nforms, per_form,
          d->nprefixes ? ", as is and with one more prefix byte" : "");
  if (unreachable) fprintf(out, " (%lu instances had no prefix for their context)", unreachable);
  fprintf(out, "\n");
  capo_print_stats("forms", st, out);
  if (rejected) fprintf(out, "forms: %lu instances of a form were rejected by our own decoder\n", rejected);
  capo_print_gap(c, gap_top, out);
  return st.disagree + rejected;
}
