/* inv_impl.h — what the files of the facts module share (private to
 * runtime/verify/inv*.c; the interface is inv.h).
 *
 * inv.c           the context, the vocabulary's slots, the initial facts,
 *                 the self-check
 * inv_vec.c       fact vectors: interning, known bytes, `mem` over the
 *                 initial layer
 * inv_ground.c    partial evaluation of terms under a vector, the byte
 *                 variable u, predicates grounded in a vector
 * inv_transfer.c  the propagation: a letter's transfer, join, a matched
 *                 return's restore, a predicate's own facts
 * inv_graph.c     the fixpoint over the graph's calling contexts, and what
 *                 it removes and strengthens (inv_strengthen)
 */
#ifndef MCVETO_INV_IMPL_H
#define MCVETO_INV_IMPL_H

#include "inv.h"

#include <string.h>

#include "htab.h"
#include "pre.h"

#define MAXENT 512  /* known bytes of one array kept per fact vector */
#define MAXSYM 64   /* bytes of `mem` held as terms over u, per fact vector */
#define U_FEW 8     /* a vector whose u has at most this many values is split into them */
#define U_TERM 256  /* nodes of a term over u kept as a value */

/* A fact vector under construction: K scalar slots, and the known bytes of
 * `mem` and `$A` as sorted (address << 8 | byte) entries.  Bytes of `mem`
 * may also come from the initial layer (inv_set_initial_byte, shared by all
 * vectors): while `layer` is set, a byte of the layer with no entry and no
 * hole (ent[2]: addresses, byte 0) still holds its initial value.
 *
 * The byte variable u.  A vector may also name one unknown byte u, with the
 * set `udom` of the values it can have: a slot in `sym` holds a term over u
 * (val is the term), and ent[3] lists bytes of `mem` that are terms over u,
 * as (address, term) pairs.  The vector then stands for the states for
 * which some u in udom gives every such slot and byte its term's value.  So
 * a value computed from an unknown byte keeps its link to the byte (an
 * input byte zero-extended, compared with 4, set into a flag, pushed as an
 * argument), a branch on it narrows udom to the values that take that
 * branch, and when few are left the vector is split into one per value, in
 * which all is known.  u exists per vector: two vectors' u need not be the
 * same byte, which is why a join keeps only the terms both have.
 *
 * Canonical form, so that equal facts intern to one id: an entry never
 * repeats the layer's byte where the layer holds, holes are only at the
 * layer's addresses without an entry or with a term over u (ent[3]), no
 * layer means no holes, an address is in at most one of ent[0] and ent[3],
 * `known` and `sym` are disjoint, and udom is empty when no slot or byte
 * names u. */
typedef struct fvb {
  uint64_t *known; /* bitmap, KW words */
  uint64_t *sym;   /* bitmap, KW words: the slot's val is a term over u */
  uint64_t *val;
  uint64_t *ent[4];
  size_t nent[4], capent[4]; /* ent[3]: nent[3] pairs, twice the words */
  bool layer;
  uint64_t udom[4]; /* the values u can have, a 256-bit set */
} fvb;

/* Interned vectors live in one arena of words: [known KW][sym KW][val K]
 * [n0][n1][n2][n3][layer][udom 4][entries of mem][entries of $A][holes]
 * [terms of mem].  Id 0 is ⊥ (no run), id 1 knows nothing. */
#define HDR 9 /* the words after known, sym and val: n0..n3, layer, udom */
typedef struct fvrec { size_t off, len; uint64_t hash; } fvrec;

typedef struct pp_ent { pre_post pp; bool ok; } pp_ent;

