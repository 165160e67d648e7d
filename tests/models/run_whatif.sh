#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What-ifs move cycles the way the reference manual says (issue 37): for each
# row of whatif.txt, the case's cycles with the row's what-if (cache off,
# prefetch off, more wait states) must exceed its cycles on the row's base
# (the model as it is, or with one --set).  An image @NAME is the function
# NAME of tests/models/fw/whatif_kernels.S (Cortex-M0+, linked at the flash
# base), run with --call NAME --arg 100.
# usage: run_whatif.sh CYCLESIM SOURCE_DIR FIRMWARE_DIR WORK_DIR
set -eu
cyclesim=$1 src=$2 fw=$3 work=$4
mkdir -p "$work"
cycles() { # image model case --set...
    elf=$1 mcu=$2 row=$3
    shift 3
    case $elf in
        @*) run="$work/whatif_kernels.elf --call ${elf#@} --arg 100" ;;
        *) run="$fw/$elf --case $row" ;;
    esac
    "$cyclesim" run $run --mcu "$mcu" --format json "$@" |
        python3 -c 'import json, sys; r = json.load(sys.stdin)["records"]; assert len(r) == 1; print(r[0]["cycles"])'
}
arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -nostdlib -Wl,-Ttext=0x08000000 -Wl,-e,small_loop \
    "$src/tests/models/fw/whatif_kernels.S" -o "$work/whatif_kernels.elf"
bad=0 rows=0
while read -r elf mcu row base what; do
    case $elf in ''|'#'*) continue ;; esac
    rows=$((rows + 1))
    [ "$base" = - ] && set -- || set -- --set "$base"
    before=$(cycles "$elf" "$mcu" "$row" "$@")
    after=$(cycles "$elf" "$mcu" "$row" "$@" --set "$what")
    if [ "$after" -gt "$before" ]; then verdict=ok; else verdict=FAIL; bad=1; fi
    echo "$verdict $mcu $elf $row ($base): $before cycles, $what: $after"
done < "$src/tests/models/whatif.txt"
[ "$rows" -gt 0 ] || { echo "no row in whatif.txt"; exit 1; }
exit $bad
