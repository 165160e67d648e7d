#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# An MCU added as data only (issue 34): tests/models/test-g0like.json
# differs from stm32u083rc in its clock (64 MHz), wait-state table and
# wait states (2), cache size (512 B) and FLASH_ACR layout, and is one file.
# It is loaded from a models directory that holds it and the bundled files
# (CYCLESIM_MODELS), runs a bundled M0+ image, and its results differ from
# stm32u083rc's the way its data says: more wait states and a smaller cache
# give more cycles and more misses; stm32u083rc given the same data through
# --set gives the same cycles.
# usage: run_data_mcu.sh CYCLESIM SOURCE_DIR FIRMWARE_DIR WORK_DIR
set -eu
cyclesim=$1 src=$2 fw=$3 work=$4
rm -rf "$work"
mkdir -p "$work/models"
for f in "$src"/models/*.json "$src"/tests/models/test-g0like.json; do
    ln -s "$f" "$work/models/"
done
elf=$fw/emu-m0plus/sha.elf
row=sha256/sole/64
export CYCLESIM_MODELS="$work/models"
"$cyclesim" run "$elf" --mcu test-g0like,stm32u083rc --case $row --format json > "$work/both.json"
"$cyclesim" run "$elf" --mcu stm32u083rc --set flash.wait_states=2 --set cache.size=512 --case $row \
    --format json > "$work/same_data.json" 2>/dev/null
python3 - "$work/both.json" "$work/same_data.json" <<'PY'
import json, sys
test, base = json.load(open(sys.argv[1]))["records"]
same = json.load(open(sys.argv[2]))["records"][0]
checks = [
    ("the test MCU ran", test["mcu"] == "test-g0like" and test["status"] == 0),
    ("its clock and wait states", (test["clock_hz"], test["flash_latency"]) == (64000000, 2)),
    ("more cycles than stm32u083rc (2 WS against 1)", test["cycles"] > base["cycles"]),
    ("more cache misses (512 B against 1 KB)", test["flash"]["misses"] > base["flash"]["misses"]),
    ("stm32u083rc with the same data: the same cycles", test["cycles"] == same["cycles"]),
]
bad = [what for what, ok in checks if not ok]
for what, ok in checks:
    print(("ok   " if ok else "FAIL ") + what)
print("test-g0like %d cycles, stm32u083rc %d" % (test["cycles"], base["cycles"]))
sys.exit(1 if bad else 0)
PY
