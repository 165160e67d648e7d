# SPDX-License-Identifier: GPL-2.0-or-later
# Golden outputs of run, compare and check in every format on a small firmware, and of the
# configuration in force on a function that changes the flash wait states, compared byte for
# byte (tests/output/outputs.txt, expect/).  Labels: output, cli.
add_test(NAME output_golden
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_outputs.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/output)
set_tests_properties(output_golden PROPERTIES LABELS "output;cli")

# The output layer and the input policy (issue 42): no output over an input,
# outputs checked before the runs, directories and oversized inputs refused
# with one message, one JSON policy for every reader, write errors on stdout
# (tests/output/safety.txt); a signal during a write leaves the old file and
# no temporary one (signal_write.py).
add_test(NAME output_safety
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_safety.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/output-safety)
set_tests_properties(output_safety PROPERTIES LABELS "output;cli")

# Every format of every report records its provenance (tests/output/provenance.txt).
find_program(PYTHON3 python3 REQUIRED)
add_test(NAME output_provenance
    COMMAND ${PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/test_provenance.py $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/provenance)
set_tests_properties(output_provenance PROPERTIES LABELS "output;cli")
