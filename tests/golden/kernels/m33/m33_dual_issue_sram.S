@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 6
@ Dual issue of 16-bit pairs as measured on a cm33 (jnk0le cortex_m33.md @3dfc2ab): a NOP
@ after an ALU instruction and a not-taken 16-bit B<cond> cost nothing:
@ 1 (first fetch) + MOVS 1 + NOP 0 + CMP 1 + BEQ 0 + ADDS 1 + BX 2 = 6.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #1
    nop
    cmp r0, #2
    beq away
    adds r0, #1
    bx lr
away:
    bx lr
