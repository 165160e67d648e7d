#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Merged shards equal one comparison of two bundled images (emu-m0plus sha.elf
# and aes.elf against ST's STM32U0 page, with the baselines) in every format:
# cases of both images in every shard, image ranges rebuilt in order.
# usage: run_merge_images.sh CYCLESIM FIRMWARE_BUILD_DIR WORKDIR
set -u
cyclesim=$1 fw=$2/emu-m0plus work=$3
mkdir -p "$work" && cd "$work" || exit 2
fail=0
set -- "$fw/sha.elf" "$fw/aes.elf" --mcu stm32u083rc --no-state-check --baselines \
    --case 'sha256/sole/*' --case 'aes-cbc/enc/128/small/*'
for k in 1 2 3 4; do
    "$cyclesim" compare "$@" --shard $k/4 --format json -o s$k.json 2>/dev/null || { echo "FAIL: shard $k/4"; fail=1; }
done
for k in 1 2 3 4; do # both images appear across the shards
    grep -q '"image": 1, "case"' s$k.json && one=yes
    grep -q '"image": 0, "case"' s$k.json && zero=yes
done
[ "${one:-}" = yes ] && [ "${zero:-}" = yes ] || { echo "FAIL: the shards do not hold cases of both images"; fail=1; }
for f in json table md html; do
    "$cyclesim" compare "$@" --format $f -j 2 > one.$f 2>/dev/null || { echo "FAIL: compare --format $f"; fail=1; }
    "$cyclesim" merge s3.json s1.json s4.json s2.json --format $f > merged.$f || { echo "FAIL: merge --format $f"; fail=1; }
    [ -s one.$f ] && cmp -s one.$f merged.$f || { echo "FAIL: merged $f differs"; diff one.$f merged.$f | head; fail=1; }
done
[ $fail = 0 ] && echo "merged shards of two images: every format as one run"
[ $fail = 0 ]