struct inv_ctx {
  const fold_vocab *v;
  const fold_letters *L;
  nwa_letter boot;
  tm_ctx *tc;
  unsigned K, KW, W, ab;
  uint64_t amask;
  isa_term *slot_var;   /* per slot */
  unsigned *slot_width; /* 0: bool */
  uint32_t *slot_of;    /* var index -> slot + 1 */
  size_t nslot_of;
  unsigned s_V, s_D, s_ip, s_inlen;
  /* interned vectors */
  uint64_t *arena;
  size_t narena, caparena;
  fvrec *fv;
  size_t nfv, capfv;
  uint32_t *hs; /* open addressing on ids */
  size_t hcap;
  uint32_t init; /* the initial facts' vector */
  fvb b, b2;
  /* memo tables */
  ht_map post;   /* (letter << 2 | kind) + 1 -> pp index */
  pp_ent *pp;
  size_t npp, cappp;
  ht_map tmemo;  /* transfer: key -> out */
  ht_map jmemo;  /* join */
  ht_map mmemo;  /* meet with a predicate */
  ht_map rmemo;  /* return restore */
  ht_map pfacts; /* predicate + 1 -> vector of its facts (0: contradictory) */
  ht_map gmemo;  /* (predicate, vector) -> strengthened predicate */
  ht_map ev;     /* evaluation memo of one transfer: term + 1 -> const term */
  ht_map gw;     /* grounding walk memo */
  ht_map prememo; /* (letter, kind, predicate) + 1 -> Pre(letter, predicate) */
  ht_map pfmemo;  /* (Pre term << 32 | vector) + 1 -> 1 if it is false there */
  bool init_set;
  bool split;        /* inv_transfer2 may split on a conditional move */
  unsigned setmax;   /* vectors kept per (state, context) before they are joined */
  uint64_t *init_known, *init_val;
  uint64_t *init_ent; /* the initial layer of `mem` (addr << 8 | byte), inv_set_initial_byte */
  size_t ninit_ent, capinit_ent;
  isa_term gfacts;   /* ground_walk: the byte facts it substituted, conjoined (0: none) */
  inv_fixed_fn fixed; /* bytes no run can change (inv_set_fixed), or NULL */
  const void *fixed_ctx;
  /* the joined value of each state at the last settled fixpoint (inv_ground) */
  uint32_t *last;
  size_t nlast;
  /* the byte variable u (fvb) */
  isa_term u;        /* the term variable that stands for it */
  uint32_t u_index;  /* its variable index */
  uint64_t u_val;    /* its value in inv_u_eval's environment */
  bool u_on;         /* this pass keeps terms over u */
  bool bind_on;      /* inv_pe may name an unknown byte u (transfer_one) */
  bool rebind;       /* ... in place of the vector's own u (then dropped) */
  bool read_old;     /* inv_pe read a byte that is a term over the vector's own u */
  bool bound_set;    /* inv_pe named u: the byte at `bound` before the step */
  uint64_t bound;
  ht_map tsz;        /* term + 1 -> nodes (capped at U_TERM + 1) */
  ht_map umemo;      /* (vector << 8 | value) + 1 -> the vector with u := value */
  /* self-check: each state's vectors at the last fixpoint */
  uint32_t **dbgv;
  size_t *ndbgv, ndbg;
  bool dbg_print; /* inv_debug_covers is saying why no vector holds */
  unsigned check; /* inv_set_self_check's level */
};

/* ---- fact vectors: the small accessors -------------------------------- */

/* memcpy of n words; n may be 0 with a NULL pointer (an empty entry list) */
static inline void wcpy(uint64_t *dst, const uint64_t *src, size_t n) {
  if (n) memcpy(dst, src, n * sizeof *dst);
}

/* Words of list a (ent[3] holds pairs). */
static inline size_t ewords(const fvb *b, int a) { return a == 3 ? 2 * b->nent[3] : b->nent[a]; }

static inline bool fvb_has(const inv_ctx *c, const fvb *b, unsigned s) {
  (void)c;
  return b->known[s / 64] >> (s % 64) & 1;
}

static inline bool fvb_sym(const fvb *b, unsigned s) { return b->sym[s / 64] >> (s % 64) & 1; }

static inline void fvb_set(fvb *b, unsigned s, uint64_t v) {
  b->known[s / 64] |= 1ull << (s % 64);
  b->sym[s / 64] &= ~(1ull << (s % 64));
  b->val[s] = v;
}

/* Slot s holds term t over u. */
static inline void fvb_set_sym(fvb *b, unsigned s, isa_term t) {
  b->sym[s / 64] |= 1ull << (s % 64);
  b->known[s / 64] &= ~(1ull << (s % 64));
  b->val[s] = t;
}

static inline void fvb_forget(fvb *b, unsigned s) {
  b->known[s / 64] &= ~(1ull << (s % 64));
  b->sym[s / 64] &= ~(1ull << (s % 64));
}

static inline const uint64_t *fv_words(const inv_ctx *c, uint32_t id) { return c->arena + c->fv[id].off; }

