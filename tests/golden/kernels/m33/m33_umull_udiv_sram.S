@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ set: m33.div_cycles=5
@ at: 0x20000000
@ expect: 12
@ Key-driven costs on the Cortex-M33 (docs/model-keys.md, all "uncertain":
@ no measurement exists): UMULL issue m33.mull_issue = 1 (the Cortex-M4 TRM,
@ ARM 100166 Table 3-1), result after m33.mull_latency = 2 (as the measured
@ MAC latency); UDIV m33.div_cycles, set to 5 here.  MOVS 1, ADDS 1, BX 2.
@ 1 (first fetch) + MOVS 1 + UMULL 1 + stall 1 + ADDS 1 + UDIV 5 + BX 2 = 12.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r1, #3
    umull r2, r3, r1, r1
    adds r2, #1
    udiv r0, r1, r1
    bx lr
