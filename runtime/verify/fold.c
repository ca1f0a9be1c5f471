/* fold.c — letters and the trace-folding operation π/[PC] (Fig. 5). */
#include "fold.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* ---- letters ---------------------------------------------------------- */

struct fold_letters {
  fold_letter *v; /* v[0] unused: letter 0 is the wildcard */
  size_t n, cap;
  uint32_t *hash; /* open addressing: letter numbers, 0 = empty */
  size_t hcap;
};

static uint64_t lhash(uint64_t pc, const uint8_t *b, unsigned len, unsigned dir) {
  uint64_t h = 1469598103934665603ull ^ pc ^ ((uint64_t)dir << 61) ^ ((uint64_t)len << 53);
  for (unsigned i = 0; i < len; i++) h = (h ^ b[i]) * 1099511628211ull;
  return h ^ (h >> 29);
}

fold_letters *fold_letters_new(void) {
  fold_letters *L = calloc(1, sizeof *L);
  if (!L) xa_nomem();
  L->n = 1;
  L->cap = 64;
  L->v = xa_realloc(NULL, sizeof *L->v * L->cap);
  memset(&L->v[0], 0, sizeof L->v[0]);
  L->hcap = 128;
  L->hash = calloc(L->hcap, sizeof *L->hash);
  if (!L->hash) xa_nomem();
  return L;
}

void fold_letters_free(fold_letters *L) {
  if (!L) return;
  free(L->v);
  free(L->hash);
  free(L);
}

static void lput(fold_letters *L, uint32_t id) {
  const fold_letter *e = &L->v[id];
  size_t i = lhash(e->pc, e->bytes, e->len, e->dir) & (L->hcap - 1);
  while (L->hash[i]) i = (i + 1) & (L->hcap - 1);
  L->hash[i] = id;
}

nwa_letter fold_intern(fold_letters *L, uint64_t pc, const uint8_t *bytes, unsigned len, unsigned dir, uint32_t insn) {
  size_t i = lhash(pc, bytes, len, dir) & (L->hcap - 1);
  for (; L->hash[i]; i = (i + 1) & (L->hcap - 1)) {
    const fold_letter *e = &L->v[L->hash[i]];
    if (e->pc == pc && e->len == len && e->dir == dir && !memcmp(e->bytes, bytes, len)) return L->hash[i];
  }
  /* bytes may point into the table (a letter's own bytes): copy them before
   * the table moves */
  uint8_t b[ISA_MAX_LEN];
  memcpy(b, bytes, len);
  L->v = xa_grow(L->v, &L->cap, L->n + 1, sizeof *L->v);
  fold_letter *e = &L->v[L->n];
  memset(e, 0, sizeof *e);
  e->pc = pc;
  e->insn = insn;
  e->len = (uint8_t)len;
  e->dir = (uint8_t)dir;
  memcpy(e->bytes, b, len);
  uint32_t id = (uint32_t)L->n++;
  if (L->n * 2 > L->hcap) {
    L->hcap *= 2;
    free(L->hash);
    L->hash = calloc(L->hcap, sizeof *L->hash);
    if (!L->hash) xa_nomem();
    for (uint32_t k = 1; k < L->n; k++) lput(L, k);
  } else
    lput(L, id);
  return id;
}

const fold_letter *fold_letter_get(const fold_letters *L, nwa_letter l) { return l && l < L->n ? &L->v[l] : NULL; }
size_t fold_letter_count(const fold_letters *L) { return L->n - 1; }

bool fold_has_directions(const isa_desc *d, uint32_t insn) {
  const isa_insn_info *ii = &d->insns[insn];
  switch (ii->flow) {
  case ISA_FLOW_CJUMP:
  case ISA_FLOW_SYSCALL: return true;
  case ISA_FLOW_CALL:
  case ISA_FLOW_ICALL:
  case ISA_FLOW_RETURN: return ii->may_fall_through;
  default: return false;
  }
}

