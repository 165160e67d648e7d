@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ set: flash.wait_states=5 flash.buffers=false flash.prefetch=false
@ at: 0x08000000
@ expect: 20
@ The ALU kernel from flash with 5 wait state(s), NVM buffers and prefetch off,
@ so every 32-bit fetch is an NVM read of 1+5 cycles (RM0367 3.3) on the one
@ AHB port; the fetch of the next word starts when the core starts the
@ current one (32-bit fetch-ahead, DDI0484C 2.2.1).
@ fetches take 6: first word at 6, MOVS/ADDS 6-8, second word (requested at 6) at 12, ADDS 12-14, third word (requested at 12) at 18, BX 18-20.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #1
    adds r0, #2
    adds r0, #3
    adds r0, #4
    bx lr
