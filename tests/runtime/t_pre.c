/* t_pre.c — unit tests of runtime/pre.c: Pre and Pre_α (MCVETO report §3.4)
 * with the instrumented semantics of §3.5, on the x86 descriptor.
 *
 *   (a) the paper's example I = `mov [eax], 5` as a 32-bit store and
 *       ψ = M(ebp-8) + M(ebp-12) = 10 over 32-bit little-endian words: Pre is
 *       the read-over-write form, equivalent (Z3) to the hand-written
 *       Fig. 8 ite formula; Pre_α at three witnesses (eax = ebp-8 as in the
 *       paper, a partial overlap eax = ebp-10, and no aliasing) gives the α
 *       and ψ' of Eqn. (2) and its byte-level analog, ρ = ¬α ∨ ψ' exactly
 *       (Z3 equivalence), Pre ⇒ ρ valid, α ⇒ (ρ ⇔ Pre) valid, and ρ false at a
 *       witness where Pre is false;
 *   (b) the byte store `mov byte [eax], 5` against a 32-bit read at ebx: the
 *       four byte-level alias conditions; the same checks;
 *   (c) a conditional jump in both directions, a call through a call
 *       transition (pushes $A, $D+1), a ret through a return transition
 *       (must match the top of $A) and through an internal one (rule 12: a
 *       mismatch or an empty stack, sets $V), and call∘ret composed;
 *   (d) a continuing `int 0x80`: the continuing call numbers, `read`'s window
 *       of stored bytes, what it returns as `$sys…` variables, pre_alpha
 *       resolving the window as the witness does, and pre_forget_fresh giving
 *       a predicate without `$sys…` that the original implies (Z3).
 *
 * "Valid" below is checked as: the negation is UNSAT (Z3 via runtime/smt).
 * T_PRE_TIMES=1 in the environment prints the time of every query. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fold.h"
#include "pre.h"
#include "smt.h"
#include "terms.h"

extern const isa_desc x86_isa_desc;

static int fails;
#define CHECK(c)                                                                \
  do {                                                                          \
    if (!(c)) {                                                                 \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c);     \
      fails++;                                                                  \
    }                                                                           \
  } while (0)

/* Known bugs of runtime/ that a check here shows; each entry names the check
 * (the message it prints) and the owner empties the list when fixed.  A check
 * in the list is still run and printed, but does not fail the test. */
static const char *const KNOWN_BUGS[] = {NULL};

static const isa_desc *D;
static tm_ctx *tc;
static fd_vocab V;
static fd_letters *L;
static smt *S;

/* ---- terms ------------------------------------------------------------------ */

static isa_term reg(const char *n) { return tm_var(tc, n, 32); }
static isa_term flag(const char *n) { return tm_var(tc, n, TM_BOOL); }
static isa_term k32(uint64_t x) { return tm_const(tc, x, 32); }
static isa_term k8(uint64_t x) { return tm_const(tc, x, 8); }
static isa_term add(isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_ADD, a, b); }
static isa_term addk(isa_term a, int64_t c) { return add(a, k32((uint64_t)c)); }
static isa_term eq(isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_EQ, a, b); }
static isa_term ne(isa_term a, isa_term b) { return tm_app1(tc, ISA_OP_LNOT, eq(a, b)); }
static isa_term not_(isa_term a) { return tm_app1(tc, ISA_OP_LNOT, a); }
static isa_term and_(isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_LAND, a, b); }
static isa_term or_(isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_LOR, a, b); }
static isa_term iff(isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_IFF, a, b); }
static isa_term implies(isa_term a, isa_term b) { return or_(not_(a), b); }
static isa_term sel(isa_term m, isa_term a) { return tm_app2(tc, ISA_OP_SELECT, m, a); }
static isa_term cat(isa_term hi, isa_term lo) { return tm_app2(tc, ISA_OP_CONCAT, hi, lo); }
/* A 32-bit little-endian word of bytes b0 (lowest address) .. b3. */
static isa_term word4(isa_term b0, isa_term b1, isa_term b2, isa_term b3) { return cat(b3, cat(b2, cat(b1, b0))); }
static isa_term mem32(isa_term m, isa_term a) {
  return word4(sel(m, a), sel(m, addk(a, 1)), sel(m, addk(a, 2)), sel(m, addk(a, 3)));
}

