/* main.c — the isagen command line. */
#include <stdio.h>
#include <string.h>

#include "driver.h"

static void usage(FILE *f) {
  fputs("usage: isagen [-o DIR] [-n NAME] [--check] [--Werror] [--oracle] SPEC\n"
        "Compile an instruction-set spec into C: NAME_decode.c, NAME_print.c, NAME_sem.c,\n"
        "NAME_sym.c, NAME_desc.c and NAME_gen.h in DIR (default: current directory).\n"
        "  -o DIR     where to write the generated files\n"
        "  -n NAME    file and symbol prefix (default: the spec file's base name)\n"
        "  --check    check the spec only, write nothing\n"
        "  --Werror   treat warnings as errors\n"
        "  --oracle   also write NAME_oracle.c, a reference decoder for tests\n"
        "Exit status: 0 success, 1 errors in the spec, 2 usage error.\n",
        f);
}

int main(int argc, char **argv) {
  ig_options o = {0};
  o.outdir = ".";
  o.diag = stderr;
  o.allow_include = true;
  const char *spec = NULL, *name = NULL;
  bool check = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-o") && i + 1 < argc) o.outdir = argv[++i];
    else if (!strcmp(a, "-n") && i + 1 < argc) name = argv[++i];
    else if (!strcmp(a, "-o") || !strcmp(a, "-n")) {
      fprintf(stderr, "isagen: option '%s' needs an argument\n", a);
      return 2;
    } else if (!strcmp(a, "--check")) check = true;
    else if (!strcmp(a, "--Werror")) o.werror = true;
    else if (!strcmp(a, "--oracle")) o.oracle = true;
    else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "isagen: unknown option '%s'\n", a);
      usage(stderr);
      return 2;
    } else if (spec) {
      fprintf(stderr, "isagen: more than one spec file given\n");
      return 2;
    } else
      spec = a;
  }
  if (!spec) {
    usage(stderr);
    return 2;
  }
  char base[256];
  if (!name) {
    const char *s = strrchr(spec, '/');
    s = s ? s + 1 : spec;
    size_t n = strcspn(s, ".");
    if (n >= sizeof base) n = sizeof base - 1;
    memcpy(base, s, n);
    base[n] = 0;
    name = base;
  }
  if (!*name && !check) {
    fprintf(stderr, "isagen: the file and symbol prefix is empty (use -n NAME)\n");
    return 2;
  }
  for (const char *p = name; *p && !check; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9' && p != name) || *p == '_')) {
      fprintf(stderr, "isagen: '%s' is not a valid C identifier prefix (use -n NAME)\n", name);
      return 2;
    }
  o.path = spec;
  o.prefix = name;
  if (check) o.outdir = NULL;
  return ig_compile(&o) ? 1 : 0;
}
