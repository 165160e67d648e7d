@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ set: flash.wait_states=1 flash.buffers=false flash.prefetch=false core.fetch_past_flow=true
@ at: 0x08000000
@ expect: 18
@ The kernel of m0p_flow_fetch_flash_1ws.S (17 cycles, the rules there) with
@ core.fetch_past_flow=true: B, BL, BX, POP {PC} and MOV PC fetch the word
@ after their own as any instruction does, for nothing (the refill flushes it).
@ Word 0 read 0..2.  MOVS 2..3, fetches w1 2..4.  B (0x02) 3..5 ends word 0:
@ w1 is already there, nothing more to fetch; refill w2 4..6.  SUBS 6..7,
@ fetches w3 6..8.  BEQ not taken 7..8.  B (0x0c, first halfword of w3)
@ 8..10 fetches w4 8..10; its refill's fetch of w2, due at 9, waits for the
@ port: 10..12.  SUBS 12..13, fetches w3 12..14.  BEQ taken 13..15, refill
@ fetches w4 14..16.  BX LR 16..18.  Total 18: one cycle (W) per branch whose
@ word-after is not yet fetched, nothing for a branch ending a word after an
@ instruction of the same word (that instruction fetched the next word).
@ A BL (3 cycles) hides a 1-WS fetch: its refill is due when the port is free.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #2
    b loop
    nop
    nop
loop:
    subs r0, #1
    beq done
    b loop
    nop
done:
    bx lr