/* ---- validity through Z3 ----------------------------------------------------- */

static const char *what; /* the case being checked, for messages */

static bool known(const char *msg) {
  for (const char *const *k = KNOWN_BUGS; *k; k++)
    if (!strcmp(*k, msg)) return true;
  return false;
}

/* Report a failed check named msg (a KNOWN_BUGS entry does not count). */
static void fail(const char *msg) {
  char full[300];
  snprintf(full, sizeof full, "%s: %s", what, msg);
  bool k = known(full);
  fprintf(stderr, "%s%s\n", k ? "known bug (KNOWN_BUGS): " : "FAIL ", full);
  if (!k) fails++;
}

/* Terms are hash-consed, so a formula asked again is the same term: the
 * answers are kept (some checks repeat at a second witness). */
static struct {
  isa_term f;
  smt_result r;
} asked[512];
static unsigned nasked;

static smt_result check1(isa_term f) {
  for (unsigned i = 0; i < nasked; i++)
    if (asked[i].f == f) return asked[i].r;
  char why[256] = "";
  double t0 = smt_seconds(S);
  smt_result r = smt_check(S, &f, 1, why, sizeof why);
  if (getenv("T_PRE_TIMES")) fprintf(stderr, "%s: query %lu %.3f s\n", what, smt_queries(S), smt_seconds(S) - t0);
  if (r == SMT_UNKNOWN) fprintf(stderr, "%s: the solver answered unknown: %s\n", what, why);
  else if (nasked < 512) asked[nasked].f = f, asked[nasked++].r = r;
  return r;
}
static void valid(isa_term f, const char *msg) {
  if (!f || check1(not_(f)) != SMT_UNSAT) fail(msg);
}
static void unsat(isa_term f, const char *msg) {
  if (!f || check1(f) != SMT_UNSAT) fail(msg);
}

/* ---- witness states ------------------------------------------------------------ */

#define WVARS 256
typedef struct wst {
  uint64_t var[WVARS];
  struct {
    uint32_t arr;
    uint64_t addr;
    uint8_t b;
  } m[64];
  unsigned nm;
} wst;

static uint64_t w_var(void *c, uint32_t i) { return i < WVARS ? ((wst *)c)->var[i] : 0; }
static uint8_t w_mem(void *c, uint32_t arr, uint64_t a) {
  const wst *w = c;
  for (unsigned k = w->nm; k-- > 0;)
    if (w->m[k].arr == arr && w->m[k].addr == a) return w->m[k].b;
  return 0;
}
static void w_set(wst *w, isa_term var, uint64_t v) {
  uint32_t i = tm_var_index(tc, var);
  if (i >= WVARS) {
    fputs("t_pre: too many variables for a witness\n", stderr);
    exit(1);
  }
  w->var[i] = v;
}
/* n bytes of the little-endian value v at address a of array arr */
static void w_store(wst *w, isa_term arr, uint64_t a, uint64_t v, unsigned n) {
  for (unsigned k = 0; k < n; k++) {
    if (w->nm == 64) {
      fputs("t_pre: witness memory full\n", stderr);
      exit(1);
    }
    w->m[w->nm].arr = tm_var_index(tc, arr);
    w->m[w->nm].addr = a + k;
    w->m[w->nm++].b = (uint8_t)(v >> (8 * k));
  }
}
static tm_env env_of(wst *w) { return (tm_env){w, w_var, w_mem}; }
static uint64_t ev(isa_term t, wst *w) {
  tm_env e = env_of(w);
  return tm_eval(tc, t, &e);
}

/* ---- letters and transitions -------------------------------------------------- */

