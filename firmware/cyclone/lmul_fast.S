/* SPDX-License-Identifier: MIT */
/*
 * lmul_fast.S - __aeabi_lmul (64 x 64 -> 64-bit multiply, RTABI) for
 * ARMv6-M in 22 instructions: the cross products' low halves with two MULS,
 * the 32 x 32 -> 64 product of the low words from four 16 x 16 MULS.  Linked
 * into the cyclone-ecc-fastlmul image only, in place of libgcc's version, to
 * show how much of the public-key rows is the compiler's run-time helper
 * (docs/cyclone.md); the timing model is not changed for it.
 * In: r1:r0 = a, r3:r2 = b.  Out: r1:r0 = a * b mod 2^64.
 */
    .syntax unified
    .thumb
    .text
    .global __aeabi_lmul
    .type __aeabi_lmul, %function
    .thumb_func
__aeabi_lmul:
    push {r4, r5, r6, lr}
    muls r1, r2             /* ah * bl */
    muls r3, r0             /* al * bh */
    adds r1, r1, r3         /* cross terms, mod 2^32 */
    lsrs r3, r0, #16        /* al.hi */
    uxth r4, r0             /* al.lo */
    lsrs r5, r2, #16        /* bl.hi */
    uxth r6, r2             /* bl.lo */
    movs r0, r4
    muls r0, r6             /* lo = al.lo * bl.lo */
    muls r4, r5             /* al.lo * bl.hi */
    muls r6, r3             /* al.hi * bl.lo */
    muls r3, r5             /* hi = al.hi * bl.hi */
    adds r4, r4, r6         /* mid, carry out = 2^32 of mid */
    movs r6, #0
    adcs r6, r6
    lsls r6, r6, #16        /* the carry's weight in hi: 2^16 */
    adds r3, r3, r6
    lsls r6, r4, #16        /* mid << 16 into lo, mid >> 16 into hi */
    lsrs r4, r4, #16
    adds r0, r0, r6
    adcs r3, r4
    adds r1, r1, r3
    pop {r4, r5, r6, pc}
    .size __aeabi_lmul, . - __aeabi_lmul
