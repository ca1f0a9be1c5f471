/* inputs.h — the input assignment of one concrete run.
 *
 * An input is everything the executable does not define (ARCHITECTURE §6):
 * the initial registers other than PC and SP, the bytes of memory the image
 * leaves undefined (the stack, for instance), and every byte `read` returns
 * from standard input.  An assignment gives them values in one of three ways:
 *   IN_LINUX  as a Linux process starts: registers and undefined memory 0,
 *             standard input read from the real file descriptor 0;
 *   IN_RANDOM pseudo-random values from a seed (standard input: a random
 *             number of random bytes, then end of file);
 *   IN_FIXED  the values set explicitly (a witness file or a solver model);
 *             anything not set is 0, standard input ends after the bytes set.
 * The assignment records which inputs the run used, with their values;
 * in_write saves exactly those, so a saved run replays with IN_FIXED.
 *
 * Witness file format (text): `#` comments, and lines
 *   reg NAME VALUE           (VALUE in C syntax: 0x1f, 31)
 *   mem ADDR BYTE BYTE ...   (consecutive bytes from ADDR, two hex digits each)
 *   stdin BYTE BYTE ...      (appended to standard input, hex)
 * in_read refuses, with the file and line: a register the ISA does not have
 * (names are case-sensitive), PC or SP (not inputs), a value wider than its
 * register, a register or byte given twice with different values, an address
 * outside the ISA's address space, NUL bytes, lines over 8190 characters, and
 * files over IN_MAX_FILE bytes (so /dev/zero or an endless pipe ends).
 * Strings passed in are copied; the assignment owns its storage.
 */
#ifndef MCVETO_INPUTS_H
#define MCVETO_INPUTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isa.h"

/* Most bytes of a witness file (a full IN_MAX_STDIN of standard input takes
 * about 51 MiB of text). */
#define IN_MAX_FILE (64 * 1024 * 1024)
/* Most bytes of real standard input an IN_LINUX run keeps for in_write. */
#define IN_MAX_STDIN (16 * 1024 * 1024)

typedef enum in_mode { IN_LINUX, IN_RANDOM, IN_FIXED } in_mode;

typedef struct in_assign in_assign;

in_assign *in_new(in_mode mode, uint64_t seed);
void in_free(in_assign *a);
in_mode in_get_mode(const in_assign *a);
/* A deep copy (values, what was used, the stream position, the random
 * seed): a run of the copy sees what a run of a would.  The caller owns it. */
in_assign *in_clone(const in_assign *a);

/* Setting values (IN_FIXED; in other modes they override the default). */
void in_set_reg(in_assign *a, const char *name, uint64_t value);
void in_set_mem(in_assign *a, uint64_t addr, uint8_t value);
void in_append_stdin(in_assign *a, const uint8_t *bytes, size_t n);

/* Values for a run; each use is recorded. */
uint64_t in_reg(in_assign *a, const char *name, unsigned width);
uint8_t in_mem(in_assign *a, uint64_t addr);
/* Up to n next bytes of standard input; 0 at end of input.  -1 if reading
 * the real standard input failed. */
long in_stdin(in_assign *a, uint8_t *buf, size_t n);

/* Standard input as the verifier's state sees it (IN_FIXED): bytes consumed
 * so far, the length of the stream, and byte j (0 past the end). */
size_t in_stdin_pos(const in_assign *a);
size_t in_stdin_len(const in_assign *a);
uint8_t in_stdin_byte(const in_assign *a, size_t j);

/* IN_LINUX keeps the standard input it reads (up to IN_MAX_STDIN bytes) so
 * in_write can save it; a run that saves nothing turns that off and streams.
 * in_stdin_truncated: more was read than kept, so in_write would not save
 * the run's input. */
void in_keep_stdin(in_assign *a, bool keep);
bool in_stdin_truncated(const in_assign *a);
/* Whether a run asked for at least one byte of standard input since the
 * assignment was made or in_reset_use (whatever the answer was: end of
 * input is an answer too). */
bool in_stdin_asked(const in_assign *a);

/* Forget what was used (values set explicitly stay). */
void in_reset_use(in_assign *a);

/* Save the inputs the run used; 0 on success.  The comment (a file name)
 * goes on the first line with control characters and '\\' as \\xNN. */
int in_write(const in_assign *a, FILE *f, const char *comment);
/* Load a witness file for the ISA d into a (normally IN_FIXED); 0 on
 * success, else a message "FILE:LINE: what" (or "FILE: what") in err. */
int in_read(in_assign *a, const char *path, const isa_desc *d, char *err, size_t errsz);
/* The same from an open stream; path names it in messages. */
int in_read_stream(in_assign *a, FILE *f, const char *path, const isa_desc *d, char *err, size_t errsz);

#endif
