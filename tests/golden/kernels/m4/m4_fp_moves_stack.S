@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 18
@ FPv4-SP on a Cortex-M4F, code in zero-wait flash, stack in SRAM.  ARM
@ 100166 Table 7-1: VMOV of two core registers 2; VADD 1; VPUSH/VPOP,
@ VSTM/VLDM 1+N with N the words; VSTR 1+N.
@ 1 (first fetch) + 2 (vmov s0, s1, r0, r1) + 1 (vadd) + 5 (vpush, N = 4)
@ + 5 (vpop, N = 4) + 2 (vstr) + 2 (bx lr) = 18.
    .syntax unified
    .thumb
    .fpu fpv4-sp-d16
    .global kernel
    .align 2
    .thumb_func
kernel:
    vmov s0, s1, r0, r1
    vadd.f32 s8, s0, s1
    vpush {s0-s3}
    vpop {s4-s7}
    vstr s8, [sp, #-8]
    bx lr
