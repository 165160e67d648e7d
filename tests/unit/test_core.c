/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_core.c - the pure core and peripheral models without the emulator:
 * synthetic instruction streams through csim_core_exec, and the STM32 CRC
 * unit, SysTick and DWT register models.  Expected values are derived by hand
 * in the comments (DDI0484C Table 3.1, jnk0le cortex_m33.md @3dfc2ab, the
 * STM32 CRC reset configuration; docs/sources.md).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cyclesim/memsys/memsys.h"
#include "cyclesim/engine/periph.h"
#include "cyclesim/core/timing.h"
#include "cyclesim/timing/signature.h"

#include "check.h"

static csim_core_params m0p(void)
{
    csim_core_params p = {.kind = csim_core_find("m0plus"), .mul_cycles = 1, .exception_entry = 15,
                          .exception_return = 15};
    return p;
}

static csim_core_params m33(void)
{
    csim_core_params p = {.kind = csim_core_find("m33"), .m33_load_latency = 2, .m33_shift_latency = 2,
                          .m33_mac_latency = 2, .m33_mull_issue = 1, .m33_macl_issue = 1,
                          .m33_mull_latency = 2, .m33_div_cycles = 7, .m33_fetch_words = 2,
                          .m33_dual_issue = true, .exception_entry = 12, .exception_return = 12};
    return p;
}

static csim_core_params m4(void)
{
    csim_core_params p = {.kind = csim_core_find("m4"), .m4_div_cycles = 7, .exception_entry = 12,
                          .exception_return = 12};
    return p;
}

/* Zero-wait memory everywhere (no flash model): Table 3.1 exactly. */
static void test_m0plus_table(void)
{
    csim_core c;
    csim_core_params p = m0p();
    csim_core_init(&c, &p, NULL);
    csim_core_redirect(&c, 0x20000000);
    csim_mem_event sram = {0x20000100, 4, 0};
    /* word 0: ALU; LDR (2); word 1: STR (2); MULS (1) */
    csim_insn a = insn(0x20000000, 2, CSIM_IC_ALU, 1, 1);
    csim_insn l = insn(0x20000002, 2, CSIM_IC_LOAD, 2, 1);
    csim_insn s = insn(0x20000004, 2, CSIM_IC_STORE, 3, 0);
    csim_insn m = insn(0x20000006, 2, CSIM_IC_MUL, 3, 1);
    csim_core_exec(&c, &a, NULL, 0, false, 0);
    /* first fetch 1 + ALU 1 */
    CHECK_EQ("m0+ ALU after first fetch", csim_core_now(&c), 2);
    csim_core_exec(&c, &l, &sram, 1, false, 0);
    CHECK_EQ("m0+ LDR 2", csim_core_now(&c), 4);
    csim_core_exec(&c, &s, &sram, 1, false, 0);
    CHECK_EQ("m0+ STR 2", csim_core_now(&c), 6);
    csim_core_exec(&c, &m, NULL, 0, false, 0);
    CHECK_EQ("m0+ MULS fast 1", csim_core_now(&c), 7);
    CHECK_EQ("m0+ buckets add up", c.bd.core + c.bd.fetch_stall + c.bd.branch + c.bd.data_wait +
                                       c.bd.bus_conflict + c.bd.load_use, 7);
    /* small multiplier: 32 */
    p.mul_cycles = 32;
    csim_core_init(&c, &p, NULL);
    csim_core_redirect(&c, 0x20000000);
    csim_insn m0 = insn(0x20000000, 2, CSIM_IC_MUL, 3, 1);
    csim_core_exec(&c, &m0, NULL, 0, false, 0);
    CHECK_EQ("m0+ MULS small 1 + 32", csim_core_now(&c), 33);
}

/* POP {r4, pc}: 3 + N with N = 2, PC counted (DDI0484C Table 3.1): 1 address
 * cycle, 2 transfers, 2 refill cycles, the last one the target's fetch. */
static void test_m0plus_pop_pc(void)
{
    csim_core c;
    csim_core_params p = m0p();
    csim_core_init(&c, &p, NULL);
    csim_core_redirect(&c, 0x20000000);
    csim_insn pop = insn(0x20000000, 2, CSIM_IC_LDM, 1u << 13, (1u << 4) | (1u << 15) | (1u << 13));
    pop.nregs = 2;
    pop.transfers = 2;
    pop.flags |= CSIM_IF_WRITES_PC | CSIM_IF_UNCOND_FLOW;
    csim_mem_event ev[2] = {{0x20000ff8, 4, 0}, {0x20000ffc, 4, 0}};
    csim_core_exec(&c, &pop, ev, 2, true, 0x20000100);
    CHECK_EQ("m0+ POP {r4,pc} = 1 (first fetch) + 5", csim_core_now(&c), 6);
    CHECK_EQ("m0+ POP refill counted as branch", c.bd.branch, 2);
}

/* m0plus.fetch_limit on an STM32L0 NVM at 1 WS with PRFTEN (RM0367 §3.3:
 * 32-bit reads of 1 + 1 cycles, six buffers, "when the memory interface does
 * not have any operation in progress, the address following the last address
 * fetched is read and stored in a buffer"; a buffer hit is zero-wait).
 * Word 0: LDR (SRAM data), ALU; word 1: ALU, ALU.  The first fetch is 0..2.
 *  - false: the LDR fetches word 1 as it starts (2): the demand takes the
 *    array 2..4 and the port, so its data transfer due at 3 goes at 4..5
 *    (one bus conflict); ALU 5, ALU 6 (word 1 there since 4), ALU 7: ends 8.
 *  - true (DDI0484C §2.2.1, at most 32 bits fetched past the executing
 *    instruction): the LDR, which ends in the middle of word 0, fetches
 *    nothing; its transfer goes at 3..4 while the NVM prefetches word 1 (2..4,
 *    idle after word 0).  The ALU that ends word 0 fetches word 1 at 4: a
 *    buffer hit, 5; ALU 5, ALU 6: ends 7, no conflict, no stall. */
static void test_m0plus_fetch_limit(void)
{
    const csim_ms_cfg l0 = {.type = CSIM_MS_L0_NVM, .flash_base = 0x08000000u, .flash_size = 0x10000,
                            .wait_states = 1, .flash_read_bytes = 4, .prefetch = true,
                            .buffers = true, .nvm_buffers = 6, .prefetch_abort = true};
    csim_memsys *fl = csim_memsys_new(&l0);
    csim_mem_event sram = {0x20000100, 4, 0};
    csim_insn l = insn(0x08000000, 2, CSIM_IC_LOAD, 1u << 2, 1u << 0);
    csim_insn a[3] = {insn(0x08000002, 2, CSIM_IC_ALU, 1, 2), insn(0x08000004, 2, CSIM_IC_ALU, 1, 2),
                      insn(0x08000006, 2, CSIM_IC_ALU, 1, 2)};
    const unsigned long long want_end[2] = {8, 7}, want_conflict[2] = {1, 0};
    for (int limit = 0; limit < 2; limit++) {
        csim_core c;
        csim_core_params p = m0p();
        p.m0plus_fetch_limit = limit;
        csim_memsys_reset(fl);
        csim_core_init(&c, &p, fl);
        csim_core_redirect(&c, 0x08000000);
        csim_core_exec(&c, &l, &sram, 1, false, 0);
        for (int i = 0; i < 3; i++) {
            csim_core_exec(&c, &a[i], NULL, 0, false, 0);
        }
        CHECK_EQ(limit ? "fetch limit: ends at 7" : "no fetch limit: ends at 8", csim_core_now(&c),
                 want_end[limit]);
        CHECK_EQ(limit ? "fetch limit: no bus conflict" : "no fetch limit: one bus conflict",
                 c.bd.bus_conflict, want_conflict[limit]);
        CHECK_EQ("only the first fetch stalls", c.bd.fetch_stall, 2);
    }
    csim_memsys_free(fl);
}

/* M33: UMAAL chain.  Each UMAAL issues in 1 (m33.macl_issue); its accumulators
 * (RdLo/RdHi, read and written) are needed a cycle late, so back-to-back
 * UMAALs on the same accumulators do not stall; a plain consumer of the
 * result waits for the 2-cycle latency. */
static void test_m33_umaal_chain(void)
{
    csim_core c;
    csim_core_params p = m33();
    csim_core_init(&c, &p, NULL);
    csim_core_redirect(&c, 0x20000000);
    const uint16_t acc = (1u << 4) | (1u << 5), src = (1u << 6) | (1u << 7);
    csim_insn u1 = insn(0x20000000, 4, CSIM_IC_MACL, acc | src, acc);
    csim_insn u2 = insn(0x20000004, 4, CSIM_IC_MACL, acc | src, acc);
    csim_insn use = insn(0x20000008, 2, CSIM_IC_ALU, 1u << 4, 1u << 0);
    csim_core_exec(&c, &u1, NULL, 0, false, 0);
    CHECK_EQ("first UMAAL after first fetch", csim_core_now(&c), 2);
    csim_core_exec(&c, &u2, NULL, 0, false, 0);
    CHECK_EQ("chained UMAAL, no stall", csim_core_now(&c), 3);
    /* u2 issued at 2: result ready at 2 + 1 + 2 - 1 = 4; ALU issues at 4. */
    csim_core_exec(&c, &use, NULL, 0, false, 0);
    CHECK_EQ("consumer waits for the 64-bit result", csim_core_now(&c), 5);
    CHECK_EQ("that wait is load_use", c.bd.load_use, 1);
}

