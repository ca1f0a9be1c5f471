/* interp: a bytecode interpreter for a small stack machine: the classic
 * "switch in a loop" dispatch (a jump table), a data stack, eight
 * registers, a return stack, absolute jumps and a step budget.  Built-in
 * programs (factorial, sum of squares, gcd, call/return) run on an
 * argument from the input; then the input's remaining bytes run as a
 * program of their own — any byte sequence is safe: bad opcodes, stack
 * under- or overflow and wild jumps stop the machine with an error code.
 * Input: "arg;" then raw program bytes (opcodes: see the enum). */
#include "corpus.h"

enum { PUSH, LOAD, STORE, DUP, DROP, SWAP, OVER, ADD, SUB, MUL, DIVM, AND, OR, XOR,
       SHL, SHR, JMP, JZ, JNZ, CALL, RET, LT, EQ, NEG, PRINT, HALT, NOPS };

/* Operands each opcode pops before it can run, and its immediate bytes. */
static const unsigned char pops[NOPS] = {0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2,
                                         2, 2, 0, 1, 1, 0, 0, 2, 2, 1, 1, 0};
static const unsigned char imm[NOPS] = {1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                        0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0};

#define STACK 32

struct vm {
    int st[STACK], sp;
    int rs[STACK], rp;
    int reg[8];
    unsigned steps;
};

/* Returns 0 on HALT, RET at top level or end of code, else an error. */
static int run(struct vm *m, const unsigned char *code, int len, unsigned budget)
{
    int pc = 0;
    m->sp = m->rp = 0;
    m->steps = 0;
    while (pc < len) {
        if (++m->steps > budget)
            return 5;
        unsigned op = code[pc++];
        if (op >= NOPS)
            return 1;
        if (m->sp < pops[op])
            return 2;
        if (m->sp >= STACK - 1)
            return 3;
        if (pc + imm[op] > len)
            return 4;
        int arg = imm[op] ? code[pc] : 0;
        pc += imm[op];
        int *t = m->st + (m->sp ? m->sp - 1 : 0); /* the top, if any */
        switch (op) {
        case PUSH: m->st[m->sp++] = (signed char)arg; break;
        case LOAD: m->st[m->sp++] = m->reg[arg & 7]; break;
        case STORE: m->reg[arg & 7] = *t; m->sp--; break;
        case DUP: m->st[m->sp++] = *t; break;
        case DROP: m->sp--; break;
        case SWAP: { int x = t[0]; t[0] = t[-1]; t[-1] = x; } break;
        case OVER: m->st[m->sp++] = t[-1]; break;
        case ADD: t[-1] = (int)((unsigned)t[-1] + (unsigned)t[0]); m->sp--; break;
        case SUB: t[-1] = (int)((unsigned)t[-1] - (unsigned)t[0]); m->sp--; break;
        case MUL: t[-1] = (int)((unsigned)t[-1] * (unsigned)t[0]); m->sp--; break;
        case DIVM: /* ( a b -- a/b a%b ); b == 0 or INT_MIN/-1 give ( a 0 ) */
            if (t[0] == 0 || (t[0] == -1 && t[-1] == -2147483647 - 1)) {
                t[0] = 0;
            } else {
                int a = t[-1], b = t[0];
                t[-1] = a / b;
                t[0] = a % b;
            }
            break;
        case AND: t[-1] &= t[0]; m->sp--; break;
        case OR: t[-1] |= t[0]; m->sp--; break;
        case XOR: t[-1] ^= t[0]; m->sp--; break;
        case SHL: t[-1] = (int)((unsigned)t[-1] << (t[0] & 31)); m->sp--; break;
        case SHR: t[-1] = t[-1] >> (t[0] & 31); m->sp--; break;
        case JMP: pc = arg; break;
        case JZ: m->sp--; if (*t == 0) pc = arg; break;
        case JNZ: m->sp--; if (*t != 0) pc = arg; break;
        case CALL:
            if (m->rp >= STACK)
                return 3;
            m->rs[m->rp++] = pc;
            pc = arg;
            break;
        case RET:
            if (m->rp == 0)
                return 0;
            pc = m->rs[--m->rp];
            break;
        case LT: t[-1] = t[-1] < t[0]; m->sp--; break;
        case EQ: t[-1] = t[-1] == t[0]; m->sp--; break;
        case NEG: *t = (int)(0u - (unsigned)*t); break;
        case PRINT: out_i("print", *t); mix((unsigned)*t); m->sp--; break;
        case HALT: return 0;
        }
    }
    return 0;
}

/* r0 = n: prints n! (mod 2^32) */
static const unsigned char p_fact[] = {
    PUSH, 1, STORE, 1,                       /* 0: r1 = 1 */
    LOAD, 0, JZ, 24,                         /* 4: while r0 */
    LOAD, 1, LOAD, 0, MUL, STORE, 1,         /* 8: r1 *= r0 */
    LOAD, 0, PUSH, 1, SUB, STORE, 0,         /* 15: r0 -= 1 */
    JMP, 4,                                  /* 22 */
    LOAD, 1, PRINT, HALT};                   /* 24 */

/* r0 = n: prints sum of i*i for i = n..1 */
static const unsigned char p_squares[] = {
    PUSH, 0, STORE, 1,                       /* 0 */
    LOAD, 0, JZ, 26,                         /* 4 */
    LOAD, 0, DUP, MUL, LOAD, 1, ADD, STORE, 1, /* 8 */
    LOAD, 0, PUSH, 1, SUB, STORE, 0,         /* 17 */
    JMP, 4,                                  /* 24 */
    LOAD, 1, PRINT, HALT};                   /* 26 */

/* r0 = a, r2 = b: prints gcd(a, b) by Euclid */
static const unsigned char p_gcd[] = {
    LOAD, 2, JZ, 22,                         /* 0 */
    LOAD, 0, LOAD, 2, DIVM, STORE, 3, DROP,  /* 4: r3 = r0 % r2 */
    LOAD, 2, STORE, 0, LOAD, 3, STORE, 2,    /* 12 */
    JMP, 0,                                  /* 20 */
    LOAD, 0, PRINT, HALT};                   /* 22 */

/* squares two numbers through a subroutine */
static const unsigned char p_call[] = {
    LOAD, 0, CALL, 12, PRINT,                /* 0 */
    PUSH, 0xfd, CALL, 12, PRINT, HALT, HALT, /* 5 */
    DUP, MUL, RET};                          /* 12 */

static void runp(const char *name, const unsigned char *code, int len, int r0, int r2)
{
    struct vm m;
    for (int i = 0; i < 8; i++)
        m.reg[i] = 0;
    m.reg[0] = r0;
    m.reg[2] = r2;
    out_s("program", name);
    int e = run(&m, code, len, 100000);
    out_i("status", e);
    out_u("steps", m.steps);
    mix((unsigned)e * 1000003u + m.steps);
}

int main(void)
{
    int arg = (int)in_s64(10);
    int c;
    while ((c = in_getc()) >= 0 && c != ';')
        ;
    runp("fact", p_fact, sizeof p_fact, arg & 31, 0);
    runp("squares", p_squares, sizeof p_squares, arg & 1023, 0);
    runp("gcd", p_gcd, sizeof p_gcd, arg, 462);
    runp("call", p_call, sizeof p_call, arg, 0);
    static unsigned char code[256];
    int len = 0;
    while (len < 256 && (c = in_getc()) >= 0)
        code[len++] = (unsigned char)c;
    runp("input", code, len, arg, arg + 1);
    return digest();
}
