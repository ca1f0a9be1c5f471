/* emit.h — writes the generated C for a checked model.
 *
 * em_write emits <outdir>/<prefix>_{gen.h,decode.c,print.c,sem.c,sym.c,desc.c}
 * and defines `const isa_desc <prefix>_isa_desc`.  Either all files are
 * written or none (returns nonzero and reports through md->dg).  With
 * outdir NULL the files are generated in memory and discarded.
 */
#ifndef ISAGEN_EMIT_H
#define ISAGEN_EMIT_H

#include "model.h"

int em_write(md_spec *md, const char *outdir, const char *prefix, const char *spec_path);

/* <outdir>/<prefix>_oracle.c: the flat-by-flat reference decoder
 * <prefix>_oracle_decode for tests (isagen --oracle); nonzero on failure. */
int em_write_oracle(md_spec *md, const char *outdir, const char *prefix, const char *spec_path);

#endif
