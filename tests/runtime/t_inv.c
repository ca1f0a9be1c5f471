/* t_inv.c — unit tests of runtime/verify/inv*.c (facts proven over the abstract
 * graph) on the x86 descriptor.
 *
 *   (a) a straight line with a call and its return: the facts a state gets
 *       (a move's constant, the stack pointer, the call depth, the return
 *       address's bytes the call stored) join its predicate, and a
 *       predicate reading those bytes is grounded; the return restores the
 *       caller's stack pointer and depth;
 *   (b) transitions no run takes go: a result the destination's predicate
 *       contradicts, a conditional jump's direction the facts decide; a
 *       wildcard transition knows nothing afterwards and stays; a second
 *       pass changes nothing;
 *   (c) calling contexts: one procedure called with two stack pointers
 *       returns each caller its own (a context-insensitive join would
 *       lose both), while the procedure's own state knows only what both
 *       contexts share;
 *   (d) a store through an unknown pointer forgets what memory was known;
 *   (e) inv_ground: a formula grounded with a state's facts (registers and
 *       known bytes) folds where they decide it and keeps what they do not
 *       know; a split copy (inv_inherit) gets its original's facts, a state
 *       the analysis has not seen and a replaced graph (inv_forget) none;
 *   (f) edges are judged per calling context: the rule-12 transition of a
 *       `ret` (a return that does not match) goes when each context knows
 *       its return address, though their join does not;
 *   (g) Pre of a destination that is not a conjunction of facts: "$V or
 *       PC = 0x3000" is false after a step with ¬$V to a known PC, so the
 *       edge goes; "$V or PC = the next address" keeps it;
 *   (h) fixed bytes (inv_set_fixed) are known everywhere, even after a store
 *       through an unknown pointer; a byte fact a predicate was grounded
 *       with stays in it as a conjunct;
 *   (i) disjunctions: a loop over the fixed bytes "ab\0" (a string's
 *       length) has one counter value per pass at its head, kept apart, so
 *       its exit knows the length (a join would know nothing);
 *   (j) a conditional move whose condition is unknown is analysed once per
 *       outcome: a destination that says the register holds neither value
 *       loses its edge, one that says it holds one of them keeps it;
 *   (k) initial bytes of writable memory (inv_set_initial_byte, the code a
 *       self-modifying program rewrites): after a store to one of them the
 *       others are still known, so a step to a state that says the `ret`
 *       byte was changed goes, and so does one that says the stored byte is
 *       the old one; after a store through an unknown pointer nothing is
 *       known and such an edge stays;
 *   (l) a layer of initial bytes larger than a vector's entries (3000
 *       bytes): two paths that store different values to one of them join
 *       into "that byte unknown, every other still known", the last byte
 *       included;
 *   (m) the byte variable u: `movzx eax, byte [0x4000]` of an unknown byte,
 *       `cmp eax, 4` and `ja`: on the fall-through side the facts know eax
 *       (and the byte) is 0..4, one vector each, so a `je` on eax == 7 and
 *       one on the byte == 9 lose their taken edges there, and keep them on
 *       the jump's side (251 values, not split); the join at the
 *       fall-through knows no one value of eax.  Also after a word load of
 *       other unknown bytes (which names u first and is then given up).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fold.h"
#include "inv.h"
#include "nwa.h"
#include "terms.h"

extern const isa_desc x86_isa_desc;

#include "tcheck.h"

#define BOOT 0xFFFFFFFEu

static const isa_desc *D;
static tm_ctx *tc;
static fold_vocab V;
static fold_letters *L;

static nwa_letter letter(uint64_t pc, const uint8_t *b, unsigned len, unsigned dir) {
  isa_insn in;
  if (D->decode(b, len, pc, &in) != ISA_DECODE_OK || in.len != len) {
    fprintf(stderr, "t_inv: bytes at 0x%llx do not decode\n", (unsigned long long)pc);
    exit(1);
  }
  return fold_intern(L, pc, b, len, dir, in.id);
}

static isa_term reg(const char *name) { return tm_var(tc, name, 32); }
static isa_term eq(isa_term a, uint64_t k) { return tm_app2(tc, ISA_OP_EQ, a, tm_const(tc, k, 32)); }
static isa_term and2(isa_term a, isa_term b) { return tm_app2(tc, ISA_OP_LAND, a, b); }
static isa_term at(uint64_t pc) { return eq(V.pc, pc); }
static isa_term membyte(uint64_t a) {
  isa_term s[2] = {V.mem, tm_const(tc, a, 32)};
  return tm_zext(tc, tm_app(tc, ISA_OP_SELECT, s, 2, 0, 0), 32);
}
/* Does state s's predicate rule out x == k (a fact x == k' with k' != k)? */
static bool excludes(nwa *a, nwa_state s, isa_term x, uint64_t k) {
  return tm_conj_contradicts(tc, nwa_pred(a, s), eq(x, k));
}

