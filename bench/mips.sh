#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Simulation speed: simulated instructions per host second, with the full
# timing model, for benchmark firmware images on every model.  Runs everything
# in one go so the figures can be compared with each other (the machine is
# shared: compare ratios within one run, not absolute numbers across runs).
# usage: bench/mips.sh [BUILD_DIR] [BASELINE_CYCLESIM]   (default: build)
# With a second cyclesim binary (an older build, copied aside), each run is
# repeated with it right after, and the last columns give its MIPS and the
# speed-up over it.  Seconds are CPU seconds (user + system) when
# /usr/bin/time is there (less disturbed by other load than wall-clock time),
# else the wall-clock seconds cyclesim prints.
set -eu
build=${1:-build}
base=${2:-}
cs=$build/cyclesim
fw=$build/firmware
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# One run with block reuse (the default) and one pricing every instruction in
# full (--no-reuse): the ratio is what reuse buys on that image and model.
mips() { # CYCLESIM ELF MCU [OPTION] -> "instructions seconds"
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f '%U %S' -o "$tmp" "$1" run "$2" --mcu "$3" ${4:+"$4"} 2>/dev/null |
            sed -n 's/^total *[0-9]* *\([0-9]*\) *(whole run.*/\1/p' | tr '\n' ' '
        awk '{ print $1 + $2 }' "$tmp"
    else
        "$1" run "$2" --mcu "$3" ${4:+"$4"} 2>/dev/null |
            sed -n 's/^total *[0-9]* *\([0-9]*\) *(whole run, \([0-9.]*\) s host.*/\1 \2/p'
    fi
}
printf '%-20s %-12s %12s %9s %7s %9s %8s' image model instructions host_s MIPS full_MIPS speed-up
[ -n "$base" ] && printf ' %9s %8s' base_MIPS vs_base
printf '\n'
for img in emu-m0plus/sha emu-m0plus/aes emu-m0plus/ed25519 emu-m33/sha emu-m33/aes emu-m33/ed25519; do
    case $img in
        emu-m0plus/*) models="stm32l073rz stm32u083rc stm32l552ze stm32u385rg" ;;
        *) models="stm32l552ze stm32u385rg" ;;
    esac
    for m in $models; do
        set -- $(mips "$cs" "$fw/$img.elf" "$m") $(mips "$cs" "$fw/$img.elf" "$m" --no-reuse)
        line="$img $m $1 $2 $4"
        [ -n "$base" ] && line="$line $(mips "$base" "$fw/$img.elf" "$m" | cut -d' ' -f2)"
        echo "$line" | awk '{ printf "%-20s %-12s %12d %9.2f %7.1f %9.1f %7.2fx", $1, $2, $3, $4,
            $3 / $4 / 1e6, $3 / $5 / 1e6, $5 / $4
            if (NF > 5) printf " %9.1f %7.2fx", $3 / $6 / 1e6, $6 / $4
            printf "\n" }'
    done
done
