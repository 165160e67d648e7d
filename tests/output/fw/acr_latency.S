@ SPDX-License-Identifier: GPL-2.0-or-later
@ Cortex-M0+, code in flash: a function that sets FLASH_ACR.LATENCY of the
@ STM32U0 to 2 wait states (RM0503: FLASH_ACR at 0x40022000, LATENCY in bits
@ 2:0; read-modify-write, the other bits kept), then loops from flash.  The
@ reports must show the configuration it began with and say that the firmware
@ changed it (docs/output.md, "Configuration in force").
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    ldr r1, =0x40022000
    ldr r2, [r1]
    movs r3, #7
    bics r2, r3
    adds r2, #2
    str r2, [r1]
    ldr r2, [r1]            @ read back, as the reference manuals ask
    movs r0, #0
    movs r3, #40
1:  adds r0, r0, r3
    subs r3, #1
    bne 1b
    bx lr
    .ltorg
