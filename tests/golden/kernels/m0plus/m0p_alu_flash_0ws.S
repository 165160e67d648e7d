@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ set: flash.wait_states=0 flash.buffers=false flash.prefetch=false
@ at: 0x08000000
@ expect: 7
@ The ALU kernel from flash with 0 wait state(s), NVM buffers and prefetch off,
@ so every 32-bit fetch is an NVM read of 1+0 cycles (RM0367 3.3) on the one
@ AHB port; the fetch of the next word starts when the core starts the
@ current one (32-bit fetch-ahead, DDI0484C 2.2.1).
@ every fetch ready 1 cycle after its request: as in SRAM, 7.
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
