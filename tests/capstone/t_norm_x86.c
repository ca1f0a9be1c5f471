/* t_norm_x86.c — the x86 normaliser of capo_x86.c on hand-checked pairs.
 *
 * Each pair is (our printer's text, capstone's text, same?).  The capstone
 * texts are capstone 4.0.2's output for the bytes in the comment, and ours
 * the spec's templates for the same bytes; "same" is what the instructions
 * mean.  The negative pairs make sure the normaliser does not hide operand
 * order, register names, operand sizes, segments, scales or numbers.
 * Exit status 0 when every pair comes out right.
 */
#include <stdio.h>
#include <string.h>

#include "capo.h"
#include "capo_text.h"

extern const capo_isa capo_x86;

typedef struct pair {
  const char *ours, *cs;
  int same;
  const char *canon; /* expected canonical text of `ours`, or NULL */
  const char *bytes; /* the encoding, where the normaliser needs it (prefixes) */
} pair;

static const pair pairs[] = {
    /* 83 c4 f0 */ {"add esp, 0xfffffff0", "add esp, -0x10", 1, "add esp, 0xfffffff0", NULL},
    /* 66 83 c0 f0 */ {"add ax, 0xfff0", "add ax, -0x10", 1, "add ax, 0xfff0", NULL},
    {"add ax, 0xfffffff0", "add ax, -0x10", 0, NULL, NULL},
    /* 80 c0 f0 */ {"add al, 0xf0", "add al, 0xf0", 1, NULL, NULL},
    {"add al, 0xf0", "add al, -0x10", 1, NULL, NULL},
    /* 80 38 ff */ {"cmp byte ptr [eax + 0x0], 0xff", "cmp byte ptr [eax], -1", 1, "cmp byte ptr [eax], 0xff", NULL},
    /* 8b 45 f8 */ {"mov eax, dword ptr [ebp - 0x8]", "mov eax, dword ptr [ebp - 8]", 1,
                    "mov eax, dword ptr [ebp - 0x8]", NULL},
    /* 8b 45 00 */ {"mov eax, dword ptr [ebp + 0x0]", "mov eax, dword ptr [ebp]", 1, "mov eax, dword ptr [ebp]", NULL},
    /* 0f 1f 44 00 00 */ {"nop dword ptr [eax + eax + 0x0]", "nop dword ptr [eax + eax]", 1, NULL, NULL},
    /* 8d 76 00 */ {"lea esi, [esi + 0x0]", "lea esi, [esi]", 1, "lea esi, [esi]", NULL},
    /* 66 90 (docs/x86.md) */ {"xchg ax, ax", "nop", 1, "nop", NULL},
    /* c1 e0 04 */ {"shl eax, 0x4", "shl eax, 4", 1, "shl eax, 0x4", NULL},
    /* 6a ff */ {"push 0xffffffff", "push -1", 1, NULL, NULL},
    /* c2 04 00 */ {"ret 0x4", "ret 4", 1, NULL, NULL},
    /* 6b c0 fe */ {"imul eax, eax, 0xfffffffe", "imul eax, eax, -2", 1, NULL, NULL},
    /* 83 e4 f0 */ {"and esp, 0xfffffff0", "and esp, 0xfffffff0", 1, NULL, NULL},
    /* f3 ab */ {"rep stosd dword ptr es:[edi], eax", "rep stosd dword ptr es:[edi], eax", 1, NULL, NULL},
    {"repz cmpsb byte ptr [esi], byte ptr es:[edi]", "repe cmpsb byte ptr [esi], byte ptr es:[edi]", 1, NULL, NULL},
    /* 8b 44 8b 10 */ {"mov eax, dword ptr [ebx + ecx*4 + 0x10]", "mov eax, dword ptr [ebx + ecx*4 + 0x10]", 1, NULL, NULL},
    /* 8a 04 85 00 a0 04 08 */ {"mov al, byte ptr [eax*4 + 0x804a000]", "mov al, byte ptr [eax*4 + 0x804a000]", 1,
                                NULL, NULL},
    /* 8b 0d 00 00 00 00 */ {"mov ecx, dword ptr [0x0]", "mov ecx, dword ptr [0]", 1, "mov ecx, dword ptr [0x0]", NULL},
    /* a1 10 a0 04 08 */ {"mov eax, dword ptr [0x804a010]", "mov eax, dword ptr [0x804a010]", 1, NULL, NULL},
    /* f0 83 00 01 */ {"lock add dword ptr [eax + 0x0], 0x1", "lock add dword ptr [eax], 1", 1,
                       "lock add dword ptr [eax], 0x1", NULL},
    /* e8 fb ff ff ff at 0x1000 */ {"call 0x1000", "call 0x1000", 1, NULL, NULL},
    /* capstone prints far targets modulo 2^32 or not: both are the same 32-bit address */
    {"jmp 0xfffffff0", "jmp 0xfffffff0", 1, NULL, NULL},
    /* things that must stay different */
    {"mov eax, ecx", "mov ecx, eax", 0, NULL, NULL},                                      /* operand order */
    {"mov eax, dword ptr [ebp - 0x8]", "mov eax, word ptr [ebp - 8]", 0, NULL, NULL},     /* size */
    {"mov ax, 0x1", "mov eax, 1", 0, NULL, NULL},                                         /* register */
    {"mov eax, dword ptr [ebp - 0x8]", "mov eax, dword ptr [ebp + 8]", 0, NULL, NULL},    /* displacement sign */
    {"rep stosd dword ptr es:[edi], eax", "rep stosd dword ptr [edi], eax", 0, NULL, NULL}, /* segment */
    {"rep stosd dword ptr es:[edi], eax", "stosd dword ptr es:[edi], eax", 0, NULL, NULL},  /* prefix */
    {"mov eax, dword ptr [ebx + ecx*4 + 0x10]", "mov eax, dword ptr [ecx + ebx*4 + 0x10]", 0, NULL, NULL},
    {"mov eax, dword ptr [ebx + ecx*4 + 0x10]", "mov eax, dword ptr [ebx + ecx*2 + 0x10]", 0, NULL, NULL},
    {"mov eax, dword ptr [ebx + ecx + 0x10]", "mov eax, dword ptr [ecx + ebx + 0x10]", 0, NULL, NULL}, /* base/index */
    {"movzx eax, byte ptr [ebp - 0x8]", "movsx eax, byte ptr [ebp - 8]", 0, NULL, NULL},  /* mnemonic */
    {"add dword ptr [eax], 0x10", "add dword ptr [eax + 0x10], 0", 0, NULL, NULL},
    {"jmp 0x1000", "jmp 0x1001", 0, NULL, NULL},
    {"xchg ecx, eax", "xchg eax, ecx", 0, NULL, NULL}, /* order kept even where it does not matter */
    {"xchg ax, cx", "nop", 0, NULL, NULL},
    {"shl eax, 0x1", "shl eax", 0, NULL, NULL}, /* operand count */
    {"mov al, 0x10", "mov al, 0x100", 0, NULL, NULL},
    /* the immediate of a 16-bit push is 16 bits wide (66 6a a8) */
    {"push 0xffa8", "push -0x58", 1, "push 0xffa8", "\x66\x6a\xa8"},
    {"push 0xffffffa8", "push -0x58", 0, NULL, "\x66\x6a\xa8"},
    {"push 0xffa8", "push -0x58", 0, NULL, "\x6a\xa8"},
};

