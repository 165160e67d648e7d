# SPDX-License-Identifier: GPL-2.0-or-later
# What `cmake --install` and the packages put where (GNUInstallDirs; docs/install.md).
# Component tool: the executable, the models and published pages it reads
# (found beside the executable: src/cli/cli.c), an example image, the docs, the
# man pages and completions.  Component firmware_kit: what builds a bench ELF
# out of tree (firmware/cmake/cyclesim-firmware-config.cmake), MIT like firmware/.
set(CSIM_DATA_DEST ${CMAKE_INSTALL_DATADIR}/cyclesim)
install(TARGETS cyclesim RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tool)
install(DIRECTORY models/ DESTINATION ${CSIM_DATA_DEST}/models COMPONENT tool)
install(DIRECTORY data/published/ DESTINATION ${CSIM_DATA_DEST}/published COMPONENT tool)
install(FILES data/accuracy/intervals.json DESTINATION ${CSIM_DATA_DEST}/accuracy COMPONENT tool)
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT tool)
install(FILES README.md COPYING DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT tool)
# csim_install_generated(<glob> <destination> [RENAME <name>]): files that
# another target writes into the build tree (the man pages and completions
# generated from the option tables, src/cli/options.c), installed when the
# build made them: looked for at install time, so the install works without
# them and leaves no empty folder.
function(csim_install_generated glob dest)
    cmake_parse_arguments(PARSE_ARGV 2 arg "" "RENAME" "")
    set(rename "")
    if(arg_RENAME)
        set(rename "RENAME ${arg_RENAME}")
    endif()
    install(CODE "file(GLOB made \"${CMAKE_CURRENT_BINARY_DIR}/${glob}\")
if(made)
    file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${dest}\" TYPE FILE FILES \${made} ${rename})
endif()" COMPONENT tool)
endfunction()
csim_install_generated("man/*.1" ${CMAKE_INSTALL_MANDIR}/man1)
csim_install_generated(completions/cyclesim.bash ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
                       RENAME cyclesim)
csim_install_generated(completions/_cyclesim ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
# One small image the README's demo runs against the installed tool.
if(TARGET firmware)
    install(FILES ${FW_BUILD}/emu-m0plus/sha.elf DESTINATION ${CSIM_DATA_DEST}/examples
            RENAME sha-emu-m0plus.elf COMPONENT tool)
endif()

set(CSIM_KIT_DEST ${CMAKE_INSTALL_DATADIR}/cyclesim-firmware)
install(DIRECTORY firmware/include firmware/bench firmware/hal firmware/ld firmware/rt firmware/examples
        DESTINATION ${CSIM_KIT_DEST} COMPONENT firmware_kit)
install(FILES firmware/cmake/arm-none-eabi.cmake firmware/cmake/cyclesim-firmware-config.cmake
        DESTINATION ${CSIM_KIT_DEST}/cmake COMPONENT firmware_kit)
include(CMakePackageConfigHelpers)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/cyclesim-firmware-config-version.cmake
    COMPATIBILITY SameMinorVersion ARCH_INDEPENDENT)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/cyclesim-firmware-config-version.cmake
        DESTINATION ${CSIM_KIT_DEST}/cmake COMPONENT firmware_kit)
install(FILES firmware/LICENSE firmware/README.md DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/cyclesim-firmware-kit
        COMPONENT firmware_kit)
