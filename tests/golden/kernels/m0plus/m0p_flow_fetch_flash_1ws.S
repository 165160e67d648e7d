@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ set: flash.wait_states=1 flash.buffers=false flash.prefetch=false core.fetch_past_flow=false
@ at: 0x08000000
@ expect: 17
@ core.fetch_past_flow=false (bundled): nothing is fetched past B, BL, BX,
@ POP {PC} or MOV PC.  L0 NVM at 1 WS, buffers and prefetch off: every 32-bit
@ fetch is an NVM read of 1+1 cycles (RM0367 3.3), one at a time on the one
@ AHB port; an instruction fetches the word after its own as it starts
@ (DDI0484C 2.2.1); a taken branch is 1 + the refill that fetches the target
@ (Table 3.1), the refill's fetch in its last cycle.  wN: the word at 4N.
@ Word 0 read 0..2.  MOVS 2..3, fetches w1 2..4.  B (0x02) 3..5: no fetch; the
@ refill fetches w2 4..6.  SUBS 6..7, fetches w3 6..8.  BEQ not taken 7..8.
@ B (0x0c) 8..10: no fetch; refill fetches w2 9..11.  SUBS 11..12, fetches
@ w3 11..13.  BEQ taken 12..14 (w3 already there), refill fetches w4 13..15.
@ BX LR 15..17.  Total 17; m0p_fetch_past_flow_flash_1ws.S is the true case.
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
