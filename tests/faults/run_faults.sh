#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Faults, runaways and hostile inputs: runs tests/faults/cases.txt against a
# cyclesim binary (exit code and stderr text, as tests/cli/run_cli.sh).
# usage: run_faults.sh CYCLESIM SOURCE_DIR WORKDIR
#   @NAME        tests/faults/fixtures/NAME.S linked at the flash base
#                (Cortex-M33 if NAME starts with v8m_, else Cortex-M0+)
#   @KIND-NAME   NAME.elf rewritten by craft_elf.py KIND (note_past_eof, ...)
#   @@FILE       a file the generator below wrote into WORKDIR
set -u
cyclesim=$1 src=$2 work=$3
here=$src/tests/faults
mkdir -p "$work/models"
cp "$src"/models/*.json "$here"/models/*.json "$work/models/"
export CYCLESIM_MODELS="$work/models" LC_ALL=C
for s in "$here"/fixtures/*.S; do
    n=$(basename "$s" .S)
    case $n in v8m_*) cpu=cortex-m33 ;; *) cpu=cortex-m0plus ;; esac
    arm-none-eabi-gcc -mcpu=$cpu -mthumb -nostdlib -I"$here/fixtures" -Wl,-Ttext=0x08000000 \
        -Wl,-e,0x08000000 "$s" -o "$work/$n.elf" || exit 2
done
for k in note_past_eof null_past_eof overlap; do
    python3 "$here/craft_elf.py" $k "$work/exit_only.elf" "$work/$k-exit_only.elf" || exit 2
done
# Published page with a member twice; a board output of 40,000 cases.
sed 's/"clock_hz": 110000000,/"clock_hz": 110000000, "clock_hz": 1,/' "$src/data/published/stm32l552ze.json" \
    > "$work/page_dup.json"
awk 'BEGIN { print "@cyclesim-bench 1 mcu=stm32l073rz clock_hz=32000000 target=t";
             for (i = 0; i < 40000; i++) printf "@case name=c%d row=r/%d cycles=%d status=pass\n", i, i, i + 1;
             print "@done cases=40000 failed=0" }' > "$work/board40k.txt"
pass=0 fail=0
while IFS='|' read -r name args code want; do
    name=$(echo "$name" | sed 's/^ *//; s/ *$//')
    case $name in ''|'#'*) continue ;; esac
    code=$(echo "$code" | sed 's/ //g')
    want=$(echo "$want" | sed 's/^ *//; s/ *$//')
    args=$(echo "$args" | sed "s#@@\([a-z_0-9.]*\)#$work/\1#g; s#@\([a-z_0-9-]*\)#$work/\1.elf#g")
    # timeout: a hang is a failure, not a stuck test run
    # shellcheck disable=SC2086
    timeout 60 "$cyclesim" $args > "$work/out" 2> "$work/err"
    got=$?
    if [ "$got" != "$code" ]; then
        echo "FAIL $name: exit $got, expected $code"; sed 's/^/    /' "$work/err"; fail=$((fail + 1)); continue
    fi
    if [ -n "$want" ] && ! grep -qF -- "$want" "$work/err"; then
        echo "FAIL $name: stderr lacks \"$want\""; sed 's/^/    /' "$work/err"; fail=$((fail + 1)); continue
    fi
    pass=$((pass + 1))
done < "$here/cases.txt"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
