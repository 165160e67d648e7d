#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Tests of `cyclesim sweep` (tests/sweep/sweep.cmake).
# usage: run_sweep.sh MODE CYCLESIM SOURCE_DIR WORKDIR ARGS...
#   equal ELF MCU SWEEP-ARGS... grouped and --independent give the same rows; the grouped
#                               sweep made as many runs as there are distinct latencies
#   lanes ELF MCU SWEEP-ARGS... the rows of configurations that shared emulations (lanes) are
#                               those of one plain `run --set` per configuration
#   rm ELF                      tests/sweep/rm_latency.txt
#   svg ELF MCU SWEEP-ARGS...   the chart is well-formed XML with one polyline per line
#   bad ELF                     tests/sweep/bad_inputs.txt
set -u
set -f
mode=$1 cyclesim=$2 src=$3 work=$4
shift 4
here=$src/tests/sweep
mkdir -p "$work"
export LC_ALL=C
fail() { echo "FAIL: $*"; exit 1; }

# Field N (1-based) of the CSV column named $1 in file $2, for every row.
column() {
    awk -F, -v name="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next } { print $c }' "$2"
}

case $mode in
equal)
    elf=$1 mcu=$2
    shift 2
    "$cyclesim" sweep "$elf" --mcu "$mcu" "$@" --format csv -j 2 > "$work/grouped.csv" || fail "grouped sweep"
    "$cyclesim" sweep "$elf" --mcu "$mcu" "$@" --format csv -j 2 --independent > "$work/independent.csv" ||
        fail "independent sweep"
    cmp "$work/grouped.csv" "$work/independent.csv" || fail "grouped and --independent rows differ"
    # Not vacuous: rows for every clock, and different cycles at different latencies.
    [ "$(column clock_hz "$work/grouped.csv" | sort -u | wc -l)" -gt 2 ] || fail "fewer than 3 clocks"
    [ "$(column latency "$work/grouped.csv" | sort -u | wc -l)" -gt 1 ] || fail "a single latency"
    # Grouping: one run per distinct (configuration, latency), one per point with --independent.
    "$cyclesim" sweep "$elf" --mcu "$mcu" "$@" --format json > "$work/grouped.json" || fail "json"
    "$cyclesim" sweep "$elf" --mcu "$mcu" "$@" --format json --independent > "$work/independent.json" || fail "json"
    python3 - "$work/grouped.json" "$work/independent.json" <<'PY' || fail "run counts"
import json, sys
g, i = (json.load(open(p)) for p in sys.argv[1:3])
configs = {(r["latency"], r["cache"], r["prefetch"], tuple(sorted(r["set"].items()))) for r in g["rows"]}
points = {(r["clock_hz"],) + c for r in g["rows"] for c in [(r["latency"], r["cache"], r["prefetch"], tuple(sorted(r["set"].items())))]}
assert g["runs"] == len(configs), (g["runs"], len(configs))
assert i["runs"] == g["points"] == len(points), (i["runs"], g["points"], len(points))
assert g["runs"] < i["runs"]
print(f"{g['points']} points: {g['runs']} runs grouped, {i['runs']} independent; rows identical")
PY
    ;;
lanes)
    elf=$1 mcu=$2
    shift 2
    "$cyclesim" sweep "$elf" --mcu "$mcu" "$@" --format csv -j 2 > "$work/sweep.csv" || fail "sweep"
    # Each configuration (latency, cache, prefetch) at each clock, run on its own: the same cycles per case.
    python3 - "$work/sweep.csv" > "$work/points" <<'PY'
import csv, sys
seen = set()
for r in csv.DictReader(open(sys.argv[1])):
    p = (r["clock_hz"], r["latency"], r["cache"], r["prefetch"])
    if p not in seen:
        seen.add(p)
        print(*p)
PY
    [ "$(awk '{ print $2, $3, $4 }' "$work/points" | sort -u | wc -l)" -gt 2 ] || fail "fewer than 3 configurations"
    : > "$work/runs.csv"
    while read -r hz ws cache prefetch; do
        tf() { if [ "$1" = 1 ]; then echo true; else echo false; fi; }
        "$cyclesim" run "$elf" --mcu "$mcu" --set clock.hz="$hz" --set flash.wait_states="$ws" \
            --set cache.enabled="$(tf "$cache")" --set flash.prefetch="$(tf "$prefetch")" --format csv 2>/dev/null |
            awk -F, -v p="$hz $ws $cache $prefetch" 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "case") k = i; if ($i == "cycles") c = i }; next }
                                                 { print p, $k, $c }' >> "$work/runs.csv" || fail "run at $hz $ws $cache $prefetch"
    done < "$work/points"
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "case") k = i; if ($i == "cycles") c = i; if ($i == "clock_hz") h = i;
                                                if ($i == "latency") l = i; if ($i == "cache") e = i; if ($i == "prefetch") f = i }; next }
             { print $h, $l, $e, $f, $k, $c }' "$work/sweep.csv" | sort > "$work/sweep.rows"
    # the runs time every case: keep those of the sweep (its --case)
    awk 'NR == FNR { keep[$5] = 1; next } $5 in keep' "$work/sweep.rows" "$work/runs.csv" | sort > "$work/runs.rows"
    [ -s "$work/runs.rows" ] || fail "no rows from the runs"
    cmp "$work/sweep.rows" "$work/runs.rows" || fail "the sweep's cycles are not those of one run per configuration"
    echo "$(wc -l < "$work/points") points, $(wc -l < "$work/sweep.rows") rows: as one run per configuration"
    ;;
