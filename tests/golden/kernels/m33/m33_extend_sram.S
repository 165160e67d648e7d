@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 9
@ SXTB/SXTH/UXTB/UXTH/UXTB16/SXTB16 with ROR #8/16/24: the rotation selects
@ a byte lane inside the extend, it is not an operand2 shift.  jnk0le
@ cortex_m33.md @3dfc2ab ("overall") lists the 2-cycle-result instructions
@ (shifted operand2, {S,U}XTA*, MAC, DSP/SIMD); the plain extends are not
@ among them: ALU 1 with the result ready for the next instruction, also as
@ an address offset.  LDR 1, BX 2, no 16-bit pair here (ALU+ALU, same doc).
@ 1 (first fetch) + ADR 1 + MOVS 1 + UXTB.W ror #16 1 + LDR.W [r1, r3, lsl #2] 1
@ + UXTB16 ror #8 1 + LDR.W [r1, r3] 1 + BX 2 = 9.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r1, table
    movs r2, #0
    uxtb.w r3, r2, ror #16
    ldr.w r0, [r1, r3, lsl #2]
    uxtb16 r3, r2, ror #8
    ldr.w r0, [r1, r3]
    bx lr
    .align 2
table:
    .word 1, 2
