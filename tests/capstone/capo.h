/* capo.h — the decoder oracle: our generated decoder and printer against capstone.
 *
 * What it promises: for every byte string it is given, capo_check() runs
 * desc->decode and capstone on the same bytes at the same address.  Wherever
 * OUR decoder accepts (ISA_DECODE_OK), capstone must accept too, with the same
 * length, and the two assembly texts must be equal after the ISA's
 * normaliser (capo_isa.normalise) has put both into one canonical syntax.
 * Anything else is a disagreement, unless it matches an entry of one of the
 * ISA's two lists: CAPSTONE_WRONG (a capstone bug, proved by the manual rule
 * quoted in the entry) or KNOWN_SPEC_BUGS (to be fixed by the spec owner, who
 * then deletes the entry).  Byte strings capstone accepts and we reject are
 * the coverage gap: counted per capstone mnemonic, and a failure only in real
 * binaries (--elf), unless a KNOWN_SPEC_BUGS entry names the hole.
 *
 * Generic over ISAs: one driver (capo_main.c) is linked with one isa_<name>
 * library and one capo_<name>.c file that defines `const capo_isa
 * capo_<name>` (capstone arch/mode, normaliser, exceptions).  CMake:
 * mcveto_capstone_test() in tests/capstone/CMakeLists.txt.
 */
#ifndef MCVETO_CAPO_H
#define MCVETO_CAPO_H

#include <capstone/capstone.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isa.h"

/* ---- what an ISA supplies --------------------------------------------- */

typedef enum capo_side { CAPO_OURS, CAPO_CAPSTONE } capo_side;

/* A known disagreement.  It matches when our decoder's instruction name is
 * `insn` (NULL: any), the bytes match `bytes` (NULL: any): hex byte pairs
 * separated by blanks, "??" for any byte, compared from the first byte
 * (prefixes included; the pattern may be shorter than the instruction), and
 * `match` (NULL: any) returns true for the instruction's bytes (for rules a
 * pattern cannot say, such as prefix order).  Lists end with an entry whose
 * `why` is NULL. */
typedef struct capo_exception {
  const char *insn;
  const char *bytes;
  bool (*match)(const uint8_t *buf, size_t len);
  const char *why;
} capo_exception;

typedef struct capo_isa {
  const char *name; /* must equal isa_desc.name */
  cs_arch arch;
  cs_mode mode;
  int syntax; /* a CS_OPT_SYNTAX_* value, or 0 for capstone's default */
  /* Canonical form of an instruction text: ours is desc->print's output,
   * capstone's is "mnemonic op_str"; bytes[0..len) is the instruction (for
   * notation that depends on the encoding, e.g. the width of an immediate).
   * Writes a NUL-terminated string into out (truncating to cap) and returns
   * 0, or returns -1 when the text does not parse (then the texts are
   * compared as they are). */
  int (*normalise)(const char *text, capo_side side, const uint8_t *bytes, size_t len, char *out, size_t cap);
  /* Our spec is wrong here: the spec owner fixes it and deletes the entry. */
  const capo_exception *known_spec_bugs;
  /* Capstone 4.0.2 is wrong here: `why` quotes the manual's rule. */
  const capo_exception *capstone_wrong;
} capo_isa;

/* ---- the checker ------------------------------------------------------ */

typedef enum capo_verdict {
  CAPO_BOTH_REJECT,
  CAPO_AGREE,
  CAPO_GAP,           /* capstone accepts, we reject */
  CAPO_CS_REJECTS,    /* we accept, capstone rejects: a disagreement */
  CAPO_LEN_DIFFERS,   /* a disagreement */
  CAPO_TEXT_DIFFERS,  /* a disagreement */
  CAPO_EXCEPTED       /* a disagreement on the known_spec_bugs or capstone_wrong list */
} capo_verdict;

typedef struct capo_stats {
  unsigned long cases, ours_ok, cs_ok, both_ok, agree, gap, disagree, excepted;
} capo_stats;

typedef struct capo capo; /* checker state: capstone handle, statistics, reports */

/* Opens capstone for the ISA; NULL with a message on `err` on failure
 * (mismatched descriptor names, capstone error). */
capo *capo_new(const isa_desc *d, const capo_isa *ci, FILE *err);
void capo_free(capo *c);

/* How many disagreements of each instruction (and gap examples per
 * mnemonic) are printed in full; the rest are counted. */
void capo_set_report_limit(capo *c, unsigned per_insn, unsigned total);

/* Checks the instruction at buf[0..n), address addr.  `where` labels the
 * report lines (e.g. "random", "form", "prog.O2 0x8049000").  The verdict
 * is counted in the current statistics; disagreements are printed to out. */
capo_verdict capo_check(capo *c, const uint8_t *buf, size_t n, uint64_t addr, const char *where, FILE *out);

/* The statistics since the last capo_reset_stats(). */
capo_stats capo_get_stats(const capo *c);
void capo_reset_stats(capo *c);

/* Length capstone gave for the last capo_check that capstone accepted (0 if
 * it rejected); its mnemonic and operands are in *mnemonic / *ops. */
unsigned capo_last_cs(const capo *c, const char **mnemonic, const char **ops);
/* Length our decoder gave for the last capo_check (0 if it rejected). */
unsigned capo_last_ours(const capo *c);

/* After a capo_check that gave CAPO_GAP: true if a list entry that names
 * none of our instructions matches the bytes capstone decoded (a known
 * coverage hole); counts the match and reports the first one to out. */
bool capo_known_hole(capo *c, const uint8_t *buf, size_t n, const char *where, FILE *out);

/* Prints the `top` most frequent capstone mnemonics of the coverage gap
 * since the last capo_reset_gap(), with an example encoding each. */
void capo_print_gap(const capo *c, unsigned top, FILE *out);
void capo_reset_gap(capo *c);

/* Prints, for each exception, how often it matched (all modes). */
void capo_print_exceptions(const capo *c, FILE *out);

/* True if the pattern (see capo_exception.bytes) matches buf[0..n). */
bool capo_bytes_match(const char *pattern, const uint8_t *buf, size_t n);

#endif
