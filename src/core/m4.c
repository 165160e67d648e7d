/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * m4.c - the Cortex-M4 pipeline model: its cost table (ARM 100166, Cortex-M4
 * TRM, Table 3-1), the load/store pipelining and write-buffer rules of its
 * section 3.3, and its three buses (I-Code, D-Code, System).
 */
#include "core/core_internal.h"

/* Issue cycles at zero wait states and refill cycles when taken.  [T] ARM
 * 100166 Table 3-1; [LS] its load/store timing text ("Load/store timings",
 * after the table); [PFU] the
 * prefetch unit of the M3/M4 pipeline, ARM DDI0337G 1.4 (PC-relative
 * branch targets formed in decode and fetched speculatively, BX LR
 * forwarded); "key": replaced by a model key (docs/model-keys.md).  A
 * load or store is its issue cycle plus one per transfer (LDR 2, LDM 1+N,
 * LDRD 1+2); P, the refill, is 1 to 3 [T]: 1 for a target formed in decode
 * [PFU], +1 when the target is an unaligned 32-bit instruction (its second
 * word's fetch, the fetch model), 3 for a target loaded from memory [LS:
 * "three cycles for the pipeline reload" of LDR PC and TBB/TBH]. */
CSIM_COST_TABLE cost_row m4_costs[CSIM_IC_COUNT] = {
    [CSIM_IC_ALU] = {1, 0},       /* [T] 1 */
    [CSIM_IC_ALU_SHIFT] = {1, 0}, /* [T] 1 (shifts, operand2, DSP/SIMD) */
    [CSIM_IC_ALU_PC] = {1, 2},    /* [T] 1+P; P 2: the target leaves the ALU in execute, not decode [PFU] */
    [CSIM_IC_MUL] = {1, 0},       /* [T] MUL 1 */
    [CSIM_IC_MAC] = {1, 0},       /* [T] MLA/MLS 1, SMLA.., SMUL.. 1 */
    [CSIM_IC_MULL] = {1, 0},      /* [T] UMULL/SMULL 1 */
    [CSIM_IC_MACL] = {1, 0},      /* [T] UMLAL/SMLAL 1, UMAAL and the dual accumulates 1 */
    [CSIM_IC_DIV] = {1, 0},       /* key: m4.div_cycles ([T] 2 to 12, early termination) */
    [CSIM_IC_LOAD] = {1, 3},      /* [T] LDR 2; [LS] LDR PC at least 5 (2 + 3 reload) */
    [CSIM_IC_STORE] = {1, 0},     /* [T] STR 2; [LS] STR Rx,[Ry,#imm] 1 (write buffer) */
    [CSIM_IC_LOAD2] = {1, 0},     /* [T] LDRD 1+N = 3, never pipelined [LS] */
    [CSIM_IC_STORE2] = {1, 0},    /* [T] STRD 1+N = 3 */
    [CSIM_IC_LDM] = {1, 3},       /* [T] 1+N; POP {.., PC} 1+N+P, P 3 as LDR PC [LS] */
    [CSIM_IC_STM] = {1, 0},       /* [T] 1+N */
    [CSIM_IC_B] = {1, 1},         /* [T] 1+P, P 1 [PFU] */
    [CSIM_IC_BCC] = {1, 1},       /* [T] 1 not taken, 1+P taken, P 1 [PFU: speculative fetch] */
    [CSIM_IC_CBZ] = {1, 1},       /* [T] 1 not taken, 1+P taken */
    [CSIM_IC_BL] = {1, 1},        /* [T] 1+P */
    [CSIM_IC_BX] = {1, 1},        /* [T] 1+P, P 1 [PFU: BX LR forwarded] */
    [CSIM_IC_TB] = {2, 3},        /* [LS] TBB/TBH at least 6: 1 + load 1 + add 1 + reload 3 */
    [CSIM_IC_IT] = {1, 0},        /* [T] 1, 0 when folded (m4_folds_it) */
    [CSIM_IC_NOP] = {1, 0},       /* [T] NOP 1 */
    [CSIM_IC_SYS] = {1, 0},       /* [T] MRS/MSR 1 */
    [CSIM_IC_CPS] = {1, 0},       /* [T] CPSID/CPSIE 1 */
    [CSIM_IC_BARRIER] = {1, 0},   /* [T] DMB/DSB 1+B, B = 0 with the write buffer drained */
    [CSIM_IC_WFI] = {1, 0},       [CSIM_IC_TRAP] = {1, 0}, /* never priced: sim.c */
};

#ifdef CSIM_MUTATION
__attribute__((constructor)) static void mutate_m4_costs(void)
{
    csim_cost_mutate("m4", m4_costs);
}
#endif