typedef struct ins {
  const uint8_t *b;
  unsigned len;
} ins;
#define INS(...) ((ins){(const uint8_t[]){__VA_ARGS__}, sizeof((const uint8_t[]){__VA_ARGS__})})

static fd_letter letter(uint64_t pc, ins i, unsigned dir) {
  isa_insn in;
  if (D->decode(i.b, i.len, pc, &in) != ISA_DECODE_OK || in.len != i.len) {
    fprintf(stderr, "t_pre: the test's bytes at 0x%llx do not decode as one %u-byte instruction\n",
            (unsigned long long)pc, i.len);
    exit(1);
  }
  return *fd_letter_get(L, fd_intern(L, pc, i.b, i.len, dir, in.id));
}
static pre_post post(uint64_t pc, ins i, unsigned dir, nwa_kind k) {
  fd_letter l = letter(pc, i, dir);
  pre_post p;
  if (pre_post_of(&V, &l, k, &p)) {
    fprintf(stderr, "t_pre: pre_post_of refused the letter at 0x%llx\n", (unsigned long long)pc);
    exit(1);
  }
  return p;
}

/* Does t contain a node of kind k? */
static bool has_kind(isa_term t, int k) {
  if (tm_kind(tc, t) == k) return true;
  if (tm_kind(tc, t) == TM_VAR || tm_kind(tc, t) == TM_CONST) return false;
  for (unsigned i = 0; i < tm_nargs(tc, t); i++)
    if (has_kind(tm_arg(tc, t, i), k)) return true;
  return false;
}

/* The post-state memory of a store is a chain of STOREs over `mem`, one per
 * byte: byte k of the value at p + k.  (The order of the bytes is the
 * spec's; each address is checked by Z3.) */
static void check_store_chain(isa_term m, isa_term p, const uint8_t *bytes, unsigned n) {
  unsigned seen = 0, count = 0;
  for (; tm_kind(tc, m) == ISA_OP_STORE; m = tm_arg(tc, m, 0), count++) {
    isa_term a = tm_arg(tc, m, 1);
    uint64_t v;
    bool isk = tm_is_const(tc, tm_arg(tc, m, 2), &v);
    unsigned k = 0;
    while (k < n && check1(ne(a, addk(p, k))) != SMT_UNSAT) k++;
    if (k == n || !isk || v != bytes[k] || (seen >> k & 1)) fail("a store of the post-state is not one of the instruction's bytes");
    seen |= 1u << (k & 31);
  }
  if (m != V.mem || count != n) fail("the post-state memory is not a chain of byte stores over mem");
}

/* Pre_α at witness w: α ⇔ alpha_exp, ρ ⇔ ¬alpha_exp ∨ psi1_exp, ρ reads
 * memory only through `mem` (ψ' resolved: no store left), Pre ⇒ ρ,
 * α ⇒ (ρ ⇔ Pre), α holds at w, and Pre and ρ both have value pre_at_w at w. */
static void check_alpha(isa_term pre, wst *w, isa_term alpha_exp, isa_term psi1_exp, int pre_at_w) {
  tm_env e = env_of(w);
  isa_term alpha = 0;
  isa_term rho = pre_alpha(&V, pre, &e, &alpha);
  if (!rho || !alpha) {
    fail("pre_alpha returned no term");
    return;
  }
  valid(iff(alpha, alpha_exp), "alpha is not the expected aliasing condition");
  valid(iff(rho, or_(not_(alpha_exp), psi1_exp)), "rho is not (not alpha) or psi'");
  if (has_kind(rho, ISA_OP_STORE)) fail("rho still reads through a store");
  valid(implies(pre, rho), "Pre does not imply rho");
  valid(implies(alpha, iff(rho, pre)), "under alpha, rho is not equivalent to Pre");
  if (ev(alpha, w) != 1) fail("alpha does not hold at its witness");
  if (ev(pre, w) != (uint64_t)pre_at_w) fail("Pre has the wrong value at the witness");
  if (ev(rho, w) != (uint64_t)pre_at_w) fail("rho has the wrong value at the witness");
}

