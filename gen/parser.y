/* parser.y — grammar of the spec language (pure, reentrant, with locations). */
%code requires {
#include "parse_state.h"
}

%code {
#include <string.h>

int spec_lex(SPEC_STYPE *lval, SPEC_LTYPE *lloc, void *scanner);
static void spec_error(SPEC_LTYPE *loc, void *scanner, ps_state *S, const char *msg);

#define N(kind, loc) ast_new(S->ar, (kind), ps_sloc(loc))
#define ADD(p, k) ast_add(S->ar, (p), (k))

/* Later passes walk trees recursively; refuse absurdly deep ones here. */
static ast *deep(ps_state *S, ast *n) {
  if (n && n->depth > AST_MAX_DEPTH && !S->too_deep) {
    S->too_deep = true;
    ps_error(S, ((SPEC_LTYPE){n->loc.file, n->loc.line, n->loc.col, n->loc.line, n->loc.col, 0, 0}),
             "nesting is more than %d levels deep", AST_MAX_DEPTH);
  }
  return n;
}

static ast *binop(ps_state *S, ast_op op, ast *a, ast *b, SPEC_LTYPE loc) {
  ast *n = N(A_BINARY, loc);
  n->op = op;
  ADD(n, a);
  ADD(n, b);
  return n;
}
static ast *unop(ps_state *S, ast_op op, ast *a, SPEC_LTYPE loc) {
  ast *n = N(A_UNARY, loc);
  n->op = op;
  ADD(n, a);
  return n;
}
/* A string used as plain text: placeholders are not allowed. */
static const char *plain(ps_state *S, ast *tpl) {
  size_t len = 0;
  for (int i = 0; i < tpl->nkids; i++) {
    if (tpl->kids[i]->kind != A_TTEXT) {
      ps_error(S, ((SPEC_LTYPE){tpl->kids[i]->loc.file, tpl->kids[i]->loc.line, tpl->kids[i]->loc.col,
                                tpl->kids[i]->loc.eline, tpl->kids[i]->loc.ecol, 0, 0}),
               "placeholders are only allowed in asm templates");
      continue;
    }
    len += strlen(tpl->kids[i]->text);
  }
  char *s = ar_alloc(S->ar, len + 1), *p = s;
  for (int i = 0; i < tpl->nkids; i++)
    if (tpl->kids[i]->kind == A_TTEXT) {
      size_t k = strlen(tpl->kids[i]->text);
      memcpy(p, tpl->kids[i]->text, k);
      p += k;
    }
  *p = 0;
  return s;
}
}

%define api.pure full
%define api.prefix {spec_}
%define parse.error detailed
%locations
%expect 0
%lex-param {void *scanner}
%parse-param {void *scanner} {ps_state *S}

%union {
  uint64_t num;
  char *str;
  ast *node;
}

%token <num> NUM "number"
%token <str> IDENT "identifier"
%token <str> STR_TEXT "string text"
%token STR_BEGIN "string" STR_END "end of string"
%token TPL_OPEN "'{' placeholder" TPL_CLOSE "'}' ending a placeholder"
%token ARROW "=>" EQEQ "==" NEQ "!=" LE "<=" GE ">=" SHL "<<" SHR ">>" ANDAND "&&" OROR "||"
%token INCLUDE "include" ARCH "arch" REG "reg" FLAG "flag" ALIAS "alias" CLASS "class"
%token CONTEXT "context" TOKEN "token" PREFIX "prefix" TABLE "table" FN "fn" INSN "insn"
%token LET "let" VAR "var" IF "if" ELSE "else" RETURN "return" TRAP "trap" ASM "asm"
%token FLOW "flow" NEXT "next" TRUE "true" FALSE "false" SIGNED "signed" READONLY "readonly"
%token CONST "const" ENUM "enum" PATTERN "pattern"

%type <str> ident flow_name
%type <node> decl settings setting values reg_names reg_name name_list type fields field ranges range
%type <node> ctx_assigns alts alt pattern conj atom clauses template tparts tchoice telse params param_list param
%type <node> block stmts stmt else_part expr postfix primary args arg_list opt_fmt
%type <node> block_decls enum_items enum_item
%type <num> snum

