# mcveto_fuzz_setup(AREA): can clang build a libFuzzer + ASan + UBSan program
# here?  Sets MCVETO_FUZZ_OK (TRUE/FALSE) and fuzz_flags in the caller's scope;
# prints why AREA's harness is skipped when it cannot.  The clang probe runs
# once per clang and is shared by every fuzz area.
option(MCVETO_FUZZ "Build the libFuzzer harnesses (needs clang with libFuzzer)" ON)
find_program(MCVETO_FUZZ_CLANG NAMES clang clang-20 clang-19 clang-18 clang-17 clang-16 clang-15 clang-14
             DOC "clang used to build the libFuzzer harnesses")

function(mcveto_fuzz_setup area)
  set(MCVETO_FUZZ_OK FALSE PARENT_SCOPE)
  set(flags -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all)
  set(fuzz_flags ${flags} PARENT_SCOPE)
  if(NOT MCVETO_FUZZ)
    message(STATUS "${area}: disabled (MCVETO_FUZZ=OFF); its fuzz tests are skipped")
    return()
  endif()
  if(NOT MCVETO_FUZZ_CLANG)
    message(STATUS "${area}: clang not found; its fuzz tests are skipped")
    return()
  endif()
  if(NOT MCVETO_FUZZ_PROBED_CLANG STREQUAL MCVETO_FUZZ_CLANG)
    set(probe ${CMAKE_BINARY_DIR}/fuzz_probe)
    file(MAKE_DIRECTORY ${probe})
    file(WRITE ${probe}/probe.c
      "#include <stddef.h>\n#include <stdint.h>\n"
      "int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);\n"
      "int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n")
    execute_process(COMMAND ${MCVETO_FUZZ_CLANG} ${flags} probe.c -o probe
                    WORKING_DIRECTORY ${probe} RESULT_VARIABLE probe_rc
                    OUTPUT_VARIABLE probe_out ERROR_VARIABLE probe_out)
    if(probe_rc EQUAL 0)
      set(MCVETO_FUZZ_WORKS ON CACHE INTERNAL "")
    else()
      set(MCVETO_FUZZ_WORKS OFF CACHE INTERNAL "")
      message(STATUS "${area}: ${MCVETO_FUZZ_CLANG} cannot build a libFuzzer program:\n${probe_out}")
    endif()
    set(MCVETO_FUZZ_PROBED_CLANG ${MCVETO_FUZZ_CLANG} CACHE INTERNAL "")
  endif()
  if(NOT MCVETO_FUZZ_WORKS)
    message(STATUS "${area}: libFuzzer (-fsanitize=fuzzer) unavailable with ${MCVETO_FUZZ_CLANG}; "
                   "its fuzz tests are skipped")
    return()
  endif()
  set(MCVETO_FUZZ_OK TRUE PARENT_SCOPE)
endfunction()
