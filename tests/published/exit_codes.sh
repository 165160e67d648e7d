#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# exit_codes.sh TOOL PAGE.txt WORKDIR
# The import tool's documented exit statuses (see its --help).
set -u
tool=$1 page=$2 work=$3
mkdir -p "$work" || exit 1
rc=0
expect() {
    want=$1
    shift
    "$@" >"$work/out.txt" 2>&1
    got=$?
    if [ "$got" -eq "$want" ]; then
        echo "ok (exit $got): $*"
    else
        echo "FAIL: expected exit $want, got $got: $*"
        sed 's/^/    /' "$work/out.txt"
        rc=1
    fi
}
expect 0 "$tool" --help
grep -q "Exit status" "$work/out.txt" || { echo "FAIL: --help lacks the exit statuses"; rc=1; }
expect 2 "$tool"
expect 2 "$tool" --bogus "$page" "$work/x.json"
expect 3 "$tool" "$work/no-such-page.txt" "$work/x.json"
expect 3 "$tool" "$tool" "$work/x.json"
printf '{"schema_version": 1,' >"$work/broken.json"
expect 3 "$tool" --check "$page" "$work/broken.json"
expect 4 "$tool" "$page" "$work/no-such-dir/x.json"
"$tool" "$page" - >"$work/stdout.json" || { echo "FAIL: writing to stdout"; rc=1; }
expect 0 "$tool" --check "$page" "$work/stdout.json"
exit $rc
