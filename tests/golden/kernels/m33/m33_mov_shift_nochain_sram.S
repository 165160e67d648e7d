@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ set: m33.operand2_chain=false
@ expect: 16
@ LSR.W/LSL.W/ROR.W by an immediate are MOV.W with a shifted register (the
@ same T32 encoding, DDI0553), a shifted-register operand2 instruction:
@ two stages, a 2-cycle result (jnk0le cortex_m33.md @3dfc2ab, "overall":
@ operand2 shifted register).  Its result waits a
@ cycle when the next instruction needs it at issue: as a shifted load index,
@ as a shifted operand, in a one-stage ALU operation.  m33.operand2_chain
@ (uncertain) lets it feed the unshifted operand of the next operand2
@ instruction at once.  The wide instructions are word-aligned; no 16-bit
@ pair (ALU+ALU; ADDS sets the flags before BX).
@ 1 (first fetch) + ADR 1 + MOVS 1 + LSR.W 1 + stall 1 + LDR.W [r1, r3, lsl #2] 1
@ + LSL.W 1 + stall 1 + LSR.W 1 + ROR.W 1 + EOR.W r0, r0, r2, ror #11 1
@ + stall 1 (m33.operand2_chain=false) + stall 1 + ADDS 1 + BX 2 = 16.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r1, table
    movs r2, #0
    mov.w r3, r2, lsr #24
    ldr.w r0, [r1, r3, lsl #2]
    mov.w r3, r2, lsl #8
    mov.w r3, r3, lsr #24
    mov.w r0, r2, ror #6
    eor.w r0, r0, r2, ror #11
    adds r0, #1
    bx lr
    .align 2
table:
    .word 1, 2
