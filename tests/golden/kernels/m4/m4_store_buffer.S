@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 15
@ Cortex-M4, code in zero-wait flash, data in SRAM (System bus).  ARM
@ 100166, the load/store timing text after Table 3-1: STR Rx,[Ry,#imm] is
@ always one cycle (the write buffer takes its data phase); nothing is
@ pipelined after a store, so an STR with a register offset after a store
@ takes 2 (Table 3-1) and a load after a store 2; a store after a load
@ pipelines (1), "so that the STR writes out what the LDR loaded".
@ 1 (first fetch) + 1 (sub sp) + 1 (mov r0, sp) + 1 (movs r3) + 1 (str imm)
@ + 1 (str imm) + 2 (str reg offset) + 2 (ldr) + 1 (str reg offset after
@ the ldr) + 1 (nop) + 1 (add sp) + 2 (bx lr) = 15.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    sub sp, #16
    mov r0, sp
    movs r3, #4
    str r1, [r0]
    str r2, [r0, #4]
    str r1, [r0, r3]
    ldr r2, [r0]
    str r2, [r0, r3]
    nop
    add sp, #16
    bx lr
