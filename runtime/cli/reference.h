/* reference.h — an instruction reference generated from the descriptor.
 *
 * rf_write writes a static, self-contained HTML site for one ISA into a
 * directory: index.html (every rule with its mnemonics, flow class and a
 * search box) and one page per rule (its encodings as bit diagrams, the
 * assembly template and a printed example, the spec text, the symbolic
 * transformer of a decoded example, a worked concrete example from a fixed
 * pseudo-random state, and Pre of a sample postcondition).  Everything comes
 * through isa.h: nothing here knows an instruction set.  No network, no
 * libraries: the pages carry their own CSS and a few lines of inline JS.
 */
#ifndef MCVETO_REFERENCE_H
#define MCVETO_REFERENCE_H

#include <stdio.h>

#include "isa.h"

/* Writes the site into dir (created if missing; existing files of the same
 * names are replaced).  prog names the binary in the pages' command lines
 * (e.g. "mcveto-x86").  0, or -1 after a message on err. */
int rf_write(const isa_desc *d, const char *dir, const char *prog, FILE *err);

/* s[0..n) (or up to its NUL) as HTML text on f: markup characters and
 * control characters but newline and tab escaped.  Shared with verify's
 * report (cli_report.c). */
void rf_escn(FILE *f, const char *s, size_t n);

#endif
