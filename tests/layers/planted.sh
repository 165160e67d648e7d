#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# check_layers.py is not a test that cannot fail: on a copy of the tree with one
# planted include of a higher layer (the core including the engine's run
# state), it must fail and name the file and line.
# usage: planted.sh SOURCE_DIR WORK_DIR
set -eu
src=$1 work=$2
rm -rf "$work"
mkdir -p "$work/include"
cp -R "$src/src" "$work/src"
cp -R "$src/include/cyclesim" "$work/include/cyclesim"
python3 "$src/tests/layers/check_layers.py" "$work" >/dev/null
line=$(($(wc -l < "$work/src/core/m0plus.c") + 1))
echo '#include "engine/sim_internal.h"' >> "$work/src/core/m0plus.c"
if out=$(python3 "$src/tests/layers/check_layers.py" "$work"); then
    echo "planted include not found"; exit 1
fi
echo "$out" | grep -q "^src/core/m0plus.c:$line: core includes \"engine/sim_internal.h\" of engine, a higher layer$" \
    || { echo "unexpected report: $out"; exit 1; }
echo "planted include reported"