/* (a) §3.4's example, byte-addressable (Fig. 8). */
static void t_paper_example(void) {
  what = "mov [eax], 5";
  static const uint8_t five[4] = {5, 0, 0, 0};
  pre_post pp = post(0x1000, INS(0xC7, 0x00, 0x05, 0x00, 0x00, 0x00), 0, NWA_INTERNAL);
  isa_term eax = reg("EAX"), ebp = reg("EBP"), mem = V.mem;
  check_store_chain(pp.mem, eax, five, 4);
  valid(pp.cond, "a store should always be possible (no trap)");
  isa_term x = addk(ebp, -8), y = addk(ebp, -12);
  isa_term psi = eq(add(mem32(mem, x), mem32(mem, y)), k32(10));
  isa_term pre = pre_exact(&V, &pp, psi);
  /* the read-over-write form: every read of ψ became a read of the stored-to
   * memory (x + j, y + j for j = 0..3 are not provably equal to or different
   * from eax + k, so no read is simplified away) */
  if (!has_kind(pre, ISA_OP_STORE)) fail("Pre does not read through the store");
  /* Pre = ψ[M ← S'(M)] (§3.4) ... */
  valid(iff(pre, eq(add(mem32(pp.mem, x), mem32(pp.mem, y)), k32(10))), "Pre is not psi[M <- S'(M)]");
  /* ... and each of its byte reads is the ite of Fig. 8:
   *   ite(a = p+3, 0, ite(a = p+2, 0, ite(a = p+1, 0, ite(a = p, 5, M(a)))))
   * (checked byte by byte: Z3 proves the whole Fig. 8 formula equivalent
   * too, but takes seconds over the two 32-bit additions) */
  for (int w = 0; w < 2; w++)
    for (int j = 0; j < 4; j++) {
      isa_term a = addk(w ? y : x, j), r = sel(mem, a);
      for (int k = 0; k < 4; k++) r = tm_ite(tc, eq(a, addk(eax, k)), k8(five[k]), r);
      valid(eq(sel(pp.mem, a), r), "a byte read of Pre is not the Fig. 8 ite");
    }

  /* Witness 1, the paper's: eax = ebp - 8 (eax holds &x).  Eqn. (2):
   * ψ' = 5 + M(ebp-12) = 10, α ⇔ eax = ebp - 8 (the other conjuncts, the
   * disequalities, follow from it).  M(ebp-12) = 3: Pre is false there. */
  static wst w;
  memset(&w, 0, sizeof w);
  w_set(&w, ebp, 0x8000);
  w_set(&w, eax, 0x7FF8);
  w_store(&w, mem, 0x7FF4, 3, 4);
  check_alpha(pre, &w, eq(eax, x), eq(add(k32(5), mem32(mem, y)), k32(10)), 0);
  w_store(&w, mem, 0x7FF4, 5, 4); /* now 5 + 5 = 10: Pre holds */
  check_alpha(pre, &w, eq(eax, x), eq(add(k32(5), mem32(mem, y)), k32(10)), 1);

  /* Witness 2, a partial overlap (1 <= |k1 - k2| <= 3, where the word-level
   * rule would be wrong): eax = ebp - 10, so bytes x+0, x+1 get 0, 0 and
   * bytes y+2, y+3 get 5, 0. */
  memset(&w, 0, sizeof w);
  w_set(&w, ebp, 0x8000);
  w_set(&w, eax, 0x7FF6);
  w_store(&w, mem, 0x7FF4, 0x11223344, 4);
  w_store(&w, mem, 0x7FF8, 0x55667788, 4);
  isa_term px = word4(k8(0), k8(0), sel(mem, addk(x, 2)), sel(mem, addk(x, 3)));
  isa_term py = word4(sel(mem, y), sel(mem, addk(y, 1)), k8(5), k8(0));
  check_alpha(pre, &w, eq(eax, addk(ebp, -10)), eq(add(px, py), k32(10)), 0);

  /* Witness 3, no aliasing: eax = ebp + 0x1000.  α is the conjunction of
   * the 32 byte-level disequalities x+j ≠ p+k, y+j ≠ p+k; ψ' is ψ. */
  memset(&w, 0, sizeof w);
  w_set(&w, ebp, 0x8000);
  w_set(&w, eax, 0x9000);
  w_store(&w, mem, 0x7FF8, 4, 4);
  w_store(&w, mem, 0x7FF4, 5, 4);
  isa_term a32 = tm_true(tc);
  for (int j = 0; j < 4; j++)
    for (int k = 0; k < 4; k++) a32 = and_(a32, and_(ne(addk(x, j), addk(eax, k)), ne(addk(y, j), addk(eax, k))));
  check_alpha(pre, &w, a32, psi, 0);
  w_store(&w, mem, 0x7FF8, 5, 4);
  check_alpha(pre, &w, a32, psi, 1);
  pre_post_free(&pp);
}

