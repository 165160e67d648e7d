@ SPDX-License-Identifier: GPL-2.0-or-later
@ Call structure: kernel calls f twice, f calls g, kernel calls r(2), which
@ recurses to r(1) and r(0).  Cortex-M0+, code in zero-wait SRAM.
@ mcu: stm32l073rz
@ arch: armv6-m
@ Cycles (DDI0484C Table 3.1, as in tests/golden): PUSH 1+N, POP {..,pc} 3+N
@ (N: every register of the list, PC included), BL 3, BX 2, MOVS/CMP/SUBS 1,
@ B<cond> taken 2, not taken 1; the run starts with 1 cycle of first fetch
@ (kernel's).  Every branch target is word aligned or a 16-bit instruction, so
@ no refill needs a second fetch (the MOVS r4 after the PUSH is there for that).
@   kernel self = 1 + PUSH 3 + MOVS 1 + 3 * BL 3 + MOVS 1 + POP 5 = 20
@   f per call  = PUSH 3 + BL 3 + MOVS 1 + POP 5                  = 12, twice: 24
@   g per call  = MOVS 1 + BX 2                                   = 3, twice: 6
@   r(2), r(1)  = PUSH 3 + CMP 1 + BEQ 1 + SUBS 1 + BL 3 + POP 5  = 14 each
@   r(0)        = PUSH 3 + CMP 1 + BEQ 2 + POP 5                  = 11
@ Inclusive: f 24 + 6 = 30; r counts its outermost call only: 39, and the
@ edge r->r its outermost use: r(1) + r(0) = 25.  Total 20 + 30 + 39 = 89.
@ total: 89
@ fn: kernel 20 89 1
@ fn: f 24 30 2
@ fn: g 6 6 2
@ fn: r 39 39 3
@ edge: kernel f 2 30
@ edge: f g 2 6
@ edge: kernel r 1 39
@ edge: r r 2 25
@ collapsed: kernel 20
@ collapsed: kernel;f 24
@ collapsed: kernel;f;g 6
@ collapsed: kernel;r 14
@ collapsed: kernel;r;r 14
@ collapsed: kernel;r;r;r 11
@ Stack: kernel pushes 8 bytes, f 8 more (16), r(2), r(1), r(0) 8 each (8 + 24).
@ Code: kernel 2+2+4+4+2+4+2 = 20, f 2+4+2+2 = 10, g 2+2 = 4, r 2+2+2+2+4+2 = 14.
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
