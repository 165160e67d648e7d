# SPDX-License-Identifier: GPL-2.0-or-later
add_test(NAME cli_cases
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_cli.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/cli)
set_tests_properties(cli_cases PROPERTIES LABELS cli)

# docs/model-keys.md is generated from the key table: it must not drift.
add_test(NAME cli_model_keys_doc
    COMMAND sh -c "$<TARGET_FILE:cyclesim> keys | diff -u ${CMAKE_SOURCE_DIR}/docs/model-keys.md -")
set_tests_properties(cli_model_keys_doc PROPERTIES LABELS cli)
