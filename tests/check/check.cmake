# SPDX-License-Identifier: GPL-2.0-or-later
# `cyclesim check` (docs/budgets.md): the command's behaviour (tests/check/test_check.py)
# and the repository's own budgets (budgets/, tools/check_budgets.sh).  Label: check.
if(TARGET firmware)
    find_program(PYTHON3 python3 REQUIRED)
    set(FW ${CMAKE_BINARY_DIR}/firmware)
    foreach(t pass fail tolerance update baseline_same baseline_variant bad_files usage reports growth
              growth_unrecorded case_failed run_error settings)
        add_test(NAME check_${t}
            COMMAND ${PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/test_check.py $<TARGET_FILE:cyclesim>
                    ${CMAKE_SOURCE_DIR} ${FW} ${CMAKE_CURRENT_BINARY_DIR}/check/${t} ${t})
        set_tests_properties(check_${t} PROPERTIES LABELS check)
    endforeach()
endif()

# The repository's own budgets (budgets/<target>/<family>.json) hold for the
# firmware as built.  This is CI's budget check (the suite runs once per CI run,
# tools/ci_clean_root.sh): its JUnit and Markdown reports land in build/check-reports.
if(TARGET firmware)
    add_test(NAME check_budgets
        COMMAND sh ${CMAKE_SOURCE_DIR}/tools/check_budgets.sh ${CMAKE_BINARY_DIR}
                ${CMAKE_BINARY_DIR}/check-reports)
    set_tests_properties(check_budgets PROPERTIES LABELS check TIMEOUT 900)
endif()
