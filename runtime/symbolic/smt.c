/* smt.c — the Z3 bridge (the only file that includes <z3.h>). */
#include "smt.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <z3.h>

#include "htab.h"
#include "xalloc.h"

/* Conjunctions known to be unsatisfiable.  DPG asks the same question many
 * times (a refinement leaves the sliced query of a neighbouring frontier
 * unchanged), and terms are hash-consed, so a sorted list of term ids
 * names a conjunction exactly. */
typedef struct unsat_entry {
  uint32_t *ids;
  uint32_t n;
  uint32_t next; /* index + 1 of the next entry with the same hash; 0: none */
} unsat_entry;
#define UNSAT_MAX_IDS ((size_t)1 << 24) /* 64 MB of ids at most */

/* Z3 checks its timeout only inside a check, and not everywhere: asserting
 * a large term (rewriting it on the way in) ran 30 s past a 3 s limit.  A
 * watchdog thread per session interrupts the context once a query's whole
 * time (translation, assertion and check) is past its limit plus a grace. */
#define WD_GRACE_MS 250
#define WD_REPEAT_MS 100
typedef struct watchdog {
  pthread_t th;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool started, armed, quit, fired;
  struct timespec deadline; /* CLOCK_MONOTONIC */
  Z3_context z;
} watchdog;

struct smt {
  watchdog wd;
  tm_ctx *tc;
  Z3_context z;
  Z3_solver solver;
  /* for queries with a product of two non-constant terms: Z3's default
   * bit-vector solver bit-blasts the multiplier and does not prove
   * polynomial identities such as (n+1)^3 = n^3 + 3n^2 + 3n + 1 in 20 s;
   * normalising to sums of monomials after solving the equalities decides
   * them at once.  Made on first need. */
  Z3_solver solver_nl;
  Z3_model model;
  Z3_ast *cache; /* by term id; inc_ref'd */
  unsigned char *nl; /* by term id, with cache: the term has such a product */
  size_t capcache;
  unsigned timeout_ms;
  bool params_set; /* timeout_ms is the solver's */
  FILE *dump, *own_dump;
  bool time_log; /* smt_set_time_log: each check's time and answer on stderr */
  char error[256]; /* the first Z3 error since the last check */
  bool poisoned;   /* the cache holds a stand-in for an untranslatable term */
  unsigned long queries, cached;
  double seconds;
  ht_map unsat_by_hash; /* hash -> index + 1 of the first entry */
  unsat_entry *unsat;
  size_t nunsat, capunsat, unsat_ids;
};

static unsigned live_sessions; /* smt_shutdown waits for none */

/* Z3's error handler is switched off (no handler has a user pointer, and the
 * default one aborts): after each call that can fail we read the error code
 * and keep the first message, so a failing query answers `unknown`. */
static bool z3_failed(smt *s) {
  Z3_error_code e = Z3_get_error_code(s->z);
  if (e == Z3_OK) return false;
  if (!s->error[0]) snprintf(s->error, sizeof s->error, "Z3 error: %s", Z3_get_error_msg(s->z, e));
  return true;
}

static void *wd_main(void *p) {
  watchdog *w = p;
  pthread_mutex_lock(&w->mu);
  while (!w->quit) {
    if (!w->armed) {
      pthread_cond_wait(&w->cv, &w->mu);
      continue;
    }
    if (pthread_cond_timedwait(&w->cv, &w->mu, &w->deadline) == ETIMEDOUT && w->armed) {
      /* Z3 forgets an interrupt that comes before a check starts (one that
       * lands while the query is still translated or asserted), so it is
       * repeated every WD_REPEAT_MS until the query returns and disarms */
      Z3_interrupt(w->z);
      w->fired = true;
      uint64_t ns = (uint64_t)w->deadline.tv_nsec + (uint64_t)WD_REPEAT_MS * 1000000u;
      w->deadline.tv_sec += (time_t)(ns / 1000000000u);
      w->deadline.tv_nsec = (long)(ns % 1000000000u);
    }
  }
  pthread_mutex_unlock(&w->mu);
  return NULL;
}

