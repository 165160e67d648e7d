# SPDX-License-Identifier: GPL-2.0-or-later
# Pure core and peripheral models, no emulator.
add_executable(test_core ${CMAKE_CURRENT_LIST_DIR}/test_core.c ${CMAKE_SOURCE_DIR}/src/engine/periph.c
    ${CMAKE_SOURCE_DIR}/src/common/diag.c)
target_link_libraries(test_core PRIVATE csim_models)
add_test(NAME unit_core COMMAND test_core)
set_tests_properties(unit_core PROPERTIES LABELS unit)
