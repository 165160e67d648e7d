@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 5
@ expect-insns: 3
@ MSR MSPLIM (ARMv8-M) is unknown to Capstone 4; it must still be counted and
@ priced (as a system instruction: 1 issue cycle on the M33 table).  The
@ 32-bit MSR at 0x02 straddles two words, fetched at 0 and 1:
@ 1 (first fetch) + MOVS 1 + MSR 1 + BX 2 = 5.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #0
    msr msplim, r0
    bx lr
