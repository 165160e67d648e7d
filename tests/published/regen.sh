#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# regen.sh TOOL PAGE.txt COMMITTED.json OUTDIR
# Regenerates the JSON from the page text with the import tool and compares
# it byte for byte with the committed file.
set -u
tool=$1 page=$2 committed=$3 outdir=$4
mkdir -p "$outdir" || exit 1
out=$outdir/$(basename "$committed")
"$tool" "$page" "$out" || { echo "FAIL: $tool $page exited $?"; exit 1; }
if cmp -s "$committed" "$out"; then
    echo "ok: $out is byte-identical to $committed"
    exit 0
fi
echo "FAIL: $committed differs from what the tool makes of $page:"
diff -u "$committed" "$out" | head -40
exit 1
