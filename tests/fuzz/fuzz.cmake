# SPDX-License-Identifier: GPL-2.0-or-later
# libFuzzer harnesses of the project's parsers (tests/fuzz/README.md), built
# with -DCYCLESIM_FUZZ=ON by clang (tools/ci_sanitize.sh adds
# -fsanitize=fuzzer-no-link to the whole build so the libraries are
# instrumented).  Label fuzz: each harness for CYCLESIM_FUZZ_SECONDS.
option(CYCLESIM_FUZZ "build the libFuzzer harnesses (clang)" OFF)
set(CYCLESIM_FUZZ_SECONDS 45 CACHE STRING "fuzzing time of each harness in the fuzz label")
if(CYCLESIM_FUZZ)
    if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "CYCLESIM_FUZZ needs clang (CC=clang CXX=clang++)")
    endif()
    set(FZ ${CMAKE_CURRENT_LIST_DIR})
    set(FW_OUT ${CMAKE_BINARY_DIR}/firmware)
    set(seeds_elf ${CMAKE_BINARY_DIR}/tests/faults ${FW_OUT}/emu-m0plus/sha.elf
        ${FW_OUT}/emu-m33/sha.elf ${FW_OUT}/emu-m33/selftest.elf)
    set(seeds_model ${CMAKE_SOURCE_DIR}/models ${CMAKE_SOURCE_DIR}/tests/cli/models
        ${CMAKE_SOURCE_DIR}/tests/faults/models ${FZ}/corpus/model)
    set(seeds_set ${FZ}/corpus/set ${CMAKE_SOURCE_DIR}/tests/calibrate/fixtures)
    set(seeds_budget ${CMAKE_SOURCE_DIR}/budgets/emu-m0plus ${CMAKE_SOURCE_DIR}/budgets/emu-m33 ${FZ}/corpus/budget)
    set(seeds_published ${CMAKE_SOURCE_DIR}/data/published ${CMAKE_SOURCE_DIR}/tests/compare/fixtures
        ${FZ}/corpus/published)
    set(seeds_merge ${FZ}/corpus/merge)
    foreach(h elf model set budget published merge)
        set(src ${FZ}/fuzz_${h}.c)
        add_executable(fuzz_${h} ${src})
        target_include_directories(fuzz_${h} PRIVATE ${CMAKE_SOURCE_DIR}/src)
        target_compile_definitions(fuzz_${h} PRIVATE FUZZ_MODELS_DIR="${CMAKE_SOURCE_DIR}/models")
        target_compile_options(fuzz_${h} PRIVATE -fsanitize=fuzzer)
        target_link_options(fuzz_${h} PRIVATE -fsanitize=fuzzer)
        target_link_libraries(fuzz_${h} PRIVATE csim_analysis)
        add_test(NAME fuzz_${h}
            COMMAND sh ${FZ}/run_fuzz.sh $<TARGET_FILE:fuzz_${h}> ${CYCLESIM_FUZZ_SECONDS}
                    ${CMAKE_CURRENT_BINARY_DIR}/fuzz/${h} ${FZ}/regress/${h} ${seeds_${h}})
        set_tests_properties(fuzz_${h} PROPERTIES LABELS fuzz TIMEOUT 600 RUN_SERIAL ON)
    endforeach()
    # The ELF seeds include the fault fixtures linked by faults_cases.
    set_tests_properties(fuzz_elf PROPERTIES DEPENDS faults_cases)
endif()
