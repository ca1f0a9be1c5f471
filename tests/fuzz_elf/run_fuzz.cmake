# run_fuzz.cmake — ctest driver of fuzz.elf (see CMakeLists.txt) and of
# fuzz.witness (tests/cli).
# -DFUZZER=bin -DSEEDS=dir -DDICT=file -DWORK=dir -DARTIFACTS=dir -DSECONDS=n
# [-DREGRESSIONS=dir] [-DNAME=harness name, default fuzz_elf]
# [-DMAX_LEN=bytes, default 16384] [-DSEEDS_HINT=what to do when SEEDS is empty]
# First runs the harness once on every file in REGRESSIONS (inputs that once
# failed), then fuzzes for SECONDS from a fresh copy of SEEDS in WORK (the
# source tree is never written).  A crash, leak, UB report, broken loader
# promise, timeout or OOM fails the test and leaves the reproducer in
# ARTIFACTS.
foreach(v FUZZER SEEDS DICT WORK ARTIFACTS SECONDS)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "run_fuzz.cmake: -D${v}=... is required")
  endif()
endforeach()
if(NOT DEFINED NAME)
  set(NAME fuzz_elf)
endif()
if(NOT DEFINED MAX_LEN)
  set(MAX_LEN 16384)
endif()
if(NOT DEFINED SEEDS_HINT)
  set(SEEDS_HINT "build the fuzz-elf-seeds target first")
endif()

if(DEFINED REGRESSIONS AND IS_DIRECTORY ${REGRESSIONS})
  file(GLOB regs LIST_DIRECTORIES false ${REGRESSIONS}/*)
  list(FILTER regs EXCLUDE REGEX "/(README[^/]*|\\.[^/]*)$")
  list(SORT regs)
  foreach(f IN LISTS regs)
    execute_process(COMMAND ${FUZZER} -timeout=10 -rss_limit_mb=2048 ${f}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
      string(REGEX MATCH "SUMMARY:[^\n]*|broken promise:[^\n]*" summary "${out}")
      message(FATAL_ERROR "${NAME} fails on the regression input ${f} (exit status ${rc}): ${summary}")
    endif()
  endforeach()
  list(LENGTH regs nregs)
  message(STATUS "${nregs} regression inputs pass")
endif()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK} ${ARTIFACTS})
file(GLOB seeds LIST_DIRECTORIES false ${SEEDS}/*)
list(FILTER seeds EXCLUDE REGEX "/\\.[^/]*$")
if(NOT seeds)
  message(FATAL_ERROR "no seeds in ${SEEDS}: ${SEEDS_HINT}")
endif()
file(COPY ${seeds} DESTINATION ${WORK})
file(GLOB old ${ARTIFACTS}/*)

execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048 -max_len=${MAX_LEN}
          -dict=${DICT} -artifact_prefix=${ARTIFACTS}/ -print_final_stats=1 ${WORK}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(GLOB found ${ARTIFACTS}/*)
  if(old)
    list(REMOVE_ITEM found ${old})
  endif()
  list(JOIN found "\n  " found)
  message(FATAL_ERROR "${NAME} failed (exit status ${rc}); reproducer(s):\n  ${found}\n"
                      "Re-run one with: ${FUZZER} FILE; once minimised, add it to the regression inputs.")
endif()
