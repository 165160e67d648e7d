#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --rt-alt (docs/accuracy.md "Ranges"): the range of each case is the union of
# its range in the image and in the same firmware built with the other
# run-time helper set (FW_RT_HELPERS=fast, built here), checked against the
# two images' own `run --range` and `compare --range`; every output names the
# other image; the misuses are refused with exit 2.
# usage: rt_alt_range.sh CYCLESIM SOURCE_DIR ELF WORK_DIR
#   ELF: emu-m0plus/sha.elf of the default (toolchain) firmware build
set -eu
cyclesim=$1 src=$2 elf=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
cmake -S "$src/firmware" -B "$work/fw-fast" -DCMAKE_TOOLCHAIN_FILE="$src/firmware/cmake/arm-none-eabi.cmake" \
    -DFW_RT_HELPERS=fast > "$work/configure.log"
cmake --build "$work/fw-fast" --target fw-sha-emu-m0plus fw-rtcheck-emu-m0plus > "$work/build.log"
fast=$work/fw-fast/emu-m0plus/sha.elf
fail() { echo "rt_alt_range: $*" >&2; exit 1; }

run() { "$cyclesim" run "$@" --mcu stm32l073rz --case 'sha256/sole/*' --case sha256/final --no-progress -j 2; }
run "$elf" --range --format json > "$work/own.json" 2>/dev/null
run "$fast" --range --format json > "$work/fast.json" 2>/dev/null
run "$elf" --range --rt-alt "$fast" --format json > "$work/both.json" 2>/dev/null
run "$elf" --range --rt-alt "$fast" --format csv > "$work/both.csv" 2>/dev/null
run "$elf" --range --rt-alt "$fast" > "$work/both.table" 2>/dev/null
compare_fmt() { # FORMAT ARGS...
    f=$1
    shift
    "$cyclesim" compare "$@" --mcu stm32u083rc --case 'sha256/sole/*' --no-progress -j 2 --format "$f"
}
compare_fmt json "$elf" --range > "$work/cmp-own.json" 2>/dev/null
compare_fmt json "$fast" --range > "$work/cmp-fast.json" 2>/dev/null
compare_fmt json "$elf" --range --rt-alt "$fast" > "$work/cmp-both.json" 2>/dev/null
compare_fmt md "$elf" --range --rt-alt "$fast" > "$work/cmp-both.md" 2>/dev/null

python3 - "$work" "$fast" <<'PY'
import csv, json, sys
work, fast = sys.argv[1:]
def recs(name):
    return {r["case"]: r for r in json.load(open(f"{work}/{name}"))["records"]}
own, alt, both = recs("own.json"), recs("fast.json"), recs("both.json")
doc = json.load(open(f"{work}/both.json"))
ra = doc["elf"].get("rt_alt")
assert ra and ra["path"] == fast and ra["rt"] == "cyclesim-fast", ra
assert doc["elf"]["rt"] == "toolchain"
assert set(own) == set(alt) == set(both) and len(both) == 5, sorted(both)
moved = 0
for c, b in both.items():
    o, a = own[c], alt[c]
    assert b["cycles"] == o["cycles"], c
    assert b["rt_alt_cycles"] == a["cycles"], c
    assert b["cycles_low"] == min(o["cycles_low"], a["cycles_low"]), c
    assert b["cycles_high"] == max(o["cycles_high"], a["cycles_high"]), c
    moved += b["cycles_low"] < o["cycles_low"]
    assert b["interval"]["low"] <= b["cycles_low"] and b["interval"]["high"] >= b["cycles_high"], c
# the fast helpers are faster on these cases: the alternative extends the low end
assert moved == len(both), moved
rows = list(csv.DictReader(open(f"{work}/both.csv")))
assert len(rows) == 5
for r in rows:
    b = both[r["case"]]
    assert r["rt_alt"] == "cyclesim-fast" and r["rt_alt_sha256"] == ra["sha256"], r
    assert int(r["rt_alt_cycles"]) == b["rt_alt_cycles"] and int(r["cycles_low"]) == b["cycles_low"], r
table = open(f"{work}/both.table").read()
assert f"range also over the run-time helpers cyclesim-fast of {fast} (sha256 {ra['sha256'][:16]})" in table
for c, b in both.items():
    assert f"{b['rt_alt_cycles']:>12} with the run-time helpers cyclesim-fast" in table, c

def rows_of(name):
    return {r["key"]: r for r in json.load(open(f"{work}/{name}"))["cycles"]}
co, cf, cb = rows_of("cmp-own.json"), rows_of("cmp-fast.json"), rows_of("cmp-both.json")
assert cb and set(cb) == set(co) == set(cf)
for k, r in cb.items():
    lo = min(co[k]["range"]["low"], cf[k]["range"]["low"])
    hi = max(co[k]["range"]["high"], cf[k]["range"]["high"])
    assert (r["range"]["low"], r["range"]["high"]) == (lo, hi), k
    assert r["range"]["rt_alt_cycles"] == cf[k]["cycles"]["estimate"], k
    pub = r["cycles"]["published"]
    assert r["range"]["published_inside"] == (lo <= pub <= hi), k
im = json.load(open(f"{work}/cmp-both.json"))["elfs"][0]
assert im["rt_alt"]["path"] == fast and im["rt_alt"]["rt"] == "cyclesim-fast", im
assert f"range also over the helpers cyclesim-fast of {fast}" in open(f"{work}/cmp-both.md").read()
PY

# Refused, exit 2: without --range; the same helper set; other cases; two for
# one run; with --shard; with --call.
expect2() {
    rc=0
    "$cyclesim" "$@" --mcu stm32l073rz > /dev/null 2> "$work/err" || rc=$?
    [ "$rc" = 2 ] || fail "exit $rc, not 2: $*"
    grep -q -- '--rt-alt' "$work/err" || fail "no word of --rt-alt: $*"
}
expect2 run "$elf" --rt-alt "$fast"
expect2 run "$elf" --range --rt-alt "$elf"
expect2 run "$elf" --range --rt-alt "$work/fw-fast/emu-m0plus/rtcheck.elf"
expect2 run "$elf" --range --rt-alt "$fast" --rt-alt "$fast"
expect2 run "$elf" --range --rt-alt "$fast" --shard 1/2
expect2 run "$elf" --range --rt-alt "$fast" --call sha256
expect2 compare "$elf" --range --rt-alt "$elf"
# The other image is an input: never written over.
cp "$fast" "$work/fast-copy.elf"
rc=0
"$cyclesim" run "$elf" --mcu stm32l073rz --range --rt-alt "$work/fast-copy.elf" --case sha256/final \
    -o "$work/fast-copy.elf" > /dev/null 2> "$work/err" || rc=$?
[ "$rc" = 2 ] && grep -q 'refused as an output' "$work/err" || fail "-o onto the --rt-alt image: exit $rc"
cmp -s "$fast" "$work/fast-copy.elf" || fail "-o wrote over the --rt-alt image"
echo "rt_alt_range: ok"
