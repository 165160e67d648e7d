#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What grouping buys in `cyclesim sweep`: the same grid timed with points that
# differ only in the clock sharing one emulator run (the default) and with
# every point run on its own (--independent).  Both on one worker so the ratio
# is the saving in emulation, from one invocation (the machine is shared:
# compare the ratio, not absolute times across runs).  The two outputs must be
# identical; the script says so or fails.
# usage: bench/sweep.sh [BUILD_DIR] [ELF] [MCU] [CLOCKS]
#   default: build build/firmware/emu-m33/sha.elf stm32l552ze 16M:110M:2M
set -eu
build=${1:-build}
elf=${2:-$build/firmware/emu-m33/sha.elf}
mcu=${3:-stm32l552ze}
clocks=${4:-16M:110M:2M}
cs=$build/cyclesim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }

run() { # NAME OPTIONS... -> "wall_s cpu_s" on stdout, rows in $tmp/NAME.csv
    name=$1
    shift
    t0=$(now)
    /usr/bin/time -f '%U %S' -o "$tmp/$name.time" \
        "$cs" sweep "$elf" --mcu "$mcu" --clock "$clocks" --latency auto --format csv --no-progress -j 1 "$@" \
        > "$tmp/$name.csv"
    t1=$(now)
    echo "$t0 $t1 $(cat "$tmp/$name.time")" | awk '{ printf "%.2f %.2f\n", $2 - $1, $3 + $4 }'
}

grouped=$(run grouped)
independent=$(run independent --independent)
cmp -s "$tmp/grouped.csv" "$tmp/independent.csv" || { echo "grouped and --independent rows differ" >&2; exit 1; }
points=$(cut -d, -f2 "$tmp/grouped.csv" | sed 1d | sort -u | wc -l)
runs=$(cut -d, -f3 "$tmp/grouped.csv" | sed 1d | sort -u | wc -l)
echo "$(basename "$elf") on $mcu, --clock $clocks --latency auto: $points points, $runs runs grouped"
echo "$grouped $independent" | awk '{
    printf "grouped:       %7.2f s wall %7.2f s CPU\n", $1, $2
    printf "--independent: %7.2f s wall %7.2f s CPU\n", $3, $4
    printf "speed-up:      %7.2fx wall %7.2fx CPU (identical rows)\n", $3 / $1, $4 / $2 }'
