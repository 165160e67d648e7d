# SPDX-License-Identifier: GPL-2.0-or-later
# Faults as silicon raises them, runaway detection and hostile inputs
# (tests/faults/cases.txt; docs/exit-codes.md).  Labels: cli, faults.
find_program(PYTHON3 python3)
add_test(NAME faults_cases
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_faults.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/faults)
set_tests_properties(faults_cases PROPERTIES LABELS "cli;faults" TIMEOUT 600)

# Budget writes through a symlink and under SIGTERM (label check).
if(TARGET firmware)
    add_library(fsync_sigterm MODULE ${CMAKE_CURRENT_LIST_DIR}/fsync_sigterm.c)
    add_test(NAME faults_budget_write
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/budget_write.sh $<TARGET_FILE:cyclesim>
                ${CMAKE_BINARY_DIR}/firmware/emu-m33/sha.elf $<TARGET_FILE:fsync_sigterm>
                ${CMAKE_CURRENT_BINARY_DIR}/budget_write)
    set_tests_properties(faults_budget_write PROPERTIES LABELS "check;faults")
endif()
