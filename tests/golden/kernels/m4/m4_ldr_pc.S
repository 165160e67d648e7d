@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 10
@ Cortex-M4, code and literal in zero-wait flash.  ARM 100166, the
@ load/store timing text after Table 3-1: LDR PC "at least two cycles for
@ the load, and three cycles for the pipeline reload", at least 5.
@ 1 (first fetch) + 1 (adr) + 1 (nop) + 5 (ldr pc) + 2 (bx lr) = 10.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r0, target
    nop
    ldr pc, [r0]
    .align 2
target:
    .word leaf
    .thumb_func
leaf:
    bx lr