/* Arm the watchdog for ms from now (the thread starts on first use; if it
 * cannot, queries only have Z3's own timeout). */
static void wd_arm(smt *s, unsigned ms) {
  watchdog *w = &s->wd;
  if (!w->started) {
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, &ca);
    pthread_condattr_destroy(&ca);
    w->z = s->z;
    if (pthread_create(&w->th, NULL, wd_main, w)) {
      pthread_cond_destroy(&w->cv);
      pthread_mutex_destroy(&w->mu);
      return;
    }
    w->started = true;
  }
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  uint64_t ns = (uint64_t)t.tv_nsec + (uint64_t)(ms + WD_GRACE_MS) * 1000000u;
  pthread_mutex_lock(&w->mu);
  w->deadline.tv_sec = t.tv_sec + (time_t)(ns / 1000000000u);
  w->deadline.tv_nsec = (long)(ns % 1000000000u);
  w->armed = true;
  w->fired = false;
  pthread_cond_signal(&w->cv);
  pthread_mutex_unlock(&w->mu);
}

/* Disarm; true if it fired since it was armed. */
static bool wd_disarm(smt *s) {
  watchdog *w = &s->wd;
  if (!w->started) return false;
  pthread_mutex_lock(&w->mu);
  w->armed = false;
  bool fired = w->fired;
  pthread_cond_signal(&w->cv);
  pthread_mutex_unlock(&w->mu);
  return fired;
}

static void wd_stop(smt *s) {
  watchdog *w = &s->wd;
  if (!w->started) return;
  pthread_mutex_lock(&w->mu);
  w->quit = true;
  pthread_cond_signal(&w->cv);
  pthread_mutex_unlock(&w->mu);
  pthread_join(w->th, NULL);
  pthread_cond_destroy(&w->cv);
  pthread_mutex_destroy(&w->mu);
  w->started = false;
}

smt *smt_new(tm_ctx *tc, unsigned timeout_ms) {
  smt *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->tc = tc;
  Z3_config cfg = Z3_mk_config();
  Z3_set_param_value(cfg, "model", "true");
  s->z = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  if (!s->z) {
    free(s);
    return NULL;
  }
  Z3_set_error_handler(s->z, NULL);
  live_sessions++;
  s->solver = Z3_mk_solver(s->z);
  Z3_solver_inc_ref(s->z, s->solver);
  smt_set_timeout(s, timeout_ms);
  return s;
}

int smt_open_dump(smt *s, const char *path) {
  if (s->own_dump) fclose(s->own_dump);
  s->own_dump = fopen(path, "a");
  s->dump = s->own_dump;
  return s->own_dump ? 0 : -1;
}

void smt_set_time_log(smt *s, bool on) { s->time_log = on; }

void smt_set_timeout(smt *s, unsigned timeout_ms) {
  /* Z3_solver_set_params costs more than most of our queries: only on a change */
  if (s->params_set && s->timeout_ms == timeout_ms) return;
  s->params_set = true;
  s->timeout_ms = timeout_ms;
  Z3_params p = Z3_mk_params(s->z);
  Z3_params_inc_ref(s->z, p);
  Z3_params_set_uint(s->z, p, Z3_mk_string_symbol(s->z, "timeout"), timeout_ms ? timeout_ms : 4294967295u);
  Z3_solver_set_params(s->z, s->solver, p);
  if (s->solver_nl) Z3_solver_set_params(s->z, s->solver_nl, p);
  Z3_params_dec_ref(s->z, p);
}

void smt_set_dump(smt *s, FILE *f) { s->dump = f; }

