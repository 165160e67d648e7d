# SPDX-License-Identifier: GPL-2.0-or-later
# csim_unit_test(TEST PROGRAM LIBRARY [ARGS...]): tests/unit/PROGRAM.c linked
# with one layer's library, run as ctest TEST (label unit) with ARGS.
function(csim_unit_test test program library)
    add_executable(${program} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/${program}.c)
    target_link_libraries(${program} PRIVATE ${library})
    add_test(NAME ${test} COMMAND ${program} ${ARGN})
    set_tests_properties(${test} PROPERTIES LABELS unit)
endfunction()

# Pure core and peripheral models, no emulator.
csim_unit_test(unit_core test_core csim_engine)

# The AES peripheral model (RM0503): FIPS-197/SP 800-38A/C/D vectors and the latency table (docs/aes.md: which rows are checked).
csim_unit_test(unit_periph_aes test_periph_aes csim_engine)

# The STM32U3 AES and SAES (RM0487 figures, docs/aes.md).
csim_unit_test(unit_periph_aes_u3 test_periph_aes_u3 csim_engine)

# include/cyclesim/backends/json.h on its backend: error lines, iteration, getters, builder bytes.
csim_unit_test(unit_json test_json csim_json)

# The grid of `sweep` from its option values, and its points on one model (src/analysis/sweep.c).
csim_unit_test(unit_sweep test_sweep csim_analysis ${CMAKE_SOURCE_DIR}/models)

# Run shards joined by `merge` (src/analysis/merge.c), written by the shard writers.
csim_unit_test(unit_merge test_merge csim_output ${CMAKE_CURRENT_BINARY_DIR})

# The range of run --range (src/analysis/range.c): variants, model-file alternatives, envelope.
csim_unit_test(unit_range test_range csim_analysis ${CMAKE_SOURCE_DIR}/models ${CMAKE_CURRENT_BINARY_DIR})

# The calibrated interval (src/analysis/interval.c): the table's reader and refusals, case classes, the widening.
csim_unit_test(unit_interval test_interval csim_analysis ${CMAKE_CURRENT_BINARY_DIR}
               ${CMAKE_SOURCE_DIR}/data/accuracy/intervals.json)

# The output layer: the format registry and the result-field lists through the shard writer and reader.
csim_unit_test(unit_output test_output csim_output)

# FLASH_ACR/ICACHE_CR layouts of the bundled models (each field drives its key) and the peripheral modules' ranges.
csim_unit_test(unit_periph test_periph csim_engine ${CMAKE_SOURCE_DIR}/models)

# The decoder's one table from Capstone ids to timing classes: every id, and the rows' names.
csim_unit_test(unit_disasm test_disasm csim_backends)

# The timing module (src/timing) on its own: reuse replays and changes no number; a changed flash state is not replayed.
csim_unit_test(unit_timing test_timing csim_timing)

# What check and compare leave to analysis: check's rows from budgets or a baseline, compare's --published auto page.
csim_unit_test(unit_cli_logic test_cli_logic csim_analysis ${CMAKE_SOURCE_DIR}/data/published)
if(TARGET firmware)
    add_test(NAME unit_selection COMMAND test_cli_logic ${CMAKE_SOURCE_DIR}/data/published
             ${CMAKE_BINARY_DIR}/firmware/emu-m0plus/sha.elf)
    set_tests_properties(unit_selection PROPERTIES LABELS unit)
endif()

# The one input reader (size cap, directories) and the output layer (same-file
# refusal, temporary file and rename, permissions, read-only files).
csim_unit_test(unit_file test_file csim_common ${CMAKE_CURRENT_BINARY_DIR}/unit-file)

# DWARF lines and inlines (src/backends/dwarf_libdw.c) against binutils' addr2line, on a bundled image.
find_program(CSIM_ADDR2LINE arm-none-eabi-addr2line)
if(TARGET firmware AND CSIM_ADDR2LINE)
    add_executable(test_dwarf ${CMAKE_CURRENT_LIST_DIR}/test_dwarf.c)
    target_link_libraries(test_dwarf PRIVATE csim_backends)
    add_test(NAME unit_dwarf COMMAND test_dwarf ${CMAKE_BINARY_DIR}/firmware/emu-m33/sha.elf ${CSIM_ADDR2LINE})
    set_tests_properties(unit_dwarf PROPERTIES LABELS unit)
endif()
