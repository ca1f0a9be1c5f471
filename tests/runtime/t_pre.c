/* t_pre.c — unit tests of runtime/verify/pre.c: Pre and Pre_α (MCVETO report §3.4)
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
 *   (d) `int 0x80`: exit in direction 1, the continuing call numbers in
 *       direction 0; `read` exact over standard input (`$in`, `$inlen`,
 *       `$ip`): its window (read(0, ...), at ECX, of length
 *       got = min(EDX, 4096, $inlen - $ip) — Z3 against a differently shaped
 *       min and its defining properties), Pre of a buffer byte equivalent to
 *       ite(in the window, $in[$ip + off], mem[a]), the post $ip and EAX (got,
 *       -EBADF for fd != 0; for a write, count from a buffer inside a
 *       range that stays readable (or count 0) to fd 1 or 2, -EBADF to
 *       another fd, else $sysret); direction 2, a read that failed
 *       with EFAULT (-14, nothing stored or consumed); pre_alpha resolving the
 *       window inside and outside it (short read, end of input, another
 *       buffer, fd 1, a write) at witnesses; the post-state against exec.c
 *       (the oracle) on 12 concrete reads, EAX, EIP, $ip and 64 bytes of
 *       memory each (short reads, end of input, count 0 and 2^32-1, over
 *       EX_READ_MAX, EBADF, EFAULT) and 6 writes (fd 1 and 2, count 0,
 *       EBADF); and pre_forget_fresh on what a write
 *       returns (`$sysret` atoms weakened, implied by the original, no
 *       stronger than the atoms without `$sys`).
 *
 * "Valid" below is checked as: the negation is UNSAT (Z3 via runtime/smt).
 * T_PRE_TIMES=1 in the environment prints the time of every query. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec.h"
#include "fold.h"
#include "inputs.h"
#include "mem.h"
#include "pre.h"
#include "smt.h"
#include "terms.h"

extern const isa_desc x86_isa_desc;

#include "tcheck.h"

/* Known bugs of runtime/ that a check here shows; each entry names the check
 * (the message it prints) and the owner empties the list when fixed.  A check
 * in the list is still run and printed, but does not fail the test. */
static const char *const KNOWN_BUGS[] = {NULL};

static const isa_desc *D;
static tm_ctx *tc;
static fold_vocab V;
static fold_letters *L;
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
#define WMEM 128
typedef struct wst {
  uint64_t var[WVARS];
  struct {
    uint32_t arr;
    uint64_t addr;
    uint8_t b;
  } m[WMEM];
  unsigned nm;
  /* if in_arr != 0: array in_arr - 1 (`$in`) is nin bytes of in_byte(j),
   * then zeros (a long standard input without a store per byte) */
  uint32_t in_arr;
  size_t nin;
} wst;

/* Byte j of a long witness input: letters, unlike the bytes of memory. */
static uint8_t in_byte(uint64_t j) { return (uint8_t)('A' + j % 26); }

static uint64_t w_var(void *c, uint32_t i) { return i < WVARS ? ((wst *)c)->var[i] : 0; }
static uint8_t w_mem(void *c, uint32_t arr, uint64_t a) {
  const wst *w = c;
  if (w->in_arr && arr == w->in_arr - 1) return a < w->nin ? in_byte(a) : 0;
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
    if (w->nm == WMEM) {
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

static fold_letter letter(uint64_t pc, ins i, unsigned dir) {
  isa_insn in;
  if (D->decode(i.b, i.len, pc, &in) != ISA_DECODE_OK || in.len != i.len) {
    fprintf(stderr, "t_pre: the test's bytes at 0x%llx do not decode as one %u-byte instruction\n",
            (unsigned long long)pc, i.len);
    exit(1);
  }
  return *fold_letter_get(L, fold_intern(L, pc, i.b, i.len, dir, in.id));
}
static pre_post post(uint64_t pc, ins i, unsigned dir, nwa_kind k) {
  fold_letter l = letter(pc, i, dir);
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

/* (d) a continuing system call: its numbers; `read` from standard input,
 * exact over `$in`, `$inlen`, `$ip` (exec.h, pre.h); a `read` that failed
 * with EFAULT (direction 2); `$sys…` for what the other calls return. */

static isa_term ult(isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_ULT, a, b); }
static isa_term ule(isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_ULE, a, b); }
static isa_term sub(isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_SUB, a, b); }

