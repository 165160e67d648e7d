#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What `run --range` costs against a plain run (docs/accuracy.md "Ranges"):
# each bundled image on each model that runs it, plain and --range
# alternating (ROUNDS rounds, the machine is shared), CPU time (user + sys)
# of each on one worker; prints the ratio per image and model and over all.
# With FAST_BUILD (a firmware build with -DFW_RT_HELPERS=fast), also
# `--range --rt-alt` with the image's fast build, in the same rounds.
# usage: bench/range_cost.sh [BUILD_DIR] [ROUNDS] [IMAGES] [FAST_BUILD]
#   default: build 2 sha (a range of the AES image on the U0 takes minutes)
set -eu
build=${1:-build}
rounds=${2:-2}
images=${3:-sha}
fast=${4:-}
cs=$build/cyclesim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cpu() { # OPTIONS... -> CPU seconds of one run
    /usr/bin/time -f '%U %S' -o "$tmp/time" "$cs" run "$@" --format csv --no-progress -j 1 > /dev/null 2>&1
    awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/time"
}

printf '%-22s %-12s %9s %9s %7s' image mcu plain_s range_s ratio
[ -n "$fast" ] && printf ' %9s %7s' rt_alt_s ratio
echo
for img in $images; do
    for target in emu-m0plus emu-m33; do
        elf=$build/firmware/$target/$img.elf
        [ -f "$elf" ] || continue
        if [ $target = emu-m0plus ]; then mcus="stm32u083rc stm32l073rz"; else mcus="stm32l552ze stm32u385rg"; fi
        for mcu in $mcus; do
            p=0 r=0 a=0
            i=0
            while [ $i -lt "$rounds" ]; do
                p=$(echo "$p + $(cpu "$elf" --mcu "$mcu")" | bc)
                r=$(echo "$r + $(cpu "$elf" --mcu "$mcu" --range)" | bc)
                [ -z "$fast" ] ||
                    a=$(echo "$a + $(cpu "$elf" --mcu "$mcu" --range --rt-alt "$fast/$target/$img.elf")" | bc)
                i=$((i + 1))
            done
            echo "$target/$img $mcu $p $r $a" >> "$tmp/all"
            printf '%-22s %-12s %9.2f %9.2f %7.2f' "$target/$img" "$mcu" "$p" "$r" "$(echo "$r / $p" | bc -l)"
            [ -z "$fast" ] || printf ' %9.2f %7.2f' "$a" "$(echo "$a / $p" | bc -l)"
            echo
        done
    done
done
awk -v fast="$fast" '{ p += $3; r += $4; a += $5 }
     END { printf "%-35s %9.2f %9.2f %7.2f", "all", p, r, r / p
           if (fast != "") printf " %9.2f %7.2f", a, a / p
           printf "\n" }' "$tmp/all"