%right '?' ':'
%left OROR
%left ANDAND
%left '|'
%left '^'
%left '&'
%left EQEQ NEQ
%left '<' '>' LE GE
%left SHL SHR
%left '+' '-'
%left '*' '/' '%'
%precedence UNARY

%%

spec
  : %empty
  | spec decl
      { /* an enum and a context block are lists of declarations: flatten them */
        if ($2 && $2->kind == A_DECLS)
          for (int i = 0; i < $2->nkids; i++) ar_push(S->ar, S->decls, deep(S, $2->kids[i]));
        else if ($2) ar_push(S->ar, S->decls, deep(S, $2)); }
  ;

ident
  : IDENT      { $$ = $1; }
  | REG        { $$ = "reg"; }
  | FLAG       { $$ = "flag"; }
  | ALIAS      { $$ = "alias"; }
  | CLASS      { $$ = "class"; }
  | CONTEXT    { $$ = "context"; }
  | TOKEN      { $$ = "token"; }
  | PREFIX     { $$ = "prefix"; }
  | TABLE      { $$ = "table"; }
  | ARCH       { $$ = "arch"; }
  | SIGNED     { $$ = "signed"; }
  | READONLY   { $$ = "readonly"; }
  | CONST      { $$ = "const"; }
  | ENUM       { $$ = "enum"; }
  | PATTERN    { $$ = "pattern"; }
  ;

flow_name
  : ident      { $$ = $1; }
  | RETURN     { $$ = "return"; }
  ;

decl
  : INCLUDE template ';'
      { $$ = N(A_INCLUDE, @$); $$->text = plain(S, $2); $$->loc = $2->loc; }
  | ARCH ident '{' settings '}'
      { $$ = $4; $$->kind = A_ARCH; $$->name = $2; $$->loc = ps_sloc(@2); }
  | REG reg_names ':' type ';'
      { $$ = $2; $$->type = $4; }
  | REG reg_names ':' type READONLY ';'
      { $$ = $2; $$->type = $4; $$->flag = true; }
  | FLAG name_list ';'
      { $$ = $2; $$->kind = A_FLAG; }
  | ALIAS ident '=' expr ';'
      { $$ = N(A_ALIAS, @2); $$->name = $2; ADD($$, $4); }
  | CLASS ident '=' '[' args ']' ';'
      { $$ = $5; $$->kind = A_CLASS; $$->name = $2; $$->loc = ps_sloc(@2); }
  | CONTEXT ident ':' NUM ';'
      { $$ = N(A_CONTEXT, @2); $$->name = $2; $$->num = $4; $$->num2 = (uint64_t)@4.line << 32 | (uint64_t)@4.col; }
  | CONTEXT conj ';'
      { /* the file's default context constraints, for the rules after it; the
         * node goes to the declarations too, so that sema checks it once */
        $$ = $2; S->fdflt = $2; }
  | CONTEXT conj '{' block_decls '}'
      { $$ = $4;
        for (int i = 0; i < $$->nkids; i++) {
          ast *k = $$->kids[i];
          if (k->kind == A_INSN) {
            if (!k->dflt) k->dflt = N(A_PSEQ, @2);
            ADD(k->dflt, $2);
          } else if (k->kind == A_INCLUDE)
            ps_error(S, ((SPEC_LTYPE){k->loc.file, k->loc.line, k->loc.col, k->loc.eline, k->loc.ecol, 0, 0}),
                     "include is not allowed in a context block (its rules would not get the defaults)");
        }
        ADD($$, $2); }
  | CONST ident '=' expr ';'
      { $$ = N(A_CONST, @2); $$->name = $2; ADD($$, $4); }
  | CONST ident '=' template ';'
      { $$ = N(A_CONST, @2); $$->name = $2; $$->tpl = $4; }
  | PATTERN ident '=' conj ';'
      { $$ = N(A_PFRAG, @2); $$->name = $2; ADD($$, $4); }
  | ENUM '{' enum_items '}'         { $$ = $3; }
  | ENUM '{' enum_items ',' '}'     { $$ = $3; }
  | TOKEN ident ':' NUM '{' fields '}'
      { $$ = $6; $$->kind = A_TOKEN; $$->name = $2; $$->num = $4; $$->loc = ps_sloc(@2); }
  | PREFIX NUM '{' ctx_assigns '}'
      { $$ = $4; $$->kind = A_PREFIX; $$->num = $2; $$->loc = ps_sloc(@2); }
  | PREFIX NUM ASM template '{' ctx_assigns '}'
      { $$ = $6; $$->kind = A_PREFIX; $$->num = $2; $$->tpl = $4; $$->loc = ps_sloc(@2); }
  | TABLE ident '{' alts '}'
      { $$ = $4; $$->name = $2; $$->loc = ps_sloc(@2); }
  | TABLE ident ':' type '{' alts '}'
      { $$ = $6; $$->name = $2; $$->type = $4; $$->loc = ps_sloc(@2); }
  | TABLE ident ':' ident type '{' alts '}'
      { $$ = $7; $$->name = $2; $$->type = $5;
        if (strcmp($4, "loc") != 0) ps_error(S, @4, "expected 'loc' or a type, found '%s'", $4);
        else $$->flag = true;
        $$->loc = ps_sloc(@2); }
  | FN ident '(' params ')' block
      { $$ = N(A_FN, @2); $$->name = $2; ADD($$, $4); ADD($$, $6); }
  | FN ident '(' params ')' ':' type block
      { $$ = N(A_FN, @2); $$->name = $2; ADD($$, $4); $$->type = $7; ADD($$, $8); }
  | FN ident '(' params ')' ':' type '=' expr ';'
      { $$ = N(A_FN, @2); $$->name = $2; ADD($$, $4); $$->type = $7; ADD($$, $9); }
  | INSN ident ':' pattern clauses block
      { $$ = $5; $$->kind = A_INSN; $$->name = $2; $$->loc = ps_sloc(@2); $$->fdflt = S->fdflt;
        $$->kids = NULL; $$->nkids = $$->capkids = 0;
        ADD($$, $4); ADD($$, $6);
        $$->src_begin = @1.begin; $$->src_end = @6.end; }
  | error ';'   { $$ = NULL; yyerrok; }
  | error '}'   { $$ = NULL; yyerrok; }
  ;

