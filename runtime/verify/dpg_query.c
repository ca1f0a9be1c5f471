/* dpg_query.c — the symbolic side of a DPG step: terms grounded in the
 * initial memory, the path query sliced and asked, a model turned into an
 * input, frontiers that cannot be extended or refined, and the boot step
 * (is there an initial state in m?). */
#include "dpg_impl.h"

#include <stdlib.h>

#include "symex.h"
#include "xalloc.h"

/* ---- the symbolic step ---------------------------------------------------- */

#define TABLE_WINDOW 1024 /* bytes of the image made known after a table's base */

static isa_term bottom_array(tm_ctx *tc, isa_term m) {
  while (tm_kind(tc, m) == ISA_OP_STORE) m = tm_arg(tc, m, 0);
  return m;
}

/* The atom "the initial memory at a holds b". */
static isa_term byte_fact(dpg *g, uint64_t a, uint8_t b) {
  tm_ctx *tc = g->tc;
  isa_term sel[2] = {g->gr.v.mem, tm_const(tc, a, g->prog.d->addr_bits)};
  return tm_app2(tc, ISA_OP_EQ, tm_app(tc, ISA_OP_SELECT, sel, 2, 0, 0), tm_const(tc, b, 8));
}

/* The fact "the initial memory at a holds the image's byte" (an undefined
 * byte is 0 under the Linux input model; unmapped, 0 as in ground_step),
 * or true when the image says nothing there. */
static isa_term image_fact(dpg *g, uint64_t a) {
  tm_ctx *tc = g->tc;
  uint8_t b;
  bool def;
  int pk = mem_peek(g->prog.init, a, 1, &b, &def, NULL);
  if (pk == MEM_OK && !def && g->o.inputs != DPG_INPUTS_LINUX) return tm_true(tc);
  if (pk != MEM_OK) {
    if (g->o.inputs != DPG_INPUTS_LINUX) return tm_true(tc);
    b = 0;
  }
  return byte_fact(g, a, b);
}

/* A read of the initial memory at base + k with base unknown (a jump table,
 * a table of function pointers): the solver must not pick the table's
 * contents.  The constant part k is usually the table's address, so the
 * image's bytes from k on (TABLE_WINDOW of them, within k's segment) are
 * facts: true of every initial state.  A k within half a window of one
 * seen before gets that window's facts (g->q.win: the same conjunction, which
 * the ∧ of a query keeps once). */
static isa_term table_facts(dpg *g, isa_term addr) {
  tm_ctx *tc = g->tc;
  uint64_t k;
  if (tm_kind(tc, addr) != ISA_OP_ADD || !tm_is_const(tc, tm_arg(tc, addr, 1), &k)) return tm_true(tc);
  for (size_t i = 0; i < g->q.nwin; i++)
    if (k >= g->q.win[i] && k - g->q.win[i] < TABLE_WINDOW / 2) return g->q.win_facts[i];
  if (g->q.nwin == sizeof g->q.win / sizeof g->q.win[0]) return tm_true(tc);
  const mem_region *rg = mem_region_of(g->prog.init, k);
  if (!rg) return tm_true(tc);
  isa_term f = tm_true(tc);
  for (uint64_t a = k; a <= rg->last && a - k < TABLE_WINDOW; a++) {
    uint8_t b;
    bool def;
    if (mem_peek(g->prog.init, a, 1, &b, &def, NULL) != MEM_OK) break;
    if (!def && g->o.inputs != DPG_INPUTS_LINUX) continue;
    f = tm_app2(tc, ISA_OP_LAND, f, byte_fact(g, a, b));
  }
  g->q.win[g->q.nwin] = k;
  g->q.win_facts[g->q.nwin++] = f;
  return f;
}

/* Grounding is a function of the term alone (the image and the input model
 * do not change), so its results are kept for the whole search
 * (g->q.grounded): the path of one witness is grounded again inside every
 * query of every refinement.  A result is the pair (term << 32 | facts):
 * t with the reads of the initial memory at known addresses replaced by
 * the bytes a run starts with (undefined bytes too, under the Linux input
 * model), and the conjunction of the image's facts about the reads that
 * stay (through stores, or at an unknown base). */
