/* t_cand.c — unit tests of runtime/verify/cand.c: candidate invariants from a run
 * (MCVETO report §3.2), on the x86 descriptor and exec.c.
 *
 * The program below calls f three times from a loop; f pushes and pops EBP.
 * A hook feeds every state of the run to cd_observe and keeps it, and then:
 *   (a) every candidate holds at every state it was computed from (the
 *       defining property: evaluated with tm_eval in an environment made
 *       from the machine state);
 *   (b) the facts are there: in f, mutating the return slot, `$D`, the top
 *       of `$A` or ESP makes the candidate false; in the loop, `$D` == 0 and
 *       no return-slot fact;
 *   (c) the constant shape: EBP (0 in the loop at every visit) is a fact
 *       with CD_CONST and not without it; ECX (3, 2, 1) never is; an address
 *       visited once gets no constant fact; an address never visited gets
 *       no candidate;
 *   (d) polynomial equalities (cd_poly): a loop that keeps a square gives
 *       one that holds of every square and not of its neighbour. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cand.h"
#include "exec.h"
#include "fold.h"
#include "inputs.h"
#include "mem.h"
#include "terms.h"

#include "tcheck.h"

extern const isa_desc x86_isa_desc;

static const isa_desc *D;
static tm_ctx *tc;
static fold_vocab V;

static const uint8_t code[] = {
    /* 0x1000 */ 0xB9, 0x03, 0x00, 0x00, 0x00, /* mov ecx, 3 */
    /* 0x1005 */ 0xE8, 0x16, 0x00, 0x00, 0x00, /* call 0x1020 */
    /* 0x100a */ 0x49,                         /* dec ecx */
    /* 0x100b */ 0x75, 0xF8,                   /* jnz 0x1005 */
    /* 0x100d */ 0xF4,                         /* hlt */
};
static const uint8_t fcode[] = {
    /* 0x1020 */ 0x55,       /* push ebp */
    /* 0x1021 */ 0x89, 0xE5, /* mov ebp, esp */
    /* 0x1023 */ 0x5D,       /* pop ebp */
    /* 0x1024 */ 0xC3,       /* ret */
};

/* A machine state, copied out of a run: registers, the auxiliary stack, and
 * the stack page. */
#define STK_LO 0x5000u
#define STK_N 0x1000u
typedef struct snap {
  uint64_t r[64];
  uint64_t aux[8];
  size_t depth;
  uint8_t stk[STK_N];
} snap;

static snap snaps[64];
static size_t nsnaps;

static int reg_index(const char *n) {
  for (unsigned k = 0; k < D->nregs; k++)
    if (!strcmp(D->regs[k].name, n)) return (int)k;
  fprintf(stderr, "t_cand: no register %s\n", n);
  exit(1);
}

static uint64_t s_var(void *ctx, uint32_t i) {
  const snap *s = ctx;
  if (i == tm_var_index(tc, V.D)) return s->depth;
  for (unsigned k = 0; k < D->nregs; k++) {
    const isa_reg *rg = &D->regs[k];
    if (tm_var_index(tc, tm_var(tc, rg->name, rg->is_flag ? TM_BOOL : rg->width)) == i) return s->r[k];
  }
  return 0;
}

static uint8_t s_mem(void *ctx, uint32_t arr, uint64_t a) {
  const snap *s = ctx;
  if (arr == tm_var_index(tc, V.A)) {
    uint64_t k = a / 4;
    return k < s->depth && k < 8 ? (uint8_t)(s->aux[k] >> (8 * (a % 4))) : 0;
  }
  if (arr == tm_var_index(tc, V.mem) && a >= STK_LO && a < STK_LO + STK_N) return s->stk[a - STK_LO];
  return 0;
}

static bool holds(isa_term t, snap *s) {
  tm_env e = {s, s_var, s_mem};
  return tm_eval(tc, t, &e) != 0;
}

typedef struct hk {
  cd_set *cs;
} hk;

static void take(ex_machine *x) {
  if (nsnaps == 64) {
    fputs("t_cand: too many steps\n", stderr);
    exit(1);
  }
  snap *s = &snaps[nsnaps++];
  memset(s, 0, sizeof *s);
  memcpy(s->r, ex_regs(x), sizeof(uint64_t) * D->nregs);
  const uint64_t *stk = ex_aux_stack(x, &s->depth);
  for (size_t k = 0; k < s->depth && k < 8; k++) s->aux[k] = stk[k];
  if (mem_peek(ex_mem(x), STK_LO, STK_N, s->stk, NULL, NULL)) {
    fputs("t_cand: cannot read the stack\n", stderr);
    exit(1);
  }
}

