@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 15
@ Two-stage results on the Cortex-M33 (jnk0le cortex_m33.md @3dfc2ab,
@ "overall", cm33 r1p0): MULS.N executes through two stages and sets flags,
@ so it takes 2 cycles; MUL.W is the same two-stage multiply: 2-cycle result
@ (m33.mac_latency); DSP/SIMD (UADD8, PKHBT) and shifted-register operand2
@ have a 2-cycle result.  A consumer right after each waits one cycle.
@ 1 (first fetch) + MOVS 1 + MULS 2 + MUL.W 1 + stall 1 + ADDS 1 + UADD8 1
@ + stall 1 + ADDS 1 + ADD.W ..., ror #24 1 + stall 1 + ADDS 1 + BX 2 = 15.
@ (ADDS.N after a wide instruction never pairs: only two 16-bit ones do.)
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r1, #3
    muls r1, r1, r1
    mul.w r0, r1, r1
    adds r0, #1
    uadd8 r2, r1, r1
    adds r2, #1
    add.w r3, r1, r1, ror #24
    adds r3, #1
    bx lr