rm)
    elf=$1 data=$here/rm_latency.txt
    # One sweep per (mcu, voltage range, --latency), over the clocks of its lines.
    for grp in $(grep -v '^#' "$data" | awk -F'|' '{ gsub(/ /, ""); print $1 ":" $2 ":" $4 }' | sort -u); do
        mcu=${grp%%:*} rest=${grp#*:}
        range=${rest%%:*} lat=${rest#*:}
        lines=$(grep -v '^#' "$data" | awk -F'|' -v g="$grp" '{ l = $0; gsub(/ /, ""); if ($1 ":" $2 ":" $4 == g) print l }')
        clocks=$(echo "$lines" | awk -F'|' '{ gsub(/ /, "", $3); printf "%s%s", s, $3; s = "," }')
        out=$work/rm-$mcu-$range-$lat.csv
        "$cyclesim" sweep "$elf" --mcu "$mcu" --set clock.voltage_range="$range" --clock "$clocks" \
            --latency "$lat" --case selftest/switch/64 --format csv > "$out" || fail "$grp"
        echo "$lines" | while IFS='|' read -r m r hz l ws out_rm; do
            hz=$(echo $hz) ws=$(echo $ws) out_rm=$(echo $out_rm)
            row=$(awk -F, -v hz="$hz" '$2 == hz' "$out")
            [ -n "$row" ] || fail "$grp: no row at $hz Hz"
            got_ws=$(echo "$row" | cut -d, -f3)
            got_out=$(awk -F, -v hz="$hz" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "outside_rm") c = i; next }
                                            $2 == hz { print $c }' "$out")
            [ "$got_ws" = "$ws" ] || fail "$grp at $hz Hz: latency $got_ws, expected $ws"
            [ "$got_out" = "$out_rm" ] || fail "$grp at $hz Hz: outside_rm $got_out, expected $out_rm"
        done || exit 1
    done
    echo "latencies and outside_rm as in tests/sweep/rm_latency.txt"
    ;;
svg)
    elf=$1 mcu=$2
    shift 2
    "$cyclesim" sweep "$elf" --mcu "$mcu" "$@" --format csv --svg "$work/chart.svg" > "$work/chart.csv" || fail "sweep"
    python3 - "$work/chart.svg" "$work/chart.csv" <<'PY' || fail "svg"
import csv, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()          # raises on malformed XML
ns = "{http://www.w3.org/2000/svg}"
assert root.tag == ns + "svg", root.tag
assert not root.findall(".//" + ns + "script"), "scripts in the chart"
lines = root.findall(".//" + ns + "polyline")
rows = list(csv.DictReader(open(sys.argv[2])))
fixed = {"mcu", "clock_hz", "latency", "case", "cycles", "time_us", "rm_min_latency", "outside_rm", "reason",
         "tool_version", "model_files", "settings"}
# A line: a case in one configuration (everything but the clock; with --latency auto the latency
# follows the clock).
key = lambda r: tuple((k, v) for k, v in r.items() if k not in fixed) + (r["case"],)
expected = {key(r) for r in rows}
clocks = {r["clock_hz"] for r in rows}
assert len(lines) == len(expected), (len(lines), len(expected))
for l in lines:
    assert len(l.get("points").split()) == len(clocks), l.get("points")
texts = [t.text or "" for t in root.iter(ns + "text")]
assert any("clock (MHz)" in t for t in texts) and any("time" in t for t in texts), "axis labels"
print(f"{len(lines)} polylines of {len(clocks)} points")
PY
    ;;
bad)
    elf=$1
    arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -nostdlib -Wl,-Ttext=0x08000000 -Wl,-e,kernel \
        "$src/tests/cli/fixtures/ok.S" -o "$work/nocases.elf" || fail "assembling a fixture"
    pass=0 failed=0
    while IFS='|' read -r name args code want; do
        name=$(echo "$name" | sed 's/^ *//; s/ *$//')
        case $name in ''|'#'*) continue ;; esac
        code=$(echo "$code" | tr -d ' ')
        want=$(echo "$want" | sed 's/^ *//; s/ *$//')
        e=$elf
        case $args in *@NOCASES*) e=$work/nocases.elf args=$(echo "$args" | sed 's/@NOCASES//') ;; esac
        args=$(echo "$args" | sed "s#@NODIR#$work/no/such/dir/out#")
        # shellcheck disable=SC2086
        "$cyclesim" sweep "$e" $args > "$work/out" 2> "$work/err"
        got=$?
        if [ "$got" != "$code" ]; then
            echo "FAIL $name: exit $got, expected $code"; sed 's/^/    /' "$work/err"; failed=$((failed + 1)); continue
        fi
        if ! grep -qF -- "$want" "$work/err" || ! grep -q '^cyclesim: error: ' "$work/err"; then
            echo "FAIL $name: stderr lacks \"$want\""; sed 's/^/    /' "$work/err"; failed=$((failed + 1)); continue
        fi
        pass=$((pass + 1))
    done < "$here/bad_inputs.txt"
    echo "$pass passed, $failed failed"
    [ "$failed" -eq 0 ]
    ;;
*) fail "unknown mode $mode" ;;
esac
