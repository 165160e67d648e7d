# SPDX-License-Identifier: GPL-2.0-or-later
# Unit tests of the flash-interface models (src/memsys).  Included from the
# top-level CMakeLists.txt (after enable_testing()).
get_filename_component(CSIM_MEMSYS_ROOT "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)

add_executable(test_memsys ${CSIM_MEMSYS_ROOT}/tests/unit/test_memsys.c)
# csim_model: the registry's key lists are checked against csim_key_applies
target_link_libraries(test_memsys PRIVATE csim_memsys csim_model)
set_target_properties(test_memsys PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(test_memsys PRIVATE -Wall -Wextra -Wpedantic)
endif()

add_test(NAME unit_memsys COMMAND test_memsys)
set_tests_properties(unit_memsys PROPERTIES LABELS unit)
