#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Set-up, then the main job on the bundled default: the benchmark firmware's
# SHA-2 cases (emulator image for Cortex-M0+, which every model's core can run)
# on every model whose memory holds it (the C031's 12 KB of SRAM does not), as a
# table.  Extra arguments go to `cyclesim run`.
set -eu
cd "$(dirname "$0")/.."
sh tools/bootstrap.sh
./build/cyclesim run build/firmware/emu-m0plus/sha.elf --mcu all "$@"