static uint64_t ground_step(tm_walk *tw, isa_term t, void *ctx) {
  dpg *g = ctx;
  tm_ctx *tc = g->tc;
  uint64_t m;
  if (ht_get(&g->q.grounded, (uint64_t)t + 1, &m)) return m;
  int kind = tm_kind(tc, t);
  isa_term r = t, f = tm_true(tc);
  if (kind != TM_VAR && kind != TM_CONST) {
    unsigned n = tm_nargs(tc, t);
    uint64_t v[3] = {0, 0, 0};
    bool all = true;
    for (unsigned i = 0; i < n; i++)
      if (!tm_walk_get(tw, tm_arg(tc, t, i), &v[i])) all = false;
    if (!all) return 0;
    isa_term a[3] = {0, 0, 0};
    bool same = true;
    for (unsigned i = 0; i < n; i++) {
      a[i] = (isa_term)v[i];
      same = same && a[i] == tm_arg(tc, t, i);
      isa_term fi = (isa_term)(v[i] >> 32);
      if (fi != f) f = tm_app2(tc, ISA_OP_LAND, f, fi);
    }
    uint64_t addr;
    if (kind == ISA_OP_SELECT && a[0] == g->gr.v.mem && tm_is_const(tc, a[1], &addr)) {
      uint8_t b;
      bool def;
      int pk = mem_peek(g->prog.init, addr, 1, &b, &def, NULL);
      if (pk == MEM_OK && (def || g->o.inputs == DPG_INPUTS_LINUX))
        r = tm_const(tc, b, 8);
      else if (pk != MEM_OK && g->o.inputs == DPG_INPUTS_LINUX)
        /* unmapped: a predicate reads 0 there (cenv_mem), and so must the
         * solver, or its models "cross" where no run can */
        r = tm_const(tc, 0, 8);
      else if (!same)
        r = tm_app(tc, ISA_OP_SELECT, a, 2, 0, 0);
    } else if (kind == ISA_OP_SELECT && bottom_array(tc, a[0]) == g->gr.v.mem) { /* maybe through stores */
      /* The stores may overwrite the byte, so the read stays; but the
       * initial memory under them is the image's, and the solver must not
       * pick it (a constant string a loop walks, say). */
      f = tm_app2(tc, ISA_OP_LAND, f, tm_is_const(tc, a[1], &addr) ? image_fact(g, addr) : table_facts(g, a[1]));
      if (!same) r = tm_app(tc, ISA_OP_SELECT, a, 2, 0, 0);
    } else if (!same) r = tm_app(tc, (isa_op)kind, a, n, tm_param(tc, t, 0), tm_param(tc, t, 1));
  }
  m = (uint64_t)f << 32 | r;
  ht_put(&g->q.grounded, (uint64_t)t + 1, m);
  return m;
}

/* t with the registers at 0 (PC and SP are concrete already), as a run
 * starts under the Linux input model; kept like grounding (g->q.zeroed). */
static uint64_t zero_step(tm_walk *tw, isa_term t, void *ctx) {
  dpg *g = ctx;
  tm_ctx *tc = g->tc;
  uint64_t m;
  if (ht_get(&g->q.zeroed, (uint64_t)t + 1, &m)) return m;
  int kind = tm_kind(tc, t);
  isa_term r = t;
  if (kind == TM_VAR) {
    uint32_t ix = tm_var_index(tc, t);
    if (ix < g->q.nregvar && g->q.regvar[ix]) r = g->q.regvar[ix];
  } else if (kind != TM_CONST) {
    isa_term a[3];
    if (!tm_walk_args(tw, t, a)) return 0;
    r = tm_rebuild(tc, t, a);
  }
  ht_put(&g->q.zeroed, (uint64_t)t + 1, r);
  return r;
}

