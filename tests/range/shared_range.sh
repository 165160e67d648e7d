#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A range's configurations priced on one shared emulation (lanes,
# src/engine/lanes.c) give the range of the search that runs every
# configuration on an emulation of its own (--no-reuse): byte for byte in
# CSV, with one worker and with two (whose jobs are chunks of the cases).
# Each SPEC says whether the configurations must share (none on an emulation
# of its own: also where a case is longer than SysTick's 2^24-cycle period,
# whose exception each lane takes at its own wraps) or cannot (some on their
# own: the firmware reads an AES peripheral's flags in its regions, so that
# the execution could differ per lane).
# Then compare --range of the first SPEC's image (the model's own runs are
# profiled: the search's must still share): every configuration shared
# without the state check; with it, the warm searches' run alone.
# usage: shared_range.sh CYCLESIM WORK_DIR ELF:MCU:CASES:KEYS:shared|alone...
#        (KEYS: --range-keys, or - for every uncertain key)
set -eu
cyclesim=$1 work=$2 first=$3
shift 2
rm -rf "$work" && mkdir -p "$work"
fail=0
n=0
for spec in "$@"; do
    elf=${spec%%:*} rest=${spec#*:}
    mcu=${rest%%:*} rest=${rest#*:}
    cases=${rest%%:*} rest=${rest#*:}
    keys=${rest%%:*} want=${rest#*:}
    n=$((n + 1))
    if [ "$keys" = - ]; then set -- --range; else set -- --range-keys "$keys"; fi
    for j in 1 2; do
        out=$work/$n-j$j
        "$cyclesim" run "$elf" --mcu "$mcu" --case "$cases" "$@" -j $j --no-progress --format csv \
            > "$out.shared.csv" 2> "$out.shared.err"
        "$cyclesim" run "$elf" --mcu "$mcu" --case "$cases" "$@" -j $j --no-progress --no-reuse --format csv \
            > "$out.alone.csv" 2> "$out.alone.err"
        if ! cmp -s "$out.shared.csv" "$out.alone.csv"; then
            echo "FAIL: $spec -j $j: the shared emulation's range is not that of one emulation per configuration:"
            diff "$out.alone.csv" "$out.shared.csv" | head -5
            fail=1
        fi
        # "N configurations in R rounds..., K of them on an emulation of their own"
        line=$(grep -- '--range: .* configurations in' "$out.shared.err")
        configs=$(echo "$line" | sed -E 's/.* ([0-9]+) configurations in.*/\1/')
        own=$(echo "$line" | sed -E 's/.*, ([0-9]+) of them on an emulation of their own.*/\1/')
        alone_own=$(grep -- '--range: .* configurations in' "$out.alone.err" |
            sed -E 's/.*, ([0-9]+) of them on an emulation of their own.*/\1/')
        if [ "$configs" -lt 2 ] || [ "$alone_own" != "$configs" ]; then
            echo "FAIL: $spec -j $j: $configs configurations, $alone_own alone with --no-reuse: $line"
            fail=1
        elif [ "$want" = shared ] && [ "$own" != 0 ]; then
            echo "FAIL: $spec -j $j: $own of $configs configurations did not share the emulation: $line"
            fail=1
        elif [ "$want" = alone ] && [ "$own" = 0 ]; then
            echo "FAIL: $spec -j $j: every configuration shared the emulation, expected some on their own: $line"
            fail=1
        fi
    done
done
elf=${first%%:*} rest=${first#*:}
mcu=${rest%%:*}
for state in --no-state-check ""; do
    # shellcheck disable=SC2086
    "$cyclesim" compare "$elf" --mcu "$mcu" --range $state -j 2 --no-progress > "$work/compare.txt" \
        2> "$work/compare.err" || { echo "FAIL: compare --range $state"; fail=1; }
    line=$(grep -- '--range: .* searches' "$work/compare.err")
    own=$(echo "$line" | sed -E 's/.*, ([0-9]+) of them on an emulation of their own.*/\1/')
    searches=$(echo "$line" | sed -E 's/.*--range: ([0-9]+) searches.*/\1/')
    if [ -n "$state" ] && [ "$own" != 0 ]; then
        echo "FAIL: compare --range $state: $own configurations did not share: $line"
        fail=1
    elif [ -z "$state" ] && { [ "$searches" -lt 2 ] || [ "$own" = 0 ]; }; then
        echo "FAIL: compare --range: expected warm searches run alone: $line"
        fail=1
    fi
done
[ "$fail" = 0 ] && echo "shared range: $n specs, as one emulation per configuration; compare shares its cold searches"
exit "$fail"
