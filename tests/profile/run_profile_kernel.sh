#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Profile of a hand-written kernel (tests/profile/kernels/*.S) against the
# values derived by hand in its header ("-": not derived, not compared):
#   @ mcu: NAME / @ arch: armv6-m|armv8-m.main
#   @ total: CYCLES                      the run's cycles
#   @ fn: NAME SELF INCL CALLS           one per function that runs
#   @ edge: CALLER CALLEE CALLS INCL     every caller->callee edge
#   @ collapsed: STACK CYCLES            every distinct call stack
#   @ footprint: stack=B code=B const=B data=B
# It checks `cyclesim profile --call kernel` in the three formats and
# `cyclesim run --call kernel --format csv`, and that every format adds up to
# the run's cycles (callgrind's through callgrind_annotate).
# usage: run_profile_kernel.sh CYCLESIM KERNEL.S WORKDIR
set -eu
cyclesim=$1 src=$2 work=$3
name=$(basename "$src" .S)
field() { sed -n "s/^@ $1: *//p" "$src"; }
mcu=$(field mcu) arch=$(field arch)
case $arch in armv6-m) cpu=cortex-m0plus ;; *) cpu=cortex-m33 ;; esac
mkdir -p "$work"
elf=$work/$name.elf
arm-none-eabi-gcc -mcpu=$cpu -mthumb -nostdlib -Wl,--no-warn-rwx-segments -Wl,-Ttext=0x20000000 \
    -Wl,-Tdata=0x20002000 -Wl,-e,kernel "$src" -o "$elf"
fail=0
bad() { echo "$name: $*" >&2; fail=1; }
# Compares two lists of "key v1 v2..." lines; "-" in the expected list matches anything.
same() { # what expected-file got-file
    if ! awk -v what="$1" '
        NR == FNR { want[$1] = $0; next }
        { got[$1] = $0 }
        END {
            for (k in want) {
                if (!(k in got)) { printf "%s %s: missing\n", what, k; bad = 1; continue }
                n = split(want[k], w, " "); m = split(got[k], g, " ")
                for (i = 2; i <= n; i++) if (w[i] != "-" && w[i] != g[i]) {
                    printf "%s: expected \"%s\", got \"%s\"\n", what, want[k], got[k]; bad = 1; break }
            }
            for (k in got) if (!(k in want)) { printf "%s %s: not expected (%s)\n", what, k, got[k]; bad = 1 }
            exit bad
        }' "$2" "$3" >&2; then
        fail=1
    fi
}

# The run: cycles and footprint (CSV columns 9, 26-29: docs/output.md).
run=$("$cyclesim" run "$elf" --mcu "$mcu" --call kernel --format csv)
total=$(printf '%s\n' "$run" | awk -F, 'NR == 2 { print $9 }')
want_total=$(field total)
[ -z "$want_total" ] || [ "$total" = "$want_total" ] || bad "run: $total cycles, expected $want_total"
fp=$(printf '%s\n' "$run" | awk -F, 'NR == 2 { printf "stack=%s code=%s const=%s data=%s", $26, $27, $28, $29 }')
[ "$fp" = "$(field footprint)" ] || bad "footprint: $fp, expected $(field footprint)"

# Table: self, incl, calls per function; self cycles add up to the run's.
"$cyclesim" profile "$elf" --mcu "$mcu" --call kernel --top 1000 > "$work/$name.table"
awk '/^function / { on = 1; next } on && NF >= 6 { print $1, $2, $4, $6 }' "$work/$name.table" > "$work/$name.fn"
field fn > "$work/$name.fn.want"
same fn "$work/$name.fn.want" "$work/$name.fn"
sum=$(awk '{ s += $2 } END { print s + 0 }' "$work/$name.fn")
[ "$sum" = "$total" ] || bad "table: self cycles add up to $sum, the run took $total"

# Collapsed stacks, without the "MCU;case;" prefix.
"$cyclesim" profile "$elf" --mcu "$mcu" --call kernel --format collapsed > "$work/$name.collapsed"
sed "s/^$mcu;kernel;//" "$work/$name.collapsed" > "$work/$name.stacks"
field collapsed > "$work/$name.stacks.want"
same collapsed "$work/$name.stacks.want" "$work/$name.stacks"
sum=$(awk '{ s += $NF } END { print s + 0 }' "$work/$name.stacks")
[ "$sum" = "$total" ] || bad "collapsed: stacks add up to $sum, the run took $total"

# Callgrind: the edges as written (name compression resolved; the call's
# cost line: address, line, then Cycles), and callgrind_annotate's program total.
rm -rf "$work/$name.cg"
"$cyclesim" profile "$elf" --mcu "$mcu" --call kernel --format callgrind -o "$work/$name.cg"
cg=$work/$name.cg/callgrind.out.$mcu.kernel
[ -f "$cg" ] || { bad "no $cg"; exit 1; }
awk '
    function id(s,  n) { n = s; sub(/^\(/, "", n); sub(/\).*/, "", n); if (s ~ /\) /) { sub(/^\([0-9]+\) /, "", s); name[n] = s }; return n }
    /^fn=/ { sub(/^fn=/, ""); caller = id($0) }
    /^cfn=/ { sub(/^cfn=/, ""); callee = id($0) }
    /^calls=/ { split($0, a, /[= ]/); calls = a[2]; getline; print name[caller], name[callee], calls, $3 }
' "$cg" | awk '{ print $1 ":" $2, $3, $4 }' > "$work/$name.edges"
field edge | awk '{ print $1 ":" $2, $3, $4 }' > "$work/$name.edges.want"
same edge "$work/$name.edges.want" "$work/$name.edges"
annotated=$(callgrind_annotate "$cg" | awk '/PROGRAM TOTALS/ { gsub(/,/, "", $1); print $1 }')
[ "$annotated" = "$total" ] || bad "callgrind_annotate: program total $annotated, the run took $total"

[ $fail -eq 0 ] || exit 1
echo "$name: profile as derived ($total cycles)"
