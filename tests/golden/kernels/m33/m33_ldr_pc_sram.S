@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 6
@ LDR PC on the Cortex-M33: the PC arrives with a load beat, as in POP {PC}
@ (N + 3, derived in m33_pop_pc_sram.S from jnk0le cortex_m33.md @3dfc2ab);
@ assumed the same refill (no document times LDR PC): 1 + 3.  PUSH of one
@ register 1 (same document):
@ 1 (first fetch) + PUSH {lr} 1 + LDR PC, [sp], #4 4 = 6.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    push {lr}
    ldr pc, [sp], #4
