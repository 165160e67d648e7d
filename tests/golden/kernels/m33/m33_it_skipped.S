@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 6
@ expect-insns: 6
@ An IT block whose first instruction fails its condition.  Unicorn 2.0.1 does
@ not call the per-instruction hook for it, but the core still spends its
@ cycle: it is counted.  IT pairs with the CMP before it (jnk0le cortex_m33.md @3dfc2ab);
@ the predicated ADDs wait for CMP's flags (ready the cycle after CMP):
@ ADDNE sets no flags, so BX pairs with it (the pair takes the taken branch's 2):
@ 1 (first fetch) + MOVS 1 + CMP 1 + ITE 0 + ADDEQ (skipped) 1 + ADDNE 1 + BX 1 = 6.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #0
    cmp r0, #1
    ite eq
    addeq r0, #5
    addne r0, #7
    bx lr
