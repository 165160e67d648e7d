/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * m0plus.c - the Cortex-M0+ pipeline model: its cost table (ARM DDI0484C
 * Table 3.1) and the issue rule of its single AHB-Lite port.
 */
#include "core/core_internal.h"

/* Issue cycles at zero wait states and pipeline-refill cycles when taken.
 * M0+: ARM DDI0484C Table 3.1 (TRM cycle counts).  A taken branch there costs
 * 1 issue cycle plus the refill that fetches its target; BL is 3 (2 + 1);
 * LDM/STM/PUSH/POP 1+N and POP {.., PC} 3+N, N counting every register of
 * the list including PC (= 1 + N transfers + 2 refill).  Classes that
 * ARMv6-M lacks keep 1 so a stray decode cannot crash the model. */
CSIM_COST_TABLE cost_row m0plus_costs[CSIM_IC_COUNT] = {
    [CSIM_IC_ALU] = {1, 0},       [CSIM_IC_ALU_SHIFT] = {1, 0},
    [CSIM_IC_ALU_PC] = {1, 1},    /* MOV/ADD PC: 2 */
    [CSIM_IC_MUL] = {1, 0},       /* replaced by mul_cycles (fast 1 / small 32) */
    [CSIM_IC_MAC] = {1, 0},       [CSIM_IC_MULL] = {1, 0},
    [CSIM_IC_MACL] = {1, 0},      [CSIM_IC_DIV] = {1, 0},
    [CSIM_IC_LOAD] = {1, 0},      /* LDR 2 = 1 + one transfer */
    [CSIM_IC_STORE] = {1, 0},     [CSIM_IC_LOAD2] = {1, 0},
    [CSIM_IC_STORE2] = {1, 0},
    [CSIM_IC_LDM] = {1, 2},       /* 1+N, POP {.., PC}: 3+N with N counting PC */
    [CSIM_IC_STM] = {1, 0},
    [CSIM_IC_B] = {1, 1},         /* B 2 */
    [CSIM_IC_BCC] = {1, 1},       /* 1 not taken, 2 taken */
    [CSIM_IC_CBZ] = {1, 1},
    [CSIM_IC_BL] = {2, 1},        /* BL 3 */
    [CSIM_IC_BX] = {1, 1},        /* BX/BLX 2 */
    [CSIM_IC_TB] = {1, 1},
    [CSIM_IC_IT] = {1, 0},
    [CSIM_IC_NOP] = {1, 0},       /* NOP, SEV, YIELD 1 */
    [CSIM_IC_SYS] = {3, 0},       /* MRS, MSR 3 */
    [CSIM_IC_CPS] = {1, 0},       /* CPSID/CPSIE 1 */
    [CSIM_IC_BARRIER] = {3, 0},   /* DMB, DSB, ISB 3 */
    [CSIM_IC_WFI] = {2, 0},       /* WFI/WFE 2 (+ wait, not modelled: no sleep) */
    [CSIM_IC_TRAP] = {1, 0},
};

#ifdef CSIM_MUTATION
__attribute__((constructor)) static void mutate_m0plus_costs(void)
{
    csim_cost_mutate("m0plus", m0plus_costs);
}
#endif

static bool is_ioport(const csim_core *c, uint32_t a)
{
    return c->p.ioport_size && a - c->p.ioport_base < c->p.ioport_size;
}

/* ---- Cortex-M0+ ------------------------------------------------------- */

static void m0plus_exec(csim_core *c, const csim_insn *in, const csim_mem_event *ev, unsigned nev,
                        bool taken)
{
    const uint64_t t0 = c->t;
    const uint64_t s = max64(t0, insn_fetched(c, in));

    /* Fetch-ahead (DDI0484C §2.2.1: "limited to a maximum of 32-bits"): one
     * word beyond the instruction's last word, issued as it starts; with
     * m0plus.fetch_limit only by an instruction that ends at a word boundary,
     * so the core never holds more than 32 bits past the executing
     * instruction.  After B/BL/BX/POP PC/MOV PC only with core.fetch_past_flow
     * (uncertain: 2.2.1 does not say whether the pre-decode stops it); the
     * word is then fetched for nothing and the refill waits for the port. */
    const bool word_end = ((in->addr + in->size) & 3u) == 0;
    if ((c->p.fetch_past_flow || !unconditional_flow(in)) && (word_end || !c->p.m0plus_fetch_limit)) {
        uint32_t next = ((in->addr + in->size - 1) & ~3u) + 4;
        if (q_find(c, next) < 0) {
            q_fetch(c, next, s);
        }
    }

    cost_row row = m0plus_costs[in->iclass];
    unsigned issue = in->iclass == CSIM_IC_MUL ? c->p.mul_cycles : row.issue;
    unsigned ntr = in->transfers;
    uint64_t wait = 0, conflict = 0;
    bool write = transfer_is_write(in);
    unsigned io = 0;
    for (unsigned k = 0; k < ntr; k++) {
        uint32_t a = transfer_addr(in, ev, nev, k);
        if (is_ioport(c, a)) {
            io++; /* single-cycle I/O port: no AHB transfer (TRM Table 3.1 note) */
            continue;
        }
        uint64_t due = s + issue + (k - io) + wait + conflict;
        uint64_t at = max64(due, c->bus_free);
        conflict += at - due;
        uint64_t ready = write ? write_ready(c, at, a) : read_ready(c, at, a, CSIM_MS_DATA);
        if (!write && in_flash(c, a)) {
            c->bd.flash_data_reads++;
        }
        wait += ready - (at + 1);
        c->bus_free = ready;
    }
    account_transfers(c, in, ntr);
    /* An I/O-port LDR/STR is 1 cycle: its issue cycle does the access. */
    unsigned transfers = ntr - io;
    if (io && ntr == 1) {
        transfers = 0;
    }

    uint64_t refill = taken ? row.refill : 0;
    uint64_t end = s + issue + transfers + wait + conflict + refill;
    c->bd.fetch_stall += s - t0;
    c->bd.core += issue + transfers;
    c->bd.data_wait += wait;
    c->bd.bus_conflict += conflict;
    if (taken) {
        c->bd.branch += refill;
        c->bd.taken_branches++;
        c->q_n = 0;
        c->fetch_from = end - 1; /* the refill cycle is the target's fetch */
    }
    c->t = end;
}

/* The data phase of the first transfer follows the address cycle. */
static unsigned m0plus_transfer_offset(const csim_insn *in) { return m0plus_costs[in->iclass].issue; }

/* The multiplier implementation option and the single-cycle I/O port. */
static const char *const m0plus_keys[] = {"m0plus.", "core.mul_cycles", "core.ioport_", NULL};

const csim_core_desc csim_core_m0plus = {
    .title = "Cortex-M0+",
    .arch = ARCH_V6M,
    .emu_cpu = "cortex-m0", /* Unicorn has no M0+; the M0 runs the same ARMv6-M code */
    .features = 0,
    .keys = m0plus_keys,
    .exec = m0plus_exec,
    .transfer_offset = m0plus_transfer_offset,
};
