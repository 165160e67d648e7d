#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `run --range` in shards: `merge` of the shards gives the records of the
# single run, ranges and calibrated intervals included (docs/ci.md, docs/accuracy.md "Ranges");
# a shard whose interval class or table id would print unescaped, or is not
# a table id, is refused with exit 9.
# usage: merge_range.sh CYCLESIM ELF MCU CASE_GLOB WORK_DIR
set -eu
cyclesim=$1 elf=$2 mcu=$3 glob=$4 work=$5
rm -rf "$work" && mkdir -p "$work"
for k in 1 2; do
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" --range --shard $k/2 --format json > "$work/shard$k.json" 2>/dev/null
done
"$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" --range --format json > "$work/single.json" 2>/dev/null
"$cyclesim" merge "$work/shard1.json" "$work/shard2.json" --format json > "$work/merged.json"
python3 - "$work" "$cyclesim" <<'PY'
import json, sys
work = sys.argv[1]
single = json.load(open(f"{work}/single.json"))["records"]
merged = json.load(open(f"{work}/merged.json"))["records"]
ok = len(single) >= 2 and merged == single and all("cycles_low" in r and r.get("interval") for r in merged)
print(("ok   " if ok else "FAIL ") + f"merge of 2 shards: {len(merged)} records with their ranges and intervals, "
      "as the single run's")
bad = not ok
for field, value in (("class", 'ha"sh'), ("class", "Hash"), ("table", "0123456789abcdeg")):
    d = json.load(open(f"{work}/shard2.json"))  # the shard's own section, which merge reads
    next(c for c in d["shard"]["models"][0]["cases"] if c.get("interval"))["interval"][field] = value
    json.dump(d, open(f"{work}/bad-{field}.json", "w"))
    import subprocess
    rc = subprocess.run([sys.argv[2], "merge", f"{work}/shard1.json", f"{work}/bad-{field}.json", "--format", "json"],
                        capture_output=True).returncode
    print(("ok   " if rc == 9 else "FAIL ") + f"a shard whose interval {field} is {value!r}: exit {rc}, want 9")
    bad |= rc != 9
sys.exit(1 if bad else 0)
PY