/* Flash at zero wait states, and an ICACHE (8 KB, 2 ways, 16-byte lines)
 * before flash at 5 wait states, for the M33 runs below. */
static const csim_ms_cfg zw = {.type = CSIM_MS_ZERO_WAIT, .flash_base = 0x08000000u, .flash_size = 0x10000};
static const csim_ms_cfg ic = {
    .type = CSIM_MS_ICACHE, .flash_base = 0x08000000u, .flash_size = 512u * 1024, .alias_base = 0x0C000000u,
    .wait_states = 5, .flash_read_bytes = 8, .cache_enabled = true, .cache_bytes = 8192, .cache_ways = 2,
    .cache_line_bytes = 16, .cache_data = true, .prefetch_words = 1, .hit_under_miss = true,
};

/* M33 C-AHB (m33.c): fetches and flash data reads share one bus, one transfer
 * per cycle; the fetch unit keeps m33.fetch_words words queued, fills the
 * queue while the bus is idle, and wants the bus in an issue cycle only for
 * the entry that instruction frees; m33.fetch_first orders that fetch and the
 * cycle's data read.  Flash at zero wait states, code and data in flash. */
static void test_m33_cahb(void)
{
    csim_memsys *fl = csim_memsys_new(&zw);
    csim_core c;
    csim_core_params p = m33();
    p.m33_fetch_first = true;
    csim_mem_event d0 = {0x08000100, 4, 0}, d1 = {0x08000104, 4, 0};
    /* Two word-aligned LDR.W of flash data, back to back.  LDR 1: its word
     * fetched 0..1, issues at 1; it frees its queue entry, so the fetch of the
     * next word takes the bus at 1 and the data read goes at 2..3: ends at 3.
     * LDR 2 (word ready at 2) issues at 3: the same, fetch 3..4, data 4..5. */
    csim_insn l1 = insn(0x08000000, 4, CSIM_IC_LOAD, 1u << 2, 1u << 0);
    csim_insn l2 = insn(0x08000004, 4, CSIM_IC_LOAD, 1u << 2, 1u << 1);
    csim_memsys_reset(fl);
    csim_core_init(&c, &p, fl);
    csim_core_redirect(&c, 0x08000000);
    csim_core_exec(&c, &l1, &d0, 1, false, 0);
    CHECK_EQ("dense flash loads, fetch first: LDR 1 ends at 3", csim_core_now(&c), 3);
    csim_core_exec(&c, &l2, &d1, 1, false, 0);
    CHECK_EQ("dense flash loads, fetch first: LDR 2 ends at 5", csim_core_now(&c), 5);
    /* Data first: LDR 1 data 1..2, then the fetch 2..3: ends at 2.  LDR 2
     * waits for its word (3), data 3..4: ends at 4, one fetch stall. */
    p.m33_fetch_first = false;
    csim_memsys_reset(fl);
    csim_core_init(&c, &p, fl);
    csim_core_redirect(&c, 0x08000000);
    csim_core_exec(&c, &l1, &d0, 1, false, 0);
    CHECK_EQ("dense flash loads, data first: LDR 1 ends at 2", csim_core_now(&c), 2);
    csim_core_exec(&c, &l2, &d1, 1, false, 0);
    CHECK_EQ("dense flash loads, data first: LDR 2 ends at 4", csim_core_now(&c), 4);
    CHECK_EQ("dense flash loads, data first: first fetch + one stall", c.bd.fetch_stall, 2);
    /* A 16-bit flash load after a 7-cycle divide: the queue filled during
     * the divide (next words 2..3, 3..4), the load frees no entry (the next
     * instruction is in its word): data read at 8..9, no wait. */
    p.m33_fetch_first = true;
    csim_memsys_reset(fl);
    csim_core_init(&c, &p, fl);
    csim_core_redirect(&c, 0x08000000);
    csim_insn dv = insn(0x08000000, 4, CSIM_IC_DIV, (1u << 3) | (1u << 4), 1u << 5);
    csim_insn l3 = insn(0x08000004, 2, CSIM_IC_LOAD, 1u << 2, 1u << 0);
    csim_core_exec(&c, &dv, NULL, 0, false, 0);
    CHECK_EQ("divide issues at 1, 7 cycles", csim_core_now(&c), 8);
    csim_core_exec(&c, &l3, &d0, 1, false, 0);
    CHECK_EQ("sparse flash load: 1 cycle", csim_core_now(&c), 9);
    CHECK_EQ("sparse flash load: no data wait", c.bd.data_wait, 0);
    csim_memsys_free(fl);
}

/* Cycles of one instruction of class `k`, the first of a run in zero-wait
 * memory, after the first fetch (1 cycle).  Transfers go to SRAM. */
static uint64_t cost_of(const csim_core_params *p, csim_iclass k, unsigned size, unsigned nregs,
                        uint16_t flags, bool taken)
{
    csim_core c;
    csim_core_init(&c, p, NULL);
    csim_core_redirect(&c, 0x20000000);
    csim_insn i = insn(0x20000000, size, k, 0, 0);
    i.flags |= flags;
    i.nregs = (uint8_t)nregs;
    i.transfers = (uint8_t)csim_core_transfers(&i);
    csim_mem_event ev[4] = {
        {0x20000100, 4, 0}, {0x20000104, 4, 0}, {0x20000108, 4, 0}, {0x2000010c, 4, 0}};
    csim_core_exec(&c, &i, ev, i.transfers, taken, 0x20000200);
    /* Zero wait: the table's cycles are the instruction's own, no contention. */
    CHECK_EQ("zero wait: no bus conflict", c.bd.bus_conflict, 0);
    return csim_core_now(&c) - 1;
}

/* Every reachable row of the M0+ table: DDI0484C Table 3.1. */
static void test_m0plus_rows(void)
{
    const csim_core_params p = m0p();
    const uint16_t flow = CSIM_IF_WRITES_PC | CSIM_IF_UNCOND_FLOW;
    CHECK_EQ("m0+ ALU 1", cost_of(&p, CSIM_IC_ALU, 2, 0, 0, false), 1);
    CHECK_EQ("m0+ MOV PC 2", cost_of(&p, CSIM_IC_ALU_PC, 2, 0, flow, true), 2);
    CHECK_EQ("m0+ LDR 2", cost_of(&p, CSIM_IC_LOAD, 2, 0, 0, false), 2);
    CHECK_EQ("m0+ STR 2", cost_of(&p, CSIM_IC_STORE, 2, 0, 0, false), 2);
    CHECK_EQ("m0+ LDM 1+N, N=2", cost_of(&p, CSIM_IC_LDM, 2, 2, 0, false), 3);
    CHECK_EQ("m0+ POP {r4,pc} 3+N, N=2", cost_of(&p, CSIM_IC_LDM, 2, 2, flow, true), 5);
    CHECK_EQ("m0+ STM 1+N, N=3", cost_of(&p, CSIM_IC_STM, 2, 3, 0, false), 4);
    CHECK_EQ("m0+ B 2", cost_of(&p, CSIM_IC_B, 2, 0, flow, true), 2);
    CHECK_EQ("m0+ B<cc> not taken 1", cost_of(&p, CSIM_IC_BCC, 2, 0, CSIM_IF_COND, false), 1);
    CHECK_EQ("m0+ B<cc> taken 2", cost_of(&p, CSIM_IC_BCC, 2, 0, CSIM_IF_COND, true), 2);
    CHECK_EQ("m0+ BL 3", cost_of(&p, CSIM_IC_BL, 4, 0, flow, true), 3);
    CHECK_EQ("m0+ BX 2", cost_of(&p, CSIM_IC_BX, 2, 0, flow, true), 2);
    CHECK_EQ("m0+ NOP 1", cost_of(&p, CSIM_IC_NOP, 2, 0, 0, false), 1);
    CHECK_EQ("m0+ MRS/MSR 3", cost_of(&p, CSIM_IC_SYS, 4, 0, 0, false), 3);
    CHECK_EQ("m0+ CPSID/CPSIE 1", cost_of(&p, CSIM_IC_CPS, 2, 0, 0, false), 1);
    CHECK_EQ("m0+ DMB/DSB/ISB 3", cost_of(&p, CSIM_IC_BARRIER, 4, 0, 0, false), 3);
    CHECK_EQ("m0+ WFI 2", cost_of(&p, CSIM_IC_WFI, 2, 0, 0, false), 2);
}

/* Rows of the M33 table, each with its source (docs/sources.md):
 * [J] jnk0le cortex_m33.md @3dfc2ab (cm33 r1p0); [J*] derived from it
 * (kernels m33_pop_pc_sram, m33_ldr_pc_sram); [M4] assumed as the Cortex-M4
 * TRM (ARM 100166 Table 3-1), no M33 measurement. */
