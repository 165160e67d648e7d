@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 13
@ Cortex-M33, code in SRAM (zero wait).  LDM of x registers takes x cycles,
@ one beat per cycle (jnk0le cortex_m33.md @3dfc2ab), and each register arrives with its
@ beat: a use of the first register right after the LDM does not stall, a use
@ of the last one does (load-to-use 2, jnk0le cortex_m33.md @3dfc2ab).
@ 1 (first fetch) + 1 (adr) + 3 (ldm, r1 ready after beat 1) + 1 (adds r1: no
@ stall) + 3 (ldm) + 1 (stall: r3 arrives with beat 3) + 1 (adds) + 2 (bx: the
@ preceding adds sets flags, so no pairing) = 13.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r0, words
    ldm.w r0, {r1, r2, r3}
    adds r4, r1, #1
    ldm.w r0, {r1, r2, r3}
    adds r4, r3, #1
    bx lr
    .align 2
words:
    .word 1, 2, 3
