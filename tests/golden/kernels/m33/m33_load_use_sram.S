@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 11
@ LDR 1 cycle, load-to-use 2 (one stall when the next instruction reads the
@ loaded register), back-to-back independent loads pipeline (jnk0le cortex_m33.md @3dfc2ab):
@ 1 (first fetch) + ADR 1 + LDR 1 + stall 1 + ADDS 1 + LDR 1 + LDR 1 + stall 1
@ + ADDS 1 + BX 2 = 11.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r1, data
    ldr r0, [r1]
    adds r0, #1
    ldr r2, [r1, #4]
    ldr r3, [r1, #8]
    adds r2, r3
    bx lr
    .align 2
data:
    .word 1, 2, 3
