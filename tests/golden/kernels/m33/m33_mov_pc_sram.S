@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 6
@ MOV PC, Rm on the Cortex-M33: a taken branch, 2 cycles (jnk0le
@ cortex_m33.md @3dfc2ab: taken branches 2; assumed for a data-processing
@ write of the PC, as the M4 TRM's 1+P).  ADR sets no flags, but MOV PC is
@ not a branch the document pairs.  ADR 1, BX 2 (after NOP.W: no pair):
@ 1 (first fetch) + ADR 1 + MOV PC, r1 2 + BX 2 = 6.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r1, target
    mov pc, r1
    nop
    nop
    .align 2
target:
    bx lr