isa_term ground_split(dpg *g, isa_term t, isa_term *facts) {
  tm_ctx *tc = g->tc;
  if (g->o.inputs == DPG_INPUTS_LINUX) {
    if (!g->q.regvar || tm_var_count(tc) != g->q.nregvar) {
      /* a variable made since cannot be in a term zeroed before, so what
       * g->q.zeroed holds stays right */
      g->q.nregvar = tm_var_count(tc);
      free(g->q.regvar);
      g->q.regvar = xa_calloc(g->q.nregvar, sizeof *g->q.regvar);
      for (unsigned i = 0; i < g->prog.d->nregs; i++) {
        const isa_reg *rg = &g->prog.d->regs[i];
        isa_term var = tm_find_var(tc, rg->name, rg->is_flag ? TM_BOOL : rg->width);
        if (var) g->q.regvar[tm_var_index(tc, var)] = tm_const(tc, 0, rg->is_flag ? 0 : rg->width);
      }
    }
    t = (isa_term)tm_walk_run(tc, t, zero_step, g);
  }
  uint64_t m = tm_walk_run(tc, t, ground_step, g);
  *facts = (isa_term)(m >> 32);
  return (isa_term)m;
}

isa_term ground(dpg *g, isa_term t) {
  isa_term f, x = ground_split(g, t, &f);
  return tm_app2(g->tc, ISA_OP_LAND, x, f);
}

/* The ranges a write(2) can always read (fold_vocab.rd): the readable
 * regions of the initial memory, adjacent ones merged.  Runs write to
 * /dev/null; without it every write fails (exec.c), so none are given. */
void set_readable(dpg *g) {
  size_t n;
  const mem_region *rg = mem_regions(g->prog.init, &n);
  uint64_t *rd = xa_realloc(NULL, sizeof *rd * 2 * (n ? n : 1));
  size_t k = 0;
  for (size_t i = 0; i < n && g->devnull; i++) {
    if (!(rg[i].perms & MEM_R)) continue;
    if (k && rd[2 * k - 1] + 1 == rg[i].lo) rd[2 * k - 1] = rg[i].last;
    else rd[2 * k] = rg[i].lo, rd[2 * k + 1] = rg[i].last, k++;
  }
  g->gr.v.rd = rd;
  g->gr.v.nrd = k;
}

/* Re-run input t for pos steps: the concrete state a witness stands for. */
int replay_to(dpg *g, size_t t, size_t pos, run *R) {
  in_reset_use(g->run.T[t].in);
  if (run_start(g, g->run.T[t].in, R)) return -1;
  if (pos) {
    ex_opts o = {.max_steps = pos, .stop_on_ae = true, .out = g->devnull, .err = g->devnull};
    R->r = ex_run(R->x, &o);
    if (R->r.steps != pos) return -1;
  }
  return 0;
}

/* Frontier tuples that cannot be extended or refined (edge numbers change
 * with every intersection, so they are remembered by what they mean). */
uint32_t tuple_key(dpg *g, const nwa_edge *e) {
  uint64_t h = 1469598103934665603ull;
  uint64_t parts[5] = {nwa_pred(g->gr.G, e->from), nwa_pred(g->gr.G, e->to), e->letter, e->kind,
                       e->kind == NWA_RETURN ? nwa_pred(g->gr.G, e->pred) : 0};
  for (int i = 0; i < 5; i++) h = (h ^ parts[i]) * 1099511628211ull;
  return (uint32_t)(h ^ (h >> 32)) | 1;
}

bool is_stuck(dpg *g, uint32_t key, unsigned limit) {
  unsigned c = 0;
  for (size_t i = 0; i < g->stuck.n; i++) c += g->stuck.key[i] == key;
  return c >= limit;
}

static void add_stuck(dpg *g, uint32_t key) {
  g->stuck.key = xa_grow(g->stuck.key, &g->stuck.cap, g->stuck.n + 1, sizeof *g->stuck.key);
  g->stuck.key[g->stuck.n++] = key;
}

void stuck(dpg *g, const nwa_edge *e, unsigned weight, const char *why) {
  uint32_t key = tuple_key(g, e);
  if (g->o.debug & DPG_DEBUG_STEPS)
    fprintf(stderr, "stuck %u: n%u -> n%u letter %u: %s\n", weight, e->from, e->to, e->letter, why);
  for (unsigned i = 0; i < weight; i++) add_stuck(g, key);
  snprintf(g->stuck.why, sizeof g->stuck.why, "%s", why);
}

