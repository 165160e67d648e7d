@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 138
@ firmware/rt/memcpy_armv6m.S memcpy (FW_RT_HELPERS=fast), SRAM to SRAM: 47
@ bytes with both pointers word-aligned (two 16-byte blocks, then 8, 4, 2
@ and 1 byte), then 4 bytes between pointers of different alignment (byte
@ loop).  DDI0484C Table 3.1: data processing and MOV 1; LDR/STR/LDRB/STRB/
@ LDRH/STRH 2; LDM/STM/PUSH/POP 1+N (N registers; the written-back base is
@ not a transfer); B<cond> 1 not taken / 2 taken; BL 3; BX 2.
@ 47 aligned: MOV, MOVS, ORRS, LSLS, BNE(nt) 5; SUBS, BLO(nt) 2; PUSH {r4-r6}
@   4; loop: LDM 5 + STM 5 + SUBS 1 + BHS 2 (taken) = 13, then 12 (not
@   taken); POP 4; LSLS, BCC(nt) 2; 2 x (LDM 2 + STM 2) 8; BPL(nt) 1; LDM 2 +
@   STM 2; LSLS, BCC(nt) 2; LDRH 2 + STRH 2; BPL(nt) 1; LDRB 2 + STRB 2;
@   MOV 1; BX 2:  5+2+4+13+12+4+2+8+1+4+2+4+1+4+1+2 = 69.
@ 4 misaligned: MOV, MOVS, ORRS, LSLS 4 + BNE(t) 2; MOVS, EORS, LSLS 3 + BNE(t)
@   2; SUBS, ADDS, CMP, BEQ(nt) 4; per byte LDRB 2 + STRB 2 + ADDS 1 + CMP 1 +
@   BNE 2 (taken; 1 on the last) = 8, 3 x 8 + 7 = 31; MOV 1; BX 2:
@   6+5+4+31+1+2 = 49.
@ Kernel: 1 (first fetch) + MOV 1 + (2 x LDR 4 + MOVS 1 + BL 3 + 69)
@ + (2 x LDR 4 + MOVS 1 + BL 3 + 49) + BX r8 2 = 138.
@ Five LDM with writeback: a model that counts the written-back base as a
@ transfer (issue 9, item 1) gives 143.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    mov r8, lr
    ldr r0, =dst
    ldr r1, =src
    movs r2, #47
    bl memcpy
    ldr r0, =dst + 1
    ldr r1, =src + 2
    movs r2, #4
    bl memcpy
    bx r8
    .ltorg
#include "../../../../firmware/rt/memcpy_armv6m.S"
    .bss
    .align 2
dst: .space 64
src: .space 64
