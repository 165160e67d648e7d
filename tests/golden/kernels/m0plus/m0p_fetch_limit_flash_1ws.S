@ SPDX-License-Identifier: GPL-2.0-or-later
@ mcu: stm32l073rz
@ set: m0plus.fetch_limit=true
@ at: 0x08000000
@ expect: 10
@ m0plus.fetch_limit: the core fetches ahead at most 32 bits past the executing
@ instruction (DDI0484C 2.2.1), so only an instruction that ends its word fetches
@ the next one.  The L0 NVM at 1 WS with PRFTEN (the bundled stm32l073rz): 32-bit
@ reads of 1+1 cycles, six buffers, and "when the memory interface does not have
@ any operation in progress, the address following the last address fetched is
@ read and stored in a buffer" (RM0367 3.3); a buffer hit is zero-wait.
@ Word 0 read 0..2 (cold).  PUSH {r1} 2..4 (1+N): it ends mid-word and fetches
@ nothing; its SRAM write at 3 finds the port free while the NVM prefetches word 1
@ (2..4).  ADDS 4 ends word 0 and fetches word 1 at 4: a buffer hit, ready 5; ends 5.
@ ADDS 5..6.  ADDS 6 fetches word 2 at 6: prefetched 5..7, ready 7; ends 7.
@ ADD SP 7..8 (mid-word: no fetch).  BX LR 8..10 (1 + refill).  Total 10.
@ Without the limit the PUSH fetches word 1 itself (2..4) and its write waits for
@ the port (one bus conflict): 11.
    .syntax unified
    .thumb
    .global kernel
    .align 2
    .thumb_func
kernel:
    push {r1}
    adds r0, #1
    adds r0, #2
    adds r0, #3
    add sp, #4
    bx lr
