#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# End-to-end: run a firmware image built from firmware/ in cyclesim on one MCU
# model and check that
#  - cyclesim exits 0 (every case passed its own known-answer check),
#  - the firmware's calibration output ends with "@done cases=N failed=0" and
#    N equals the number of cases cyclesim timed,
#  - the cycles the firmware measured itself (DWT on M33, SysTick on M0+, read
#    from the modelled clock) agree with cyclesim's own region timing within
#    TOL cycles.  The two differ by design by a few cycles: cyclesim times from
#    the return of bench_region_begin to the entry of bench_region_end, the
#    firmware from its counter read in the first to its read in the second.
#    The code between the marker and the read (a literal load of the counter's
#    address) is warm for the empty region but may miss after a case that
#    evicted it: one flash line at 5 WS costs up to 12 cycles, hence TOL = 16.
# usage: run_e2e.sh CYCLESIM ELF MCU WORKDIR [TOL]
set -u
cyclesim=$1 elf=$2 mcu=$3 work=$4 tol=${5:-16}
name=$(basename "$(dirname "$elf")")-$(basename "$elf" .elf)-$mcu
mkdir -p "$work"
"$cyclesim" run "$elf" --mcu "$mcu" --format csv --console "$work/$name.console" > "$work/$name.csv" 2> "$work/$name.err"
rc=$?
if [ $rc -ne 0 ]; then
    echo "$name: cyclesim exited $rc"; cat "$work/$name.err"; exit 1
fi
done_line=$(grep '^@done' "$work/$name.console" | tr -d '\r')
cases=$(awk -F, 'NR > 1' "$work/$name.csv" | wc -l)
case $done_line in
    "@done cases=$cases failed=0") ;;
    *) echo "$name: firmware reported '$done_line', cyclesim timed $cases cases"; exit 1 ;;
esac
[ "$cases" -gt 0 ] || { echo "$name: no case ran"; exit 1; }
# The firmware's counter is 32 bits wide (DWT CYCCNT, or SysTick extended to
# 32 bits): it reports a region modulo 2^32, so that is how it is compared
# (RSA-3072 without CRT on a Cortex-M0+ runs past 2^32 cycles).
awk -F, -v tol="$tol" -v name="$name" 'NR > 1 {
    d = ($9 % 4294967296) - $21
    if (d > 2147483648) d -= 4294967296
    if (d < -2147483648) d += 4294967296
    if (d < 0) d = -d
    if (d > tol) { printf "%s: %s: cyclesim %s cycles, firmware measured %s\n", name, $7, $9, $21; bad = 1 }
} END { exit bad }' "$work/$name.csv" || exit 1
echo "$name: $cases cases passed"
