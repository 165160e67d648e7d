@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 32
@ firmware/rt/shift_armv6m.S (__aeabi_llsl, FW_RT_HELPERS=fast), one call
@ with n < 32 and one with n >= 32.  DDI0484C Table 3.1: data processing 1,
@ B<cond> 1 not taken / 2 taken, BL 3, BX 2.
@ n = 5:  CMP 1 + BHS not taken 1 + 7 data processing + BX 2 = 11.
@ n = 40: CMP 1 + BHS taken 2 + SUBS, MOVS, LSLS, MOVS 4 + BX 2 = 9.
@ Kernel: 1 (first fetch) + MOV 1 + (MOVS 1 + BL 3 + 11) + (MOVS 1 + BL 3 + 9)
@ + BX r8 2 = 32.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    mov r8, lr
    movs r2, #5
    bl __aeabi_llsl
    movs r2, #40
    bl __aeabi_llsl
    bx r8
#include "../../../../firmware/rt/shift_armv6m.S"
