#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The output layer and the input policy (issue 42): each line of
# tests/output/safety.txt runs cyclesim in WORKDIR and must exit with its
# code, print its text on stderr, leave the named file byte for byte as it
# was and leave no temporary file; then a report lost to a full disk
# (/dev/full on stdout) must exit 7 (run, compare, list-cases), and a signal
# during a write must leave the old file (signal_write.py).
# usage: run_safety.sh CYCLESIM SOURCE_DIR WORKDIR
set -u
cyclesim=$1 src=$2 work=$3
here=$src/tests/output
rm -rf "$work" && mkdir -p "$work" || exit 2
sh "$here/build_fw.sh" "$src" "$work/small.elf" || exit 2
cp "$here"/inputs/* "$work/" && cp -r "$src/models" "$work/models" || exit 2
cd "$work" || exit 2
export LC_ALL=C CYCLESIM_MODELS="$work/models"
"$cyclesim" run small.elf --mcu stm32u083rc --format json --shard 1/1 > shard.json 2>/dev/null || exit 2
mkdir dir && truncate -s 1G sparse.txt && ln -s small.elf link-to-elf || exit 2
cp budgets.json readonly.json && chmod 444 readonly.json || exit 2
printf '{"version": 1, "kind": "mcu", "extends": "stm32u083rc", "flash": {"wait_states": 1, "wait_states": 2}}\n' \
    > models/dupkey.json
printf '{"version": 1, "kind": "mcu", "extends": "stm32u083rc"} {"x": 1}\n' > models/trailing.json
printf '{"cyclesim_overlay": 1, "base_model": "stm32l552ze", "keys": {"flash.wait_states": 4, "flash.wait_states": 5}}\n' \
    > dup-overlay.json
printf '{"cyclesim_overlay": 1, "base_model": "stm32l552ze", "keys": {}}\n{"x": 1}\n' | tr '\n' ' ' > trailing-overlay.json
sed '1s/^{"schema_version": 1,/{"schema_version": 1, "schema_version": 1,/' shard.json > dup-shard.json
{ cat shard.json; echo '{"x": 1}'; } > trailing-shard.json
printf '{"schema_version": 1, "schema_version": 1}\n' > dup-page.json
printf '{"schema_version": 1} {"x": 1}\n' > trailing-page.json
printf '{"schema_version": 1, "schema_version": 1, "budgets": []}\n' > dup-budgets.json
printf '{"schema_version": 1, "budgets": []} x\n' > trailing-budgets.json
cmp -s shard.json dup-shard.json && { echo "FAIL setup: dup-shard.json has no repeated key"; exit 1; }

pass=0 fail=0
failed() { echo "FAIL $1: $2"; sed 's/^/    /' stderr.txt; fail=$((fail + 1)); }
while IFS='|' read -r name code text keep args; do
    name=$(echo "$name" | sed 's/^ *//; s/ *$//')
    case $name in ''|'#'*) continue ;; esac
    code=$(echo "$code" | sed 's/ //g')
    text=$(echo "$text" | sed 's/^ *//; s/ *$//')
    keep=$(echo "$keep" | sed 's/^ *//; s/ *$//')
    before=
    [ "$keep" = - ] || { before=$(cksum < "$keep") && cp "$keep" kept.orig; }
    eval "\"\$cyclesim\" $args" > stdout.txt 2> stderr.txt
    got=$?
    # A destroyed input is put back, so that one failure does not fail the cases after it.
    if [ "$keep" != - ] && ! cmp -s kept.orig "$keep"; then
        after=$(cksum < "$keep"); rm -f "$keep"; cp kept.orig "$keep"
    else
        after=$before
    fi
    if [ "$got" != "$code" ]; then
        failed "$name" "exit $got, expected $code"; continue
    fi
    if ! grep -Fq -- "$text" stderr.txt; then
        failed "$name" "stderr lacks '$text'"; continue
    fi
    if [ "$after" != "$before" ]; then
        failed "$name" "$keep changed"; continue
    fi
    if [ -n "$(find . -name '.*.??????' -newer stdout.txt)" ] || [ -n "$(find . -name '.*.??????')" ]; then
        failed "$name" "a temporary file was left: $(find . -name '.*.??????')"; continue
    fi
    pass=$((pass + 1))
done < "$here/safety.txt"

# A write error on standard output: exit 7 and the reason, never 0.
for args in "run small.elf --mcu stm32u083rc --format csv" "list-cases small.elf" \
            "compare small.elf --mcu stm32u083rc --published board-u083.txt"; do
    eval "\"\$cyclesim\" $args" > /dev/full 2> stderr.txt
    got=$?
    if [ "$got" != 7 ] || ! grep -q "standard output: cannot write: No space left on device" stderr.txt; then
        failed "/dev/full: $args" "exit $got, expected 7 and the reason"
    else
        pass=$((pass + 1))
    fi
done
# A signal during a write: the old file whole, no temporary file.
if python3 "$here/signal_write.py" "$cyclesim" "$work/small.elf" "$work/signal" > stderr.txt 2>&1; then
    pass=$((pass + 1))
else
    failed "signal during a write" "see above"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
