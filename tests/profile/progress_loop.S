@ SPDX-License-Identifier: GPL-2.0-or-later
@ A long loop for tests/profile/test_progress.c: r0 iterations of 64 NOPs,
@ SUBS and BNE (66 instructions, one block each), then BX LR.
    .syntax unified
    .thumb
    .text
    .global kernel
    .align 2
    .type kernel, %function
kernel:
1:
    .rept 64
    nop
    .endr
    subs r0, #1
    bne 1b
    bx lr
    .size kernel, . - kernel
