#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The run-time helpers against byte-wise and 32-bit references: configures
# firmware/ with FW_RT_HELPERS=HELPERS (toolchain or fast), builds the rtcheck
# images of both emulator targets (firmware/cases/rtcheck_cases.c: every size,
# alignment and overlap of memcpy, memmove, memset/memclr and the RTABI
# variants, __aeabi_lmul and the 64-bit shifts) and runs them in cyclesim: a
# helper that differs from its reference is a check-fail and a non-zero exit.
# Also checks that the helper set the image names (bench_rt) is the one its
# map file shows linked, and that `cyclesim run` reports it.
# usage: check_rt.sh CYCLESIM SOURCE_DIR WORKDIR toolchain|fast
set -eu
cyclesim=$1 src=$2 work=$3 helpers=$4
bdir=$work/fw-$helpers
mkdir -p "$work"
cmake -S "$src/firmware" -B "$bdir" -DCMAKE_TOOLCHAIN_FILE="$src/firmware/cmake/arm-none-eabi.cmake" \
    -DFW_RT_HELPERS="$helpers" > "$work/configure-$helpers.log"
cmake --build "$bdir" --target fw-rtcheck-emu-m0plus fw-rtcheck-emu-m33 > "$work/build-$helpers.log"
fail() { echo "check_rt ($helpers): $*" >&2; exit 1; }
for spec in emu-m0plus:stm32l073rz emu-m33:stm32l552ze; do
    target=${spec%%:*} mcu=${spec#*:}
    elf=$bdir/$target/rtcheck.elf map=$bdir/$target/rtcheck.map
    if [ "$helpers" = fast ]; then
        # Both cores: firmware/rt's shifts and memset; the M0+ also its
        # __aeabi_lmul, memcpy and memmove (firmware/README.md).
        grep -q 'memset_armv6m\.S\.obj' "$map" || fail "$target: firmware/rt/memset_armv6m.S not linked"
        ! grep -q 'libc_nano\.a(lib_a-\(aeabi_\)\{0,1\}mem\(set\|clr\)' "$map" ||
            fail "$target: newlib-nano's memset is linked"
        if [ "$target" = emu-m0plus ]; then
            grep -q 'memcpy_armv6m\.S\.obj' "$map" || fail "$target: firmware/rt/memcpy_armv6m.S not linked"
            ! grep -q 'libc_nano\.a(lib_a-\(aeabi_\)\{0,1\}mem\(cpy\|move\)' "$map" ||
                fail "$target: newlib-nano's memcpy or memmove is linked"
            ! grep -q 'libgcc\.a(_muldi3\.o)' "$map" || fail "$target: libgcc's __aeabi_lmul is linked"
        fi
        want=cyclesim-fast
    else
        ! grep -q '_armv6m\.S\.obj' "$map" || fail "$target: firmware/rt linked without FW_RT_HELPERS=fast"
        want=toolchain
    fi
    out=$("$cyclesim" run "$elf" --mcu "$mcu" --format json) || fail "$target on $mcu: a helper failed (exit $?)"
    printf '%s\n' "$out" | grep -q "\"rt\": \"$want\"" || fail "$target: run does not report rt $want"
    n=$(printf '%s\n' "$out" | grep -c '"case": "rtcheck/')
    [ "$n" = 5 ] || fail "$target: $n rtcheck cases ran, expected 5"
    echo "check_rt ($helpers): $target on $mcu: 5 cases pass"
done