/* inv_fixed_fn: "ab\0" at 0x5000, as on a page without write permission */
static bool fixed_page(const void *ctx, uint64_t addr, uint8_t *byte) {
  (void)ctx;
  if (addr < 0x5000 || addr > 0x5002) return false;
  *byte = addr == 0x5000 ? 'a' : addr == 0x5001 ? 'b' : 0;
  return true;
}

static inv_ctx *new_ctx(void) {
  inv_ctx *c = inv_new(&V, L, BOOT);
  inv_set_initial(c, V.pc, 0x1000);
  inv_set_initial(c, reg("ESP"), 0x8000);
  inv_set_initial(c, reg("EAX"), 0x11);
  inv_set_initial(c, V.V, 0);
  inv_set_initial(c, V.D, 0);
  return c;
}

static nwa_state boot(nwa *a, isa_term pred) {
  nwa_state i = nwa_add_state(a, tm_true(tc), false);
  nwa_state s = nwa_add_state(a, pred, false);
  nwa_set_start(a, i);
  nwa_add_internal(a, i, BOOT, s);
  return s;
}

/* p[0] -> mov eax,5 -> p[1] -call-> p[2] (a `ret` at 0x2000) -return-> p[3]
 * -> push eax -> p[4] -call-> p[2] -return-> p[5]: one procedure, two
 * callers with different stack pointers and return addresses. */
static void two_callers(nwa *a, nwa_state p[6]) {
  static const uint8_t mov_eax5[] = {0xb8, 0x05, 0x00, 0x00, 0x00};
  static const uint8_t call1[] = {0xe8, 0xf6, 0x0f, 0x00, 0x00}; /* 0x1005: call 0x2000 */
  static const uint8_t push_eax[] = {0x50};
  static const uint8_t call2[] = {0xe8, 0xf0, 0x0f, 0x00, 0x00}; /* 0x100b: call 0x2000 */
  static const uint8_t ret[] = {0xc3};
  static const uint64_t pcs[6] = {0x1000, 0x1005, 0x2000, 0x100a, 0x100b, 0x1010};
  nwa_letter lmov = letter(0x1000, mov_eax5, 5, 0), lcall1 = letter(0x1005, call1, 5, 0);
  nwa_letter lpush = letter(0x100a, push_eax, 1, 0), lcall2 = letter(0x100b, call2, 5, 0);
  nwa_letter lret = letter(0x2000, ret, 1, 0);
  p[0] = boot(a, at(pcs[0]));
  for (int i = 1; i < 6; i++) p[i] = nwa_add_state(a, at(pcs[i]), false);
  nwa_add_internal(a, p[0], lmov, p[1]);
  nwa_add_call(a, p[1], lcall1, p[2]);
  nwa_add_return(a, p[2], p[1], lret, p[3]);
  nwa_add_internal(a, p[3], lpush, p[4]);
  nwa_add_call(a, p[4], lcall2, p[2]);
  nwa_add_return(a, p[2], p[4], lret, p[5]);
}

/* push eax (to 0x7ffc) -> *s1 -> mov [ecx], eax -> *s2; *s1 says
 * mem[0x7ffc] == EDX, *s2 says mem[read2] == EDX. */
static void push_then_store(nwa *a, uint64_t read2, nwa_state *s1, nwa_state *s2) {
  static const uint8_t push_eax[] = {0x50};
  static const uint8_t store_ecx[] = {0x89, 0x01}; /* mov [ecx], eax */
  isa_term EDX = reg("EDX");
  nwa_state s0 = boot(a, at(0x1000));
  *s1 = nwa_add_state(a, and2(at(0x1001), tm_app2(tc, ISA_OP_EQ, membyte(0x7ffc), EDX)), false);
  *s2 = nwa_add_state(a, and2(at(0x1003), tm_app2(tc, ISA_OP_EQ, membyte(read2), EDX)), false);
  nwa_add_internal(a, s0, letter(0x1000, push_eax, 1, 0), *s1);
  nwa_add_internal(a, *s1, letter(0x1001, store_ecx, 2, 0), *s2);
}

