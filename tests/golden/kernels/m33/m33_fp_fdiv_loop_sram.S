@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 1705
@ The loop of issue 40: 100 x (VDIV.F32, SUBS, VADD.F32, BNE), code in SRAM.
@ VDIV.F32 takes 14 cycles (Cortex-M4 TRM, ARM 100166 Table 7-1, taken for
@ the M33: uncertain) and completes in the FPU while integer instructions go
@ on (ARM erratum 776924: it completes during the stacking), so SUBS issues
@ in its shadow and the VADD, the next FP instruction, waits for the FPU:
@ VDIV 1 + SUBS 1 + wait 12 + VADD 1 + BNE taken 2 (jnk0le cortex_m33.md
@ @3dfc2ab: 2, it follows a 32-bit instruction) = 17 per iteration; the last
@ BNE falls through: 1.
@ 1 (first fetch) + MOV.W 1 + VMOV 1 + VMOV 1 + 99 x 17 + 16 + BX 2 = 1705.
    .syntax unified
    .thumb
    .fpu fpv5-sp-d16
    .global kernel
    .align 2
    .thumb_func
kernel:
    mov.w r0, #100
    vmov.f32 s0, #1.0
    vmov.f32 s1, #2.0
loop:
    vdiv.f32 s3, s0, s1
    subs r0, #1
    vadd.f32 s2, s2, s0
    bne loop
    bx lr