isa_term aux_term(dpg *g, const uint64_t *stk, size_t depth) {
  tm_ctx *tc = g->tc;
  isa_term A = tm_var(tc, "$A0", TM_ARRAY);
  unsigned W = (g->prog.d->addr_bits + 7) / 8;
  for (size_t k = 0; k < depth; k++)
    for (unsigned b = 0; b < W; b++) {
      isa_term s[3] = {A, tm_const(tc, k * W + b, g->prog.d->addr_bits), tm_const(tc, stk[k] >> (8 * b) & 0xff, 8)};
      A = tm_app(tc, ISA_OP_STORE, s, 3, 0, 0);
    }
  return A;
}

/* Did the sliced query use var?  (Without a slice, every variable counts.) */
static bool var_used(dpg *g, const unsigned char *used, isa_term var) {
  return !used || (var && tm_var_index(g->tc, var) < g->q.nused && used[tm_var_index(g->tc, var)]);
}

/* The input a model describes: registers and memory (--inputs all), the c
 * bytes of standard input the path read (stdin_K), and the stream after
 * them (`inarr` from c on, as long as the model's `inlen` says, and up to
 * STDIN_PAD bytes; a longer stream ends with STDIN_PAD zero bytes).  With a
 * witness input win and the set of variables the query used, what the query
 * left free keeps the witness's value, so the new run stays close to it. */
in_assign *model_input(dpg *g, const isa_term *fs, size_t n, size_t c, isa_term inarr, isa_term inlen,
                              const in_assign *win, const unsigned char *used) {
  tm_ctx *tc = g->tc;
  in_assign *in = in_new(IN_FIXED, 0);
  if (g->o.inputs == DPG_INPUTS_ALL && sx_inputs_from_model(g->prog.d, tc, g->solver, fs, n, 0, in)) {
    in_free(in);
    return NULL;
  }
  for (size_t k = 0; k < c; k++) {
    char name[32];
    snprintf(name, sizeof name, "stdin_%zu", k);
    isa_term var = tm_find_var(tc, name, 8);
    uint64_t v = 0;
    if (win && !var_used(g, used, var)) v = in_stdin_byte(win, k);
    else if (var && !smt_model_eval(g->solver, var, &v)) v = 0;
    uint8_t b = (uint8_t)v;
    in_append_stdin(in, &b, 1);
  }
  if (win && !var_used(g, used, bottom_array(tc, inarr)) && !var_used(g, used, inlen)) {
    for (size_t k = c; k < in_stdin_len(win); k++) { /* the rest of the witness's stream */
      uint8_t b = in_stdin_byte(win, k);
      in_append_stdin(in, &b, 1);
    }
    return in;
  }
  uint64_t L;
  if (!smt_model_eval(g->solver, inlen, &L)) L = UINT64_MAX;
  size_t H = c + STDIN_PAD;
  if (g->o.debug & DPG_DEBUG_STEPS) fprintf(stderr, "model input: %zu bytes read, stream length %llu\n", c, (unsigned long long)L);
  for (size_t k = c; k < H && k < L; k++) {
    isa_term sel[2] = {inarr, tm_const(tc, k, g->prog.d->addr_bits)};
    uint64_t v;
    if (!smt_model_eval(g->solver, tm_app(tc, ISA_OP_SELECT, sel, 2, 0, 0), &v)) v = 0;
    uint8_t b = (uint8_t)v;
    in_append_stdin(in, &b, 1);
  }
  if (L >= H) {
    uint8_t pad[STDIN_PAD] = {0};
    in_append_stdin(in, pad, sizeof pad);
  }
  return in;
}

void initial_map(dpg *g, isa_term *map) {
  tm_ctx *tc = g->tc;
  unsigned pw = g->prog.d->regs[g->prog.d->pc].width, sw = g->prog.d->regs[g->prog.d->sp].width;
  map[tm_var_index(tc, g->gr.v.pc)] = tm_const(tc, g->prog.entry, pw);
  map[tm_var_index(tc, tm_var(tc, g->prog.d->regs[g->prog.d->sp].name, sw))] = tm_const(tc, g->prog.sp0, sw);
  map[tm_var_index(tc, g->gr.v.V)] = tm_false(tc);
  map[tm_var_index(tc, g->gr.v.D)] = tm_const(tc, 0, g->prog.d->addr_bits);
  map[tm_var_index(tc, g->gr.v.ip)] = tm_const(tc, 0, g->prog.d->addr_bits);
}