/* The declarations of a context block; nested blocks and enums are
 * flattened into it. */
block_decls
  : %empty                { $$ = N(A_DECLS, @$); }
  | block_decls decl
      { $$ = $1;
        if ($2 && $2->kind == A_DECLS)
          for (int i = 0; i < $2->nkids; i++) ADD($$, $2->kids[i]);
        else if ($2) ADD($$, $2); }
  ;

/* enum { A, B = 5, C }: constants counting up from 0, or from the last
 * value given. */
enum_items
  : enum_item
      { $$ = N(A_DECLS, @1); ADD($$, $1);
        if (!$1->has_value) { $1->num = 0; $1->flag = false; } }
  | enum_items ',' enum_item
      { $$ = $1; ADD($$, $3);
        if (!$3->has_value) {
          ast *p = $$->kids[$$->nkids - 2];
          /* the previous value plus one, as (magnitude, negative) */
          if (p->flag) { $3->num = p->num - 1; $3->flag = $3->num != 0; }
          else if (p->num == UINT64_MAX) ps_error(S, @3, "enumeration value of '%s' does not fit in 64 bits", $3->name);
          else { $3->num = p->num + 1; $3->flag = false; }
        } }
  ;

enum_item
  : ident                 { $$ = N(A_CONST, @1); $$->name = $1; }
  | ident '=' NUM         { $$ = N(A_CONST, @1); $$->name = $1; $$->num = $3; $$->has_value = true; }
  | ident '=' '-' NUM     { $$ = N(A_CONST, @1); $$->name = $1; $$->num = $4; $$->flag = $4 != 0; $$->has_value = true; }
  ;

settings
  : %empty              { $$ = N(A_ARCH, @$); }
  | settings setting    { $$ = $1; ADD($$, $2); }
  ;

setting
  : ident values ';'            { $$ = $2; $$->name = $1; $$->loc = ps_sloc(@1); }
  | ident '{' settings '}'      { $$ = N(A_SETTING, @1); $$->name = $1; ADD($$, $3); $$->flag = true; }
  | error ';'                   { $$ = NULL; yyerrok; }
  ;

