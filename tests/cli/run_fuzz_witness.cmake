# run_fuzz_witness.cmake — ctest driver of fuzz.witness (see CMakeLists.txt).
# -DFUZZER=bin -DSEEDS=dir -DDICT=file -DWORK=dir -DARTIFACTS=dir -DSECONDS=n
# Fuzzes for SECONDS from a fresh copy of SEEDS in WORK (the source tree is
# never written); a crash, leak, UB report, broken promise, timeout or OOM
# fails the test and leaves the reproducer in ARTIFACTS.
foreach(v FUZZER SEEDS DICT WORK ARTIFACTS SECONDS)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "run_fuzz_witness.cmake: -D${v}=... is required")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK} ${ARTIFACTS})
file(GLOB seeds LIST_DIRECTORIES false ${SEEDS}/*)
if(NOT seeds)
  message(FATAL_ERROR "no seeds in ${SEEDS}")
endif()
file(COPY ${seeds} DESTINATION ${WORK})
file(GLOB old ${ARTIFACTS}/*)
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048 -max_len=4096
          -dict=${DICT} -artifact_prefix=${ARTIFACTS}/ -print_final_stats=1 ${WORK}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(GLOB found ${ARTIFACTS}/*)
  if(old)
    list(REMOVE_ITEM found ${old})
  endif()
  list(JOIN found "\n  " found)
  message(FATAL_ERROR "fuzz_witness failed (exit status ${rc}); reproducer(s):\n  ${found}\n"
                      "Re-run one with: ${FUZZER} FILE")
endif()
