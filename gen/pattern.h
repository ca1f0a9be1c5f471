/* pattern.h — encodings: flattening, overlap checks, decode order.
 *
 * pt_build fills md->flats (every instruction encoding in the order the
 * decoder must try them), each rule's and table's flats, md->min_len/max_len,
 * and reports ambiguous, duplicate, unreachable and impossible encodings.
 */
#ifndef ISAGEN_PATTERN_H
#define ISAGEN_PATTERN_H

#include "model.h"

void pt_build(md_spec *md);

#endif
