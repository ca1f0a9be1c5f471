/* pre.h — the Pre and Pre_α primitives (MCVETO report §3.4), with the
 * instrumented semantics of §3.5.
 *
 * The machine state is the fold_vocab vocabulary: the registers, `mem`, and
 * the instrumentation: `$V` (an AE violation happened), the auxiliary stack
 * `$A` (an array; word k, the return address pushed by the k-th pending
 * call, at bytes k*W .. k*W+W-1, least significant first, W = address bytes)
 * and its depth `$D`.  Keeping the auxiliary stack in the state makes every
 * transition, returns included, a function of one state, so one Pre serves
 * internal, call and return transitions alike.
 *
 * pre_post computes, from the identity state, the post-state of one letter
 * taken through one kind of transition, and the condition under which that
 * transition is possible: no trap, the letter's direction, and for returns
 * the match (return transition) or mismatch (internal transition, rule 12,
 * which sets $V) with the top of the auxiliary stack.  Pre(I, ψ) is then
 * cond ∧ ψ[state := post] — the instruction set enters only through the
 * generated symbolic transformer.
 *
 * pre_alpha simplifies Pre(I, ψ) against a concrete witness state: every
 * read of memory through a write whose address may or may not equal the
 * read's is resolved as the witness resolves it, and the equality or
 * disequality joins the aliasing condition α.  The result ρ = α ⇒ ψ' is
 * Pre_α(I, ψ).  It holds wherever Pre(I, ψ) holds, and under α it is
 * equivalent to it, so splitting on ρ and removing the frontier edge from
 * the ¬ρ half is sound (Fig. 1).
 *
 * Fresh variables (`$sys…`) stand for what a continuing system call returns;
 * a Pre that still mentions one after simplification cannot be split on
 * (pre_mentions_fresh) but can be weakened into one that can
 * (pre_forget_fresh).  `read` is exact: standard input is part of the
 * state (fold_vocab: `$in`, `$inlen`, `$ip`), so a read of memory after it is
 * `ite(in the buffer, $in[$ip + offset], mem[a])`, which pre_alpha resolves
 * as the witness does.  Letter direction 2 of a system call is a `read`
 * that failed with EFAULT (exec.h).  Terms belong to the vocabulary's tm_ctx; pre_post
 * owns the reg array until pre_post_free.
 */
#ifndef MCVETO_PRE_H
#define MCVETO_PRE_H

#include <stdbool.h>
#include <stdint.h>

#include "fold.h"
#include "nwa.h"
#include "terms.h"

typedef struct pre_post {
  isa_term *reg; /* per register */
  isa_term mem, V, D, A, ip;
  isa_term cond; /* the transition is possible */
  /* `read` from the input stream: under win_cond the bytes at [win_lo,
   * win_lo + win_len) become `$in`'s from `$ip` on; all 0 for other letters */
  isa_term win_cond, win_lo, win_len;
} pre_post;

/* Post-state of letter l through a transition of kind k (NWA_INTERNAL for a
 * `ret` means rule 12).  Returns 0, or -1 if the bytes do not decode. */
int pre_post_of(const fold_vocab *v, const fold_letter *l, nwa_kind k, pre_post *out);
void pre_post_free(pre_post *p);

/* Pre(I, ψ) = cond ∧ ψ[state := post]. */
isa_term pre_exact(const fold_vocab *v, const pre_post *p, isa_term psi);

/* Pre_α(I, ψ) = α ⇒ ψ' from Pre(I, ψ) and the witness state w (an
 * environment for the vocabulary's variables).  *alpha, if not NULL,
 * receives α. */
isa_term pre_alpha(const fold_vocab *v, isa_term pre, const tm_env *w, isa_term *alpha);
/* The two parts of Pre_α: α and ψ' (explain prints them apart). */
void pre_alpha_parts(const fold_vocab *v, isa_term pre, const tm_env *w, isa_term *alpha, isa_term *psi1);

/* Does t mention a `$sys…` variable? */
bool pre_mentions_fresh(tm_ctx *tc, isa_term t);

/* A predicate over the pre-state implied by t: every atom of t that mentions
 * a `$sys…` variable is replaced by what makes t weaker (true where it occurs
 * positively, false where negatively).  ∃fresh. t ⇒ result, so a split on
 * the result stays sound. */
isa_term pre_forget_fresh(tm_ctx *tc, isa_term t);

/* The same for standard input not read yet: ρ ⇐ ∃ the bytes of `$in`.
 * Every `$in` byte a Pre mentions is at `$ip` or later (a read fills its
 * window from `$ip` on, and Pre only carries back to earlier states, whose
 * `$ip` is no larger), so these are bytes no run has read at that state.
 * Up to four conditions about them are split on exactly (each is one
 * unknown bit, so both uses of `in[ip] == 0 ? s : s + 2` in one ρ stay
 * together: `(…) > 8` becomes `s > 8 ∨ s + 2 > 8`); the atoms about them
 * left after that are weakened one by one, as above.  `$inlen` stays: with
 * it, the aliasing condition of a read (which bytes its window covers)
 * would be lost too. */
isa_term pre_forget_input(const fold_vocab *v, isa_term t);

/* Word k of an auxiliary-stack array term (k an address-width term). */
isa_term pre_aux_word(const fold_vocab *v, isa_term A, isa_term k);

#endif
