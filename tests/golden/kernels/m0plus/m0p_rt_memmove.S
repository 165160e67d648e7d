@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 74
@ firmware/rt/memcpy_armv6m.S memmove (FW_RT_HELPERS=fast), the backward path:
@ 11 bytes from buf to buf + 4 (overlapping, both word-aligned): 3 bytes
@ until dst + left is aligned, 2 words, no byte left.  DDI0484C Table 3.1:
@ data processing 1; LDR/STR/LDRB/STRB 2; B<cond> 1 not taken / 2 taken;
@ BL 3; BX 2.
@ SUBS, CMP, BHS(nt) 3; MOVS, EORS, LSLS, BNE(nt) 4;
@ 3 x (ADDS, LSLS, BEQ(nt) 3 + SUBS 1 + LDRB 2 + STRB 2 + BNE(t) 2 = 10) = 30;
@ ADDS, LSLS 2 + BEQ(t) 2; SUBS, BLO(nt) 2; LDR 2 + STR 2 + SUBS 1 + BHS(t)
@ 2 = 7; LDR 2 + STR 2 + SUBS 1 + BHS(nt) 1 = 6; ADDS 1; SUBS 1 + BLO(t) 2;
@ BX 2:  3+4+30+4+2+7+6+1+3+2 = 62.
@ Kernel: 1 (first fetch) + MOV 1 + LDR 2 + MOVS 1 + ADDS 1 + MOVS 1 + BL 3
@ + 62 + BX r8 2 = 74.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    mov r8, lr
    ldr r1, =buf
    movs r0, r1
    adds r0, #4
    movs r2, #11
    bl memmove
    bx r8
    .ltorg
#include "../../../../firmware/rt/memcpy_armv6m.S"
    .bss
    .align 2
buf: .space 32
