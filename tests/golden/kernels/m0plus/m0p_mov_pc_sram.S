@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 6
@ A data-processing instruction that writes the PC: MOV PC, Rm 2 (DDI0484C
@ Table 3.1, 1 cycle + 1 to fetch the target), ADR 1, BX 2:
@ 1 (first fetch) + ADR 1 + MOV PC, r1 2 + BX 2 = 6.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r1, target
    mov pc, r1
    nop
    nop
    .align 2
target:
    bx lr