/* ---- Cortex-M4 -------------------------------------------------------- */

/* The prefetch unit buffers up to three words (ARM DDI0337G 1.4, the M3/M4
 * PFU). */
#define M4_PFU_WORDS 3u

static bool writes_result(unsigned k)
{
    return k == CSIM_IC_ALU || k == CSIM_IC_ALU_SHIFT || k == CSIM_IC_MUL || k == CSIM_IC_MAC ||
           k == CSIM_IC_MULL || k == CSIM_IC_MACL || k == CSIM_IC_DIV;
}

/* "LDR Rx,[Ry,#imm]"-style addressing: one address register. */
static bool immediate_offset(const csim_insn *in)
{
    return __builtin_popcount(in->addr_regs) <= 1;
}

/* IT folds onto a preceding 16-bit instruction and then takes no cycle
 * (ARM 100166 Table 3-1, IT: "can be folded"). */
static bool m4_folds_it(const csim_core *c, const csim_insn *in)
{
    return in->iclass == CSIM_IC_IT && c->prev_class != CSIM_IC_COUNT && !c->prev_wide;
}

/* The PFU fetches ahead on I-Code while the bus is free: up to three words
 * beyond the one the instruction ends in, the first of them wanted at
 * `from`.  Nothing past an unconditional flow change unless
 * core.fetch_past_flow (as the other cores). */
static void m4_fetch_ahead(csim_core *c, const csim_insn *in, uint64_t from)
{
    if (!c->p.fetch_past_flow && unconditional_flow(in)) {
        return;
    }
    uint32_t cur = (in->addr + in->size - 1) & ~3u;
    for (unsigned k = 1; k <= M4_PFU_WORDS; k++) {
        uint32_t w = cur + 4 * k;
        if (q_find(c, w) >= 0) {
            continue;
        }
        if (k > 1 && max64(c->fetch_from, c->bus_free) > from) {
            return; /* the I-Code bus is busy: the next word waits for a later instruction */
        }
        q_fetch(c, w, from);
    }
}

/* The aligned bus transfers an access of `size` bytes at `a` is made of:
 * the processor splits an unaligned LDR/STR/LDRH/STRH into aligned
 * transfers (ARMv7-M, ARM DDI0403 A3.2.1: unaligned word and halfword
 * accesses allowed; the AHB-Lite bus carries aligned transfers only): a
 * word at 2 mod 4 as two halfwords, at an odd address as a byte, a
 * halfword and a byte; a halfword at an odd address as two bytes. */
static unsigned aligned_parts(uint32_t a, unsigned size)
{
    if (size == 4) {
        return (a & 3u) == 0 ? 1 : (a & 1u) ? 3 : 2;
    }
    return size == 2 && (a & 1u) ? 2 : 1;
}

/* Byte offset of part `part` of an access of `size` bytes split into `parts`. */
static uint32_t part_offset(unsigned size, unsigned parts, unsigned part)
{
    static const uint8_t three[3] = {0, 1, 3};
    return parts == 3 ? three[part] : part * size / 2;
}

/* One aligned transfer due at `due`; returns the cycle its data phase
 * ends for the core and adds what it waited to *wait. */
static uint64_t m4_transfer(csim_core *c, uint32_t a, bool write, bool buffered, uint64_t due, uint64_t *wait)
{
    /* The one-entry write buffer holds a store until the bus takes it: a
     * later access waits until it has drained (ARM DDI0337H 3.5, the M3/M4
     * write buffer; ARM 100166, load/store timings: "if the write buffer is
     * full ... delayed until the store can complete"). */
    const uint64_t at = max64(due, c->wb_free);
    uint64_t ready;
    if (write) {
        ready = at + 1 + (is_periph(a) ? c->p.periph_wait : 0);
        if (buffered) {
            c->wb_free = ready;
            ready = at + 1;
        }
    } else {
        /* D-Code reads of the flash go to its interface as CSIM_MS_DATA,
         * beside the I-Code fetches (CSIM_MS_FETCH); System-bus reads
         * (SRAM, peripherals) never meet a fetch. */
        if (csim_core_bus(a, false) == CSIM_BUS_DCODE && in_flash(c, a)) {
            c->bd.flash_data_reads++;
        }
        ready = read_ready(c, at, a, CSIM_MS_DATA);
    }
    *wait += ready - (due + 1);
    return ready;
}

