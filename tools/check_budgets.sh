#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Holds the bundled firmware to the repository's own budgets: `cyclesim check`
# of build/firmware/<target>/<family>.elf against budgets/<target>/<family>.json,
# for every budget file.  Reports go to REPORT_DIR: <target>-<family>.xml (JUnit)
# and .md, and summary.md (all the Markdown).  Extra arguments go to every
# `cyclesim check` (e.g. --update to record new budgets: docs/budgets.md).
# Exit status: the first run error (3-7, 9), else 1 if a case failed its
# check, else 8 if a budget does not hold, else 0.
# usage: tools/check_budgets.sh [BUILD_DIR [REPORT_DIR]] [-- CHECK_OPTIONS...]
set -u
cd "$(dirname "$0")/.."
build=build
reports=
if [ $# -gt 0 ] && [ "$1" != "--" ]; then build=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" != "--" ]; then reports=$1; shift; fi
if [ $# -gt 0 ] && [ "$1" = "--" ]; then shift; fi
reports=${reports:-$build/check-reports}
mkdir -p "$reports" || exit 7
: > "$reports/summary.md"
status=0
for file in budgets/*/*.json; do
    target=$(basename "$(dirname "$file")")
    family=$(basename "$file" .json)
    elf=$build/firmware/$target/$family.elf
    echo "== $file: $elf"
    "$build/cyclesim" check "$elf" --budgets "$file" --junit "$reports/$target-$family.xml" \
        --markdown "$reports/$target-$family.md" "$@"
    rc=$?
    cat "$reports/$target-$family.md" >> "$reports/summary.md" 2>/dev/null
    echo >> "$reports/summary.md"
    case $status:$rc in
        *:0) ;;
        0:*|8:*|1:[!8]) status=$rc ;;
    esac
done
exit "$status"
