@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ at: 0x20000000
@ expect: 36
@ firmware/rt/lmul_armv6m.S (__aeabi_lmul, FW_RT_HELPERS=fast), one call.
@ DDI0484C Table 3.1, one-cycle multiplier (mul_cycles 1): MULS, ADDS, ADCS,
@ LSLS, LSRS, UXTH and MOV (high register) 1, BL 3, BX 2.
@ __aeabi_lmul: 23 one-cycle instructions + BX 2 = 25.
@ Kernel: 1 (first fetch) + MOV 1 + 4 MOVS 4 + BL 3 + 25 + BX r8 2 = 36.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    mov r8, lr
    movs r0, #201
    movs r1, #3
    movs r2, #77
    movs r3, #250
    bl __aeabi_lmul
    bx r8
#include "../../../../firmware/rt/lmul_armv6m.S"
