/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * m33.c - the Cortex-M33 pipeline model: its cost table, operand ready
 * times, dual issue of 16-bit pairs and the C-AHB data reads.
 */
#include "core/core_internal.h"

#define PC_BIT (1u << 15)

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
    /* FPv5-SP.  [M4F]: the Cortex-M4 TRM, ARM 100166 Table 7-1 (FPv4-SP),
     * taken for the M33's FPU without an M33 measurement: uncertain, priced
     * by assumption (docs/timing-model.md, "The FPU"). */
    [CSIM_IC_FP_MOVE] = {1, 0},   /* [M4F] VMOV, VABS, VNEG, VMRS, VMSR 1 */
    [CSIM_IC_FP_MOVE2] = {2, 0},  /* [M4F] VMOV of two core registers 2 */
    [CSIM_IC_FP_ARITH] = {1, 0},  /* [M4F] VADD, VSUB, VMUL, VNMUL, VCVT, VCMP 1 */
    [CSIM_IC_FP_V8] = {1, 0},     /* assumed as FP_ARITH: FPv5 only, no figure anywhere */
    [CSIM_IC_FP_MAC] = {1, 0},    /* [J] VFMA/VMLA.F32 1-cycle issue */
    [CSIM_IC_FP_DIV] = {1, 0},    /* [M4F] VDIV, VSQRT 14: 1 issue, the rest in the FPU (fp_div below) */
    [CSIM_IC_FP_LOAD] = {0, 0},   /* [M4F] VLDR 1+N as LDR 1+1: as LDR [J], one word per beat */
    [CSIM_IC_FP_STORE] = {0, 0},  /* [M4F] VSTR 1+N: as STR [J] */
    [CSIM_IC_FP_LDM] = {0, 0},    /* [M4F] VLDM/VPOP 1+N words: as LDM [J], N words N cycles */
    [CSIM_IC_FP_STM] = {0, 0},    /* [M4F] VSTM/VPUSH 1+N words: as STM [J] */
};

/* The FP scoreboard's figures (fpu.c).  [M4F] ARM 100166 section 7.2.3: an
 * arithmetic result (add to square root, all MACs, conversions) "takes one
 * cycle longer" when the next instruction consumes it; VDIV/VSQRT 14 cycles,
 * completing while other instructions go on (ARM erratum 776924, as TI
 * SWRZ108A quotes it).  [J] VFMA/VMLA.F32: 3-cycle result, no FP instruction
 * in the next 2 cycles (jnk0le cortex_m33.md @3dfc2ab).  Loads' results come
 * with m33.load_latency; transfers hold the core, not the FPU. */
CSIM_FP_TABLE fp_row m33_fp_costs[CSIM_IC_FP_COUNT] = {
    [CSIM_IC_FP_MOVE - CSIM_IC_FP_FIRST] = {0, 0},   /* [M4F] */
    [CSIM_IC_FP_MOVE2 - CSIM_IC_FP_FIRST] = {0, 0},  /* [M4F] */
    [CSIM_IC_FP_ARITH - CSIM_IC_FP_FIRST] = {1, 0},  /* [M4F] one cycle longer */
    [CSIM_IC_FP_V8 - CSIM_IC_FP_FIRST] = {1, 0},     /* assumed as FP_ARITH */
    [CSIM_IC_FP_MAC - CSIM_IC_FP_FIRST] = {2, 2},    /* [J] 3-cycle result, FPU held 2 */
    [CSIM_IC_FP_DIV - CSIM_IC_FP_FIRST] = {13, 13},  /* [M4F] 14 cycles */
};

#ifdef CSIM_MUTATION
__attribute__((constructor)) static void mutate_m33_costs(void)
{
    csim_cost_mutate("m33", m33_costs);
    csim_fp_cost_mutate("m33", m33_fp_costs);
}
#endif

/* ---- Cortex-M33 ------------------------------------------------------- */

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
static inline __attribute__((always_inline)) bool m33_pairs(const csim_core *c, const csim_insn *in, bool taken)
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

/* The fetch unit on the C-AHB (Elektronik M33: 32-bit fetches into a 5-entry
 * instruction queue) keeps m33.fetch_words words beyond the current
 * instruction and fetches whenever a word is missing and the bus is free, not
 * only when an instruction issues.  Issues the missing words that can start
 * before `before`, from `from` on; with `before` unbounded, one word (the
 * request of this cycle).  Nothing past an unconditional flow change, which
 * the pre-decode sees, unless core.fetch_past_flow (uncertain: no M33 text
 * says when the fetch unit learns of the branch); those words are flushed by
 * the branch and its target's fetch waits for the C-AHB.  Inlined: each call
 * site's `before` and `lag` (fetch-lag tracking on) are then known, and the
 * call is in every priced instruction. */
