@ SPDX-License-Identifier: GPL-2.0-or-later
@ Cortex-M33, code in flash, unaligned loads and stores to SRAM: inside a
@ page, across a 1 KiB and a 4 KiB boundary (Unicorn's page: where plain
@ memory reports the pieces of a load too), an aligned access inside the
@ words an unaligned one was split into, and an unaligned load from flash.
@ Returns a checksum of what was loaded (e2e_sram_mapping_identical_unaligned).
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    push {r4-r7, lr}
    ldr r1, =0x20000101
    ldr r2, =0x11223344
    ldr r3, =0x55667788
    movs r0, #0
    str r2, [r1]            @ inside a page
    ldr r4, [r1]
    ldr r5, [r1, #-1]       @ aligned, inside the pieces of the last load
    adds r0, r0, r4
    eors r0, r0, r5
    strh r3, [r1, #2]       @ odd halfword
    ldrh r4, [r1, #2]
    adds r0, r0, r4
    ldr r1, =0x200003FE     @ across 1 KiB
    str r3, [r1]
    ldr r4, [r1]
    ldr r5, [r1, #2]
    adds r0, r0, r4
    eors r0, r0, r5
    ldr r1, =0x20000FFD     @ across 4 KiB
    str r2, [r1]
    ldr r4, [r1]
    ldrh r5, [r1, #2]
    ldr r6, [r1, #3]
    adds r0, r0, r4
    eors r0, r0, r5
    adds r0, r0, r6
    adr r1, data
    ldr r4, [r1, #1]        @ flash, unaligned
    adds r0, r0, r4
    pop {r4-r7, pc}
    .align 2
data:
    .word 0x01020304, 0x05060708
    .ltorg
