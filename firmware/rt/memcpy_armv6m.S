@ SPDX-License-Identifier: MIT
@ memcpy_armv6m.S - word-wise memcpy and memmove in ARMv6-M Thumb
@ (FW_RT_HELPERS=fast, Cortex-M0+ only): memcpy, __aeabi_memcpy{,4,8},
@ memmove, __aeabi_memmove{,4,8}.
@
@ newlib-nano on ARMv6-M (-Os C) copies byte by byte below 16 bytes, when
@ either pointer is misaligned and for every backward memmove.  (On ARMv8-M
@ mainline its memcpy is ARM's unrolled LDR/STR assembly, which the M33
@ keeps.)  Here:
@ - memcpy: when dst and src have the same alignment, bytes up to a word
@   boundary, then 16 bytes per LDM/STM of four registers, then 8/4/2/1
@   bytes as the bits of the remaining count say (no loop).  Pointers of
@   different alignment are copied byte by byte.
@ - memmove: a forward copy (memcpy) unless dst lies inside [src, src + n);
@   then backward, by words when dst and src have the same alignment.
@ Cycle counts: tests/golden/kernels/m0plus/m0p_rt_memcpy.S, m0p_rt_memmove.S.
@ memcpy and memmove share a section: memmove branches into memcpy.
    .syntax unified
    .thumb

    .section .text.memcpy, "ax", %progbits
    .align 2
    .global memcpy
    .global __aeabi_memcpy
    .global __aeabi_memcpy4
    .global __aeabi_memcpy8
    .type memcpy, %function
    .type __aeabi_memcpy, %function
    .type __aeabi_memcpy4, %function
    .type __aeabi_memcpy8, %function
@ r0 = dst, r1 = src, r2 = n; returns dst (ip holds it).
    .thumb_func
memcpy:
    .thumb_func
__aeabi_memcpy:
    mov ip, r0
    movs r3, r0
    orrs r3, r1
    lsls r3, r3, #30
    bne .Lcpy_unaligned
.Lcpy_words:
    subs r2, #16
    blo .Lcpy_tail
    push {r4, r5, r6}
.Lcpy_16:
    ldm r1!, {r3, r4, r5, r6}
    stm r0!, {r3, r4, r5, r6}
    subs r2, #16
    bhs .Lcpy_16
    pop {r4, r5, r6}
@ The low four bits of r2 are the bytes left (r2 = left - 16).
.Lcpy_tail:
    lsls r3, r2, #29        @ C = 8 bytes, N = 4 bytes
    bcc 1f
    ldm r1!, {r3}
    stm r0!, {r3}
    ldm r1!, {r3}
    stm r0!, {r3}
1:  bpl 2f
    ldm r1!, {r3}
    stm r0!, {r3}
2:  lsls r2, r2, #31        @ C = 2 bytes, N = 1 byte
    bcc 3f
    ldrh r3, [r1]
    strh r3, [r0]
    bpl .Lcpy_done
    ldrb r3, [r1, #2]
    strb r3, [r0, #2]
    mov r0, ip
    bx lr
3:  bpl .Lcpy_done
    ldrb r3, [r1]
    strb r3, [r0]
.Lcpy_done:
    mov r0, ip
    bx lr
.Lcpy_unaligned:
    movs r3, r0
    eors r3, r1
    lsls r3, r3, #30
    bne .Lcpy_bytes
@ Same alignment: bytes up to the word boundary.
4:  subs r2, #1
    blo .Lcpy_done
    ldrb r3, [r1]
    strb r3, [r0]
    adds r1, #1
    adds r0, #1
    lsls r3, r0, #30
    bne 4b
    b .Lcpy_words
@ Different alignment: byte by byte, dst addressed as src + (dst - src).
.Lcpy_bytes:
    subs r0, r0, r1
    adds r2, r2, r1         @ the end of src
    cmp r1, r2
    beq .Lcpy_done
5:  ldrb r3, [r1]
    strb r3, [r1, r0]
    adds r1, #1
    cmp r1, r2
    bne 5b
    mov r0, ip
    bx lr
    .size memcpy, . - memcpy
    .size __aeabi_memcpy, . - __aeabi_memcpy

@ Both pointers word-aligned (RTABI): the aligned path directly.
    .align 2
    .thumb_func
__aeabi_memcpy4:
    .thumb_func
__aeabi_memcpy8:
    mov ip, r0
    b .Lcpy_words
    .size __aeabi_memcpy4, . - __aeabi_memcpy4
    .size __aeabi_memcpy8, . - __aeabi_memcpy8

    .align 2
    .global memmove
    .global __aeabi_memmove
    .global __aeabi_memmove4
    .global __aeabi_memmove8
    .type memmove, %function
    .type __aeabi_memmove, %function
    .type __aeabi_memmove4, %function
    .type __aeabi_memmove8, %function
@ r0 = dst, r1 = src, r2 = n; returns dst.
    .thumb_func
memmove:
    .thumb_func
__aeabi_memmove:
    .thumb_func
__aeabi_memmove4:
    .thumb_func
__aeabi_memmove8:
    subs r3, r0, r1
    cmp r3, r2
    bhs memcpy              @ dst - src >= n (unsigned): forward is safe
@ src < dst < src + n: backward, byte i at [r1, r2] / [r0, r2] for i = r2.
    movs r3, r0
    eors r3, r1
    lsls r3, r3, #30
    bne .Lmov_bytes
1:  adds r3, r0, r2         @ bytes until dst + left is word-aligned
    lsls r3, r3, #30
    beq .Lmov_words
    subs r2, #1
    ldrb r3, [r1, r2]
    strb r3, [r0, r2]
    bne 1b                  @ Z from the SUBS: nothing left
    bx lr
.Lmov_words:
    subs r2, #4
    blo 3f
2:  ldr r3, [r1, r2]
    str r3, [r0, r2]
    subs r2, #4
    bhs 2b
3:  adds r2, #4
.Lmov_bytes:
    subs r2, #1
    blo 5f
4:  ldrb r3, [r1, r2]
    strb r3, [r0, r2]
    subs r2, #1
    bhs 4b
5:  bx lr
    .size memmove, . - memmove
    .size __aeabi_memmove, . - __aeabi_memmove
    .size __aeabi_memmove4, . - __aeabi_memmove4
    .size __aeabi_memmove8, . - __aeabi_memmove8
