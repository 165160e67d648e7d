@ SPDX-License-Identifier: GPL-2.0-or-later
@ Cortex-M0+ kernels in flash for the what-if rows of tests/models/whatif.txt
@ (run with --call NAME --arg 100).
    .syntax unified
    .thumb

@ small_loop(n): n iterations of a loop of one 64-bit flash word (8 bytes,
@ aligned), then the word after it: what the STM32C0's two-line instruction
@ cache holds (RM0490 4.3.3).
    .global small_loop
    .align 3
    .thumb_func
small_loop:
    movs r1, r0
    movs r0, #0
    .align 3
1:  adds r0, r0, r1
    adds r0, r0, r1
    subs r1, #1
    bne 1b
    bx lr

@ straight(): straight-line code, one flash word after the other, with a
@ read of a flash constant in each word: the data reads keep the flash busy,
@ so a word that is not read ahead ("the next sequential instruction line",
@ RM0490 4.3.3) waits for its read.
    .global straight
    .align 3
    .thumb_func
straight:
    ldr r3, =constant
    .align 3
    .rept 64
    ldr r2, [r3]
    adds r0, r0, r2
    adds r0, r0, r1
    adds r0, r0, r1
    .endr
    bx lr
    .ltorg
    .align 3
constant:
    .word 7
