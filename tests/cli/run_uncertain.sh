#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The `uncertain` model key merged along the extends chain: `cyclesim keys`
# lists for tests/cli/models/uncertain-union.json the union of its own list
# and the U0 family's (not its own list alone), in key-table order
# (docs/model-keys.md).
# usage: run_uncertain.sh CYCLESIM SOURCE_DIR WORKDIR
set -u
cyclesim=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work/models"
cp "$src"/models/*.json "$src"/tests/cli/models/uncertain-*.json "$work/models/"
CYCLESIM_MODELS="$work/models" "$cyclesim" keys > "$work/keys.md" || { echo "FAIL: cyclesim keys exited $?"; exit 1; }
want='| `uncertain-union` | `flash.wait_states`, `flash.read_bytes`, `cache.hit_under_miss`, `cache.ways` (range tries 1, 32), `cache.hit_cycles` |'
grep -qxF -- "$want" "$work/keys.md" || {
    echo "FAIL: keys lacks the line $want"; grep '^| `uncertain-union`' "$work/keys.md"; exit 1; }
# The family's list alone on the bundled MCU (the test model adds nothing to it).
want='| `stm32u083rc` | `flash.read_bytes`, `cache.hit_under_miss`, `cache.ways` (range tries 1, 32), `cache.hit_cycles` |'
grep -qxF -- "$want" "$work/keys.md" || { echo "FAIL: keys lacks the line $want"; exit 1; }
echo "uncertain lists merged"
