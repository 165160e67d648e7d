@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 303
@ expect-insns: 301
@ One straight-line block of 300 ADDS and BX LR, longer than the 256
@ instructions an earlier decoder buffer held (Unicorn hands over blocks of up
@ to 512 instructions): every instruction must be priced.
@ 1 (first fetch) + 300 * 1 (ADDS) + 2 (BX) = 303.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    .rept 300
    adds r0, #1
    .endr
    bx lr