void smt_free(smt *s) {
  if (!s) return;
  wd_stop(s);
  if (s->model) Z3_model_dec_ref(s->z, s->model);
  for (size_t i = 0; i < s->capcache; i++)
    if (s->cache[i]) Z3_dec_ref(s->z, s->cache[i]);
  free(s->cache);
  free(s->nl);
  for (size_t i = 0; i < s->nunsat; i++) free(s->unsat[i].ids);
  free(s->unsat);
  ht_free(&s->unsat_by_hash);
  Z3_solver_dec_ref(s->z, s->solver);
  if (s->solver_nl) Z3_solver_dec_ref(s->z, s->solver_nl);
  Z3_del_context(s->z);
  live_sessions--;
  if (s->own_dump) fclose(s->own_dump);
  free(s);
}

void smt_shutdown(void) {
  if (!live_sessions) Z3_finalize_memory();
}

unsigned long smt_queries(const smt *s) { return s->queries; }
unsigned long smt_cached(const smt *s) { return s->cached; }
double smt_seconds(const smt *s) { return s->seconds; }

/* ---- translation -------------------------------------------------------------- */

static Z3_sort sort_of(smt *s, unsigned sort) {
  if (sort == TM_BOOL) return Z3_mk_bool_sort(s->z);
  if (sort == TM_ARRAY) { /* hold the index sort while the value sort is made (reference counting) */
    Z3_sort idx = Z3_mk_bv_sort(s->z, tm_addr_bits(s->tc));
    Z3_inc_ref(s->z, Z3_sort_to_ast(s->z, idx));
    Z3_sort arr = Z3_mk_array_sort(s->z, idx, Z3_mk_bv_sort(s->z, 8));
    Z3_dec_ref(s->z, Z3_sort_to_ast(s->z, idx));
    return arr;
  }
  return Z3_mk_bv_sort(s->z, sort);
}

