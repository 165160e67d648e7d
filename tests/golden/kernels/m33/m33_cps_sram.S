@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 4
@ CPSID/CPSIE on the Cortex-M33: 1 cycle each, not paired.  No measurement
@ times them (jnk0le's template executes CPSID outside the timed loop);
@ assumed as the ARMv6-M figure of DDI0484C Table 3.1 (1) and the single
@ issue of the M33 system row (docs/timing-model.md, "uncertain" rows):
@ BX pairs with the preceding 16-bit instruction, which sets no flags (jnk0le
@ cortex_m33.md @3dfc2ab: the pair costs the taken branch's 2, so BX adds 1):
@ 1 (first fetch) + CPSID 1 + CPSIE 1 + BX 1 = 4.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    cpsid i
    cpsie i
    bx lr
