@ SPDX-License-Identifier: GPL-2.0-or-later
@ Cortex-M0+ kernels in flash for the what-if rows of tests/models/whatif.txt
@ (run with --call NAME --arg 100).
    .syntax unified
    .thumb

@ small_loop(n): n iterations of a loop of one 64-bit flash word (8 bytes,
@ aligned), then the word after it: what the STM32C0's two-line instruction
@ cache holds (RM0490 4.3.3).
    .global small_loop
    .align 3
    .thumb_func
small_loop:
    movs r1, r0
    movs r0, #0
    .align 3
1:  adds r0, r0, r1
    adds r0, r0, r1
    subs r1, #1
    bne 1b
    bx lr

@ straight(): straight-line code, one flash word after the other, with a
@ read of a flash constant in each word: the data reads keep the flash busy,
@ so a word that is not read ahead ("the next sequential instruction line",
@ RM0490 4.3.3) waits for its read.
    .global straight
    .align 3
    .thumb_func
straight:
    ldr r3, =constant
    .align 3
    .rept 64
    ldr r2, [r3]
    adds r0, r0, r2
    adds r0, r0, r1
    adds r0, r0, r1
    .endr
    bx lr
    .ltorg
    .align 3
constant:
    .word 7

@ xmem_table(n): n passes over a 128-byte table at the start of the U5's
@ external memory (OCTOSPI1, 0x90000000): eight 16-byte DCACHE lines, which
@ the 4-KB DCACHE keeps after the first pass ("0 wait-state on hits",
@ RM0456 9.2); without it every read is a transaction on the memory.
    .global xmem_table
    .align 3
    .thumb_func
xmem_table:
    movs r1, r0
    movs r0, #0
    ldr r3, =0x90000000
1:  .set off, 0
    .rept 32
    ldr r2, [r3, #off]
    adds r0, r0, r2
    .set off, off + 4
    .endr
    subs r1, #1
    bne 1b
    bx lr

@ xmem_table_cr_off(n): xmem_table after the firmware clears DCACHE_CR
@ (DCACHE1 at 0x40031400, EN bit 0: cmsis-device-u5): as if the DCACHE were
@ off (tests/models/run_dcache_cr.sh).
    .global xmem_table_cr_off
    .align 3
    .thumb_func
xmem_table_cr_off:
    ldr r2, =0x40031400
    movs r3, #0
    str r3, [r2]
    b xmem_table

@ xmem_store(n): n passes of 32 word stores over the same table: write-back
@ stores hit their lines at 0 wait states, write-through ones all go to the
@ memory (RM0456 9.2).
    .global xmem_store
    .align 3
    .thumb_func
xmem_store:
    movs r1, r0
    ldr r3, =0x90000000
1:  .set off, 0
    .rept 32
    str r1, [r3, #off]
    .set off, off + 4
    .endr
    subs r1, #1
    bne 1b
    bx lr
    .ltorg

@ The table xmem_table reads, for a link that places it at the start of the
@ external memory (--section-start=.xmem_table=0x90000000,
@ tests/models/run_dcache_cr.sh): the words 1 to 32, so n passes return
@ 528 * n, which shows that the image loaded there.
    .section .xmem_table, "a"
    .set v, 1
    .rept 32
    .word v
    .set v, v + 1
    .endr