static unsigned reg_index(const char *n) {
  for (unsigned i = 0; i < D->nregs; i++)
    if (!strcmp(D->regs[i].name, n)) return i;
  fprintf(stderr, "t_pre: the descriptor has no register %s\n", n);
  exit(1);
}

/* ---- exec.c as the oracle of one `int 0x80` ------------------------------- */

/* The bytes compared after the call: [SYS_LO, SYS_LO + SYS_N), mapped
 * writable with 0xA0 + i at SYS_LO + i (so that what `read` stored shows). */
#define SYS_LO 0x4FF0u
#define SYS_N 64u

typedef struct sys_case {
  const char *name;
  uint32_t eax, ebx, ecx, edx;
  size_t nin;     /* standard input: nin bytes of in_byte(j) */
  size_t ip;      /* of which ip were consumed before the call */
  unsigned dir;   /* the letter a run takes: 0, or 2 for a read that failed with EFAULT */
} sys_case;

typedef struct sys_out {
  uint32_t eax, eip;
  size_t ip;
  uint8_t mem[SYS_N];
} sys_out;

/* Run the case's `int 0x80` at 0x1000 in exec.c: code at [0x1000, 0x2000),
 * [0x4000, 0x7000) writable, nothing at 0x9000.  0, or -1 if the run did
 * not stop after the one step. */
static int run_exec(const sys_case *c, sys_out *o) {
  static const uint8_t code[2] = {0xCD, 0x80};
  uint8_t pat[SYS_N];
  for (unsigned i = 0; i < SYS_N; i++) pat[i] = (uint8_t)(0xA0 + i);
  mem_space *m = mem_new(D->addr_bits);
  if (mem_map(m, 0x1000, 0x1000, MEM_R | MEM_X, MEM_ZERO) || mem_map(m, 0x4000, 0x3000, MEM_R | MEM_W, MEM_ZERO) ||
      mem_poke(m, 0x1000, 2, code, NULL) || mem_poke(m, SYS_LO, SYS_N, pat, NULL)) {
    fputs("t_pre: cannot set up the memory of the exec.c run\n", stderr);
    exit(1);
  }
  in_assign *in = in_new(IN_FIXED, 0);
  uint8_t *bytes = malloc(c->nin + 1);
  if (!bytes) exit(3);
  for (size_t j = 0; j < c->nin; j++) bytes[j] = in_byte(j);
  in_append_stdin(in, bytes, c->nin);
  if (c->ip && in_stdin(in, bytes, c->ip) != (long)c->ip) { /* consume ip bytes */
    fputs("t_pre: cannot consume the case's input\n", stderr);
    exit(1);
  }
  free(bytes);
  ex_machine *x = ex_new(D, m, NULL, in);
  uint64_t *r = ex_regs(x);
  r[reg_index("EIP")] = 0x1000;
  r[reg_index("EAX")] = c->eax;
  r[reg_index("EBX")] = c->ebx;
  r[reg_index("ECX")] = c->ecx;
  r[reg_index("EDX")] = c->edx;
  static FILE *devnull;
  if (!devnull && !(devnull = fopen("/dev/null", "w"))) {
    fputs("t_pre: cannot open /dev/null\n", stderr);
    exit(1);
  }
  ex_opts opts = {.max_steps = 1, .out = devnull, .err = devnull}; /* as dpg's runs */
  ex_result res = ex_run(x, &opts);
  int rc = res.status == EX_BUDGET && res.steps == 1 ? 0 : -1;
  o->eax = (uint32_t)r[reg_index("EAX")];
  o->eip = (uint32_t)r[reg_index("EIP")];
  o->ip = in_stdin_pos(in);
  if (mem_peek(m, SYS_LO, SYS_N, o->mem, NULL, NULL)) rc = -1;
  ex_free(x);
  in_free(in);
  mem_free(m);
  return rc;
}

/* The case's pre-state as a witness: registers, `$in` (in_byte), `$inlen`,
 * `$ip`, and the compared bytes of mem. */
