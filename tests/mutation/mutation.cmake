# SPDX-License-Identifier: GPL-2.0-or-later
# Mutation check of the cost tables (label "mutation"): test-only builds of
# the CLI and of the core unit test whose cost rows one environment variable
# can change (CSIM_MUTATION, src/core/cost_mutation.c); the normal binaries
# have no such code.  The core sources are compiled into the mutants
# directly, so the archive's copies are never linked.
get_target_property(MUTANT_CORE_SOURCES csim_core SOURCES)
list(APPEND MUTANT_CORE_SOURCES src/core/cost_mutation.c)
list(TRANSFORM MUTANT_CORE_SOURCES PREPEND ${CMAKE_SOURCE_DIR}/)
get_target_property(CLI_SOURCES cyclesim SOURCES)
list(TRANSFORM CLI_SOURCES PREPEND ${CMAKE_SOURCE_DIR}/)
add_executable(cyclesim_mutant ${CLI_SOURCES} ${MUTANT_CORE_SOURCES})
target_include_directories(cyclesim_mutant PRIVATE ${CMAKE_SOURCE_DIR}/src)
target_link_libraries(cyclesim_mutant PRIVATE csim_output)
target_compile_definitions(cyclesim_mutant PRIVATE CSIM_MUTATION)
csim_data_from_checkout(cyclesim_mutant)

add_executable(test_core_mutant ${CMAKE_SOURCE_DIR}/tests/unit/test_core.c ${MUTANT_CORE_SOURCES})
target_link_libraries(test_core_mutant PRIVATE csim_engine)
target_compile_definitions(test_core_mutant PRIVATE CSIM_MUTATION)

add_test(NAME mutation_cost_tables
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_mutation.sh $<TARGET_FILE:cyclesim_mutant>
            $<TARGET_FILE:test_core_mutant> ${CMAKE_SOURCE_DIR}/tests/golden
            ${CMAKE_CURRENT_BINARY_DIR}/mutation)
set_tests_properties(mutation_cost_tables PROPERTIES LABELS mutation TIMEOUT 600)
