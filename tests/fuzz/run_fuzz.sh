#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs one libFuzzer harness for a bounded time (tests/fuzz/README.md):
# first every input of its regression directory (crashes found before, kept
# as fixtures), then fuzzing from the seeds for SECONDS.
# usage: run_fuzz.sh HARNESS SECONDS WORKDIR REGRESS_DIR SEED...
#   SEED: files or directories; missing ones are skipped (build outputs).
set -u
harness=$1 secs=$2 work=$3 regress=$4
shift 4
mkdir -p "$work/corpus" "$work/seeds" "$work/artifacts" || exit 1
if ls "$regress"/* >/dev/null 2>&1; then
    "$harness" -timeout=20 -rss_limit_mb=2560 "$regress"/* > "$work/regress.log" 2>&1 ||
        { tail -40 "$work/regress.log"; echo "FAIL: a regression input of $regress"; exit 1; }
fi
for s in "$@"; do
    if [ -d "$s" ]; then
        find "$s" -maxdepth 1 -type f -size -2048k -exec cp {} "$work/seeds/" \;
    elif [ -f "$s" ]; then
        cp "$s" "$work/seeds/"
    fi
done
"$harness" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2560 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" "$work/corpus" "$work/seeds" > "$work/fuzz.log" 2>&1
rc=$?
grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$work/fuzz.log" | tail -2
if [ $rc -ne 0 ]; then
    tail -60 "$work/fuzz.log"
    echo "FAIL: $(basename "$harness") found a crash, hang or leak: $(ls "$work/artifacts")"
    exit 1
fi
