@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ set: cache.enabled=false core.fetch_past_flow=false
@ at: 0x08000000
@ expect: 27
@ core.fetch_past_flow=false (bundled): the fetch unit fetches nothing past
@ B, BL, BX, POP {PC} or MOV PC once it is the executing instruction.  L5 at
@ 5 WS with the ICACHE off: bypassed, every 32-bit fetch is one flash read of
@ 1+5 = 6 cycles (RM0522 7.4.5-7.4.6; src/memsys/memsys_icache.c), one C-AHB
@ transfer at a time.  The fetch unit keeps m33.fetch_words = 2 words beyond
@ the current instruction, fetching before the issue while the bus is idle
@ and, in the issue cycle, the first word missing (docs/timing-model.md).
@ wN: the word at 4N.  ADDS, MOVS set the flags: nothing pairs.
@  MOVS: w0 0..6, issues 6 -> 7; w1 wanted at 6: 6..12
@  ADDS: 7 -> 8; w2 wanted at 7, the bus is busy: 12..18
@  B (w1, 12): 12, resolves 13, refill -> 14, target fetch from 13
@  ADDS (w4): the C-AHB carries w2 until 18: w4 18..24, issues 24 -> 25
@        (w5 24..30)
@  BX LR: 25 + 2 = 27.
@ m33_fetch_past_flow_flash_5ws.S is the true case.
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
