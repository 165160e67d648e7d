@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 10
@ Three loads from zero-wait SRAM.  DDI0484C Table 3.1: ADR 1, LDR 2, BX 2;
@ the fetch-ahead word never collides with a load's data phase here
@ (fetches at cycles 1 and 4, data phases at 3, 5, 7):
@ 1 (first fetch) + 1 + 3*2 + 2 = 10.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r1, data
    ldr r0, [r1]
    ldr r0, [r1, #4]
    ldr r0, [r1, #8]
    bx lr
    .align 2
data:
    .word 1, 2, 3
