#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# mutate.sh TOOL CHECKER PAGE.txt JSON WORKDIR
# Shows that the published-data tests can fail: breaks a copy of the JSON or
# of the page in several ways and expects the import tool's --check and the
# checker to reject each one with the documented exit status.
set -u
tool=$1 checker=$2 page=$3 json=$4 work=$5
name=$(basename "$page")
mkdir -p "$work/digit" "$work/row" || exit 1
rc=0

expect() { # expect STATUS COMMAND...: STATUS is a number or "nonzero"
    want=$1
    shift
    "$@" >"$work/out.txt" 2>&1
    got=$?
    if [ "$want" = nonzero ] && [ "$got" -ne 0 ]; then
        echo "ok (exit $got, rejected): $*"
    elif [ "$want" = "$got" ]; then
        echo "ok (exit $got): $*"
    else
        echo "FAIL: expected exit $want, got $got: $*"
        sed 's/^/    /' "$work/out.txt"
        rc=1
    fi
}

# 1. one number of the JSON changed: 3672 -> 13672 in the first cycles value
sed '0,/"cycles": \([0-9]*\)/s//"cycles": 1\1/' "$json" >"$work/number.json"
cmp -s "$json" "$work/number.json" && { echo "FAIL: mutation 1 changed nothing"; rc=1; }
expect 1 "$tool" --check "$page" "$work/number.json"
expect 1 "$checker" roundtrip "$page" "$work/number.json"

# 2. one digit of the page changed: last all-digit word of the first AES row
awk 'BEGIN { done = 0 }
     !done && /^AES CBC / {
         for (i = NF; i > 0; i--) if ($i ~ /^[0-9]+$/) break
         d = substr($i, length($i), 1); $i = substr($i, 1, length($i) - 1) ((d + 1) % 10)
         done = 1
     }
     { print }' "$page" >"$work/digit/$name"
cmp -s "$page" "$work/digit/$name" && { echo "FAIL: mutation 2 changed nothing"; rc=1; }
expect 1 "$tool" --check "$work/digit/$name" "$json"
grep -q "at \$\.sections\[0\]\.rows\[0\]" "$work/out.txt" ||
    { echo "FAIL: --check did not point at the changed row"; cat "$work/out.txt"; rc=1; }
expect 1 "$checker" roundtrip "$work/digit/$name" "$json"

# 3. a row the tool cannot read: exit 3 and a file:line message
sed '0,/^AES CBC \(.*\) Encryption /s//AES CBC \1 Encrypton /' "$page" >"$work/row/$name"
expect 3 "$tool" "$work/row/$name" "$work/row.json"
grep -q "$name:[0-9][0-9]*: column \"Cipher [Oo]peration\"" "$work/out.txt" ||
    { echo "FAIL: no file:line message for the unreadable row"; cat "$work/out.txt"; rc=1; }

# 4. the second row of the first table dropped from the JSON (the checker
#    must count rows); rows are written as {, key, params, values, text, flags, }
n=$(grep -n '"key": ' "$json" | sed -n 2p | cut -d: -f1)
sed "$((n - 1)),$((n + 5))d" "$json" >"$work/dropped.json"
expect 1 "$checker" roundtrip "$page" "$work/dropped.json"

# 5. a duplicated key
first=$(sed -n 's/.*"key": "\([^"]*\)".*/\1/p' "$json" | head -1)
second=$(sed -n 's/.*"key": "\([^"]*\)".*/\1/p' "$json" | sed -n 2p)
sed "s|\"key\": \"$second\"|\"key\": \"$first\"|" "$json" >"$work/dupkey.json"
expect 1 "$checker" keys "$work/dupkey.json"

# 6. a known flag lost
sed 's/"kind": "\(published_slip\|non_monotonic\|format\)"/"kind": "other"/' "$json" >"$work/flag.json"
expect 1 "$checker" known "$work/flag.json"

exit $rc
