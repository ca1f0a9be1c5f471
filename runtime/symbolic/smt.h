/* smt.h — deciding formulas over terms with Z3.
 *
 * The only module that includes <z3.h>.  A solver session translates terms
 * of one tm_ctx into Z3 (each term once, cached), checks the satisfiability
 * of a conjunction of bool terms with a per-query timeout (the whole query:
 * a session's watchdog thread interrupts Z3 where its own timeout does not
 * reach), and, when the
 * answer is sat, reads values out of the model: the value of any term (so a
 * model becomes input values: the variables' values and memory bytes).
 *
 * `unknown` always carries a reason (timeout, resource limit, Z3 error, …).
 * A conjunction found unsatisfiable is remembered (as the sorted set of its
 * hash-consed term ids) and the same set asked again is answered unsat
 * without Z3.  With a dump file set (smt_set_dump, or smt_open_dump for a
 * file the session owns), every query put to Z3 is written to it as
 * SMT-LIB 2; with smt_set_time_log, each check's time and answer go to
 * standard error.
 * The session does not own the tm_ctx; free the session first.
 */
#ifndef MCVETO_SMT_H
#define MCVETO_SMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "terms.h"

typedef struct smt smt;

typedef enum smt_result { SMT_SAT, SMT_UNSAT, SMT_UNKNOWN } smt_result;

/* timeout_ms 0 = no timeout. */
smt *smt_new(tm_ctx *tc, unsigned timeout_ms);
void smt_free(smt *s);
/* Z3's process-wide state: its memory manager, symbol table and the timer
 * threads a query's timeout starts (a pool Z3 keeps until the process ends,
 * whose state LeakSanitizer can see lost at exit).  Released once no
 * session is left (and then only); a session made afterwards works. */
void smt_shutdown(void);
void smt_set_timeout(smt *s, unsigned timeout_ms);
/* Write each query as SMT-LIB 2 to f (NULL: stop).  f stays the caller's. */
void smt_set_dump(smt *s, FILE *f);
/* The same, appending to the file at path, which the session opens and
 * closes; -1 (and no dump) if it cannot be opened. */
int smt_open_dump(smt *s, const char *path);
/* Each check's time and answer on standard error (a debugging printer). */
void smt_set_time_log(smt *s, bool on);

/* Is the conjunction of the bool terms satisfiable?  On SMT_UNKNOWN the
 * reason is written to `reason` (if given).  The model of a sat answer is
 * kept until the next check. */
smt_result smt_check(smt *s, const isa_term *assertions, size_t n, char *reason, size_t reason_size);

/* Value of a bool or bit-vector term in the last model (model completion:
 * variables the model leaves free get an arbitrary value).  False if there
 * is no model. */
bool smt_model_eval(smt *s, isa_term t, uint64_t *out);
/* Byte at addr of an array term in the last model. */
bool smt_model_byte(smt *s, isa_term array, uint64_t addr, uint8_t *out);

/* Number of queries put to Z3, of queries answered unsat from the
 * session's memory of unsatisfiable conjunctions (asked before, same terms),
 * and the total solver time (for statistics). */
unsigned long smt_queries(const smt *s);
unsigned long smt_cached(const smt *s);
double smt_seconds(const smt *s);

#endif
