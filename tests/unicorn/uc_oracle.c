/* uc_oracle.c — see uc_oracle.h. */
#include "uc_oracle.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "forms.h"
#include "uc_engine.h"
#include "uc_mem.h"

/* ---- deterministic randomness ----------------------------------------------- */

static uint64_t mix(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

typedef struct rng {
  uint64_t s;
} rng;

static uint64_t next(rng *r) { return mix(r->s += 0x9e3779b97f4a7c15ull); }

static uint64_t wmask(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

/* Register values: corner cases half of the time (none when `plain`: the
 * extra cases of a form whose cases all faulted want usable addresses). */
static uint64_t reg_value(rng *r, unsigned w, bool plain) {
  uint64_t m = wmask(w);
  switch (plain ? 11 : next(r) % 12) {
  case 0: return 0;
  case 1: return m;
  case 2: return (1ull << (w - 1)) & m;
  case 3: return ((1ull << (w - 1)) - 1) & m;
  case 4: return next(r) % 70;
  case 5: return (0 - (next(r) % 70)) & m;
  default: return next(r) & m;
  }
}

/* ---- the run's context ---------------------------------------------------------- */

typedef struct ctx {
  const isa_desc *d;
  const uc_isa *u;
  const uo_opts *o;
  uo_stats *st;
  uint64_t amask;
  ue_map map;
  um_mem *m;
  /* `sem` runs every case without a write hook: once a UC_HOOK_MEM_WRITE
   * hook exists unicorn computes wrong flags for memory-destination shifts
   * by CL and shld/shrd (qemu temporaries clobbered around the hook), so the
   * state comes from it; `wr` re-runs completed cases with the write hook
   * to learn which bytes unicorn wrote. */
  ue_engine sem, wr;
  const um_uc *state_mem; /* the memory of the engine that gave this case's state */
  uint64_t *pre, *ours, *theirs, *theirs_wr; /* registers of the current case */
  uint64_t *reach;                           /* per register: the bits a pre-state may set */
  unsigned nspec, nuc;                       /* entries of KNOWN_SPEC_BUGS, UNICORN_BUGS */
  unsigned long *spec_hits, *uc_hits;
  unsigned long *bad_by_insn;  /* unexplained mismatches per instruction */
  unsigned long *hook_by_insn; /* cases a write hook changed unicorn's result */
  unsigned long *undef_by_insn; /* cases only undefined flags differed */
  unsigned long opened_at;      /* st->cases when sem and wr were opened */
} ctx;

enum { REOPEN_CASES = 2000 };

/* A case ready to run: the instruction (decoded at its PC) and the memory
 * seed; the registers are in ctx.pre. */
typedef struct built {
  uint8_t buf[ISA_MAX_LEN + 16];
  isa_insn in;
  uint64_t mseed;
  char label[96]; /* how to reproduce it */
  uint8_t frame[ISA_MAX_LEN + 32]; /* the memory overlay at the PC (ue_frame) */
} built;

/* ---- building a case -------------------------------------------------------- */

/* A random instance of form f into buf: the prefixes its context needs, in
 * random order, then the form's bytes with random free bits.  Returns the
 * length, or 0 if no prefix gives the form's context. */
static int instance(const isa_desc *d, const isa_form *f, rng *r, uint8_t *buf, int cap) {
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

/* A PC (aligned as the ISA requires) whose instruction bytes lie in mapped
 * pages without wrapping. */
static bool pick_pc(ctx *c, rng *r, unsigned len, uint64_t *pc) {
  for (int tries = 0; tries < 1000; tries++) {
    uint64_t a = next(r) & c->amask;
    if (c->u->pc_align > 1) a -= a % c->u->pc_align;
    if (a + len - 1 > c->amask) continue;
    if (um_page_mapped(c->m, a) && um_page_mapped(c->m, a + len - 1)) {
      *pc = a;
      return true;
    }
  }
  return false;
}

static void harness(ctx *c, const char *label, const char *what) {
  c->st->harness++;
  fprintf(c->o->out, "HARNESS: %s: %s\n", label, what);
}

/* Case k of form fi.  Returns -1 (no instance of the form), 0 (not built: a
 * harness error was reported) or 1. */
static int build_random(ctx *c, unsigned fi, unsigned k, bool plain, built *b) {
  const isa_desc *d = c->d;
  rng r = {mix(c->o->seed * 0x100000001b3ull ^ mix(((uint64_t)fi << 24) ^ k))};
  const isa_form *f = &fm_forms(d)[fi];
  int len = instance(d, f, &r, b->buf, ISA_MAX_LEN);
  if (!len) return -1;
  snprintf(b->label, sizeof b->label, "form %u (%s) case %u (--seed %llu --form %u)", fi,
           d->insns[f->insn].name, k, (unsigned long long)c->o->seed, fi);
  for (size_t i = (size_t)len; i < sizeof b->buf; i++) b->buf[i] = (uint8_t)next(&r);
  uint64_t pc = 0;
  b->mseed = next(&r);
  um_begin_case(c->m, b->mseed, 0, b->buf, 0);
  if (d->decode(b->buf, d->max_len, 0, &b->in) != ISA_DECODE_OK || !pick_pc(c, &r, b->in.len, &pc) ||
      d->decode(b->buf, d->max_len, pc, &b->in) != ISA_DECODE_OK) {
    harness(c, b->label, "does not decode (or no PC for it)");
    return 0;
  }
  for (unsigned i = 0; i < d->nregs; i++) {
    int p = c->map.pinned_ix[i];
    c->pre[i] = p >= 0 ? c->u->pinned[p].value & wmask(d->regs[i].width)
                : d->regs[i].is_flag ? next(&r) & 1
                                     : reg_value(&r, d->regs[i].width, plain) & c->reach[i];
  }
  c->pre[d->pc] = pc;
  return 1;
}

/* A known entry's example: "hex bytes @pc NAME=value … [seed=N]"; registers
 * not named are 0, the memory seed defaults to 1. */
static bool build_example(ctx *c, const char *ex, const char *label, built *b) {
  const isa_desc *d = c->d;
  snprintf(b->label, sizeof b->label, "%s", label);
  memset(c->pre, 0, sizeof *c->pre * d->nregs);
  memset(b->buf, 0, sizeof b->buf);
  b->mseed = 1;
  unsigned n = 0;
  uint64_t pc = 0;
  bool have_pc = false;
  char tok[64];
  for (const char *p = ex; *p;) {
    while (*p == ' ') p++;
    size_t t = strcspn(p, " ");
    if (!t) break;
    if (t >= sizeof tok) goto bad;
    memcpy(tok, p, t);
    tok[t] = 0;
    p += t;
    char *eq = strchr(tok, '='), *end;
    if (tok[0] == '@') {
      pc = strtoull(tok + 1, &end, 0);
      have_pc = !*end;
    } else if (!eq) {
      unsigned long v = strtoul(tok, &end, 16);
      if (*end || t != 2 || n >= ISA_MAX_LEN) goto bad;
      b->buf[n++] = (uint8_t)v;
    } else {
      *eq = 0;
      uint64_t v = strtoull(eq + 1, &end, 0);
      if (*end) goto bad;
      if (!strcmp(tok, "seed")) {
        b->mseed = v;
        continue;
      }
      unsigned i = 0;
      while (i < d->nregs && strcmp(d->regs[i].name, tok)) i++;
      if (i == d->nregs) goto bad;
      c->pre[i] = v & c->reach[i];
    }
  }
  for (unsigned i = 0; i < d->nregs; i++)
    if (c->map.pinned_ix[i] >= 0) c->pre[i] = c->u->pinned[c->map.pinned_ix[i]].value & wmask(d->regs[i].width);
  um_begin_case(c->m, b->mseed, 0, b->buf, 0);
  if (!have_pc || !n || d->decode(b->buf, n, pc, &b->in) != ISA_DECODE_OK || b->in.len != n ||
      !um_page_mapped(c->m, pc) || !um_page_mapped(c->m, pc + n - 1))
    goto bad;
  c->pre[d->pc] = pc;
  return true;
bad:
  harness(c, label, "malformed example (bytes that decode to one instruction, @pc in a mapped page, REG=value)");
  return false;
}

/* What unicorn must do, given our step's result; false if a trap message has
 * no mapping. */
static bool expected(ctx *c, const isa_insn *in, isa_step_result res, const char *msg, ue_outcome *e) {
  memset(e, 0, sizeof *e);
  if (res == ISA_STEP_FAULT) {
    e->kind = UE_FAULT;
    e->acc = c->m->fault;
    return true;
  }
  if (res == ISA_STEP_TRAP) {
    for (unsigned i = 0; i < c->u->ntraps; i++)
      if (msg && !strcmp(c->u->traps[i].msg, msg)) {
        uc_outcome_kind k = c->u->traps[i].kind;
        e->kind = k == UC_OUT_INTR        ? UE_INTR
                  : k == UC_OUT_INVALID   ? UE_INVALID
                  : k == UC_OUT_UNMODELLED ? UE_UNMODELLED
                  : k == UC_OUT_UNDEFINED ? UE_UNDEFINED
                                          : UE_NORMAL;
        e->vector = c->u->traps[i].vector;
        return true;
      }
    return false;
  }
  e->kind = UE_NORMAL;
  for (unsigned i = 0; i < c->u->nflows; i++)
    if (c->u->flows[i].flow == c->d->insns[in->id].flow) {
      e->kind = UE_INTR;
      e->vector = c->u->flows[i].vector;
    }
  return true;
}

/* ---- comparing ----------------------------------------------------------------- */

typedef struct text {
  char s[4096];
  size_t n;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...) {
  if (t->n >= sizeof t->s) return;
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(t->s + t->n, sizeof t->s - t->n, fmt, ap);
  va_end(ap);
  if (k > 0) t->n += (size_t)k < sizeof t->s - t->n ? (size_t)k : sizeof t->s - t->n;
}

static void describe_outcome(text *t, const ue_outcome *g) {
  switch (g->kind) {
  case UE_NORMAL: put(t, "completes"); break;
  case UE_INTR: put(t, "interrupt 0x%x", (unsigned)g->vector); break;
  case UE_INVALID: put(t, "invalid instruction"); break;
  case UE_FAULT:
    put(t, "%s fault at 0x%llx (%u bytes)", g->acc.write ? "write" : "read", (unsigned long long)g->acc.addr,
        g->acc.n);
    break;
  case UE_OTHER: put(t, "unicorn error %d (%s)", (int)g->err, uc_strerror(g->err)); break;
  case UE_UNMODELLED: put(t, "not modelled"); break;
  case UE_UNDEFINED: put(t, "undefined (any outcome)"); break;
  }
}

static bool same_kind(const ue_outcome *e, const ue_outcome *g) {
  return e->kind == g->kind && (e->kind != UE_INTR || e->vector == g->vector);
}

/* Unicorn's faulting access must overlap ours on an unmapped byte (or, if the
 * access order is not architectural, touch any unmapped byte). */
static bool fault_agrees(ctx *c, const ue_outcome *e, const ue_outcome *g, bool unordered) {
  if (g->kind != UE_FAULT || g->acc.write != e->acc.write) return false;
  for (unsigned i = 0; i < g->acc.n; i++) {
    uint64_t a = g->acc.addr + i;
    if (a <= c->amask && um_page_mapped(c->m, a)) continue;
    a &= c->amask;
    if (unordered || ((a - e->acc.addr) & c->amask) < e->acc.n) return true;
  }
  return false;
}

static bool has(const uint64_t *v, unsigned n, uint64_t a) {
  for (unsigned i = 0; i < n; i++)
    if (v[i] == a) return true;
  return false;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Registers, defined flags, written bytes (values from the `sem` engine,
 * the set of written addresses from the `wr` engine's hook).  Differences go
 * to t; returns their number; *undef_diff tells whether an undefined flag
 * differed. */
static unsigned compare_state(ctx *c, const uint64_t *ours, const uint64_t *theirs, uint64_t undef, text *t,
                              bool *undef_diff) {
  const isa_desc *d = c->d;
  const um_mem *m = c->m;
  const um_uc *sem = c->state_mem, *wr = &c->wr.mem;
  unsigned n = 0;
  *undef_diff = false;
  for (unsigned i = 0; i < d->nregs; i++) {
    if (ours[i] == theirs[i]) continue;
    if (c->map.pinned_ix[i] >= 0) continue; /* unicorn does not have it */
    if (c->map.field_ix[i] >= 0 && (undef >> c->map.field_ix[i] & 1)) {
      *undef_diff = true;
      continue;
    }
    put(t, "    %s: ours 0x%llx, unicorn 0x%llx\n", d->regs[i].name, (unsigned long long)ours[i],
        (unsigned long long)theirs[i]);
    n++;
  }
  if (m->overflow || wr->overflow) {
    put(t, "    more than %d bytes written (%s)\n", UM_MAX_LOG, m->overflow ? "ours" : "unicorn");
    return n + 1;
  }
  uint64_t all[3 * UM_MAX_LOG];
  unsigned na = 0;
  for (unsigned i = 0; i < m->nlog; i++) all[na++] = m->log_addr[i];
  for (unsigned i = 0; i < wr->nwritten; i++) all[na++] = wr->written[i];
  na += um_uc_changed(sem, all + na, UM_MAX_LOG);
  qsort(all, na, sizeof *all, cmp_u64);
  for (unsigned i = 0; i < na; i++) {
    uint64_t a = all[i];
    if (i && all[i - 1] == a) continue;
    bool by_ours = has(m->log_addr, m->nlog, a), by_uc = has(wr->written, wr->nwritten, a), mapped;
    uint8_t uv = um_uc_byte(sem, a, &mapped), ov = um_cur_byte(m, a);
    if (by_ours && by_uc && mapped && uv == ov) continue;
    put(t, "    byte 0x%llx: ours ", (unsigned long long)a);
    if (by_ours) put(t, "wrote 0x%02x", ov);
    else put(t, "did not write (0x%02x)", ov);
    if (!mapped) put(t, ", unicorn: page not mapped\n");
    else put(t, ", unicorn %s 0x%02x%s\n", by_uc ? "wrote" : "has", uv,
             by_uc ? "" : (uv != um_pre_byte(m, a) ? " (changed without a write hook)" : " (not written)"));
    n++;
  }
  return n;
}

/* ---- known disagreements --------------------------------------------------------- */

/* "0f a3 ??": the instruction's bytes start with these (?? = any byte). */
static bool bytes_match(const char *pat, const uint8_t *b, unsigned len) {
  if (!pat) return true;
  unsigned i = 0;
  for (const char *p = pat; *p;) {
    while (*p == ' ') p++;
    if (!*p) break;
    if (i >= len) return false;
    if (p[0] == '?' && p[1] == '?') {
      p += 2;
    } else {
      char *end;
      char hex[3] = {p[0], p[1], 0};
      unsigned long v = strtoul(hex, &end, 16);
      if (end != hex + 2 || v != b[i]) return false;
      p += 2;
    }
    i++;
  }
  return true;
}

static unsigned count_known(const uc_known *k) {
  unsigned n = 0;
  while (k && k[n].what) n++;
  return n;
}

static int known(const uc_known *k, unsigned n, const uc_case *cc) {
  for (unsigned i = 0; i < n; i++)
    if (bytes_match(k[i].bytes, cc->bytes, cc->in->len) && (!k[i].match || k[i].match(cc))) return (int)i;
  return -1;
}

/* ---- one case ---------------------------------------------------------------------- */

static void report(ctx *c, const char *what, const built *b, const uc_case *cc, const char *ours,
                   const ue_outcome *g, const text *diff) {
  FILE *out = c->o->out;
  const isa_desc *d = c->d;
  const isa_insn *in = cc->in;
  fprintf(out, "MISMATCH (%s): %s\n  insn %s at 0x%llx:", what, b->label, d->insns[in->id].name,
          (unsigned long long)in->addr);
  for (unsigned i = 0; i < in->len; i++) fprintf(out, " %02x", cc->bytes[i]);
  fprintf(out, "  (%s)  %s:%u\n  example: \"", cc->text, d->insns[in->id].file, d->insns[in->id].line);
  for (unsigned i = 0; i < in->len; i++) fprintf(out, "%02x ", cc->bytes[i]);
  fprintf(out, "@0x%llx", (unsigned long long)in->addr);
  for (unsigned i = 0; i < d->nregs; i++)
    if (i != d->pc && cc->pre[i]) fprintf(out, " %s=0x%llx", d->regs[i].name, (unsigned long long)cc->pre[i]);
  fprintf(out, " seed=0x%llx\"", (unsigned long long)b->mseed);
  const um_mem *m = c->m;
  for (unsigned i = 0; i < m->nreads; i++)
    fprintf(out, "%s [0x%llx]=0x%llx", i ? "," : "\n  ours read", (unsigned long long)m->reads[i].addr,
            (unsigned long long)m->read_val[i]);
  text t;
  t.n = 0;
  t.s[0] = 0;
  describe_outcome(&t, g);
  fprintf(out, "\n  ours: %s; unicorn: %s\n%s", ours, t.s, diff ? diff->s : "");
}

/* Which list explained a disagreement. */
typedef struct verdict {
  int list; /* 0 none (agree or mismatch), 1 KNOWN_SPEC_BUGS, 2 UNICORN_BUGS */
  int idx;
} verdict;

/* Files a disagreement under a known list or as a mismatch. */
static verdict judge(ctx *c, const char *what, const built *b, const uc_case *cc, const text *ot,
                     const ue_outcome *g, const text *diff) {
  uo_stats *st = c->st;
  verdict v = {0, -1};
  if (!what) {
    if (c->o->verbose) report(c, "none, agree", b, cc, ot->s, g, diff);
  } else if ((v.idx = known(c->u->spec_bugs, c->nspec, cc)) >= 0) {
    v.list = 1;
    st->known_spec++;
    c->spec_hits[v.idx]++;
    if (c->o->verbose) report(c, "KNOWN_SPEC_BUGS", b, cc, ot->s, g, diff);
  } else if ((v.idx = known(c->u->unicorn_bugs, c->nuc, cc)) >= 0) {
    v.list = 2;
    st->known_uc++;
    c->uc_hits[v.idx]++;
    if (c->o->verbose) report(c, "UNICORN_BUGS", b, cc, ot->s, g, diff);
  } else {
    st->mismatches++;
    c->bad_by_insn[cc->in->id]++;
    if (st->mismatches <= c->o->max_report || c->o->verbose) report(c, what, b, cc, ot->s, g, diff);
  }
  return v;
}

/* A UNICORN_BUGS entry for which unicorn would crash the process. */
static int crashes_unicorn(ctx *c, const uc_case *cc) {
  for (unsigned i = 0; i < c->nuc; i++) {
    const uc_known *kb = &c->u->unicorn_bugs[i];
    if (kb->crashes && bytes_match(kb->bytes, cc->bytes, cc->in->len) && (!kb->match || kb->match(cc))) return (int)i;
  }
  return -1;
}

static void note_hook_effect(ctx *c, const built *b, const char *txt) {
  const isa_desc *d = c->d;
  c->hook_by_insn[b->in.id]++;
  if (c->st->hook_perturbed++ >= 3 && !c->o->verbose) return;
  fprintf(c->o->out, "NOTE: with a write hook unicorn computes a different state for %s:", txt);
  for (unsigned i = 0; i < b->in.len; i++) fprintf(c->o->out, " %02x", b->buf[i]);
  fprintf(c->o->out, " (%s):", b->label);
  for (unsigned i = 0; i < d->nregs; i++)
    if (c->theirs[i] != c->theirs_wr[i])
      fprintf(c->o->out, " %s 0x%llx / 0x%llx", d->regs[i].name, (unsigned long long)c->theirs[i],
              (unsigned long long)c->theirs_wr[i]);
  fprintf(c->o->out, "\n");
}

/* Runs a built case on both sides and judges it.  Returns whether our step
 * got past memory faults (the form is covered); *v says which known entry
 * explained a disagreement. */
static bool exec_case(ctx *c, built *b, verdict *v) {
  const isa_desc *d = c->d;
  const uc_isa *u = c->u;
  uo_stats *st = c->st;
  const isa_insn *in = &b->in;
  uint64_t pc = in->addr;
  *v = (verdict){0, -1};
  uint64_t fstart;
  unsigned flen = ue_frame(&c->map, u->page, pc, b->buf, in->len, b->frame, &fstart);
  um_begin_case(c->m, b->mseed, fstart, b->frame, flen);
  memcpy(c->ours, c->pre, sizeof *c->pre * d->nregs);
  isa_cpu cpu = {.reg = c->ours, .mem = c->m, .load = um_load, .store = um_store};
  isa_step_result res = d->step(&cpu, in);
  const char *msg = cpu.trap_msg;
  st->cases++;
  char txt[160];
  d->print(in, txt, sizeof txt);
  uc_case cc = {d, in, b->buf, txt, c->pre, c->ours, res, msg, c->m->nreads, c->m->read_val};
  text diff, ot; /* differences; our outcome, for reports */
  diff.n = ot.n = 0;
  diff.s[0] = ot.s[0] = 0;
  ue_outcome e, g = {0};
  if (!expected(c, in, res, msg, &e)) {
    char why[200];
    snprintf(why, sizeof why, "trap \"%s\" of %s has no unicorn outcome in %s's uc_trap_map", msg ? msg : "?",
             d->insns[in->id].name, u->name);
    harness(c, b->label, why);
    return true;
  }
  if (res == ISA_STEP_TRAP) put(&ot, "trap \"%s\"", msg ? msg : "?");
  else describe_outcome(&ot, &e);
  if (res == ISA_STEP_OK) put(&ot, ", next PC 0x%llx", (unsigned long long)c->ours[d->pc]);
  st->faults += res == ISA_STEP_FAULT;
  st->traps += res == ISA_STEP_TRAP;
  st->compared += res == ISA_STEP_OK;
  if (e.kind == UE_UNMODELLED) {
    st->unmodelled++;
    if (c->o->verbose) report(c, "none, the spec does not model this: not run", b, &cc, ot.s, &g, &diff);
    return true;
  }
  if (e.kind == UE_UNDEFINED) {
    st->undefined++;
    if (c->o->verbose) report(c, "none, the manual leaves the outcome undefined: not run", b, &cc, ot.s, &g, &diff);
    return true;
  }
  int crash = crashes_unicorn(c, &cc);
  if (crash >= 0) {
    *v = (verdict){2, crash};
    st->known_uc++;
    c->uc_hits[crash]++;
    if (c->o->verbose) report(c, "UNICORN_BUGS (would crash unicorn: not run)", b, &cc, ot.s, &g, &diff);
    return res != ISA_STEP_FAULT;
  }

  uint64_t nextpc = c->ours[d->pc];
  uint64_t until = res == ISA_STEP_OK && nextpc != pc ? nextpc : pc + in->len;
  bool falls = res == ISA_STEP_OK && nextpc == ((pc + in->len) & c->amask);
  /* one engine (with the write hook) when the ISA allows it */
  ue_engine *state_eng = u->one_engine && !c->o->two_engines ? &c->wr : &c->sem;
  c->state_mem = &state_eng->mem;
  um_uc_begin(&c->sem.mem);
  um_uc_begin(&c->wr.mem);
  g = ue_step(state_eng, &c->map, c->pre, pc, in->len, until, falls, c->theirs);
  const char *what = NULL;
  bool undef_diff = false;
  if (res == ISA_STEP_FAULT) {
    if (!fault_agrees(c, &e, &g, u->unordered_access && u->unordered_access(&cc))) what = "fault";
  } else if (!same_kind(&e, &g)) {
    what = res == ISA_STEP_TRAP ? "trap" : "outcome";
  } else if (res == ISA_STEP_OK) {
    ue_outcome g2 = g;
    if (state_eng == &c->wr) memcpy(c->theirs_wr, c->theirs, sizeof *c->theirs * d->nregs);
    else g2 = ue_step(&c->wr, &c->map, c->pre, pc, in->len, until, falls, c->theirs_wr);
    if (!same_kind(&g, &g2) || memcmp(c->theirs, c->theirs_wr, sizeof *c->theirs * d->nregs))
      note_hook_effect(c, b, txt);
    uint64_t undef = u->undefined_flags ? u->undefined_flags(&cc) : 0;
    if (compare_state(c, c->ours, c->theirs, undef, &diff, &undef_diff)) what = "state";
    else if (undef_diff) {
      st->undef_diffs++;
      c->undef_by_insn[in->id]++;
    }
  }
  *v = judge(c, what, b, &cc, &ot, &g, &diff);
  um_uc_end(&c->sem.mem);
  um_uc_end(&c->wr.mem);
  if (c->sem.mem.error) harness(c, b->label, c->sem.mem.error);
  if (c->wr.mem.error) harness(c, b->label, c->wr.mem.error);
  return res != ISA_STEP_FAULT;
}

/* ---- the run ------------------------------------------------------------------------ */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void run_forms(ctx *c) {
  const isa_desc *d = c->d;
  const uo_opts *o = c->o;
  uo_stats *st = c->st;
  built b;
  verdict v;
  for (unsigned fi = 0; fi < d->nforms; fi++) {
    if (o->only_form >= 0 && fi != (unsigned long)o->only_form) continue;
    bool covered = false, ran = false;
    unsigned limit = o->per_form;
    for (unsigned k = 0; k < limit; k++) {
      int r = build_random(c, fi, k, k >= o->per_form, &b);
      if (r < 0) break;
      ran = true;
      covered |= r == 0 || exec_case(c, &b, &v); /* a harness error is reported, not uncovered */
      if (k + 1 == o->per_form && !covered) limit = 8 * o->per_form; /* more cases for a form that only faulted */
      if (covered && k + 1 >= o->per_form) break;
    }
    st->forms_run += ran;
    st->forms_covered += covered;
    /* unicorn 2.0.1 keeps ~15 KB per case that maps and unmaps pages (about
     * 1.5 GB for 100,000 PowerPC cases) until uc_close: fresh engines every
     * REOPEN_CASES cases keep the oracle's memory flat. */
    if (st->cases - c->opened_at >= REOPEN_CASES) {
      ue_close(&c->sem);
      ue_close(&c->wr);
      if (ue_open(&c->sem, c->u, c->m, false) || ue_open(&c->wr, c->u, c->m, true)) {
        harness(c, "reopening unicorn", "uc_open failed");
        return;
      }
      c->opened_at = st->cases;
    }
    if (ran && !covered)
      fprintf(o->out, "UNCOVERED: form %u (%s): every case faulted\n", fi, d->insns[fm_forms(d)[fi].insn].name);
  }
}

/* Every known entry's example must still be explained by that entry; an
 * entry whose example agrees (or is explained otherwise) is stale. */
static void run_examples(ctx *c, const char *list, int which, const uc_known *k, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    char label[96];
    snprintf(label, sizeof label, "example of %s[%u]", list, i);
    built b;
    verdict v = {0, -1};
    if (!k[i].example) {
      harness(c, label, "the entry has no example");
      continue;
    }
    if (!build_example(c, k[i].example, label, &b)) continue;
    exec_case(c, &b, &v);
    if (v.list != which || v.idx != (int)i) {
      c->st->stale++;
      fprintf(c->o->out, "STALE: %s[%u]: its example (%s) is not explained by it any more: remove the entry\n", list,
              i, k[i].example);
    }
  }
}

static void summary(ctx *c, const char *list, const uc_known *k, unsigned n, const unsigned long *hits) {
  for (unsigned i = 0; i < n; i++)
    fprintf(c->o->out, "%s[%u]: %lu cases (example included) — %s\n", list, i, hits[i], k[i].what);
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(3);
  }
  return p;
}

int uo_run(const isa_desc *d, const uc_isa *u, const uo_opts *o, uo_stats *st) {
  memset(st, 0, sizeof *st);
  st->forms = d->nforms;
  ctx c = {.d = d, .u = u, .o = o, .st = st};
  c.amask = wmask(d->addr_bits);
  c.pre = xcalloc(d->nregs, sizeof *c.pre);
  c.ours = xcalloc(d->nregs, sizeof *c.ours);
  c.theirs = xcalloc(d->nregs, sizeof *c.theirs);
  c.theirs_wr = xcalloc(d->nregs, sizeof *c.theirs_wr);
  c.reach = xcalloc(d->nregs, sizeof *c.reach);
  bool masks_ok = true;
  for (unsigned i = 0; i < d->nregs; i++) c.reach[i] = wmask(d->regs[i].width);
  for (unsigned k = 0; k < u->nmasks; k++) {
    unsigned i = 0;
    while (i < d->nregs && strcmp(d->regs[i].name, u->masks[k].name)) i++;
    if (i == d->nregs) {
      fprintf(stderr, "%s: uc_reg_mask names %s, not a register of the descriptor\n", u->name, u->masks[k].name);
      masks_ok = false;
    } else
      c.reach[i] &= u->masks[k].mask;
  }
  c.nspec = count_known(u->spec_bugs);
  c.nuc = count_known(u->unicorn_bugs);
  c.spec_hits = xcalloc(c.nspec, sizeof *c.spec_hits);
  c.uc_hits = xcalloc(c.nuc, sizeof *c.uc_hits);
  c.bad_by_insn = xcalloc(d->ninsns, sizeof *c.bad_by_insn);
  c.hook_by_insn = xcalloc(d->ninsns, sizeof *c.hook_by_insn);
  c.undef_by_insn = xcalloc(d->ninsns, sizeof *c.undef_by_insn);
  c.m = xcalloc(1, sizeof *c.m);
  um_init(c.m, d->addr_bits, u->page, d->big_endian);
  int rc = ue_bind(&c.map, d, u) && masks_ok ? UO_PASS : UO_USAGE;
  if (rc == UO_PASS) rc = ue_open(&c.sem, u, c.m, false);
  if (rc == UO_PASS) rc = ue_open(&c.wr, u, c.m, true);
  if (rc == UO_PASS) {
    double t0 = now();
    if (o->only_form < 0) {
      run_examples(&c, "KNOWN_SPEC_BUGS", 1, u->spec_bugs, c.nspec);
      run_examples(&c, "UNICORN_BUGS", 2, u->unicorn_bugs, c.nuc);
    }
    run_forms(&c);
    st->seconds = now() - t0;
    for (unsigned i = 0; i < d->ninsns; i++)
      if (c.hook_by_insn[i])
        fprintf(o->out, "note: a write hook changed unicorn's result for %s in %lu cases\n", d->insns[i].name,
                c.hook_by_insn[i]);
    for (unsigned i = 0; i < d->ninsns; i++)
      if (c.undef_by_insn[i])
        fprintf(o->out, "note: flags the manual leaves undefined differ (not compared) for %s in %lu cases\n",
                d->insns[i].name, c.undef_by_insn[i]);
    for (unsigned i = 0; i < d->ninsns; i++)
      if (c.bad_by_insn[i]) fprintf(o->out, "mismatches in %s: %lu\n", d->insns[i].name, c.bad_by_insn[i]);
    summary(&c, "KNOWN_SPEC_BUGS", u->spec_bugs, c.nspec, c.spec_hits);
    summary(&c, "UNICORN_BUGS", u->unicorn_bugs, c.nuc, c.uc_hits);
    if (st->mismatches || st->harness || st->stale || st->forms_covered < st->forms_run) rc = UO_FAIL;
  }
  ue_close(&c.sem);
  ue_close(&c.wr);
  ue_unbind(&c.map);
  um_fini(c.m);
  free(c.m);
  free(c.pre);
  free(c.ours);
  free(c.theirs);
  free(c.theirs_wr);
  free(c.reach);
  free(c.spec_hits);
  free(c.uc_hits);
  free(c.bad_by_insn);
  free(c.hook_by_insn);
  free(c.undef_by_insn);
  return rc;
}
