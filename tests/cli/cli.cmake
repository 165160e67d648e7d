# SPDX-License-Identifier: GPL-2.0-or-later
add_test(NAME cli_cases
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_cli.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/cli)
set_tests_properties(cli_cases PROPERTIES LABELS cli)
# The same cases with SRAM mapped each way src/backends/emu_unicorn.c can
# map it (traced MMIO: Unicorn 2.0; plain non-executable memory: 2.1), whatever
# the library's version: the same exit codes and messages (code run from SRAM).
foreach(mapping traced plain)
    add_test(NAME cli_cases_sram_${mapping}
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_cli.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
                ${CMAKE_CURRENT_BINARY_DIR}/cli-sram-${mapping})
    set_tests_properties(cli_cases_sram_${mapping} PROPERTIES LABELS cli ENVIRONMENT CYCLESIM_SRAM=${mapping})
endforeach()

# The command-line conventions (issue 41): help, errors in the documented form, --mcu, --max-insns 1e10.
add_test(NAME cli_conventions
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_cli.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/cli-conventions ${CMAKE_CURRENT_LIST_DIR}/conventions.txt)
set_tests_properties(cli_conventions PROPERTIES LABELS cli)

# run -o FILE and list-cases --format json (issue 41).
add_test(NAME cli_output_file
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_output_file.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/cli-output-file)
set_tests_properties(cli_output_file PROPERTIES LABELS cli)

# The man pages and completions generated from the option tables (tools/gen_docs.cmake): every
# option of every subcommand documented and completed, pages rendering without warnings.
add_test(NAME cli_man_completions
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_completion.sh $<TARGET_FILE:cyclesim> ${CMAKE_BINARY_DIR}/man
            ${CMAKE_BINARY_DIR}/completions ${CMAKE_CURRENT_BINARY_DIR}/cli-man)
set_tests_properties(cli_man_completions PROPERTIES LABELS cli)

# Defects whose symptom is what a run prints or counts (issue 11).
add_test(NAME cli_defects
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_defects.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/cli-defects)
set_tests_properties(cli_defects PROPERTIES LABELS cli)

# Each shared option (src/cli/options.c) has the same meaning in every subcommand.
add_test(NAME cli_shared_options
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_shared_options.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/cli-shared)
set_tests_properties(cli_shared_options PROPERTIES LABELS cli)

# Every csim_err has its documented exit code.
add_executable(test_exit_codes ${CMAKE_CURRENT_LIST_DIR}/test_exit_codes.c ${CMAKE_SOURCE_DIR}/src/cli/cli.c)
target_include_directories(test_exit_codes PRIVATE ${CMAKE_SOURCE_DIR}/src)
target_link_libraries(test_exit_codes PRIVATE csim_output)
add_test(NAME cli_exit_codes COMMAND test_exit_codes)
set_tests_properties(cli_exit_codes PROPERTIES LABELS cli)

# The test includes are required: an OPTIONAL one would drop its tests silently when renamed.
add_test(NAME cli_test_includes_required
    COMMAND sh -c "! grep -n 'include(.*OPTIONAL' ${CMAKE_SOURCE_DIR}/tests/CMakeLists.txt")
set_tests_properties(cli_test_includes_required PROPERTIES LABELS cli)

# docs/model-keys.md is generated from the key table: it must not drift.
add_test(NAME cli_model_keys_doc
    COMMAND sh -c "$<TARGET_FILE:cyclesim> keys | diff -u ${CMAKE_SOURCE_DIR}/docs/model-keys.md -")
set_tests_properties(cli_model_keys_doc PROPERTIES LABELS cli)

# The models' `uncertain` lists, merged through extends (docs/model-keys.md).
add_test(NAME cli_model_uncertain
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_uncertain.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/cli-uncertain)
set_tests_properties(cli_model_uncertain PROPERTIES LABELS cli)

# --shard K/N and `cyclesim merge`: merged shards equal one run (issue 13 item 5).
add_test(NAME cli_merge
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_merge.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/cli-merge)
set_tests_properties(cli_merge PROPERTIES LABELS "cli;output;compare")
if(TARGET firmware)
    # The progress with -j 1: cases counted and named, plain lines in a log (issue 41).
    add_test(NAME cli_progress
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_progress.sh $<TARGET_FILE:cyclesim>
                ${CMAKE_BINARY_DIR}/firmware/emu-m0plus/sha.elf stm32u083rc ${CMAKE_CURRENT_BINARY_DIR}/cli-progress)
    set_tests_properties(cli_progress PROPERTIES LABELS cli)
    add_test(NAME cli_merge_images
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_merge_images.sh $<TARGET_FILE:cyclesim> ${CMAKE_BINARY_DIR}/firmware
                ${CMAKE_CURRENT_BINARY_DIR}/cli-merge-images)
    set_tests_properties(cli_merge_images PROPERTIES LABELS "cli;compare")
endif()

# `cyclesim model show`: every key's value and origin along an extends chain with --set and an overlay.
add_test(NAME cli_model_show
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_model_show.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/cli-model-show)
set_tests_properties(cli_model_show PROPERTIES LABELS cli)
