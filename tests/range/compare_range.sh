#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `compare --range` (docs/compare.md): each cycles row carries the range
# `run --range` gives its case and whether the published figure lies in it;
# each section's summary counts those rows and gives the median width; the
# table, Markdown and HTML say the same; the same for the calibrated interval
# (data/accuracy/intervals.json); without --range none of it appears.  With
# the state check, a state-sensitive row's range is the union of its cold and
# its warm range (run --range and run --warm --range) and says so.  With
# --range-keys KEY: run --range-keys's ranges, no interval, the keys in the
# report, and tools/fit_interval.py refuses to fit on it.
# usage: compare_range.sh CYCLESIM ELF MCU CASE_GLOB KEY WORK_DIR
set -eu
cyclesim=$1 elf=$2 mcu=$3 glob=$4 key=$5 work=$6
src=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$work" && mkdir -p "$work"
common="$elf --mcu $mcu --case $glob --no-state-check --no-progress"
# shellcheck disable=SC2086
"$cyclesim" compare $common --range --format json > "$work/range.json" 2>/dev/null
# shellcheck disable=SC2086
"$cyclesim" compare $common --format json > "$work/plain.json" 2>/dev/null
for fmt in table md html; do
    # shellcheck disable=SC2086
    "$cyclesim" compare $common --range --format $fmt > "$work/range.$fmt" 2>/dev/null
done
"$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" --range --format json > "$work/run.json" 2>/dev/null
"$cyclesim" compare "$elf" --mcu "$mcu" --case "$glob" --no-progress --range --format json > "$work/state.json" 2>/dev/null
"$cyclesim" compare "$elf" --mcu "$mcu" --case "$glob" --no-progress --range > "$work/state.table" 2>/dev/null
"$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" --warm --range --format json > "$work/run-warm.json" 2>/dev/null
# shellcheck disable=SC2086
"$cyclesim" compare $common --range-keys "$key" --format json > "$work/keys.json" 2>/dev/null
"$cyclesim" run "$elf" --mcu "$mcu" --case "$glob" --range-keys "$key" --format json > "$work/run-keys.json" 2>/dev/null
rc=0
python3 "$src/tools/fit_interval.py" residuals "$work/keys.json" -o "$work/keys-res.json" 2> "$work/keys-res.err" ||
    rc=$?
echo "$rc" > "$work/keys-res.rc"
python3 - "$work" <<'PY'
import json, statistics, sys
work = sys.argv[1]
cmp = json.load(open(f"{work}/range.json"))
plain = json.load(open(f"{work}/plain.json"))
run = {r["case"]: r for r in json.load(open(f"{work}/run.json"))["records"]}
bad = 0
def check(what, ok):
    global bad
    print(("ok   " if ok else "FAIL ") + what)
    bad += not ok
rows = cmp["cycles"]
check(f"{len(rows)} cycles rows", len(rows) >= 2)
for r in rows:
    k = run[r["case"]]
    rg, pub = r["range"], r["cycles"]["published"]
    check(f"{r['key']}: range {rg['low']}..{rg['high']} = run --range's {k['cycles_low']}..{k['cycles_high']}",
          (rg["low"], rg["high"]) == (k["cycles_low"], k["cycles_high"]))
    check(f"{r['key']}: published {pub} inside: {rg['published_inside']}",
          rg["published_inside"] == (rg["low"] <= pub <= rg["high"]))
    iv = r["interval"]
    check(f"{r['key']}: interval {iv} = run --range's {k['interval']}, around the range",
          iv is not None and {x: iv[x] for x in k["interval"]} == k["interval"] and iv["low"] <= rg["low"]
          and rg["high"] <= iv["high"] and iv["published_inside"] == (iv["low"] <= pub <= iv["high"]))