static void m4_exec(csim_core *c, const csim_insn *in, const csim_mem_event *ev, unsigned nev, bool taken)
{
    const uint64_t t0 = c->t;
    const unsigned k = in->iclass;
    const cost_row row = m4_costs[k];
    const uint64_t fetched = insn_fetched(c, in);
    uint64_t s = max64(t0, fetched);
    c->bd.fetch_stall += s - t0;

    /* A load or store whose address the previous data-processing instruction
     * computed waits one cycle: no forwarding path to the address (ARM
     * 100166, load/store timings). */
    const unsigned ntr = in->transfers;
    const bool write = transfer_is_write(in);
    uint64_t stall = 0;
    if (ntr && writes_result(c->prev_class) && (in->addr_regs & c->prev_written)) {
        stall = 1;
    }
    /* Neighbouring LDR/STR pipeline: a load or store after a load whose
     * result it does not use for its address saves its address cycle
     * (load/store timings: N loads take N+1); a store with an immediate
     * offset goes to the write buffer in its one cycle (same text). */
    const bool single = k == CSIM_IC_LOAD || k == CSIM_IC_STORE;
    const bool pipelined = single && !stall && c->prev_class == CSIM_IC_LOAD &&
                           !(in->addr_regs & c->prev_written);
    const bool buffered = k == CSIM_IC_STORE && immediate_offset(in);
    s += stall;
    c->bd.load_use += stall;

    unsigned issue = k == CSIM_IC_DIV ? c->p.m4_div_cycles : row.issue;
    if (m4_folds_it(c, in)) {
        issue = 0;
    }
    const unsigned overlap = (pipelined || buffered) ? 1 : 0;

    /* The flash interface takes requests in time order: the fetch-ahead,
     * wanted at the issue cycle, goes first unless the first transfer falls
     * in that same cycle, where D-Code has priority over I-Code (ARM
     * DDI0337 §12.4: D-Code before I-Code, the arbitration ST's flash
     * interfaces make). */
    const bool data_first = ntr && issue <= overlap;
    if (!data_first) {
        m4_fetch_ahead(c, in, s);
    }
    uint64_t wait = 0, last_ready = s + issue;
    unsigned beats = 0;
    for (unsigned j = 0; j < ntr; j++) {
        const uint32_t a = transfer_addr(in, ev, nev, j);
        const unsigned size = j < nev ? ev[j].size : 4;
        const unsigned parts = aligned_parts(a, size);
        for (unsigned part = 0; part < parts; part++) {
            const uint64_t due = s + issue - overlap + beats++ + wait;
            last_ready = m4_transfer(c, a + part_offset(size, parts, part), write, buffered, due, &wait);
        }
    }
    account_transfers(c, in, ntr);
    if (data_first) {
        m4_fetch_ahead(c, in, s);
    }

    uint64_t end = s + issue - overlap + beats + wait;
    c->bd.core += end - s - wait;
    c->bd.data_wait += wait;

    if (taken) {
        /* The target's fetch is the last refill cycle; a target loaded from
         * memory is known when its transfer returns. */
        uint64_t resolve = ntr ? last_ready : s + issue;
        uint64_t refill = row.refill;
        uint64_t from = max64(end, resolve);
        c->bd.data_wait += from - end;
        end = from + refill;
        c->bd.branch += refill;
        c->bd.taken_branches++;
        c->q_n = 0;
        c->fetch_from = end - 1;
    }
    c->t = end;
    c->prev_class = (uint8_t)k;
    c->prev_wide = (in->flags & CSIM_IF_WIDE) != 0;
    c->prev_written = in->regs_written;
}

/* The first transfer follows the issue cycle. */
static unsigned m4_transfer_offset(const csim_insn *in) { return m4_costs[in->iclass].issue; }

/* The previous instruction (pipelining, address dependency, IT folding)
 * and the write buffer, relative to `now`. */
static bool m4_sign(const csim_core *c, uint64_t now, uint8_t *b)
{
    uint64_t wb = c->wb_free > now ? c->wb_free - now : 0;
    b[0] = c->prev_class;
    b[1] = c->prev_wide;
    b[2] = (uint8_t)c->prev_written;
    b[3] = (uint8_t)(c->prev_written >> 8);
    b[4] = (uint8_t)wb;
    return wb < 256;
}

static void m4_restore(csim_core *c, uint64_t now, const uint8_t *b)
{
    c->prev_class = b[0];
    c->prev_wide = b[1];
    c->prev_written = (uint16_t)(b[2] | b[3] << 8);
    c->wb_free = now + b[4];
}

static const char *const m4_keys[] = {"m4.", NULL};

const csim_core_desc csim_core_m4 = {
    .title = "Cortex-M4",
    .arch = ARCH_V7EM,
    .emu_cpu = "cortex-m4",
    .features = CSIM_CF_DWT_CYCCNT,
    .keys = m4_keys,
    .exec = m4_exec,
    .transfer_offset = m4_transfer_offset,
    .sign = m4_sign,
    .restore = m4_restore,
};
