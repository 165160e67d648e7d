#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Mutation check of the cost tables: every field of every row of m0plus_costs,
# m33_costs and m4_costs is changed by +1 and by -1 in turn (src/core/cost_mutation.c,
# through $CSIM_MUTATION), and the core unit test and the golden kernels of
# that core are run against the mutant.  A mutation no test notices is a row
# no document-derived test pins: the check names it and fails.  Fields listed
# in exempt.txt (never read, or no document value) are reported, not changed;
# a -1 below 0 is skipped and reported.
# usage: run_mutation.sh CYCLESIM_MUTANT TEST_CORE_MUTANT GOLDEN_DIR WORKDIR
set -u
mutant=$1 unit=$2 golden=$3 work=$4
here=$(dirname "$0")
mkdir -p "$work"
list=$(CSIM_MUTATION=list "$unit" | sed -n "s/^cost-row //p")
[ -n "$list" ] || { echo "cannot list the cost tables" >&2; exit 2; }
kernels_of() { # CORE -> the kernels that run on it: its folder
    ls "$golden"/kernels/"$1"/*.S
}
killed=0 survived=0 skipped=0 exempt=0
printf '%s\n' "$list" > "$work/fields"
while read -r core class field value; do
    reason=$(awk -v c="$core" -v k="$class" -v f="$field" \
        '$1 == c && $2 == k && $3 == f { $1 = $2 = $3 = ""; sub(/^ +/, ""); print }' "$here/exempt.txt")
    if [ -n "$reason" ]; then
        echo "exempt   $core:$class:$field ($reason)"
        exempt=$((exempt + 2))
        continue
    fi
    for delta in +1 -1; do
        m="$core:$class:$field:$delta"
        if [ "$delta" = -1 ] && [ "$value" -eq 0 ]; then
            echo "skipped  $m (would go below 0)"
            skipped=$((skipped + 1))
            continue
        fi
        failing=""
        CSIM_MUTATION=$m "$unit" > "$work/unit.out" 2>&1 || failing="unit_core"
        for k in $(kernels_of "$core"); do
            CSIM_MUTATION=$m sh "$golden/run_kernel.sh" "$mutant" "$k" "$work/elf" >/dev/null 2>&1 ||
                failing="$failing golden_$(basename "$k" .S)"
        done
        if [ -n "$failing" ]; then
            echo "killed   $m ($value -> $((value $delta))) by$(printf ' %s' $failing)"
            killed=$((killed + 1))
        else
            echo "SURVIVED $m ($value -> $((value $delta))): no test pins $core $class $field"
            survived=$((survived + 1))
        fi
    done
done < "$work/fields"
echo "mutations: $killed killed, $survived survived, $skipped skipped (below 0), $exempt exempt"
[ "$survived" -eq 0 ]
