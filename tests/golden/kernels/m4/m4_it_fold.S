@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 9
@ expect-insns: 8
@ Cortex-M4, zero-wait flash.  ARM 100166 Table 3-1: IT 1, folded onto a
@ preceding 16-bit instruction (0 cycles); after a 32-bit instruction it is
@ not folded.  An instruction its condition skips still takes its cycle.
@ 1 (first fetch) + 1 (movs) + 1 (cmp) + 0 (it eq, folded) + 1 (moveq) +
@ 1 (add.w) + 1 (it ne, after a 32-bit instruction) + 1 (movne, skipped)
@ + 2 (bx lr) = 9.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #0
    cmp r0, #0
    it eq
    moveq r1, #1
    add.w r2, r2, #1
    it ne
    movne r1, #2
    bx lr
