#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Recovery of known model parameters (tests/calibrate/cases.txt): measure one
# or more emulator images with a perturbed model, then calibrate the
# unperturbed model against those outputs (one --measured file per image, as
# boards give them).  The expected values are the perturbation this script
# applies, nothing the calibration printed.  Checks:
#  - the perturbation changes the measured cycles of every image (else it proves nothing),
#  - calibrate exits 0 (and -j 2 writes the same overlay) and its overlay holds the perturbed keys with their values; any other key
#    in it is a fitted parameter that stayed at its start value,
#  - every key listed as not identifiable is reported so, with no value in the overlay,
#  - with --holdout N, floor(rows/N) rows are held out and their error after the fit is 0,
#    and each fitted parameter reports its held-out error,
#  - running each image with `--set @overlay` prints its measured @case lines exactly.
# usage: recover.sh CYCLESIM FIRMWARE_DIR WORKDIR NAME ELFS MCU SETUP PERTURB PARAMS HOLDOUT UNFITTABLE CASES
# (ELFS: images under FIRMWARE_DIR joined by "+"; CASES: a --case glob, or "*" for every case,
# per image joined by "+" in the same order)
set -u
cyclesim=$1 fw=$2 work=$3 name=$4 elfs=$5 mcu=$6 setup=$7 perturb=$8 params=$9
shift 9
holdout=$1 unfittable=$2 cases=$3
w=$work/$name
rm -rf "$w" && mkdir -p "$w"
fail() { echo "FAIL $name: $*"; exit 1; }
sets=""
for kv in $perturb; do sets="$sets --set $kv"; done
n_elfs=$(echo "$elfs" | tr '+' '\n' | wc -l)
[ "$(echo "$cases" | tr '+' '\n' | wc -l)" -eq "$n_elfs" ] || fail "ELFS and CASES differ in count"
# Field i of a "+" list (the globs are not expanded by the shell).
field() { echo "$1" | cut -d+ -f"$2"; }

# The calibrate arguments: each image and its output ("$@" from here on).
set --
i=1
while [ "$i" -le "$n_elfs" ]; do
    elf=$fw/$(field "$elfs" "$i") glob=$(field "$cases" "$i")
    # shellcheck disable=SC2086
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" $sets --console "$w/measured$i.raw" > /dev/null 2> "$w/run.err" ||
        fail "perturbed run of $elf exited $?: $(cat "$w/run.err")"
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" --console "$w/base$i.raw" > /dev/null 2>&1 ||
        fail "base run of $elf failed"
    grep '^@case' "$w/measured$i.raw" > "$w/measured$i.cases"
    grep '^@case' "$w/base$i.raw" | cmp -s - "$w/measured$i.cases" &&
        fail "the perturbation changes no case's cycles in $elf"
    # An emulator image leaves the set-up to the model and prints clock_hz=0 ...;
    # a board prints the set-up its HAL programmed.  Write what the board would.
    sed "s/clock_hz=0 latency=0 icache=0/$setup/" "$w/measured$i.raw" > "$w/measured$i.txt"
    cat "$w/measured$i.cases" >> "$w/measured.cases"
    set -- "$@" "$elf" --measured "$w/measured$i.txt"
    i=$((i + 1))
done

hold=""
[ "$holdout" -gt 0 ] && hold="--holdout $holdout"
# shellcheck disable=SC2086
"$cyclesim" calibrate "$@" --mcu "$mcu" --params "$params" $hold \
    -o "$w/overlay.json" > "$w/table.txt" 2> "$w/calibrate.err" ||
    fail "calibrate exited $?: $(cat "$w/calibrate.err")"
[ -f "$w/overlay.json.tmp" ] && fail "the temporary overlay file was left behind"
# The runs of an iteration on two threads: the same overlay, byte for byte.
# shellcheck disable=SC2086
"$cyclesim" calibrate "$@" --mcu "$mcu" --params "$params" $hold -j 2 \
    --format json > "$w/overlay-j2.json" 2> /dev/null || fail "calibrate -j 2 failed"
cmp -s "$w/overlay.json" "$w/overlay-j2.json" || fail "-j 2 gives another overlay than -j 1"

# The overlay's "keys" object: one "key": value line each (csim_json_print's tab layout).
awk '/^\t"keys":/ {on = 1; next} on && /^\t}/ {exit} on' "$w/overlay.json" |
    tr -d '\t,"' | sed 's/:/=/' > "$w/keys.got"
for kv in $perturb; do
    grep -qx "$kv" "$w/keys.got" || fail "overlay lacks $kv: $(tr '\n' ' ' < "$w/keys.got")"
done
while IFS='=' read -r k v; do
    case " $perturb " in *" $k="*) continue ;; esac
    # "key", "start", "fitted" are the first three members of each parameter.
    fit=$(grep -A2 "\"key\":[[:space:]]*\"$k\"" "$w/overlay.json" | tr -d '\t,"' | cut -d: -f2 | tr '\n' ' ')
    # A boolean key: the overlay says true/false, its start and fitted values 1/0.
    n=$v
    case $v in true) n=1 ;; false) n=0 ;; esac
    [ "$fit" = "$k $n $n " ] || fail "overlay sets $k=$v, which is neither perturbed nor a parameter left at its start"
done < "$w/keys.got"

for k in $(echo "$unfittable" | tr ',' ' '); do
    grep -A3 "\"key\":[[:space:]]*\"$k\"" "$w/overlay.json" | grep -q '"fitted":[[:space:]]*null' ||
        fail "$k: expected no fitted value"
    grep -q "^$k .*not identifiable" "$w/table.txt" || fail "$k: not reported as not identifiable"
done

if [ "$holdout" -gt 0 ]; then
    rows=$(wc -l < "$w/measured.cases")
    held=$(grep -c '"role":[[:space:]]*"held-out"' "$w/overlay.json")
    [ "$held" -eq $((rows / holdout)) ] || fail "$held rows held out, expected $((rows / holdout)) of $rows"
    # error_pct.held_out.after: every held-out row is reproduced exactly.
    awk '/"held_out":/ {h = 1} h && /"after":/ {a = 1} a && /"max_abs":/ {print; exit}' "$w/overlay.json" |
        grep -q '"max_abs":[[:space:]]*0$' || fail "held-out rows are not reproduced exactly"
    for kv in $perturb; do
        k=${kv%%=*}
        grep -A12 "\"key\":[[:space:]]*\"$k\"" "$w/overlay.json" | grep -q '"held_out_error_pct"' ||
            fail "$k: no held-out error reported"
    done
fi

i=1
while [ "$i" -le "$n_elfs" ]; do
    elf=$fw/$(field "$elfs" "$i")
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$(field "$cases" "$i")" --set "@$w/overlay.json" \
        --console "$w/replay$i.raw" > /dev/null 2>&1 ||
        fail "run of $elf with the overlay failed"
    grep '^@case' "$w/replay$i.raw" | cmp -s - "$w/measured$i.cases" ||
        fail "the overlay does not reproduce the measured cycles of $elf: $(grep '^@case' "$w/replay$i.raw" | diff "$w/measured$i.cases" - | head -4 | tr '\n' ' ')"
    i=$((i + 1))
done
echo "$name: recovered $perturb"
