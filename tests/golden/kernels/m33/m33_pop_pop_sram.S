@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l552ze
@ at: 0x20000000
@ expect: 6
@ POP after POP.  PUSH/POP of x registers take x cycles (jnk0le
@ cortex_m33.md @3dfc2ab, "load/store").  The SP a POP writes back is its
@ address plus 4x, not loaded data: like the base of LDM Rn!, it is ready the
@ next cycle (assumption: the document times no POP-POP pair; the
@ load-to-use latency of 2 applies to loaded registers only), so the second
@ POP does not wait.  BX pairs with the preceding 16-bit instruction, which sets no flags (jnk0le
@ cortex_m33.md @3dfc2ab: the pair costs the taken branch's 2, so BX adds 1):
@ 1 (first fetch) + PUSH {r4,r5} 2 + POP {r4} 1 + POP {r5} 1 + BX 1 = 6.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    push {r4, r5}
    pop {r4}
    pop {r5}
    bx lr