static void test_m33_rows(void)
{
    const csim_core_params p = m33();
    const uint16_t flow = CSIM_IF_WRITES_PC | CSIM_IF_UNCOND_FLOW;
    CHECK_EQ("m33 ALU 1 [J]", cost_of(&p, CSIM_IC_ALU, 2, 0, 0, false), 1);
    CHECK_EQ("m33 shifted operand2 1 [J]", cost_of(&p, CSIM_IC_ALU_SHIFT, 4, 0, 0, false), 1);
    CHECK_EQ("m33 CMP.W rotated constant 2 [J]",
             cost_of(&p, CSIM_IC_ALU_SHIFT, 4, 0, CSIM_IF_ROTATED_IMM | CSIM_IF_SETS_FLAGS, false),
             2);
    CHECK_EQ("m33 MOV PC 2 [J: taken branch]", cost_of(&p, CSIM_IC_ALU_PC, 2, 0, flow, true), 2);
    CHECK_EQ("m33 MUL.W 1 [J]", cost_of(&p, CSIM_IC_MUL, 4, 0, 0, false), 1);
    CHECK_EQ("m33 MULS.N 2 [J]", cost_of(&p, CSIM_IC_MUL, 2, 0, CSIM_IF_SMALLMUL, false), 2);
    CHECK_EQ("m33 MLA 1 [J]", cost_of(&p, CSIM_IC_MAC, 4, 0, 0, false), 1);
    CHECK_EQ("m33 LDR 1 [J]", cost_of(&p, CSIM_IC_LOAD, 2, 0, 0, false), 1);
    CHECK_EQ("m33 LDR PC 1+3 [J*]", cost_of(&p, CSIM_IC_LOAD, 4, 0, flow, true), 4);
    CHECK_EQ("m33 STR 1 [J]", cost_of(&p, CSIM_IC_STORE, 2, 0, 0, false), 1);
    CHECK_EQ("m33 LDRD 2 [J]", cost_of(&p, CSIM_IC_LOAD2, 4, 0, 0, false), 2);
    CHECK_EQ("m33 STRD 2 [J]", cost_of(&p, CSIM_IC_STORE2, 4, 0, 0, false), 2);
    CHECK_EQ("m33 LDM N=3: 3 [J]", cost_of(&p, CSIM_IC_LDM, 2, 3, 0, false), 3);
    CHECK_EQ("m33 POP {r4,pc} N+3 [J*]", cost_of(&p, CSIM_IC_LDM, 2, 2, flow, true), 5);
    CHECK_EQ("m33 STM N=3: 3 [J]", cost_of(&p, CSIM_IC_STM, 2, 3, 0, false), 3);
    CHECK_EQ("m33 B 2 [J]", cost_of(&p, CSIM_IC_B, 2, 0, flow, true), 2);
    CHECK_EQ("m33 B<cc> not taken, unpaired 1 [J]",
             cost_of(&p, CSIM_IC_BCC, 2, 0, CSIM_IF_COND, false), 1);
    CHECK_EQ("m33 B<cc> taken 2 [J]", cost_of(&p, CSIM_IC_BCC, 2, 0, CSIM_IF_COND, true), 2);
    CHECK_EQ("m33 CBZ not taken 1 [M4]", cost_of(&p, CSIM_IC_CBZ, 2, 0, CSIM_IF_COND, false), 1);
    CHECK_EQ("m33 CBZ taken 2 [M4]", cost_of(&p, CSIM_IC_CBZ, 2, 0, CSIM_IF_COND, true), 2);
    CHECK_EQ("m33 BL 2 [J: taken branch]", cost_of(&p, CSIM_IC_BL, 4, 0, flow, true), 2);
    CHECK_EQ("m33 BX 2 [J]", cost_of(&p, CSIM_IC_BX, 2, 0, flow, true), 2);
    CHECK_EQ("m33 TBB 2+P [M4]", cost_of(&p, CSIM_IC_TB, 4, 0, flow, true), 3);
    CHECK_EQ("m33 IT, unpaired 1 [J]", cost_of(&p, CSIM_IC_IT, 2, 0, 0, false), 1);
    CHECK_EQ("m33 NOP, unpaired 1 [J]", cost_of(&p, CSIM_IC_NOP, 2, 0, 0, false), 1);
    CHECK_EQ("m33 MRS/MSR 1 [M4]", cost_of(&p, CSIM_IC_SYS, 4, 0, 0, false), 1);
    CHECK_EQ("m33 CPSID 1 [assumed]", cost_of(&p, CSIM_IC_CPS, 2, 0, 0, false), 1);
    CHECK_EQ("m33 DMB/DSB 1 [M4]", cost_of(&p, CSIM_IC_BARRIER, 4, 0, 0, false), 1);
}

/* Cycles of one M4 load or store addressed by `addr_regs` (one register:
 * immediate offset; two: register offset), transfers as cost_of's. */
static uint64_t m4_access_cost(csim_iclass k, uint16_t addr_regs, uint32_t addr, uint8_t size)
{
    const csim_core_params p = m4();
    csim_core c;
    csim_core_init(&c, &p, NULL);
    csim_core_redirect(&c, 0x20000000);
    csim_insn i = insn(0x20000000, 4, k, addr_regs, k == CSIM_IC_LOAD ? 1u << 1 : 0);
    i.addr_regs = addr_regs;
    csim_mem_event ev = {addr, size, k == CSIM_IC_STORE};
    csim_core_exec(&c, &i, &ev, 1, false, 0);
    return csim_core_now(&c) - 1;
}

/* Every row of the M4 table (src/core/m4.c), each with its source:
 * [T] ARM 100166 Table 3-1; [LS] its load/store timing text; [PFU] ARM
 * DDI0337G 1.4 (targets formed in decode fetched at once: P = 1). */
static void test_m4_rows(void)
{
    csim_core_params p = m4();
    const uint16_t flow = CSIM_IF_WRITES_PC | CSIM_IF_UNCOND_FLOW;
    const uint16_t r0 = 1u << 0, r0r1 = (1u << 0) | (1u << 1);
    CHECK_EQ("m4 ALU 1 [T]", cost_of(&p, CSIM_IC_ALU, 2, 0, 0, false), 1);
    CHECK_EQ("m4 shifted operand2 1 [T]", cost_of(&p, CSIM_IC_ALU_SHIFT, 4, 0, 0, false), 1);
    CHECK_EQ("m4 MOV PC 1+P, P 2: target from the ALU [T, PFU]", cost_of(&p, CSIM_IC_ALU_PC, 2, 0, flow, true), 3);
    CHECK_EQ("m4 MUL 1 [T]", cost_of(&p, CSIM_IC_MUL, 4, 0, 0, false), 1);
    CHECK_EQ("m4 MLA 1 [T]", cost_of(&p, CSIM_IC_MAC, 4, 0, 0, false), 1);
    CHECK_EQ("m4 UMULL 1 [T]", cost_of(&p, CSIM_IC_MULL, 4, 0, 0, false), 1);
    CHECK_EQ("m4 UMLAL 1 [T]", cost_of(&p, CSIM_IC_MACL, 4, 0, 0, false), 1);
    CHECK_EQ("m4 UDIV: m4.div_cycles", cost_of(&p, CSIM_IC_DIV, 4, 0, 0, false), 7);
    p.m4_div_cycles = 2;
    CHECK_EQ("m4 UDIV: 2, Table 3-1's least", cost_of(&p, CSIM_IC_DIV, 4, 0, 0, false), 2);
    p.m4_div_cycles = 12;
    CHECK_EQ("m4 UDIV: 12, Table 3-1's most", cost_of(&p, CSIM_IC_DIV, 4, 0, 0, false), 12);
    p = m4();
    CHECK_EQ("m4 LDR 2 [T]", m4_access_cost(CSIM_IC_LOAD, r0, 0x20000100, 4), 2);
    CHECK_EQ("m4 LDR PC at least 5 [LS]", cost_of(&p, CSIM_IC_LOAD, 4, 0, flow, true), 5);
    CHECK_EQ("m4 STR Rx,[Ry,#imm] 1 [LS]", m4_access_cost(CSIM_IC_STORE, r0, 0x20000100, 4), 1);
    CHECK_EQ("m4 STR Rx,[Ry,Rz] 2 [T]", m4_access_cost(CSIM_IC_STORE, r0r1, 0x20000100, 4), 2);
    CHECK_EQ("m4 LDRD 1+N, N 2 [T]", cost_of(&p, CSIM_IC_LOAD2, 4, 0, 0, false), 3);
    CHECK_EQ("m4 STRD 1+N, N 2 [T]", cost_of(&p, CSIM_IC_STORE2, 4, 0, 0, false), 3);
    CHECK_EQ("m4 LDM 1+N, N 3 [T]", cost_of(&p, CSIM_IC_LDM, 2, 3, 0, false), 4);
    CHECK_EQ("m4 POP {r4,pc} 1+N+P, P 3 [T, LS]", cost_of(&p, CSIM_IC_LDM, 2, 2, flow, true), 6);
    CHECK_EQ("m4 STM 1+N, N 3 [T]", cost_of(&p, CSIM_IC_STM, 2, 3, 0, false), 4);
    CHECK_EQ("m4 B 1+P [T, PFU]", cost_of(&p, CSIM_IC_B, 2, 0, flow, true), 2);
    CHECK_EQ("m4 B<cc> not taken 1 [T]", cost_of(&p, CSIM_IC_BCC, 2, 0, CSIM_IF_COND, false), 1);
    CHECK_EQ("m4 B<cc> taken 1+P [T, PFU]", cost_of(&p, CSIM_IC_BCC, 2, 0, CSIM_IF_COND, true), 2);
    CHECK_EQ("m4 CBZ not taken 1 [T]", cost_of(&p, CSIM_IC_CBZ, 2, 0, CSIM_IF_COND, false), 1);
    CHECK_EQ("m4 CBZ taken 1+P [T, PFU]", cost_of(&p, CSIM_IC_CBZ, 2, 0, CSIM_IF_COND, true), 2);
    CHECK_EQ("m4 BL 1+P [T, PFU]", cost_of(&p, CSIM_IC_BL, 4, 0, flow, true), 2);
    CHECK_EQ("m4 BX LR 1+P [T, PFU]", cost_of(&p, CSIM_IC_BX, 2, 0, flow, true), 2);
    CHECK_EQ("m4 TBB at least 6 [LS]", cost_of(&p, CSIM_IC_TB, 4, 0, flow, true), 6);
    CHECK_EQ("m4 IT, not folded 1 [T]", cost_of(&p, CSIM_IC_IT, 2, 0, 0, false), 1);
    CHECK_EQ("m4 NOP 1 [T]", cost_of(&p, CSIM_IC_NOP, 2, 0, 0, false), 1);
    CHECK_EQ("m4 MRS/MSR 1 [T]", cost_of(&p, CSIM_IC_SYS, 4, 0, 0, false), 1);
    CHECK_EQ("m4 CPSID 1 [T]", cost_of(&p, CSIM_IC_CPS, 2, 0, 0, false), 1);
    CHECK_EQ("m4 DMB/DSB 1+B, B 0 [T]", cost_of(&p, CSIM_IC_BARRIER, 4, 0, 0, false), 1);
}

