#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Random inputs end to end: cyclesim writes a non-zero bench_input_seed into
# the firmware (`cyclesim profile --inputs N`: the known-answer run, then
# seeds 1..N) and every case must pass its self-consistency check with those
# inputs (firmware/README.md, "Inputs").  cyclesim exits 1 when a case fails
# its check under any seed, and fails too when the firmware has no
# bench_input_seed.
# usage: run_inputs.sh CYCLESIM ELF MCU WORKDIR N [--case GLOB]...
set -u
cyclesim=$1 elf=$2 mcu=$3 work=$4 n=$5
shift 5
name=$(basename "$(dirname "$elf")")-$(basename "$elf" .elf)-$mcu
mkdir -p "$work"
"$cyclesim" profile "$elf" --mcu "$mcu" --inputs "$n" "$@" > "$work/$name.txt" 2> "$work/$name.err"
rc=$?
if [ $rc -ne 0 ]; then
    echo "$name: cyclesim profile --inputs $n exited $rc"; cat "$work/$name.err"; exit 1
fi
echo "$name: every case passed with the known inputs and $n random seed(s)"
