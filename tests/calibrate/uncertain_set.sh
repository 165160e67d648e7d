#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `calibrate --params uncertain` fits exactly the keys of uncertain_set.txt on each model: the
# image measured with the model itself (a fit that starts at its optimum and stops at once),
# the table's parameter column and its "uncertain on this model only" line compared.
# usage: uncertain_set.sh CYCLESIM FIRMWARE_DIR WORKDIR
set -u
cyclesim=$1 fw=$2 w=$3/uncertain_set
rm -rf "$w" && mkdir -p "$w"
status=0
grep -v '^#' "$(dirname "$0")/uncertain_set.txt" | while IFS='|' read -r mcu elf setup keys listed; do
    mcu=$(echo $mcu) elf=$(echo $elf) setup=$(echo $setup) keys=$(echo $keys) listed=$(echo $listed)
    "$cyclesim" run "$fw/$elf" --mcu "$mcu" --console "$w/m.raw" > /dev/null 2>&1 ||
        { echo "FAIL $mcu: run of $elf failed"; exit 1; }
    sed "s/clock_hz=0 latency=0 icache=0/$setup/" "$w/m.raw" > "$w/m.txt"
    "$cyclesim" calibrate "$fw/$elf" --mcu "$mcu" --measured "$w/m.txt" --params uncertain --no-progress \
        > "$w/t.txt" 2> /dev/null || { echo "FAIL $mcu: calibrate exited $?"; exit 1; }
    got=$(awk '/^parameter/ {on = 1; next} on && /^$/ {exit} on {print $1}' "$w/t.txt" | tr '\n' ' ')
    [ "$got" = "$keys " ] || { echo "FAIL $mcu: fits [$got], expected [$keys ]"; exit 1; }
    got=$(sed -n 's/^uncertain on this model only (its uncertain list): //p' "$w/t.txt")
    [ "${got:--}" = "$listed" ] || { echo "FAIL $mcu: lists [$got], expected [$listed]"; exit 1; }
    echo "$mcu: $(echo "$keys" | wc -w) keys"
done || status=1
exit $status