bool fold_kind_possible(const isa_desc *d, uint32_t insn, nwa_kind k) {
  const isa_insn_info *ii = &d->insns[insn];
  bool call = ii->flow == ISA_FLOW_CALL || ii->flow == ISA_FLOW_ICALL, ret = ii->flow == ISA_FLOW_RETURN;
  switch (k) {
  case NWA_CALL: return call;
  case NWA_RETURN: return ret;
  default: return (!call && !ret) || ii->may_fall_through;
  }
}

bool fold_letter_halts(const isa_desc *d, const fold_letter *e) {
  isa_flow flow = d->insns[e->insn].flow;
  return flow == ISA_FLOW_HALT || (flow == ISA_FLOW_SYSCALL && e->dir == 1);
}

static bool is_exit_call(const isa_desc *d, uint64_t nr) {
  const int64_t *n = d->syscall.numbers;
  return (n[ISA_SYS_EXIT] >= 0 && (uint64_t)n[ISA_SYS_EXIT] == nr) ||
         (n[ISA_SYS_EXIT_GROUP] >= 0 && (uint64_t)n[ISA_SYS_EXIT_GROUP] == nr);
}

unsigned fold_direction(const isa_desc *d, uint32_t insn, uint64_t pc, unsigned len, uint64_t next_pc, uint64_t sysnr) {
  uint64_t mask = d->addr_bits >= 64 ? ~0ull : (1ull << d->addr_bits) - 1;
  uint64_t ft = (pc + len) & mask;
  switch (d->insns[insn].flow) {
  case ISA_FLOW_CJUMP: return next_pc != ft;
  case ISA_FLOW_SYSCALL: return is_exit_call(d, sysnr);
  case ISA_FLOW_CALL:
  case ISA_FLOW_ICALL:
  case ISA_FLOW_RETURN: return d->insns[insn].may_fall_through && next_pc == ft;
  default: return 0;
  }
}

/* ---- vocabulary and G0 ------------------------------------------------ */

void fold_vocab_init(fold_vocab *v, const isa_desc *d, tm_ctx *tc) {
  v->d = d;
  v->tc = tc;
  v->pc = tm_var(tc, d->regs[d->pc].name, d->regs[d->pc].width);
  v->mem = tm_var(tc, "mem", TM_ARRAY);
  v->V = tm_var(tc, "$V", TM_BOOL);
  v->D = tm_var(tc, "$D", d->addr_bits);
  v->A = tm_var(tc, "$A", TM_ARRAY);
  v->in = tm_var(tc, "$in", TM_ARRAY);
  v->inlen = tm_var(tc, "$inlen", d->addr_bits);
  v->ip = tm_var(tc, "$ip", d->addr_bits);
  v->rd = NULL;
  v->nrd = 0;
}

static isa_term pc_is(const fold_vocab *v, uint64_t a) {
  return tm_app2(v->tc, ISA_OP_EQ, v->pc, tm_const(v->tc, a, v->d->regs[v->d->pc].width));
}

nwa *fold_initial(const fold_vocab *v, uint64_t target) {
  tm_ctx *tc = v->tc;
  nwa *g = nwa_new(tc);
  isa_term at = pc_is(v, target);
  nwa_state q[2];
  q[0] = nwa_add_state(g, tm_app2(tc, ISA_OP_LAND, tm_app1(tc, ISA_OP_LNOT, at), tm_app1(tc, ISA_OP_LNOT, v->V)), false);
  q[1] = nwa_add_state(g, tm_app2(tc, ISA_OP_LOR, at, v->V), true);
  nwa_set_start(g, q[0]);
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++) {
      nwa_add_internal(g, q[a], NWA_ANY, q[b]);
      nwa_add_call(g, q[a], NWA_ANY, q[b]);
      for (int c = 0; c < 2; c++) nwa_add_return(g, q[a], q[c], NWA_ANY, q[b]);
    }
  return g;
}

