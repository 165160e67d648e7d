@ SPDX-License-Identifier: MIT
@ shift_armv6m.S - 64-bit shifts for ARMv6-M (FW_RT_HELPERS=fast):
@ __aeabi_llsl (= __ashldi3), __aeabi_llsr (= __lshrdi3), __aeabi_lasr
@ (= __ashrdi3): r1:r0 shifted by r2 (0..63, RTABI) -> r1:r0.
@
@ One branch on n < 32 instead of the branch-free sequence of libgcc, which
@ relies on register shifts by 32 or more giving 0 and so always executes
@ both halves.  A Thumb register shift by 32 gives 0 (LSL/LSR) or the sign
@ (ASR), so n = 0 needs no special case: the word shifted by 32 - n = 32
@ contributes nothing.  Cycle counts: tests/golden/kernels/m0plus/m0p_rt_shift.S.
    .syntax unified
    .thumb

    .section .text.__aeabi_llsl, "ax", %progbits
    .align 2
    .global __aeabi_llsl
    .global __ashldi3
    .type __aeabi_llsl, %function
    .type __ashldi3, %function
    .thumb_func
__aeabi_llsl:
    .thumb_func
__ashldi3:
    cmp r2, #32
    bhs 1f
    movs r3, r0
    lsls r0, r2
    lsls r1, r2
    rsbs r2, r2, #0
    adds r2, #32            @ 32 - n
    lsrs r3, r2             @ the bits that cross into the high word
    orrs r1, r3
    bx lr
1:  subs r2, #32
    movs r1, r0
    lsls r1, r2
    movs r0, #0
    bx lr
    .size __aeabi_llsl, . - __aeabi_llsl
    .size __ashldi3, . - __ashldi3

    .section .text.__aeabi_llsr, "ax", %progbits
    .align 2
    .global __aeabi_llsr
    .global __lshrdi3
    .type __aeabi_llsr, %function
    .type __lshrdi3, %function
    .thumb_func
__aeabi_llsr:
    .thumb_func
__lshrdi3:
    cmp r2, #32
    bhs 1f
    movs r3, r1
    lsrs r0, r2
    lsrs r1, r2
    rsbs r2, r2, #0
    adds r2, #32            @ 32 - n
    lsls r3, r2             @ the bits that cross into the low word
    orrs r0, r3
    bx lr
1:  subs r2, #32
    movs r0, r1
    lsrs r0, r2
    movs r1, #0
    bx lr
    .size __aeabi_llsr, . - __aeabi_llsr
    .size __lshrdi3, . - __lshrdi3

    .section .text.__aeabi_lasr, "ax", %progbits
    .align 2
    .global __aeabi_lasr
    .global __ashrdi3
    .type __aeabi_lasr, %function
    .type __ashrdi3, %function
    .thumb_func
__aeabi_lasr:
    .thumb_func
__ashrdi3:
    cmp r2, #32
    bhs 1f
    movs r3, r1
    lsrs r0, r2
    asrs r1, r2
    rsbs r2, r2, #0
    adds r2, #32            @ 32 - n
    lsls r3, r2
    orrs r0, r3
    bx lr
1:  subs r2, #32
    movs r0, r1
    asrs r0, r2
    asrs r1, r1, #31        @ the sign
    bx lr
    .size __aeabi_lasr, . - __aeabi_lasr
    .size __ashrdi3, . - __ashrdi3
