@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 7
@ Four 1-cycle ALU instructions and BX LR, code in zero-wait SRAM.
@ DDI0484C Table 3.1: MOVS/ADDS 1, BX 2.  The run starts with an empty
@ pipeline, so the first word's fetch adds 1:  1 + 4*1 + 2 = 7.
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