values
  : expr                  { $$ = N(A_SETTING, @1); ADD($$, $1); }
  | values ',' expr       { $$ = $1; ADD($$, $3); }
  ;

reg_names
  : reg_name                  { $$ = N(A_REG, @1); ADD($$, $1); }
  | reg_names ',' reg_name    { $$ = $1; ADD($$, $3); }
  ;

reg_name
  : ident                     { $$ = N(A_NAME, @1); $$->name = $1; }
  | ident '[' NUM ']'         { $$ = N(A_NAME, @1); $$->name = $1; $$->num = $3; $$->has_value = true; }
  ;

name_list
  : ident                     { $$ = N(A_REG, @1); ast *k = N(A_NAME, @1); k->name = $1; ADD($$, k); }
  | name_list ',' ident       { $$ = $1; ast *k = N(A_NAME, @3); k->name = $3; ADD($$, k); }
  ;

type
  : ident                     { $$ = N(A_TYPE, @1); $$->name = $1; }
  ;

fields
  : %empty                    { $$ = N(A_TOKEN, @$); }
  | fields field              { $$ = $1; ADD($$, $2); }
  ;

field
  : ident '=' ranges ';'          { $$ = $3; $$->name = $1; $$->loc = ps_sloc(@1); }
  | ident '=' ranges SIGNED ';'   { $$ = $3; $$->name = $1; $$->flag = true; $$->loc = ps_sloc(@1); }
  | error ';'                     { $$ = NULL; yyerrok; }
  ;

ranges
  : range                 { $$ = N(A_FIELD, @1); ADD($$, $1); }
  | ranges ',' range      { $$ = $1; ADD($$, $3); }
  ;

range
  : NUM ':' NUM           { $$ = N(A_RANGE, @$); $$->num = $1; $$->num2 = $3; }
  | NUM                   { $$ = N(A_RANGE, @$); $$->num = $1; $$->num2 = $1; }
  ;

ctx_assigns
  : %empty                          { $$ = N(A_PREFIX, @$); }
  | ctx_assigns ident '=' NUM ';'
      { $$ = $1; ast *a = N(A_ASSIGN, @2); a->name = $2; a->num = $4; ADD($$, a); }
  ;

alts
  : %empty                { $$ = N(A_TABLE, @$); }
  | alts alt              { $$ = $1; ADD($$, $2); }
  ;

alt
  : pattern ARROW expr ';'               { $$ = N(A_ALT, @1); ADD($$, $1); ADD($$, $3); }
  | pattern ARROW expr ASM template ';'  { $$ = N(A_ALT, @1); ADD($$, $1); ADD($$, $3); $$->tpl = $5; }
  | pattern ASM template ';'             { $$ = N(A_ALT, @1); ADD($$, $1); $$->tpl = $3; }
  | error ';'                            { $$ = NULL; yyerrok; }
  ;

pattern
  : conj                  { $$ = N(A_PSEQ, @1); ADD($$, $1); }
  | pattern ';' conj      { $$ = $1; ADD($$, $3); }
  ;

conj
  : atom                  { $$ = N(A_PCONJ, @1); ADD($$, $1); }
  | conj '&' atom         { $$ = $1; ADD($$, $3); }
  ;

atom
  : ident                 { $$ = N(A_PATOM, @1); $$->name = $1; }
  | ident '=' snum        { $$ = N(A_PATOM, @$); $$->name = $1; $$->num = $3; $$->has_value = true; }
  | NUM                   { $$ = N(A_PATOM, @1); $$->num = $1; $$->has_value = true; }
  | ident '=' ident       { $$ = N(A_PATOM, @$); $$->name = $1; $$->text = $3; $$->has_value = true; }
  | ident '=' '*'         { $$ = N(A_PATOM, @$); $$->name = $1; $$->flag = true; }
  ;

snum
  : NUM                   { $$ = $1; }
  | '-' NUM               { $$ = (uint64_t)0 - $2; }
  ;

clauses
  : %empty                { $$ = N(A_INSN, @$); }
  | clauses ASM template
      { $$ = $1; if ($$->tpl) ps_error(S, @2, "duplicate asm clause"); else $$->tpl = $3; }
  | clauses FLOW flow_name
      { $$ = $1;
        if ($$->flow) ps_error(S, @2, "duplicate flow clause");
        else { $$->flow = N(A_IDENT, @3); $$->flow->name = $3; } }
  ;

