@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 17
@ The FP register scoreboard, code in SRAM, figures of the Cortex-M4 TRM
@ (ARM 100166 Table 7-1 and section 7.2.3, taken for the M33: uncertain):
@ VMOV, VABS, VNEG 1, result usable by the next instruction; VMOV of two
@ core registers 2; VADD, VSUB (and, assumed alike, FPv5's VMAXNM) 1, their
@ result one cycle longer when the next instruction consumes it; independent
@ FP instructions issue back to back.
@ 1 (first fetch) + VMOV 1 + VMOV 1 + VADD 1 (s1 ready) + stall 1 + VADD 1
@ (s2) + VSUB 1 + stall 1 + VMAXNM 1 (s4) + VMAXNM 1 + stall 1 + VABS 1 (s6)
@ + VMOV 2 + VNEG 1 (s8 ready) + BX 2 = 17.
    .syntax unified
    .thumb
    .fpu fpv5-sp-d16
    .global kernel
    .align 2
    .thumb_func
kernel:
    vmov.f32 s0, #1.0
    vmov.f32 s1, #2.0
    vadd.f32 s2, s0, s1
    vadd.f32 s3, s0, s2
    vsub.f32 s4, s0, s1
    vmaxnm.f32 s5, s4, s0
    vmaxnm.f32 s6, s0, s1
    vabs.f32 s7, s6
    vmov s8, s9, r0, r1
    vneg.f32 s10, s8
    bx lr
