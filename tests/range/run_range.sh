#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `run --range` (docs/accuracy.md "Ranges") against runs worked out here from
# the outside with --set, on each model: (1) low and high lie at or beyond
# every run with one uncertain key changed (every boolean uncertain key that
# applies, the other way; every numeric one at the values `cyclesim keys`
# says the range tries); (2) with --range-keys K1,K2,K3 (booleans) they are
# exactly the fewest and most cycles over the 8 corners of those keys: the
# search finds the extremes of keys that interact; (3) the same range in
# the three formats and the profile's header, and the same estimates as a
# plain run; (4) every format says which keys a --range-keys range is over.
# usage: run_range.sh CYCLESIM ELF CASE WORK_DIR MCU:K1,K2,K3...
set -eu
cyclesim=$1 elf=$2 case=$3 work=$4
shift 4
rm -rf "$work" && mkdir -p "$work"
"$cyclesim" keys > "$work/keys.md"
one() { # MCU SETS... -> the case's cycles
    m=$1
    shift
    "$cyclesim" run "$elf" --mcu "$m" --case "$case" "$@" --format csv 2>/dev/null | sed -n '2p' | cut -d, -f9
}
for spec in "$@"; do
    mcu=${spec%%:*} corner_keys=${spec#*:}
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --range --format json > "$work/$mcu.range.json" 2>/dev/null
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --format json > "$work/$mcu.plain.json" 2>/dev/null
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --range --format csv > "$work/$mcu.range.csv" 2>/dev/null
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --range > "$work/$mcu.range.txt" 2>/dev/null
    "$cyclesim" profile "$elf" --mcu "$mcu" --case "$case" --range > "$work/$mcu.profile.txt" 2>/dev/null
    "$cyclesim" profile "$elf" --mcu "$mcu" --case "$case" > "$work/$mcu.profile-plain.txt" 2>/dev/null
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --range-keys "$corner_keys" --format json \
        > "$work/$mcu.range3.json" 2>/dev/null
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --range-keys "$corner_keys" --format csv \
        > "$work/$mcu.range3.csv" 2>/dev/null
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --range-keys "$corner_keys" > "$work/$mcu.range3.txt" 2>/dev/null
    : > "$work/$mcu.corners"
    for c in 0 1 2 3 4 5 6 7; do
        sets="" bit=0
        for k in $(echo "$corner_keys" | tr , ' '); do
            if [ $(((c >> bit) & 1)) = 1 ]; then v=true; else v=false; fi
            sets="$sets --set $k=$v"
            bit=$((bit + 1))
        done
        # shellcheck disable=SC2086
        one "$mcu" $sets >> "$work/$mcu.corners"
    done
    python3 - "$work/keys.md" "$mcu" > "$work/$mcu.sets" <<'PY'
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
        # a key that does not apply to this model is refused by --set: not a variant
        cycles=$(one "$mcu" --set "$key=$value")
        [ -z "$cycles" ] || echo "$key=$value $cycles" >> "$work/$mcu.variants"
    done < "$work/$mcu.sets"
done
python3 - "$work" "$@" <<'PY'
import csv, json, sys
work, specs = sys.argv[1], sys.argv[2:]
bad = 0
def check(what, ok):
    global bad
    print(("ok   " if ok else "FAIL ") + what)
    bad += not ok
for spec in specs:
    mcu = spec.split(":")[0]
    r = json.load(open(f"{work}/{mcu}.range.json"))["records"][0]
    p = json.load(open(f"{work}/{mcu}.plain.json"))["records"][0]
    r3 = json.load(open(f"{work}/{mcu}.range3.json"))["records"][0]
    var = [int(l.split()[1]) for l in open(f"{work}/{mcu}.variants")]
    corners = [int(l) for l in open(f"{work}/{mcu}.corners")]
    est, lo, hi = r["cycles"], r["cycles_low"], r["cycles_high"]
    check(f"{mcu}: {len(var)} one-key runs, {len(corners)} corners", len(var) >= 2 and len(corners) == 8)
    check(f"{mcu}: the estimate as a plain run's ({est})", est == p["cycles"] and "cycles_low" not in p)
    check(f"{mcu}: low {lo} <= every one-key run (fewest {min(var)}) <= the estimate", lo <= min(var + [est]))
    check(f"{mcu}: high {hi} >= every one-key run (most {max(var)})", hi >= max(var + [est]))
    check(f"{mcu}: --range-keys {spec.split(':')[1]}: {r3['cycles_low']}/{r3['cycles_high']} = the corners' "
          f"{min(corners)}/{max(corners)}", (r3["cycles_low"], r3["cycles_high"]) == (min(corners), max(corners)))
    check(f"{mcu}: the corners' range within the whole range", lo <= min(corners) and max(corners) <= hi)
    rows = list(csv.DictReader(open(f"{work}/{mcu}.range.csv")))
    check(f"{mcu}: CSV cycles_low/cycles_high", [(int(x["cycles_low"]), int(x["cycles_high"])) for x in rows]
          == [(lo, hi)])
    table = open(f"{work}/{mcu}.range.txt").read().split("\n")
    head = next(l for l in table if l.startswith("case "))
    row = next(l for l in table if l.startswith(r["case"] + " "))
    check(f"{mcu}: table columns low and high", head.split()[1:4] == ["cycles", "low", "high"] and
          row.split()[1:4] == [str(est), str(lo), str(hi)])
    keys = spec.split(":")[1].split(",")
    rows3 = list(csv.DictReader(open(f"{work}/{mcu}.range3.csv")))
    check(f"{mcu}: the range's keys: JSON null with --range, {keys} with --range-keys",
          r["range_keys"] is None and r3["range_keys"] == keys)
    check(f"{mcu}: the range's keys: CSV column range_keys", [x["range_keys"] for x in rows] == [""] and
          [x["range_keys"] for x in rows3] == [" ".join(keys)])
    check(f"{mcu}: the range's keys: the table's line, with --range-keys only",
          f"range over these uncertain keys only (--range-keys): {' '.join(keys)}\n" in
          open(f"{work}/{mcu}.range3.txt").read() and "--range-keys" not in "\n".join(table))
    line = f"range over the model's uncertain keys: {lo}..{hi} cycles"
    check(f"{mcu}: the profile's header says \"{line}\" (and only with --range)",
          line in open(f"{work}/{mcu}.profile.txt").read() and
          "range over" not in open(f"{work}/{mcu}.profile-plain.txt").read())
sys.exit(1 if bad else 0)
PY
