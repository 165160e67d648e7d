#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `cyclesim check --update` on a symlinked budget file rewrites the target
# (the link stays a link); a SIGTERM while the file is written leaves no
# temporary file and the old file intact.
# usage: budget_write.sh CYCLESIM ELF SHIM.so WORKDIR
set -u
cyclesim=$1 elf=$2 shim=$3 work=$4
rm -rf "$work" && mkdir -p "$work/real" || exit 1
cat > "$work/real/sha.json" <<'JSON'
{"schema_version": 1, "budgets": [{"case": "sha256/sole/*", "mcu": "stm32l552ze", "cycles": 1}]}
JSON
cp "$work/real/sha.json" "$work/orig.json"
ln -s real/sha.json "$work/link.json"
"$cyclesim" check "$elf" --budgets "$work/link.json" --update --no-progress > "$work/out" 2>&1
rc=$?
[ $rc -eq 0 ] || { echo "FAIL: --update exited $rc"; cat "$work/out"; exit 1; }
[ -L "$work/link.json" ] || { echo "FAIL: the symlink was replaced by a file"; exit 1; }
if cmp -s "$work/real/sha.json" "$work/orig.json"; then
    echo "FAIL: the link's target keeps the old figures"; exit 1
fi
cp "$work/orig.json" "$work/real/sha.json"
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" LD_PRELOAD="$shim" \
    "$cyclesim" check "$elf" --budgets "$work/real/sha.json" --update --no-progress > "$work/out" 2>&1
rc=$?
[ $rc -ne 0 ] || { echo "FAIL: the shim did not stop the update"; exit 1; }
left=$(ls -A "$work/real" | grep -v '^sha.json$')
[ -z "$left" ] || { echo "FAIL: SIGTERM left $left behind"; exit 1; }
cmp -s "$work/real/sha.json" "$work/orig.json" || { echo "FAIL: the budget file changed"; exit 1; }
echo "ok"
