/* terms_print.c — terms in infix form (tm_print, tm_fprint). */
#include "terms_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pbuf {
  char *buf;
  size_t size, n;
  const uint32_t *name; /* tm_print_let: per term, its name's number + 1 (the top bit for arrays), or 0 */
  isa_term def;         /* the term being defined: printed, not named */
} pbuf;

#define NAME_ARRAY 0x80000000u


static void put(pbuf *p, const char *s) {
  for (; *s; s++, p->n++)
    if (p->n + 1 < p->size) p->buf[p->n] = *s;
}

static void put_name(pbuf *p, uint32_t nm) {
  char tmp[16];
  snprintf(tmp, sizeof tmp, "%c%u", nm & NAME_ARRAY ? 'm' : 't', (nm & ~NAME_ARRAY) - 1);
  put(p, tmp);
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
  if (p->name && p->name[t] && t != p->def) {
    put_name(p, p->name[t]);
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
  pbuf p = {buf, size, 0, NULL, 0};
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

/* Terms are created after their arguments, so ascending ids put every
 * definition before its uses; a subterm referenced from two places of the
 * DAG would be printed twice in place, so exactly those are named. */
size_t tm_print_let(tm_ctx *c, isa_term t, const char *indent, char *buf, size_t size) {
  pbuf p = {buf, size, 0, NULL, 0};
  if (size) buf[0] = 0;
  if (!t) {
    put(&p, "<none>");
    if (size) buf[p.n < size ? p.n : size - 1] = 0;
    return p.n;
  }
  size_t n = (size_t)t + 1;
  uint32_t *refs = calloc(n, sizeof *refs), *name = calloc(n, sizeof *name);
  isa_term *st = malloc(sizeof *st * n);
  if (!refs || !name || !st) xa_nomem();
  size_t top = 0;
  st[top++] = t;
  refs[t] = 1;
  while (top) { /* each node is pushed once: when first referenced */
    const tm_node *x = &c->n[st[--top]];
    if (x->kind == TM_VAR || x->kind == TM_CONST) continue;
    for (unsigned i = 0; i < x->nargs; i++)
      if (!refs[x->a[i]]++) st[top++] = x->a[i];
  }
  uint32_t arrays = 0, others = 0;
  for (isa_term u = 1; u < t; u++)
    if (refs[u] > 1 && c->n[u].kind != TM_VAR && c->n[u].kind != TM_CONST)
      name[u] = c->n[u].sort == TM_ARRAY ? ++arrays + 1 + NAME_ARRAY : ++others + 1;
  p.name = name;
  for (isa_term u = 1; u < t; u++)
    if (name[u]) {
      put(&p, "let ");
      put_name(&p, name[u]);
      put(&p, " = ");
      p.def = u;
      pr(c, u, &p, 0);
      put(&p, "\n");
      put(&p, indent);
    }
  p.def = t;
  pr(c, t, &p, 0);
  free(refs);
  free(name);
  free(st);
  if (size) {
    if (p.n + 1 > size && size > 4) memcpy(buf + size - 4, "...", 4);
    else buf[p.n < size ? p.n : size - 1] = 0;
  }
  return p.n;
}

void tm_fprint_let(tm_ctx *c, isa_term t, const char *indent, FILE *f) {
  char small[4096];
  size_t n = tm_print_let(c, t, indent, small, sizeof small);
  if (n < sizeof small) {
    fputs(small, f);
    return;
  }
  char *big = malloc(n + 1);
  if (!big) xa_nomem();
  tm_print_let(c, t, indent, big, n + 1);
  fputs(big, f);
  free(big);
}
