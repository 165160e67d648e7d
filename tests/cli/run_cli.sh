#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs a table of cases (tests/cli/cases.txt unless TABLE is given) against a
# cyclesim binary: exit code, stderr text and, when the row has a fifth field, stdout text.
# usage: run_cli.sh CYCLESIM SOURCE_DIR WORKDIR [TABLE]
set -u
cyclesim=$1 src=$2 work=$3 table=${4:-$2/tests/cli/cases.txt}
here=$src/tests/cli
rm -rf "$work/models" && mkdir -p "$work/models"
cp "$src"/models/*.json "$work/models/"
# The broken models of tests/cli/models are cases.txt's; another table sees the real ones alone (--mcu all).
[ "$table" != "$here/cases.txt" ] || cp "$here"/models/*.json "$work/models/"
export CYCLESIM_MODELS="$work/models" LC_ALL=C
for s in "$here"/fixtures/*.S; do
    n=$(basename "$s" .S)
    case $n in v8m*) cpu=cortex-m33 ;; *) cpu=cortex-m0plus ;; esac
    case $n in ramcode*) at=-Wl,--section-start=.ramcode=0x20000100 ;; *) at= ;; esac
    arm-none-eabi-gcc -mcpu=$cpu -mthumb -nostdlib -Wl,-Ttext=0x08000000 $at -Wl,-e,kernel "$s" -o "$work/$n.elf" || exit 2
done
arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -nostdlib -Wl,-Ttext=0x08100000 -Wl,-e,kernel \
    "$here/fixtures/ok.S" -o "$work/far.elf" || exit 2
printf 'not an ELF\n' > "$work/text.txt"
head -c 200 "$work/ok.elf" > "$work/trunc.elf"
# @small: benchmark cases (tests/output/fw); @stripped: the same without its symbol table.
if grep -q '@small\|@stripped' "$table"; then
    sh "$src/tests/output/build_fw.sh" "$src" "$work/small.elf" || exit 2
    arm-none-eabi-strip -o "$work/stripped.elf" "$work/small.elf" || exit 2
fi
host_elf=$(command -v sh)
pass=0 fail=0
while IFS='|' read -r name args code want want_out; do
    name=$(echo "$name" | sed 's/^ *//; s/ *$//')
    case $name in ''|'#'*) continue ;; esac
    code=$(echo "$code" | sed 's/ //g')
    want=$(echo "$want" | sed 's/^ *//; s/ *$//')
    want_out=$(echo "${want_out:-}" | sed 's/^ *//; s/ *$//')
    args=$(echo "$args" | sed "s#@@TEXT#@$work/text.txt#; s#@@NONE#@$work/no-such-file#; s#@TEXT#$work/text.txt#;
        s#@HOST#$host_elf#; s#@TRUNC#$work/trunc.elf#; s#@\([a-z_0-9][a-z_0-9]*\)#$work/\1.elf#g")
    # shellcheck disable=SC2086
    "$cyclesim" $args > "$work/out" 2> "$work/err"
    got=$?
    if [ "$got" != "$code" ]; then
        echo "FAIL $name: exit $got, expected $code"; sed 's/^/    /' "$work/err"; fail=$((fail + 1)); continue
    fi
    if [ "$want" = @EMPTY ] && [ -s "$work/err" ]; then
        echo "FAIL $name: stderr not empty"; sed 's/^/    /' "$work/err"; fail=$((fail + 1)); continue
    fi
    case $want in
    !*) if grep -qF -- "${want#!}" "$work/err"; then
            echo "FAIL $name: stderr has \"${want#!}\""; sed 's/^/    /' "$work/err"; fail=$((fail + 1)); continue
        fi
        want= ;;
    @EMPTY) want= ;;
    esac
    if [ -n "$want" ] && ! grep -qF -- "$want" "$work/err"; then
        echo "FAIL $name: stderr lacks \"$want\""; sed 's/^/    /' "$work/err"; fail=$((fail + 1)); continue
    fi
    if [ -n "$want_out" ] && ! grep -qF -- "$want_out" "$work/out"; then
        echo "FAIL $name: stdout lacks \"$want_out\""; sed 's/^/    /' "$work/out" | head -20; fail=$((fail + 1)); continue
    fi
    pass=$((pass + 1))
done < "$table"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
