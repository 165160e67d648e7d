#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# formats.sh TOOL CHECKER PUBLISHED_DIR WORKDIR
# The page formats of ST's other pages, made from the bundled pages by small
# edits, must import (data/published/README.md, "Page formats"):
#   a  parameter cells in another order than the header's columns (a
#      "Function Suite" header over rows that give the suite first): read by
#      matching each cell against the unread parameter columns, row flagged
#      column_order, same keys and values;
#   b  the "Retrieved from" line right after the last row, no blank line; and
#      any line that cannot be a row ends a table;
#   c  a setup without an instruction-cache line (only the prefetch line), or
#      without any cache line: icache null, a note with the cache text.
set -u
tool=$1 checker=$2 dir=$3 work=$4
mkdir -p "$work" || exit 1
rc=0
u3=$dir/source/stm32u385rg.txt u0=$dir/source/stm32u083rc.txt

# variant NAME PAGE SED-SCRIPT: the page edited, under the page's file name
# (the JSON records it), in its own directory.
variant() {
    mkdir -p "$work/$1"
    sed "$3" "$2" >"$work/$1/$(basename "$2")"
    cmp -s "$2" "$work/$1/$(basename "$2")" && { echo "FAIL: $1: the edit changed nothing"; rc=1; }
}
page() { echo "$work/$1/$(basename "$2")"; }
bad() { echo "FAIL: $1"; [ -f "$work/out.txt" ] && sed 's/^/    /' "$work/out.txt"; rc=1; }
import() { # NAME PAGE: imports the variant into NAME/out.json, 0 expected
    if "$tool" "$(page "$1" "$2")" "$work/$1/out.json" >"$work/out.txt" 2>&1; then
        echo "ok: $1 imports"
    else
        bad "$1: import failed"
        return 1
    fi
}
same_rows() { # NAME ORIGINAL.json: the same keys and values, row for row
    for f in '"key": ' '"values": '; do
        grep "$f" "$work/$1/out.json" >"$work/a.txt"
        grep "$f" "$2" >"$work/b.txt"
        cmp -s "$work/a.txt" "$work/b.txt" || bad "$1: $f lines differ from $(basename "$2")"
    done
}
accounted() { # NAME PAGE: no number of the variant skipped
    "$checker" accounted "$(page "$1" "$2")" "$work/$1/out.json" >"$work/out.txt" 2>&1 ||
        bad "$1: numbers skipped"
}

# a: the ML-DSA header with Function before Suite
variant a-ml-dsa "$u3" 's/^Suite Function Cycles /Function Suite Cycles /'
if import a-ml-dsa "$u3"; then
    same_rows a-ml-dsa "$dir/stm32u385rg.json"
    n=$(grep -c '"kind": "column_order", "note": "cells in another order than the header.s columns: read as Suite, Function"' \
        "$work/a-ml-dsa/out.json")
    [ "$n" = 15 ] || bad "a-ml-dsa: $n rows flagged column_order, expected the 15 ML-DSA rows"
    accounted a-ml-dsa "$u3"
fi
# a, generalised: four parameter columns of an ECDSA table named in another order
variant a-ecdsa "$u0" 's/^Curve Operation ECC mathematics configuration Curve definition Cycles Time$/Curve definition ECC mathematics configuration Operation Curve Cycles Time/'
if import a-ecdsa "$u0"; then
    same_rows a-ecdsa "$dir/stm32u083rc.json"
    grep -q '"kind": "column_order", "note": "cells in another order than the header.s columns: read as Curve, Operation, ECC mathematics configuration, Curve definition"' \
        "$work/a-ecdsa/out.json" || bad "a-ecdsa: rows not flagged column_order"
    accounted a-ecdsa "$u0"
fi

# b: "Retrieved from" right after the last row of the last table
variant b-retrieved "$u0" '/^Cryptolib STM32U083 RSA 3K CRT Sig FP\.svg$/,/^Retrieved from/{/^Retrieved from/!d}'
if import b-retrieved "$u0"; then
    "$tool" --check "$(page b-retrieved "$u0")" "$dir/stm32u083rc.json" >"$work/out.txt" 2>&1 ||
        bad "b-retrieved: not the bundled JSON"
fi
# b, generalised: a line of text right after a table's last row ends the table
variant b-text "$u3" '/^AES CBC 256 bits 128 bytes Decryption Fast /a\
The figures below show the same values.'
if import b-text "$u3"; then
    "$tool" --check "$(page b-text "$u3")" "$dir/stm32u385rg.json" >"$work/out.txt" 2>&1 ||
        bad "b-text: not the bundled JSON"
fi

# c: no instruction-cache line, only the prefetch line
variant c-prefetch-only "$u3" '/^ICACHE peripheral /d'
if import c-prefetch-only "$u3"; then
    same_rows c-prefetch-only "$dir/stm32u385rg.json"
    grep -q '"icache": null' "$work/c-prefetch-only/out.json" || bad "c-prefetch-only: icache not null"
    grep -q '"prefetch": true' "$work/c-prefetch-only/out.json" || bad "c-prefetch-only: prefetch lost"
    grep -q '"kind": "no_icache_line", "note": "the setup has no instruction-cache line: icache recorded as null; its cache lines: line 29 \\"Prefetch cache (ART) 1 (0: disabled / 1: enabled)\\""' \
        "$work/c-prefetch-only/out.json" || bad "c-prefetch-only: no note with the cache text"
fi
# c, generalised: no cache line at all
variant c-no-cache "$u3" '/^ICACHE peripheral /d; /^Prefetch cache /d'
if import c-no-cache "$u3"; then
    grep -q '"icache": null' "$work/c-no-cache/out.json" || bad "c-no-cache: icache not null"
    grep -q '"prefetch"' "$work/c-no-cache/out.json" && bad "c-no-cache: a prefetch value from nowhere"
    grep -q '"kind": "no_icache_line", "note": "[^"]*its cache lines: none"' "$work/c-no-cache/out.json" ||
        bad "c-no-cache: no note"
fi
exit $rc
