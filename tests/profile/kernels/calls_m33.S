@ SPDX-License-Identifier: GPL-2.0-or-later
@ The call structure of calls_m0p.S on a Cortex-M33: the same calls, edges,
@ stacks and footprint (cycles are not derived here: "-"; the profile must
@ still add up to the total the run reports).
@ mcu: stm32l552ze
@ arch: armv8-m.main
@ fn: kernel - - 1
@ fn: f - - 2
@ fn: g - - 2
@ fn: r - - 3
@ edge: kernel f 2 -
@ edge: f g 2 -
@ edge: kernel r 1 -
@ edge: r r 2 -
@ collapsed: kernel -
@ collapsed: kernel;f -
@ collapsed: kernel;f;g -
@ collapsed: kernel;r -
@ collapsed: kernel;r;r -
@ collapsed: kernel;r;r;r -
@ footprint: stack=32 code=48 const=0 data=0
    .syntax unified
    .thumb
    .text
    .global kernel
    .align 2
    .type kernel, %function
kernel:
    push {r4, lr}
    movs r4, #0
    bl f
    bl f
    movs r0, #2
    bl r
    pop {r4, pc}
    .size kernel, . - kernel

    .align 2
    .type f, %function
f:
    push {r4, lr}
    bl g
    movs r0, #1
    pop {r4, pc}
    .size f, . - f

    .align 2
    .type g, %function
g:
    movs r0, #2
    bx lr
    .size g, . - g

    .align 2
    .type r, %function
r:
    push {r4, lr}
    cmp r0, #0
    beq 1f
    subs r0, #1
    bl r
1:  pop {r4, pc}
    .size r, . - r
