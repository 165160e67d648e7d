#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run -o FILE writes what run prints on stdout, and nothing to stdout; list-cases
# --format json is one JSON document with every case the table lists.
# usage: run_output_file.sh CYCLESIM SOURCE_DIR WORKDIR
set -eu
cyclesim=$1 src=$2 work=$3
mkdir -p "$work" && cd "$work"
sh "$src/tests/output/build_fw.sh" "$src" small.elf
for f in table json csv; do
    "$cyclesim" run small.elf --mcu stm32u083rc --format $f -o out.$f > stdout.txt 2>/dev/null
    [ ! -s stdout.txt ] || { echo "FAIL run -o ($f): stdout not empty"; exit 1; }
    "$cyclesim" run small.elf --mcu stm32u083rc --format $f > ref.$f 2>/dev/null
    # the table's total row carries the host time
    sed -i 's/^total .*//' out.$f ref.$f
    cmp out.$f ref.$f || { echo "FAIL run -o ($f): the file differs from stdout"; exit 1; }
done
"$cyclesim" list-cases small.elf --format json > cases.json
"$cyclesim" list-cases small.elf | awk 'NR > 1 { print $1 }' > table.txt
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print("\n".join(c["case"] for c in d["cases"]))' \
    cases.json > json.txt
cmp table.txt json.txt || { echo "FAIL list-cases --format json: not the cases of the table"; exit 1; }
echo "run -o and list-cases --format json: ok"