int main(void) {
  D = &x86_isa_desc;
  tc = tm_new(D->addr_bits);
  fold_vocab_init(&V, D, tc);
  L = fold_letters_new();
  isa_term EAX = reg("EAX"), ECX = reg("ECX"), EDX = reg("EDX"), ESP = reg("ESP");

  static const uint8_t mov_eax5[] = {0xb8, 0x05, 0x00, 0x00, 0x00};
  static const uint8_t call1[] = {0xe8, 0xf6, 0x0f, 0x00, 0x00}; /* 0x1005: call 0x2000 */
  static const uint8_t ret[] = {0xc3};
  static const uint8_t cmp_eax5[] = {0x83, 0xf8, 0x05};
  static const uint8_t je[] = {0x74, 0x10};                     /* 0x100d: je 0x101f */
  static const uint8_t push_eax[] = {0x50};
  nwa_letter lmov = letter(0x1000, mov_eax5, 5, 0), lcall1 = letter(0x1005, call1, 5, 0);
  nwa_letter lret = letter(0x2000, ret, 1, 0), lcmp = letter(0x100a, cmp_eax5, 3, 0);
  nwa_letter lje_not = letter(0x100d, je, 2, 0), lje_taken = letter(0x100d, je, 2, 1);
  inv_stats st;

  /* (a), (b) */
  {
    inv_ctx *c = new_ctx();
    nwa *a = nwa_new(tc);
    nwa_state q0 = boot(a, at(0x1000));
    nwa_state q1 = nwa_add_state(a, at(0x1005), false);
    nwa_state qbad = nwa_add_state(a, and2(at(0x1005), eq(EAX, 6)), false);
    /* the callee's entry reads the low byte of the return address the call stored */
    nwa_state q2 = nwa_add_state(a, and2(at(0x2000), tm_app2(tc, ISA_OP_EQ, membyte(0x7ffc), ECX)), false);
    nwa_state q3 = nwa_add_state(a, at(0x100a), false);
    nwa_state q4 = nwa_add_state(a, at(0x100d), false);
    nwa_state q5 = nwa_add_state(a, at(0x100f), false);
    nwa_state q6 = nwa_add_state(a, at(0x101f), false);
    nwa_state q7 = nwa_add_state(a, at(0x3000), false);
    nwa_add_internal(a, q0, lmov, q1);
    nwa_add_internal(a, q0, lmov, qbad);     /* EAX is 5 after it: goes */
    nwa_add_call(a, q1, lcall1, q2);
    nwa_add_return(a, q2, q1, lret, q3);
    nwa_add_internal(a, q3, lcmp, q4);
    nwa_add_internal(a, q4, lje_not, q5);    /* EAX == 5: the jump is taken, this goes */
    nwa_add_internal(a, q4, lje_taken, q6);
    nwa_add_internal(a, q1, NWA_ANY, q7);    /* anything: stays, knows nothing */
    size_t live0 = nwa_live_edges(a);
    CHECK(inv_strengthen(c, a, &st));
    CHECK(st.removed == 2);
    CHECK(nwa_live_edges(a) == live0 - 2);
    CHECK(!nwa_edge_at(a, 1)->dead && nwa_edge_at(a, 2)->dead); /* edges 0 (boot), 1 (q0->q1), 2 (q0->qbad) */
    CHECK(excludes(a, q1, EAX, 6) && excludes(a, q1, ESP, 0x7000));
    CHECK(!excludes(a, q1, EAX, 5) && !excludes(a, q1, ESP, 0x8000));
    CHECK(excludes(a, q2, ESP, 0x8000) && !excludes(a, q2, ESP, 0x7ffc));
    CHECK(excludes(a, q2, V.D, 0) && !excludes(a, q2, V.D, 1));
    /* mem[0x7ffc] is the low byte of 0x100a: the predicate now says ECX == 0x0a */
    CHECK(excludes(a, q2, ECX, 0x0b) && !excludes(a, q2, ECX, 0x0a));
    CHECK(excludes(a, q3, ESP, 0x7ffc) && !excludes(a, q3, ESP, 0x8000));
    CHECK(excludes(a, q3, V.D, 1) && excludes(a, q3, EAX, 4));
    CHECK(!excludes(a, q7, EAX, 6) && !excludes(a, q7, ESP, 0));
    CHECK(excludes(a, q6, EAX, 6)); /* through the taken jump */
    /* a second pass: the grounded predicate of q2 says ECX == 0x0a, a fact
     * that now flows on through the return; a third changes nothing */
    CHECK(!excludes(a, q3, ECX, 0x0b));
    CHECK(inv_strengthen(c, a, &st));
    CHECK(st.removed == 0 && st.changed > 0);
    CHECK(excludes(a, q3, ECX, 0x0b) && excludes(a, q6, ECX, 0x0b));
    CHECK(inv_strengthen(c, a, &st));
    CHECK(st.removed == 0 && st.changed == 0);
    nwa_free(a);
    inv_free(c);
  }

  /* (c) */
  {
    inv_ctx *c = new_ctx();
    nwa *a = nwa_new(tc);
    nwa_state p[6];
    two_callers(a, p);
    nwa_state p2 = p[2], p3 = p[3], p5 = p[5];
    CHECK(inv_strengthen(c, a, &st));
    CHECK(st.removed == 0 && st.contexts >= 3);
    CHECK(excludes(a, p3, ESP, 0x7ffc) && !excludes(a, p3, ESP, 0x8000));
    CHECK(excludes(a, p5, ESP, 0x8000) && !excludes(a, p5, ESP, 0x7ffc));
    CHECK(excludes(a, p5, V.D, 1) && !excludes(a, p5, V.D, 0));
    /* the procedure: depth 1 in both contexts, two stack pointers */
    CHECK(excludes(a, p2, V.D, 2));
    CHECK(!excludes(a, p2, ESP, 0x7ffc) && !excludes(a, p2, ESP, 0x7ff8));
    nwa_free(a);
    inv_free(c);
  }

  /* (d) */
  {
    inv_ctx *c = new_ctx();
    nwa *a = nwa_new(tc);
    nwa_state c1, c2;
    push_then_store(a, 0x7ffc, &c1, &c2);
    CHECK(inv_strengthen(c, a, &st));
    CHECK(excludes(a, c1, EDX, 0x12) && !excludes(a, c1, EDX, 0x11)); /* the pushed EAX */
    CHECK(!excludes(a, c2, EDX, 0x12));                               /* ECX may point there */
    CHECK(excludes(a, c2, ESP, 0x8000));                              /* registers stay known */
    nwa_free(a);
    inv_free(c);
  }

  /* (e) */
  {
    inv_ctx *c = new_ctx();
    nwa *a = nwa_new(tc);
    nwa_letter lpush0 = letter(0x1000, push_eax, 1, 0);
    nwa_state e0 = boot(a, at(0x1000));
    nwa_state e1 = nwa_add_state(a, at(0x1001), false);
    nwa_add_internal(a, e0, lpush0, e1);
    isa_term ult = tm_app2(tc, ISA_OP_ULT, tm_app2(tc, ISA_OP_SUB, tm_const(tc, 0x7ffc, 32), ESP), EDX);
    isa_term t = tm_app2(tc, ISA_OP_LAND, ult, tm_app2(tc, ISA_OP_EQ, membyte(0x7ffc), ECX));
    CHECK(inv_ground(c, e1, t) == t); /* no analysis yet */
    CHECK(inv_strengthen(c, a, &st));
    /* at e1, ESP = 0x7ffc and mem[0x7ffc] = 0x11 (the pushed EAX): 0 <u EDX and 0x11 == ECX */
    isa_term want = tm_app2(tc, ISA_OP_LAND, tm_app2(tc, ISA_OP_ULT, tm_const(tc, 0, 32), EDX),
                            tm_app2(tc, ISA_OP_EQ, tm_const(tc, 0x11, 32), ECX));
    isa_term got = inv_ground(c, e1, t);
    CHECK(got != t);
    CHECK(!tm_conj_contradicts(tc, got, want) && !tm_conj_contradicts(tc, got, eq(ECX, 0x11)));
    CHECK(tm_conj_contradicts(tc, got, eq(ECX, 0x12)));
    /* a term the facts decide folds to a constant */
    uint64_t k = 7;
    CHECK(tm_is_const(tc, inv_ground(c, e1, eq(ESP, 0x7ffc)), &k) && k == 1);
    CHECK(tm_is_const(tc, inv_ground(c, e1, eq(EAX, 0x12)), &k) && k == 0);
    CHECK(inv_ground(c, e1, eq(EDX, 3)) == eq(EDX, 3)); /* EDX is not known */
    /* a split copy inherits; a state past the analysis knows nothing */
    nwa_state e2 = nwa_split(a, e1, eq(EDX, 3));
    CHECK(inv_ground(c, e2, eq(ESP, 0x7ffc)) == eq(ESP, 0x7ffc));
    inv_inherit(c, e2, e1);
    CHECK(tm_is_const(tc, inv_ground(c, e2, eq(ESP, 0x7ffc)), &k) && k == 1);
    inv_forget(c);
    CHECK(inv_ground(c, e1, eq(ESP, 0x7ffc)) == eq(ESP, 0x7ffc));
    CHECK(inv_ground(c, e2, eq(ESP, 0x7ffc)) == eq(ESP, 0x7ffc));
    nwa_free(a);
    inv_free(c);
  }

  /* (f) */
  {
    inv_ctx *c = new_ctx();
    nwa *a = nwa_new(tc);
    nwa_state p[6];
    two_callers(a, p);
    nwa_state p2 = p[2];
    nwa_state pv = nwa_add_state(a, V.V, true);
    nwa_add_internal(a, p2, lret, pv); /* rule 12: needs a return address that does not match */
    size_t ev = nwa_nedges(a) - 1;
    CHECK(inv_strengthen(c, a, &st));
    CHECK(!excludes(a, p2, ESP, 0x7ffc) && !excludes(a, p2, ESP, 0x7ff8)); /* the join knows no ESP */
    CHECK(nwa_edge_at(a, ev)->dead);
    CHECK(!nwa_edge_at(a, ev - 1)->dead && !nwa_edge_at(a, ev - 5)->dead); /* the real returns stay */
    nwa_free(a);
    inv_free(c);
  }

  /* (g) */
  {
    inv_ctx *c = new_ctx();
    nwa *a = nwa_new(tc);
    isa_term accept_far = tm_app2(tc, ISA_OP_LOR, V.V, at(0x3000));
    isa_term accept_next = tm_app2(tc, ISA_OP_LOR, V.V, at(0x1005));
    nwa_state g0 = boot(a, at(0x1000));
    nwa_state g1 = nwa_add_state(a, accept_far, true);
    nwa_state g2 = nwa_add_state(a, accept_next, true);
    nwa_add_internal(a, g0, lmov, g1);
    nwa_add_internal(a, g0, lmov, g2);
    CHECK(inv_strengthen(c, a, &st));
    CHECK(nwa_edge_at(a, 1)->dead && !nwa_edge_at(a, 2)->dead);
    nwa_free(a);
    inv_free(c);
  }

  /* (h) */
  {
    inv_ctx *c = new_ctx();
    inv_set_fixed(c, fixed_page, NULL);
    nwa *a = nwa_new(tc);
    nwa_state h1, h2;
    push_then_store(a, 0x5001, &h1, &h2);
    CHECK(inv_strengthen(c, a, &st));
    CHECK(excludes(a, h2, EDX, 0x61) && !excludes(a, h2, EDX, 0x62)); /* "ab" at 0x5000, after the store */
    /* h1's predicate was grounded with mem[0x7ffc] == 0x11 and keeps it */
    isa_term sel[2] = {V.mem, tm_const(tc, 0x7ffc, 32)};
    isa_term b7ffc = tm_app(tc, ISA_OP_SELECT, sel, 2, 0, 0);
    CHECK(tm_conj_contradicts(tc, nwa_pred(a, h1), tm_app2(tc, ISA_OP_EQ, b7ffc, tm_const(tc, 0x12, 8))));
    CHECK(!tm_conj_contradicts(tc, nwa_pred(a, h1), tm_app2(tc, ISA_OP_EQ, b7ffc, tm_const(tc, 0x11, 8))));
    nwa_free(a);
    inv_free(c);
  }

  /* (i) */
  {
    static const uint8_t xor_ecx[] = {0x31, 0xc9};
    static const uint8_t cmpb[] = {0x80, 0xb9, 0x00, 0x50, 0x00, 0x00, 0x00}; /* cmp byte [ecx+0x5000], 0 */
    static const uint8_t je5[] = {0x74, 0x05};                               /* 0x1009: je 0x1010 */
    static const uint8_t inc_ecx[] = {0x41};
    static const uint8_t jmp_back[] = {0xeb, 0xf4};                          /* 0x100c: jmp 0x1002 */
    inv_ctx *c = new_ctx();
    inv_set_fixed(c, fixed_page, NULL);
    nwa *a = nwa_new(tc);
    nwa_state i0 = boot(a, at(0x1000));
    nwa_state head = nwa_add_state(a, at(0x1002), false);
    nwa_state i2 = nwa_add_state(a, at(0x1009), false);
    nwa_state i3 = nwa_add_state(a, at(0x100b), false);
    nwa_state i4 = nwa_add_state(a, at(0x100c), false);
    nwa_state done = nwa_add_state(a, at(0x1010), false);
    nwa_add_internal(a, i0, letter(0x1000, xor_ecx, 2, 0), head);
    nwa_add_internal(a, head, letter(0x1002, cmpb, 7, 0), i2);
    nwa_add_internal(a, i2, letter(0x1009, je5, 2, 1), done);
    nwa_add_internal(a, i2, letter(0x1009, je5, 2, 0), i3);
    nwa_add_internal(a, i3, letter(0x100b, inc_ecx, 1, 0), i4);
    nwa_add_internal(a, i4, letter(0x100c, jmp_back, 2, 0), head);
    CHECK(inv_strengthen(c, a, &st));
    CHECK(excludes(a, done, ECX, 1) && excludes(a, done, ECX, 3) && !excludes(a, done, ECX, 2));
    CHECK(!excludes(a, head, ECX, 0) && !excludes(a, head, ECX, 2)); /* the head's join: no one value */
    nwa_free(a);
    inv_free(c);
  }

  /* (j) */
  {
    static const uint8_t mov_ecx7[] = {0xb9, 0x07, 0x00, 0x00, 0x00};
    static const uint8_t cmp_edx0[] = {0x83, 0xfa, 0x00};
    static const uint8_t cmove[] = {0x0f, 0x44, 0xc1}; /* cmove eax, ecx */
    inv_ctx *c = new_ctx();
    nwa *a = nwa_new(tc);
    nwa_state j0 = boot(a, at(0x1000));
    nwa_state j1 = nwa_add_state(a, at(0x1005), false);
    nwa_state j2 = nwa_add_state(a, at(0x1008), false);
    nwa_state neither = nwa_add_state(a, and2(at(0x100b), eq(EAX, 5)), false);
    nwa_state seven = nwa_add_state(a, and2(at(0x100b), eq(EAX, 7)), false);
    nwa_add_internal(a, j0, letter(0x1000, mov_ecx7, 5, 0), j1);
    nwa_add_internal(a, j1, letter(0x1005, cmp_edx0, 3, 0), j2);
    nwa_add_internal(a, j2, letter(0x1008, cmove, 3, 0), neither); /* EAX is 7 or 0x11 after it: goes */
    nwa_add_internal(a, j2, letter(0x1008, cmove, 3, 0), seven);
    size_t e_neither = nwa_nedges(a) - 2, e_seven = nwa_nedges(a) - 1;
    CHECK(inv_strengthen(c, a, &st));
    CHECK(nwa_edge_at(a, e_neither)->dead && !nwa_edge_at(a, e_seven)->dead);
    CHECK(excludes(a, seven, ECX, 8));
    nwa_free(a);
    inv_free(c);
  }

  /* (k) */
  {
    static const uint8_t code[] = {0xb8, 0x00, 0x00, 0x00, 0x00, 0xc3}; /* at 0x6000: mov eax,0; ret */
    static const uint8_t movb[] = {0xc6, 0x05, 0x01, 0x60, 0x00, 0x00, 0x01}; /* mov byte [0x6001], 1 */
    static const uint8_t mov_ecx_al[] = {0x88, 0x01};                           /* 0x1007: mov [ecx], al */
    for (int seeded = 0; seeded < 2; seeded++) {
      inv_ctx *c = new_ctx();
      if (seeded)
        for (unsigned i = 0; i < sizeof code; i++) inv_set_initial_byte(c, 0x6000 + i, code[i]);
      nwa *a = nwa_new(tc);
      isa_term b_ret = tm_app2(tc, ISA_OP_EQ, membyte(0x6005), tm_const(tc, 0xc3, 32));
      isa_term b_imm1 = tm_app2(tc, ISA_OP_EQ, membyte(0x6001), tm_const(tc, 1, 32));
      nwa_state k0 = boot(a, at(0x1000));
      nwa_state k1 = nwa_add_state(a, at(0x1007), false);
      nwa_state changed = nwa_add_state(a, tm_app1(tc, ISA_OP_LNOT, b_ret), true);
      nwa_state old_imm = nwa_add_state(a, and2(at(0x1007), tm_app1(tc, ISA_OP_LNOT, b_imm1)), false);
      nwa_state k2 = nwa_add_state(a, at(0x1009), false);
      nwa_state changed2 = nwa_add_state(a, tm_app1(tc, ISA_OP_LNOT, b_ret), true);
      nwa_letter lmovb = letter(0x1000, movb, sizeof movb, 0), lst = letter(0x1007, mov_ecx_al, 2, 0);
      nwa_add_internal(a, k0, lmovb, k1);
      nwa_add_internal(a, k0, lmovb, changed);
      nwa_add_internal(a, k0, lmovb, old_imm);
      nwa_add_internal(a, k1, lst, k2);
      nwa_add_internal(a, k1, lst, changed2);
      size_t e_changed = 2, e_old = 3, e_changed2 = 5;
      CHECK(inv_strengthen(c, a, &st));
      CHECK(nwa_edge_at(a, e_changed)->dead == seeded && nwa_edge_at(a, e_old)->dead && !nwa_edge_at(a, e_changed2)->dead);
      nwa_free(a);
      inv_free(c);
    }
  }

  /* (l) */
  {
    static const uint8_t movb1[] = {0xc6, 0x05, 0x01, 0x60, 0x00, 0x00, 0x01}; /* mov byte [0x6001], 1 */
    static const uint8_t movb2[] = {0xc6, 0x05, 0x01, 0x60, 0x00, 0x00, 0x02}; /* mov byte [0x6001], 2 */
    static const uint8_t nop[] = {0x90};
    enum { NL = 3000 };
    inv_ctx *c = new_ctx();
    for (unsigned i = 0; i < NL; i++) inv_set_initial_byte(c, 0x6000 + i, (uint8_t)(i * 7 + 1));
    nwa *a = nwa_new(tc);
    isa_term last_changed =
        tm_app1(tc, ISA_OP_LNOT, tm_app2(tc, ISA_OP_EQ, membyte(0x6000 + NL - 1), tm_const(tc, (uint8_t)((NL - 1) * 7 + 1), 32)));
    isa_term b1_is1 = tm_app2(tc, ISA_OP_EQ, membyte(0x6001), tm_const(tc, 1, 32));
    isa_term b1_is8 = tm_app2(tc, ISA_OP_EQ, membyte(0x6001), tm_const(tc, 8, 32)); /* its initial byte */
    nwa_state l0 = boot(a, at(0x1000));
    /* l1 mentions both bytes, so that its strengthened predicate shows the
     * join of its two vectors (one per path) */
    uint8_t vlast = (uint8_t)((NL - 1) * 7 + 1);
    isa_term last_is = tm_app2(tc, ISA_OP_EQ, membyte(0x6000 + NL - 1), tm_const(tc, vlast, 32));
    isa_term b1_is2 = tm_app2(tc, ISA_OP_EQ, membyte(0x6001), tm_const(tc, 2, 32));
    nwa_state l1 = nwa_add_state(
        a, and2(at(0x1007), and2(tm_app2(tc, ISA_OP_LOR, last_is, eq(EAX, 7)), tm_app2(tc, ISA_OP_LOR, b1_is1, b1_is2))),
        false);
    nwa_state far = nwa_add_state(a, and2(at(0x1008), last_changed), false);
    nwa_state one = nwa_add_state(a, and2(at(0x1008), b1_is1), false);
    nwa_state init = nwa_add_state(a, and2(at(0x1008), b1_is8), false);
    nwa_add_internal(a, l0, letter(0x1000, movb1, sizeof movb1, 0), l1);
    nwa_add_internal(a, l0, letter(0x1000, movb2, sizeof movb2, 0), l1);
    nwa_letter lnop = letter(0x1007, nop, 1, 0);
    nwa_add_internal(a, l1, lnop, far);
    nwa_add_internal(a, l1, lnop, one);
    nwa_add_internal(a, l1, lnop, init);
    size_t e_far = 3, e_one = 4, e_init = 5;
    CHECK(inv_strengthen(c, a, &st));
    CHECK(nwa_edge_at(a, e_far)->dead && !nwa_edge_at(a, e_one)->dead && nwa_edge_at(a, e_init)->dead);
    /* the join: the last byte known (a conjunct now), 0x6001 not (a hole) */
    isa_term sel[2] = {V.mem, tm_const(tc, 0x6000 + NL - 1, 32)};
    isa_term last_other = tm_app2(tc, ISA_OP_EQ, tm_app(tc, ISA_OP_SELECT, sel, 2, 0, 0), tm_const(tc, (uint8_t)(vlast + 1), 8));
    CHECK(tm_conj_contradicts(tc, nwa_pred(a, l1), last_other));
    CHECK(!tm_conj_contradicts(tc, nwa_pred(a, l1), b1_is1) && !tm_conj_contradicts(tc, nwa_pred(a, l1), b1_is2));
    nwa_free(a);
    inv_free(c);
  }

  /* (m) */
  for (int word_first = 0; word_first < 2; word_first++) {
    static const uint8_t mov_eax_m[] = {0xa1, 0x00, 0x41, 0x00, 0x00};             /* mov eax, [0x4100] */
    static const uint8_t movzx[] = {0x0f, 0xb6, 0x05, 0x00, 0x40, 0x00, 0x00};     /* movzx eax, byte [0x4000] */
    static const uint8_t cmp4[] = {0x83, 0xf8, 0x04};                              /* cmp eax, 4 */
    static const uint8_t ja[] = {0x77, 0x40};                                      /* ja +0x40 */
    static const uint8_t cmp7[] = {0x83, 0xf8, 0x07};                              /* cmp eax, 7 */
    static const uint8_t cmpb9[] = {0x80, 0x3d, 0x00, 0x40, 0x00, 0x00, 0x09};     /* cmp byte [0x4000], 9 */
    static const uint8_t je_m[] = {0x74, 0x40};                                    /* je +0x40 */
    inv_ctx *c = new_ctx();
    nwa *a = nwa_new(tc);
    uint64_t pc = 0x1000;
    nwa_state s = boot(a, at(pc));
    if (word_first) {
      nwa_state t = nwa_add_state(a, at(pc + 5), false);
      nwa_add_internal(a, s, letter(pc, mov_eax_m, 5, 0), t);
      s = t, pc += 5;
    }
    nwa_state m1 = nwa_add_state(a, at(pc + 7), false), m2 = nwa_add_state(a, at(pc + 10), false);
    nwa_add_internal(a, s, letter(pc, movzx, 7, 0), m1);
    nwa_add_internal(a, m1, letter(pc + 7, cmp4, 3, 0), m2);
    uint64_t jpc = pc + 10, small_pc = jpc + 2, big_pc = jpc + 2 + 0x40;
    nwa_state small = nwa_add_state(a, at(small_pc), false), big = nwa_add_state(a, at(big_pc), false);
    nwa_add_internal(a, m2, letter(jpc, ja, 2, 0), small);
    nwa_add_internal(a, m2, letter(jpc, ja, 2, 1), big);
    /* from each side: cmp eax, 7; je (taken: eax == 7), and cmp byte, 9; je */
    size_t taken[2][2], not_taken[2][2];
    nwa_state from[2] = {small, big};
    uint64_t base[2] = {small_pc, big_pc};
    for (int k = 0; k < 2; k++)
      for (int w = 0; w < 2; w++) { /* both compares at the side's own address */
        uint64_t p0 = base[k];
        unsigned clen = w ? 7 : 3;
        nwa_state y = nwa_add_state(a, at(p0 + clen), false);
        nwa_state yes = nwa_add_state(a, at(p0 + clen + 2 + 0x40), false), no = nwa_add_state(a, at(p0 + clen + 2), false);
        nwa_add_internal(a, from[k], letter(p0, w ? cmpb9 : cmp7, clen, 0), y);
        nwa_add_internal(a, y, letter(p0 + clen, je_m, 2, 1), yes);
        taken[k][w] = nwa_nedges(a) - 1;
        nwa_add_internal(a, y, letter(p0 + clen, je_m, 2, 0), no);
        not_taken[k][w] = nwa_nedges(a) - 1;
      }
    CHECK(inv_strengthen(c, a, &st));
    for (int w = 0; w < 2; w++) {
      CHECK(nwa_edge_at(a, taken[0][w])->dead);      /* eax (the byte) is 0..4 here */
      CHECK(!nwa_edge_at(a, not_taken[0][w])->dead);
      CHECK(!nwa_edge_at(a, taken[1][w])->dead);     /* 5..255 here: 7 and 9 among them */
      CHECK(!nwa_edge_at(a, not_taken[1][w])->dead);
    }
    CHECK(!excludes(a, small, EAX, 0) && !excludes(a, small, EAX, 4)); /* the join: no one value */
    nwa_free(a);
    inv_free(c);
  }

  fold_letters_free(L);
  tm_free(tc);
  if (fails) fprintf(stderr, "t_inv: %d checks failed\n", fails);
  return fails != 0;
}