/* (b) a byte store against a 32-bit read: four byte-level alias conditions. */
static void t_byte_store(void) {
  what = "mov byte [eax], 5";
  static const uint8_t five[1] = {5};
  pre_post pp = post(0x1000, INS(0xC6, 0x00, 0x05), 0, NWA_INTERNAL);
  isa_term eax = reg("EAX"), ebx = reg("EBX"), mem = V.mem;
  check_store_chain(pp.mem, eax, five, 1);
  isa_term psi = eq(mem32(mem, ebx), k32(7));
  isa_term pre = pre_exact(&V, &pp, psi);
  isa_term b[4], byte[4];
  for (int j = 0; j < 4; j++) {
    byte[j] = sel(mem, addk(ebx, j));
    b[j] = tm_ite(tc, eq(addk(ebx, j), eax), k8(5), byte[j]);
  }
  valid(iff(pre, eq(word4(b[0], b[1], b[2], b[3]), k32(7))), "Pre is not the byte-level ite formula");
  static wst w;
  for (int j = 0; j < 4; j++) { /* eax = ebx + j: byte j is the 5 */
    memset(&w, 0, sizeof w);
    w_set(&w, ebx, 0x5000);
    w_set(&w, eax, 0x5000 + (uint64_t)j);
    isa_term r[4] = {byte[0], byte[1], byte[2], byte[3]};
    r[j] = k8(5);
    check_alpha(pre, &w, eq(eax, addk(ebx, j)), eq(word4(r[0], r[1], r[2], r[3]), k32(7)), 0);
  }
  memset(&w, 0, sizeof w); /* eax = ebx - 1: no aliasing, though next to it */
  w_set(&w, ebx, 0x5000);
  w_set(&w, eax, 0x4FFF);
  w_store(&w, mem, 0x5000, 7, 4);
  isa_term a4 = and_(and_(ne(ebx, eax), ne(addk(ebx, 1), eax)), and_(ne(addk(ebx, 2), eax), ne(addk(ebx, 3), eax)));
  check_alpha(pre, &w, a4, psi, 1);
  w_store(&w, mem, 0x5000, 8, 4);
  check_alpha(pre, &w, a4, psi, 0);
  pre_post_free(&pp);
}

