#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Regression tests of defects whose symptom is not an exit code (issue 11):
# what the firmware prints, cache statistics, worker threads, overlays in check.
# usage: run_defects.sh CYCLESIM SOURCE_DIR WORKDIR
set -u
cyclesim=$1 src=$2 work=$3
here=$src/tests/cli
mkdir -p "$work" && cd "$work" || exit 2
fail=0
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
m0() { arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -nostdlib -Wl,-Ttext=0x08000000 -Wl,-e,kernel "$@"; }
m33() { arm-none-eabi-gcc -mcpu=cortex-m33 -mthumb -nostdlib -Wl,-Ttext=0x08000000 -Wl,-e,kernel "$@"; }

# SYS_WRITE0 of a string in the last bytes of SRAM prints it.
m0 "$here/fixtures/write0_sram_end.S" -o write0.elf || exit 2
"$cyclesim" run write0.elf --mcu stm32l073rz --call kernel --console console.txt > /dev/null 2> err.txt ||
    bad "write0: exit $?"
[ "$(cat console.txt)" = "end" ] || bad "write0: console shows \"$(cat console.txt)\", expected \"end\""

# ICACHE_CR.CACHEINV drops the cache lines: the second pass misses again.
m33 "$here/fixtures/v8m_icache_inv.S" -o keep.elf && m33 -DCACHEINV "$here/fixtures/v8m_icache_inv.S" -o inv.elf ||
    exit 2
misses() { "$cyclesim" run "$1" --mcu stm32l552ze --call kernel --format csv | awk -F, 'NR == 2 { print $20 }'; }
keep=$(misses keep.elf) inv=$(misses inv.elf)
[ -n "$keep" ] && [ -n "$inv" ] && [ "$inv" -gt "$keep" ] ||
    bad "cacheinv: $inv misses with CACHEINV, $keep without (expected more with)"

# profile -j 2 runs its two models on worker threads (the process has more than one).
m0 "$here/fixtures/runaway.S" -o runaway.elf || exit 2
"$cyclesim" profile runaway.elf --mcu stm32l073rz,stm32u083rc --call kernel --max-insns 50000000 -j 2 \
    --no-progress > /dev/null 2>&1 &
pid=$!
threads=1
for _ in 1 2 3 4 5 6 7 8 9 10; do
    sleep 0.2
    n=$(ls "/proc/$pid/task" 2>/dev/null | wc -l)
    [ "$n" -gt "$threads" ] && threads=$n
    [ "$threads" -gt 1 ] && break
done
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
[ "$threads" -gt 1 ] || bad "profile -j 2: one thread only"

# check --set @FILE applies a model overlay, as run does.
sh "$src/tests/output/build_fw.sh" "$src" small.elf || exit 2
cp "$src/tests/output/inputs/budgets.json" "$src/tests/output/inputs/overlay.json" . || exit 2
"$cyclesim" check small.elf --budgets budgets.json --mcu stm32l552ze --set @overlay.json > check.txt 2> err.txt
rc=$?
[ "$rc" -eq 8 ] || { bad "check --set @FILE: exit $rc, expected 8 (over budget)"; sed 's/^/    /' err.txt; }
grep -q "fill/32 .*stm32l552ze.*cycles" check.txt || bad "check --set @FILE: no fill/32 row"

echo "run_defects: $fail failure(s)"
[ "$fail" -eq 0 ]
