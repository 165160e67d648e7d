@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 15
@ PUSH {r4,lr} 1+N = 3, BL 3, MOVS 1, BX 2, POP {r4,pc} 3+N = 5 with N = 2:
@ DDI0484C Table 3.1 counts every register of the list in N, PC included
@ (1 address cycle + 2 transfers + 2 cycles to refetch from the new PC).
@ 1 (first fetch) + 3 + 3 + 1 + 2 + 5 = 15.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    push {r4, lr}
    bl func
    pop {r4, pc}
    .thumb_func
func:
    movs r0, #7
    bx lr
