#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# How `cyclesim merge` scales with the number of case records: one real
# shard of a bundled image (run --shard 1/1 --format json, by the cyclesim
# under test, so in its shard format) is the template; its case table and
# case records are grown to CASES synthetic cases (the template case's
# figures, new names) split into SHARDS shards by the name's FNV-1a hash
# (docs/ci.md), and merge's wall and CPU time and peak memory over them are printed.
# usage: bench/merge_scale.sh CYCLESIM ELF [CASES] [SHARDS]
#   (default: 100000 cases in 4 shards; ELF e.g. build/firmware/emu-m0plus/sha.elf)
set -eu
[ $# -ge 2 ] || { echo "usage: $0 CYCLESIM ELF [CASES] [SHARDS]" >&2; exit 2; }
cyclesim=$1 elf=$2 cases=${3:-100000} shards=${4:-4}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
first=$("$cyclesim" list-cases "$elf" | sed -n 2p | awk '{print $1}')
"$cyclesim" run "$elf" --mcu stm32u083rc --case "$first" --shard 1/1 --format json > "$tmp/template.json" 2>/dev/null
python3 - "$tmp" "$cases" "$shards" <<'EOF'
import copy, json, sys
tmp, cases, shards = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
doc = json.load(open(tmp + "/template.json"))
sh = doc["shard"]
case = sh["models"][0]["cases"][0]
names = ["scale/%07d" % i for i in range(cases)]
def fnv(s):
    h = 2166136261
    for b in s.encode():
        h = ((h ^ b) * 16777619) & 0xFFFFFFFF
    return h
sh["image"]["table"] = names
sh["n"] = shards
held = [[] for _ in range(shards)]
for name in names:
    c = dict(case)
    c["name"] = c["row"] = name
    held[fnv(name) % shards].append(c)
for k in range(shards):
    out = copy.copy(doc)
    out["shard"] = dict(sh, k=k + 1, models=[dict(sh["models"][0], cases=held[k])])
    with open("%s/shard%d.json" % (tmp, k + 1), "w") as f:
        json.dump(out, f)
EOF
bytes=$(cat "$tmp"/shard*.json | wc -c)
echo "merge of $cases case records in $shards shards ($bytes bytes):"
/usr/bin/time -f "  %e s wall, %U s user CPU, %M KiB peak" "$cyclesim" merge "$tmp"/shard*.json --format json > "$tmp/merged.json"
echo "  $(grep -c '"case": "scale/' "$tmp/merged.json") cases in the merged report"
