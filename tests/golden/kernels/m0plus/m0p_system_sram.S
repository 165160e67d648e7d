@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 19
@ Hint, system and barrier instructions (DDI0484C Table 3.1): NOP 1, MRS 3,
@ MSR 3, DMB 3, DSB 3, ISB 3, BX 2.  The 32-bit ones straddle words; each
@ takes 3 cycles, time enough for the one-word fetch-ahead (DDI0484C 2.2.1):
@ 1 (first fetch) + NOP 1 + MRS 3 + MSR 3 + DMB 3 + DSB 3 + ISB 3 + BX 2 = 19.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    .inst.n 0xbf00 @ NOP (for ARMv6-M, gas assembles "nop" as MOV r8, r8)
    mrs r0, primask
    msr primask, r0
    dmb
    dsb
    isb
    bx lr
