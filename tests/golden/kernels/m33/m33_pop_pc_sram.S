@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 13
@ POP {..., PC} on the Cortex-M33: N + 3 with N counting PC.  Derived from
@ jnk0le cortex_m33.md @3dfc2ab ("limited dual issue" and branching, cm33
@ r1p0): "pop {r4-r11,lr}; 3 x mov.n; bx lr" (9 + 1 + 1 + 2 with the third
@ MOV paired with BX = 13 cycles for 3 useful MOVs) is 2 cycles faster than
@ "pop {r4-r11,pc}" plus the same 3 MOVs elsewhere, 1 cycle faster when the
@ third MOV does not pair (14): pop {r4-r11,pc} = 13 + 2 - 3 = 12 = 9 + 3.
@ PUSH/POP of x registers x cycles, taken branch (BL, BX) 2, ALU 1 (same doc);
@ the MOVS sets flags, so BX does not pair:
@ 1 (first fetch) + PUSH {r4,lr} 2 + BL 2 + MOVS 1 + BX 2 + POP {r4,pc} 2+3 = 13.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    push {r4, lr}
    bl func
    pop {r4, pc}
    .thumb_func
func:
    movs r0, #7
    bx lr
