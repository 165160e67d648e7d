@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ set: flash.wait_states=2 flash.buffers=false flash.prefetch=false
@ at: 0x08000000
@ expect: 11
@ The ALU kernel from flash with 2 wait state(s), NVM buffers and prefetch off,
@ so every 32-bit fetch is an NVM read of 1+2 cycles (RM0367 3.3) on the one
@ AHB port; the fetch of the next word starts when the core starts the
@ current one (32-bit fetch-ahead, DDI0484C 2.2.1).
@ fetches take 3: first word at 3, MOVS 3-4, ADDS 4-5, second word (requested at 3) at 6, ADDS 6-7, ADDS 7-8, third word (requested at 6) at 9, BX 9-11.
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
