# SPDX-License-Identifier: GPL-2.0-or-later
# The man pages and shell completions, generated at build time from the CLI's
# option tables (tools/gen_docs.c, linked with the CLI's sources but main.c):
#   ${CMAKE_BINARY_DIR}/man/cyclesim.1, cyclesim-<command>.1 (one per subcommand)
#   ${CMAKE_BINARY_DIR}/completions/cyclesim.bash (bash), _cyclesim (zsh)
# Target cyclesim-docs (part of ALL); CSIM_CLI_SOURCES and cyclesim come from the top-level CMakeLists.txt.
add_executable(gen_docs ${CMAKE_CURRENT_LIST_DIR}/gen_docs.c ${CSIM_CLI_SOURCES})
target_link_libraries(gen_docs PRIVATE csim_output)
set(CSIM_MAN_DIR ${CMAKE_BINARY_DIR}/man)
set(CSIM_COMPLETIONS_DIR ${CMAKE_BINARY_DIR}/completions)
add_custom_command(OUTPUT ${CSIM_MAN_DIR}/cyclesim.1 ${CSIM_COMPLETIONS_DIR}/cyclesim.bash
                          ${CSIM_COMPLETIONS_DIR}/_cyclesim
    COMMAND ${CMAKE_COMMAND} -E rm -rf ${CSIM_MAN_DIR}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CSIM_MAN_DIR} ${CSIM_COMPLETIONS_DIR}
    COMMAND gen_docs ${CSIM_MAN_DIR} ${CSIM_COMPLETIONS_DIR}
    DEPENDS gen_docs
    COMMENT "Man pages and shell completions from the option tables")
add_custom_target(cyclesim-docs ALL
    DEPENDS ${CSIM_MAN_DIR}/cyclesim.1 ${CSIM_COMPLETIONS_DIR}/cyclesim.bash ${CSIM_COMPLETIONS_DIR}/_cyclesim)
