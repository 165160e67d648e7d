#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A firmware that clears DCACHE_CR.EN (issue 37) turns the U5's DCACHE off as
# `--set dcache.enabled=false` does: tests/models/fw/whatif_kernels.S's
# xmem_table_cr_off (the store, then xmem_table) must cost what xmem_table
# costs with the DCACHE off, give or take the three instructions before it
# (at most 16 cycles), and more than xmem_table with the DCACHE on.  The
# kernels are linked with their table in the external memory: the image
# loads there, and 100 passes return 100 * 528 = 0xce40.
# usage: run_dcache_cr.sh CYCLESIM SOURCE_DIR WORK_DIR
set -eu
cyclesim=$1 src=$2 work=$3
mkdir -p "$work"
arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -nostdlib -Wl,-Ttext=0x08000000 -Wl,-e,xmem_table \
    -Wl,--section-start=.xmem_table=0x90000000 \
    "$src/tests/models/fw/whatif_kernels.S" -o "$work/kernels.elf"
cycles() { # function --set...
    fn=$1
    shift
    "$cyclesim" run "$work/kernels.elf" --call "$fn" --arg 100 --mcu stm32u585ai --format json "$@" 2>"$work/err" |
        python3 -c 'import json, sys; r = json.load(sys.stdin)["records"]; assert len(r) == 1; print(r[0]["cycles"])'
    grep -q "returned r0 = 0x0000ce40" "$work/err" || { cat "$work/err"; echo "$fn: not the table's sum"; exit 1; }
}
on=$(cycles xmem_table)
off=$(cycles xmem_table --set dcache.enabled=false)
cr=$(cycles xmem_table_cr_off)
echo "xmem_table: DCACHE on $on, off (--set) $off; after DCACHE_CR = 0: $cr"
[ "$cr" -gt "$on" ] && [ "$cr" -ge "$off" ] && [ $((cr - off)) -le 16 ]
