@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 7
@ Cortex-M4, zero-wait flash.  ARM 100166 Table 3-1: P, the refill, is 1 to
@ 3 "depending on the alignment and width of the target instruction": a
@ 32-bit target at 2 mod 4 needs a second word fetched before it can
@ issue, one cycle more than an aligned target (P = 1, ARM DDI0337G 1.4).
@ 1 (first fetch) + 3 (b to the unaligned ADD.W: 1 + P, P = 2) + 1 (add.w)
@ + 2 (bx lr) = 7.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    b 1f
    nop
    nop
1:  add.w r0, r0, #1
    bx lr