/* FPv4-SP on the M4 (ARM 100166 Table 7-1, erratum 776924): VMOV 1, VMOV
 * of two core registers 2, VADD 1; a VDIV issues in 1 and holds the FPU 13
 * more (14), so an FP instruction that does not read its result still waits
 * for it while an integer one goes on. */
static void test_m4_fp(void)
{
    const csim_core_params p = m4();
    CHECK_EQ("m4 VMOV 1 [T7]", cost_of(&p, CSIM_IC_FP_MOVE, 4, 0, 0, false), 1);
    CHECK_EQ("m4 VMOV two core registers 2 [T7]", cost_of(&p, CSIM_IC_FP_MOVE2, 4, 0, 0, false), 2);
    CHECK_EQ("m4 VADD 1 [T7]", cost_of(&p, CSIM_IC_FP_ARITH, 4, 0, 0, false), 1);
    csim_core c;
    csim_core_init(&c, &p, NULL);
    csim_core_redirect(&c, 0x20000000);
    csim_insn div = insn(0x20000000, 4, CSIM_IC_FP_DIV, 0, 0);
    div.fregs_read = (1u << 1) | (1u << 2);
    div.fregs_written = 1u << 3;
    csim_insn add = insn(0x20000004, 2, CSIM_IC_ALU, 1u << 1, 1u << 1);
    csim_insn vadd = insn(0x20000006, 4, CSIM_IC_FP_ARITH, 0, 0);
    vadd.fregs_read = (1u << 1) | (1u << 2);
    vadd.fregs_written = 1u << 4;
    csim_core_exec(&c, &div, NULL, 0, false, 0);
    csim_core_exec(&c, &add, NULL, 0, false, 0);
    CHECK_EQ("m4 an integer instruction goes on during a VDIV", csim_core_now(&c), 1 + 1 + 1);
    csim_core_exec(&c, &vadd, NULL, 0, false, 0);
    CHECK_EQ("m4 VDIV 14: an independent VADD waits for the FPU", csim_core_now(&c), 1 + 14 + 1);
}

/* Unaligned LDR/STR/LDRH: aligned bus transfers, one cycle each at zero
 * wait (m4.c aligned_parts): a word at 2 mod 4 two halfwords, at an odd
 * address a byte, a halfword and a byte; a halfword at an odd address two
 * bytes.  LDR 2 (ARM 100166 Table 3-1) + the extra transfers. */
static void test_m4_unaligned(void)
{
    const uint16_t r0 = 1u << 0;
    CHECK_EQ("m4 LDR aligned 2", m4_access_cost(CSIM_IC_LOAD, r0, 0x20000100, 4), 2);
    CHECK_EQ("m4 LDR at 2 mod 4: 3", m4_access_cost(CSIM_IC_LOAD, r0, 0x20000102, 4), 3);
    CHECK_EQ("m4 LDR at 1 mod 4: 4", m4_access_cost(CSIM_IC_LOAD, r0, 0x20000101, 4), 4);
    CHECK_EQ("m4 LDR at 3 mod 4: 4", m4_access_cost(CSIM_IC_LOAD, r0, 0x20000103, 4), 4);
    CHECK_EQ("m4 LDRH at an odd address: 3", m4_access_cost(CSIM_IC_LOAD, r0, 0x20000101, 2), 3);
    CHECK_EQ("m4 LDRH aligned 2", m4_access_cost(CSIM_IC_LOAD, r0, 0x20000102, 2), 2);
    CHECK_EQ("m4 LDRB anywhere 2", m4_access_cost(CSIM_IC_LOAD, r0, 0x20000103, 1), 2);
    CHECK_EQ("m4 STR imm at 2 mod 4: 1 + 1", m4_access_cost(CSIM_IC_STORE, r0, 0x20000102, 4), 2);
}

/* LDR/STR pipelining and what stops it (ARM 100166, the load/store timing
 * text after Table 3-1), in zero-wait SRAM: N loads take N+1; a load whose
 * address is the previous load's result is not pipelined; a data-processing
 * result used as the next address stalls one cycle; a store after a load
 * pipelines, nothing after a store does. */
static void test_m4_pipelining(void)
{
    const csim_core_params p = m4();
    csim_core c;
    csim_mem_event sram = {0x20000100, 4, 0}, sw = {0x20000100, 4, 1};
    const uint16_t r0 = 1u << 0, r1 = 1u << 1, r2 = 1u << 2, r3 = 1u << 3;
    csim_insn l1 = insn(0x20000000, 2, CSIM_IC_LOAD, r0, r1);
    csim_insn l2 = insn(0x20000002, 2, CSIM_IC_LOAD, r0, r2);
    csim_insn l3 = insn(0x20000004, 2, CSIM_IC_LOAD, r0, r3);
    l1.addr_regs = l2.addr_regs = l3.addr_regs = r0;
    csim_core_init(&c, &p, NULL);
    csim_core_redirect(&c, 0x20000000);
    csim_core_exec(&c, &l1, &sram, 1, false, 0);
    csim_core_exec(&c, &l2, &sram, 1, false, 0);
    csim_core_exec(&c, &l3, &sram, 1, false, 0);
    CHECK_EQ("m4 three loads: 3 + 1 after the first fetch", csim_core_now(&c), 1 + 4);

    csim_insn dep = insn(0x20000002, 2, CSIM_IC_LOAD, r1, r2);
    dep.addr_regs = r1;
    csim_core_init(&c, &p, NULL);
    csim_core_redirect(&c, 0x20000000);
    csim_core_exec(&c, &l1, &sram, 1, false, 0);
    csim_core_exec(&c, &dep, &sram, 1, false, 0);
    CHECK_EQ("m4 load addressed by the previous load's result: 2 + 2", csim_core_now(&c), 1 + 4);

    csim_insn add = insn(0x20000000, 2, CSIM_IC_ALU, r0, r0);
    csim_insn la = insn(0x20000002, 2, CSIM_IC_LOAD, r0, r1);
    la.addr_regs = r0;
    csim_core_init(&c, &p, NULL);
    csim_core_redirect(&c, 0x20000000);
    csim_core_exec(&c, &add, NULL, 0, false, 0);
    csim_core_exec(&c, &la, &sram, 1, false, 0);
    CHECK_EQ("m4 ALU result as the next address: 1 + 1 stall + 2", csim_core_now(&c), 1 + 4);
    CHECK_EQ("m4 that stall is load_use", c.bd.load_use, 1);

    csim_insn sreg = insn(0x20000002, 4, CSIM_IC_STORE, r0 | r2 | r3, 0);
    sreg.addr_regs = r0 | r3;
    csim_core_init(&c, &p, NULL);
    csim_core_redirect(&c, 0x20000000);
    csim_core_exec(&c, &l1, &sram, 1, false, 0);
    csim_core_exec(&c, &sreg, &sw, 1, false, 0);
    CHECK_EQ("m4 STR Rx,[Ry,Rz] after a load pipelines: 2 + 1", csim_core_now(&c), 1 + 3);
    csim_insn l4 = insn(0x20000006, 2, CSIM_IC_LOAD, r0, r1);
    l4.addr_regs = r0;
    csim_core_exec(&c, &l4, &sram, 1, false, 0);
    CHECK_EQ("m4 nothing pipelines after a store: LDR 2", csim_core_now(&c), 1 + 5);
}

/* The one-entry write buffer (ARM DDI0337H 3.5; ARM 100166, load/store
 * timings): a store with an immediate offset takes one cycle, its data
 * phase drains behind; a second store, or a load, waits while it drains.
 * Peripheral stores with core.periph_wait = 2 (3-cycle data phases). */
