#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tolerant.sh TOOL CHECKER PAGE.txt WORKDIR
# The import tool tolerates other page formats (formats.sh), but never by
# skipping numbers: for the page and for damaged copies of it, every number
# of the performance part is imported (check_published accounted) or the
# tool stops at its line (exit 3, "PAGE:LINE:").  Damages, one at a time:
#   - each row-shaped line (two numbers or more) with its first word or its
#     last word garbled;
#   - a line of text with one number after each table (kept as a note);
#   - a row-shaped line of text after each table (stops the import).
set -u
tool=$1 checker=$2 page=$3 work=$4
name=$(basename "$page")
mkdir -p "$work/v" || exit 1
rc=0 runs=0
v=$work/v/$name

# judge WHAT LINE: the verdict on the damaged copy $v
judge() {
    runs=$((runs + 1))
    if "$tool" "$v" "$work/out.json" >"$work/out.txt" 2>&1; then
        "$checker" accounted "$v" "$work/out.json" >"$work/acc.txt" 2>&1 && return
        echo "FAIL: $1: imported with numbers skipped"
        sed 's/^/    /' "$work/acc.txt"
        rc=1
    elif [ $? -eq 3 ] && grep -q "$name:$2: " "$work/out.txt"; then
        return
    else
        echo "FAIL: $1: neither imported nor stopped at line $2"
        sed 's/^/    /' "$work/out.txt"
        rc=1
    fi
}

"$tool" "$page" "$work/out.json" >"$work/out.txt" 2>&1 || { cat "$work/out.txt"; exit 1; }
"$checker" accounted "$page" "$work/out.json" || rc=1

# row-shaped lines of the performance part, and the last line of each table
awk '/^2\. / { on = 1 }
     on { n = 0; for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+(\.[0-9]+)?$/) n++
          if (n >= 2) print NR }' "$page" >"$work/rows.txt"
awk 'NR == FNR { row[$1] = 1; next } row[FNR] && !row[FNR + 1] { print FNR }' \
    "$work/rows.txt" "$page" >"$work/ends.txt"
[ -s "$work/rows.txt" ] || { echo "FAIL: no rows found in $page"; exit 1; }

while read -r n; do
    awk -v n="$n" 'NR == n { $1 = "Xq" $1 } { print }' "$page" >"$v"
    judge "line $n, first word garbled" "$n"
    awk -v n="$n" 'NR == n { $NF = $NF "q" } { print }' "$page" >"$v"
    judge "line $n, last word garbled" "$n"
done <"$work/rows.txt"
while read -r n; do
    awk -v n="$n" '{ print } NR == n { print "Measured on 1 board." }' "$page" >"$v"
    judge "text with a number after line $n" "$((n + 1))"
    awk -v n="$n" '{ print } NR == n { print "Measured 10 times on 2 boards." }' "$page" >"$v"
    judge "row-shaped text after line $n" "$((n + 1))"
done <"$work/ends.txt"
echo "tolerant.sh: $name: $runs damaged copies judged"
exit $rc
