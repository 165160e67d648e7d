#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Whether the search of `run --range` (docs/accuracy.md "Ranges") finds the
# true extremes: on one image and model, `run --range-keys KEYS` against
# every corner of the boolean keys KEYS (2^n runs through --set) and against
# the same keys one at a time; per case, how far the corners' low and high
# lie beyond each method's, in per cent of the estimate.  Exits 1 if a
# corner lies beyond the search's ends by more than TOLERANCE per cent.
# usage: bench/range_extremes.sh [BUILD_DIR] [ELF] [MCU] [KEYS] [TOLERANCE]
#   default: build build/firmware/emu-m0plus/sha.elf stm32u083rc
#            "cache.refill_unbuffered cache.miss_waits cache.sectored flash.readahead_rereads m0plus.fetch_limit" 0
set -eu
build=${1:-build}
elf=${2:-$build/firmware/emu-m0plus/sha.elf}
mcu=${3:-stm32u083rc}
keys=${4:-cache.refill_unbuffered cache.miss_waits cache.sectored flash.readahead_rereads m0plus.fetch_limit}
tol=${5:-0}
cs=$build/cyclesim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=$(echo $keys | wc -w)
corner=0
while [ $corner -lt $((1 << n)) ]; do
    sets="" bit=0
    for k in $keys; do
        if [ $(((corner >> bit) & 1)) = 1 ]; then v=true; else v=false; fi
        sets="$sets --set $k=$v"
        bit=$((bit + 1))
    done
    # shellcheck disable=SC2086
    "$cs" run "$elf" --mcu "$mcu" $sets --format csv --no-progress -j 2 2>/dev/null | cut -d, -f7,9 | tail -n +2 \
        > "$tmp/corner.$corner"
    corner=$((corner + 1))
done
"$cs" run "$elf" --mcu "$mcu" --range-keys "$(echo $keys | tr ' ' ,)" --format json --no-progress -j 2 2>/dev/null \
    > "$tmp/search.json"
# one key at a time: the model's own values, from the model's run (the corner whose cycles it gives)
"$cs" run "$elf" --mcu "$mcu" --format csv --no-progress -j 2 2>/dev/null | cut -d, -f7,9 | tail -n +2 > "$tmp/model"
python3 - "$tmp" "$mcu" "$keys" "$tol" <<'PY'
import json, sys
tmp, mcu, keys, tol = sys.argv[1], sys.argv[2], sys.argv[3].split(), float(sys.argv[4])
read = lambda f: dict((l.split(",")[0], int(l.split(",")[1])) for l in open(f))
model = read(f"{tmp}/model")
runs = [read(f"{tmp}/corner.{c}") for c in range(1 << len(keys))]
search = {r["case"]: r for r in json.load(open(f"{tmp}/search.json"))["records"]}
own = [c for c in range(len(runs)) if runs[c] == model]
oat = [c for c in range(len(runs)) if own and bin(c ^ own[0]).count("1") <= 1]
print(f"{mcu}: {len(keys)} keys ({', '.join(keys)}), {len(runs)} corners; one key at a time from corner {own[0] if own else '?'}"
      + (f" (also {len(own) - 1} other corners give the model's cycles)" if len(own) > 1 else ""))
print(f"{'case':28s} {'estimate':>9s} {'corner_lo':>9s} {'search_lo':>9s} {'oat_lo':>9s} "
      f"{'corner_hi':>9s} {'search_hi':>9s} {'oat_hi':>9s} {'search %':>8s} {'oat %':>7s}")
worst_s = worst_o = 0.0
for case, est in model.items():
    a = [r[case] for r in runs]
    o = [runs[c][case] for c in oat]
    s = search[case]
    beyond_s = max(s["cycles_low"] - min(a), max(a) - s["cycles_high"]) / est * 100
    beyond_o = max(min(o) - min(a), max(a) - max(o)) / est * 100
    worst_s, worst_o = max(worst_s, beyond_s), max(worst_o, beyond_o)
    print(f"{case:28s} {est:9d} {min(a):9d} {s['cycles_low']:9d} {min(o):9d} {max(a):9d} {s['cycles_high']:9d} "
          f"{max(o):9d} {beyond_s:8.2f} {beyond_o:7.2f}")
print(f"worst: a corner {worst_s:.2f} % of the estimate beyond the search's ends, {worst_o:.2f} % beyond one key "
      f"at a time (tolerance {tol} %)")
sys.exit(1 if worst_s > tol else 0)
PY
