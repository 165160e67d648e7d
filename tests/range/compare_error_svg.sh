#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# compare's HTML error chart (docs/compare.md): the error charts of
# `compare --range --format html` byte for byte against EXPECT, and
# structurally: well-formed SVG, one dot and one whisker per row, the zero
# line inside the axis, every dot and whisker end inside the plot, one
# calibrated-interval bar per row around its whisker; each
# row's split of cycles adds up to its estimate.
# usage: compare_error_svg.sh CYCLESIM ELF MCU CASE_GLOB EXPECT WORK_DIR
set -eu
cyclesim=$1 elf=$2 mcu=$3 glob=$4 expect=$5 work=$6
rm -rf "$work" && mkdir -p "$work"
"$cyclesim" compare "$elf" --mcu "$mcu" --case "$glob" --range --no-state-check --no-progress --format html \
    > "$work/report.html" 2>/dev/null
python3 - "$work/report.html" "$work/error.svg" <<'PY'
import re, sys
html = open(sys.argv[1]).read()
charts = [m for m in re.findall(r"^<svg .*?^</svg>\n", html, re.S | re.M) if ": error, estimate / published - 1</title>" in m]
open(sys.argv[2], "w").write("".join(charts))
PY
diff -u "$expect" "$work/error.svg"
python3 - "$work/report.html" <<'PY'
import re, sys
import xml.etree.ElementTree as ET
ns = {"s": "http://www.w3.org/2000/svg"}
root = ET.parse(sys.argv[1]).getroot()
charts = [s for s in root.iter("{http://www.w3.org/2000/svg}svg")
          if s.find("s:title", ns) is not None and "error, estimate" in s.find("s:title", ns).text]
bad = 0 if charts else 1
for svg in charts:
    dots = [c for c in svg.findall("s:circle", ns) if c.get("class") == "error"]
    whiskers = [p for p in svg.findall("s:path", ns) if p.get("class") == "whisker"]
    rows = [t for t in svg.findall("s:text", ns) if t.get("text-anchor") == "end"]
    zero = [l for l in svg.findall("s:line", ns) if l.get("class") == "zero"]
    grid = [float(l.get("x1")) for l in svg.findall("s:line", ns) if l.get("class") != "zero"]
    lo, hi = min(grid), max(grid)
    ok = len(dots) == len(rows) == len(whiskers) > 0 and len(zero) == 1 and lo <= float(zero[0].get("x1")) <= hi
    ok &= all(lo <= float(d.get("cx")) <= hi for d in dots)
    ends = [float(v) for p in whiskers for v in re.findall(r"[MH]([0-9.]+)", p.get("d"))]
    ok &= all(lo - 0.05 <= x <= hi + 0.05 for x in ends)
    # the calibrated interval (data/accuracy/intervals.json): one bar per row, around its whisker
    bars = [[float(v) for v in re.findall(r"[MH]([0-9.]+)", p.get("d"))]
            for p in svg.findall("s:path", ns) if p.get("class") == "interval"]
    ok &= len(bars) == len(whiskers) and all(
        lo - 0.05 <= b[0] <= min(w[0], w[-1]) + 0.05 and max(w[0], w[-1]) - 0.05 <= b[1] <= hi + 0.05
        for b, w in zip(bars, ([float(v) for v in re.findall(r"[MH]([0-9.]+)", p.get("d"))] for p in whiskers)))
    print(("ok   " if ok else "FAIL ") + f"{svg.find('s:title', ns).text}: {len(dots)} dots, {len(whiskers)} whiskers, zero line")
    bad += not ok
# each row's split of cycles: its parts add up to the row's estimate and fill the bar
for tr in root.iter("{http://www.w3.org/1999/xhtml}tr"):
    split = tr.find(".//s:svg[@class='split']", ns)
    if split is None:
        continue
    cells = tr.findall("{http://www.w3.org/1999/xhtml}td")
    parts = [int(v) for v in re.findall(r" (\d+) \(", split.find("s:title", ns).text)]
    width = sum(float(r.get("width")) for r in split.findall("s:rect", ns))
    ok = sum(parts) == int(cells[1].text) and abs(width - float(split.get("width"))) < 0.5
    print(("ok   " if ok else "FAIL ") + f"split of {cells[0].text}: {sum(parts)} cycles in {len(parts)} parts")
    bad += not ok
sys.exit(1 if bad else 0)
PY
