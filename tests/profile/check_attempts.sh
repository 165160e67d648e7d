#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The signing-attempts field (docs/output.md "Signing attempts") end to end:
# a test firmware (the emu-m0plus run-time, tests/profile/fw/attempts_cases.c
# and firmware/bench/attempts.c) whose "attempts/three" case reports 3
# attempts and "attempts/none" none.  Expected: CSV attempts 3 and
# cycles_per_attempt = cycles / 3 (integer division), both empty for the other
# case; JSON attempts 3 / 0 and cycles_per_attempt a number / null.
# usage: check_attempts.sh CYCLESIM SOURCE_DIR WORKDIR
set -eu
cyclesim=$1 src=$2 work=$3
fw=$src/firmware
mkdir -p "$work"
elf=$work/attempts-m0plus.elf
arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -mfloat-abi=soft -O2 -ffunction-sections -fdata-sections \
    --specs=nano.specs -nostartfiles -Wl,--gc-sections -fno-tree-loop-distribute-patterns \
    -DFW_TARGET_NAME='"emu-m0plus"' -I"$fw/include" -I"$fw/hal" -L"$fw/ld" -T"$fw/ld/emu-m0plus.ld" \
    "$fw/bench/startup.c" "$fw/bench/main.c" "$fw/bench/runner.c" "$fw/bench/attempts.c" "$fw/hal/emu_m0plus.c" \
    "$fw/hal/cycles_systick.c" "$fw/hal/semihost.c" "$src/tests/profile/fw/attempts_cases.c" -o "$elf"
"$cyclesim" run "$elf" --mcu stm32u083rc --format csv --no-progress > "$work/attempts.csv"
awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["case"] == "attempts/three" {
        seen++
        want = int($col["cycles"] / 3)
        if ($col["attempts"] != 3 || $col["cycles_per_attempt"] != want) {
            printf "three: attempts %s, per attempt %s (expected 3, %d)\n", $col["attempts"], $col["cycles_per_attempt"], want
            bad = 1
        }
    }
    $col["case"] == "attempts/none" {
        seen++
        if ($col["attempts"] != "" || $col["cycles_per_attempt"] != "") { print "none: " $0; bad = 1 }
    }
    END { if (seen != 2) { print "a case is missing"; bad = 1 } exit bad }
' "$work/attempts.csv" || { cat "$work/attempts.csv"; exit 1; }
"$cyclesim" run "$elf" --mcu stm32u083rc --format json --no-progress > "$work/attempts.json"
python3 - "$work/attempts.json" <<'PY' || exit 1
import json, sys
recs = {r["case"]: r for r in json.load(open(sys.argv[1]))["records"]}
three, none = recs["attempts/three"], recs["attempts/none"]
ok = (three["attempts"] == 3 and three["cycles_per_attempt"] == three["cycles"] // 3
      and none["attempts"] == 0 and none["cycles_per_attempt"] is None)
if not ok:
    print("json:", three, none)
    sys.exit(1)
PY
echo "check_attempts: attempts and cycles per attempt as derived"