static Z3_ast node(smt *s, isa_term t, const Z3_ast *a) {
  Z3_context z = s->z;
  tm_ctx *tc = s->tc;
  int k = tm_kind(tc, t);
  unsigned sort = tm_sort(tc, t);
  uint64_t v;
  if (k == TM_CONST) {
    tm_is_const(tc, t, &v);
    if (sort == TM_BOOL) return v ? Z3_mk_true(z) : Z3_mk_false(z);
    return Z3_mk_unsigned_int64(z, v, sort_of(s, sort));
  }
  if (k == TM_VAR) {
    char name[300];
    snprintf(name, sizeof name, "%s", tm_var_name(tc, tm_var_index(tc, t)));
    return Z3_mk_const(z, Z3_mk_string_symbol(z, name), sort_of(s, sort));
  }
  switch ((isa_op)k) {
  case ISA_OP_NOT: return Z3_mk_bvnot(z, a[0]);
  case ISA_OP_NEG: return Z3_mk_bvneg(z, a[0]);
  case ISA_OP_ADD: return Z3_mk_bvadd(z, a[0], a[1]);
  case ISA_OP_SUB: return Z3_mk_bvsub(z, a[0], a[1]);
  case ISA_OP_MUL: return Z3_mk_bvmul(z, a[0], a[1]);
  case ISA_OP_UDIV: return Z3_mk_bvudiv(z, a[0], a[1]);
  case ISA_OP_UREM: return Z3_mk_bvurem(z, a[0], a[1]);
  case ISA_OP_SDIV: return Z3_mk_bvsdiv(z, a[0], a[1]);
  case ISA_OP_SREM: return Z3_mk_bvsrem(z, a[0], a[1]);
  case ISA_OP_AND: return Z3_mk_bvand(z, a[0], a[1]);
  case ISA_OP_OR: return Z3_mk_bvor(z, a[0], a[1]);
  case ISA_OP_XOR: return Z3_mk_bvxor(z, a[0], a[1]);
  case ISA_OP_SHL: return Z3_mk_bvshl(z, a[0], a[1]);
  case ISA_OP_LSHR: return Z3_mk_bvlshr(z, a[0], a[1]);
  case ISA_OP_ASHR: return Z3_mk_bvashr(z, a[0], a[1]);
  case ISA_OP_EQ: return Z3_mk_eq(z, a[0], a[1]);
  case ISA_OP_ULT: return Z3_mk_bvult(z, a[0], a[1]);
  case ISA_OP_ULE: return Z3_mk_bvule(z, a[0], a[1]);
  case ISA_OP_SLT: return Z3_mk_bvslt(z, a[0], a[1]);
  case ISA_OP_SLE: return Z3_mk_bvsle(z, a[0], a[1]);
  case ISA_OP_LNOT: return Z3_mk_not(z, a[0]);
  case ISA_OP_LAND: return Z3_mk_and(z, 2, a);
  case ISA_OP_LOR: return Z3_mk_or(z, 2, a);
  case ISA_OP_LXOR: return Z3_mk_xor(z, a[0], a[1]);
  case ISA_OP_IFF: return Z3_mk_iff(z, a[0], a[1]);
  case ISA_OP_ITE: /* Z3 aborts the process on arms of different sorts: refuse instead */
    if (!Z3_is_eq_sort(z, Z3_get_sort(z, a[1]), Z3_get_sort(z, a[2])) ||
        Z3_get_sort_kind(z, Z3_get_sort(z, a[0])) != Z3_BOOL_SORT) {
      return NULL;
    }
    return Z3_mk_ite(z, a[0], a[1], a[2]);
  case ISA_OP_EXTRACT: return Z3_mk_extract(z, tm_param(tc, t, 0), tm_param(tc, t, 1), a[0]);
  case ISA_OP_CONCAT: return Z3_mk_concat(z, a[0], a[1]);
  case ISA_OP_ZEXT: return Z3_mk_zero_ext(z, tm_param(tc, t, 0) - tm_sort(tc, tm_arg(tc, t, 0)), a[0]);
  case ISA_OP_SEXT: return Z3_mk_sign_ext(z, tm_param(tc, t, 0) - tm_sort(tc, tm_arg(tc, t, 0)), a[0]);
  case ISA_OP_BOOL2BV: {
    /* the context counts references: objects nobody holds may be freed by
     * the next call, so the two numerals are held until the ite holds them */
    Z3_sort b1 = Z3_mk_bv_sort(z, 1);
    Z3_inc_ref(z, Z3_sort_to_ast(z, b1));
    Z3_ast one = Z3_mk_unsigned_int64(z, 1, b1);
    Z3_inc_ref(z, one);
    Z3_ast zero = Z3_mk_unsigned_int64(z, 0, b1);
    Z3_inc_ref(z, zero);
    Z3_ast r = Z3_mk_ite(z, a[0], one, zero);
    Z3_inc_ref(z, r);
    Z3_dec_ref(z, one);
    Z3_dec_ref(z, zero);
    Z3_dec_ref(z, Z3_sort_to_ast(z, b1));
    Z3_dec_ref(z, r); /* tr takes its own reference right away */
    return r;
  }
  case ISA_OP_SELECT: return Z3_mk_select(z, a[0], a[1]);
  case ISA_OP_STORE: return Z3_mk_store(z, a[0], a[1], a[2]);
  default: return NULL;
  }
}

