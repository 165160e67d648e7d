@ SPDX-License-Identifier: MIT
@ memset_armv6m.S - word-wise memset in ARMv6-M Thumb, also linked into the
@ Cortex-M33 images (FW_RT_HELPERS=fast): memset, __aeabi_memset{,4,8},
@ __aeabi_memclr{,4,8}.
@
@ newlib-nano memset is -Os C on both cores: four STRs per 16 bytes (8 cycles
@ on the M0+), then a loop of words and one of bytes.  Here: bytes up to a
@ word boundary, 16 bytes per STM of four registers (5 cycles), then 8/4/2/1
@ bytes by the bits of the count, no loop.  Cycle counts:
@ tests/golden/kernels/m0plus/m0p_rt_memset.S.
    .syntax unified
    .thumb

    .section .text.memset, "ax", %progbits
    .align 2
    .global memset
    .global __aeabi_memset
    .global __aeabi_memset4
    .global __aeabi_memset8
    .global __aeabi_memclr
    .global __aeabi_memclr4
    .global __aeabi_memclr8
    .type memset, %function
    .type __aeabi_memset, %function
    .type __aeabi_memset4, %function
    .type __aeabi_memset8, %function
    .type __aeabi_memclr, %function
    .type __aeabi_memclr4, %function
    .type __aeabi_memclr8, %function
@ RTABI: __aeabi_memclr(dst, n); __aeabi_memset(dst, n, c).
    .thumb_func
__aeabi_memclr:
    .thumb_func
__aeabi_memclr4:
    .thumb_func
__aeabi_memclr8:
    movs r2, r1
    movs r1, #0
    b memset
    .thumb_func
__aeabi_memset:
    .thumb_func
__aeabi_memset4:
    .thumb_func
__aeabi_memset8:
    movs r3, r1
    movs r1, r2
    movs r2, r3
@ memset(dst = r0, c = r1, n = r2); returns dst (ip holds it).
    .thumb_func
memset:
    mov ip, r0
    uxtb r1, r1
    lsls r3, r1, #8
    orrs r1, r3
    lsls r3, r1, #16
    orrs r1, r3             @ c in every byte
    lsls r3, r0, #30
    beq .Lset_words
1:  subs r2, #1             @ bytes up to the word boundary
    blo .Lset_done
    strb r1, [r0]
    adds r0, #1
    lsls r3, r0, #30
    bne 1b
.Lset_words:
    subs r2, #16
    blo .Lset_tail
    push {r4, r5}
    movs r3, r1
    movs r4, r1
    movs r5, r1
2:  stm r0!, {r1, r3, r4, r5}
    subs r2, #16
    bhs 2b
    pop {r4, r5}
@ The low four bits of r2 are the bytes left (r2 = left - 16).
.Lset_tail:
    lsls r3, r2, #29        @ C = 8 bytes, N = 4 bytes
    bcc 3f
    stm r0!, {r1}
    stm r0!, {r1}
3:  bpl 4f
    stm r0!, {r1}
4:  lsls r2, r2, #31        @ C = 2 bytes, N = 1 byte
    bcc 5f
    strh r1, [r0]
    bpl .Lset_done
    strb r1, [r0, #2]
    mov r0, ip
    bx lr
5:  bpl .Lset_done
    strb r1, [r0]
.Lset_done:
    mov r0, ip
    bx lr
    .size memset, . - memset
    .size __aeabi_memclr, . - __aeabi_memclr
    .size __aeabi_memset, . - __aeabi_memset
    .size __aeabi_memclr4, . - __aeabi_memclr4
    .size __aeabi_memset4, . - __aeabi_memset4
    .size __aeabi_memclr8, . - __aeabi_memclr8
    .size __aeabi_memset8, . - __aeabi_memset8
