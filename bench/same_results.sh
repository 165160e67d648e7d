#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Two cyclesim builds give the same results: `cyclesim run --format json`
# (cycles, breakdowns, flash statistics, footprint) and the `cyclesim profile`
# table of the bundled images on every model that runs them, compared byte for
# byte but for how each report was made (the JSON's "provenance" member, the
# table's provenance line: the tool version differs between two builds).  For
# speed work: results must not change.
# usage: bench/same_results.sh OLD_CYCLESIM NEW_CYCLESIM [BUILD_DIR] [FAMILY...]
#   (default build dir: build; default families: sha aes ecdsa ed25519)
# Prints one line per image and model; exits 1 if any output differs.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 OLD_CYCLESIM NEW_CYCLESIM [BUILD_DIR] [FAMILY...]" >&2; exit 2; }
old=$1 new=$2
build=${3:-build}
[ $# -ge 3 ] && shift 3 || shift $#
families=${*:-sha aes ecdsa ed25519}
fw=$build/firmware
tmp=$(mktemp -d)
without_provenance='import json, sys
text = sys.stdin.read()
try:
    doc = json.loads(text)
    doc.pop("provenance", None)
    print(json.dumps(doc, sort_keys=True))
except ValueError:
    print(text)'

trap 'rm -rf "$tmp"' EXIT
status=0
for target in emu-m0plus emu-m33; do
    case $target in
        emu-m0plus) models="stm32l073rz stm32u083rc stm32l552ze stm32u385rg" ;;
        *) models="stm32l552ze stm32u385rg" ;;
    esac
    for f in $families; do
        elf=$fw/$target/$f.elf
        [ -f "$elf" ] || { echo "missing $elf" >&2; exit 2; }
        for m in $models; do
            for cmd in run profile; do
                for b in old new; do
                    eval tool=\$$b
                    if [ $cmd = run ]; then
                        { "$tool" run "$elf" --mcu $m --format json 2>/dev/null || echo "exit $?"; } |
                            python3 -c "$without_provenance" > "$tmp/$b.out"
                    else
                        { "$tool" profile "$elf" --mcu $m 2>/dev/null || echo "exit $?"; } |
                            grep -v '^provenance: ' > "$tmp/$b.out"
                    fi
                done
                if cmp -s "$tmp/old.out" "$tmp/new.out"; then
                    echo "same    $target/$f $m $cmd"
                else
                    echo "DIFFER  $target/$f $m $cmd"
                    status=1
                fi
            done
        done
    done
done
exit $status
