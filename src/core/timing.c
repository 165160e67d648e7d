/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * timing.c - Cortex-M0+ and Cortex-M33 pipeline models (pure).
 *
 * Both cores share the same skeleton: an instruction issues once its
 * halfwords have been fetched (and, on the M33, its operands are ready); its
 * bus transfers follow at fixed offsets; a taken branch flushes the fetch
 * queue and refetches from the target.  Issue cycles come from the tables
 * below, one row per csim_iclass, every row with its source.  Memory timing
 * (wait states, buffers, caches) comes from the memsys module, so at zero
 * wait states each core reproduces its reference table exactly.
 * The rules are written out, with worked examples, in docs/timing-model.md.
 */
#include <string.h>

#include "cost_table.h"
#include "cyclesim/timing.h"

#define PC_BIT (1u << 15)

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

/* M33: ARM publishes no table (the Cortex-M33 TRM, ARM 100230, has none).
 * [J] measured, jnk0le cortex_m33.md @3dfc2ab (RP2350, cm33 r1p0);
 * [J*] derived from it (docs/timing-model.md); [M4] assumed as the Cortex-M4
 * TRM (ARM 100166 Table 3-1), no M33 measurement; "key": replaced by a model
 * key (docs/model-keys.md, "uncertain").  A taken branch is 1 issue + 1
 * refill [J]; an unaligned 32-bit target costs 1 more through the fetch
 * model (compendium branch_timing). */
CSIM_COST_TABLE cost_row m33_costs[CSIM_IC_COUNT] = {
    [CSIM_IC_ALU] = {1, 0},       /* [J] */
    [CSIM_IC_ALU_SHIFT] = {1, 0}, /* [J] 1, 2-cycle result (m33.shift_latency) */
    [CSIM_IC_ALU_PC] = {1, 1},    /* [J] as a taken branch */
    [CSIM_IC_MUL] = {1, 0},       /* [J] MUL.W 1; MULS.N 2 (flag-setting, 2-stage) */
    [CSIM_IC_MAC] = {1, 0},       /* [J] */
    [CSIM_IC_MULL] = {1, 0},      /* key: m33_mull_issue */
    [CSIM_IC_MACL] = {1, 0},      /* key: m33_macl_issue */
    [CSIM_IC_DIV] = {1, 0},       /* key: m33_div_cycles */
    [CSIM_IC_LOAD] = {0, 3},      /* [J] one transfer = 1 cycle; LDR PC as POP {PC} (assumed) */
    [CSIM_IC_STORE] = {0, 0},     /* [J] */
    [CSIM_IC_LOAD2] = {0, 0},     /* [J] two transfers = 2 cycles */
    [CSIM_IC_STORE2] = {0, 0},    /* [J] */
    [CSIM_IC_LDM] = {0, 3},       /* [J] N transfers = N cycles; [J*] POP {.., PC} N+3 */
    [CSIM_IC_STM] = {0, 0},       /* [J] */
    [CSIM_IC_B] = {1, 1},         [CSIM_IC_BCC] = {1, 1}, /* [J] */
    [CSIM_IC_CBZ] = {1, 1},       /* [M4] 1, 1+P */
    [CSIM_IC_BL] = {1, 1},        /* [J] as a taken branch */
    [CSIM_IC_BX] = {1, 1},        /* [J] */
    [CSIM_IC_TB] = {1, 1},        /* [M4] 2+P with the table transfer */
    [CSIM_IC_IT] = {1, 0},        /* [J] dual-issues with its predecessor */
    [CSIM_IC_NOP] = {1, 0},       /* [J] */
    [CSIM_IC_SYS] = {1, 0},       /* [M4] MRS/MSR 1 */
    [CSIM_IC_CPS] = {1, 0},       /* assumed: no figure */
    [CSIM_IC_BARRIER] = {1, 0},   /* [M4] DMB/DSB 1+B, B = 0; ISB 1+P is not modelled */
    [CSIM_IC_WFI] = {1, 0},       [CSIM_IC_TRAP] = {1, 0}, /* never priced: sim.c */
};

#ifdef CSIM_MUTATION
__attribute__((constructor)) static void mutate_cost_tables(void)
{
    csim_cost_mutate("m0plus", m0plus_costs);
    csim_cost_mutate("m33", m33_costs);
}
#endif

