@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 12
@ {S,U}XTA{B,H,B16}: 2-cycle result latency, the accumulate operand chains
@ like a multiply-accumulate's (jnk0le cortex_m33.md @3dfc2ab, "overall",
@ cm33 r1p0), with or without ROR.  So a load addressed by a UXTAB/UXTAH
@ result waits one cycle, a UXTAH accumulating onto the previous one does not:
@ 1 (first fetch) + ADR 1 + MOVS 1 + UXTAB 1 + stall 1 + LDR 1 + MOV r8,r8 1
@ + UXTAH 1 + UXTAH (chained accumulator) 1 + stall 1 + LDR 1 + BX 1 = 12.
@ (LDR+ALU and ALU+ALU do not dual-issue, same document; BX pairs with the preceding 16-bit instruction, which sets no flags (jnk0le
@ cortex_m33.md @3dfc2ab: the pair costs the taken branch's 2, so BX adds 1).)
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r1, table
    movs r2, #0
    uxtab r3, r1, r2, ror #8
    ldr r0, [r3]
    mov r8, r8
    uxtah r3, r3, r2
    uxtah r3, r3, r2
    ldr r0, [r3]
    bx lr
    .align 2
table:
    .word 1, 2
