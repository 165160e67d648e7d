#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --shard K/N and `cyclesim merge` (docs/ci.md): the shards of a run or a
# compare, merged, give the report of one run of every case (JSON, CSV,
# Markdown, HTML and the compare table byte for byte; the run table but for
# its whole-run totals); a case's shard is the FNV-1a hash of its name modulo
# N (computed here independently); shards that do not belong together are
# refused with exit 9, --shard with a warm run with exit 2.
# usage: run_merge.sh CYCLESIM SOURCE_DIR WORKDIR
set -u
cyclesim=$1 src=$2 work=$3
mkdir -p "$work" || exit 2
sh "$src/tests/output/build_fw.sh" "$src" "$work/small.elf" || exit 2
cp "$src/tests/output/inputs/board-u083.txt" "$work/" || exit 2
cd "$work" || exit 2
export LC_ALL=C
fail=0
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
# expect CODE WORDS...: the exit code of a cyclesim command
expect() {
    want=$1; shift
    "$cyclesim" "$@" > out.txt 2> err.txt
    got=$?
    [ "$got" = "$want" ] || { bad "cyclesim $* exited $got, expected $want"; sed 's/^/    /' err.txt; }
}
same() { cmp -s "$1" "$2" || { bad "$3: $1 and $2 differ"; diff -u "$1" "$2" | head -20; }; }

mcus=stm32l073rz,stm32l552ze
# run: N = 1, 2, 3 and 5 (more shards than cases: some shards are empty)
"$cyclesim" run small.elf --mcu $mcus --format json > one.json 2>/dev/null || bad "run"
"$cyclesim" run small.elf --mcu $mcus --format csv > one.csv 2>/dev/null || bad "run csv"
"$cyclesim" run small.elf --mcu $mcus > one.table 2>/dev/null || bad "run table"
for n in 1 2 3 5; do
    files=
    for k in $(seq $n -1 1); do # given in any order
        expect 0 run small.elf --mcu $mcus --format json --shard $k/$n
        cp out.txt run-$k-of-$n.json
        files="$files run-$k-of-$n.json"
    done
    expect 0 merge $files --format json && cp out.txt merged.json && same one.json merged.json "run json, $n shards"
    expect 0 merge $files --format csv && cp out.txt merged.csv && same one.csv merged.csv "run csv, $n shards"
    expect 0 merge $files && grep -v '^total ' out.txt > merged.table && grep -v '^total ' one.table > one.t &&
        same one.t merged.table "run table, $n shards"
    expect 0 merge $files -o merged-o.json --format json && same one.json merged-o.json "merge -o"
done
# the shards partition the cases, and each case is where its name's hash puts it
for n in 2 3; do
    "$cyclesim" list-cases small.elf | sed 1d | awk '{print $1}' | while read -r name; do
        k=$(python3 -c 'import sys
h = 2166136261
for b in sys.argv[1].encode():
    h = ((h ^ b) * 16777619) & 0xffffffff
print(h % int(sys.argv[2]) + 1)' "$name" $n)
        for j in $(seq 1 $n); do
            c=$(grep -c "\"case\": \"$name\"" run-$j-of-$n.json)
            if [ "$j" = "$k" ] && [ "$c" != 2 ]; then echo "FAIL: $name not in shard $j/$n"; fi
            if [ "$j" != "$k" ] && [ "$c" != 0 ]; then echo "FAIL: $name also in shard $j/$n"; fi
        done
    done > part.txt
    [ -s part.txt ] && { cat part.txt; fail=$((fail + 1)); }
done

# compare: every format, with the baselines; the state check's warm run cannot be sharded
cmp_args="small.elf --mcu stm32u083rc --published board-u083.txt --no-state-check --baselines"
for k in 1 2 3; do
    expect 0 compare $cmp_args --format json --shard $k/3
    cp out.txt cmp-$k.json
done
for f in json table md html; do
    "$cyclesim" compare $cmp_args --format $f > one-cmp.$f 2>/dev/null || bad "compare $f"
    expect 0 merge cmp-2.json cmp-3.json cmp-1.json --format $f && cp out.txt merged-cmp.$f &&
        same one-cmp.$f merged-cmp.$f "compare $f, 3 shards"
done

# refusals
expect 2 run small.elf --mcu $mcus --warm --shard 1/2
expect 2 compare small.elf --mcu stm32u083rc --published board-u083.txt --shard 1/2
expect 2 run small.elf --shard 3/2
expect 2 run small.elf --shard 1/2 --call sum_run
expect 2 merge run-1-of-2.json run-2-of-2.json --format md
expect 2 merge cmp-1.json cmp-2.json cmp-3.json --format csv
expect 9 merge run-1-of-2.json run-1-of-2.json run-2-of-2.json        # overlapping
grep -q "overlapping" err.txt || bad "overlapping shards: $(cat err.txt)"
expect 9 merge run-1-of-3.json run-3-of-3.json                         # one missing
grep -q "shard 2 of 3 is missing" err.txt || bad "missing shard: $(cat err.txt)"
expect 9 merge run-1-of-2.json run-2-of-3.json                         # different N
expect 9 merge run-1-of-3.json run-2-of-3.json cmp-3.json              # different commands
grep -q "merge joins shards of one command" err.txt || bad "mixed commands: $(cat err.txt)"
"$cyclesim" run small.elf --mcu stm32l073rz --format json --shard 2/2 > other-model.json 2>/dev/null
expect 9 merge run-1-of-2.json other-model.json                        # different models
grep -q "different models" err.txt || bad "different models: $(cat err.txt)"
"$cyclesim" run small.elf --mcu $mcus --format json --shard 2/2 --set clock.hz=16MHz > other-set.json 2>/dev/null
expect 9 merge run-1-of-2.json other-set.json                          # different --set
sed 's/"sha256": "[0-9a-f]*"/"sha256": "00"/' run-2-of-2.json > other-image.json
expect 9 merge run-1-of-2.json other-image.json                        # different images
grep -q "different images" err.txt || bad "different images: $(cat err.txt)"
expect 9 merge one.json                                                # not a shard
grep -q "not the JSON output of a --shard" err.txt || bad "not a shard: $(cat err.txt)"
echo '{' > broken.json
expect 9 merge broken.json
expect 7 merge no-such-file.json
sed "s/cycles=150/cycles=151/" board-u083.txt > board-changed.txt
cmp -s board-u083.txt board-changed.txt && bad "board-changed.txt did not change"
expect 9 merge cmp-1.json cmp-2.json cmp-3.json --published board-changed.txt
grep -q "SHA-256 differs" err.txt || bad "changed page: $(cat err.txt)"
expect 2 merge run-1-of-2.json run-2-of-2.json --published board-u083.txt

[ "$fail" -eq 0 ] && echo "merge: all passed"
[ "$fail" -eq 0 ]
