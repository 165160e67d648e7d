@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 9
@ Cortex-M4, code and literals in zero-wait flash (I-Code and D-Code).  ARM
@ 100166 Table 3-1: LDR 2; its load/store timing text: neighbouring loads
@ pipeline, so N loads take N+1 when no load's address uses the previous
@ load's result.  The NOP keeps the first load's address off the ADR result
@ (a data-processing result feeding an address stalls a cycle, same text).
@ 1 (first fetch) + 1 (adr) + 1 (nop) + 4 (three loads: 3 + 1) + 2 (bx lr:
@ 1 + P, P = 1, LR forwarded, ARM DDI0337G 1.4) = 9.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r0, words
    nop
    ldr r1, [r0]
    ldr r2, [r0, #4]
    ldr r3, [r0, #8]
    bx lr
    .align 2
words:
    .word 1, 2, 3
