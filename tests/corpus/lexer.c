/* lexer: a table-driven state machine (a DFA whose transition table is
 * indexed by state and character class) that tokenises C-like text:
 * identifiers, numbers, operators, strings with escapes, and // and
 * block comments.  Also a second
 * explicit-state machine with an enum and a switch validating balanced
 * brackets.  Input: text. */
#include "corpus.h"

enum cls { C_OTHER, C_ALPHA, C_DIGIT, C_SPACE, C_SLASH, C_STAR, C_QUOTE, C_BSLASH, C_NL, C_OP, NCLS };
enum st { S_START, S_IDENT, S_NUM, S_SLASH, S_LINE, S_BLOCK, S_BLOCKSTAR, S_STR, S_STRESC, S_OP, NST };

static unsigned char cls_of[256];

/* next[state][class]; the high bit marks "a token ended before this char". */
#define END 0x80
static const unsigned char next[NST][NCLS] = {
    /*             other       alpha        digit        space        slash        star          quote       bslash      nl           op */
    [S_START]   = {S_START,    S_IDENT,     S_NUM,       S_START,     S_SLASH,     S_OP,         S_STR,      S_START,    S_START,     S_OP},
    [S_IDENT]   = {END|S_START,S_IDENT,     S_IDENT,     END|S_START, END|S_SLASH, END|S_OP,     END|S_STR,  END|S_START,END|S_START, END|S_OP},
    [S_NUM]     = {END|S_START,S_NUM,       S_NUM,       END|S_START, END|S_SLASH, END|S_OP,     END|S_STR,  END|S_START,END|S_START, END|S_OP},
    [S_SLASH]   = {END|S_START,END|S_IDENT, END|S_NUM,   END|S_START, S_LINE,      S_BLOCK,      END|S_STR,  END|S_START,END|S_START, END|S_OP},
    [S_LINE]    = {S_LINE,     S_LINE,      S_LINE,      S_LINE,      S_LINE,      S_LINE,       S_LINE,     S_LINE,     S_START,     S_LINE},
    [S_BLOCK]   = {S_BLOCK,    S_BLOCK,     S_BLOCK,     S_BLOCK,     S_BLOCK,     S_BLOCKSTAR,  S_BLOCK,    S_BLOCK,    S_BLOCK,     S_BLOCK},
    [S_BLOCKSTAR]={S_BLOCK,    S_BLOCK,     S_BLOCK,     S_BLOCK,     S_START,     S_BLOCKSTAR,  S_BLOCK,    S_BLOCK,    S_BLOCK,     S_BLOCK},
    [S_STR]     = {S_STR,      S_STR,       S_STR,       S_STR,       S_STR,       S_STR,        END|S_START,S_STRESC,   S_STR,       S_STR},
    [S_STRESC]  = {S_STR,      S_STR,       S_STR,       S_STR,       S_STR,       S_STR,        S_STR,      S_STR,      S_STR,       S_STR},
    [S_OP]      = {END|S_START,END|S_IDENT, END|S_NUM,   END|S_START, END|S_SLASH, END|S_OP,     END|S_STR,  END|S_START,END|S_START, END|S_OP},
};

static const char *const names[NST] = {"start", "ident", "number", "op", "comment", "comment", "comment",
                                       "string", "string", "op"};

enum bstate { B_OK, B_ERROR };

int main(void)
{
    for (int c = 0; c < 256; c++) {
        enum cls k = C_OTHER;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
            k = C_ALPHA;
        else if (c >= '0' && c <= '9')
            k = C_DIGIT;
        else if (c == ' ' || c == '\t' || c == '\r')
            k = C_SPACE;
        else if (c == '\n')
            k = C_NL;
        else if (c == '/')
            k = C_SLASH;
        else if (c == '*')
            k = C_STAR;
        else if (c == '"')
            k = C_QUOTE;
        else if (c == '\\')
            k = C_BSLASH;
        else if (c == '+' || c == '-' || c == '=' || c == '<' || c == '>' || c == '!' || c == '&' ||
                 c == '|' || c == ';' || c == '(' || c == ')' || c == '{' || c == '}' || c == '[' ||
                 c == ']' || c == ',')
            k = C_OP;
        cls_of[c] = (unsigned char)k;
    }
    unsigned counts[NST] = {0};
    enum st s = S_START;
    int c, ntok = 0, line = 1;
    char stack[64];
    int depth = 0;
    enum bstate b = B_OK;
    do {
        c = in_getc();
        unsigned char t = next[s][c < 0 ? C_SPACE : cls_of[c]];
        if ((t & END) || (c < 0 && s != S_START)) {
            counts[s]++;
            ntok++;
            mix((unsigned)s * 131u + (unsigned)line);
        }
        if (c < 0)
            break;
        if (c == '\n')
            line++;
        if (s == S_START || s == S_IDENT || s == S_NUM || s == S_OP || s == S_SLASH) {
            switch (c) {
            case '(': case '[': case '{':
                if (depth < 64)
                    stack[depth++] = (char)c;
                else
                    b = B_ERROR;
                break;
            case ')': case ']': case '}': {
                char open = c == ')' ? '(' : c == ']' ? '[' : '{';
                if (depth == 0 || stack[depth - 1] != open)
                    b = B_ERROR;
                else
                    depth--;
                break;
            }
            default:
                break;
            }
        }
        s = (enum st)(t & ~END);
    } while (1);
    out_i("tokens", ntok);
    out_i("lines", line);
    for (int i = 1; i < NST; i++)
        if (counts[i]) {
            mcveto_print(names[i]);
            mcveto_print(": ");
            mcveto_print_uint(counts[i]);
            mcveto_putc('\n');
        }
    out_s("final state", names[s]);
    out_s("brackets", b == B_OK && depth == 0 ? "balanced" : "unbalanced");
    return digest();
}