/* The Z3 form of t; iterative post-order, since terms can be very deep. */
static Z3_ast tr(smt *s, isa_term root) {
  size_t need = tm_count(s->tc) + 2;
  if (s->capcache < need) {
    size_t old = s->capcache;
    s->cache = xa_grow(s->cache, &s->capcache, need, sizeof *s->cache);
    memset(s->cache + old, 0, sizeof *s->cache * (s->capcache - old));
    s->nl = realloc(s->nl, s->capcache);
    if (!s->nl) xa_nomem();
    memset(s->nl + old, 0, s->capcache - old);
  }
  if (s->cache[root]) return s->cache[root];
  size_t n = 0, cap = 256;
  isa_term *st = malloc(sizeof *st * cap);
  if (!st) xa_nomem();
  st[n++] = root;
  while (n) {
    isa_term t = st[n - 1];
    if (s->cache[t]) {
      n--;
      continue;
    }
    unsigned na = tm_nargs(s->tc, t);
    bool ready = true;
    Z3_ast a[3] = {0, 0, 0};
    unsigned char nl = 0;
    for (unsigned i = 0; i < na; i++) {
      isa_term c = tm_arg(s->tc, t, i);
      if (!s->cache[c]) {
        st = xa_grow(st, &cap, n + 1, sizeof *st);
        st[n++] = c;
        ready = false;
      } else
        a[i] = s->cache[c], nl |= s->nl[c];
    }
    if (!ready) continue;
    if (tm_kind(s->tc, t) == ISA_OP_MUL && !tm_is_const(s->tc, tm_arg(s->tc, t, 0), NULL) &&
        !tm_is_const(s->tc, tm_arg(s->tc, t, 1), NULL))
      nl = 1;
    s->nl[t] = nl;
    Z3_ast r = node(s, t, a);
    if (r && z3_failed(s)) r = NULL;
    if (!r) {
      /* the query will be answered unknown; the stand-in has the term's sort
       * so that its parents still translate, and the cache is dropped after
       * this query so that no later one uses it */
      if (!s->error[0]) snprintf(s->error, sizeof s->error, "cannot translate term kind %d", tm_kind(s->tc, t));
      r = Z3_mk_fresh_const(s->z, "untranslated", sort_of(s, tm_sort(s->tc, t)));
      s->poisoned = true;
    }
    Z3_inc_ref(s->z, r);
    s->cache[t] = r;
    n--;
  }
  free(st);
  return s->cache[root];
}

/* ---- queries ------------------------------------------------------------------- */

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* The conjunction's ids, sorted and without repeats, in a new array. */
static uint32_t *conj_key(const isa_term *as, size_t n, uint32_t *nk, uint64_t *hash) {
  uint32_t *k = malloc(sizeof *k * (n ? n : 1));
  if (!k) return NULL;
  for (size_t i = 0; i < n; i++) k[i] = as[i];
  qsort(k, n, sizeof *k, cmp_u32);
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (!m || k[m - 1] != k[i]) k[m++] = k[i];
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < m; i++) h = (h ^ k[i]) * 0x100000001b3ull;
  *nk = (uint32_t)m;
  *hash = h ? h : 1;
  return k;
}

static bool known_unsat(const smt *s, const uint32_t *k, uint32_t nk, uint64_t hash) {
  uint64_t v;
  if (!ht_get(&s->unsat_by_hash, hash, &v)) return false;
  for (uint32_t i = (uint32_t)v; i; i = s->unsat[i - 1].next) {
    const unsat_entry *e = &s->unsat[i - 1];
    if (e->n == nk && !memcmp(e->ids, k, sizeof *k * nk)) return true;
  }
  return false;
}

/* Remembers an unsatisfiable conjunction; takes k. */
static void note_unsat(smt *s, uint32_t *k, uint32_t nk, uint64_t hash) {
  if (s->unsat_ids + nk > UNSAT_MAX_IDS) {
    free(k);
    return;
  }
  if (s->nunsat == s->capunsat) {
    size_t cap = s->capunsat ? s->capunsat * 2 : 64;
    unsat_entry *u = realloc(s->unsat, sizeof *u * cap);
    if (!u) {
      free(k);
      return;
    }
    s->unsat = u;
    s->capunsat = cap;
  }
  uint64_t head = 0;
  ht_get(&s->unsat_by_hash, hash, &head);
  s->unsat[s->nunsat++] = (unsat_entry){k, nk, (uint32_t)head};
  ht_put(&s->unsat_by_hash, hash, s->nunsat);
  s->unsat_ids += nk;
}

static smt_result check(smt *s, const isa_term *as, size_t n, char *reason, size_t reason_size);

