#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Golden micro-kernel: assemble one Thumb kernel (tests/golden/kernels/CORE/*.S,
# CORE as core.type names it) for the Cortex-CORE, time it with `cyclesim run
# --call kernel` and compare with the cycle count derived by hand in the
# kernel's header:
#   @ mcu: NAME            the model (bundled, or a test MCU of tests/models)
#   @ set: KEY=VALUE ...   model overrides (optional, several allowed)
#   @ at: ADDRESS          where the code is linked (flash or SRAM)
#   @ expect: CYCLES       hand-derived total, the derivation written beside it
#   @ expect-insns: N      instructions counted, skipped IT slots included (optional)
# usage: run_kernel.sh CYCLESIM KERNEL.S WORKDIR
set -eu
cyclesim=$1 src=$2 work=$3
name=$(basename "$src" .S)
field() { sed -n "s/^@ $1: *//p" "$src"; }
mcu=$(field mcu); at=$(field at); expect=$(field expect)
expect_insns=$(field expect-insns)
[ -n "$mcu" ] && [ -n "$at" ] && [ -n "$expect" ] || {
    echo "$src: header needs mcu, at and expect" >&2; exit 2; }
cpu=cortex-$(basename "$(dirname "$src")") # gcc's -mcpu name of the core the folder names
mkdir -p "$work"
# An ELF newer than its source is reused (the mutation check runs each kernel many times).
[ "$work/$name.elf" -nt "$src" ] || arm-none-eabi-gcc -mcpu=$cpu -mthumb -nostdlib -Wl,--no-warn-rwx-segments -Wl,-Ttext="$at" \
    -Wl,-e,kernel "$src" -o "$work/$name.elf"
# A test MCU (tests/models, not a real part) is read beside the bundled models.
tests_models=$(dirname "$0")/../models
if [ -f "$tests_models/$mcu.json" ]; then
    mkdir -p "$work/models"
    ln -sf "$(cd "$(dirname "$0")/../.." && pwd)"/models/*.json "$(cd "$tests_models" && pwd)/$mcu.json" "$work/models/"
    export CYCLESIM_MODELS="$work/models"
fi
sets=""
for s in $(field set); do sets="$sets --set $s"; done
# shellcheck disable=SC2086
out=$("$cyclesim" run "$work/$name.elf" --mcu "$mcu" $sets --call kernel --format csv)
got=$(printf '%s\n' "$out" | awk -F, 'NR == 2 { print $9 }')
if [ "$got" != "$expect" ]; then
    echo "$name: expected $expect cycles (hand-derived), got $got" >&2
    printf '%s\n' "$out" >&2
    exit 1
fi
insns=$(printf '%s\n' "$out" | awk -F, 'NR == 2 { print $11 }')
if [ -n "$expect_insns" ] && [ "$insns" != "$expect_insns" ]; then
    echo "$name: expected $expect_insns instructions, got $insns" >&2
    exit 1
fi
echo "$name: $got cycles as derived"
