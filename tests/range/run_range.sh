#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `run --range` (docs/accuracy.md "Ranges") against its definition, worked
# out here from the outside: on each model, low and high are the fewest and
# most cycles among the estimate and the runs with one uncertain key changed
# through --set (every boolean uncertain key that applies, the other way;
# every numeric one at the values `cyclesim keys` says the range tries).
# Then the same range in the three formats, and the same estimates as a
# plain run.
# usage: run_range.sh CYCLESIM ELF CASE WORK_DIR MCU...
set -eu
cyclesim=$1 elf=$2 case=$3 work=$4
shift 4
rm -rf "$work" && mkdir -p "$work"
"$cyclesim" keys > "$work/keys.md"
for mcu in "$@"; do
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --range --format json > "$work/$mcu.range.json" 2>/dev/null
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --format json > "$work/$mcu.plain.json" 2>/dev/null
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --range --format csv > "$work/$mcu.range.csv" 2>/dev/null
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --range > "$work/$mcu.range.txt" 2>/dev/null
    python3 - "$work/keys.md" "$mcu" > "$work/$mcu.sets"  <<'PY'
import re, sys
keys, mcu = open(sys.argv[1]).read(), sys.argv[2]
# the key table: boolean keys uncertain everywhere; numeric ones with the values the range tries
for name, typ, rng, src in re.findall(r"^\| `([^`]+)` \| (\w+) \| ([^|]*) \| [^|]* \| ([^|]*) \|$", keys, re.M):
    tries = re.search(r"range tries ([0-9, ]+)\)", rng)
    if src.strip().startswith("uncertain") and typ == "boolean":
        print(name, "true"); print(name, "false")
    elif src.strip().startswith("uncertain") and tries:
        for v in tries.group(1).split(","):
            print(name, v.strip())
# the model's own list
row = re.search(r"^\| `%s` \| (.*) \|$" % re.escape(mcu), keys, re.M)
for item in re.findall(r"`([^`]+)`( \(range tries ([0-9, ]+)\))?", row.group(1) if row else ""):
    for v in (item[2].split(",") if item[2] else ["true", "false"]):
        print(item[0], v.strip())
PY
    : > "$work/$mcu.variants"
    while read -r key value; do
        # a key that does not apply to this model (or is not a boolean here) is refused: not a variant
        if "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --set "$key=$value" --format csv \
            > "$work/one.csv" 2>/dev/null; then
            echo "$key=$value $(sed -n '2p' "$work/one.csv" | cut -d, -f9)" >> "$work/$mcu.variants"
        fi
    done < "$work/$mcu.sets"
done
python3 - "$work" "$@" <<'PY'
import csv, json, sys
work, mcus = sys.argv[1], sys.argv[2:]
bad = 0
def check(what, ok):
    global bad
    print(("ok   " if ok else "FAIL ") + what)
    bad += not ok
for mcu in mcus:
    rng = json.load(open(f"{work}/{mcu}.range.json"))["records"]
    plain = json.load(open(f"{work}/{mcu}.plain.json"))["records"]
    var = [int(l.split()[1]) for l in open(f"{work}/{mcu}.variants")]
    check(f"{mcu}: {len(var)} variants run through --set", len(var) >= 2)
    for r, p in zip(rng, plain):
        est = r["cycles"]
        check(f"{mcu} {r['case']}: the estimate as a plain run's ({est})", est == p["cycles"] and "cycles_low" not in p)
        want = (min(var + [est]), max(var + [est]))
        check(f"{mcu} {r['case']}: low/high {r['cycles_low']}/{r['cycles_high']} = the --set runs' {want[0]}/{want[1]}",
              (r["cycles_low"], r["cycles_high"]) == want)
        check(f"{mcu} {r['case']}: a range of some width", want[0] < want[1])
    rows = list(csv.DictReader(open(f"{work}/{mcu}.range.csv")))
    check(f"{mcu}: CSV cycles_low/cycles_high", [(int(x["cycles_low"]), int(x["cycles_high"])) for x in rows]
          == [(r["cycles_low"], r["cycles_high"]) for r in rng])
    table = open(f"{work}/{mcu}.range.txt").read().split("\n")
    head = next(l for l in table if l.startswith("case "))
    row = next(l for l in table if l.startswith(rng[0]["case"] + " "))
    check(f"{mcu}: table columns low and high", head.split()[1:4] == ["cycles", "low", "high"] and
          row.split()[1:4] == [str(rng[0]["cycles"]), str(rng[0]["cycles_low"]), str(rng[0]["cycles_high"])])
sys.exit(1 if bad else 0)
PY