smt_result smt_check(smt *s, const isa_term *as, size_t n, char *reason, size_t reason_size) {
  if (s->model) {
    Z3_model_dec_ref(s->z, s->model);
    s->model = NULL;
  }
  uint32_t nk = 0;
  uint64_t hash = 0;
  uint32_t *k = conj_key(as, n, &nk, &hash);
  if (k && known_unsat(s, k, nk, hash)) {
    free(k);
    s->cached++;
    return SMT_UNSAT;
  }
  smt_result r = check(s, as, n, reason, reason_size);
  if (r == SMT_UNSAT && k)
    note_unsat(s, k, nk, hash);
  else
    free(k);
  return r;
}

static smt_result check_(smt *s, const isa_term *as, size_t n, char *reason, size_t reason_size);

/* One query under the watchdog: an interrupted one is unknown, with the
 * limit in its reason. */
static smt_result check(smt *s, const isa_term *as, size_t n, char *reason, size_t reason_size) {
  if (s->timeout_ms) wd_arm(s, s->timeout_ms);
  smt_result r = check_(s, as, n, reason, reason_size);
  if (wd_disarm(s)) {
    /* a sat or unsat answer that came in first stands */
    if (r == SMT_UNKNOWN && reason)
      snprintf(reason, reason_size, "solver timeout after %u ms (interrupted)", s->timeout_ms);
    /* what the interrupted calls left in the cache may be stand-ins */
    s->poisoned = true;
  }
  return r;
}

/* The solver for queries with products of variables (see solver_nl):
 * simplify to sums of monomials, solve the equalities, simplify again,
 * then Z3's usual core. */
static Z3_solver nl_solver(smt *s) {
  if (s->solver_nl) return s->solver_nl;
  Z3_context z = s->z;
  Z3_params p = Z3_mk_params(z);
  Z3_params_inc_ref(z, p);
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "som"), true);
  Z3_tactic simp = Z3_tactic_using_params(z, Z3_mk_tactic(z, "simplify"), p);
  Z3_tactic_inc_ref(z, simp);
  Z3_tactic eqs = Z3_mk_tactic(z, "solve-eqs");
  Z3_tactic_inc_ref(z, eqs);
  /* the bit-vector tactic decides these in a third of the time the
   * general core takes; it does not take every goal (arrays), the core
   * then does */
  Z3_tactic bv = Z3_mk_tactic(z, "qfbv");
  Z3_tactic_inc_ref(z, bv);
  Z3_tactic gen = Z3_mk_tactic(z, "smt");
  Z3_tactic_inc_ref(z, gen);
  Z3_tactic core = Z3_tactic_or_else(z, bv, gen);
  Z3_tactic_inc_ref(z, core);
  Z3_tactic_dec_ref(z, gen);
  Z3_tactic_dec_ref(z, bv);
  Z3_tactic t3 = Z3_tactic_and_then(z, simp, core);
  Z3_tactic_inc_ref(z, t3);
  Z3_tactic t2 = Z3_tactic_and_then(z, eqs, t3);
  Z3_tactic_inc_ref(z, t2);
  Z3_tactic t = Z3_tactic_and_then(z, simp, t2);
  Z3_tactic_inc_ref(z, t);
  Z3_tactic_dec_ref(z, t2);
  Z3_tactic_dec_ref(z, t3);
  if (!z3_failed(s)) {
    s->solver_nl = Z3_mk_solver_from_tactic(z, t);
    if (s->solver_nl && !z3_failed(s)) {
      Z3_solver_inc_ref(z, s->solver_nl);
      Z3_params tp = Z3_mk_params(z);
      Z3_params_inc_ref(z, tp);
      Z3_params_set_uint(z, tp, Z3_mk_string_symbol(z, "timeout"), s->timeout_ms ? s->timeout_ms : 4294967295u);
      Z3_solver_set_params(z, s->solver_nl, tp);
      Z3_params_dec_ref(z, tp);
    } else
      s->solver_nl = NULL;
  }
  Z3_tactic_dec_ref(z, t);
  Z3_tactic_dec_ref(z, core);
  Z3_tactic_dec_ref(z, eqs);
  Z3_tactic_dec_ref(z, simp);
  Z3_params_dec_ref(z, p);
  return s->solver_nl;
}

