@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 10
@ Cortex-M33 stores and doubles (jnk0le cortex_m33.md @3dfc2ab, "load/store",
@ cm33 r1p0): STR 1, LDRD/STRD 2; ALU 1; BX 2 after a wide instruction:
@ 1 (first fetch) + ADR 1 + STR 1 + LDRD 2 + STRD 2 + MOVS 1 (r2 is not loaded
@ by the LDRD) + BX 2 = 10.  (STR + ADR: ALU and load/store do not pair.)
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    adr r1, data
    str r0, [r1]
    ldrd r2, r3, [r1]
    strd r2, r3, [r1, #8]
    movs.w r0, #0
    bx lr
    .align 2
data:
    .word 1, 2, 0, 0
