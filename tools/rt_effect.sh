#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# rt_effect.sh - LOCAL ONLY with CMOX_ROOT: the effect of the firmware's own
# run-time helpers (FW_RT_HELPERS=fast, firmware/rt/) per published section,
# the table of docs/accuracy.md "Toolchain run-time helpers".  Builds the
# emulator images twice, with the toolchain's helpers (libgcc, newlib-nano)
# and with the fast ones, runs `cyclesim compare --format json` of each image
# on stm32u083rc (emu-m0plus) and stm32l552ze (emu-m33), and prints per MCU,
# image and section the cycles with either set and the cycles inside helpers
# (tools/rt_effect_summary.py).  Nothing built with ST's library is written
# outside WORKDIR.
#
# usage: [CMOX_ROOT=<X-CUBE-CRYPTOLIB>/Middlewares/ST/STM32_Cryptographic] \
#            tools/rt_effect.sh WORKDIR
#   OPEN_FAMILIES  open images (default "aes sha ecdsa ed25519 mldsa rsa")
#   CMOX_FAMILIES  CMOX images when CMOX_ROOT is set (default "cipher hash ecc rsa")
#   M0P_SKIP       families left out on the Cortex-M0+ (default "rsa cmox-rsa":
#                  billions of cycles per case)
#   CYCLESIM       the cyclesim binary (default: build/cyclesim)
set -eu
[ $# = 1 ] || { sed -n '3,21p' "$0" >&2; exit 2; }
work=$1
root=$(cd "$(dirname "$0")/.." && pwd)
cyclesim=${CYCLESIM:-$root/build/cyclesim}
open=${OPEN_FAMILIES:-aes sha ecdsa ed25519 mldsa rsa}
skip=${M0P_SKIP:-rsa cmox-rsa}
images=$open
if [ -n "${CMOX_ROOT:-}" ]; then
    for f in ${CMOX_FAMILIES:-cipher hash ecc rsa}; do
        images="$images cmox-$f"
    done
fi
mkdir -p "$work"
for set in toolchain fast; do
    bdir=$work/fw-$set
    cmake -S "$root/firmware" -B "$bdir" -DCMAKE_TOOLCHAIN_FILE="$root/firmware/cmake/arm-none-eabi.cmake" \
        -DFW_RT_HELPERS=$set ${CMOX_ROOT:+-DCMOX_ROOT="$CMOX_ROOT"} > "$work/configure-$set.log"
    targets=""
    for img in $images; do
        targets="$targets fw-$img-emu-m0plus fw-$img-emu-m33"
    done
    # shellcheck disable=SC2086
    cmake --build "$bdir" -j2 --target $targets > "$work/build-$set.log"
done
for spec in emu-m0plus:stm32u083rc emu-m33:stm32l552ze; do
    target=${spec%%:*} mcu=${spec#*:}
    for img in $images; do
        case " $skip " in *" $img "*) [ "$target" = emu-m0plus ] && continue ;; esac
        for set in toolchain fast; do
            out=$work/$mcu.$img.$set.json
            [ -s "$out" ] && continue
            echo "rt_effect: $mcu $img $set" >&2
            "$cyclesim" compare "$work/fw-$set/$target/$img.elf" --mcu "$mcu" --format json --no-progress \
                -o "$out.tmp" 2> "$work/$mcu.$img.$set.err" && mv "$out.tmp" "$out"
        done
    done
done
python3 "$root/tools/rt_effect_summary.py" "$work"
