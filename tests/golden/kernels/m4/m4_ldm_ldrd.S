@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 21
@ Cortex-M4, code and literals in zero-wait flash, stack in SRAM.  ARM
@ 100166 Table 3-1: LDM/STM/PUSH/POP 1+N, LDRD/STRD 1+N with N = 2 (never
@ pipelined with their neighbours, the load/store timing text).
@ 1 (first fetch) + 3 (push {r4, r5}) + 1 (adr) + 1 (nop) + 4 (ldm, N = 3)
@ + 3 (ldrd) + 3 (strd) + 3 (pop {r4, r5}) + 2 (bx lr) = 21.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    push {r4, r5}
    adr r0, words
    nop
    ldm r0, {r1, r2, r3}
    ldrd r4, r5, [r0]
    strd r4, r5, [sp]
    pop {r4, r5}
    bx lr
    .align 2
words:
    .word 1, 2, 3