static inline uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

void csim_core_init(csim_core *c, const csim_core_params *p, csim_memsys *flash)
{
    memset(c, 0, sizeof(*c));
    c->p = *p;
    c->flash = flash;
    c->prev_class = CSIM_IC_COUNT;
}

unsigned csim_core_transfers(const csim_insn *in)
{
    switch (in->iclass) {
    case CSIM_IC_LOAD:
    case CSIM_IC_STORE:
        return 1;
    case CSIM_IC_LOAD2:
    case CSIM_IC_STORE2:
        return 2;
    case CSIM_IC_LDM:
    case CSIM_IC_STM:
        return in->nregs;
    case CSIM_IC_TB:
        return 1;
    default:
        return 0;
    }
}

static bool is_ioport(const csim_core *c, uint32_t a)
{
    return c->p.ioport_size && a - c->p.ioport_base < c->p.ioport_size;
}

/* AHB/APB peripherals of the STM32 map (0x4000_0000-0x5FFF_FFFF). */
static bool is_periph(uint32_t a) { return a >= 0x40000000u && a < 0x60000000u; }

static bool in_flash(const csim_core *c, uint32_t a)
{
    return c->flash && csim_memsys_contains(c->flash, a);
}

/* One read through the bus at `issue`: flash goes to the flash model, the
 * rest is zero-wait memory or a peripheral with periph_wait. */
static uint64_t read_ready(csim_core *c, uint64_t issue, uint32_t a, csim_ms_kind kind)
{
    if (in_flash(c, a)) {
        /* The flash model needs non-decreasing request times. */
        issue = max64(issue, c->last_req);
        c->last_req = issue;
        if (c->rec) {
            if (c->rec->n < CSIM_REC_MAX) {
                c->rec->addr[c->rec->n] = a & ~3u;
                c->rec->kind[c->rec->n++] = (uint8_t)kind;
            } else {
                c->rec->overflow = true;
            }
        }
        return csim_memsys_read(c->flash, issue, a & ~3u, kind);
    }
    return issue + 1 + (is_periph(a) ? c->p.periph_wait : 0);
}

static int q_find(const csim_core *c, uint32_t w)
{
    for (unsigned i = 0; i < c->q_n; i++) {
        if (c->q_addr[i] == w) {
            return (int)i;
        }
    }
    return -1;
}

static uint64_t q_fetch(csim_core *c, uint32_t w, uint64_t earliest)
{
    uint64_t issue = max64(max64(earliest, c->fetch_from), c->bus_free);
    uint64_t ready = read_ready(c, issue, w, CSIM_MS_FETCH);
    c->bus_free = ready;
    if (c->q_n == CSIM_FETCH_QUEUE) {
        for (unsigned i = 1; i < CSIM_FETCH_QUEUE; i++) {
            c->q_addr[i - 1] = c->q_addr[i];
            c->q_ready[i - 1] = c->q_ready[i];
        }
        c->q_n--;
    }
    c->q_addr[c->q_n] = w;
    c->q_ready[c->q_n] = ready;
    c->q_n++;
    return ready;
}

static uint64_t need_word(csim_core *c, uint32_t w)
{
    int i = q_find(c, w);
    return i >= 0 ? c->q_ready[i] : q_fetch(c, w, c->fetch_from);
}

/* Cycle at which all halfwords of `in` have arrived. */
static uint64_t insn_fetched(csim_core *c, const csim_insn *in)
{
    uint32_t w0 = in->addr & ~3u, w1 = (in->addr + in->size - 1) & ~3u;
    uint64_t r = need_word(c, w0);
    return w1 != w0 ? max64(r, need_word(c, w1)) : r;
}

void csim_core_redirect(csim_core *c, uint32_t addr)
{
    (void)addr;
    c->q_n = 0;
    c->fetch_from = c->t;
    c->prev_class = CSIM_IC_COUNT;
}

static inline bool unconditional_flow(const csim_insn *in)
{
    return (in->flags & CSIM_IF_UNCOND_FLOW) != 0;
}

/* Address of transfer k: observed, else the literal, else "SRAM". */
static uint32_t transfer_addr(const csim_insn *in, const csim_mem_event *ev, unsigned nev, unsigned k)
{
    if (k < nev) {
        return ev[k].addr;
    }
    return (in->flags & CSIM_IF_LITERAL) ? in->lit_addr : 0x20000000u;
}

