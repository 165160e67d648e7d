# SPDX-License-Identifier: GPL-2.0-or-later
# `cyclesim compare` and the measured-results loader it stands on (label compare).
set(COMPARE_TEST_DIR ${CMAKE_CURRENT_LIST_DIR})

# The loader on the bundled pages, hand-written board outputs and bad inputs.
add_executable(test_published ${COMPARE_TEST_DIR}/test_published.c)
target_link_libraries(test_published PRIVATE csim_analysis)
add_test(NAME compare_published_loader
    COMMAND test_published ${CMAKE_SOURCE_DIR}/data/published ${COMPARE_TEST_DIR}/fixtures)
set_tests_properties(compare_published_loader PROPERTIES LABELS compare)

# The statistics, the per-row error and ratio, and the matching, on hand-made sets.
add_executable(test_compare ${COMPARE_TEST_DIR}/test_compare.c)
target_link_libraries(test_compare PRIVATE csim_analysis)
add_test(NAME compare_core COMMAND test_compare)
set_tests_properties(compare_core PROPERTIES LABELS compare)

# End to end on the open firmware (built by the top-level ExternalProject).
if(TARGET firmware)
    add_test(NAME compare_cli
        COMMAND sh ${COMPARE_TEST_DIR}/run_compare.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
                ${CMAKE_BINARY_DIR}/firmware ${CMAKE_CURRENT_BINARY_DIR}/compare)
    set_tests_properties(compare_cli PROPERTIES LABELS compare)
    # A rate page (Oryx's, MB/s): the open AES-peripheral image's hardware rows.
    find_package(Python3 COMPONENTS Interpreter)
    if(Python3_FOUND)
        add_test(NAME compare_oryx_rates
            COMMAND sh -c "\"$1\" compare \"$2\" --mcu stm32u083rc --published \"$3\" --format json --no-progress 2>/dev/null | \"$4\" \"$5\""
                    sh $<TARGET_FILE:cyclesim> ${CMAKE_BINARY_DIR}/firmware/emu-m0plus/aes_hw.elf
                    ${CMAKE_SOURCE_DIR}/data/published/oryx-stm32u0.json ${Python3_EXECUTABLE}
                    ${COMPARE_TEST_DIR}/check_oryx.py)
        set_tests_properties(compare_oryx_rates PROPERTIES LABELS compare)
    endif()
endif()
