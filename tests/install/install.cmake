# SPDX-License-Identifier: GPL-2.0-or-later
# The tool's version (label install; docs/install.md).
add_test(NAME install_version COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/check_version.sh $<TARGET_FILE:cyclesim>)
set_tests_properties(install_version PROPERTIES LABELS install)
