/* terms_print.c — terms in infix form (tm_print, tm_fprint). */
#include "terms_impl.h"

#include <stdlib.h>
#include <string.h>

typedef struct pbuf {
  char *buf;
  size_t size, n;
} pbuf;

static void put(pbuf *p, const char *s) {
  for (; *s; s++, p->n++)
    if (p->n + 1 < p->size) p->buf[p->n] = *s;
}

static const char *const infix[] = {
    [ISA_OP_ADD] = "+", [ISA_OP_SUB] = "-", [ISA_OP_MUL] = "*", [ISA_OP_UDIV] = "/u", [ISA_OP_UREM] = "%u",
    [ISA_OP_SDIV] = "/s", [ISA_OP_SREM] = "%s", [ISA_OP_AND] = "&", [ISA_OP_OR] = "|", [ISA_OP_XOR] = "^",
    [ISA_OP_SHL] = "<<", [ISA_OP_LSHR] = ">>", [ISA_OP_ASHR] = ">>s", [ISA_OP_EQ] = "==", [ISA_OP_ULT] = "<u",
    [ISA_OP_ULE] = "<=u", [ISA_OP_SLT] = "<s", [ISA_OP_SLE] = "<=s", [ISA_OP_LAND] = "&&", [ISA_OP_LOR] = "||",
    [ISA_OP_LXOR] = "^^", [ISA_OP_IFF] = "<=>", [ISA_OP_CONCAT] = "++"};

static void pr(tm_ctx *c, isa_term t, pbuf *p, int depth) {
  char tmp[64];
  const tm_node *x = &c->n[t];
  if (p->n >= p->size && p->size) return; /* enough */
  if (depth > 200) {
    put(p, "...");
    return;
  }
  switch (x->kind) {
  case TM_CONST:
    if (x->sort == TM_BOOL) put(p, x->val ? "true" : "false");
    else {
      snprintf(tmp, sizeof tmp, x->val < 10 ? "%llu" : "0x%llx", (unsigned long long)x->val);
      put(p, tmp);
    }
    return;
  case TM_VAR:
    put(p, c->names[x->val]);
    return;
  case ISA_OP_NOT: put(p, "~"); pr(c, x->a[0], p, depth + 1); return;
  case ISA_OP_NEG: put(p, "-"); pr(c, x->a[0], p, depth + 1); return;
  case ISA_OP_LNOT: put(p, "!"); pr(c, x->a[0], p, depth + 1); return;
  case ISA_OP_ITE:
    put(p, "(");
    pr(c, x->a[0], p, depth + 1);
    put(p, " ? ");
    pr(c, x->a[1], p, depth + 1);
    put(p, " : ");
    pr(c, x->a[2], p, depth + 1);
    put(p, ")");
    return;
  case ISA_OP_EXTRACT:
    pr(c, x->a[0], p, depth + 1);
    if (x->p0 == x->p1) snprintf(tmp, sizeof tmp, "[%u]", x->p0);
    else snprintf(tmp, sizeof tmp, "[%u:%u]", x->p0, x->p1);
    put(p, tmp);
    return;
  case ISA_OP_ZEXT:
  case ISA_OP_SEXT:
    snprintf(tmp, sizeof tmp, "%s%u(", x->kind == ISA_OP_ZEXT ? "zext" : "sext", x->p0);
    put(p, tmp);
    pr(c, x->a[0], p, depth + 1);
    put(p, ")");
    return;
  case ISA_OP_BOOL2BV:
    put(p, "bv1(");
    pr(c, x->a[0], p, depth + 1);
    put(p, ")");
    return;
  case ISA_OP_SELECT:
    pr(c, x->a[0], p, depth + 1);
    put(p, "[");
    pr(c, x->a[1], p, depth + 1);
    put(p, "]");
    return;
  case ISA_OP_STORE:
    pr(c, x->a[0], p, depth + 1);
    put(p, "{");
    pr(c, x->a[1], p, depth + 1);
    put(p, " := ");
    pr(c, x->a[2], p, depth + 1);
    put(p, "}");
    return;
  default:
    if (x->kind < sizeof infix / sizeof *infix && infix[x->kind] && x->nargs == 2) {
      put(p, "(");
      pr(c, x->a[0], p, depth + 1);
      put(p, " ");
      put(p, infix[x->kind]);
      put(p, " ");
      pr(c, x->a[1], p, depth + 1);
      put(p, ")");
      return;
    }
    put(p, "?");
  }
}

size_t tm_print(tm_ctx *c, isa_term t, char *buf, size_t size) {
  pbuf p = {buf, size, 0};
  if (size) buf[0] = 0;
  if (!t) {
    put(&p, "<none>");
  } else
    pr(c, t, &p, 0);
  if (size) {
    if (p.n + 1 > size && size > 4) memcpy(buf + size - 4, "...", 4);
    else buf[p.n < size ? p.n : size - 1] = 0;
  }
  return p.n;
}

void tm_fprint(tm_ctx *c, isa_term t, FILE *f) {
  char small[4096];
  size_t n = tm_print(c, t, small, sizeof small);
  if (n < sizeof small) {
    fputs(small, f);
    return;
  }
  char *big = malloc(n + 1);
  if (!big) xa_nomem();
  tm_print(c, t, big, n + 1);
  fputs(big, f);
  free(big);
}
