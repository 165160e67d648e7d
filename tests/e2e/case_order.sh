#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The benchmark cases run in the order their file declares them (the pages'
# row order; firmware/README.md): the AES sole-buffer series of one key and
# implementation must come out 16, 32, 64, 128 bytes, and the sole-buffer rows
# before the data-flow rows, as aes_cases.c declares them.
# usage: case_order.sh CYCLESIM AES_ELF
set -u
cyclesim=$1 elf=$2
got=$("$cyclesim" run "$elf" --mcu stm32u083rc --format csv --no-progress \
      --case 'aes-cbc/enc/128/small/sole/*' --case 'aes-cbc/enc/128/small/flow/8000/128' 2>/dev/null |
      awk -F, 'NR > 1 { print $7 }' | tr '\n' ' ')
want="aes-cbc/enc/128/small/sole/16 aes-cbc/enc/128/small/sole/32 aes-cbc/enc/128/small/sole/64 aes-cbc/enc/128/small/sole/128 aes-cbc/enc/128/small/flow/8000/128 "
if [ "$got" != "$want" ]; then
    echo "case order: got '$got', want '$want'"
    exit 1
fi
echo "case order: declaration order"
