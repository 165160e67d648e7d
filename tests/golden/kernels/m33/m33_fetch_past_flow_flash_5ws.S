@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ set: cache.enabled=false core.fetch_past_flow=true
@ at: 0x08000000
@ expect: 33
@ The kernel of m33_flow_fetch_flash_5ws.S (27 cycles, the rules there) with
@ core.fetch_past_flow=true: an unconditional flow change keeps its queue
@ words coming as any instruction does; the taken branch flushes them.
@  MOVS: w0 0..6, issues 6 -> 7; w1 6..12
@  ADDS: 7 -> 8; w2 12..18
@  B (w1, 12): before its issue the bus is busy (w2); in its issue cycle it
@        wants w3, the second word past its own: queued behind w2, 18..24;
@        resolves 13, refill -> 14, flushes w2 and w3
@  ADDS (w4): the C-AHB carries w3 until 24: w4 24..30, issues 30 -> 31
@  BX LR: 31 + 2 = 33.
@ One flash read (1 + W = 6) more than the false case.
    .syntax unified
    .thumb
    .global kernel
    .align 4
    .thumb_func
kernel:
    movs r0, #1
    adds r0, #1
    b 1f
    adds r0, #5
    adds r0, #6
    adds r0, #7
    adds r0, #8
    adds r0, #9
1:  adds r0, #1
    bx lr
