/* t_norm_ppc.c — the PowerPC normaliser of capo_ppc.c on hand-checked pairs.
 *
 * Each pair is (our printer's text, capstone's text, same?): the capstone
 * texts are capstone 4.0.2's output for the word in the comment (at address
 * 0x1000), ours what the templates of specs/ppc print for it.  The negative
 * pairs make sure the normaliser does not hide mnemonics, suffixes, operand
 * order, registers, CR fields or numbers.  Exit status 0 when all come out
 * right.
 */
#include <stdio.h>
#include <string.h>

#include "capo.h"

extern const capo_isa capo_ppc;

typedef struct pair {
  const char *ours, *cs;
  int same;
  const char *canon; /* expected canonical text of `ours`, or NULL */
} pair;

static const pair pairs[] = {
    /* 38 60 00 10 */ {"li r3, 0x10", "li r3, 0x10", 1, "li r3, 0x10"},
    /* 38 60 ff f0 */ {"li r3, -0x10", "li r3, 0xfff0", 1, "li r3, 0xfff0"},
    /* 38 64 ff f0 */ {"addi r3, r4, -0x10", "addi r3, r4, 0xfff0", 1, NULL},
    /* 2c 03 ff f0 */ {"cmpwi r3, -0x10", "cmpwi r3, 0xfff0", 1, NULL},
    /* 2c 03 00 05 */ {"cmpwi r3, 0x5", "cmpwi r3, 5", 1, "cmpwi r3, 0x5"},
    /* 2f 83 00 00 */ {"cmpwi cr7, r3, 0x0", "cmpwi cr7, r3, 0", 1, NULL},
    /* 3c 60 ff ff */ {"lis r3, 0xffff", "lis r3, 0xffff", 1, NULL},
    /* 94 21 ff f0 */ {"stwu r1, -0x10(r1)", "stwu r1, -0x10(r1)", 1, "stwu r1, 0xfff0(r1)"},
    /* 80 61 00 08 */ {"lwz r3, 0x8(r1)", "lwz r3, 8(r1)", 1, "lwz r3, 0x8(r1)"},
    /* 80 60 00 10 */ {"lwz r3, 0x10(0)", "lwz r3, 0x10(0)", 1, NULL},
    /* 7c 60 20 ae */ {"lbzx r3, 0, r4", "lbzx r3, 0, r4", 1, NULL},
    /* 54 63 10 3a */ {"slwi r3, r3, 2", "slwi r3, r3, 2", 1, NULL},
    /* 54 64 06 3e */ {"clrlwi r4, r3, 24", "clrlwi r4, r3, 0x18", 1, "clrlwi r4, r3, 0x18"},
    /* 7c 63 fe 70 */ {"srawi r3, r3, 31", "srawi r3, r3, 0x1f", 1, NULL},
    /* 42 00 ff f8 */ {"bdnz 0xff8", "bdnz 0xff8", 1, NULL},
    /* 41 9e 00 08 */ {"beq cr7, 0x1008", "beq cr7, 0x1008", 1, NULL},
    /* 41 fe 00 08 */ {"beq+ cr7, 0x1008", "beq+ cr7, 0x1008", 1, NULL},
    /* 41 3e 00 08 */ {"bdnzt 4*cr7+eq, 0x1008", "bdnzt 4*cr7+eq, 0x1008", 1, NULL},
    /* 42 00 bb 56: capstone sign-extends absolute targets to 64 bits */
    {"bdnza 0xffffbb54", "bdnza 0xffffffffffffbb54", 1, "bdnza 0xffffbb54"},
    /* 4e 80 00 20 */ {"blr", "blr", 1, NULL},
    /* 4d 9e 00 20 */ {"beqlr cr7", "beqlr cr7", 1, NULL},
    /* 4f de f1 82 */ {"crclr 30", "crclr 30", 1, NULL},
    /* 7c 6f 11 20 */ {"mtcrf 0xf1, r3", "mtcrf 0xf1, r3", 1, NULL},
    /* 7c 00 04 ac */ {"sync", "sync 0", 1, "sync"},
    /* 7c 60 00 d1 */ {"neg. r3, r0", "neg. r3, r0", 1, NULL},
    /* things that must stay different */
    {"neg r3, r0", "neg. r3, r0", 0, NULL},                 /* record bit */
    {"beq cr7, 0x1008", "beq+ cr7, 0x1008", 0, NULL},       /* hint */
    {"beq cr7, 0x1008", "beq cr6, 0x1008", 0, NULL},        /* CR field */
    {"beq 0x1008", "beq cr7, 0x1008", 0, NULL},             /* operand count */
    {"mr r4, r3", "mr r3, r4", 0, NULL},                    /* order */
    {"lwz r3, 0x8(r1)", "lwz r3, 8(r2)", 0, NULL},          /* base register */
    {"lwz r3, 0x8(r1)", "lwz r3, -8(r1)", 0, NULL},         /* displacement */
    {"lwz r3, 0x10(0)", "lwz r3, 0x10(r0)", 0, NULL},       /* (0) is not r0 */
    {"li r3, 0x10010", "li r3, 0x10", 0, NULL},             /* no reduction of positive numbers */
    {"bdnza 0x1ffffbb54", "bdnza 0xffffbb54", 1, NULL},     /* but addresses are 32-bit */
    {"sync 1", "sync 0", 0, NULL},
    {"bdnzt 4*cr7+eq, 0x1008", "bdnzt 4*cr7+gt, 0x1008", 0, NULL},
};

int main(void) {
  int bad = 0;
  unsigned n = (unsigned)(sizeof pairs / sizeof pairs[0]);
  static const uint8_t word[4] = {0x60, 0, 0, 0};
  for (unsigned i = 0; i < n; i++) {
    const pair *p = &pairs[i];
    char a[256], b[256];
    if (capo_ppc.normalise(p->ours, CAPO_OURS, word, 4, a, sizeof a) != 0 ||
        capo_ppc.normalise(p->cs, CAPO_CAPSTONE, word, 4, b, sizeof b) != 0) {
      printf("FAIL: '%s' or '%s' does not parse\n", p->ours, p->cs);
      bad++;
      continue;
    }
    if ((strcmp(a, b) == 0) != p->same) {
      printf("FAIL: '%s' => '%s' and '%s' => '%s' should %s\n", p->ours, a, p->cs, b,
             p->same ? "be equal" : "differ");
      bad++;
    }
    if (p->canon && strcmp(a, p->canon) != 0) {
      printf("FAIL: '%s' => '%s', expected '%s'\n", p->ours, a, p->canon);
      bad++;
    }
  }
  printf("%s: %u pairs, %d failures\n", bad ? "FAIL" : "PASS", n, bad);
  return bad ? 1 : 0;
}
