#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `sweep --range` over every uncertain key (docs/sweep.md "Ranges"): each
# row's calibrated interval is run --range's at that point (the point's
# clock, latency, cache and prefetch set), around the row's range, the same
# in CSV, JSON and the table; the chart draws it as a lighter band around
# the range's band and names it in the legend; with --range-keys no row has
# one and no interval column appears.
# usage: sweep_interval.sh CYCLESIM ELF MCU CASE CLOCKS KEY WORK_DIR
set -eu
cyclesim=$1 elf=$2 mcu=$3 case=$4 clocks=$5 key=$6 work=$7
rm -rf "$work" && mkdir -p "$work"
export LC_ALL=C
sweep() { "$cyclesim" sweep "$elf" --mcu "$mcu" --case "$case" --clock "$clocks" -q "$@"; }
sweep --range --format json > "$work/range.json"
sweep --range --format csv > "$work/range.csv"
sweep --range > "$work/range.txt"
sweep --range --svg "$work/band.svg" > /dev/null
sweep --range-keys "$key" --format csv > "$work/keys.csv"
sweep --range-keys "$key" --format json > "$work/keys.json"
python3 - "$work/range.json" > "$work/points" <<'PY'
import json, sys
for r in {(r["clock_hz"], r["latency"], r["cache"], r["prefetch"]) for r in json.load(open(sys.argv[1]))["rows"]}:
    print(*(str(v).lower() for v in r))
PY
while read -r hz ws cache prefetch; do
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --range --set clock.hz="$hz" --set flash.wait_states="$ws" \
        --set cache.enabled="$cache" --set flash.prefetch="$prefetch" --format json -q > "$work/run-$hz.json"
done < "$work/points"
python3 - "$work" <<'PY'
import csv, glob, json, sys
import xml.etree.ElementTree as ET
work = sys.argv[1]
bad = 0
def check(what, ok):
    global bad
    print(("ok   " if ok else "FAIL ") + what)
    bad += not ok
rows = json.load(open(f"{work}/range.json"))["rows"]
runs = {}
for f in glob.glob(f"{work}/run-*.json"):
    for r in json.load(open(f))["records"]:
        runs[(r["clock_hz"], r["case"])] = r
check(f"{len(rows)} rows", len(rows) >= 2)
for r in rows:
    at, iv = f"{r['clock_hz']} Hz, {r['case']}", r["interval"]
    check(f"{at}: interval {iv} = run --range's, around {r['cycles_low']}..{r['cycles_high']}",
          iv is not None and iv == runs[(r["clock_hz"], r["case"])]["interval"]
          and iv["low"] <= r["cycles_low"] and r["cycles_high"] <= iv["high"])
ranged = list(csv.DictReader(open(f"{work}/range.csv")))
check("CSV: the JSON's intervals", [(int(c["interval_low"]), int(c["interval_high"]), c["op_class"],
                                      float(c["interval_coverage"]), c["interval_table"]) for c in ranged] ==
      [(r["interval"]["low"], r["interval"]["high"], r["interval"]["class"], r["interval"]["coverage"],
        r["interval"]["table"]) for r in rows])
table = [l.split() for l in open(f"{work}/range.txt") if not l.startswith("#")]
check("table columns low high int_low int_high class",
      table[0][6:11] == ["low", "high", "int_low", "int_high", "class"] and
      [t[6:11] for t in table[1:]] == [[str(r["cycles_low"]), str(r["cycles_high"]), str(r["interval"]["low"]),
                                        str(r["interval"]["high"]), r["interval"]["class"]] for r in rows])
keys = list(csv.DictReader(open(f"{work}/keys.csv")))
check("--range-keys: no interval column, no interval field",
      "interval_low" not in keys[0] and all("interval" not in r for r in json.load(open(f"{work}/keys.json"))["rows"]))
ns = {"s": "http://www.w3.org/2000/svg"}
svg = ET.parse(f"{work}/band.svg").getroot()
lines = svg.findall("s:polyline", ns)
bands = svg.findall("s:polygon[@class='band']", ns)
light = svg.findall("s:polygon[@class='interval']", ns)
check(f"{len(light)} interval bands, {len(bands)} range bands for {len(lines)} lines",
      len(light) == len(bands) == len(lines) > 0)
for band, iv in zip(bands, light):
    b = [tuple(map(float, p.split(","))) for p in band.get("points").split()]
    i = [tuple(map(float, p.split(","))) for p in iv.get("points").split()]
    n = len(b) // 2
    check(f"{iv.find('s:title', ns).text}: around the range's band",
          len(i) == len(b) and all(il[1] >= bl[1] for il, bl in zip(i[:n], b[:n]))
          and all(ih[1] <= bh[1] for ih, bh in zip(i[n:], b[n:])))
texts = [t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")]
check("the legend names the interval", any(t.startswith("light band: the calibrated interval") for t in texts))
sys.exit(1 if bad else 0)
PY
