#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Profiles and case selection on a firmware image built from firmware/:
#  - with profiling on, every case takes the same cycles as in a plain run;
#  - per case, the functions' self cycles add up exactly to the profile total,
#    which is the case's cycles + the region overhead (the empty case: the
#    same for every case of the run, docs/profile.md); so do the collapsed
#    stacks, and callgrind_annotate's program total of the callgrind file;
#  - pricing every block in full (--no-reuse) gives the same profile;
#  - running a selection of cases (--case, several ranges) gives the same
#    cycles per case as the full run, for every case whose region takes no
#    exception (an interrupt such as the M0+ SysTick wrap lands where the
#    cycle count since reset puts it, which a selection moves: docs/profile.md);
#    --case matching nothing is a usage error.
# With GLOB, only the cases it matches take part (the "full run" is then that
# selection); with FUNCTION, that function must appear in the profile (e.g.
# SysTick_Handler: exceptions are attributed too).
# usage: check_firmware.sh CYCLESIM ELF MCU WORKDIR [GLOB [FUNCTION]]
set -u
cyclesim=$1 elf=$2 mcu=$3 work=$4 glob=${5:-*} must=${6:-}
name=$(basename "$(dirname "$elf")")-$(basename "$elf" .elf)-$mcu$(printf '%s' "${5:+-$5}" | tr -c 'A-Za-z0-9_.\n-' _)
mkdir -p "$work"
w=$work/$name
fail=0
bad() { echo "$name: $*" >&2; fail=1; }

"$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" --format csv > "$w.full.csv" || { bad "run failed"; exit 1; }
awk -F, 'NR > 1 { print $7, $9 }' "$w.full.csv" > "$w.full"
n=$(wc -l < "$w.full")
[ "$n" -gt 1 ] || { bad "needs at least two cases"; exit 1; }

# Table: "C cycles; profile T = cycles + O region overhead", then one row per function.
"$cyclesim" profile "$elf" --mcu "$mcu" --case "$glob" --top 1000000 > "$w.table" || bad "profile failed"
awk '
    /^== / { name = $0; sub(/^== .*\): /, "", name); next }
    / cycles; profile / { c = $1; t = $4; o = $8; sum = 0; rows = 1; next }
    /^function / { next }
    /^$/ { if (rows) print name, c, t, o, sum; rows = 0; next }
    rows { sum += $2 }
    END { if (rows) print name, c, t, o, sum }
' "$w.table" > "$w.prof"
[ "$(wc -l < "$w.prof")" = "$n" ] || bad "profile has $(wc -l < "$w.prof") cases, the run $n"
awk -v name="$name" '
    NR == FNR { cycles[$1] = $2; next }
    {
        if (!($1 in cycles)) { printf "%s: %s not in the plain run\n", name, $1; bad = 1 }
        else if ($2 != cycles[$1]) { printf "%s: %s: %s cycles profiled, %s plain\n", name, $1, $2, cycles[$1]; bad = 1 }
        if ($5 != $3) { printf "%s: %s: self cycles add up to %s, profile total %s\n", name, $1, $5, $3; bad = 1 }
        if ($2 + $4 != $3) { printf "%s: %s: %s + %s overhead != %s\n", name, $1, $2, $4, $3; bad = 1 }
        if (FNR == 1) o = $4
        if ($4 != o || $4 <= 0) { printf "%s: %s: overhead %s, first case %s\n", name, $1, $4, o; bad = 1 }
    }
    END { exit bad }
' "$w.full" "$w.prof" >&2 || fail=1

"$cyclesim" profile "$elf" --mcu "$mcu" --case "$glob" --top 1000000 --no-reuse > "$w.table.full" || bad "profile --no-reuse failed"
cmp -s "$w.table" "$w.table.full" || bad "profile differs with --no-reuse (diff $w.table $w.table.full)"

# Collapsed stacks ("MCU;case;f;g N") add up to the profile total per case.
"$cyclesim" profile "$elf" --mcu "$mcu" --case "$glob" --format collapsed > "$w.collapsed" || bad "collapsed failed"
awk '{ split($1, a, ";"); s[a[2]] += $NF } END { for (k in s) print k, s[k] }' "$w.collapsed" | sort > "$w.csum"
awk '{ print $1, $3 }' "$w.prof" | sort > "$w.ptot"
cmp -s "$w.csum" "$w.ptot" || bad "collapsed totals differ from the profile totals (diff $w.csum $w.ptot)"
[ -z "$must" ] || grep -q ";$must " "$w.collapsed" || bad "$must does not appear in the profile"

# Callgrind files, read back by callgrind_annotate.
rm -rf "$w.cg"
"$cyclesim" profile "$elf" --mcu "$mcu" --case "$glob" --format callgrind -o "$w.cg" || bad "callgrind failed"
[ "$(ls "$w.cg" | wc -l)" = "$n" ] || bad "$(ls "$w.cg" | wc -l) callgrind files for $n cases"
while read -r case c t o sum; do
    f=$w.cg/callgrind.out.$mcu.$(printf '%s' "$case" | tr '/' '_')
    got=$(callgrind_annotate "$f" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(/,/, "", $1); print $1 }')
    [ "$got" = "$t" ] || bad "$case: callgrind_annotate total '$got', profile $t"
done < "$w.prof"

# Selection: every other case (several ranges), then the last case alone;
# compared on the cases whose region took no exception in either run.
quiet() { awk -F, 'NR > 1 && $18 == 0 { print $7, $9 }'; }
quiet < "$w.full.csv" > "$w.full.quiet"
sel=$(awk 'NR % 2 == 1 { printf " --case %s", $1 }' "$w.full")
# shellcheck disable=SC2086
"$cyclesim" run "$elf" --mcu "$mcu" --format csv $sel > "$w.sel.csv"
awk 'NR % 2 == 1 { print $1 }' "$w.full" > "$w.sel.names"
awk -F, 'NR > 1 { print $7 }' "$w.sel.csv" | cmp -s - "$w.sel.names" || bad "selection of every other case ran other cases"
quiet < "$w.sel.csv" | grep -Fxf - "$w.full.quiet" > "$w.sel.same" || true
[ "$(quiet < "$w.sel.csv" | wc -l)" = "$(wc -l < "$w.sel.same")" ] ||
    bad "selection of every other case differs (diff $w.full.quiet $w.sel.csv)"
last=$(tail -n 1 "$w.full" | cut -d' ' -f1)
"$cyclesim" run "$elf" --mcu "$mcu" --format csv --case "$last" > "$w.last.csv"
if [ "$(quiet < "$w.last.csv" | wc -l)" = 1 ] && grep -q "^$last " "$w.full.quiet"; then
    quiet < "$w.last.csv" | grep -Fxq -f - "$w.full.quiet" || bad "the last case alone differs: $(quiet < "$w.last.csv")"
fi
checked=$(($(quiet < "$w.sel.csv" | wc -l) + $(quiet < "$w.last.csv" | wc -l)))
"$cyclesim" run "$elf" --mcu "$mcu" --case 'no-such-case*' > /dev/null 2> "$w.err"
rc=$?
[ $rc = 2 ] && grep -q "matches no case" "$w.err" || bad "--case matching nothing: exit $rc, $(cat "$w.err")"

[ $fail -eq 0 ] || exit 1
echo "$name: $n cases: profiles add up, selection agrees on the $checked selected cases without exceptions"
