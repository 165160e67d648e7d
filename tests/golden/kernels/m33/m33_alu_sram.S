@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 7
@ Cortex-M33, code in SRAM (S-AHB, zero wait).  ALU 1 each, two 16-bit ALU
@ instructions do not dual-issue, BX 2 (jnk0le cortex_m33.md @3dfc2ab):
@ 1 (first fetch) + 4*1 + 2 = 7.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #1
    adds r0, #2
    adds r0, #3
    adds r0, #4
    bx lr
