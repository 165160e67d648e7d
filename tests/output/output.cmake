# SPDX-License-Identifier: GPL-2.0-or-later
# Golden outputs of run, compare and check in every format on a small firmware, and of the
# configuration in force on a function that changes the flash wait states, compared byte for
# byte (tests/output/outputs.txt, expect/).  Labels: output, cli.
add_test(NAME output_golden
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_outputs.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/output)
set_tests_properties(output_golden PROPERTIES LABELS "output;cli")
include(${CMAKE_CURRENT_LIST_DIR}/hostile/hostile.cmake)
