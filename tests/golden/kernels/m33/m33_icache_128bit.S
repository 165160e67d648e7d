@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x08000000
@ expect: 14
@ The loop of m33_icache_miss_then_hit.S with the flash as ST's L5 page
@ measured it: single-bank mode, DBANK = 0, 128-bit reads
@ (stm32l5xx_hal_flash.h OB_DBANK_128_BITS "Single-bank with 128-bits data").
@ The 16-byte line 0x00-0x0F is one flash read of 1+5 = 6 cycles: every word
@ of it is there at 6 (the 64-bit case waits until 12 for 0x08-0x0F).
@  MOVS: word 0x00 misses, ready at 6 -> issues 6 (fetch ahead of 0x04 at 6:
@        word of the line being filled, there at 6 -> ready 7)
@  SUBS: 7 (fetch ahead of 0x08 at 7: same read, a hit -> 8)
@  BNE taken: 8 (fetch ahead of 0x0C at 8 -> 9); resolves 9, refill -> 10
@  SUBS (second pass): word 0x00 refetched from 9 (hit) -> 10, issues 10 -> 11
@        (fetch of 0x04 at 10 -> 11)
@  BNE not taken: word 0x04 at 11, issues 11 -> 12 (no pair: its word came
@        after SUBS issued)
@  BX LR: 12 + 2 = 14 (no pair after a branch).
    .syntax unified
    .thumb
    .global kernel
    .align 4
    .thumb_func
kernel:
    movs r0, #2
loop:
    subs r0, #1
    bne loop
    bx lr
