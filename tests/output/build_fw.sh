#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Builds benchmark cases (tests/output/fw/small_cases.c, acr_cases.c) on the
# emu-m0plus run-time (every model can run it) into OUT.elf, with the flags of
# firmware/CMakeLists.txt.
# usage: build_fw.sh SOURCE_DIR OUT.elf [SOURCE...]   (default: small_cases.c)
#   FW_MAIN=FILE: that main instead of firmware/bench/main.c
set -eu
src=$1 out=$2
shift 2
[ $# -gt 0 ] || set -- "$src/tests/output/fw/small_cases.c"
fw=$src/firmware
arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -mfloat-abi=soft -Os -ffunction-sections -fdata-sections \
    --specs=nano.specs -nostartfiles -Wl,--gc-sections -fno-tree-loop-distribute-patterns \
    -DFW_TARGET_NAME='"emu-m0plus"' -DFW_RAM_BYTES=20480u -DFW_FLASH_BYTES=196608u \
    -I"$fw/include" -I"$fw/hal" -L"$fw/ld" -T"$fw/ld/emu-m0plus.ld" \
    "$fw/bench/startup.c" "${FW_MAIN:-$fw/bench/main.c}" "$fw/bench/runner.c" "$fw/bench/input.c" \
    "$fw/hal/emu_m0plus.c" "$fw/hal/cycles_systick.c" "$fw/hal/semihost.c" \
    "$@" -o "$out"
