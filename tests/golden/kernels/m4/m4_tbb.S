@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: test-m4-zero-wait
@ at: 0x08000000
@ expect: 11
@ Cortex-M4, zero-wait flash (the table read on D-Code).  ARM 100166, the
@ load/store timing text after Table 3-1: TBB "at least two cycles for the
@ load, one cycle for the add, and three cycles for the pipeline reload",
@ at least 6.  The NOP keeps the index off the MOVS result (a data-processing
@ result feeding an address stalls a cycle, same text).
@ 1 (first fetch) + 1 (movs) + 1 (nop) + 6 (tbb) + 2 (bx lr) = 11.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #1
    nop
    tbb [pc, r0]
table:
    .byte (case0 - table) / 2
    .byte (case1 - table) / 2
case0:
    bx lr
case1:
    bx lr