/* (c) control flow: branch directions and the auxiliary stack of §3.5. */
static void t_control(void) {
  isa_term zf = flag("ZF"), eip = reg("EIP"), esp = reg("ESP"), Dd = V.D, A = V.A, mem = V.mem;
  {
    what = "jne 0x1012 at 0x1000";
    ins jne = INS(0x75, 0x10);
    pre_post t = post(0x1000, jne, 1, NWA_INTERNAL), f = post(0x1000, jne, 0, NWA_INTERNAL);
    valid(iff(t.cond, not_(zf)), "taken: cond is not !ZF");
    valid(iff(f.cond, zf), "not taken: cond is not ZF");
    valid(iff(pre_exact(&V, &t, eq(eip, k32(0x1012))), not_(zf)), "Pre(taken, PC = target) is not !ZF");
    unsat(pre_exact(&V, &t, eq(eip, k32(0x1002))), "Pre(taken, PC = next) is satisfiable");
    valid(iff(pre_exact(&V, &f, eq(eip, k32(0x1002))), zf), "Pre(not taken, PC = next) is not ZF");
    unsat(pre_exact(&V, &f, eq(eip, k32(0x1012))), "Pre(not taken, PC = target) is satisfiable");
    pre_post_free(&t);
    pre_post_free(&f);
  }
  isa_term top = pre_aux_word(&V, A, tm_app2(tc, ISA_OP_SUB, Dd, k32(1))); /* $A[$D-1] */
  ins call = INS(0xE8, 0xFB, 0x0F, 0x00, 0x00), ret = INS(0xC3);
  {
    what = "call 0x2000 at 0x1000 (call transition)";
    pre_post c = post(0x1000, call, 0, NWA_CALL);
    valid(c.cond, "a call should always be possible");
    valid(iff(pre_exact(&V, &c, eq(Dd, k32(1))), eq(Dd, k32(0))), "the call does not add 1 to $D");
    valid(pre_exact(&V, &c, eq(top, k32(0x1005))), "the call does not push its return address on $A");
    valid(pre_exact(&V, &c, eq(eip, k32(0x2000))), "the call does not go to 0x2000");
    valid(pre_exact(&V, &c, eq(mem32(mem, esp), k32(0x1005))), "the call does not push on the processor stack");
    valid(iff(pre_exact(&V, &c, eq(esp, k32(0x7FFC))), eq(esp, k32(0x8000))), "the call does not take 4 from ESP");
    /* word 0 of $A changes only when the push lands on it: $D*4 = 0 mod 2^32 */
    isa_term w0 = pre_aux_word(&V, A, k32(0));
    valid(iff(pre_exact(&V, &c, eq(w0, k32(0x1005))),
              or_(eq(tm_app2(tc, ISA_OP_MUL, Dd, k32(4)), k32(0)), eq(w0, k32(0x1005)))),
          "the push touches other words of $A");
    valid(iff(pre_exact(&V, &c, V.V), V.V), "a call changes $V");
    pre_post_free(&c);
  }
  isa_term match = and_(ne(Dd, k32(0)), eq(mem32(mem, esp), top));
  {
    what = "ret at 0x2000 (return transition)";
    pre_post r = post(0x2000, ret, 0, NWA_RETURN);
    valid(iff(r.cond, match), "cond is not: $D != 0 and the popped address is $A[$D-1]");
    valid(iff(pre_exact(&V, &r, eq(Dd, k32(0))), and_(match, eq(Dd, k32(1)))), "the return does not pop $D");
    valid(iff(pre_exact(&V, &r, eq(eip, k32(0x1005))), and_(match, eq(mem32(mem, esp), k32(0x1005)))),
          "the return does not go to the popped address");
    valid(iff(pre_exact(&V, &r, V.V), and_(match, V.V)), "a matching return changes $V");
    static wst w;
    memset(&w, 0, sizeof w);
    w_set(&w, esp, 0x8000);
    w_set(&w, Dd, 1);
    w_store(&w, A, 0, 0x1005, 4);
    w_store(&w, mem, 0x8000, 0x1005, 4);
    CHECK(ev(pre_exact(&V, &r, tm_true(tc)), &w) == 1);
    w_store(&w, mem, 0x8000, 0x1006, 4); /* a smashed return address */
    CHECK(ev(pre_exact(&V, &r, tm_true(tc)), &w) == 0);
    pre_post_free(&r);

    what = "ret at 0x2000 (internal transition, rule 12)";
    r = post(0x2000, ret, 0, NWA_INTERNAL);
    valid(iff(r.cond, not_(match)), "cond is not: $D = 0 or a mismatch");
    valid(iff(pre_exact(&V, &r, V.V), not_(match)), "rule 12 does not set $V");
    unsat(pre_exact(&V, &r, not_(V.V)), "rule 12 can leave $V false");
    valid(iff(pre_exact(&V, &r, eq(Dd, k32(0))), or_(eq(Dd, k32(0)), and_(eq(Dd, k32(1)), not_(match)))),
          "rule 12 does not pop a non-empty $D (or keeps 0)");
    CHECK(ev(pre_exact(&V, &r, V.V), &w) == 1); /* the smashed return address */
    w_store(&w, mem, 0x8000, 0x1005, 4);
    CHECK(ev(pre_exact(&V, &r, V.V), &w) == 0);
    w_set(&w, Dd, 0); /* Defn. 3 (i): nothing pending */
    CHECK(ev(pre_exact(&V, &r, V.V), &w) == 1);
    pre_post_free(&r);
  }
  {
    /* call then ret at the callee's entry: the return-address predicate goes
     * back through the call that pushed it (architecture §9) */
    what = "call 0x2000; ret";
    pre_post c = post(0x1000, call, 0, NWA_CALL), r = post(0x2000, ret, 0, NWA_RETURN), x = post(0x2000, ret, 0, NWA_INTERNAL);
    isa_term full = eq(Dd, k32(0xFFFFFFFF)); /* $D + 1 wraps to 0 */
    valid(iff(pre_exact(&V, &c, pre_exact(&V, &r, eq(eip, k32(0x1005)))), not_(full)), "the pushed return does not match");
    valid(iff(pre_exact(&V, &c, pre_exact(&V, &x, V.V)), full), "an immediate return is an AE violation");
    pre_post_free(&c);
    pre_post_free(&r);
    pre_post_free(&x);
  }
}

