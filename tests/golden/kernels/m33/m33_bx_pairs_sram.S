@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 6
@ BX dual-issues with a preceding 16-bit instruction that sets no flags:
@ "mov.n r10, r10 // can dual issue with bx" (jnk0le cortex_m33.md @3dfc2ab,
@ cm33 r1p0), the pair taking the 2 cycles of the taken branch:
@ 1 (first fetch) + MOVS 1 + ADDS 1 + MOV r8,r8 1 (ALU+ALU: no pair)
@ + MOV r10,r10 and BX (paired) 2 = 6.  Without pairing: 7.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r0, #1
    adds r0, #2
    mov r8, r8
    mov r10, r10
    bx lr
