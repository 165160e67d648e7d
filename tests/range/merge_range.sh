#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `run --range` in shards: `merge` of the shards gives the records of the
# single run, ranges and calibrated intervals included (docs/ci.md, docs/accuracy.md "Ranges");
# a shard whose interval class or table id would print unescaped, or is not
# a table id, is refused with exit 9.
# With --range-keys KEY, run's and compare's merges keep the keys of the
# ranges, and shards of ranges over other keys are refused with exit 9.
# usage: merge_range.sh CYCLESIM ELF MCU CASE_GLOB WORK_DIR KEY
set -eu
cyclesim=$1 elf=$2 mcu=$3 glob=$4 work=$5 key=$6
rm -rf "$work" && mkdir -p "$work"
for k in 1 2; do
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" --range --shard $k/2 --format json > "$work/shard$k.json" 2>/dev/null
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" --range-keys "$key" --shard $k/2 --format json \
        > "$work/keys$k.json" 2>/dev/null
    "$cyclesim" compare "$elf" --mcu "$mcu" --case "$glob" --range-keys "$key" --no-state-check --shard $k/2 \
        --format json > "$work/cmp$k.json" 2>/dev/null
done
"$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" --range --format json > "$work/single.json" 2>/dev/null
"$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" --range-keys "$key" --format json > "$work/keys.json" 2>/dev/null
"$cyclesim" compare "$elf" --mcu "$mcu" --case "$glob" --range-keys "$key" --no-state-check --format json \
    > "$work/cmp.json" 2>/dev/null
"$cyclesim" merge "$work/shard1.json" "$work/shard2.json" --format json > "$work/merged.json"
"$cyclesim" merge "$work/keys1.json" "$work/keys2.json" --format json > "$work/keys-merged.json"
"$cyclesim" merge "$work/cmp1.json" "$work/cmp2.json" --format json > "$work/cmp-merged.json"
set +e
"$cyclesim" merge "$work/shard1.json" "$work/keys2.json" > /dev/null 2> "$work/mixed.err"
echo $? > "$work/mixed.rc"
set -e
python3 - "$work" "$cyclesim" "$key" <<'PY'
import json, sys
work, key = sys.argv[1], sys.argv[3]
single = json.load(open(f"{work}/single.json"))["records"]
merged = json.load(open(f"{work}/merged.json"))["records"]
ok = len(single) >= 2 and merged == single and all("cycles_low" in r and r.get("interval") for r in merged)
print(("ok   " if ok else "FAIL ") + f"merge of 2 shards: {len(merged)} records with their ranges and intervals, "
      "as the single run's")
bad = not ok
keys_single = json.load(open(f"{work}/keys.json"))["records"]
keys_merged = json.load(open(f"{work}/keys-merged.json"))["records"]
ok = keys_merged == keys_single and all(r["range_keys"] == [key] for r in keys_merged)
print(("ok   " if ok else "FAIL ") + f"merge of 2 --range-keys {key} shards: the single run's records, the keys in each")
bad |= not ok
cmp_single, cmp_merged = json.load(open(f"{work}/cmp.json")), json.load(open(f"{work}/cmp-merged.json"))
ok = cmp_merged["range_keys"] == [key] and cmp_merged["cycles"] == cmp_single["cycles"] and \
     cmp_merged["notes"] == cmp_single["notes"]
print(("ok   " if ok else "FAIL ") + f"merge of 2 compare --range-keys {key} shards: the keys, the rows and the notes "
      "of the single compare")
bad |= not ok
rc, err = open(f"{work}/mixed.rc").read().strip(), open(f"{work}/mixed.err").read()
ok = rc == "9" and "hold ranges over different keys (--range-keys)" in err
print(("ok   " if ok else "FAIL ") + f"a --range shard with a --range-keys one: exit {rc}, want 9 and the reason")
bad |= not ok
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
