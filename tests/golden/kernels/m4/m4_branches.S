@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 24
@ Cortex-M4, code in zero-wait flash, stack in SRAM.  ARM 100166 Table 3-1:
@ B<cond> 1 not taken, 1 + P taken; B, BL, BX 1 + P; CBZ 1 + P taken;
@ PUSH 1 + N; POP {.., PC} 1 + N + P.  P = 1 for a target formed in decode
@ (PC plus immediate, fetched at once) and for BX LR (forwarded): ARM
@ DDI0337G 1.4, the prefetch unit of the M3/M4 pipeline; P = 3 for a target
@ loaded from memory (the load/store timing text: "three cycles for the
@ pipeline reload").  Every target here is a 16-bit instruction.
@ 1 (first fetch) + 1 (movs) + 1 (cmp) + 1 (beq not taken) + 2 (b) + 2 (cbz
@ taken) + 1 (cmp) + 2 (beq taken) + 3 (push, N = 2) + 2 (bl) + 2 (bx lr) +
@ 6 (pop {r4, pc}: 1 + 2 + 3) = 24.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #0
    cmp r0, #1
    beq 9f
    b 1f
    nop
1:  cbz r0, 2f
    nop
2:  cmp r0, #0
    beq 3f
    nop
3:  push {r4, lr}
    bl leaf
    pop {r4, pc}
    .thumb_func
leaf:
    bx lr
9:  bx lr
