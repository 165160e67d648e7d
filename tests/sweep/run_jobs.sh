#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `run -j N` must print exactly what `run -j 1` prints: results, diagnostics
# and the firmware console, byte for byte.  The models are given slowest
# first, so a worker finishing out of order would show.
# usage: run_jobs.sh CYCLESIM ELF MODELS WORKDIR
set -u
cyclesim=$1 elf=$2 models=$3 work=$4
mkdir -p "$work"
for fmt in csv json; do
    for j in 1 2; do
        "$cyclesim" run "$elf" --mcu "$models" --format $fmt -j $j --console "$work/con-$fmt-$j" \
            > "$work/out-$fmt-$j" 2> "$work/err-$fmt-$j"
        echo $? > "$work/rc-$fmt-$j"
    done
    for f in out con err rc; do
        cmp "$work/$f-$fmt-1" "$work/$f-$fmt-2" || { echo "FAIL: $f ($fmt) differs with -j 2"; exit 1; }
    done
    # Both models reported: a run that lost one would still compare equal to itself.
    for m in $(echo "$models" | tr , ' '); do
        grep -q "$m" "$work/out-$fmt-1" || { echo "FAIL: no $m row ($fmt)"; exit 1; }
    done
done
echo "run -j 2 == run -j 1 ($models)"
