@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 15
@ VFMA/VMLA.F32 on a Cortex-M33 (jnk0le cortex_m33.md @3dfc2ab, measured):
@ 1-cycle issue, 3-cycle result latency, no FP instruction in the next 2
@ cycles, a chained accumulation included, code in SRAM.
@ 1 (first fetch) + VMOV 1 + VMOV 1 + VFMA 1 + 2 + VFMA 1 (chained) + 2 +
@ VMLA 1 (independent) + 2 + VADD 1 (reads the VMLA's result) + BX 2 = 15.
    .syntax unified
    .thumb
    .fpu fpv5-sp-d16
    .global kernel
    .align 2
    .thumb_func
kernel:
    vmov.f32 s1, #1.0
    vmov.f32 s2, #2.0
    vfma.f32 s0, s1, s2
    vfma.f32 s0, s1, s2
    vmla.f32 s3, s1, s2
    vadd.f32 s4, s3, s1
    bx lr