static void case_witness(const sys_case *c, wst *w) {
  memset(w, 0, sizeof *w);
  w_set(w, reg("EAX"), c->eax);
  w_set(w, reg("EBX"), c->ebx);
  w_set(w, reg("ECX"), c->ecx);
  w_set(w, reg("EDX"), c->edx);
  w_set(w, reg("EIP"), 0x1000);
  w_set(w, V.inlen, c->nin);
  w_set(w, V.ip, c->ip);
  w->in_arr = tm_var_index(tc, V.in) + 1;
  w->nin = c->nin;
  for (unsigned i = 0; i < SYS_N; i++) w_store(w, V.mem, SYS_LO + i, 0xA0 + i, 1);
}

/* The model against exec.c on one case: the letter the run takes is
 * possible at the case's pre-state, and the post-state's EAX, EIP, `$ip` and
 * every compared byte (through Pre of mem[t_addr] = t_val) are the run's. */
static void check_case(const sys_case *c, const pre_post *p) {
  char msg[200];
  sys_out o;
  if (run_exec(c, &o)) {
    snprintf(msg, sizeof msg, "%s: exec.c did not run the one int 0x80", c->name);
    fail(msg);
    return;
  }
  static wst w;
  case_witness(c, &w);
  isa_term ta = reg("t_addr"), tv = tm_var(tc, "t_val", 8);
  isa_term byte = pre_exact(&V, p, eq(sel(V.mem, ta), tv));
  const struct {
    const char *what;
    isa_term t;
    uint64_t want;
  } at[] = {{"the letter is not possible", p->cond, 1},
            {"EAX after it is not exec.c's", p->reg[reg_index("EAX")], o.eax},
            {"EIP after it is not exec.c's", p->reg[reg_index("EIP")], o.eip},
            {"$ip after it is not what exec.c consumed", p->ip, o.ip}};
  for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
    uint64_t got = ev(at[k].t, &w);
    if (got != at[k].want) {
      snprintf(msg, sizeof msg, "%s: %s (model 0x%llx, exec.c 0x%llx)", c->name, at[k].what,
               (unsigned long long)got, (unsigned long long)at[k].want);
      fail(msg);
    }
  }
  unsigned bad = 0;
  for (unsigned i = 0; i < SYS_N; i++) {
    w_set(&w, ta, SYS_LO + i);
    w_set(&w, tv, o.mem[i]);
    if (ev(byte, &w) != 1 && !bad++) {
      snprintf(msg, sizeof msg, "%s: the byte at 0x%x after it is not exec.c's 0x%02x", c->name, SYS_LO + i, o.mem[i]);
      fail(msg);
    }
  }
}

/* The system call's arguments EBX, ECX, EDX are the same after it. */
static isa_term args_kept(const pre_post *p) {
  isa_term k = tm_true(tc);
  static const char *const args[] = {"EBX", "ECX", "EDX"};
  for (unsigned i = 0; i < 3; i++) k = and_(k, eq(p->reg[reg_index(args[i])], reg(args[i])));
  return k;
}