static void test_m4_write_buffer(void)
{
    csim_core_params p = m4();
    p.periph_wait = 2;
    csim_core c;
    csim_mem_event per = {0x40000000, 4, 1}, sram = {0x20000100, 4, 0};
    const uint16_t r0 = 1u << 0, r1 = 1u << 1, r2 = 1u << 2;
    csim_insn s1 = insn(0x20000000, 2, CSIM_IC_STORE, r0 | r1, 0);
    csim_insn s2 = insn(0x20000002, 2, CSIM_IC_STORE, r0 | r1, 0);
    csim_insn ld = insn(0x20000004, 2, CSIM_IC_LOAD, r2, r1);
    s1.addr_regs = s2.addr_regs = r0;
    ld.addr_regs = r2;
    csim_core_init(&c, &p, NULL);
    csim_core_redirect(&c, 0x20000000);
    csim_core_exec(&c, &s1, &per, 1, false, 0);
    /* Issued at 1, its data phase 1..4 in the buffer: done for the core at 2. */
    CHECK_EQ("m4 buffered peripheral store: 1 cycle", csim_core_now(&c), 2);
    csim_core_exec(&c, &s2, &per, 1, false, 0);
    /* Due at 2, the buffer full until 4: 2 cycles waiting, then 1. */
    CHECK_EQ("m4 second store waits for the buffer", csim_core_now(&c), 5);
    CHECK_EQ("m4 that wait is data_wait", c.bd.data_wait, 2);
    csim_core_exec(&c, &ld, &sram, 1, false, 0);
    /* Due at 6, the buffer drains at 7: 1 cycle waiting, then LDR 2. */
    CHECK_EQ("m4 a load waits for the buffer to drain", csim_core_now(&c), 8);
}

/* The M4's three buses (ARM 100166; timing.h csim_core_bus): fetches of the
 * Code region on I-Code, its data on D-Code, the rest on the System bus.
 * With code in flash at 5 wait states (no cache), a System-bus load in the
 * cycle of an I-Code fetch is not delayed by it; a D-Code read goes to the
 * flash interface. */
static void test_m4_buses(void)
{
    CHECK_EQ("flash fetch: I-Code", csim_core_bus(0x08000000, true), CSIM_BUS_ICODE);
    CHECK_EQ("flash data: D-Code", csim_core_bus(0x08000100, false), CSIM_BUS_DCODE);
    CHECK_EQ("SRAM: System", csim_core_bus(0x20000000, false), CSIM_BUS_SYSTEM);
    CHECK_EQ("SRAM fetch: System", csim_core_bus(0x20000000, true), CSIM_BUS_SYSTEM);
    CHECK_EQ("peripheral: System", csim_core_bus(0x40021000, false), CSIM_BUS_SYSTEM);
    csim_ms_cfg slow = ic;
    slow.cache_enabled = false;
    csim_memsys *fl = csim_memsys_new(&slow);
    const csim_core_params p = m4();
    csim_core c;
    const uint16_t r0 = 1u << 0, r1 = 1u << 1;
    csim_insn ld = insn(0x08000000, 2, CSIM_IC_LOAD, r0, r1);
    ld.addr_regs = r0;
    csim_mem_event sram = {0x20000100, 4, 0}, lit = {0x08000100, 4, 0};
    csim_core_init(&c, &p, fl);
    csim_core_redirect(&c, 0x08000000);
    csim_core_exec(&c, &ld, &sram, 1, false, 0);
    CHECK_EQ("System-bus load beside an I-Code fetch: no data wait", c.bd.data_wait, 0);
    CHECK_EQ("System-bus load: LDR 2 after its fetch", csim_core_now(&c) - c.bd.fetch_stall, 2);
    CHECK_EQ("no flash data read", c.bd.flash_data_reads, 0);
    csim_memsys_reset(fl);
    csim_core_init(&c, &p, fl);
    csim_core_redirect(&c, 0x08000000);
    csim_core_exec(&c, &ld, &lit, 1, false, 0);
    CHECK_EQ("D-Code literal read: a flash data read", c.bd.flash_data_reads, 1);
    CHECK_EQ("D-Code literal read at 5 wait states waits", c.bd.data_wait >= 5, 1);
    csim_memsys_free(fl);
}

/* core.fetch_past_flow at zero wait: the word fetched past an unconditional
 * flow change is on the bus for the cycle in which the branch issues, before
 * the refill's fetch of the target is due, so no row of either table moves.
 * Branch at 0x20000000 (first fetch 1 cycle), then an ALU at its target:
 * M0+ (Table 3.1) B 2, BL 3, POP {r4,pc} 5, target 1: 4, 5, 7;
 * M33 B/BL 1 + 1, target 1: 4; POP {r4,pc} 2 beats + 3 refill, target 1: 7. */
static void test_fetch_past_flow_zero_wait(void)
{
    const uint16_t flow = CSIM_IF_WRITES_PC | CSIM_IF_UNCOND_FLOW;
    const struct {
        csim_iclass k;
        unsigned size, nregs;
        unsigned long long m0p, m33;
    } rows[] = {{CSIM_IC_B, 2, 0, 4, 4}, {CSIM_IC_BL, 4, 0, 5, 4}, {CSIM_IC_BX, 2, 0, 4, 4},
                {CSIM_IC_LDM, 2, 2, 7, 7}};
    csim_mem_event ev[2] = {{0x20000ff8, 4, 0}, {0x20000ffc, 4, 0}};
    for (int core = 0; core < 2; core++) {
        for (unsigned r = 0; r < sizeof(rows) / sizeof(rows[0]); r++) {
            for (int past = 0; past < 2; past++) {
                csim_core c;
                csim_core_params p = core ? m33() : m0p();
                p.fetch_past_flow = past;
                csim_core_init(&c, &p, NULL);
                csim_core_redirect(&c, 0x20000000);
                csim_insn b = insn(0x20000000, rows[r].size, rows[r].k, 1u << 13, 1u << 15);
                b.flags |= flow;
                b.nregs = (uint8_t)rows[r].nregs;
                b.transfers = (uint8_t)csim_core_transfers(&b);
                csim_insn t = insn(0x20000100, 2, CSIM_IC_ALU, 1, 2);
                csim_core_exec(&c, &b, ev, b.transfers, true, 0x20000100);
                csim_core_exec(&c, &t, NULL, 0, false, 0);
                CHECK_EQ(past ? "fetch past flow, zero wait: target issues as without"
                              : "no fetch past flow, zero wait: branch + target",
                         csim_core_now(&c), core ? rows[r].m33 : rows[r].m0p);
                CHECK_EQ("fetch past flow, zero wait: no bus conflict", c.bd.bus_conflict, 0);
            }
        }
    }
}

/* An M33 at cycle 100 on flash interface `fl`, fetching from 0x08000000,
 * with the given fetch-side times. */
static void m33_at_100(csim_core *c, csim_memsys *fl, uint64_t fetch_from, uint64_t bus_free, uint64_t last_req)
{
    csim_core_params p = m33();
    csim_memsys_reset(fl);
    csim_core_init(c, &p, fl);
    csim_core_redirect(c, 0x08000000);
    c->t = 100;
    c->fetch_from = fetch_from;
    c->bus_free = bus_free;
    c->last_req = last_req;
}

/* Block reuse signs the core state relative to now (csim_core_signature).
 * Below the request floor, min(max(fetch_from, bus_free), now), no request is
 * issued: a bus free at or before now and a last request at or before the
 * floor sign as the floor.  Two states that differ only there must price the
 * same instructions the same (5 wait states, so a fetch's issue shows), and
 * states that differ above it must sign apart. */
static uint64_t run_from(uint64_t bus_free, uint64_t last_req, csim_core_sig *sig, uint64_t *earliest,
                         uint64_t *stalls)
{
    csim_memsys *fl = csim_memsys_new(&ic);
    csim_core c;
    m33_at_100(&c, fl, 90, bus_free, last_req);
    csim_core_signature(&c, 0x08000000, sig);
    *earliest = csim_core_earliest_request(&c);
    csim_mem_event d = {0x08000400, 4, 0};
    csim_insn seq[] = {insn(0x08000000, 2, CSIM_IC_ALU, 1, 2), insn(0x08000002, 2, CSIM_IC_LOAD, 1u << 2, 1u << 3),
                       insn(0x08000004, 4, CSIM_IC_B, 0, 1u << 15), insn(0x08000040, 2, CSIM_IC_ALU, 1, 2)};
    seq[2].flags |= CSIM_IF_WRITES_PC | CSIM_IF_UNCOND_FLOW;
    csim_core_exec(&c, &seq[0], NULL, 0, false, 0);
    csim_core_exec(&c, &seq[1], &d, 1, false, 0);
    csim_core_exec(&c, &seq[2], NULL, 0, true, 0x08000040);
    csim_core_exec(&c, &seq[3], NULL, 0, false, 0);
    *stalls = c.bd.fetch_stall + c.bd.data_wait;
    uint64_t end = csim_core_now(&c);
    csim_memsys_free(fl);
    return end;
}

