#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `sweep --range` (docs/sweep.md "Ranges"), on points of which some share an
# emulator run (--clock with the latency auto):
#   (1) every row's low <= estimate <= high, its times the cycles over the
#       clock, and the ends those of `run --range-keys` with the point's
#       clock, latency, cache and prefetch set (the same keys, the same search);
#   (2) one search per emulator run, the note says so, and the rows of
#       --independent (a run and a search per point); a key moves the ends;
#   (3) the same ends in CSV, JSON and the table; without the range columns,
#       the rows of a sweep without --range, byte for byte; every format
#       names the keys of the range (--range-keys);
#   (4) keys of which none applies to the model: low = high = estimate;
#   (5) the chart: one band per line, from the low to the high end around the
#       line, in the plot; the legend names the band and its keys.  With EXPECT, the chart
#       byte for byte (its figures are the image's, which the compiler makes).
# usage: sweep_range.sh CYCLESIM ELF MCU CASE KEYS CLOCKS NO_KEY WORK_DIR [EXPECT]
set -eu
cyclesim=$1 elf=$2 mcu=$3 case=$4 keys=$5 clocks=$6 no_key=$7 work=$8 expect=${9:-}
rm -rf "$work" && mkdir -p "$work"
export LC_ALL=C
sweep() { "$cyclesim" sweep "$elf" --mcu "$mcu" --case "$case" --clock "$clocks" "$@"; }
sweep --range-keys "$keys" --format json > "$work/range.json" 2> "$work/range.err"
sweep --range-keys "$keys" --format csv > "$work/range.csv" 2>/dev/null
sweep --range-keys "$keys" --format csv --independent > "$work/independent.csv" 2>/dev/null
sweep --range-keys "$keys" > "$work/range.txt" 2>/dev/null
sweep --range-keys "$keys" --svg "$work/band.svg" > /dev/null 2>&1
sweep --format csv > "$work/plain.csv" 2>/dev/null
sweep --format json > "$work/plain.json" 2>/dev/null
sweep --range-keys "$no_key" --format csv > "$work/none.csv" 2>/dev/null
# run --range-keys at each point, as run is given it: the point's keys set
python3 - "$work/range.json" > "$work/points" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
for r in {(r["clock_hz"], r["latency"], r["cache"], r["prefetch"]) for r in rows}:
    print(*(str(v).lower() for v in r))
PY
while read -r hz ws cache prefetch; do
    "$cyclesim" run "$elf" --mcu "$mcu" --case "$case" --range-keys "$keys" --set clock.hz="$hz" \
        --set flash.wait_states="$ws" --set cache.enabled="$cache" --set flash.prefetch="$prefetch" --format json \
        > "$work/run-$hz.json" 2>/dev/null
done < "$work/points"
python3 - "$work" "$expect" "$keys" <<'PY'
import csv, glob, json, re, sys
import xml.etree.ElementTree as ET
work, expect, keys = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
bad = 0
def check(what, ok):
    global bad
    print(("ok   " if ok else "FAIL ") + what)
    bad += not ok
doc = json.load(open(f"{work}/range.json"))
rows = doc["rows"]
runs = {}
for f in glob.glob(f"{work}/run-*.json"):
    for r in json.load(open(f))["records"]:
        runs[(r["clock_hz"], r["case"])] = r
us = lambda cycles, hz: f"{cycles * 1e6 / hz:.3f}"
check(f"{len(rows)} rows at {len({r['clock_hz'] for r in rows})} clocks, {doc['runs']} runs",
      len(rows) >= 2 and doc["runs"] < doc["points"])
for r in rows:
    at = f"{r['clock_hz']} Hz, {r['latency']} WS, {r['case']}"
    lo, est, hi = r["cycles_low"], r["cycles"], r["cycles_high"]
    check(f"{at}: low {lo} <= estimate {est} <= high {hi}", lo <= est <= hi)
    check(f"{at}: times {r['time_us_low']} .. {r['time_us_high']} us",
          (f"{r['time_us_low']:.3f}", f"{r['time_us_high']:.3f}") == (us(lo, r["clock_hz"]), us(hi, r["clock_hz"])))
    run = runs[(r["clock_hz"], r["case"])]
    check(f"{at}: run --range-keys gives {run['cycles']} in {run['cycles_low']} .. {run['cycles_high']}",
          (run["cycles"], run["cycles_low"], run["cycles_high"]) == (est, lo, hi))
