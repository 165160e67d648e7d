#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `cyclesim profile --inputs 4` on a test firmware (tests/profile/fw/: the
# emu-m33 run-time and inputs_cases.c) whose "inputs/vary" case loops
# 10 + seed % 7 times: 10..14 iterations over the known-answer run (seed 0)
# and seeds 1..4, while "inputs/fixed" always loops 10 times.
# Expected, by hand: 5 runs each; "fixed" has min = max, stddev 0 and no flag;
# "vary" is flagged, and with a loop costing b cycles per iteration its cycles
# are c(10) .. c(14), so mean = (min + max) / 2 and the population standard
# deviation is b * sqrt(2) with b = (max - min) / 4.
# usage: check_inputs.sh CYCLESIM SOURCE_DIR WORKDIR
set -eu
cyclesim=$1 src=$2 work=$3
fw=$src/firmware
mkdir -p "$work"
elf=$work/inputs-m33.elf
arm-none-eabi-gcc -mcpu=cortex-m33+nofp -mthumb -mfloat-abi=soft -O2 -ffunction-sections -fdata-sections \
    --specs=nano.specs -nostartfiles -Wl,--gc-sections -fno-tree-loop-distribute-patterns \
    -DFW_TARGET_NAME='"emu-m33"' -I"$fw/include" -I"$fw/hal" -L"$fw/ld" -T"$fw/ld/emu-m33.ld" \
    "$fw/bench/startup.c" "$fw/bench/main.c" "$fw/bench/runner.c" "$fw/hal/emu_m33.c" "$fw/hal/cycles_dwt.c" \
    "$fw/hal/semihost.c" "$src/tests/profile/fw/inputs_cases.c" "$src/tests/profile/fw/seed.S" -o "$elf"
"$cyclesim" profile "$elf" --mcu stm32l552ze --inputs 4 > "$work/inputs.out"
awk '
    /^input variation/ { on = 1; next }
    on && $1 == "inputs/fixed" {
        seen++
        if ($2 != 5 || $3 != $5 || $6 != 0 || NF != 6) { print "fixed: " $0; bad = 1 }
    }
    on && $1 == "inputs/vary" {
        seen++
        b = ($5 - $3) / 4; sd = b * sqrt(2)
        if ($2 != 5 || $5 <= $3 || $4 != ($3 + $5) / 2 || ($6 - sd) > 0.05 || (sd - $6) > 0.05 || $7 != "varies") {
            printf "vary: %s (expected mean %.1f, stddev %.1f, flagged)\n", $0, ($3 + $5) / 2, sd; bad = 1 }
    }
    END { if (seen != 2) { print "variation table lacks a case"; bad = 1 } exit bad }
' "$work/inputs.out" || { cat "$work/inputs.out"; exit 1; }
echo "check_inputs: variation as derived"
