# SPDX-License-Identifier: GPL-2.0-or-later
# Pure core and peripheral models, no emulator.
add_executable(test_core ${CMAKE_CURRENT_LIST_DIR}/test_core.c)
target_link_libraries(test_core PRIVATE csim_engine)
add_test(NAME unit_core COMMAND test_core)
set_tests_properties(unit_core PROPERTIES LABELS unit)

# The AES peripheral model (RM0503): FIPS-197/SP 800-38A/C/D vectors and the latency table (docs/aes.md: which rows are checked).
add_executable(test_periph_aes ${CMAKE_CURRENT_LIST_DIR}/test_periph_aes.c)
target_link_libraries(test_periph_aes PRIVATE csim_engine)
add_test(NAME unit_periph_aes COMMAND test_periph_aes)
set_tests_properties(unit_periph_aes PROPERTIES LABELS unit)

# The STM32U3 AES and SAES (RM0487 figures, docs/aes.md).
add_executable(test_periph_aes_u3 ${CMAKE_CURRENT_LIST_DIR}/test_periph_aes_u3.c)
target_link_libraries(test_periph_aes_u3 PRIVATE csim_engine)
add_test(NAME unit_periph_aes_u3 COMMAND test_periph_aes_u3)
set_tests_properties(unit_periph_aes_u3 PROPERTIES LABELS unit)

# include/cyclesim/backends/json.h on its backend: error lines, iteration, getters, builder bytes.
add_executable(test_json ${CMAKE_CURRENT_LIST_DIR}/test_json.c)
target_link_libraries(test_json PRIVATE csim_json)
add_test(NAME unit_json COMMAND test_json)
set_tests_properties(unit_json PROPERTIES LABELS unit)

# The grid of `sweep` from its option values, and its points on one model (src/analysis/sweep.c).
add_executable(test_sweep ${CMAKE_CURRENT_LIST_DIR}/test_sweep.c)
target_link_libraries(test_sweep PRIVATE csim_analysis)
add_test(NAME unit_sweep COMMAND test_sweep ${CMAKE_SOURCE_DIR}/models)
set_tests_properties(unit_sweep PROPERTIES LABELS unit)

# Run shards joined by `merge` (src/analysis/merge.c), written by the shard writers.
add_executable(test_merge ${CMAKE_CURRENT_LIST_DIR}/test_merge.c)
target_link_libraries(test_merge PRIVATE csim_output)
add_test(NAME unit_merge COMMAND test_merge ${CMAKE_CURRENT_BINARY_DIR})
set_tests_properties(unit_merge PROPERTIES LABELS unit)

# The output layer: the format registry and the result-field lists through the shard writer and reader.
add_executable(test_output ${CMAKE_CURRENT_LIST_DIR}/test_output.c)
target_link_libraries(test_output PRIVATE csim_output)
add_test(NAME unit_output COMMAND test_output)
set_tests_properties(unit_output PROPERTIES LABELS unit)

# FLASH_ACR/ICACHE_CR layouts of the bundled models (each field drives its key) and the peripheral modules' ranges.
add_executable(test_periph ${CMAKE_CURRENT_LIST_DIR}/test_periph.c)
target_link_libraries(test_periph PRIVATE csim_engine)
add_test(NAME unit_periph COMMAND test_periph ${CMAKE_SOURCE_DIR}/models)
set_tests_properties(unit_periph PROPERTIES LABELS unit)

# The timing module (src/timing) on its own: reuse replays and changes no number; a changed flash state is not replayed.
add_executable(test_timing ${CMAKE_CURRENT_LIST_DIR}/test_timing.c)
target_link_libraries(test_timing PRIVATE csim_timing)
add_test(NAME unit_timing COMMAND test_timing)
set_tests_properties(unit_timing PROPERTIES LABELS unit)

# What check and compare leave to analysis: check's rows from budgets or a baseline, compare's --published auto page.
add_executable(test_cli_logic ${CMAKE_CURRENT_LIST_DIR}/test_cli_logic.c)
target_link_libraries(test_cli_logic PRIVATE csim_analysis)
add_test(NAME unit_cli_logic COMMAND test_cli_logic ${CMAKE_SOURCE_DIR}/data/published)
set_tests_properties(unit_cli_logic PROPERTIES LABELS unit)
if(TARGET firmware)
    add_test(NAME unit_selection COMMAND test_cli_logic ${CMAKE_SOURCE_DIR}/data/published
             ${CMAKE_BINARY_DIR}/firmware/emu-m0plus/sha.elf)
    set_tests_properties(unit_selection PROPERTIES LABELS unit)
endif()
