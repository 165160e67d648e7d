@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 25
@ FPv4-SP on a Cortex-M4F, code and data in zero-wait flash.  ARM 100166
@ Table 7-1: VLDR 1+N with N the words (2 single, 3 double); VDIV 14, and
@ ARM erratum 776924 (TI SWRZ108A): a VDIV completes in the FPU while other
@ instructions go on, so an integer ADDS runs inside its 14 cycles and the
@ next FP instruction, here a reader of its result, waits for the FPU.
@ 1 (first fetch) + 1 (adr) + 1 (nop) + 2 (vldr s1) + 3 (vldr d1) + 14
@ (vdiv, the ADDS inside) + 1 (vadd) + 2 (bx lr) = 25.
    .syntax unified
    .thumb
    .fpu fpv4-sp-d16
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r0, data
    nop
    vldr s1, [r0]
    vldr d1, [r0]
    vdiv.f32 s3, s1, s2
    adds r1, r1, #1
    vadd.f32 s4, s3, s2
    bx lr
    .align 3
data:
    .float 3.0, 2.0