/* ---- folding ---------------------------------------------------------- */

typedef struct fstate {
  uint64_t key;
  nwa_state s;
} fstate;

typedef struct folder {
  const fold_vocab *v;
  fold_letters *L;
  nwa *g;
  const fold_smc *smc; /* NULL: per address */
  fstate *map; /* open addressing on key + 1 (0 = empty) */
  size_t mcap, mn;
  nwa_letter *site;
  size_t nsite, capsite;
  nwa_state ts, exit;
} folder;

static void set_site(folder *f, nwa_state s, nwa_letter l) {
  f->site = xa_grow(f->site, &f->capsite, (size_t)s + 1, sizeof *f->site);
  while (f->nsite <= s) f->site[f->nsite++] = 0;
  f->site[s] = l;
}

static nwa_state new_state(folder *f, isa_term pred, bool acc, nwa_letter site) {
  nwa_state s = nwa_add_state(f->g, pred, acc);
  set_site(f, s, site);
  return s;
}

static bool may_change(const fold_smc *smc, uint64_t a) { return smc && !(smc->fixed && smc->fixed(smc->ctx, a)); }

/* Is the byte at a one the SMC variant must pin in predicates? */
static bool byte_may_change(const folder *f, uint64_t a) { return may_change(f->smc, a); }

isa_term fold_at_insn(const fold_vocab *v, const fold_smc *smc, uint64_t pc, const uint8_t *bytes, unsigned len) {
  tm_ctx *tc = v->tc;
  isa_term pred = pc_is(v, pc);
  for (unsigned k = 0; k < len; k++)
    if (may_change(smc, pc + k)) {
      isa_term sel[2] = {v->mem, tm_const(tc, pc + k, v->d->addr_bits)};
      isa_term b = tm_app(tc, ISA_OP_SELECT, sel, 2, 0, 0);
      pred = tm_app2(tc, ISA_OP_LAND, pred, tm_app2(tc, ISA_OP_EQ, b, tm_const(tc, bytes[k], 8)));
    }
  return pred;
}

/* Does the state of letter l (any direction) pin bytes, i.e. may the
 * instruction at its address differ between runs? */
static bool letter_pins(const folder *f, nwa_letter l) {
  const fold_letter *e = fold_letter_get(f->L, l);
  for (unsigned k = 0; k < e->len; k++)
    if (byte_may_change(f, e->pc + k)) return true;
  return false;
}

/* q_a (or q_{a,I}) for the position with that letter. */
static nwa_state q_of(folder *f, nwa_letter l) {
  const fold_letter *e = fold_letter_get(f->L, l);
  nwa_letter l0 = fold_intern(f->L, e->pc, e->bytes, e->len, 0, e->insn);
  e = fold_letter_get(f->L, l0); /* interning may have moved the table */
  uint64_t key = f->smc ? l0 : e->pc;
  size_t i = (key * 0x9E3779B97F4A7C15ull >> 20) & (f->mcap - 1);
  for (; f->map[i].key; i = (i + 1) & (f->mcap - 1))
    if (f->map[i].key == key + 1) return f->map[i].s;
  nwa_state s = new_state(f, fold_at_insn(f->v, f->smc, e->pc, e->bytes, e->len), false, l0);
  f->map[i].key = key + 1;
  f->map[i].s = s;
  if (++f->mn * 2 > f->mcap) { /* grow */
    fstate *old = f->map;
    size_t oc = f->mcap;
    f->mcap *= 2;
    f->map = calloc(f->mcap, sizeof *f->map);
    if (!f->map) xa_nomem();
    for (size_t j = 0; j < oc; j++)
      if (old[j].key) {
        size_t k = ((old[j].key - 1) * 0x9E3779B97F4A7C15ull >> 20) & (f->mcap - 1);
        while (f->map[k].key) k = (k + 1) & (f->mcap - 1);
        f->map[k] = old[j];
      }
    free(old);
  }
  return s;
}

