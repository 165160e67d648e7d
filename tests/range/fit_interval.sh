#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# tools/fit_interval.py (docs/accuracy.md "Calibrated interval"): the
# checked-in table is the fit of the checked-in residuals, byte for byte; a
# table with one margin changed is not; a malformed residual file, or an
# output that is an input, is exit 2.
# usage: fit_interval.sh SOURCE_DIR WORK_DIR
set -u
src=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
fit() { python3 "$src/tools/fit_interval.py" fit "$@"; }
res=$src/data/accuracy/residuals.json cls=$src/data/accuracy/classes.json table=$src/data/accuracy/intervals.json
bad=0
expect() { # WANT_RC LABEL COMMAND...
    want=$1 label=$2
    shift 2
    "$@" > "$work/out" 2>&1
    rc=$?
    if [ "$rc" -eq "$want" ]; then echo "ok   $label"; else echo "FAIL $label: exit $rc, want $want: $(cat "$work/out")"; bad=1; fi
}
expect 0 "data/accuracy/intervals.json is the fit of residuals.json" fit "$res" "$cls" --check "$table"
python3 - "$table" "$work/changed.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
t["classes"][0]["above"] += 0.001
open(sys.argv[2], "w").write(json.dumps(t, indent=1) + "\n")
PY
expect 1 "a table with one margin changed is not the fit" fit "$res" "$cls" --check "$work/changed.json"
cp "$res" "$work/res.json"
expect 2 "the output onto an input: exit 2" fit "$work/res.json" "$cls" -o "$work/res.json"
cmp -s "$res" "$work/res.json" && echo "ok   the input is left whole" || { echo "FAIL the input was written"; bad=1; }
printf '{"schema_version": 1, "pages": [' > "$work/bad.json"
expect 2 "a malformed residual file: exit 2" fit "$work/bad.json" "$cls" -o "$work/out.json"
python3 - "$res" "$work/one.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
r["pages"] = [p for p in r["pages"] if not p["version_mismatch"]][:1]
open(sys.argv[2], "w").write(json.dumps(r))
PY
expect 2 "one page measured with the images' library: no leave-one-page-out, exit 2" \
    fit "$work/one.json" "$cls" -o "$work/out.json"
exit $bad
