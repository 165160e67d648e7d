add_test(NAME cli_cases
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_cli.sh $<TARGET_FILE:cyclesim> ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/cli)
set_tests_properties(cli_cases PROPERTIES LABELS cli)