static bool has_edge(const nwa *g, nwa_state from, nwa_letter l, uint8_t kind) {
  size_t n;
  const uint32_t *out = nwa_out(g, from, &n);
  for (size_t i = 0; i < n; i++) {
    const nwa_edge *e = nwa_edge_at(g, out[i]);
    if (e->from == from && e->letter == l && e->kind == kind) return true;
  }
  return false;
}

/* Surrogate s of TS (a state π has no instruction for) continues anywhere,
 * as TS does: wildcard internal, call and return transitions to TS, the
 * returns with TS and with every call-site state of π as predecessor; and a
 * call made from s returns through TS (rule 7 for s as a call site: the run
 * is in TS by the time it returns). */
static void leaves_like_ts(folder *f, nwa_state s, const fold_step *st, const nwa_state *q, size_t n) {
  nwa_add_internal(f->g, s, NWA_ANY, f->ts);
  nwa_add_call(f->g, s, NWA_ANY, f->ts);
  nwa_add_return(f->g, s, f->ts, NWA_ANY, f->ts);
  for (size_t j = 0; j < n; j++)
    if (st[j].kind == 1) nwa_add_return(f->g, s, q[j], NWA_ANY, f->ts);
  nwa_add_return(f->g, f->ts, s, NWA_ANY, f->ts);
}

/* Where a matched return to call-site state c lands: the call's return
 * address ra (its address plus its length: what it pushes, and what a return
 * transition requires).  That is π's state at ra when π has one and, under
 * SMC, no run can change the instruction there; otherwise a surrogate TS_ra, TS with the predicate PC = ra, so that
 * a return in another calling context can be refuted on the return itself
 * (TS, whose predicate is true, would make every such path accepting). */
static nwa_state landing_state(folder *f, nwa_state c, const fold_step *st, const nwa_state *q, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (q[i] != c || st[i].kind != 1) continue;
    const fold_letter *e = fold_letter_get(f->L, st[i].letter);
    uint64_t mask = f->v->d->addr_bits >= 64 ? ~0ull : (1ull << f->v->d->addr_bits) - 1;
    uint64_t ra = (e->pc + e->len) & mask;
    for (size_t j = 0; j < n; j++) /* under SMC only if no run can change what is at ra */
      if (st[j].pc == ra && (!f->smc || !letter_pins(f, st[j].letter))) return q[j];
    nwa_state s = new_state(f, pc_is(f->v, ra), true, 0);
    leaves_like_ts(f, s, st, q, n);
    return s;
  }
  return f->ts;
}

/* Rule 10 for a run cut after a completed step: the state of the PC after
 * it, when the step's letter fixes that PC for every run (a fall-through,
 * a direct jump or call in its direction, a system call that returns) and
 * π executed the instruction found there in a state no run's code can
 * differ from (q_a, or a q_{a,I} whose bytes are fixed).  NWA_NONE when
 * unknown: the step then leads to TS as in Fig. 5. */
static nwa_state known_successor(folder *f, const fold_step *st, const nwa_state *q, size_t n, uint64_t next) {
  if (next == UINT64_MAX || !n) return NWA_NONE;
  const fold_letter *e = fold_letter_get(f->L, st[n - 1].letter);
  isa_flow flow = f->v->d->insns[e->insn].flow;
  if (flow == ISA_FLOW_IJUMP || flow == ISA_FLOW_ICALL || flow == ISA_FLOW_RETURN || st[n - 1].kind == 2) return NWA_NONE;
  if (fold_letter_halts(f->v->d, e)) return NWA_NONE;
  for (size_t i = 0; i < n; i++)
    if (st[i].pc == next) return f->smc && letter_pins(f, st[i].letter) ? NWA_NONE : q[i];
  return NWA_NONE;
}