/* A frontier on a boot step ι → m: is there an initial state in m? */
sres boot_step(dpg *g, const nwa_edge *e, dpg_result *r) {
  tm_ctx *tc = g->tc;
  size_t nv = tm_var_count(tc);
  isa_term *map = calloc(nv + 1, sizeof *map);
  if (!map) xa_nomem();
  initial_map(g, map);
  isa_term inarr = tm_var(tc, "$inrest", TM_ARRAY), inlen = tm_var(tc, "$inlen0", g->prog.d->addr_bits);
  map[tm_var_index(tc, g->gr.v.in)] = inarr;
  map[tm_var_index(tc, g->gr.v.inlen)] = inlen;
  isa_term f = ground(g, tm_subst(tc, nwa_pred(g->gr.G, e->to), map));
  free(map);
  char reason[256] = "";
  g->st.se++;
  smt_result sr = smt_check(g->solver, &f, 1, reason, sizeof reason);
  if (sr == SMT_UNSAT) { /* no initial state there */
    nwa_remove(g->gr.G, NWA_INTERNAL, e->from, NWA_NONE, DPG_BOOT, e->to);
    return S_CONT;
  }
  if (sr == SMT_UNKNOWN) {
    char why[300];
    snprintf(why, sizeof why, "the solver gave up on the initial states: %s", reason);
    stuck(g, e, 3, why);
    return S_CONT;
  }
  if (is_stuck(g, tuple_key(g, e), 1)) {
    stuck(g, e, 3, "internal error: an initial state the solver found does not start in its abstract state");
    return S_CONT;
  }
  stuck(g, e, 1, "");
  in_assign *in = model_input(g, &f, 1, 0, inarr, inlen, NULL, NULL);
  if (!in) return S_CONT;
  ex_result res;
  char why[300] = "";
  outcome out = add_run(g, in, &res, why, sizeof why);
  return finish_run(g, out, why, r);
}

typedef struct vlist { uint32_t *v; size_t n, cap; } vlist;

static void vl_push(vlist *l, uint32_t x) {
  l->v = xa_grow(l->v, &l->cap, l->n + 1, sizeof *l->v);
  l->v[l->n++] = x;
}

/* The variables of t, appended to out; seen[x] == stamp marks the terms
 * visited (a stamp per walk, so that nothing is cleared between walks). */
static void term_vars(tm_ctx *tc, isa_term t, uint32_t *seen, size_t nseen, uint32_t stamp, vlist *out) {
  vlist st = {0}; /* an explicit stack: the terms of long paths are deep */
  vl_push(&st, t);
  while (st.n) {
    isa_term x = st.v[--st.n];
    if (x < nseen) {
      if (seen[x] == stamp) continue;
      seen[x] = stamp;
    }
    if (tm_kind(tc, x) == TM_VAR) {
      vl_push(out, tm_var_index(tc, x));
      continue;
    }
    for (unsigned i = 0; i < tm_nargs(tc, x); i++) vl_push(&st, tm_arg(tc, x, i));
  }
  free(st.v);
}

/* The query fs[0 .. *nf) with the path in fs[0 .. npath): a frontier part
 * that simplified to false needs no solver; path constraints that share no
 * variable with the frontier parts, directly or through other constraints,
 * are left out (the witness satisfies them, so they cannot make the query
 * unsatisfiable, and model_input keeps the witness's values for their
 * variables).  *used gets the variables the solver saw. */
