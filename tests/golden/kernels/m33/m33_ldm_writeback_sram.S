@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 8
@ Cortex-M33, code in SRAM (zero wait).  LDM/STM of x registers take exactly
@ x cycles (jnk0le cortex_m33.md @3dfc2ab, "load/store", cm33 r1p0); the
@ written-back base is not one of them.  ALU 1, two ALU instructions do not
@ dual-issue, a taken BX after a 16-bit instruction that sets no flags pairs
@ with it: the pair takes the branch's 2 cycles (same document):
@ 1 (first fetch) + ADR 1 + ADR 1 + LDM r1!, {r3,r4} 2 + STM r2!, {r5,r6} 2
@ + BX 1 = 8.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r1, data
    adr r2, data
    ldm r1!, {r3, r4}
    stm r2!, {r5, r6}
    bx lr
    .align 2
data:
    .word 1, 2, 0, 0
