# run_fuzz.cmake — ctest driver of fuzz.spec (see CMakeLists.txt).
# -DFUZZER=bin -DSEEDS=dir -DDICT=file -DWORK=dir -DARTIFACTS=dir -DSECONDS=n
# Fuzzes for SECONDS from a fresh copy of SEEDS in WORK (the source tree is
# never written); a crash, leak, UB report, timeout or OOM fails the test and
# leaves the reproducer in ARTIFACTS.
foreach(v FUZZER SEEDS DICT WORK ARTIFACTS SECONDS)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "run_fuzz.cmake: -D${v}=... is required")
  endif()
endforeach()

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK} ${ARTIFACTS})
file(GLOB seeds LIST_DIRECTORIES false ${SEEDS}/*)
file(COPY ${seeds} DESTINATION ${WORK})
file(GLOB old ${ARTIFACTS}/*)

execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048
          -dict=${DICT} -artifact_prefix=${ARTIFACTS}/ -print_final_stats=1 ${WORK}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(GLOB found ${ARTIFACTS}/*)
  if(old)
    list(REMOVE_ITEM found ${old})
  endif()
  list(JOIN found "\n  " found)
  message(FATAL_ERROR "fuzz_spec failed (exit status ${rc}); reproducer(s):\n  ${found}\n"
                      "Re-run one with: ${FUZZER} FILE; once minimised, add it to tests/fuzz/regressions/.")
endif()
