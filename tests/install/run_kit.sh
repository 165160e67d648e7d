#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The worked example of docs/install.md: the installed firmware kit's example
# (firmware/examples/crc32) built out of tree with find_package(cyclesim-firmware),
# then run by the installed tool from another directory; its one case must
# pass its known-answer check.
# usage: run_kit.sh BUILD_DIR WORKDIR
set -u
build=$1 work=$2
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; echo "FAIL: cmake --install"; exit 1; }
kit=$work/prefix/share/cyclesim-firmware
cp -r "$kit/examples/crc32" "$work/crc32"
cmake -S "$work/crc32" -B "$work/crc32/build" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DCMAKE_TOOLCHAIN_FILE="$kit/cmake/arm-none-eabi.cmake" >"$work/configure.log" 2>&1 ||
    { cat "$work/configure.log"; echo "FAIL: configuring the example against the kit"; exit 1; }
cmake --build "$work/crc32/build" >"$work/build.log" 2>&1 ||
    { cat "$work/build.log"; echo "FAIL: building the example"; exit 1; }
elf=$work/crc32/build/emu-m0plus/crc32.elf
(cd / && env -i PATH=/usr/bin:/bin LC_ALL=C "$work/prefix/bin/cyclesim" run "$elf" --mcu stm32u083rc) \
    >"$work/run.out" 2>&1
rc=$?
cat "$work/run.out"
if [ $rc -ne 0 ] || ! grep -q 'example/crc32/256' "$work/run.out"; then
    echo "FAIL: the installed tool on the example: exit $rc"
    exit 1
fi
echo "ok: the example built against the installed kit runs and passes its check"
