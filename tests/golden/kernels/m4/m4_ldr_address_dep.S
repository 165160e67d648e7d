@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 9
@ Cortex-M4, zero-wait flash.  What stops the LDR pipelining (ARM 100166,
@ the load/store timing text after Table 3-1): a load whose address comes
@ from the preceding data-processing instruction waits one cycle (no
@ forwarding path), and a load whose address is the previous load's result
@ is not pipelined (LDR 2, Table 3-1).
@ 1 (first fetch) + 1 (adr) + 1 (stall) + 2 (ldr r1) + 2 (ldr r2, [r1]:
@ not pipelined) + 2 (bx lr) = 9.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r0, words
    ldr r1, [r0]
    ldr r2, [r1]
    bx lr
    .align 2
words:
    .word words