static smt_result check_(smt *s, const isa_term *as, size_t n, char *reason, size_t reason_size) {
  s->error[0] = 0;
  Z3_solver_reset(s->z, s->solver);
  if (s->poisoned) { /* a stand-in from an earlier query is in the cache */
    for (size_t i = 0; i < s->capcache; i++)
      if (s->cache[i]) {
        Z3_dec_ref(s->z, s->cache[i]);
        s->cache[i] = NULL;
      }
    s->poisoned = false;
  }
  Z3_solver solver = s->solver;
  for (size_t i = 0; i < n && solver == s->solver; i++)
    if (tm_sort(s->tc, as[i]) == TM_BOOL && tr(s, as[i]) && s->nl[as[i]] && nl_solver(s)) {
      solver = s->solver_nl;
      Z3_solver_reset(s->z, solver);
    }
  for (size_t i = 0; i < n; i++) {
    if (tm_sort(s->tc, as[i]) != TM_BOOL) {
      snprintf(s->error, sizeof s->error, "assertion %zu is not a bool", i);
      break;
    }
    Z3_solver_assert(s->z, solver, tr(s, as[i]));
    if (z3_failed(s)) break;
  }
  if (s->dump) {
    fprintf(s->dump, "; query %lu\n%s(check-sat)\n", s->queries + 1, Z3_solver_to_string(s->z, solver));
    fflush(s->dump);
  }
  s->queries++;
  if (s->error[0]) {
    if (reason) snprintf(reason, reason_size, "%s", s->error);
    return SMT_UNKNOWN;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  Z3_lbool r = Z3_solver_check(s->z, solver);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  z3_failed(s);
  s->seconds += (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  if (s->error[0]) r = Z3_L_UNDEF;
  if (s->time_log)
    fprintf(stderr, "smt: query %lu, %.3f s, %s\n", s->queries,
            (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
            r == Z3_L_TRUE ? "sat" : r == Z3_L_FALSE ? "unsat" : "unknown");
  if (r == Z3_L_TRUE) {
    s->model = Z3_solver_get_model(s->z, solver);
    if (s->model) Z3_model_inc_ref(s->z, s->model);
    return SMT_SAT;
  }
  if (r == Z3_L_FALSE) return SMT_UNSAT;
  if (reason) {
    const char *why = s->error[0] ? s->error : Z3_solver_get_reason_unknown(s->z, solver);
    if (why && (strstr(why, "timeout") || strstr(why, "canceled")))
      snprintf(reason, reason_size, "solver timeout after %u ms (%s)", s->timeout_ms, why);
    else
      snprintf(reason, reason_size, "solver gave up: %s", why && *why ? why : "no reason given");
  }
  return SMT_UNKNOWN;
}

bool smt_model_eval(smt *s, isa_term t, uint64_t *out) {
  if (!s->model || !t) return false;
  Z3_ast r;
  if (!Z3_model_eval(s->z, s->model, tr(s, t), true, &r) || !r || z3_failed(s)) return false;
  Z3_inc_ref(s->z, r);
  bool ok = true;
  if (tm_sort(s->tc, t) == TM_BOOL) {
    Z3_lbool b = Z3_get_bool_value(s->z, r);
    ok = b != Z3_L_UNDEF;
    *out = b == Z3_L_TRUE;
  } else {
    uint64_t v = 0;
    ok = Z3_get_numeral_uint64(s->z, r, &v);
    *out = v;
  }
  Z3_dec_ref(s->z, r);
  return ok;
}

bool smt_model_byte(smt *s, isa_term array, uint64_t addr, uint8_t *out) {
  if (!s->model) return false;
  isa_term sel = tm_app2(s->tc, ISA_OP_SELECT, array, tm_const(s->tc, addr, tm_addr_bits(s->tc)));
  uint64_t v;
  if (!smt_model_eval(s, sel, &v)) return false;
  *out = (uint8_t)v;
  return true;
}
