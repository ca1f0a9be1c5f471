/* forms_check.c — the forms the runtime combines from <isa>_formpack
 * (fm_forms, runtime/machine/forms.c) against the full table isagen writes
 * for tests (<isa>_oracle_forms, isagen --oracle): the same number of forms,
 * in the same order, each equal in every field (instruction, length, mask,
 * value, context indices and values, and every named field piece: name,
 * byte, bit, width, field bit).  Also prints what the expansion costs: the
 * wall time of the first call and the heap it keeps (glibc's mallinfo2).
 * Exit status 0 when all agree, 1 otherwise (the first
 * differences are printed). */
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "forms.h"

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define ORACLE_FORMS CAT(MCVETO_ISA, _oracle_forms)
#define DESC CAT(MCVETO_ISA, _isa_desc)

extern const isa_form ORACLE_FORMS[];
extern const isa_desc DESC;

static long fc_differ;

static void fc_report(unsigned i, const char *what) {
  if (fc_differ++ < 20) printf("form %u (%s): %s differs\n", i, DESC.insns[ORACLE_FORMS[i].insn].name, what);
}

static bool fc_same_bytes(const void *a, const void *b, size_t n) { return !n || (a && b && !memcmp(a, b, n)); }

int main(void) {
  struct timespec t0, t1;
  struct mallinfo2 m0 = mallinfo2();
  clock_gettime(CLOCK_MONOTONIC, &t0);
  const isa_form *got = fm_forms(&DESC);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  struct mallinfo2 m1 = mallinfo2(); /* small blocks, and large ones (mmap) */
  size_t heap = m1.uordblks + m1.hblkhd - m0.uordblks - m0.hblkhd;
  unsigned n = 0;
  while (ORACLE_FORMS[n].len) n++;
  if (n != DESC.nforms) {
    printf("the full table has %u forms, the descriptor %u\n", n, DESC.nforms);
    return 1;
  }
  if (got[n].len || got[n].insn || got[n].mask) fc_report(n, "the zero entry at the end");
  if (fm_forms(&DESC) != got) fc_report(n, "a second call's table (built again)");
  unsigned long pieces = 0;
  for (unsigned i = 0; i < n; i++) {
    const isa_form *a = &got[i], *e = &ORACLE_FORMS[i];
    if (a->insn != e->insn) fc_report(i, "insn");
    else if (a->len != e->len) fc_report(i, "len");
    else if (!fc_same_bytes(a->mask, e->mask, a->len)) fc_report(i, "mask");
    else if (!fc_same_bytes(a->val, e->val, a->len)) fc_report(i, "val");
    else if (a->nctx != e->nctx) fc_report(i, "nctx");
    else if (!fc_same_bytes(a->ctx, e->ctx, a->nctx)) fc_report(i, "ctx");
    else if (!fc_same_bytes(a->ctxv, e->ctxv, sizeof *a->ctxv * a->nctx)) fc_report(i, "ctxv");
    else if (a->nfields != e->nfields) fc_report(i, "nfields");
    else
      for (unsigned k = 0; k < a->nfields; k++) {
        const isa_form_field *x = &a->fields[k], *y = &e->fields[k];
        if (strcmp(x->name, y->name) || x->byte != y->byte || x->bit != y->bit || x->width != y->width ||
            x->fbit != y->fbit) {
          fc_report(i, "a field");
          break;
        }
      }
    pieces += a->nfields;
  }
  double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
  printf("%s: %u forms (%lu field pieces) built in %.2f ms, keeping ", DESC.name, n, pieces, ms);
  if (heap) printf("%zu bytes", heap);
  else printf("? bytes (mallinfo2 does not see this allocator: ASan?)");
  printf("; %ld differ\n", fc_differ);
  return fc_differ != 0;
}
