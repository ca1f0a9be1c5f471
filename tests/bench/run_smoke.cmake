# run_smoke.cmake — ctest driver of bench.isagen.smoke (see CMakeLists.txt).
# -DGEN=gen_bigspec -DISAGEN=isagen -DWORK=dir -DNINSN=n
# Generates the benchmark's big spec and checks that isagen compiles it
# without error and writes its output files.  No timing is checked.
foreach(v GEN ISAGEN WORK NINSN)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "run_smoke.cmake: -D${v}=... is required")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/out)

execute_process(COMMAND ${GEN} ${WORK}/big.spec ${NINSN} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gen_bigspec failed (exit status ${rc})")
endif()

execute_process(COMMAND ${ISAGEN} -o ${WORK}/out -n big ${WORK}/big.spec RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "isagen failed on ${WORK}/big.spec (exit status ${rc})")
endif()
foreach(f decode.c print.c sem.c sym.c desc.c gen.h)
  if(NOT EXISTS ${WORK}/out/big_${f})
    message(FATAL_ERROR "isagen did not write big_${f}")
  endif()
endforeach()
message(STATUS "isagen compiled ${WORK}/big.spec")
