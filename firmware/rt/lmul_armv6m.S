@ SPDX-License-Identifier: MIT
@ lmul_armv6m.S - __aeabi_lmul / __muldi3 for ARMv6-M (FW_RT_HELPERS=fast).
@
@ r1:r0 * r3:r2 mod 2^64 -> r1:r0.  ARMv6-M has only the 32-bit MULS, so
@ the low words are multiplied as 16-bit halves (a = ah:al, b = bh:bl):
@   a_lo * b_lo = ah*bh << 32 + (ah*bl + al*bh) << 16 + al*bl
@ and the high word adds a_hi * b_lo + b_hi * a_lo.  Each cross term is
@ added in two halves (<< 16 into the low word with carry, >> 16 into the
@ high word), so their 33-bit sum never needs a carry of its own.
@ 23 one-cycle instructions + BX = 25 cycles with a one-cycle multiplier
@ (tests/golden/kernels/m0plus/m0p_rt_lmul.S); libgcc's __muldi3 takes 57-61.
@ r4 is kept in ip (a one-cycle MOV) instead of on the stack.
    .syntax unified
    .thumb

    .section .text.__aeabi_lmul, "ax", %progbits
    .align 2
    .global __aeabi_lmul
    .global __muldi3
    .type __aeabi_lmul, %function
    .type __muldi3, %function
    .thumb_func
__aeabi_lmul:
    .thumb_func
__muldi3:
    muls r1, r2             @ a_hi * b_lo
    muls r3, r0             @ b_hi * a_lo
    adds r1, r1, r3
    mov ip, r4
    lsrs r3, r0, #16        @ ah
    lsrs r4, r2, #16        @ bh
    muls r3, r4             @ ah * bh
    adds r1, r1, r3
    lsrs r3, r0, #16        @ ah again: cheaper than a spare register
    uxth r2, r2             @ bl
    muls r3, r2             @ ah * bl
    uxth r0, r0             @ al
    muls r4, r0             @ al * bh
    muls r0, r2             @ al * bl
    lsls r2, r3, #16
    lsrs r3, r3, #16
    adds r0, r0, r2
    adcs r1, r3
    lsls r2, r4, #16
    lsrs r4, r4, #16
    adds r0, r0, r2
    adcs r1, r4
    mov r4, ip
    bx lr
    .size __aeabi_lmul, . - __aeabi_lmul
    .size __muldi3, . - __muldi3
