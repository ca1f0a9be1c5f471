/* fuzz_spec.c — libFuzzer harness for the isagen front end.
 *
 * Each input is one spec held in memory: it is lexed, parsed, checked and
 * pattern-compiled by ig_compile exactly as `isagen` would, except that
 * `include` is refused (no file access), the C is generated in memory and
 * discarded (outdir NULL, emit_dry) and diagnostics are discarded (diag NULL).  ig_compile releases all
 * of its memory before returning, so LeakSanitizer reports anything it keeps.
 *
 * Build and run: see tests/fuzz/CMakeLists.txt (target fuzz_spec, ctest
 * fuzz.spec and fuzz.regressions).
 */
#include <stddef.h>
#include <stdint.h>

#include "driver.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  ig_options o = {0};
  o.path = "fuzz.spec";
  o.text = (const char *)data;
  o.len = size;
  o.allow_include = false;
  o.outdir = NULL;
  o.emit_dry = true; /* the emitter is fuzzed too */
  o.prefix = "fuzz";
  o.diag = NULL;
  o.werror = false;
  (void)ig_compile(&o);
  return 0;
}