template
  : STR_BEGIN tparts STR_END    { $$ = $2; $$->loc = ps_sloc(@$); }
  ;

tparts
  : %empty                      { $$ = N(A_TEMPLATE, @$); }
  | tparts STR_TEXT             { $$ = $1; ast *t = N(A_TTEXT, @2); t->text = $2; ADD($$, t); }
  | tparts TPL_OPEN expr opt_fmt TPL_CLOSE
      { $$ = $1; ast *t = N(A_TEXPR, @3); ADD(t, $3); if ($4) { t->text = $4->text; t->type = $4; } ADD($$, t); }
  | tparts TPL_OPEN tchoice TPL_CLOSE   { $$ = $1; ADD($$, $3); }
  ;

/* A choice between two templates: {COND ? "then" : "else"}, chained as
 * {C1 ? "a" : C2 ? "b" : "c"} (the else template then holds the next choice). */
tchoice
  : expr '?' template ':' telse
      { $$ = N(A_TCHOICE, @$); ADD($$, $1); ADD($$, $3); ADD($$, $5); deep(S, $$); }
  ;

telse
  : template                    { $$ = $1; }
  | tchoice                     { $$ = N(A_TEMPLATE, @1); ADD($$, $1); }
  ;

opt_fmt
  : %empty                { $$ = NULL; }
  | ':' ident             { $$ = N(A_TTEXT, @2); $$->text = $2; }
  | ':' '+' ident         { $$ = N(A_TTEXT, @2); $$->text = ar_printf(S->ar, "+%s", $3); }
  ;

params
  : %empty                { $$ = N(A_PARAMS, @$); }
  | param_list            { $$ = $1; }
  ;

param_list
  : param                 { $$ = N(A_PARAMS, @1); ADD($$, $1); }
  | param_list ',' param  { $$ = $1; ADD($$, $3); }
  ;

param
  : ident ':' type        { $$ = N(A_PARAM, @1); $$->name = $1; $$->type = $3; }
  ;

block
  : '{' stmts '}'         { $$ = $2; $$->loc = ps_sloc(@$); }
  ;

stmts
  : %empty                { $$ = N(A_BLOCK, @$); }
  | stmts stmt            { $$ = $1; ADD($$, $2); deep(S, $$); }
  ;

stmt
  : postfix '=' expr ';'              { $$ = N(A_ASSIGN, @$); ADD($$, $1); ADD($$, $3); deep(S, $$); }
  | postfix ';'
      { $$ = N(A_CALLSTMT, @$); ADD($$, $1);
        if ($1->kind != A_CALL) { ps_error(S, @1, "expression statement has no effect (expected an assignment or a call)"); } }
  | LET ident '=' expr ';'            { $$ = N(A_LET, @2); $$->name = $2; ADD($$, $4); deep(S, $$); }
  | LET ident ':' type '=' expr ';'   { $$ = N(A_LET, @2); $$->name = $2; $$->type = $4; ADD($$, $6); }
  | VAR ident ':' type '=' expr ';'   { $$ = N(A_LET, @2); $$->name = $2; $$->type = $4; $$->flag = true; ADD($$, $6); }
  | VAR ident '=' expr ';'            { $$ = N(A_LET, @2); $$->name = $2; $$->flag = true; ADD($$, $4); }
  | IF '(' expr ')' block else_part   { $$ = N(A_IF, @1); ADD($$, $3); ADD($$, $5); ADD($$, $6); deep(S, $$); }
  | TRAP template ';'                 { $$ = N(A_TRAP, @1); $$->text = plain(S, $2); }
  | RETURN expr ';'                   { $$ = N(A_RETURN, @1); ADD($$, $2); deep(S, $$); }
  | block                             { $$ = $1; }
  | error ';'                         { $$ = NULL; yyerrok; }
  ;

else_part
  : %empty                            { $$ = NULL; }
  | ELSE block                        { $$ = $2; }
  | ELSE IF '(' expr ')' block else_part
      { $$ = N(A_BLOCK, @2); ast *i = N(A_IF, @2); ADD(i, $4); ADD(i, $6); ADD(i, $7); ADD($$, i); }
  ;

