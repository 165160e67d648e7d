# SPDX-License-Identifier: MIT
# arm-none-eabi.cmake - CMake toolchain file for the cyclesim firmware (firmware/).
#
# Debian's gcc-arm-none-eabi (12.2) + libnewlib-arm-none-eabi (newlib-nano).
#   cmake -S firmware -B build-fw -DCMAKE_TOOLCHAIN_FILE=firmware/cmake/arm-none-eabi.cmake
#
# This file only names the tools.  The flags (Thumb, -mcpu per core,
# --specs=nano.specs, -ffunction-sections/-fdata-sections/--gc-sections, no
# crt0) are set per target in firmware/CMakeLists.txt, because one build
# produces images for both the Cortex-M0+ and the Cortex-M33.
#
# FW_TOOLCHAIN_PREFIX selects another toolchain, e.g. an Arm GNU toolchain
# unpacked somewhere: -DFW_TOOLCHAIN_PREFIX=<dir>/bin/arm-none-eabi-

set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(FW_TOOLCHAIN_PREFIX "arm-none-eabi-" CACHE STRING
    "Prefix of the cross tools (may include a directory)")

set(CMAKE_C_COMPILER   ${FW_TOOLCHAIN_PREFIX}gcc)
set(CMAKE_ASM_COMPILER ${FW_TOOLCHAIN_PREFIX}gcc)
set(CMAKE_AR           ${FW_TOOLCHAIN_PREFIX}ar)
set(CMAKE_RANLIB       ${FW_TOOLCHAIN_PREFIX}ranlib)
set(CMAKE_OBJCOPY      ${FW_TOOLCHAIN_PREFIX}objcopy)
set(CMAKE_OBJDUMP      ${FW_TOOLCHAIN_PREFIX}objdump)
set(CMAKE_SIZE         ${FW_TOOLCHAIN_PREFIX}size)

# The compiler checks cannot link a bare-metal program without a linker
# script and start-up code: let them build a static library instead.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# Headers and libraries come from the toolchain only; programs from the host.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