static inline __attribute__((always_inline)) void m33_fetch_ahead(csim_core *c, const csim_insn *in, uint64_t from,
                                                                  uint64_t before, bool lag)
{
    if (!c->p.fetch_past_flow && unconditional_flow(in)) {
        return;
    }
    uint32_t cur = (in->addr + in->size - 1) & ~3u;
    /* Before the issue, the word this instruction ends in still holds a
     * queue entry if the next instruction starts in the next word: one entry
     * less to fill ahead. */
    unsigned depth = c->p.m33_fetch_words;
    if (before != UINT64_MAX && ((in->addr + in->size) & 3u) == 0 && depth > 1) {
        depth--;
    }
    for (unsigned k = 1; k <= depth; k++) {
        uint32_t w = cur + 4 * k;
        if (q_find(c, w) >= 0) {
            continue;
        }
        if (before == UINT64_MAX) {
            /* Wanted now, from `from` (a core time): the issue is a fetch-side
             * time only while the fetch side is not before it. */
            if (lag) {
                const uint64_t fetch = max64(c->fetch_from, c->bus_free);
                if (fetch < from) {
                    lag_break(c);
                }
                lag_order(c, fetch + 1, from);
            }
            q_fetch(c, w, from);
            return;
        }
        const uint64_t busy = max64(max64(from, c->fetch_from), max64(c->bus_free, c->last_req));
        if (lag) {
            lag_order(c, busy + 1, before);
        }
        if (busy >= before) {
            return;
        }
        q_fetch(c, w, from);
    }
}

/* Prices one instruction; with `lag`, also tracks the fetch lag
 * (csim_core_lag_begin), which m33_exec leaves out of the common pricing. */
