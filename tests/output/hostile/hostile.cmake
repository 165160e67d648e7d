# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile case names (hostile_cases.c: separators, quotes, a newline, a formula, terminal
# escape sequences, invalid UTF-8, a name at the bound; built again with two cases of one
# name and with a name past the bound) through every command and format, read back as other
# tools read them (run_hostile.py).  Labels: output, cli.
find_program(PYTHON3 python3 REQUIRED)
add_test(NAME output_hostile_names
    COMMAND ${PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/run_hostile.py $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/hostile)
set_tests_properties(output_hostile_names PROPERTIES LABELS "output;cli")
