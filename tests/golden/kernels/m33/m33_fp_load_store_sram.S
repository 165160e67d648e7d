@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 18
@ FP loads and stores through the memory system, code and data in SRAM: one
@ beat per word as LDR/LDM (jnk0le cortex_m33.md @3dfc2ab: one transfer a
@ cycle, load-to-use 2), a D register two words (the Cortex-M4 TRM, ARM
@ 100166 Table 7-1: VLDR.64 one cycle more than VLDR.32, VPUSH/VPOP 1+2N
@ for N D registers: the M33 taken alike, uncertain).
@ 1 (first fetch) + ADR 1 + VLDR.32 1 + VLDR.64 2 + stall 1 (s3 comes with
@ the second beat) + VADD 1 + VPUSH {d8, d9} 4 + VPOP {s16-s19} 4 + VSTR 1
@ + BX 2 = 18.
    .syntax unified
    .thumb
    .fpu fpv5-sp-d16
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r0, words
    vldr s0, [r0]
    vldr d1, [r0, #4]
    vadd.f32 s4, s3, s0
    vpush {d8, d9}
    vpop {s16-s19}
    vstr s4, [sp, #-8]
    bx lr
    .align 2
words:
    .float 1.0, 2.0, 3.0
