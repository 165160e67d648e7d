@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 8
@ A taken branch costs 2, and one more when its target is a 32-bit instruction
@ at a halfword address, which needs two fetches (compendium branch_timing). The
@ branch follows a flag-setting MOVS, so it does not pair:
@ 1 (first fetch) + MOVS 1 + B 2 + 1 (second fetch) + ADDS.W 1 + BX 2 = 8.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #0
    b target
    nop
target:
    adds.w r0, r0, #1
    bx lr