static void hook(void *ctx, ex_machine *x, uint64_t step, ex_kind kind) {
  (void)step, (void)kind;
  hk *h = ctx;
  cd_observe(h->cs, x);
  take(x);
}

/* Run the program with a cd_set of the given shapes; snaps[] gets the
 * state before every instruction but the first. */
static cd_set *run(unsigned shapes) {
  mem_space *m = mem_new(D->addr_bits);
  if (mem_map(m, 0x1000, 0x1000, MEM_R | MEM_X, MEM_ZERO) || mem_map(m, STK_LO, STK_N, MEM_R | MEM_W, MEM_ZERO) ||
      mem_poke(m, 0x1000, sizeof code, code, NULL) || mem_poke(m, 0x1020, sizeof fcode, fcode, NULL)) {
    fputs("t_cand: cannot set up memory\n", stderr);
    exit(1);
  }
  in_assign *in = in_new(IN_FIXED, 0);
  ex_machine *x = ex_new(D, m, NULL, in);
  uint64_t *r = ex_regs(x);
  r[D->pc] = 0x1000;
  r[D->sp] = 0x5800;
  hk h = {cd_new(&V, shapes)};
  nsnaps = 0;
  ex_opts o = {.max_steps = 100, .hook = hook, .hook_ctx = &h};
  ex_result res = ex_run(x, &o);
  CHECK(res.status == EX_HALTED || res.status == EX_TRAP || res.status == EX_INVALID);
  ex_free(x);
  in_free(in);
  mem_free(m);
  return h.cs;
}

/* The candidate at the pc of snapshot s. */
static isa_term cand_at(cd_set *cs, const snap *s) { return cd_candidate(cs, s->r[D->pc]); }

static snap *first_at(uint64_t pc) {
  for (size_t i = 0; i < nsnaps; i++)
    if (snaps[i].r[D->pc] == pc) return &snaps[i];
  return NULL;
}

/* A loop that keeps a square (cd_poly): i in EAX, c = i*i in EBX,
 * EDX = 2i - 1, 40 passes; its head is 0x100e. */
static const uint8_t sqcode[] = {
    /* 0x1000 */ 0x31, 0xC0,                   /* xor eax, eax */
    /* 0x1002 */ 0x31, 0xDB,                   /* xor ebx, ebx */
    /* 0x1004 */ 0xB9, 0x28, 0x00, 0x00, 0x00, /* mov ecx, 40 */
    /* 0x1009 */ 0xBA, 0xFF, 0xFF, 0xFF, 0xFF, /* mov edx, -1 */
    /* 0x100e */ 0x8D, 0x54, 0x00, 0x01,       /* lea edx, [eax + eax + 1] */
    /* 0x1012 */ 0x01, 0xD3,                   /* add ebx, edx */
    /* 0x1014 */ 0x40,                         /* inc eax */
    /* 0x1015 */ 0x39, 0xC8,                   /* cmp eax, ecx */
    /* 0x1017 */ 0x75, 0xF5,                   /* jne 0x100e */
    /* 0x1019 */ 0xF4,                         /* hlt */
};

static void observe(void *ctx, ex_machine *x, uint64_t step, ex_kind kind) {
  (void)step, (void)kind;
  cd_observe(ctx, x);
}

/* (d) cd_poly at the square loop's head: an equality with a product, true
 * of every (i, i*i, 2i - 1) (not only the sampled passes), false when the
 * square is off by one; and nothing where no counter varies. */
static void test_poly(void) {
  mem_space *m = mem_new(D->addr_bits);
  CHECK(!mem_map(m, 0x1000, 0x1000, MEM_R | MEM_X, MEM_ZERO) && !mem_map(m, STK_LO, STK_N, MEM_R | MEM_W, MEM_ZERO) &&
        !mem_poke(m, 0x1000, sizeof sqcode, sqcode, NULL));
  in_assign *in = in_new(IN_FIXED, 0);
  ex_machine *x = ex_new(D, m, NULL, in);
  ex_regs(x)[D->pc] = 0x1000;
  ex_regs(x)[D->sp] = 0x5800;
  cd_hist *hist = cd_hist_new(&V);
  cd_set *cs = cd_new(&V, CD_AFFINE);
  cd_use_history(cs, hist);
  ex_opts o = {.max_steps = 1000, .hook = observe, .hook_ctx = cs};
  ex_result res = ex_run(x, &o);
  CHECK(res.status == EX_HALTED || res.status == EX_TRAP || res.status == EX_INVALID);
  isa_term out[32];
  size_t n = cd_poly(cs, 0x100e, out, 32);
  CHECK(n >= 1);
  int eax = reg_index("EAX"), ebx = reg_index("EBX"), edx = reg_index("EDX"), ecx = reg_index("ECX");
  bool strict = false; /* some atom tells the square from its neighbour */
  for (size_t k = 0; k < n; k++) {
    for (uint64_t i = 0; i < 3000; i += 7) {
      snap s;
      memset(&s, 0, sizeof s);
      s.r[eax] = i, s.r[ebx] = (i * i) & 0xffffffffu, s.r[edx] = (2 * i - 1) & 0xffffffffu, s.r[ecx] = 40;
      if (!holds(out[k], &s)) {
        char buf[300];
        tm_print(tc, out[k], buf, sizeof buf);
        fprintf(stderr, "t_cand: polynomial atom %s fails at i = %llu\n", buf, (unsigned long long)i);
        fails++;
        break;
      }
    }
    snap s;
    memset(&s, 0, sizeof s);
    s.r[eax] = 9, s.r[ebx] = 82, s.r[edx] = 17, s.r[ecx] = 40;
    strict |= !holds(out[k], &s);
  }
  CHECK(strict);
  CHECK(cd_poly(cs, 0x1004, out, 32) == 0); /* visited once: no samples */
  cd_free(cs);
  cd_hist_free(hist);
  ex_free(x);
  in_free(in);
  mem_free(m);
}

