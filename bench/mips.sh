#!/bin/sh
# Simulation speed: simulated instructions per host second, with the full
# timing model, for benchmark firmware images on every model.  Runs everything
# in one go so the figures can be compared with each other (the machine is
# shared: compare ratios within one run, not absolute numbers across runs).
# usage: bench/mips.sh [BUILD_DIR]   (default: build)
set -eu
build=${1:-build}
cs=$build/cyclesim
fw=$build/firmware
printf '%-26s %-12s %14s %9s %8s\n' image model instructions host_s MIPS
for img in emu-m0plus/sha emu-m0plus/aes emu-m0plus/ed25519 emu-m33/sha emu-m33/aes emu-m33/ed25519; do
    case $img in
        emu-m0plus/*) models="stm32l073rz stm32u083rc stm32l552ze stm32u385rg" ;;
        *) models="stm32l552ze stm32u385rg" ;;
    esac
    for m in $models; do
        line=$("$cs" run "$fw/$img.elf" --mcu "$m" 2>/dev/null | grep '^total')
        insns=$(echo "$line" | awk '{print $3}')
        secs=$(echo "$line" | sed 's/.*run, \([0-9.]*\) s host.*/\1/')
        printf '%-26s %-12s %14s %9s %8.1f\n' "$img" "$m" "$insns" "$secs" \
            "$(echo "$insns $secs" | awk '{ print $2 > 0 ? $1 / $2 / 1e6 : 0 }')"
    done
done
