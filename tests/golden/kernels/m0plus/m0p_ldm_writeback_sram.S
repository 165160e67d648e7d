@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 10
@ LDM/STM with writeback: the base register is an address, not a transfer.
@ DDI0484C Table 3.1: ADR 1, LDM/STM 1+N with N the registers of the list
@ (here 2), BX 2.  The fetch-ahead words (at cycles 1 and 5) never meet a
@ data phase (3-4 and 6-7):
@ 1 (first fetch) + ADR 1 + LDM r1!, {r3,r4} 3 + STM r1!, {r3,r4} 3 + BX 2 = 10.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r1, data
    ldm r1!, {r3, r4}
    stm r1!, {r3, r4}
    bx lr
    .align 2
data:
    .word 1, 2, 0, 0