/* Has exit state x a return transition with call predecessor c and letter l? */
static bool has_return(const nwa *g, nwa_state x, nwa_state c, nwa_letter l) {
  size_t n;
  const uint32_t *out = nwa_out(g, x, &n);
  for (size_t i = 0; i < n; i++) {
    const nwa_edge *e = nwa_edge_at(g, out[i]);
    if (e->from == x && e->kind == NWA_RETURN && e->pred == c && e->letter == l) return true;
  }
  return false;
}

/* The outcomes of l's instruction other than l's own that rules 8 and 10
 * add: the other direction; for a system call, of "returns" (0) and "ends
 * the program" (1), those that are not l's.  (Direction 2, a read that
 * failed with EFAULT, is not added where π did not see it: Pre cannot
 * refute it, having no term for permissions; see docs/verifier.md.)
 * Returns how many. */
static unsigned other_dirs(folder *f, nwa_letter l, nwa_letter out[2]) {
  fold_letter c = *fold_letter_get(f->L, l);
  if (f->v->d->insns[c.insn].flow != ISA_FLOW_SYSCALL) {
    out[0] = fold_intern(f->L, c.pc, c.bytes, c.len, !c.dir, c.insn);
    return 1;
  }
  unsigned n = 0;
  for (unsigned dir = 0; dir < 2; dir++)
    if (dir != c.dir) out[n++] = fold_intern(f->L, c.pc, c.bytes, c.len, dir, c.insn);
  return n;
}

/* Return transitions to TS from exit state x for a return letter whose
 * call predecessor is unknown: one per call-site state, and TS. */
static void returns_to_ts(folder *f, nwa_state x, nwa_letter l, const nwa_state *callers, size_t ncallers) {
  nwa_add_return(f->g, x, f->ts, l, f->ts);
  for (size_t k = 0; k < ncallers; k++) nwa_add_return(f->g, x, callers[k], l, f->ts);
}

