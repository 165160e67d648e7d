@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 10
@ Only two 16-bit instructions dual-issue (jnk0le cortex_m33.md @3dfc2ab):
@ after a 32-bit instruction, NOP and IT take their own cycle.  System and
@ barrier instructions: no measurement; assumed single-cycle, as the
@ Cortex-M4 TRM (ARM 100166 Table 3-1: MRS/MSR 1, DMB/DSB 1+B with B = 0
@ when no transfer is outstanding).
@ 1 (first fetch) + CMP.W 1 + NOP 1 + CMP.W 1 + IT 1 + ADDEQ 1 + DMB 1 + DSB 1
@ + BX 2 = 10.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    cmp.w r0, r0
    nop
    cmp.w r0, r0
    it eq
    addeq r0, r0, #1
    dmb
    dsb
    bx lr
