#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The ART what-ifs (issue 36): one case of an image on an ART model at its
# published configuration, then
#  - at 24 MHz and 0 wait states: fewer cycles (no flash wait at all);
#  - with the instruction cache off (cache.enabled=false, FLASH_ACR.ICEN),
#    the data cache off (cache.data=false, DCEN) or the prefetch off
#    (flash.prefetch=false, PRFTEN): more cycles, the direction RM0090 §3.5.2
#    and RM0440 §3.3.4 give each part ("provided without inserting any delay"
#    against a miss of "at least the number of wait states").
# usage: art_whatif.sh CYCLESIM ELF MCU CASE
set -u
cyclesim=$1 elf=$2 mcu=$3 case=$4
# The case's cycles with the extra options, or nothing if the run failed.
cycles() {
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --format csv "$@" 2>/dev/null |
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "cycles") c = i }
                 NR == 2 && c { print $c }'
}
base=$(cycles)
case $base in
    '' | *[!0-9]*) echo "$mcu $case: no cycles at the published configuration"; exit 1 ;;
esac
fail=0
check() { # relation name value
    case $3 in
        '' | *[!0-9]*) echo "FAIL $mcu $case $2: the run failed"; fail=1; return ;;
    esac
    if [ "$3" -$1 "$base" ]; then
        echo "ok   $mcu $case $2: $3 ($1 $base)"
    else
        echo "FAIL $mcu $case $2: $3, expected $1 $base"; fail=1
    fi
}
check lt "24 MHz, 0 WS" "$(cycles --set clock.hz=24MHz --set flash.wait_states=0)"
check gt "ICEN off" "$(cycles --set cache.enabled=false)"
check gt "DCEN off" "$(cycles --set cache.data=false)"
check gt "PRFTEN off" "$(cycles --set flash.prefetch=false)"
exit $fail