check("the rows of --independent", open(f"{work}/range.csv").read() == open(f"{work}/independent.csv").read())
check("a key moves an end", any(r["cycles_low"] < r["cycles_high"] for r in rows))
note = open(f"{work}/range.err").read()
check(f"the note: one search per run ({doc['runs']})", f"--range: {doc['runs']} searches (one per emulator run)" in note)
# the same ends in CSV and the table; without them, the rows of a plain sweep
ranged = list(csv.DictReader(open(f"{work}/range.csv")))
check("CSV: the JSON's ends", [(int(c["cycles_low"]), int(c["cycles_high"]), c["time_us_low"], c["time_us_high"])
                               for c in ranged] ==
      [(r["cycles_low"], r["cycles_high"], us(r["cycles_low"], r["clock_hz"]), us(r["cycles_high"], r["clock_hz"]))
       for r in rows])
cut = lambda line: ",".join(line.rstrip("\n").split(",")[:-5]) + "\n"
check("CSV: the range's keys in column range_keys", [c["range_keys"] for c in ranged] == [" ".join(keys)] * len(rows))
check("JSON: the range's keys", doc["range_keys"] == keys and "range_keys" not in json.load(open(f"{work}/plain.json")))
check("table: the range's keys", f"# range over the keys {', '.join(keys)} only (--range-keys)\n" in
      open(f"{work}/range.txt").read())
check("CSV without the five range columns: the plain sweep's",
      "".join(cut(l) for l in open(f"{work}/range.csv")) == open(f"{work}/plain.csv").read())
plain = json.load(open(f"{work}/plain.json"))
strip = [{k: v for k, v in r.items() if k not in ("cycles_low", "cycles_high", "time_us_low", "time_us_high")}
         for r in rows]
check("JSON without the four range fields: the plain sweep's", strip == plain["rows"] and all(
    "cycles_low" not in r for r in plain["rows"]))
table = [l.split() for l in open(f"{work}/range.txt") if not l.startswith("#")]
check("table columns cycles low high time_us low_us high_us",
      table[0][5:11] == ["cycles", "low", "high", "time_us", "low_us", "high_us"] and
      [t[5:11] for t in table[1:]] == [[str(r["cycles"]), str(r["cycles_low"]), str(r["cycles_high"]),
                                        us(r["cycles"], r["clock_hz"]), us(r["cycles_low"], r["clock_hz"]),
                                        us(r["cycles_high"], r["clock_hz"])] for r in rows])
none = list(csv.DictReader(open(f"{work}/none.csv")))
check(f"keys that do not apply: low = high = estimate on {len(none)} rows",
      len(none) == len(rows) and all(c["cycles_low"] == c["cycles"] == c["cycles_high"] and
                                     c["time_us_low"] == c["time_us"] == c["time_us_high"] for c in none))
# the chart: a band per line, around it (y grows downwards: high above low)
ns = {"s": "http://www.w3.org/2000/svg"}
svg = ET.parse(f"{work}/band.svg").getroot()
lines = svg.findall("s:polyline", ns)
bands = svg.findall("s:polygon[@class='band']", ns)
check(f"{len(bands)} bands for {len(lines)} lines", len(bands) == len(lines) > 0)
frame = svg.find("s:g/s:rect", ns)
top, bottom = float(frame.get("y")), float(frame.get("y")) + float(frame.get("height"))
for line, band in zip(lines, bands):
    pts = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
    ring = [tuple(map(float, p.split(","))) for p in band.get("points").split()]
    n = len(pts)
    low, high = ring[:n], ring[n:][::-1]
    check(f"{line.find('s:title', ns).text}: the band from low to high around the line, in the plot",
          len(ring) == 2 * n and all(l[0] == p[0] == h[0] and top <= h[1] <= p[1] <= l[1] <= bottom
                                     for l, p, h in zip(low, pts, high)))
texts = [t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")]
check("the legend names the band and its keys",
      f"band: the range over the keys {', '.join(keys)} only (--range-keys) (docs/sweep.md)" in texts)
if expect:
    check(f"the chart as {expect.split('/')[-1]}", open(f"{work}/band.svg").read() == open(expect).read())
sys.exit(1 if bad else 0)
PY