table = open(f"{work}/range.table").read()
for s in cmp["summary"]:
    if s["metric"] != "cycles":
        continue
    mine = [r for r in rows if s["section"] is None or r["section"] == s["section"]]
    inside = sum(r["range"]["published_inside"] for r in mine)
    width = statistics.median((r["range"]["high"] - r["range"]["low"]) / r["cycles"]["estimate"] * 100 for r in mine)
    check(f"summary {s['section']}: {s['range']['inside']} inside = {inside}, width {s['range']['width_median_pct']:.4f} "
          f"= {width:.4f}", s["range"]["inside"] == inside and abs(s["range"]["width_median_pct"] - width) < 1e-9)
    line = "range: published inside on %d of %d rows (%.1f %%), median width %.2f %%" % (
        inside, s["count"], 100.0 * inside / s["count"], width)
    check(f"summary {s['section']}: the table says \"{line}\"", line in table)
    iv_inside = sum(r["interval"]["published_inside"] for r in mine)
    iv_width = statistics.median((r["interval"]["high"] - r["interval"]["low"]) / r["cycles"]["estimate"] * 100
                                 for r in mine)
    check(f"summary {s['section']}: interval {s['interval']} = {iv_inside} inside, width {iv_width:.4f}",
          s["interval"]["inside"] == iv_inside and s["interval"]["rows"] == len(mine)
          and abs(s["interval"]["width_median_pct"] - iv_width) < 1e-9)
    line = "interval (nominal 90 %%): published inside on %d of %d rows (%.1f %%), median width %.2f %%" % (
        iv_inside, len(mine), 100.0 * iv_inside / len(mine), iv_width)
    check(f"summary {s['section']}: the table says \"{line}\"", line in table)
for fmt in ["table", "md", "html"]:
    text = open(f"{work}/range.{fmt}").read()
    r = rows[0]
    want = "range %d..%d, published %s" % (r["range"]["low"], r["range"]["high"],
                                          "inside" if r["range"]["published_inside"] else "OUTSIDE")
    check(f"{fmt}: the first row's \"{want}\" and the legend", want in text and "not a calibrated interval" in text)
warm = {r["case"]: r for r in json.load(open(f"{work}/run-warm.json"))["records"]}
state = json.load(open(f"{work}/state.json"))["cycles"]
n_both = 0
for r in state:
    k, w, rg = run[r["case"]], warm[r["case"]], r["range"]
    want = (min(k["cycles_low"], w["cycles_low"]), max(k["cycles_high"], w["cycles_high"])) \
        if r["state_sensitive"] else (k["cycles_low"], k["cycles_high"])
    n_both += rg["both_states"]
    check(f"state check, {r['key']}: sensitive {r['state_sensitive']}, range {rg['low']}..{rg['high']} = {want}",
          (rg["low"], rg["high"]) == want and rg["both_states"] == r["state_sensitive"])
check(f"state check: {n_both} rows cover both states, and the note says so",
      n_both > 0 and f"note: range: the {n_both} state-sensitive rows' ranges cover the cold and the warm start"
      in open(f"{work}/state.table").read())
keys = json.load(open(f"{work}/keys.json"))
run_keys = {r["case"]: r for r in json.load(open(f"{work}/run-keys.json"))["records"]}
check(f"--range-keys: the report names the keys {keys['range_keys']}, its rows have no interval",
      keys["range_keys"] and all(r["interval"] is None for r in keys["cycles"])
      and any("(--range-keys): no calibrated interval" in n for n in keys["notes"]))
check("--range-keys: every row's range is run --range-keys's", all(
    (r["range"]["low"], r["range"]["high"]) == (run_keys[r["case"]]["cycles_low"], run_keys[r["case"]]["cycles_high"])
    for r in keys["cycles"]))
check(f"--range over every key: range_keys null", cmp["range_keys"] is None)
check("fit_interval.py residuals refuses a range over some keys (exit 2)",
      open(f"{work}/keys-res.rc").read().strip() == "2" and "only (compare --range-keys)" in open(f"{work}/keys-res.err").read())
check(f"no state check: no row covers both states",
      not any(r["range"]["both_states"] for r in rows))
check("without --range: no range or interval in a row or a summary",
      not any("range" in r or "interval" in r for r in plain["cycles"] + plain["summary"]))
sys.exit(1 if bad else 0)
PY
