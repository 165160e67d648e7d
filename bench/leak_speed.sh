#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# How long `cyclesim leak` takes on the ctleak AES cases with N inputs per class
# (issue 38: N = 100 under a minute on two cores), on the U0 and L5 models.
# Prints CPU seconds (user + system, /usr/bin/time: less disturbed by the
# other load of a shared machine than the wall clock) and wall seconds.
# usage: bench/leak_speed.sh [BUILD_DIR] [N]   (default: build, 100)
set -eu
build=${1:-build}
n=${2:-100}
for spec in emu-m0plus:stm32u083rc emu-m33:stm32l552ze; do
    target=${spec%%:*} mcu=${spec#*:}
    /usr/bin/time -f "$mcu: N=$n, 2 AES cases: %U s user + %S s system CPU, %e s wall" \
        "$build/cyclesim" leak "$build/firmware/$target/ctleak.elf" --mcu "$mcu" --case 'ctleak/aes-*' \
        --inputs "$n" -j 2 -q --format json -o /dev/null
done