static void test_signature_floor(void)
{
    csim_core_sig a, b;
    uint64_t ea, eb, sa, sb;
    uint64_t ta = run_from(80, 70, &a, &ea, &sa), tb = run_from(85, 75, &b, &eb, &sb);
    CHECK_EQ("bus free and last request below the floor: the same signature", memcmp(&a, &b, sizeof(a)), 0);
    CHECK_EQ("... the same earliest request (the floor, 90)", ea, 90);
    CHECK_EQ("... the same earliest request", eb, ea);
    CHECK_EQ("... the same cycles", tb, ta);
    CHECK_EQ("... the same stalls", sb, sa);
    CHECK_EQ("the first fetch waits 5 states from the floor: stalls", sa > 0, 1);
    csim_core r;
    csim_core_params p = m33();
    csim_core_sig again;
    csim_breakdown zero = {0};
    csim_core_init(&r, &p, NULL);
    csim_core_restore(&r, 0x08000000, &a, 100, &zero);
    csim_core_signature(&r, 0x08000000, &again);
    CHECK_EQ("restored, it signs the same", memcmp(&a, &again, sizeof(a)), 0);
    CHECK_EQ("restored, the same earliest request", csim_core_earliest_request(&r), ea);
    /* Above the floor, each decides: the bus busy after now delays the
     * flash data read; a later last request delays the first fetch. */
    run_from(103, 70, &b, &eb, &sb);
    CHECK_EQ("bus free after now: another signature", memcmp(&a, &b, sizeof(a)) != 0, 1);
    tb = run_from(80, 95, &b, &eb, &sb);
    CHECK_EQ("last request above the floor: another signature", memcmp(&a, &b, sizeof(a)) != 0, 1);
    CHECK_EQ("last request above the floor: the earliest request", eb, 95);
    CHECK_EQ("last request above the floor: later", tb > ta, 1);
}

/* Block reuse up to a shift of the fetch side (csim_fetch_lag).  A run of
 * ALU instructions from zero-wait flash at t=100 with the fetch side in the
 * past (fetch_from 90, bus free and last request 88): the M33 fetches one
 * word (two instructions) a cycle, so the fetch side never catches up and
 * the same instructions from the same state with the fetch side 7 cycles
 * further back price the same, their state after shifted alike.  The
 * tolerated shifts end where the fetch side would reach the core: before the
 * first issue (100) the fetch unit fetches the first word at 90..91 and the
 * two words ahead at 91..92 and 92..93, each only if the bus is free before
 * 100: the last starts at 92, so up to +7.  A shift of +15 makes the first
 * instruction wait for its fetch; the tracker must have excluded it. */
static csim_core lag_run(int64_t shift, unsigned last, bool taken, bool *ok, int64_t *lo, int64_t *hi,
                         bool *shifted, csim_core_sig *entry)
{
    csim_memsys *fl = csim_memsys_new(&zw);
    csim_core c;
    m33_at_100(&c, fl, (uint64_t)(90 + shift), (uint64_t)(88 + shift), (uint64_t)(88 + shift));
    csim_core_signature(&c, 0x08000000, entry);
    csim_core_lag_begin(&c);
    for (unsigned i = 0; i < 8; i++) {
        /* Each writes its own register after reading the previous one's:
         * one a cycle, no pairs. */
        csim_insn a = insn(0x08000000 + 2 * i, 2, CSIM_IC_ALU, (uint16_t)(1u << i), (uint16_t)(1u << (i + 1)));
        csim_core_exec(&c, &a, NULL, 0, false, 0);
    }
    csim_mem_event d = {0x08000400, 4, 0};
    csim_insn end = last == CSIM_IC_LOAD ? insn(0x08000010, 2, CSIM_IC_LOAD, 1u << 2, 1u << 3)
                                         : insn(0x08000010, 2, (csim_iclass)last, 0, taken ? 1u << 15 : 0);
    if (taken) {
        end.flags |= CSIM_IF_WRITES_PC | CSIM_IF_UNCOND_FLOW;
    }
    csim_core_exec(&c, &end, &d, last == CSIM_IC_LOAD, taken, 0x08000100);
    *ok = csim_core_lag_end(&c, lo, hi, shifted);
    csim_memsys_free(fl);
    return c;
}

static void test_fetch_lag(void)
{
    bool ok, ok_b, shifted;
    int64_t lo, hi, lo_b, hi_b, delta;
    csim_core_sig ea, eb, xa, xb;
    csim_breakdown zero = {0};
    csim_core a = lag_run(0, CSIM_IC_ALU, false, &ok, &lo, &hi, &shifted, &ea);
    csim_core b = lag_run(-7, CSIM_IC_ALU, false, &ok_b, &lo_b, &hi_b, &shifted, &eb);
    CHECK_EQ("fetch side behind the core: the pricing tolerates shifts", ok, 1);
    CHECK_EQ("... up to where the last word ahead no longer starts before the issue (92 + 7 = 99)", hi, 7);
    CHECK_EQ("... -7 among them", lo <= -7 && -7 <= hi, 1);
    CHECK_EQ("the entry signatures differ by the shift", csim_core_sig_shift(&eb, &ea, &delta), 1);
    CHECK_EQ("... of -7", delta, (uint64_t)(int64_t)-7);
    CHECK_EQ("shifted: the same cycles", csim_core_now(&b), csim_core_now(&a));
    CHECK_EQ("shifted: the same core cycles", b.bd.core, a.bd.core);
    CHECK_EQ("shifted: no fetch stall either", b.bd.fetch_stall + a.bd.fetch_stall, 0);
    CHECK_EQ("no taken branch: the state after is shifted too", shifted, 1);
    csim_core_signature(&a, 0x08000000, &xa);
    csim_core_signature(&b, 0x08000000, &xb);
    CHECK_EQ("... by -7", csim_core_sig_shift(&xb, &xa, &delta) && delta == -7, 1);
    /* What block reuse does with it: a's state after, shifted. */
    csim_core r;
    csim_core_params p = m33();
    csim_core_sig xr;
    csim_core_init(&r, &p, NULL);
    csim_core_restore(&r, 0x08000000, &xa, csim_core_now(&a), &zero);
    uint64_t v = r.version;
    csim_core_shift_fetch(&r, -7);
    CHECK_EQ("shifting moves the version", r.version != v, 1);
    csim_core_signature(&r, 0x08000000, &xr);
    CHECK_EQ("restored and shifted: b's state after", memcmp(&xr, &xb, sizeof(xr)), 0);
    /* Beyond the tolerated shifts the cycles differ. */
    csim_core late = lag_run(15, CSIM_IC_ALU, false, &ok_b, &lo_b, &hi_b, &shifted, &eb);
    CHECK_EQ("+15 is not tolerated", 15 > hi, 1);
    CHECK_EQ("+15: the first instruction waits for its fetch", csim_core_now(&late) > csim_core_now(&a), 1);
    CHECK_EQ("... and the fetch side is not in the past: no shift of the signature",
             csim_core_sig_shift(&eb, &ea, &delta), 0);
    /* A flash data read meets the C-AHB's time with the core's. */
    lag_run(0, CSIM_IC_LOAD, false, &ok, &lo, &hi, &shifted, &ea);
    CHECK_EQ("flash data read: no shift tolerated", ok, 0);
    /* A taken branch at the end: fetch_from becomes the branch's, the state
     * after is the same whatever the shift. */
    a = lag_run(0, CSIM_IC_B, true, &ok, &lo, &hi, &shifted, &ea);
    b = lag_run(-7, CSIM_IC_B, true, &ok_b, &lo_b, &hi_b, &shifted, &eb);
    CHECK_EQ("taken branch at the end: shifts tolerated", ok && lo <= -7 && -7 <= hi, 1);
    CHECK_EQ("... and the state after is not shifted", shifted, 0);
    csim_core_signature(&a, 0x08000100, &xa);
    csim_core_signature(&b, 0x08000100, &xb);
    CHECK_EQ("... the same state after", memcmp(&xa, &xb, sizeof(xa)), 0);
    CHECK_EQ("... the same cycles", csim_core_now(&b), csim_core_now(&a));
    /* A miss makes the pricing no replay of hits: the tracking ends at the
     * instruction that made it, even with the fetch side far enough behind
     * that the miss's wait never reaches the core (zero wait: it goes on). */
    const csim_ms_cfg *cfgs[] = {&zw, &ic};
    for (unsigned k = 0; k < 2; k++) {
        csim_memsys *fl = csim_memsys_new(cfgs[k]);
        csim_core far;
        m33_at_100(&far, fl, 10, 8, 8);
        csim_core_lag_begin(&far);
        csim_insn a = insn(0x08000000, 2, CSIM_IC_ALU, 1, 2);
        csim_core_exec(&far, &a, NULL, 0, false, 0);
        CHECK_EQ(k ? "fetch side far behind, a cold ICACHE: the miss ends the tracking"
                   : "fetch side far behind, zero wait: tracking goes on",
                 far.lag.on, !k);
        CHECK_EQ("... no stall either way", far.bd.fetch_stall, 0);
        CHECK_EQ("... and the pricing tolerates shifts only without the miss",
                 csim_core_lag_end(&far, &lo, &hi, &shifted), !k);
        csim_memsys_free(fl);
    }
    /* The M0+ has no fetch unit that runs behind: it tracks nothing. */
    csim_core m;
    csim_core_params q = m0p();
    csim_core_init(&m, &q, NULL);
    csim_core_lag_begin(&m);
    CHECK_EQ("M0+: no shift tolerated", csim_core_lag_end(&m, &lo, &hi, &shifted), 0);
}