nwa *fold_fold(const fold_vocab *v, fold_letters *L, const fold_step *st, size_t n, fold_end end, uint64_t next,
             const fold_smc *smc, nwa_letter **site) {
  const isa_desc *d = v->d;
  tm_ctx *tc = v->tc;
  folder f = {.v = v, .L = L, .g = nwa_new(tc), .smc = smc};
  f.mcap = 64;
  f.map = calloc(f.mcap, sizeof *f.map);
  nwa_state *q = malloc(sizeof *q * (n ? n : 1));
  size_t *stack = malloc(sizeof *stack * (n ? n : 1)); /* positions of pending calls */
  uint8_t *matched = calloc(n ? n : 1, 1);
  if (!f.map || !q || !stack || !matched) xa_nomem();
  size_t top = 0;

  /* Rule 1: the states; the first position's is the start. */
  for (size_t i = 0; i < n; i++) q[i] = q_of(&f, st[i].letter);
  /* Rules 5, 6: TS and its self-loops; Exit (rule 11). */
  f.ts = new_state(&f, tm_true(tc), true, 0);
  f.exit = new_state(&f, tm_true(tc), false, 0);
  nwa_set_start(f.g, q[0]);
  nwa_add_internal(f.g, f.ts, NWA_ANY, f.ts);
  nwa_add_call(f.g, f.ts, NWA_ANY, f.ts);
  nwa_add_return(f.g, f.ts, f.ts, NWA_ANY, f.ts);

  /* Call-site states (for returns whose caller is unknown). */
  nwa_state *callers = malloc(sizeof *callers * (n ? n : 1));
  size_t ncallers = 0;
  if (!callers) xa_nomem();
  for (size_t i = 0; i < n; i++)
    if (st[i].kind == 1) {
      size_t k = 0;
      while (k < ncallers && callers[k] != q[i]) k++;
      if (k == ncallers) callers[ncallers++] = q[i];
    }

  /* Rules 2–4 and 12 for every completed step but the last. */
  size_t last = n - 1;
  for (size_t i = 0; i < n; i++) {
    nwa_state to = i < last ? q[i + 1] : NWA_NONE;
    switch (st[i].kind) {
    case 1:
      if (to != NWA_NONE) nwa_add_call(f.g, q[i], st[i].letter, to);
      stack[top++] = i;
      break;
    case 2:
      nwa_add_internal(f.g, q[i], st[i].letter, f.ts); /* rule 12 */
      if (top) {
        size_t j = stack[--top];
        matched[j] = 1;
        if (to != NWA_NONE) nwa_add_return(f.g, q[i], q[j], st[i].letter, to);
      }
      break;
    default:
      if (to != NWA_NONE) nwa_add_internal(f.g, q[i], st[i].letter, to);
      break;
    }
  }
  /* Rule 7, for every call: a run may leave π inside the callee (into TS)
   * and return from there, whether or not π saw this call return.  Fig. 5
   * adds these only for calls π left pending; then G ∩ G_π loses the real
   * runs that go TS-wards inside a callee π returned from. */
  for (size_t i = 0; i < n; i++)
    if (st[i].kind == 1) nwa_add_return(f.g, f.ts, q[i], NWA_ANY, f.ts);

  /* A return π completed may also return to a caller π never saw it return
   * to: a recursive function's base case returning to its first caller, or a
   * function's exit reached, on another input, in an activation entered from
   * another call site.  Fig. 5 has no transition for that, so G ∩ G_π would
   * lose such runs.  For each call site c, the exits an activation entered
   * from c can reach in G_π — along internal transitions, stepping over
   * calls to their landing and to where π's returns to them landed, never
   * through TS — get a return with
   * caller c to the state of c's return address (TS when π has none).  Pairs
   * π saw keep only their observed target: a matched return lands at its
   * call's return address, and any other return is rule 12's. */
  {
    size_t ns = nwa_nstates(f.g);
    nwa_state *landing = malloc(sizeof *landing * (ncallers ? ncallers : 1));
    nwa_state *work = malloc(sizeof *work * (ns ? ns : 1));
    unsigned char *seen = malloc(ns ? ns : 1);
    if (!landing || !work || !seen) xa_nomem();
    for (size_t k = 0; k < ncallers; k++) landing[k] = landing_state(&f, callers[k], st, q, n);
    for (size_t k = 0; k < ncallers; k++) {
      memset(seen, 0, ns);
      size_t nw = 0;
      for (size_t j = 0; j + 1 < n; j++) /* the entries of the activations c started */
        if (st[j].kind == 1 && q[j] == callers[k] && !seen[q[j + 1]]) {
          seen[q[j + 1]] = 1;
          work[nw++] = q[j + 1];
        }
      while (nw) {
        nwa_state x = work[--nw];
        size_t ne;
        const uint32_t *out = nwa_out(f.g, x, &ne);
        for (size_t m = 0; m < ne; m++) {
          const nwa_edge *e = nwa_edge_at(f.g, out[m]);
          nwa_state y = NWA_NONE;
          if (e->from != x) continue;
          if (e->kind == NWA_INTERNAL) y = e->to;
          else if (e->kind == NWA_CALL) {
            for (size_t kk = 0; kk < ncallers; kk++)
              if (callers[kk] == x) y = landing[kk];
            /* and where π's returns to x landed: under SMC the landing is
             * a surrogate when the code at the return address may change,
             * but a run that finds the same code there lands in π's state
             * (rule 4), and goes on through π's states */
            size_t nr;
            const uint32_t *rs = nwa_ret_by_pred(f.g, x, &nr);
            for (size_t r = 0; r < nr; r++) {
              nwa_state z = nwa_edge_at(f.g, rs[r])->to;
              if (z == f.ts || z == f.exit || z >= ns || seen[z]) continue;
              seen[z] = 1;
              work[nw++] = z;
            }
          }
          if (y == NWA_NONE || y == f.ts || y == f.exit || y >= ns || seen[y]) continue;
          seen[y] = 1;
          work[nw++] = y;
        }
      }
      for (size_t i = 0; i < last; i++)
        if (st[i].kind == 2 && seen[q[i]] && !has_return(f.g, q[i], callers[k], st[i].letter))
          nwa_add_return(f.g, q[i], callers[k], st[i].letter, landing[k]);
    }
    free(landing);
    free(work);
    free(seen);
  }

  /* Rules 10 and 11: the last step. */
  {
    nwa_letter l = st[last].letter;
    const fold_letter *e = fold_letter_get(L, l);
    isa_flow flow = d->insns[e->insn].flow;
    nwa_state succ = end == FOLD_END_OPEN ? known_successor(&f, st, q, n, next) : NWA_NONE;
    if (end == FOLD_END_HALT)
      nwa_add_internal(f.g, q[last], l, f.exit);
    else if (succ != NWA_NONE) {
      if (st[last].kind == 1) nwa_add_call(f.g, q[last], l, succ);
      else nwa_add_internal(f.g, q[last], l, succ);
    } else {
      nwa_letter ls[3] = {l, 0, 0};
      if (end == FOLD_END_FAULT && fold_has_directions(d, e->insn)) other_dirs(&f, l, ls + 1);
      for (int k = 0; k < 3 && ls[k]; k++) {
        const fold_letter *ek = fold_letter_get(L, ls[k]);
        bool fell = ek->dir && flow != ISA_FLOW_CJUMP && flow != ISA_FLOW_SYSCALL;
        if (fell || (flow != ISA_FLOW_CALL && flow != ISA_FLOW_ICALL && flow != ISA_FLOW_RETURN))
          nwa_add_internal(f.g, q[last], ls[k], fold_letter_halts(d, ek) ? f.exit : f.ts);
        else if (flow == ISA_FLOW_RETURN) {
          nwa_add_internal(f.g, q[last], ls[k], f.ts);
          returns_to_ts(&f, q[last], ls[k], callers, ncallers);
        } else
          nwa_add_call(f.g, q[last], ls[k], f.ts);
      }
    }
  }

  /* Rules 8 and 9: the outcomes the run did not show, and indirect sites.
   * Indirect jumps and calls get a per-site surrogate TS_q whose predicate
   * excludes the targets observed (architecture §9). */
  nwa_state *sur = NULL;
  size_t nstates0 = nwa_nstates(f.g);
  sur = malloc(sizeof *sur * nstates0);
  if (!sur) xa_nomem();
  for (size_t s = 0; s < nstates0; s++) sur[s] = NWA_NONE;
  isa_term *exclude = calloc(nstates0, sizeof *exclude);
  if (!exclude) xa_nomem();
  for (size_t i = 0; i < n; i++) {
    const fold_letter *e = fold_letter_get(L, st[i].letter);
    isa_flow flow = d->insns[e->insn].flow;
    if ((flow == ISA_FLOW_IJUMP || flow == ISA_FLOW_ICALL) && i < last) {
      isa_term ne = tm_app1(tc, ISA_OP_LNOT, pc_is(v, st[i + 1].pc));
      exclude[q[i]] = exclude[q[i]] ? tm_app2(tc, ISA_OP_LAND, exclude[q[i]], ne) : ne;
    }
  }
  for (size_t i = 0; i < n; i++) {
    nwa_letter l = st[i].letter;
    const fold_letter *e = fold_letter_get(L, l);
    uint32_t insn = e->insn;
    isa_flow flow = d->insns[insn].flow;
    if (flow == ISA_FLOW_IJUMP || flow == ISA_FLOW_ICALL) {
      nwa_state s = q[i];
      if (sur[s] == NWA_NONE) {
        sur[s] = new_state(&f, exclude[s] ? exclude[s] : tm_true(tc), true, 0);
        leaves_like_ts(&f, sur[s], st, q, n);
      }
      if (flow == ISA_FLOW_IJUMP)
        nwa_add_internal(f.g, s, l, sur[s]);
      else
        nwa_add_call(f.g, s, l, sur[s]);
    }
    if (!fold_has_directions(d, insn) || (i == last && end == FOLD_END_FAULT)) continue;
    nwa_letter others[2];
    unsigned nothers = other_dirs(&f, l, others);
    for (unsigned k = 0; k < nothers; k++) {
      nwa_letter o = others[k];
      const fold_letter *eo = fold_letter_get(L, o);
      /* is the other outcome observed from this state? */
      bool seen = has_edge(f.g, q[i], o, NWA_INTERNAL) || has_edge(f.g, q[i], o, NWA_CALL) ||
                  has_edge(f.g, q[i], o, NWA_RETURN);
      if (seen) continue;
      if (flow == ISA_FLOW_CJUMP)
        nwa_add_internal(f.g, q[i], o, f.ts);
      else if (flow == ISA_FLOW_SYSCALL)
        nwa_add_internal(f.g, q[i], o, fold_letter_halts(d, eo) ? f.exit : f.ts);
      else if (eo->dir) /* a call or return that would fall through */
        nwa_add_internal(f.g, q[i], o, f.ts);
      else if (flow == ISA_FLOW_RETURN) {
        nwa_add_internal(f.g, q[i], o, f.ts);
        returns_to_ts(&f, q[i], o, callers, ncallers);
      } else
        nwa_add_call(f.g, q[i], o, f.ts);
    }
  }
  /* SMC variant (§3.1): a position may continue anywhere unexplored.  Only
   * where the observed successor pins bytes: a run from q[i] whose next
   * instruction is fixed lands in that instruction's only state, or (an
   * outcome or target π did not see) where rules 7–10 and 12 send it.
   * The report labels these transitions with the wildcard and sends them to
   * TS.  Here they carry the position's own letter, since q[i]'s predicate
   * pins the instruction at its PC (or no run can change it), so every run
   * there executes it; and they go to a surrogate of TS for the successor
   * q[i+1] whose predicate is ¬pred(q[i+1]): a run taking the letter lands
   * in q[i+1] (π's transition) or in a state the surrogate holds, and from
   * there continues anywhere.  The facts (inv.h) and Pre then see the
   * step, and a run that cannot leave π's states through it (its next
   * bytes are known to be the pinned ones) is told apart from one that can. */
  if (smc) {
    nwa_state *away = malloc(sizeof *away * (nwa_nstates(f.g) ? nwa_nstates(f.g) : 1));
    if (!away) xa_nomem();
    for (size_t s = 0, ns = nwa_nstates(f.g); s < ns; s++) away[s] = NWA_NONE;
    top = 0;
    for (size_t i = 0; i < n; i++) {
      if (i < last && letter_pins(&f, st[i + 1].letter)) {
        nwa_state nx = q[i + 1];
        if (away[nx] == NWA_NONE) {
          nwa_state s = new_state(&f, tm_app1(tc, ISA_OP_LNOT, nwa_pred(f.g, nx)), true, 0);
          leaves_like_ts(&f, s, st, q, n);
          away[nx] = s;
        }
        nwa_letter l = st[i].letter;
        if (st[i].kind == 1) nwa_add_call(f.g, q[i], l, away[nx]);
        else if (st[i].kind == 2) nwa_add_return(f.g, q[i], top ? q[stack[top - 1]] : f.ts, l, away[nx]);
        else nwa_add_internal(f.g, q[i], l, away[nx]);
      }
      if (st[i].kind == 1) stack[top++] = i;
      else if (st[i].kind == 2 && top) top--;
    }
    free(away);
  }
  free(sur);
  free(exclude);
  free(callers);
  free(q);
  free(stack);
  free(matched);
  free(f.map);
  *site = f.site; /* every state got its entry in new_state */
  return f.g;
}
