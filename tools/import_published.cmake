# SPDX-License-Identifier: GPL-2.0-or-later
# import_published: page text of an ST crypto performance page -> data/published/*.json.
# Expects the including CMake to have defined the csim_json target (JSON
# through include/cyclesim/backends/json.h, the top-level CMakeLists.txt).
if(NOT TARGET import_published)
    add_executable(import_published ${CMAKE_CURRENT_LIST_DIR}/import_published.c)
    set_target_properties(import_published PROPERTIES C_STANDARD 11 C_STANDARD_REQUIRED ON
                                                      C_EXTENSIONS OFF)
    target_link_libraries(import_published PRIVATE csim_json m)
    if(CMAKE_C_COMPILER_ID MATCHES "GNU|Clang")
        target_compile_options(import_published PRIVATE -Wall -Wextra -Wpedantic)
    endif()
endif()