/* Block reuse takes a core whose version has not moved since a replay
 * restored it as that replay's state after (src/timing/pricing.c, core_matches): every
 * entry point that changes the timing state must move it. */
static void test_core_version(void)
{
    csim_core c;
    csim_core_params p = m33();
    csim_core_sig sig;
    csim_breakdown zero = {0};
    csim_insn a = insn(0x20000000, 2, CSIM_IC_ALU, 1, 2), l = insn(0x20000002, 2, CSIM_IC_LOAD, 1u << 2, 1u << 3);
    csim_core_init(&c, &p, NULL);
    uint64_t v = c.version;
    csim_core_redirect(&c, 0x20000000);
    CHECK_EQ("redirect moves the version", c.version != v, 1);
    v = c.version;
    csim_core_exec(&c, &a, NULL, 0, false, 0);
    CHECK_EQ("exec moves the version", c.version != v, 1);
    v = c.version;
    (void)csim_core_access_time(&c, &l);
    CHECK_EQ("access time (it may fetch) moves the version", c.version != v, 1);
    v = c.version;
    csim_core_exception(&c, true, 0x20000100);
    CHECK_EQ("exception moves the version", c.version != v, 1);
    csim_core_signature(&c, 0x20000100, &sig);
    v = c.version;
    csim_core_restore(&c, 0x20000100, &sig, 3, &zero);
    CHECK_EQ("restore moves the version", c.version != v, 1);
    v = c.version;
    csim_core_signature(&c, 0x20000100, &sig);
    (void)csim_core_earliest_request(&c);
    (void)csim_core_now(&c);
    CHECK_EQ("reading the state leaves the version", c.version, v);
}

/* The instruction classes: one distinct name each, in enum order. */
static void test_iclass_names(void)
{
    for (unsigned i = 0; i < CSIM_IC_COUNT; i++) {
        for (unsigned j = 0; j < i; j++) {
            CHECK_EQ(csim_iclass_name(i), strcmp(csim_iclass_name(i), csim_iclass_name(j)) != 0, 1);
        }
    }
    CHECK_EQ("first class", strcmp(csim_iclass_name(CSIM_IC_ALU), "alu"), 0);
    CHECK_EQ("LDM class", strcmp(csim_iclass_name(CSIM_IC_LDM), "ldm"), 0);
    CHECK_EQ("last class", strcmp(csim_iclass_name(CSIM_IC_TRAP), "trap"), 0);
    CHECK_EQ("out of range", strcmp(csim_iclass_name(CSIM_IC_COUNT), "?"), 0);
}

/* The table of cores: every entry complete, names and key prefixes resolve. */
static void test_core_table(void)
{
    int n = 0;
    for (; csim_core_names[n]; n++) {
        const csim_core_desc *d = csim_core_desc_of(n);
        CHECK_EQ(csim_core_names[n], d->title && d->emu_cpu && d->exec && d->transfer_offset, 1);
        CHECK_EQ(csim_core_names[n], !d->sign == !d->restore, 1);
        CHECK_EQ(csim_core_names[n], csim_core_find(csim_core_names[n]), n);
    }
    CHECK_EQ("the M0+, the M33 and the M4 among them",
             csim_core_find("m0plus") >= 0 && csim_core_find("m33") >= 0 && csim_core_find("m4") >= 0, 1);
    CHECK_EQ("the M4 reads its m4. keys", csim_core_reads_key(csim_core_find("m4"), "m4.div_cycles"), 1);
    CHECK_EQ("the M4 prices SDIV/UDIV and MOV PC by assumption, its FP from Table 7-1",
             csim_core_desc_of(csim_core_find("m4"))->assumed == ((1ull << CSIM_IC_DIV) | (1ull << CSIM_IC_ALU_PC)), 1);
    CHECK_EQ("the M33 does not read m4. keys", csim_core_reads_key(csim_core_find("m33"), "m4.div_cycles"), 0);
    CHECK_EQ("unknown core", csim_core_find("m99"), -1);
    const int m0plus = csim_core_find("m0plus"), m33 = csim_core_find("m33");
    CHECK_EQ("the M33 reads its m33. keys", csim_core_reads_key(m33, "m33.load_latency"), 1);
    CHECK_EQ("the M0+ does not read m33. keys", csim_core_reads_key(m0plus, "m33.load_latency"), 0);
    CHECK_EQ("the M0+ reads its multiplier option", csim_core_reads_key(m0plus, "core.mul_cycles"), 1);
    CHECK_EQ("the M33 has no multiplier option", csim_core_reads_key(m33, "core.mul_cycles"), 0);
    CHECK_EQ("the M0+ has an I/O port", csim_core_reads_key(m0plus, "core.ioport_size"), 1);
    CHECK_EQ("the M33 has no I/O port", csim_core_reads_key(m33, "core.ioport_base"), 0);
    CHECK_EQ("no core's own: every core reads it", csim_core_reads_key(m33, "core.periph_wait"), 1);
    CHECK_EQ("no core's own: every core reads it", csim_core_reads_key(m0plus, "cache.size"), 1);
}

static csim_arch arch_named(const char *name)
{
    for (csim_arch a = 0; csim_arch_names[a]; a++) {
        if (strcmp(csim_arch_names[a], name) == 0) {
            return a;
        }
    }
    return -1;
}

/* The table of architectures: every core's is in it and runs the images a
 * core of it runs; the features the engine asks about. */
static void test_arch_table(void)
{
    const csim_arch v6m = arch_named("armv6-m"), v8m = arch_named("armv8-m.main");
    CHECK_EQ("both architectures named", v6m >= 0 && v8m >= 0, 1);
    csim_arch n_archs = 0;
    while (csim_arch_names[n_archs]) {
        n_archs++;
    }
    for (int n = 0; csim_core_names[n]; n++) {
        const csim_arch a = csim_core_desc_of(n)->arch;
        CHECK_EQ(csim_core_names[n], a >= 0 && a < n_archs && csim_arch_of(a)->title != NULL, 1);
        CHECK_EQ(csim_core_names[n], csim_arch_runs(a, CSIM_ELF_ARCH_UNKNOWN, 0), 1);
        CHECK_EQ(csim_core_names[n], csim_arch_runs(a, CSIM_ELF_ARCH_OTHER, 0), 0);
    }
    CHECK_EQ("the M0+ is ARMv6-M", csim_core_desc_of(csim_core_find("m0plus"))->arch, v6m);
    CHECK_EQ("the M33 is ARMv8-M", csim_core_desc_of(csim_core_find("m33"))->arch, v8m);
    CHECK_EQ("v6-M runs v6-M", csim_arch_runs(v6m, CSIM_ELF_ARCH_V6M, 0), 1);
    CHECK_EQ("v6-M does not run v7-M", csim_arch_runs(v6m, CSIM_ELF_ARCH_V7M, 0), 0);
    CHECK_EQ("v6-M does not run v8-M", csim_arch_runs(v6m, CSIM_ELF_ARCH_V8M_MAIN, 0), 0);
    CHECK_EQ("v8-M runs v6-M", csim_arch_runs(v8m, CSIM_ELF_ARCH_V6M, 0), 1);
    CHECK_EQ("v8-M runs v7-M", csim_arch_runs(v8m, CSIM_ELF_ARCH_V7M, 0), 1);
    CHECK_EQ("v8-M runs baseline", csim_arch_runs(v8m, CSIM_ELF_ARCH_V8M_BASE, 0), 1);
    CHECK_EQ("v8-M runs mainline", csim_arch_runs(v8m, CSIM_ELF_ARCH_V8M_MAIN, 0), 1);
    CHECK_EQ("v8-M (FP extension) runs FP code", csim_arch_runs(v8m, CSIM_ELF_ARCH_V8M_MAIN, 1), 1);
    CHECK_EQ("v6-M does not run FP code", csim_arch_runs(v6m, CSIM_ELF_ARCH_V6M, 1), 0);
    CHECK_EQ("v6-M does not run FP code of no known architecture", csim_arch_runs(v6m, CSIM_ELF_ARCH_UNKNOWN, 1), 0);
    CHECK_EQ("v8-M covers v6-M", csim_arch_covers(v8m, v6m), 1);
    CHECK_EQ("v6-M does not cover v8-M", csim_arch_covers(v6m, v8m), 0);
    CHECK_EQ("each covers itself", csim_arch_covers(v6m, v6m) && csim_arch_covers(v8m, v8m), 1);
    const unsigned engine = CSIM_AF_FAULT_REGS | CSIM_AF_BASEPRI | CSIM_AF_UNALIGNED | CSIM_AF_HW_DIVIDE |
                            CSIM_AF_EXCLUSIVES;
    CHECK_EQ("v6-M: HardFault only, no BASEPRI, aligned only, no divide or exclusives",
             csim_arch_of(v6m)->features & engine, 0);
    CHECK_EQ("v8-M: all of them", csim_arch_has(v8m, engine), 1);
    CHECK_EQ("the titles the messages print", strcmp(csim_arch_of(v6m)->title, "ARMv6-M") == 0 &&
             strcmp(csim_arch_of(v8m)->title, "ARMv8-M") == 0, 1);
    const csim_arch v7em = arch_named("armv7e-m");
    CHECK_EQ("the M4 is ARMv7E-M", csim_core_desc_of(csim_core_find("m4"))->arch, v7em);
    CHECK_EQ("v7E-M runs v6-M and v7-M, with FP", csim_arch_runs(v7em, CSIM_ELF_ARCH_V6M, 0) &&
             csim_arch_runs(v7em, CSIM_ELF_ARCH_V7M, 1), 1);
    CHECK_EQ("v7E-M does not run v8-M", csim_arch_runs(v7em, CSIM_ELF_ARCH_V8M_BASE, 0) ||
             csim_arch_runs(v7em, CSIM_ELF_ARCH_V8M_MAIN, 0), 0);
    CHECK_EQ("v8-M covers v7E-M, not the reverse", csim_arch_covers(v8m, v7em) && !csim_arch_covers(v7em, v8m), 1);
    CHECK_EQ("v7E-M: faults, BASEPRI, unaligned LDR/STR, divide, exclusives, FP, DSP, Thumb-2",
             csim_arch_has(v7em, engine | CSIM_AF_FPU | CSIM_AF_DSP | CSIM_AF_THUMB2), 1);
    CHECK_EQ("v7E-M: no stack limit registers", csim_arch_has(v7em, CSIM_AF_STACK_LIMIT), 0);
    CHECK_EQ("its title", strcmp(csim_arch_of(v7em)->title, "ARMv7E-M"), 0);
}