static bool transfer_is_write(const csim_insn *in)
{
    return in->iclass == CSIM_IC_STORE || in->iclass == CSIM_IC_STORE2 || in->iclass == CSIM_IC_STM;
}

static void account_transfers(csim_core *c, const csim_insn *in, unsigned n)
{
    if (transfer_is_write(in)) {
        c->bd.stores += n;
    } else {
        c->bd.loads += n;
    }
}

/* ---- Cortex-M0+ ------------------------------------------------------- */

static void m0plus_exec(csim_core *c, const csim_insn *in, const csim_mem_event *ev, unsigned nev,
                        bool taken)
{
    const uint64_t t0 = c->t;
    const uint64_t s = max64(t0, insn_fetched(c, in));

    /* Fetch-ahead: at most one word beyond the instruction (DDI0484C §2.2.1),
     * issued as it starts, except after an unconditional flow change that the
     * pre-decode sees (hypothesis: the M0+ does not fetch past B/BL/BX/POP PC). */
    if (!unconditional_flow(in)) {
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
        uint64_t ready = write ? at + 1 + (is_periph(a) ? c->p.periph_wait : 0)
                               : read_ready(c, at, a, CSIM_MS_DATA);
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

/* ---- Cortex-M33 ------------------------------------------------------- */

static uint64_t regs_ready(const csim_core *c, unsigned mask)
{
    uint64_t r = 0;
    while (mask) {
        r = max64(r, c->reg_ready[__builtin_ctz(mask)]);
        mask &= mask - 1;
    }
    return r;
}

static void set_regs_ready(csim_core *c, unsigned mask, uint64_t when)
{
    while (mask) {
        c->reg_ready[__builtin_ctz(mask)] = when;
        mask &= mask - 1;
    }
}

static bool is_branch_class(unsigned k)
{
    return k == CSIM_IC_B || k == CSIM_IC_BCC || k == CSIM_IC_CBZ;
}

/* Dual issue of two 16-bit instructions, as measured on a cm33 (jnk0le
 * cortex_m33.md @3dfc2ab, "limited dual issue"): NOP pairs with ALU or
 * load/store; a not-taken 16-bit conditional branch issues for free; IT
 * pairs with its predecessor; a taken 16-bit branch pairs with a preceding
 * 16-bit instruction that sets no flags. */
static bool m33_pairs(const csim_core *c, const csim_insn *in, bool taken)
{
    if (!c->p.m33_dual_issue || (in->flags & CSIM_IF_WIDE) || c->prev_wide ||
        c->prev_paired || c->prev_class == CSIM_IC_COUNT) {
        return false;
    }
    unsigned pk = c->prev_class, k = in->iclass;
    bool prev_alu_ls = pk == CSIM_IC_ALU || pk == CSIM_IC_LOAD || pk == CSIM_IC_STORE;
    bool cur_alu_ls = k == CSIM_IC_ALU || k == CSIM_IC_LOAD || k == CSIM_IC_STORE;
    if ((k == CSIM_IC_NOP && prev_alu_ls) || (pk == CSIM_IC_NOP && cur_alu_ls)) {
        return true;
    }
    if (k == CSIM_IC_IT) {
        return true;
    }
    if (is_branch_class(k) && k != CSIM_IC_CBZ) {
        return !taken || !c->prev_sets_flags;
    }
    /* "mov.n r10, r10 // can dual issue with bx" (same document, function
     * return): BX pairs like a taken branch. */
    if (k == CSIM_IC_BX) {
        return !c->prev_sets_flags && !is_branch_class(pk);
    }
    return false;
}

static void m33_exec(csim_core *c, const csim_insn *in, const csim_mem_event *ev, unsigned nev,
                     bool taken)
{
    const uint64_t t0 = c->t;
    const csim_core_params *p = &c->p;
    uint64_t fetched = insn_fetched(c, in);

    /* Operands: address registers and plain sources are needed at issue; the
     * data of a store and the accumulators of a MAC one cycle later
     * (load -> store data 1, MAC accumulator chaining; jnk0le cortex_m33.md
     * @3dfc2ab). */
    uint16_t late = 0;
    if (transfer_is_write(in)) {
        late = (uint16_t)(in->regs_read & ~in->addr_regs);
    } else if (in->iclass == CSIM_IC_MACL || in->iclass == CSIM_IC_MAC) {
        late = (uint16_t)(in->regs_read & in->regs_written);
    }
    uint16_t early = (uint16_t)((in->regs_read & ~late) & ~PC_BIT);
    uint64_t operands = max64(regs_ready(c, early), regs_ready(c, late) > 0 ? regs_ready(c, late) - 1 : 0);
    /* Predicated instructions read the flags; IT itself only records them. */
    if ((in->flags & CSIM_IF_COND) && !is_branch_class(in->iclass) && in->iclass != CSIM_IC_IT) {
        operands = max64(operands, c->flags_ready);
    }

    bool paired = m33_pairs(c, in, taken) && fetched <= c->prev_issue && operands <= c->prev_issue;
    uint64_t s = paired ? c->prev_issue : max64(t0, max64(fetched, operands));

    cost_row row = m33_costs[in->iclass];
    unsigned issue = row.issue, latency = 1;
    switch (in->iclass) {
    case CSIM_IC_ALU_SHIFT:
        /* A flag-setting operation on a rotated constant spends both stages
         * at issue (jnk0le cortex_m33.md @3dfc2ab: 2 cycles, cm33 r1p0). */
        if ((in->flags & CSIM_IF_ROTATED_IMM) && (in->flags & CSIM_IF_SETS_FLAGS)) {
            issue = p->m33_shift_latency;
        } else {
            latency = p->m33_shift_latency;
        }
        break;
    case CSIM_IC_MUL:
        /* MUL is a two-stage operation: MULS.N takes both stages at issue,
         * MUL.W has the multiplier's 2-cycle result (jnk0le cortex_m33.md
         * @3dfc2ab: MULS.N 2 cycles, 2-stage instructions' 2-cycle result). */
        if (in->flags & CSIM_IF_SMALLMUL) {
            issue = 2;
        } else {
            latency = p->m33_mac_latency;
        }
        break;
    case CSIM_IC_MAC: latency = p->m33_mac_latency; break;
    case CSIM_IC_MULL: issue = p->m33_mull_issue; latency = p->m33_mull_latency; break;
    case CSIM_IC_MACL: issue = p->m33_macl_issue; latency = p->m33_mull_latency; break;
    case CSIM_IC_DIV: issue = p->m33_div_cycles; break;
    default: break;
    }

    /* Fetch ahead: one new word per issued instruction, up to the queue
     * depth, on the C-AHB (Elektronik M33: 32-bit fetch into a 5-entry queue). */
    if (!unconditional_flow(in)) {
        uint32_t cur = (in->addr + in->size - 1) & ~3u;
        for (unsigned k = 1; k <= p->m33_fetch_words; k++) {
            uint32_t w = cur + 4 * k;
            if (q_find(c, w) < 0) {
                q_fetch(c, w, s);
                break;
            }
        }
    }

    unsigned ntr = in->transfers;
    uint64_t wait = 0, last_ready = s, beat_ready[16];
    bool write = transfer_is_write(in);
    for (unsigned k = 0; k < ntr; k++) {
        uint32_t a = transfer_addr(in, ev, nev, k);
        uint64_t at = s + issue + k + wait - (in->iclass == CSIM_IC_TB ? 1 : 0);
        uint64_t ready;
        if (write) {
            ready = at + 1 + (is_periph(a) ? p->periph_wait : 0);
        } else if (in_flash(c, a)) {
            /* Data reads of the code region share the C-AHB with fetches. */
            uint64_t bus_at = max64(at, c->bus_free);
            ready = read_ready(c, bus_at, a, CSIM_MS_DATA);
            c->bus_free = ready;
            c->bd.flash_data_reads++;
        } else {
            ready = read_ready(c, at, a, CSIM_MS_DATA);
        }
        wait += ready - (at + 1);
        last_ready = ready;
        if (k < 16) {
            beat_ready[k] = ready;
        }
    }
    account_transfers(c, in, ntr);

    uint64_t issue_end = s + (paired ? 0 : issue) + ntr + wait;
    if (paired && ntr == 0 && in->iclass != CSIM_IC_NOP && in->iclass != CSIM_IC_IT &&
        !is_branch_class(in->iclass)) {
        issue_end = s + issue;
    }
    uint64_t end = max64(issue_end, t0);

    /* Results. */
    uint16_t dst = (uint16_t)(in->regs_written & ~PC_BIT);
    if (ntr > 1 && !write) {
        /* LDM/POP/LDRD: each register arrives with its own beat (registers in
         * ascending order, as the transfers), so an early register is usable
         * before the last beat ends (jnk0le cortex_m33.md @3dfc2ab: LDM of x
         * registers takes x cycles, one beat per cycle). */
        uint16_t regs = (uint16_t)(dst & ~((in->flags & CSIM_IF_WRITEBACK) ? in->addr_regs : 0));
        for (unsigned k = 0; regs; k++) {
            unsigned r = (unsigned)__builtin_ctz(regs);
            regs &= (uint16_t)(regs - 1);
            c->reg_ready[r] = beat_ready[k < ntr ? k : ntr - 1] + p->m33_load_latency - 1;
        }
        if (in->flags & CSIM_IF_WRITEBACK) {
            set_regs_ready(c, (uint16_t)(in->addr_regs & dst), s + 1);
        }
    } else if (ntr && !write) {
        set_regs_ready(c, dst, last_ready + p->m33_load_latency - 1);
        if (in->flags & CSIM_IF_WRITEBACK) {
            set_regs_ready(c, (uint16_t)(in->addr_regs & dst), s + 1);
        }
    } else if (dst) {
        set_regs_ready(c, dst, s + (issue > 1 ? issue : 1) + latency - 1);
    }
    if (in->flags & CSIM_IF_SETS_FLAGS) {
        /* Flags of a 2-stage op (shifted operand2, MULS) come a cycle later. */
        c->flags_ready = s + (in->iclass == CSIM_IC_ALU_SHIFT || in->iclass == CSIM_IC_MUL ? 2 : 1);
    }

    uint64_t refill = 0;
    if (taken) {
        /* The branch resolves at the end of its issue cycles; the target is
         * fetched the cycle after (taken branch = 1 + 1 at zero wait).
         * LDM/TB resolve when their last transfer returns; the target's
         * fetch is the last refill cycle. */
        uint64_t resolve = ntr ? last_ready : s + issue;
        refill = row.refill;
        end = max64(end, resolve) + refill;
        c->q_n = 0;
        c->fetch_from = max64(resolve, end - 1);
        c->bd.taken_branches++;
    }

    /* Split the advance: waiting for the fetch, then for operands, then the
     * data wait states and the refill; the rest is issue cycles. */
    uint64_t start_wait = s > t0 ? s - t0 : 0;
    uint64_t fetch_part = fetched > t0 ? (fetched < s ? fetched : s) - t0 : 0;
    if (fetch_part > start_wait) {
        fetch_part = start_wait;
    }
    c->bd.fetch_stall += fetch_part;
    c->bd.load_use += start_wait - fetch_part;
    uint64_t advance = end - t0;
    if (start_wait + wait + refill > advance) {
        wait = advance - start_wait - refill; /* paired: part of the wait overlapped */
    }
    c->bd.data_wait += wait;
    c->bd.branch += refill;
    c->bd.core += advance - start_wait - wait - refill;
    c->t = end;

    c->prev_issue = s;
    c->prev_class = (uint8_t)in->iclass;
    c->prev_wide = (in->flags & CSIM_IF_WIDE) != 0;
    c->prev_sets_flags = (in->flags & CSIM_IF_SETS_FLAGS) != 0;
    c->prev_paired = paired;
}

void csim_core_exec(csim_core *c, const csim_insn *in, const csim_mem_event *ev, unsigned nev,
                    bool taken, uint32_t next_pc)
{
    (void)next_pc;
    c->bd.instructions++;
    if (c->p.kind == CSIM_CORE_M0PLUS) {
        m0plus_exec(c, in, ev, nev, taken);
    } else {
        m33_exec(c, in, ev, nev, taken);
    }
}

uint64_t csim_core_access_time(csim_core *c, const csim_insn *in)
{
    /* Its first transfer: after the fetch, at the issue offset of its class
     * (M0+: the data phase follows the address cycle; M33: issue cycle). */
    uint64_t s = max64(c->t, insn_fetched(c, in));
    return c->p.kind == CSIM_CORE_M0PLUS ? s + m0plus_costs[in->iclass].issue : s;
}

void csim_core_exception(csim_core *c, bool entry, uint32_t addr)
{
    unsigned n = entry ? c->p.exception_entry : c->p.exception_return;
    c->t += n;
    c->bd.exception += n;
    csim_core_redirect(c, addr);
}

/* Signature layout.  Register and flag ready times only matter above now
 * (they are always combined with the issue cycle): unsigned bytes, 0 = ready.
 * Bus and fetch times can lie before now and still matter: signed bytes. */
static bool rel8(uint64_t x, uint64_t now, uint8_t *out)
{
    uint64_t r = x > now ? x - now : 0;
    *out = (uint8_t)r;
    return r < 256;
}

static bool srel8(uint64_t x, uint64_t now, uint8_t *out)
{
    int64_t r = (int64_t)(x - now);
    *out = (uint8_t)(int8_t)r;
    return r >= -127 && r <= 127;
}

bool csim_core_signature(const csim_core *c, uint32_t base, csim_core_sig *sig)
{
    uint8_t *b = sig->b;
    uint64_t now = c->t;
    bool ok = true;
    memset(sig, 0, sizeof(*sig));
    ok &= srel8(c->bus_free, now, &b[0]);
    /* fetch_from only ever meets bus_free in a max(): below it, it is bus_free. */
    ok &= srel8(max64(c->fetch_from, c->bus_free), now, &b[1]);
    ok &= rel8(c->flags_ready, now, &b[2]);
    /* A last request long past constrains nothing that is representable. */
    ok &= srel8(c->last_req + 127 < now ? now - 127 : c->last_req, now, &b[3]);
    for (unsigned i = 0; i < 16; i++) {
        ok &= rel8(c->reg_ready[i], now, &b[4 + i]);
    }
    b[20] = (uint8_t)c->q_n;
    for (unsigned i = 0; i < c->q_n; i++) {
        int32_t off = (int32_t)(c->q_addr[i] - base);
        ok &= off >= -32768 && off < 32768;
        b[21 + 3 * i] = (uint8_t)off;
        b[22 + 3 * i] = (uint8_t)((uint32_t)off >> 8);
        ok &= srel8(c->q_ready[i], now, &b[23 + 3 * i]);
    }
    /* Pairing state exists on the M33 only. */
    uint64_t back = c->p.kind == CSIM_CORE_M33 && now >= c->prev_issue ? now - c->prev_issue : 0;
    ok &= back < 255;
    b[33] = (uint8_t)back;
    b[34] = c->prev_class;
    b[35] = (uint8_t)(c->prev_wide | c->prev_sets_flags << 1 | c->prev_paired << 2);
    return ok;
}

void csim_core_restore(csim_core *c, uint32_t base, const csim_core_sig *sig, uint64_t dt,
                       const csim_breakdown *d)
{
    const uint8_t *b = sig->b;
    uint64_t now = c->t + dt;
    c->t = now;
    c->bus_free = now + (int64_t)(int8_t)b[0];
    c->fetch_from = now + (int64_t)(int8_t)b[1];
    c->flags_ready = now + b[2];
    c->last_req = now + (int64_t)(int8_t)b[3];
    for (unsigned i = 0; i < 16; i++) {
        c->reg_ready[i] = now + b[4 + i];
    }
    c->q_n = b[20];
    for (unsigned i = 0; i < c->q_n; i++) {
        int32_t off = (int16_t)(b[21 + 3 * i] | b[22 + 3 * i] << 8);
        c->q_addr[i] = base + (uint32_t)off;
        c->q_ready[i] = now + (int64_t)(int8_t)b[23 + 3 * i];
    }
    c->prev_issue = now - b[33];
    c->prev_class = b[34];
    c->prev_wide = b[35] & 1;
    c->prev_sets_flags = (b[35] >> 1) & 1;
    c->prev_paired = (b[35] >> 2) & 1;
#define ADD(f) c->bd.f += d->f;
    ADD(cycles) ADD(instructions) ADD(core) ADD(branch) ADD(fetch_stall) ADD(data_wait)
    ADD(bus_conflict) ADD(load_use) ADD(exception) ADD(taken_branches) ADD(loads) ADD(stores)
    ADD(flash_data_reads)
#undef ADD
}
