#!/bin/sh
# Recovery of known model parameters (tests/calibrate/cases.txt): measure an
# emulator image with a perturbed model, then calibrate the unperturbed model
# against that output.  The expected values are the perturbation this script
# applies, nothing the calibration printed.  Checks:
#  - the perturbation changes the measured cycles (else the test proves nothing),
#  - calibrate exits 0 (and -j 2 writes the same overlay) and its overlay holds the perturbed keys with their values; any other key
#    in it is a fitted parameter that stayed at its start value,
#  - every key listed as not identifiable is reported so, with no value in the overlay,
#  - with --holdout N, floor(rows/N) rows are held out and their error after the fit is 0,
#    and each fitted parameter reports its held-out error,
#  - running the image with `--set @overlay` prints the measured @case lines exactly.
# usage: recover.sh CYCLESIM FIRMWARE_DIR WORKDIR NAME ELF MCU SETUP PERTURB PARAMS HOLDOUT UNFITTABLE CASES
# (CASES: a --case glob, or "*" for every case)
set -u
cyclesim=$1 fw=$2 work=$3 name=$4 elf=$fw/$5 mcu=$6 setup=$7 perturb=$8 params=$9
shift 9
holdout=$1 unfittable=$2 cases=$3
w=$work/$name
rm -rf "$w" && mkdir -p "$w"
fail() { echo "FAIL $name: $*"; exit 1; }
sets=""
for kv in $perturb; do sets="$sets --set $kv"; done

# shellcheck disable=SC2086
"$cyclesim" run "$elf" --mcu "$mcu" --case "$cases" $sets --console "$w/measured.raw" > /dev/null 2> "$w/run.err" ||
    fail "perturbed run exited $?: $(cat "$w/run.err")"
"$cyclesim" run "$elf" --mcu "$mcu" --case "$cases" --console "$w/base.raw" > /dev/null 2>&1 ||
    fail "base run failed"
grep '^@case' "$w/measured.raw" > "$w/measured.cases"
grep '^@case' "$w/base.raw" | cmp -s - "$w/measured.cases" && fail "the perturbation changes no case's cycles"
# An emulator image leaves the set-up to the model and prints clock_hz=0 ...;
# a board prints the set-up its HAL programmed.  Write what the board would.
sed "s/clock_hz=0 latency=0 icache=0/$setup/" "$w/measured.raw" > "$w/measured.txt"

hold=""
[ "$holdout" -gt 0 ] && hold="--holdout $holdout"
# shellcheck disable=SC2086
"$cyclesim" calibrate "$elf" --mcu "$mcu" --measured "$w/measured.txt" --params "$params" $hold \
    -o "$w/overlay.json" > "$w/table.txt" 2> "$w/calibrate.err" ||
    fail "calibrate exited $?: $(cat "$w/calibrate.err")"
[ -f "$w/overlay.json.tmp" ] && fail "the temporary overlay file was left behind"
# The runs of an iteration on two threads: the same overlay, byte for byte.
# shellcheck disable=SC2086
"$cyclesim" calibrate "$elf" --mcu "$mcu" --measured "$w/measured.txt" --params "$params" $hold -j 2 \
    --format json > "$w/overlay-j2.json" 2> /dev/null || fail "calibrate -j 2 failed"
cmp -s "$w/overlay.json" "$w/overlay-j2.json" || fail "-j 2 gives another overlay than -j 1"

# The overlay's "keys" object: one "key": value line each (cJSON's layout).
awk '/^\t"keys":/ {on = 1; next} on && /^\t}/ {exit} on' "$w/overlay.json" |
    tr -d '\t,"' | sed 's/:/=/' > "$w/keys.got"
for kv in $perturb; do
    grep -qx "$kv" "$w/keys.got" || fail "overlay lacks $kv: $(tr '\n' ' ' < "$w/keys.got")"
done
while IFS='=' read -r k v; do
    case " $perturb " in *" $k="*) continue ;; esac
    # "key", "start", "fitted" are the first three members of each parameter.
    fit=$(grep -A2 "\"key\":[[:space:]]*\"$k\"" "$w/overlay.json" | tr -d '\t,"' | cut -d: -f2 | tr '\n' ' ')
    [ "$fit" = "$k $v $v " ] || fail "overlay sets $k=$v, which is neither perturbed nor a parameter left at its start"
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

"$cyclesim" run "$elf" --mcu "$mcu" --case "$cases" --set "@$w/overlay.json" --console "$w/replay.raw" \
    > /dev/null 2>&1 ||
    fail "run with the overlay failed"
grep '^@case' "$w/replay.raw" | cmp -s - "$w/measured.cases" ||
    fail "the overlay does not reproduce the measured cycles: $(grep '^@case' "$w/replay.raw" | diff "$w/measured.cases" - | head -4 | tr '\n' ' ')"
echo "$name: recovered $perturb"