/* (d) a continuing system call: its numbers, `read`'s window, `$sys…`. */
static void t_syscall(void) {
  isa_term eax = reg("EAX"), ebx = reg("EBX"), ecx = reg("ECX"), edx = reg("EDX"), mem = V.mem;
  ins sys = INS(0xCD, 0x80);
  what = "int 0x80 (exit)";
  pre_post x = post(0x1000, sys, 1, NWA_INTERNAL);
  valid(iff(x.cond, or_(eq(eax, k32(1)), eq(eax, k32(252)))), "cond is not: exit or exit_group");
  CHECK(x.win_cond == 0);
  pre_post_free(&x);

  what = "int 0x80 (continuing)";
  pre_post p = post(0x1000, sys, 0, NWA_INTERNAL);
  isa_term cont = or_(or_(eq(eax, k32(3)), eq(eax, k32(4))), eq(eax, k32(45))); /* read, write, brk */
  valid(iff(p.cond, cont), "cond is not: read, write or brk");
  if (!p.win_cond || !p.win_lo || !p.win_len) {
    fail("no window for read");
    pre_post_free(&p);
    return;
  }
  valid(iff(p.win_cond, eq(eax, k32(3))), "the window is not read's");
  valid(eq(p.win_lo, ecx), "the window does not start at ECX");
  valid(eq(p.win_len, edx), "the window's length is not EDX");

  /* a byte the read may have stored: ite(in the window, $sysmem[a], mem[a]) */
  isa_term a = k32(0x5000), psi = eq(sel(mem, a), k8(0x41));
  isa_term pre = pre_exact(&V, &p, psi);
  isa_term in = and_(eq(eax, k32(3)), tm_app2(tc, ISA_OP_ULT, tm_app2(tc, ISA_OP_SUB, a, ecx), edx));
  isa_term sysmem = tm_find_var(tc, "$sysmem", TM_ARRAY);
  if (!sysmem) {
    fail("Pre of a read's byte does not mention $sysmem");
    pre_post_free(&p);
    return;
  }
  valid(iff(pre, and_(cont, eq(tm_ite(tc, in, sel(sysmem, a), sel(mem, a)), k8(0x41)))),
        "Pre is not cond and ite(in the window, $sysmem[a], mem[a]) = 0x41");
  CHECK(pre_mentions_fresh(tc, pre));
  CHECK(!pre_mentions_fresh(tc, psi) && !pre_mentions_fresh(tc, p.cond));
  isa_term f = pre_forget_fresh(tc, pre);
  CHECK(!pre_mentions_fresh(tc, f));
  valid(implies(pre, f), "Pre does not imply its weakening");
  valid(iff(f, cont), "the weakening is not cond (the atom about $sysmem becomes true)");

  /* pre_alpha resolves the window as the witness does */
  static wst w;
  memset(&w, 0, sizeof w);
  w_set(&w, eax, 3);
  w_set(&w, ecx, 0x6000); /* the buffer is elsewhere */
  w_set(&w, edx, 16);
  w_store(&w, mem, 0x5000, 0x41, 1);
  tm_env e = env_of(&w);
  isa_term alpha = 0, rho = pre_alpha(&V, pre, &e, &alpha);
  CHECK(!pre_mentions_fresh(tc, rho));
  valid(iff(alpha, not_(in)), "outside the window: alpha is not 'not in the window'");
  valid(iff(rho, or_(in, and_(cont, psi))), "outside the window: rho is not (in window) or (cond and psi)");
  valid(implies(pre, rho), "outside the window: Pre does not imply rho");
  CHECK(ev(rho, &w) == 1);
  w_set(&w, ecx, 0x4FF8); /* now the buffer covers 0x5000 */
  rho = pre_alpha(&V, pre, &e, &alpha);
  valid(iff(alpha, in), "inside the window: alpha is not 'in the window'");
  CHECK(pre_mentions_fresh(tc, rho));
  f = pre_forget_fresh(tc, rho);
  CHECK(!pre_mentions_fresh(tc, f));
  valid(implies(pre, f), "inside the window: Pre does not imply the weakened rho");
  valid(iff(f, or_(not_(in), cont)), "inside the window: the weakened rho is not (not in window) or cond");

  /* what the call returns: EAX after it is $sysret */
  what = "int 0x80 (continuing), result";
  isa_term r0 = eq(eax, k32(0));
  pre = pre_exact(&V, &p, r0);
  isa_term sysret = tm_find_var(tc, "$sysret", 32);
  CHECK(sysret != 0);
  if (sysret) valid(iff(pre, and_(cont, eq(sysret, k32(0)))), "Pre(EAX = 0) is not cond and $sysret = 0");
  valid(iff(pre_forget_fresh(tc, pre), cont), "weakening a positive atom about $sysret");
  pre = pre_exact(&V, &p, and_(not_(r0), eq(ebx, k32(7))));
  f = pre_forget_fresh(tc, pre);
  CHECK(!pre_mentions_fresh(tc, f));
  valid(implies(pre, f), "Pre does not imply its weakening (negative atom)");
  valid(iff(f, and_(cont, eq(ebx, k32(7)))), "the weakening loses the atoms without $sys");
  pre = pre_exact(&V, &p, or_(r0, eq(ebx, k32(7))));
  valid(implies(pre, pre_forget_fresh(tc, pre)), "Pre does not imply its weakening (disjunction)");
  pre_post_free(&p);
}

int main(void) {
  D = &x86_isa_desc;
  tc = tm_new(D->addr_bits);
  fd_vocab_init(&V, D, tc);
  L = fd_letters_new();
  S = smt_new(tc, 20000);
  t_paper_example();
  t_byte_store();
  t_control();
  t_syscall();
  if (tm_error(tc)) {
    fprintf(stderr, "term misuse: %s\n", tm_error(tc));
    fails++;
  }
  printf("runtime.pre: %lu solver queries in %.2f s\n", smt_queries(S), smt_seconds(S));
  smt_free(S);
  fd_letters_free(L);
  tm_free(tc);
  if (fails) {
    fprintf(stderr, "runtime.pre: %d check(s) failed\n", fails);
    return 1;
  }
  puts("runtime.pre: all checks passed");
  return 0;
}
