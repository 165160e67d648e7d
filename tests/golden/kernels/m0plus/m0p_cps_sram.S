@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 5
@ CPSID/CPSIE take 1 cycle each (DDI0484C Table 3.1), not the 3 of MRS/MSR:
@ 1 (first fetch) + CPSID 1 + CPSIE 1 + BX 2 = 5.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    cpsid i
    cpsie i
    bx lr
