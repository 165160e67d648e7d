@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 10
@ B<cond> not taken 1, B<cond> taken 2, B 2 (to a halfword-aligned BX, whose
@ first fetch brings both halves), BX 2 (DDI0484C Table 3.1):
@ 1 (first fetch) + MOVS 1 + CMP 1 + BEQ 1 + BNE 2 + B 2 + BX 2 = 10.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #0
    cmp r0, #1
    beq skip
    bne over
    nop
    nop
over:
    b next
skip:
    nop
    nop
next:
    bx lr