/* The decoder fills what the encoding says; the bus transfers are the core's. */
static void test_decoded_transfers(void)
{
    csim_insn in[4];
    memset(in, 0, sizeof(in));
    in[0].iclass = CSIM_IC_LDM;
    in[0].nregs = 5;
    in[1].iclass = CSIM_IC_STORE2;
    in[2].iclass = CSIM_IC_TB;
    in[3].iclass = CSIM_IC_ALU;
    in[3].transfers = 7; /* whatever was there is replaced */
    csim_core_decoded(in, 4);
    CHECK_EQ("LDM: one per register", in[0].transfers, 5);
    CHECK_EQ("STRD: two", in[1].transfers, 2);
    CHECK_EQ("TBB: the table read", in[2].transfers, 1);
    CHECK_EQ("ALU: none", in[3].transfers, 0);
    csim_core_decoded(in, -1); /* a decoder out of memory: nothing to complete */
}

static void test_crc_pairs(void)
{
    /* The CRC-32 step of the RMs' CRC chapter (polynomial 0x04C11DB7, MSB
     * first, DR = 0xFFFFFFFF after reset; docs/sources.md). */
    CHECK_EQ("CRC 0x9310C55F", csim_crc32_step(0xFFFFFFFFu, 0x9310C55Fu), 0xFF24F5C0u);
    CHECK_EQ("CRC 0xD433AF24", csim_crc32_step(0xFFFFFFFFu, 0xD433AF24u), 0x8B69AF26u);
}

static uint64_t fake_now;
static uint64_t now_fn(void *u)
{
    (void)u;
    return fake_now;
}

static void test_periph_counters(void)
{
    csim_model m;
    memset(&m, 0, sizeof(m));
    m.core.kind = csim_core_find("m33");
    m.periph[m.n_periph++] = (csim_periph_inst){"crc", 0x40023000u};
    csim_periph_env env = {NULL, now_fn, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    csim_periph *p = csim_periph_new(&m, &env);
    /* CRC through the registers, CR.RESET restores the initial value. */
    csim_periph_write(p, 0x40023000, 4, 0x9310C55Fu);
    CHECK_EQ("CRC DR", csim_periph_read(p, 0x40023000, 4), 0xFF24F5C0u);
    csim_periph_write(p, 0x40023008, 4, 1);
    CHECK_EQ("CRC reset", csim_periph_read(p, 0x40023000, 4), 0xFFFFFFFFu);
    /* SysTick: LOAD 99, enabled at cycle 1000; VAL counts down from LOAD. */
    fake_now = 1000;
    csim_periph_write(p, 0xE000E014, 4, 99);
    csim_periph_write(p, 0xE000E010, 4, 7);
    fake_now = 1010;
    CHECK_EQ("SysTick VAL after 10 cycles", csim_periph_read(p, 0xE000E018, 4), 89);
    CHECK_EQ("no wrap yet: COUNTFLAG 0", csim_periph_read(p, 0xE000E010, 4) >> 16 & 1, 0);
    CHECK_EQ("first exception due at 1100", csim_periph_systick_due(p), 1100);
    fake_now = 1105;
    CHECK_EQ("SysTick VAL after the wrap", csim_periph_read(p, 0xE000E018, 4), 94);
    CHECK_EQ("COUNTFLAG after a wrap", csim_periph_read(p, 0xE000E010, 4) >> 16 & 1, 1);
    CHECK_EQ("COUNTFLAG clears on read", csim_periph_read(p, 0xE000E010, 4) >> 16 & 1, 0);
    /* DWT: CYCCNT written 0 and enabled at 2000 counts modelled cycles. */
    fake_now = 2000;
    csim_periph_write(p, 0xE0001004, 4, 0);
    csim_periph_write(p, 0xE0001000, 4, 1);
    fake_now = 2345;
    CHECK_EQ("DWT CYCCNT", csim_periph_read(p, 0xE0001004, 4), 345);
    csim_periph_free(p);
}

/* The U3 mapping (models/stm32u385rg.json): AES and SAES share one 4-KB page
 * (0x420C0000, SAES at +0xC00, CMSIS stm32u385xx.h); each register window
 * reaches its own unit: the U3 AES has no start-up BUSY, the SAES has, and
 * SAES key writes do not make the AES key valid. */
static void test_periph_u3_aes(void)
{
    csim_model m;
    memset(&m, 0, sizeof(m));
    m.core.kind = csim_core_find("m33");
    m.periph[m.n_periph++] = (csim_periph_inst){"aes-u3", 0x420C0000u};
    m.periph[m.n_periph++] = (csim_periph_inst){"saes", 0x420C0C00u};
    csim_periph_env env = {NULL, now_fn, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    csim_periph *p = csim_periph_new(&m, &env);
    uint32_t base[64], size[64];
    unsigned n = csim_periph_pages(p, base, size, 64), hits = 0;
    for (unsigned i = 0; i < n; i++) {
        hits += base[i] == 0x420C0000u;
    }
    CHECK_EQ("one page holds AES and SAES", hits, 1);
    fake_now = 10;
    CHECK_EQ("AES SR: not busy", csim_periph_read(p, 0x420C0004u, 4) & 0x8u, 0);
    CHECK_EQ("SAES SR: BUSY while it initialises", csim_periph_read(p, 0x420C0C04u, 4) & 0x8u, 0x8u);
    for (uint32_t k = 0; k < 4; k++) {
        csim_periph_write(p, 0x420C0C10u + 4 * k, 4, k);
    }
    CHECK_EQ("SAES KEYVALID after its key", csim_periph_read(p, 0x420C0C04u, 4) & 0x80u, 0x80u);
    CHECK_EQ("AES key still not valid", csim_periph_read(p, 0x420C0004u, 4) & 0x80u, 0);
    csim_periph_free(p);
}

/* The peripheral pages come in address order with adjacent pages joined:
 * each range is one emulator mapping, and the emulator searches its
 * mappings on every access (csim_emu_map_mmio).  The STM32L5 layout
 * (models/stm32l5.json: FLASH_ACR 0x40022000, CRC 0x40023000, ICACHE
 * 0x40030000). */
static void test_periph_pages_joined(void)
{
    csim_model m;
    memset(&m, 0, sizeof(m));
    m.core.kind = csim_core_find("m33");
    m.periph[m.n_periph++] = (csim_periph_inst){"crc", 0x40023000u};
    m.flash_acr.addr = 0x40022000u;
    m.icache_cr.addr = 0x40030000u;
    csim_periph_env env = {NULL, now_fn, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    csim_periph *p = csim_periph_new(&m, &env);
    uint32_t base[64], size[64];
    unsigned n = csim_periph_pages(p, base, size, 64);
    CHECK_EQ("ranges: FLASH_ACR+CRC, ICACHE, DWT, SCS", n, 4);
    CHECK_EQ("FLASH_ACR and CRC pages joined: base", base[0], 0x40022000u);
    CHECK_EQ("FLASH_ACR and CRC pages joined: size", size[0], 0x2000u);
    CHECK_EQ("ICACHE next", base[1], 0x40030000u);
    CHECK_EQ("DWT before the SCS", base[2], 0xE0001000u);
    CHECK_EQ("SCS last", base[3], 0xE000E000u);
    csim_periph_free(p);
}

int main(void)
{
    test_periph_pages_joined();
    test_m0plus_table();
    test_m0plus_pop_pc();
    test_m0plus_rows();
    test_m0plus_fetch_limit();
    test_m33_rows();
    test_m33_umaal_chain();
    test_m33_cahb();
    test_m4_rows();
    test_m4_unaligned();
    test_m4_fp();
    test_m4_pipelining();
    test_m4_write_buffer();
    test_m4_buses();
    test_fetch_past_flow_zero_wait();
    test_signature_floor();
    test_fetch_lag();
    test_core_version();
    test_iclass_names();
    test_core_table();
    test_arch_table();
    test_decoded_transfers();
    test_crc_pairs();
    test_periph_counters();
    test_periph_u3_aes();
    printf("test_core: %d checks, %d failed\n", checks, failures);
    return failures != 0;
}
