@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 11
@ CBZ/CBNZ and TBB on the Cortex-M33.  No measurement times them; assumed as
@ the Cortex-M4 TRM (ARM 100166 Table 3-1): CBZ/CBNZ 1 not taken, 1+P taken;
@ TBB 2+P, with P = 1 at zero wait (the taken-branch refill measured on the
@ M33, jnk0le cortex_m33.md @3dfc2ab).  They do not dual-issue (modelled).
@ 1 (first fetch) + MOVS 1 + CBNZ (not taken) 1 + CBZ (taken) 2 + ADR 1
@ + TBB (to case1, past a NOP) 3 + BX 2 = 11.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #0
    cbnz r0, fail
    cbz r0, taken
fail:
    nop
taken:
    adr r1, table
    tbb [r1, r0]
    nop
case1:
    bx lr
    .align 2
table:
    .byte (case1 - kernel - 14) / 2, 0, 0, 0