smt_result slice_and_check(dpg *g, isa_term *fs, size_t *nf, size_t npath, unsigned char **used, char *reason,
                                  size_t reasonsz) {
  tm_ctx *tc = g->tc;
  for (size_t k = npath; k < *nf; k++) {
    uint64_t c;
    if (tm_is_const(tc, fs[k], &c) && !c) {
      g->st.se++;
      return SMT_UNSAT;
    }
  }
  size_t nvars = tm_var_count(tc) + 1, nseen = tm_count(tc) + 1;
  g->q.nused = nvars; /* variables made after this are not in *used */
  unsigned char *vars = calloc(nvars, 1);
  uint32_t *seen = calloc(nseen, sizeof *seen);
  bool *in = calloc(*nf + 1, sizeof *in);
  vlist *pv = calloc(npath + 1, sizeof *pv); /* each path constraint's variables, found once */
  if (!vars || !seen || !in || !pv) xa_nomem();
  uint32_t stamp = 0;
  vlist q = {0};
  for (size_t k = npath; k < *nf; k++) {
    in[k] = true;
    term_vars(tc, fs[k], seen, nseen, ++stamp, &q);
  }
  for (size_t i = 0; i < q.n; i++) vars[q.v[i]] = 1;
  for (size_t k = 0; k < npath; k++) term_vars(tc, fs[k], seen, nseen, ++stamp, &pv[k]);
  for (bool grew = true; grew;) {
    grew = false;
    for (size_t k = 0; k < npath; k++) {
      if (in[k]) continue;
      bool shares = false;
      for (size_t i = 0; i < pv[k].n && !shares; i++) shares = vars[pv[k].v[i]];
      if (!shares) continue;
      in[k] = grew = true;
      for (size_t i = 0; i < pv[k].n; i++) vars[pv[k].v[i]] = 1;
    }
  }
  for (size_t k = 0; k < npath; k++) free(pv[k].v);
  free(pv);
  free(q.v);
  size_t m = 0;
  for (size_t k = 0; k < *nf; k++) {
    uint64_t c;
    if (in[k] && !(tm_is_const(tc, fs[k], &c) && c)) fs[m++] = fs[k];
  }
  *nf = m;
  free(seen);
  free(in);
  *used = vars;
  g->st.se++;
  return smt_check(g->solver, fs, m, reason, reasonsz);
}

/* Did run t take letter l at position pos, from a state satisfying pn to
 * one satisfying psi?  (A model may agree with the path formula and
 * still not: what the formula leaves free, a run fixes.) */
bool crossed(dpg *g, size_t t, size_t pos, nwa_letter l, isa_term pn, isa_term psi) {
  if (t >= g->run.nT || !g->run.T[t].st || pos >= g->run.T[t].n || g->run.T[t].st[pos].letter != l) {
    if (g->o.debug & DPG_DEBUG_DETAIL)
      fprintf(stderr, "  not across: the run has %s at %zu\n",
              t < g->run.nT && g->run.T[t].st && pos < g->run.T[t].n ? "another letter" : "no step", pos);
    return false;
  }
  /* a step that faulted has no state after it: the symbolic step (which
   * does not model faults) crossed, the run did not */
  if (g->run.T[t].cut && pos + 1 == g->run.T[t].n) {
    if (g->o.debug & DPG_DEBUG_DETAIL) fprintf(stderr, "  not across: the run faults at %zu\n", pos);
    return false;
  }
  bool ok = true;
  for (size_t at = pos; at <= pos + 1 && ok; at++) {
    if (t >= g->run.nT || !g->run.T[t].pos) return false;
    run R;
    if (replay_to(g, t, at, &R)) {
      run_end(&R);
      return false;
    }
    cenv c = {.g = g, .x = R.x, .in = g->run.T[t].in};
    tm_env env = cenv_env(&c);
    ok = tm_eval(g->tc, at == pos ? pn : psi, &env) != 0;
    if (!ok && (g->o.debug & DPG_DEBUG_DETAIL)) {
      fprintf(stderr, "  not across: %s fails on the run at %zu\n", at == pos ? "the source's predicate" : "psi", at);
      /* which conjuncts */
      isa_term st[64];
      size_t ns = 0;
      st[ns++] = at == pos ? pn : psi;
      while (ns) {
        isa_term x = st[--ns];
        if (tm_kind(g->tc, x) == ISA_OP_LAND && ns + 2 <= 64) {
          st[ns++] = tm_arg(g->tc, x, 0);
          st[ns++] = tm_arg(g->tc, x, 1);
        } else if (!tm_eval(g->tc, x, &env)) {
          fprintf(stderr, "    false: ");
          tm_fprint(g->tc, x, stderr);
          fputc('\n', stderr);
        }
      }
    }
    free(c.vmap);
    run_end(&R);
  }
  return ok;
}

/* The carried-over path queries (dpg_step) are of one G: a run that joined
 * renumbered its states. */
void chain_sync(dpg *g) {
  if (g->q.chain_gen != g->gr.gen) ht_clear(&g->q.chain), ht_clear(&g->q.ess), g->q.chain_gen = g->gr.gen;
}