static int check(const char *text, capo_side side, const uint8_t *bytes, size_t len, char *out, size_t cap) {
  if (capo_x86.normalise(text, side, bytes, len, out, cap) != 0) {
    printf("FAIL: '%s' does not parse\n", text);
    return 1;
  }
  return 0;
}

int main(void) {
  int bad = 0;
  unsigned n = (unsigned)(sizeof pairs / sizeof pairs[0]);
  for (unsigned i = 0; i < n; i++) {
    const pair *p = &pairs[i];
    char a[256], b[256];
    const uint8_t *bytes = (const uint8_t *)(p->bytes ? p->bytes : "\x90");
    size_t len = p->bytes ? strlen(p->bytes) : 1;
    if (check(p->ours, CAPO_OURS, bytes, len, a, sizeof a) || check(p->cs, CAPO_CAPSTONE, bytes, len, b, sizeof b)) {
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
  /* the text helpers */
  char ops[CAPO_MAX_OPS][CAPO_OP_LEN];
  if (capo_split_ops("dword ptr [eax + ecx*4], 0x1", ops) != 2 || strcmp(ops[0], "dword ptr [eax + ecx*4]") ||
      strcmp(ops[1], "0x1") || capo_split_ops("  ", ops) != 0 || capo_split_ops("[eax, ebx", ops) != -1) {
    printf("FAIL: capo_split_ops\n");
    bad++;
  }
  uint64_t v;
  bool neg;
  if (!capo_is_num("-0x10", &v, &neg) || v != 16 || !neg || capo_is_num("1f", &v, &neg) ||
      !capo_is_num("42", &v, &neg) || v != 42 || neg || capo_is_num("0x", &v, &neg) || capo_is_num("eax", &v, &neg)) {
    printf("FAIL: capo_is_num\n");
    bad++;
  }
  if (!capo_bytes_match("66 ?? 90", (const uint8_t *)"\x66\x12\x90\x00", 4) ||
      capo_bytes_match("66 90", (const uint8_t *)"\x66", 1) || capo_bytes_match("66 91", (const uint8_t *)"\x66\x90", 2)) {
    printf("FAIL: capo_bytes_match\n");
    bad++;
  }
  printf("%s: %u pairs, %d failures\n", bad ? "FAIL" : "PASS", n, bad);
  return bad ? 1 : 0;
}
