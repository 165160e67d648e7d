@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ set: flash.read_bytes=8
@ at: 0x08000000
@ expect: 18
@ A two-pass loop from flash at 5 wait states through the cold 2-way ICACHE,
@ the flash in dual-bank mode (DBANK = 1: 64-bit reads, stm32l5xx_hal_flash.h
@ OB_DBANK_64_BITS; m33_icache_128bit.S is the single-bank case)
@ (16-byte lines, 64-bit flash reads of 1+5 = 6 cycles, critical word first,
@ hit-under-miss; src/memsys/memsys.c).  All four instructions share the line
@ 0x00-0x0F, filled by two flash reads ready at cycles 6 and 12.
@  MOVS: word 0x00 misses, ready at 6 -> issues 6 (fetch ahead of 0x04 at 6:
@        same flash word, ready 7)
@  SUBS: 7 (fetch ahead of 0x08 at 7: second flash word, ready 12)
@  BNE taken: 8, refill -> 10 (fetch ahead of 0x0C waits for the port, 12 -> 13)
@  SUBS (second pass): its word hits, but the C-AHB is busy until 13: 13 -> 14
@  BNE not taken: word 0x04 hits at 14 -> 15, issues 15 -> 16
@  BX LR: 16 + 2 = 18.
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
