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
# One run with block reuse (the default) and one pricing every instruction in
# full (--no-reuse): the ratio is what reuse buys on that image and model.
mips() { # ELF MCU [OPTION] -> "instructions seconds"
    "$cs" run "$1" --mcu "$2" ${3:+"$3"} 2>/dev/null |
        sed -n 's/^total *[0-9]* *\([0-9]*\) *(whole run, \([0-9.]*\) s host.*/\1 \2/p'
}
printf '%-20s %-12s %12s %9s %7s %12s %8s\n' image model instructions host_s MIPS full_MIPS speed-up
for img in emu-m0plus/sha emu-m0plus/aes emu-m0plus/ed25519 emu-m33/sha emu-m33/aes emu-m33/ed25519; do
    case $img in
        emu-m0plus/*) models="stm32l073rz stm32u083rc stm32l552ze stm32u385rg" ;;
        *) models="stm32l552ze stm32u385rg" ;;
    esac
    for m in $models; do
        set -- $(mips "$fw/$img.elf" "$m") $(mips "$fw/$img.elf" "$m" --no-reuse)
        echo "$img $m $1 $2 $4" | awk '{ printf "%-20s %-12s %12d %9.2f %7.1f %12.1f %7.2fx\n",
            $1, $2, $3, $4, $3 / $4 / 1e6, $3 / $5 / 1e6, $5 / $4 }'
    done
done
