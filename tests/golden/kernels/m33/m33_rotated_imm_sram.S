@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 17
@ Operand2 constants (jnk0le cortex_m33.md @3dfc2ab, glossary and "overall",
@ cm33 r1p0): a "shifted constant" (DDI0553 ThumbExpandImm with
@ imm12<11:10> != 00: a rotated 8-bit value) takes two stages: a 2-cycle
@ result and, when the instruction sets flags, 2 cycles in all; MOVS.W of any
@ constant is unaffected.  Byte patterns (0x1b1b1b1b) and plain imm8 take one
@ stage.  The wide instructions are word-aligned.
@ 1 (first fetch) + MOVS 1 + MOV r8,r8 1 + CMP.W #0x6c000000 2 + TST.W #0x1fc0 2
@ + ANDS.W #0x1fc0 2 + CMP.W #0x1b1b1b1b 1 + CMP.W #0xff 1 + MOVS.W #0x1fc0 1
@ + AND.W #0x1fc0 1 + stall 1 (2-cycle result) + ADDS r3 1 + BX 2 = 17.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    movs r1, #0
    mov r8, r8
    cmp.w r1, #0x6c000000
    tst.w r1, #0x1fc0
    ands.w r2, r1, #0x1fc0
    cmp.w r1, #0x1b1b1b1b
    cmp.w r1, #0xff
    movs.w r2, #0x1fc0
    and.w r3, r1, #0x1fc0
    adds r3, #1
    bx lr
