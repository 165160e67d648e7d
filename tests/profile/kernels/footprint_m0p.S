@ SPDX-License-Identifier: GPL-2.0-or-later
@ Footprint: what a function touches, by symbol.
@ mcu: stm32l073rz
@ arch: armv6-m
@ Stack: PUSH {r4-r7, lr} = 20 bytes.  Code: kernel is 8 16-bit instructions
@ (16 bytes) and its literal pool (.pool, word aligned: 3 words, 12 bytes),
@ all inside .size: 28.  Const: ctab (16 bytes) is read, cunused is not.
@ Data: dvar (8 bytes, .data) written, bvar (12 bytes, .bss) read, dunused
@ not touched: 20.
@ fn: kernel - - 1
@ collapsed: kernel -
@ footprint: stack=20 code=28 const=16 data=20
    .syntax unified
    .thumb
    .text
    .global kernel
    .align 2
    .type kernel, %function
kernel:
    push {r4-r7, lr}
    ldr r1, =ctab
    ldr r0, [r1, #4]
    ldr r2, =dvar
    strb r0, [r2, #3]
    ldr r3, =bvar
    ldr r3, [r3]
    pop {r4-r7, pc}
    .pool
    .size kernel, . - kernel

    .section .rodata
    .align 2
    .type ctab, %object
ctab:
    .word 1, 2, 3, 4
    .size ctab, . - ctab
    .type cunused, %object
cunused:
    .space 32
    .size cunused, . - cunused

    .data
    .align 2
    .type dvar, %object
dvar:
    .space 8
    .size dvar, . - dvar
    .type dunused, %object
dunused:
    .space 64
    .size dunused, . - dunused

    .bss
    .align 2
    .type bvar, %object
bvar:
    .space 12
    .size bvar, . - bvar
