@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 16
@ FPv4-SP on a Cortex-M4F, zero-wait flash.  ARM 100166 Table 7-1: VMOV
@ (immediate), VADD, VMUL 1; VMLA 3.  Section 7.2.3: an arithmetic result
@ takes one cycle longer when the next instruction consumes it; a MAC reads
@ its addend a cycle late, so a chained VMLA follows at once.  An integer
@ instruction does not wait for the FPU; a reader of a MAC's result waits
@ its 3 cycles.
@ 1 (first fetch) + 1 (vmov) + 1 (vmov) + 1 (vadd) + 1 (vmul) + 2 (vadd of
@ the VMUL's result: 1 + 1) + 3 (vmla) + 3 (chained vmla, its result read
@ next) + 1 (vadd) + 2 (bx lr) = 16.
    .syntax unified
    .thumb
    .fpu fpv4-sp-d16
    .global kernel
    .align 2
    .thumb_func
kernel:
    vmov.f32 s1, #1.0
    vmov.f32 s2, #2.0
    vadd.f32 s3, s1, s2
    vmul.f32 s4, s1, s2
    vadd.f32 s5, s3, s4
    vmla.f32 s0, s1, s2
    vmla.f32 s0, s1, s2
    vadd.f32 s6, s0, s1
    bx lr
