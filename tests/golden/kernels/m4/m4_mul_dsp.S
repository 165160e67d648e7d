@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 12
@ Cortex-M4, zero-wait flash.  ARM 100166 Table 3-1: MUL, MLA, the 64-bit
@ multiplies UMULL/SMULL and accumulates UMLAL/SMLAL/UMAAL, and the DSP
@ multiplies SMLABB/SMUAD are each 1 cycle.
@ 1 (first fetch) + 9 (nine multiplies) + 2 (bx lr) = 12.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    mul r0, r1, r2
    mla r0, r1, r2, r0
    umull r0, r1, r2, r3
    umlal r0, r1, r2, r3
    smull r0, r1, r2, r3
    smlal r0, r1, r2, r3
    umaal r0, r1, r2, r3
    smlabb r0, r1, r2, r0
    smuad r0, r1, r2
    bx lr
