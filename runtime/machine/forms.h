/* forms.h — an ISA's encoding forms (isa_form), built from the packed
 * description the generated code holds (isa_desc.formpack, isa.h).
 *
 * The forms are for the reference and the test drivers, not for decoding:
 * the decoder has its own tables.  Holding the expanded table as static data
 * cost x86 1.2 MB of generated C and 4.5 MB of binary (a relocation for each
 * of its 100,000 pointers), so isagen writes the parts the forms combine and
 * this module combines them, in decode order, the first time they are asked
 * for.
 *
 * Ownership: the table and everything it points to belong to this module,
 * are built once per descriptor and live until the program ends (field
 * names point into the generated data).  Callers must not free or change
 * them.  fm_forms may be called from several threads. */
#ifndef MCVETO_FORMS_H
#define MCVETO_FORMS_H

#include "isa.h"

/* The d->nforms forms of d in decode order (more specific first), followed
 * by one all-zero entry.  Ends the process with a message if the packed
 * description does not give d->nforms forms (generated code out of step
 * with the runtime); out of memory as xalloc.h does. */
const isa_form *fm_forms(const isa_desc *d);

#endif
