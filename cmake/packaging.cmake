# SPDX-License-Identifier: GPL-2.0-or-later
# CPack: two Debian packages from the components of cmake/install.cmake
# (docs/install.md).  `cpack -G DEB` in the build tree (or
# `cmake --build build --target package`) writes
#   cyclesim_<version>_amd64.deb                the tool, its data and docs;
#                                               dependencies from dpkg-shlibdeps
#                                               (libunicorn2, libcapstone4,
#                                               liblief0, libcjson1, libssl3, ...)
#   cyclesim-firmware-kit_<version>_all.deb     the firmware kit (MIT)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME cyclesim)
set(CPACK_PACKAGE_VENDOR "cyclesim")
set(CPACK_PACKAGE_CONTACT "the cyclesim developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Cycle counts of Cortex-M firmware from per-MCU timing models")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_COMPONENTS_ALL tool firmware_kit)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_TOOL_PACKAGE_NAME cyclesim)
set(CPACK_DEBIAN_TOOL_PACKAGE_SHLIBDEPS ON)
set(CPACK_COMPONENT_TOOL_DESCRIPTION "Loads a Cortex-M firmware ELF, runs it in Unicorn and counts its \
clock cycles\nwith per-MCU timing models (core pipelines, flash wait states, prefetch, caches).")

set(CPACK_DEBIAN_FIRMWARE_KIT_PACKAGE_NAME cyclesim-firmware-kit)
set(CPACK_DEBIAN_FIRMWARE_KIT_PACKAGE_ARCHITECTURE all)
# What fw_image() runs: CMake, the cross compiler and newlib-nano.
set(CPACK_DEBIAN_FIRMWARE_KIT_PACKAGE_DEPENDS "cmake (>= 3.20), gcc-arm-none-eabi, libnewlib-arm-none-eabi")
set(CPACK_DEBIAN_FIRMWARE_KIT_PACKAGE_SUGGESTS cyclesim)
set(CPACK_COMPONENT_FIRMWARE_KIT_DESCRIPTION "The cyclesim firmware kit (MIT): bench.h, the runner, \
start-up code,\nHALs and linker scripts, the arm-none-eabi toolchain file and the CMake\npackage \
cyclesim-firmware, to build benchmark ELFs that cyclesim runs.")
include(CPack)