expr
  : postfix                   { $$ = $1; }
  | expr '?' expr ':' expr    { $$ = N(A_TERNARY, @$); ADD($$, $1); ADD($$, $3); ADD($$, $5); }
  | expr OROR expr            { $$ = binop(S, OP_LOR, $1, $3, @$); }
  | expr ANDAND expr          { $$ = binop(S, OP_LAND, $1, $3, @$); }
  | expr '|' expr             { $$ = binop(S, OP_OR, $1, $3, @$); }
  | expr '^' expr             { $$ = binop(S, OP_XOR, $1, $3, @$); }
  | expr '&' expr             { $$ = binop(S, OP_AND, $1, $3, @$); }
  | expr EQEQ expr            { $$ = binop(S, OP_EQ, $1, $3, @$); }
  | expr NEQ expr             { $$ = binop(S, OP_NE, $1, $3, @$); }
  | expr '<' expr             { $$ = binop(S, OP_LT, $1, $3, @$); }
  | expr '>' expr             { $$ = binop(S, OP_GT, $1, $3, @$); }
  | expr LE expr              { $$ = binop(S, OP_LE, $1, $3, @$); }
  | expr GE expr              { $$ = binop(S, OP_GE, $1, $3, @$); }
  | expr SHL expr             { $$ = binop(S, OP_SHL, $1, $3, @$); }
  | expr SHR expr             { $$ = binop(S, OP_SHR, $1, $3, @$); }
  | expr '+' expr             { $$ = binop(S, OP_ADD, $1, $3, @$); }
  | expr '-' expr             { $$ = binop(S, OP_SUB, $1, $3, @$); }
  | expr '*' expr             { $$ = binop(S, OP_MUL, $1, $3, @$); }
  | expr '/' expr             { $$ = binop(S, OP_DIV, $1, $3, @$); }
  | expr '%' expr             { $$ = binop(S, OP_MOD, $1, $3, @$); }
  | '-' expr %prec UNARY      { $$ = unop(S, OP_NEG, $2, @$); }
  | '~' expr %prec UNARY      { $$ = unop(S, OP_NOT, $2, @$); }
  | '!' expr %prec UNARY      { $$ = unop(S, OP_LNOT, $2, @$); }
  ;

postfix
  : primary                           { $$ = $1; }
  | postfix '[' expr ']'              { $$ = N(A_INDEX, @$); ADD($$, $1); ADD($$, $3); }
  | postfix '[' expr ':' expr ']'     { $$ = N(A_SLICE, @$); ADD($$, $1); ADD($$, $3); ADD($$, $5); }
  ;

primary
  : NUM                       { $$ = N(A_NUM, @1); $$->num = $1; }
  | TRUE                      { $$ = N(A_TRUE, @1); }
  | FALSE                     { $$ = N(A_FALSE, @1); }
  | NEXT                      { $$ = N(A_NEXT, @1); }
  | ident                     { $$ = N(A_IDENT, @1); $$->name = $1; }
  | ident '(' args ')'        { $$ = $3; $$->kind = A_CALL; $$->name = $1; $$->loc = ps_sloc(@$); }
  | '(' expr ')'              { $$ = $2; }
  ;

args
  : %empty                    { $$ = N(A_CALL, @$); }
  | arg_list                  { $$ = $1; }
  ;

arg_list
  : expr                      { $$ = N(A_CALL, @1); ADD($$, $1); }
  | arg_list ',' expr         { $$ = $1; ADD($$, $3); }
  ;

%%

static void spec_error(SPEC_LTYPE *loc, void *scanner, ps_state *S, const char *msg) {
  (void)scanner;
  if (strcmp(msg, "memory exhausted") == 0) msg = "nesting too deep for the parser";
  /* a ';' missing at the end of a line is reported where it belongs */
  if (strstr(msg, "expecting") && strstr(msg, "';'") && S->prev.line > 0 && loc->line > S->prev.eline) {
    SPEC_LTYPE at = S->prev;
    at.line = at.eline;
    at.col = at.ecol + 1;
    at.ecol = at.col;
    ps_error(S, at, "expected ';' after '%s'", S->prev_text);
    return;
  }
  ps_error(S, *loc, "%s", msg);
}
