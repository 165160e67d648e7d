# SPDX-License-Identifier: GPL-2.0-or-later
# The installed tool and firmware kit (label install; docs/install.md): what
# can be checked without root.  tools/ci_clean_root.sh installs the .deb with
# apt in an empty Debian 12 root.
add_test(NAME install_version COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/check_version.sh $<TARGET_FILE:cyclesim>)
set_tests_properties(install_version PROPERTIES LABELS install)
add_test(NAME install_tree
    COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_install.sh ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/install-tree)
set_tests_properties(install_tree PROPERTIES LABELS install)
if(TARGET firmware)
    add_test(NAME install_firmware_kit
        COMMAND sh ${CMAKE_CURRENT_LIST_DIR}/run_kit.sh ${CMAKE_BINARY_DIR}
                ${CMAKE_CURRENT_BINARY_DIR}/install-kit)
    set_tests_properties(install_firmware_kit PROPERTIES LABELS install)
endif()
