#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs tests/calibrate/bad_inputs.txt: exit code and stderr text of each line.
# usage: bad_inputs.sh CYCLESIM FIRMWARE_DIR WORKDIR
set -u
cyclesim=$1 fw=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
elf=$fw/emu-m33/selftest.elf
mkdir -p "$work"
"$cyclesim" run "$elf" --mcu stm32l552ze --console "$work/measured.raw" > /dev/null 2>&1 || { echo "setup run failed"; exit 2; }
sed 's/clock_hz=0 latency=0 icache=0/clock_hz=110000000 latency=5 icache=1/' "$work/measured.raw" > "$work/measured.txt"
pass=0 fail=0
while IFS='|' read -r name args code want; do
    name=$(echo "$name" | sed 's/^ *//; s/ *$//')
    case $name in ''|'#'*) continue ;; esac
    code=$(echo "$code" | sed 's/ //g')
    want=$(echo "$want" | sed 's/^ *//; s/ *$//')
    args=$(echo "$args" | sed "s#ELF#$elf#g; s#FIX/#$here/fixtures/#g; s#MEASURED#$work/measured.txt#")
    # shellcheck disable=SC2086
    "$cyclesim" $args > "$work/out" 2> "$work/err"
    got=$?
    if [ "$got" != "$code" ]; then
        echo "FAIL $name: exit $got, expected $code"; sed 's/^/    /' "$work/err"; fail=$((fail + 1)); continue
    fi
    if [ -n "$want" ] && ! grep -qF -- "$want" "$work/err"; then
        echo "FAIL $name: stderr lacks \"$want\""; sed 's/^/    /' "$work/err"; fail=$((fail + 1)); continue
    fi
    if [ "$code" != 0 ] && [ "$(grep -c '^cyclesim: error: ' "$work/err")" != 1 ]; then
        echo "FAIL $name: expected one 'cyclesim: error:' line"; sed 's/^/    /' "$work/err"; fail=$((fail + 1)); continue
    fi
    pass=$((pass + 1))
done < "$here/bad_inputs.txt"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
