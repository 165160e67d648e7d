@ SPDX-License-Identifier: GPL-2.0-or-later
@ Cortex-M0+, code in flash: kernel(value, n, reg) stores value at reg
@ (FLASH_ACR, 0x40022000 on the test MCU tests/models/test-g0like.json; or
@ RAM, which changes nothing) and reads it back, as the reference manuals
@ ask, then runs n iterations of a loop whose body spans several flash
@ lines: each iteration's time follows the wait states, prefetch and cache
@ in force.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    str r0, [r2]
    ldr r0, [r2]
    movs r0, #0
    .align 3
1:  .rept 16
    adds r0, r0, r1
    .endr
    subs r1, #1
    bne 1b
    bx lr
