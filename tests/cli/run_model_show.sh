#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `cyclesim model show` on a three-file extends chain of its own
# (tests/cli/show/: core <- family <- MCU, so that no edit of models/ moves it),
# with a --set and an overlay: every key's value and origin, text and JSON,
# byte for byte (show/expect.text, show/expect.json; UPDATE=1 rewrites them),
# and its refusals.
# usage: run_model_show.sh CYCLESIM SOURCE_DIR WORKDIR
set -u
cyclesim=$1 src=$2 work=$3
here=$src/tests/cli/show
rm -rf "$work" && mkdir -p "$work/models" && cd "$work" || exit 2
cp "$here"/show-core.json "$here"/show-family.json "$here"/show-mcu.json models/ &&
    cp "$here"/show-overlay.json . || exit 2
export CYCLESIM_MODELS="$work/models" LC_ALL=C
fail=0
# The tool's version (git describe) changes with every commit: VERSION in the expected outputs.
version=$("$cyclesim" --version | sed -n '1s/^cyclesim //p' | sed 's/[.]/[.]/g')
for fmt in text json; do
    "$cyclesim" model show show-mcu --set flash.wait_states=2 --set @show-overlay.json --format $fmt \
        > raw.$fmt 2> err.txt || { echo "FAIL $fmt: exit $?"; cat err.txt; fail=1; continue; }
    sed "s/$version/VERSION/g" raw.$fmt > got.$fmt
    if [ "${UPDATE:-}" = 1 ]; then
        cp got.$fmt "$here/expect.$fmt"
    elif ! cmp -s got.$fmt "$here/expect.$fmt"; then
        echo "FAIL $fmt: differs from tests/cli/show/expect.$fmt"; diff -u "$here/expect.$fmt" got.$fmt | head -30
        fail=1
    fi
done
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' got.json || { echo "FAIL json: not JSON"; fail=1; }
# Refusals: an unknown MCU (4), a model subcommand other than show (2), an overlay for another model (9).
expect() {
    code=$1 text=$2; shift 2
    "$cyclesim" "$@" > out.txt 2> err.txt
    got=$?
    if [ "$got" != "$code" ] || ! grep -qF "$text" err.txt; then
        echo "FAIL $*: exit $got (expected $code), stderr:"; cat err.txt; fail=1
    fi
}
expect 4 'unknown MCU "nosuch"' model show nosuch
expect 2 'model list: unknown' model list show-mcu
printf '{"cyclesim_overlay": 1, "base_model": "other", "keys": {}}\n' > other.json
expect 9 'an overlay for other, not for show-mcu' model show show-mcu --set @other.json
[ "$fail" = 0 ] && echo "model show: ok"
exit $fail
