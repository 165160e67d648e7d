# SPDX-License-Identifier: GPL-2.0-or-later
# `cyclesim compare` and the measured-results loader it stands on (label compare).
set(COMPARE_TEST_DIR ${CMAKE_CURRENT_LIST_DIR})

# The loader on the bundled pages, hand-written board outputs and bad inputs.
add_executable(test_published ${COMPARE_TEST_DIR}/test_published.c ${CMAKE_SOURCE_DIR}/src/analysis/published.c
    ${CMAKE_SOURCE_DIR}/src/common/diag.c)
target_include_directories(test_published PRIVATE ${CMAKE_SOURCE_DIR}/include)
target_link_libraries(test_published PRIVATE PkgConfig::CJSON m)
add_test(NAME compare_published_loader
    COMMAND test_published ${CMAKE_SOURCE_DIR}/data/published ${COMPARE_TEST_DIR}/fixtures)
set_tests_properties(compare_published_loader PROPERTIES LABELS compare)

# The statistics, the per-row error and ratio, and the matching, on hand-made sets.
add_executable(test_compare ${COMPARE_TEST_DIR}/test_compare.c ${CMAKE_SOURCE_DIR}/src/analysis/compare.c
    ${CMAKE_SOURCE_DIR}/src/analysis/published.c ${CMAKE_SOURCE_DIR}/src/common/diag.c)
target_include_directories(test_compare PRIVATE ${CMAKE_SOURCE_DIR}/include)
target_link_libraries(test_compare PRIVATE PkgConfig::CJSON m)
add_test(NAME compare_core COMMAND test_compare)
set_tests_properties(compare_core PROPERTIES LABELS compare)

# End to end on the open firmware (built by the top-level ExternalProject).
if(TARGET firmware)
    add_test(NAME compare_cli
        COMMAND sh ${COMPARE_TEST_DIR}/run_compare.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
                ${CMAKE_BINARY_DIR}/firmware ${CMAKE_CURRENT_BINARY_DIR}/compare)
    set_tests_properties(compare_cli PROPERTIES LABELS compare)
endif()