static void t_syscall(void) {
  isa_term eax = reg("EAX"), ebx = reg("EBX"), ecx = reg("ECX"), edx = reg("EDX"), mem = V.mem;
  isa_term in = V.in, inlen = V.inlen, ip = V.ip;
  unsigned rEAX = reg_index("EAX");
  ins sys = INS(0xCD, 0x80);
  what = "int 0x80 (exit)";
  pre_post x = post(0x1000, sys, 1, NWA_INTERNAL);
  valid(iff(x.cond, or_(eq(eax, k32(1)), eq(eax, k32(252)))), "cond is not: exit or exit_group");
  CHECK(x.win_cond == 0);
  pre_post_free(&x);

  what = "int 0x80 (continuing)";
  /* the ranges that stay readable: run_exec's memory, as dpg gives them */
  static const uint64_t rd[] = {0x1000, 0x1FFF, 0x4000, 0x6FFF};
  V.rd = rd;
  V.nrd = 2;
  pre_post p = post(0x1000, sys, 0, NWA_INTERNAL);
  isa_term cont = or_(or_(eq(eax, k32(3)), eq(eax, k32(4))), eq(eax, k32(45))); /* read, write, brk */
  valid(iff(p.cond, cont), "cond is not: read, write or brk");
  if (!p.win_cond || !p.win_lo || !p.win_len || !p.ip) {
    fail("no window or no $ip for read");
    pre_post_free(&p);
    return;
  }
  /* read(fd = EBX, buf = ECX, count = EDX) from fd 0 stores
   * got = min(count, EX_READ_MAX, what is left of the input) bytes,
   * written here in another shape than pre.c's.  What is left is
   * $inlen - $ip: $ip <=u $inlen in every state a run can be in (it starts
   * at 0 and a read advances it by at most that), and the model says
   * nothing about other states */
  isa_term ok = and_(eq(eax, k32(3)), eq(ebx, k32(0)));
  isa_term left = sub(inlen, ip);
  isa_term kmax = tm_ite(tc, ule(k32(4096), edx), k32(4096), edx);
  isa_term got = tm_ite(tc, ult(left, kmax), left, kmax);
  valid(iff(p.win_cond, ok), "the window is not read(0, ...)'s");
  valid(eq(p.win_lo, ecx), "the window does not start at ECX");
  valid(eq(p.win_len, got), "the window's length is not min(EDX, 4096, $inlen - $ip)");
  /* the same, as properties of a minimum: a bound of each, and one of them */
  isa_term len = p.win_len;
  valid(and_(ule(len, edx), ule(len, k32(4096))), "the window is longer than the count or 4096");
  valid(implies(ule(ip, inlen), ule(len, sub(inlen, ip))), "the window is longer than what is left");
  valid(implies(eq(ip, inlen), eq(len, k32(0))), "the window is not empty at the end of the input");
  valid(or_(or_(eq(len, edx), eq(len, k32(4096))), eq(len, sub(inlen, ip))),
        "the window's length is none of count, 4096, what is left");
  isa_term ip1 = tm_ite(tc, ok, add(ip, got), ip);
  valid(eq(p.ip, ip1), "$ip after it is not: $ip + got after read(0, ...), else $ip");
  valid(iff(pre_exact(&V, &p, eq(ip, inlen)), and_(cont, eq(ip1, inlen))),
        "Pre($ip = $inlen) is not cond and $ip' = $inlen");
  isa_term sysret = tm_find_var(tc, "$sysret", 32);
  if (!sysret) fail("EAX after it does not mention $sysret");
  else {
    /* write(fd, buf, count): count from a buffer inside one readable range
     * (or count 0) to fd 1 or 2, -EBADF to another fd, else unknown */
    isa_term inside = or_(and_(and_(ule(k32(0x1000), ecx), ule(ecx, k32(0x1FFF))), ule(sub(edx, k32(1)), sub(k32(0x1FFF), ecx))),
                          and_(and_(ule(k32(0x4000), ecx), ule(ecx, k32(0x6FFF))), ule(sub(edx, k32(1)), sub(k32(0x6FFF), ecx))));
    isa_term w = tm_ite(tc, or_(eq(ebx, k32(1)), eq(ebx, k32(2))), tm_ite(tc, or_(eq(edx, k32(0)), inside), edx, sysret),
                        k32((uint32_t)-9));
    isa_term r = tm_ite(tc, eq(eax, k32(3)), tm_ite(tc, eq(ebx, k32(0)), got, k32((uint32_t)-9)),
                        tm_ite(tc, eq(eax, k32(4)), w, sysret));
    valid(eq(p.reg[rEAX], r),
          "EAX after it is not: got from fd 0, -EBADF from another; a write's count, -EBADF or $sysret; else $sysret");
  }
  valid(eq(p.reg[reg_index("EIP")], k32(0x1002)), "EIP after it is not the next instruction");
  valid(args_kept(&p), "EBX, ECX, EDX change");

  /* a byte the read may have stored: ite(in the window, $in[$ip + off], mem[a]) */
  isa_term a = k32(0x5000), psi = eq(sel(mem, a), k8(0x41)), off = sub(a, ecx);
  isa_term pre = pre_exact(&V, &p, psi);
  isa_term inw = and_(ok, ult(off, got));
  valid(iff(pre, and_(cont, eq(tm_ite(tc, inw, sel(in, add(ip, off)), sel(mem, a)), k8(0x41)))),
        "Pre is not cond and ite(in the window, $in[$ip + a - ECX], mem[a]) = 0x41");
  CHECK(!pre_mentions_fresh(tc, psi) && !pre_mentions_fresh(tc, p.cond));
  CHECK(!pre_mentions_fresh(tc, pre)); /* read is exact: nothing fresh */

  /* pre_alpha resolves the window as the witness does */
  static wst w;
  memset(&w, 0, sizeof w);
  w_set(&w, eax, 3);
  w_set(&w, ecx, 0x4FF8); /* the buffer covers 0x5000, at offset 8 */
  w_set(&w, edx, 16);
  w_set(&w, inlen, 30);
  w_set(&w, ip, 2); /* 0x5000 gets $in[10] */
  w_store(&w, in, 10, 0x41, 1);
  w_store(&w, mem, 0x5000, 0x41, 1); /* what was there: not what Pre sees */
  isa_term psi_in = and_(cont, eq(sel(in, add(ip, off)), k8(0x41))), psi_out = and_(cont, psi);
  what = "int 0x80 (continuing), Pre_alpha inside the window";
  check_alpha(pre, &w, inw, psi_in, 1);
  w_store(&w, in, 10, 0x42, 1);
  check_alpha(pre, &w, inw, psi_in, 0);
  tm_env e = env_of(&w);
  isa_term alpha = 0, rho = pre_alpha(&V, pre, &e, &alpha);
  CHECK(!pre_mentions_fresh(tc, rho));
  what = "int 0x80 (continuing), Pre_alpha outside the window: a short read";
  w_set(&w, inlen, 10); /* 8 bytes left: 0x5000 is the 9th of the buffer */
  check_alpha(pre, &w, not_(inw), psi_out, 1);
  what = "int 0x80 (continuing), Pre_alpha outside the window: at the end of the input";
  w_set(&w, ip, 10);
  check_alpha(pre, &w, not_(inw), psi_out, 1);
  what = "int 0x80 (continuing), Pre_alpha outside the window: the buffer elsewhere";
  w_set(&w, inlen, 30);
  w_set(&w, ip, 2);
  w_set(&w, ecx, 0x6000);
  check_alpha(pre, &w, not_(inw), psi_out, 1);
  what = "int 0x80 (continuing), Pre_alpha outside the window: fd 1";
  w_set(&w, ecx, 0x4FF8);
  w_set(&w, ebx, 1);
  check_alpha(pre, &w, not_(inw), psi_out, 1);
  w_store(&w, mem, 0x5000, 0x42, 1);
  check_alpha(pre, &w, not_(inw), psi_out, 0);
  w_store(&w, mem, 0x5000, 0x41, 1);
  what = "int 0x80 (continuing), Pre_alpha outside the window: a write";
  w_set(&w, ebx, 0);
  w_set(&w, eax, 4);
  check_alpha(pre, &w, not_(inw), psi_out, 1);

  /* a read that failed with EFAULT: direction 2, nothing stored or consumed */
  what = "int 0x80 (read, EFAULT)";
  pre_post q = post(0x1000, sys, 2, NWA_INTERNAL);
  valid(iff(q.cond, ok), "cond is not read(0, ...)");
  CHECK(q.win_cond == 0);
  valid(eq(q.reg[rEAX], k32((uint32_t)-14)), "EAX after it is not -EFAULT");
  valid(eq(q.reg[reg_index("EIP")], k32(0x1002)), "EIP after it is not the next instruction");
  valid(args_kept(&q), "EBX, ECX, EDX change");
  valid(iff(pre_exact(&V, &q, eq(ip, inlen)), and_(ok, eq(ip, inlen))),
        "Pre($ip = $inlen) is not cond and $ip = $inlen");
  valid(iff(pre_exact(&V, &q, psi), and_(ok, psi)), "Pre(mem[0x5000] = 0x41) is not cond and mem[0x5000] = 0x41");
  CHECK(!pre_mentions_fresh(tc, pre_exact(&V, &q, eq(eax, k32(0)))));

  /* against exec.c: each case's run and the model's post-state */
  static const sys_case cases[] = {
      {"read 16 of 20 bytes", 3, 0, 0x5000, 16, 20, 0, 0},
      {"read 8 bytes from input position 4", 3, 0, 0x5008, 8, 20, 4, 0},
      {"a short read at the end of the input", 3, 0, 0x5004, 16, 10, 6, 0},
      {"a read at the end of the input", 3, 0, 0x5004, 16, 10, 10, 0},
      {"a read of count 0", 3, 0, 0x5000, 0, 10, 0, 0},
      {"a read of count 2^32-1 (unsigned)", 3, 0, 0x5000, 0xFFFFFFFF, 12, 0, 0},
      {"a read of 5000 bytes: at most EX_READ_MAX", 3, 0, 0x4FF8, 5000, 6000, 100, 0},
      {"a buffer across the compared bytes' start", 3, 0, 0x4FEC, 8, 20, 0, 0},
      {"read from fd 1: EBADF", 3, 1, 0x5000, 16, 20, 0, 0},
      {"read from fd 0x100: EBADF", 3, 0x100, 0x5000, 16, 20, 0, 0},
      {"read into an unmapped buffer: EFAULT", 3, 0, 0x9000, 4, 20, 3, 2},
      {"read of count 0 into an unmapped buffer", 3, 0, 0x9000, 0, 20, 3, 0},
      {"write 16 bytes to fd 1", 4, 1, 0x5000, 16, 20, 0, 0},
      {"write to fd 2 from the code", 4, 2, 0x1000, 2, 0, 0, 0},
      {"write of a whole range", 4, 2, 0x4000, 0x3000, 0, 0, 0},
      {"write of count 0 from an unmapped buffer", 4, 1, 0x9000, 0, 0, 0, 0},
      {"write to fd 0: EBADF", 4, 0, 0x5000, 16, 0, 0, 0},
      {"write to fd 7 from an unmapped buffer: EBADF", 4, 7, 0x9000, 16, 0, 0, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    what = "int 0x80 against exec.c";
    check_case(&cases[i], cases[i].dir == 2 ? &q : &p);
  }
  /* at the end of the input: nothing read, 0 returned ($ip past $inlen is
   * no state a run can be in, and the model leaves it unspecified) */
  what = "int 0x80 (read at the end of the input)";
  sys_case past = {"", 3, 0, 0x5000, 16, 4, 0, 0};
  case_witness(&past, &w);
  w_set(&w, ip, 4);
  CHECK(ev(p.reg[rEAX], &w) == 0);
  CHECK(ev(p.ip, &w) == 4);
  CHECK(ev(pre_exact(&V, &p, eq(sel(mem, k32(0x5000)), k8(0xB0))), &w) == 1); /* unchanged */
  pre_post_free(&q);

  /* what the other calls return is `$sysret`, which pre_forget_fresh forgets */
  what = "int 0x80 (continuing), result";
  /* a write to fd 1 of 4 bytes at 0x9000, outside every readable range */
  isa_term r0 = eq(eax, k32(0)), wr = and_(and_(eq(eax, k32(4)), eq(ebx, k32(1))), and_(eq(ecx, k32(0x9000)), eq(edx, k32(4))));
  pre = pre_exact(&V, &p, r0);
  CHECK(pre_mentions_fresh(tc, pre));
  if (sysret) valid(implies(wr, iff(pre, eq(sysret, k32(0)))), "on a write, Pre(EAX = 0) is not $sysret = 0");
  valid(implies(and_(ok, pre), eq(got, k32(0))), "on read(0, ...), Pre(EAX = 0) does not say got = 0");
  isa_term f = pre_forget_fresh(tc, pre);
  CHECK(!pre_mentions_fresh(tc, f));
  valid(implies(pre, f), "Pre does not imply its weakening (positive atom)");
  valid(implies(f, cont), "the weakening loses cond");
  valid(implies(wr, f), "on a write, the weakening still says something about $sysret");
  isa_term b7 = eq(reg("ESI"), k32(7));
  pre = pre_exact(&V, &p, and_(not_(r0), b7));
  f = pre_forget_fresh(tc, pre);
  CHECK(!pre_mentions_fresh(tc, f));
  valid(implies(pre, f), "Pre does not imply its weakening (negative atom)");
  valid(implies(f, and_(cont, b7)), "the weakening loses the atoms without $sys");
  valid(implies(and_(wr, b7), f), "on a write, the weakening still says something about $sysret (negative atom)");
  pre = pre_exact(&V, &p, or_(r0, b7));
  f = pre_forget_fresh(tc, pre);
  CHECK(!pre_mentions_fresh(tc, f));
  valid(implies(pre, f), "Pre does not imply its weakening (disjunction)");
  valid(implies(wr, f), "on a write, the weakened disjunction is not true");
  pre_post_free(&p);
  V.rd = NULL;
  V.nrd = 0;
}

/* pre_forget_input: ∃ unread input, with the conditions about it split on
 * exactly.  ρ = (in[ip] == 0 ? s : s + 2) > 8 compared twice (as the loop
 * of loop_bound_safe carries it back through nondet_bool's read) must
 * become s > 8 ∨ s + 2 > 8 — not `true`, which weakening each atom alone
 * gives — and stay implied by ρ. */
static void t_forget_input(void) {
  what = "pre_forget_input";
  isa_term ebx = reg("EBX"), ecx = reg("ECX");
  isa_term b0 = sel(V.in, V.ip), b1 = sel(V.in, addk(V.ip, 1));
  isa_term c0 = eq(b0, k8(0));
  isa_term v = tm_ite(tc, c0, ebx, addk(ebx, 2));
  isa_term sgt8 = tm_app2(tc, ISA_OP_SLT, k32(8), v), eq8 = eq(v, k32(8));
  isa_term rho = and_(not_(eq8), sgt8);
  isa_term f = pre_forget_input(&V, rho);
  valid(implies(rho, f), "ρ does not imply its projection");
  isa_term want = or_(tm_app2(tc, ISA_OP_SLT, k32(8), ebx), tm_app2(tc, ISA_OP_SLT, k32(8), addk(ebx, 2)));
  valid(iff(f, want), "the projection of (in[ip] == 0 ? s : s + 2) > 8 is not s > 8 ∨ s + 2 > 8");
  /* the projection mentions no input, and keeps what is not about it */
  isa_term h = pre_forget_input(&V, and_(eq(ecx, k32(3)), or_(c0, eq(b1, k8(7)))));
  valid(iff(h, eq(ecx, k32(3))), "atoms about unread input are not weakened away beside known ones");
  /* two bytes, two conditions: (in[ip] == 0 ? 0 : 1) + (in[ip+1] == 0 ? 0 : 1) == 2 → true */
  isa_term n2 = add(tm_ite(tc, c0, k32(0), k32(1)), tm_ite(tc, eq(b1, k8(0)), k32(0), k32(1)));
  isa_term t2 = and_(eq(n2, k32(2)), eq(ecx, k32(1)));
  isa_term f2 = pre_forget_input(&V, t2);
  valid(implies(t2, f2), "ρ over two bytes does not imply its projection");
  valid(iff(f2, eq(ecx, k32(1))), "the projection over two bytes is not exact");
  /* and a term without input is returned as it is */
  CHECK(pre_forget_input(&V, eq(ecx, k32(5))) == eq(ecx, k32(5)));
}

int main(void) {
  D = &x86_isa_desc;
  tc = tm_new(D->addr_bits);
  fold_vocab_init(&V, D, tc);
  L = fold_letters_new();
  S = smt_new(tc, 20000);
  t_paper_example();
  t_byte_store();
  t_control();
  t_syscall();
  t_forget_input();
  if (tm_error(tc)) {
    fprintf(stderr, "term misuse: %s\n", tm_error(tc));
    fails++;
  }
  printf("runtime.pre: %lu solver queries in %.2f s\n", smt_queries(S), smt_seconds(S));
  smt_free(S);
  fold_letters_free(L);
  tm_free(tc);
  if (fails) {
    fprintf(stderr, "runtime.pre: %d check(s) failed\n", fails);
    return 1;
  }
  puts("runtime.pre: all checks passed");
  return 0;
}
