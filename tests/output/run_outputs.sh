#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Golden outputs: each line of tests/output/outputs.txt is a cyclesim command
# on the small firmware (fw/small_cases.c), on trail.elf (the same cases, main
# ending in a runaway: fw/trailing_main.c), on fp.elf (fw/fp_cases.c: FP
# instructions priced by assumption, named in every report), on acr.elf (fw/acr_latency.S:
# a function that changes the flash wait states) or on acr_cases.elf
# (fw/acr_cases.c: cases that set them before and during their region),
# whose output must equal
# expect/NAME.expect byte for byte.  Lines are "NAME | EXIT | ARGUMENTS":
# ARGUMENTS are shell words run in WORKDIR, which holds small.elf, a copy
# small"q.elf (a path JSON and XML must escape) and the files of inputs/;
# @OUT names a file whose content is compared instead of stdout.  Host
# timings, the one thing that differs from run to run, are masked.
# UPDATE=1 rewrites the .expect files instead (review the diff).
# usage: run_outputs.sh CYCLESIM SOURCE_DIR WORKDIR
set -u
cyclesim=$1 src=$2 work=$3
here=$src/tests/output
mkdir -p "$work" || exit 2
sh "$here/build_fw.sh" "$src" "$work/small.elf" || exit 2
# (assembled apart: a fixed object name in its symbols, the same ELF bytes every time)
arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -c "$here/fw/acr_latency.S" -o "$work/acr.o" &&
    arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -nostdlib -Wl,--no-warn-rwx-segments -Wl,-Ttext=0x08000000 \
        -Wl,-e,kernel "$work/acr.o" -o "$work/acr.elf" || exit 2
sh "$here/build_fw.sh" "$src" "$work/acr_cases.elf" "$here/fw/acr_cases.c" "$work/acr.o" || exit 2
# FP cases (fw/fp_cases.c) on the same run-time: softfp links with its soft-float objects.
arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -mfloat-abi=softfp -mfpu=fpv5-sp-d16 -Os -ffunction-sections \
    -fdata-sections -I"$src/firmware/include" -c "$here/fw/fp_cases.c" -o "$work/fp.o" &&
    sh "$here/build_fw.sh" "$src" "$work/fp.elf" "$work/fp.o" || exit 2
FW_MAIN=$here/fw/trailing_main.c sh "$here/build_fw.sh" "$src" "$work/trail.elf" || exit 2
cp "$work/small.elf" "$work/small\"q.elf" && cp "$here"/inputs/* "$work/" || exit 2
cd "$work" || exit 2
export LC_ALL=C
# The tool's version (git describe) changes with every commit: VERSION in the expected outputs;
# the model files' hashes with every model edit: HASH (ctest output_provenance checks them).
version=$("$cyclesim" --version | sed -n '1s/^cyclesim //p' | sed 's/[.]/[.]/g')
mask() {
    sed -e "s/$version/VERSION/g" -e 's/sha256 [0-9a-f]\{16\})/sha256 HASH)/g' \
        -e 's/"sha256": "[0-9a-f]\{16\}"/"sha256": "HASH"/g' -e 's/(whole run, [0-9.]* s host, [0-9.]* MIPS)/(whole run, HOST s host, HOST MIPS)/' \
        -e 's/ time="[0-9.]*"/ time="HOST"/g' -e 's/"host_seconds": [0-9.e+-]*/"host_seconds": HOST/g' \
        -e 's/in [0-9.]* s host/in HOST s host/g'
}
pass=0 fail=0
while IFS='|' read -r name code args; do
    name=$(echo "$name" | sed 's/^ *//; s/ *$//')
    case $name in ''|'#'*) continue ;; esac
    code=$(echo "$code" | sed 's/ //g')
    rm -f out.file
    args=$(echo "$args" | sed 's/@OUT/out.file/g')
    eval "\"\$cyclesim\" $args" > stdout.txt 2> stderr.txt
    got=$?
    if [ -f out.file ]; then mask < out.file > got.txt; else mask < stdout.txt > got.txt; fi
    if [ "$got" != "$code" ]; then
        echo "FAIL $name: exit $got, expected $code"; sed 's/^/    /' stderr.txt; fail=$((fail + 1)); continue
    fi
    if [ "${UPDATE:-}" = 1 ]; then
        cp got.txt "$here/expect/$name.expect"
    elif ! cmp -s got.txt "$here/expect/$name.expect"; then
        echo "FAIL $name: output differs from tests/output/expect/$name.expect"
        diff -u "$here/expect/$name.expect" got.txt | head -40
        fail=$((fail + 1)); continue
    fi
    pass=$((pass + 1))
done < "$here/outputs.txt"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