int main(void) {
  D = &x86_isa_desc;
  tc = tm_new(D->addr_bits);
  fold_vocab_init(&V, D, tc);
  int esp = D->sp, ebp = reg_index("EBP"), ecx = reg_index("ECX");

  cd_set *cs = run(CD_FRAMES | CD_CONST);
  CHECK(nsnaps > 20);
  /* (a) every candidate holds where it came from */
  size_t nphi = 0;
  for (size_t i = 0; i < nsnaps; i++) {
    isa_term phi = cand_at(cs, &snaps[i]);
    if (!phi) continue;
    nphi++;
    if (!holds(phi, &snaps[i])) {
      fprintf(stderr, "t_cand: the candidate at 0x%llx fails at its own state %zu\n",
              (unsigned long long)snaps[i].r[D->pc], i);
      fails++;
    }
  }
  CHECK(nphi == nsnaps);
  /* (b) in f after push ebp: the return slot is [ESP + 4] */
  snap *f1 = first_at(0x1021);
  CHECK(f1 && f1->depth == 1);
  if (f1) {
    isa_term phi = cand_at(cs, f1);
    snap s = *f1;
    s.stk[s.r[esp] + 4 - STK_LO] ^= 1;
    CHECK(!holds(phi, &s));
    s = *f1;
    s.depth = 2;
    s.aux[1] = s.aux[0];
    CHECK(!holds(phi, &s));
    s = *f1;
    s.aux[0] ^= 0x100;
    CHECK(!holds(phi, &s));
    s = *f1;
    s.r[esp] -= 4;
    CHECK(!holds(phi, &s));
    s = *f1; /* EBP is 0 at every visit of 0x1021 too */
    s.r[ebp] = 7;
    CHECK(!holds(phi, &s));
    s = *f1; /* ECX (3, 2, 1) is not constrained */
    s.r[ecx] = 99;
    CHECK(holds(phi, &s));
  }
  /* the loop (depth 0): $D == 0, and nothing about return slots */
  snap *l1 = first_at(0x100a);
  CHECK(l1 && l1->depth == 0);
  if (l1) {
    isa_term phi = cand_at(cs, l1);
    snap s = *l1;
    s.depth = 1;
    CHECK(!holds(phi, &s));
    /* (c) ECX differs between visits: not a fact */
    s = *l1;
    s.r[ecx] = 99;
    CHECK(holds(phi, &s));
  }
  /* visited once (0x1005 is visited 3 times, 0x100d once: only the depth and
   * ESP there) */
  snap *h1 = first_at(0x100d);
  CHECK(h1 != NULL);
  if (h1) {
    snap s = *h1;
    s.r[ebp] = 5;
    CHECK(holds(cand_at(cs, h1), &s));
  }
  CHECK(cd_candidate(cs, 0x1003) == 0);
  cd_free(cs);

  /* without CD_CONST, EBP is free in f */
  cs = run(CD_FRAMES);
  f1 = first_at(0x1021);
  if (f1) {
    snap s = *f1;
    s.r[ebp] = 7;
    CHECK(holds(cand_at(cs, f1), &s));
    s = *f1;
    s.stk[s.r[esp] + 4 - STK_LO] ^= 1;
    CHECK(!holds(cand_at(cs, f1), &s));
  }
  cd_free(cs);
  test_poly();
  tm_free(tc);
  if (fails) {
    fprintf(stderr, "t_cand: %d check(s) failed\n", fails);
    return 1;
  }
  printf("t_cand: all checks passed (%zu states)\n", nsnaps);
  return 0;
}
