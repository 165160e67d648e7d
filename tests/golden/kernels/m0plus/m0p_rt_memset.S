@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 129
@ firmware/rt/memset_armv6m.S (FW_RT_HELPERS=fast): memset(dst, 0xA5, 47) and
@ __aeabi_memclr(dst, 47), dst word-aligned in SRAM (two 16-byte blocks,
@ then 8, 4, 2 and 1 byte).  DDI0484C Table 3.1: data processing, UXTB and
@ MOV 1; STR/STRB/STRH 2; STM/PUSH/POP 1+N; B 2; B<cond> 1 not taken /
@ 2 taken; BL 3; BX 2.
@ memset 47: MOV, UXTB, LSLS, ORRS, LSLS, ORRS, LSLS 7 + BEQ(t) 2; SUBS,
@   BLO(nt) 2; PUSH {r4,r5} 3; 3 x MOVS 3; loop: STM 5 + SUBS 1 + BHS(t) 2 =
@   8, then 7 (not taken); POP 3; LSLS, BCC(nt) 2; 2 x STM 2 = 4; BPL(nt) 1;
@   STM 2; LSLS, BCC(nt) 2; STRH 2; BPL(nt) 1; STRB 2; MOV 1; BX 2:
@   9+2+3+3+8+7+3+2+4+1+2+2+2+1+2+1+2 = 54.
@ __aeabi_memclr 47: MOVS, MOVS 2 + B 2 + memset 54 = 58.
@ Kernel: 1 (first fetch) + MOV 1 + (LDR 2 + MOVS 1 + MOVS 1 + BL 3 + 54)
@ + (LDR 2 + MOVS 1 + BL 3 + 58) + BX r8 2 = 129.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    mov r8, lr
    ldr r0, =dst
    movs r1, #0xA5
    movs r2, #47
    bl memset
    ldr r0, =dst
    movs r1, #47
    bl __aeabi_memclr
    bx r8
    .ltorg
#include "../../../../firmware/rt/memset_armv6m.S"
    .bss
    .align 2
dst: .space 64