/* Vector id's words after known, sym and val: HDR of them, then its entries. */
static inline const uint64_t *fv_hdr(const inv_ctx *c, uint32_t id) { return fv_words(c, id) + 2 * c->KW + c->K; }

static inline bool dom_has(const uint64_t d[4], unsigned v) { return d[v / 64] >> (v % 64) & 1; }

static inline unsigned dom_count(const uint64_t d[4]) {
  unsigned n = 0;
  for (int i = 0; i < 4; i++) n += (unsigned)__builtin_popcountll(d[i]);
  return n;
}

/* ---- inv.c --------------------------------------------------------------- */

unsigned inv_slot_of_var(const inv_ctx *c, isa_term var);    /* slot + 1, or 0 */
isa_term inv_slot_const(inv_ctx *c, unsigned s, uint64_t v); /* v in slot s's sort */
isa_term inv_fixed_byte(inv_ctx *c, uint64_t addr);          /* inv_set_fixed's byte, or 0 */
uint32_t inv_initial(inv_ctx *c);                             /* the boot step's facts */
void inv_dbg_free(inv_ctx *c);                                /* the self-check's vectors */

/* ---- inv_vec.c ----------------------------------------------------------- */

void inv_fvb_init(inv_ctx *c, fvb *b);
void inv_fvb_free(fvb *b);
bool inv_u_used(const inv_ctx *c, const fvb *b); /* some slot or byte names u */
void inv_ent_reserve(fvb *b, int a, size_t n);
void inv_fvb_load(inv_ctx *c, fvb *b, uint32_t id); /* id not ⊥ */
uint32_t inv_fvb_intern(inv_ctx *c, fvb *b);
void inv_fvb_clear(inv_ctx *c, fvb *b);
/* Entries of list a (0 mem, 1 $A, 2 holes in the layer of mem). */
bool inv_ent_find(const fvb *b, int a, uint64_t addr, size_t *pos);
void inv_ent_forget(fvb *b, int a, uint64_t addr);
bool inv_ent_set(fvb *b, int a, uint64_t addr, uint8_t byte); /* false: no room (MAXENT) */
bool inv_sb_find(const fvb *b, uint64_t addr, size_t *pos);  /* a byte of `mem` that is a term over u */
/* `mem`, over the initial layer. */
bool inv_mem_get(const inv_ctx *c, const fvb *b, uint64_t addr, uint8_t *byte);
void inv_mem_forget_all(fvb *b);
void inv_mem_forget(const inv_ctx *c, fvb *b, uint64_t addr);
void inv_mem_set_sym(const inv_ctx *c, fvb *b, uint64_t addr, isa_term t);
void inv_mem_set(const inv_ctx *c, fvb *b, uint64_t addr, uint8_t v);
void inv_mem_copy(fvb *dst, const fvb *src);
void inv_sb_intersect(fvb *x, const fvb *y);
void inv_ent_intersect(fvb *x, const fvb *y, int a);
void inv_mem_join(const inv_ctx *c, fvb *x, const fvb *y);

/* ---- inv_ground.c -------------------------------------------------------- */

isa_term inv_pe(inv_ctx *c, const fvb *in, isa_term t); /* a constant, a term over u, or 0 */
uint64_t inv_u_eval(inv_ctx *c, isa_term t, unsigned v); /* t where u = v */
bool inv_u_restrict(inv_ctx *c, fvb *b, isa_term t);
bool inv_u_settle(inv_ctx *c, fvb *b);
unsigned inv_u_expand(inv_ctx *c, uint32_t w, uint32_t out[U_FEW]);
isa_term inv_strengthen_pred(inv_ctx *c, isa_term p, uint32_t v); /* v's scalar facts ∧ p grounded in v */

/* ---- inv_transfer.c ------------------------------------------------------ */

unsigned inv_transfer2(inv_ctx *c, nwa_letter l, nwa_kind kind, uint32_t vin, uint32_t out[2]);
uint32_t inv_transfer(inv_ctx *c, nwa_letter l, nwa_kind kind, uint32_t vin);
uint32_t inv_restore(inv_ctx *c, uint32_t vout, uint32_t vpred);
uint32_t inv_join(inv_ctx *c, uint32_t a, uint32_t b);
bool inv_pre_false(inv_ctx *c, nwa_letter l, nwa_kind kind, uint32_t vin, isa_term psi);
uint32_t inv_meet_pred(inv_ctx *c, uint32_t v, isa_term p);

#endif