static inline __attribute__((always_inline)) void m33_price(csim_core *c, const csim_insn *in,
                                                            const csim_mem_event *ev, unsigned nev, bool taken,
                                                            bool lag)
{
    const uint64_t t0 = c->t;
    const csim_core_params *p = &c->p;
    if (lag && c->lag.taken) {
        lag_break(c); /* fetches after a taken branch start from a core time */
    }
    uint64_t fetched = insn_fetched(c, in);
    if (lag) {
        lag_not_after(c, fetched, t0); /* no fetch stall: the issue is the core's */
    }

    /* Operands: address registers and plain sources are needed at issue; the
     * data of a store and the accumulators of a MAC one cycle later
     * (load -> store data 1, MAC accumulator chaining; jnk0le cortex_m33.md
     * @3dfc2ab). */
    uint16_t late = 0;
    if (transfer_is_write(in)) {
        late = (uint16_t)(in->regs_read & ~in->addr_regs);
    } else if (in->iclass == CSIM_IC_MACL || in->iclass == CSIM_IC_MAC) {
        late = (uint16_t)(in->regs_read & in->regs_written);
    } else if ((in->flags & CSIM_IF_OPERAND2) && p->m33_operand2_chain) {
        late = (uint16_t)(in->regs_read & ~in->shift_regs & c->chain_regs);
    }
    uint16_t early = (uint16_t)((in->regs_read & ~late) & ~PC_BIT);
    const uint64_t late_ready = latest_ready(c->reg_ready, late);
    uint64_t operands = max64(latest_ready(c->reg_ready, early), late_ready > 0 ? late_ready - 1 : 0);
    const bool fp = csim_iclass_is_fp(in->iclass);
    if (__builtin_expect(fp, 0)) {
        operands = max64(operands, fp_operands_ready(c, in));
    }
    /* Predicated instructions read the flags; IT itself only records them. */
    if ((in->flags & CSIM_IF_COND) && !is_branch_class(in->iclass) && in->iclass != CSIM_IC_IT) {
        operands = max64(operands, c->flags_ready);
    }

    const bool pairs = m33_pairs(c, in, taken);
    if (lag && pairs) {
        lag_order(c, fetched, c->prev_issue);
    }
    bool paired = pairs && fetched <= c->prev_issue && operands <= c->prev_issue;
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

    /* The fetch unit filled its queue while the C-AHB was idle before this
     * issue cycle; a word still missing is wanted now, before or after this
     * instruction's flash data reads (m33.fetch_first). */
    m33_fetch_ahead(c, in, 0, s, lag);
    if (p->m33_fetch_first) {
        m33_fetch_ahead(c, in, s, UINT64_MAX, lag);
    }

    /* One beat per word: a doubleword FP transfer is two, at a and a + 4. */
    const unsigned ntr = transfer_beats(in), dbl = (in->flags & CSIM_IF_FP_DOUBLE) ? 1 : 0;
    uint64_t wait = 0, last_ready = s, beat_ready[32];
    bool write = transfer_is_write(in);
    for (unsigned k = 0; k < ntr; k++) {
        uint32_t a = transfer_addr(in, ev, nev, k >> dbl) + 4 * (k & dbl);
        uint64_t at = s + issue + k + wait - (in->iclass == CSIM_IC_TB ? 1 : 0);
        uint64_t ready;
        if (write) {
            ready = write_ready(c, at, a);
        } else if (in_flash(c, a)) {
            /* Data reads of the Code region use the C-AHB, which also
             * carries the instruction fetches (Cortex-M33 TRM, ARM 100230:
             * C-AHB for instruction and data accesses to the Code region):
             * one transfer at a time, a wait-stated data phase (ICACHE miss)
             * holds the bus, so the read waits for the transfer on it. */
            uint64_t bus_at = max64(at, c->bus_free);
            if (lag) {
                lag_break(c); /* the C-AHB's time and the core's meet */
            }
            ready = read_ready(c, bus_at, a, CSIM_MS_DATA);
            c->bus_free = ready;
            c->bd.flash_data_reads++;
        } else {
            ready = read_ready(c, at, a, CSIM_MS_DATA);
        }
        wait += ready - (at + 1);
        last_ready = ready;
        if (k < 32) {
            beat_ready[k] = ready;
        }
    }
    account_transfers(c, in, ntr);
    if (!p->m33_fetch_first) {
        m33_fetch_ahead(c, in, s, UINT64_MAX, lag);
    }

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
    if (__builtin_expect(fp, 0)) {
        fp_results(c, in, &m33_fp_costs[in->iclass - CSIM_IC_FP_FIRST], s, issue, beat_ready,
                   ntr < 32 ? ntr : 32, p->m33_load_latency);
    }
    c->chain_regs = (uint16_t)((c->chain_regs & ~in->regs_written) | (in->flags & CSIM_IF_OPERAND2 ? dst : 0));
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
        if (lag) {
            c->lag.taken = true;
        }
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

static __attribute__((noinline)) void m33_price_tracking_lag(csim_core *c, const csim_insn *in,
                                                             const csim_mem_event *ev, unsigned nev, bool taken)
{
    m33_price(c, in, ev, nev, taken, true);
    lag_hits_only(c);
}

static void m33_exec(csim_core *c, const csim_insn *in, const csim_mem_event *ev, unsigned nev,
                     bool taken)
{
    if (__builtin_expect(c->lag.on, 0)) {
        m33_price_tracking_lag(c, in, ev, nev, taken);
    } else {
        m33_price(c, in, ev, nev, taken, false);
    }
}

/* The first transfer is made in the issue cycle. */
static unsigned m33_transfer_offset(const csim_insn *in)
{
    (void)in;
    return 0;
}

/* Dual-issue state: how long ago the previous instruction issued, and what it was. */
static bool m33_sign(const csim_core *c, uint64_t now, uint8_t *b)
{
    if (c->fp_horizon > now) {
        return false; /* an FP result or the FPU still busy: not in the signature */
    }
    uint64_t back = now >= c->prev_issue ? now - c->prev_issue : 0;
    b[0] = (uint8_t)back;
    b[1] = c->prev_class;
    b[2] = (uint8_t)(c->prev_wide | c->prev_sets_flags << 1 | c->prev_paired << 2);
    /* Only a register still on its way can wait less for being chained. */
    uint16_t chain = 0;
    for (uint16_t m = c->chain_regs; m; m &= (uint16_t)(m - 1)) {
        unsigned r = (unsigned)__builtin_ctz(m);
        chain |= c->reg_ready[r] > now ? (uint16_t)(1u << r) : 0;
    }
    b[3] = (uint8_t)chain;
    b[4] = (uint8_t)(chain >> 8);
    return back < 255;
}

static void m33_restore(csim_core *c, uint64_t now, const uint8_t *b)
{
    c->prev_issue = now - b[0];
    c->prev_class = b[1];
    c->prev_wide = b[2] & 1;
    c->prev_sets_flags = (b[2] >> 1) & 1;
    c->prev_paired = (b[2] >> 2) & 1;
    c->chain_regs = (uint16_t)(b[3] | b[4] << 8);
}

static const char *const m33_keys[] = {"m33.", NULL};

/* The rows above marked assumed or [M4F]: no M33 document or measurement. */
#define IC_BIT(k) (1ull << CSIM_IC_##k)
_Static_assert(CSIM_IC_COUNT <= 64, "csim_core_desc.assumed holds one bit per class");

const csim_core_desc csim_core_m33 = {
    .title = "Cortex-M33",
    .arch = ARCH_V8M_MAIN,
    .emu_cpu = "cortex-m33",
    .features = CSIM_CF_DWT_CYCCNT | CSIM_CF_FETCH_LAG,
    .keys = m33_keys,
    .assumed = IC_BIT(CPS) | IC_BIT(FP_MOVE) | IC_BIT(FP_MOVE2) | IC_BIT(FP_ARITH) | IC_BIT(FP_V8) | IC_BIT(FP_DIV) |
               IC_BIT(FP_LOAD) | IC_BIT(FP_STORE) | IC_BIT(FP_LDM) | IC_BIT(FP_STM),
    .exec = m33_exec,
    .transfer_offset = m33_transfer_offset,
    .sign = m33_sign,
    .restore = m33_restore,
};
