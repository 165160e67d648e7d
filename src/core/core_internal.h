/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * core_internal.h - what the per-core models share inside src/core: the cost
 * row, the fetch queue and bus reads (core.c), the transfer helpers and the
 * signature layout.
 * Not a public header: only the files of src/core include it.
 */
#ifndef CSIM_CORE_INTERNAL_H
#define CSIM_CORE_INTERNAL_H

#include "cyclesim/core/timing.h"

/* The rows of the table of architectures (cores.c, arch.h), for the cores'
 * descriptors. */
enum { ARCH_V6M, ARCH_V8M_MAIN, ARCH_V7EM, ARCH_COUNT };

/* One row of a core's cost table, indexed by csim_iclass. */
typedef struct cost_row {
    uint8_t issue;  /* cycles excluding data transfers (M0+: the 1 of 1+N) */
    uint8_t refill; /* extra cycles when the instruction changes the flow */
} cost_row;

/* The cost tables are constant; only the test-only mutants (tests/mutation,
 * built with CSIM_MUTATION) may change one field at start-up, to show that
 * some test fails when a row is wrong. */
#ifdef CSIM_MUTATION
#define CSIM_COST_TABLE static
/** csim_cost_mutate - apply $CSIM_MUTATION ("CORE:CLASS:FIELD:+1|-1") to
 *  `table` when CORE is `core`; "list" prints every field of the table. */
void csim_cost_mutate(const char *core, cost_row table[CSIM_IC_COUNT]);
#else
#define CSIM_COST_TABLE static const
#endif

static inline uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* AHB/APB peripherals of the STM32 map (0x4000_0000-0x5FFF_FFFF). */
static inline bool is_periph(uint32_t a) { return a >= 0x40000000u && a < 0x60000000u; }

static inline bool in_flash(const csim_core *c, uint32_t a)
{
    return c->flash && csim_memsys_contains(c->flash, a);
}

/* One read through the bus at `issue` (flash model or zero-wait memory). */
uint64_t read_ready(csim_core *c, uint64_t issue, uint32_t a, csim_ms_kind kind);
/* Index of word `w` in the fetch queue, or -1. */
int q_find(const csim_core *c, uint32_t w);
/* Fetch word `w` into the queue, not before `earliest`; returns its ready cycle. */
uint64_t q_fetch(csim_core *c, uint32_t w, uint64_t earliest);
/* Cycle at which all halfwords of `in` have arrived. */
uint64_t insn_fetched(csim_core *c, const csim_insn *in);

/* Fetch-lag tracking (csim_fetch_lag), only while a block is priced for
 * reuse: the work is out of line to keep the pricing's hot path small.
 * lag_order: fetch-side time f was compared with core time k; the shift must
 * keep the outcome (f <= k or f > k).  lag_not_after: f must stay at or
 * before k (a fetch never later than the cycle that would wait for it). */
void lag_order_slow(csim_core *c, uint64_t f, uint64_t k);
void lag_not_after_slow(csim_core *c, uint64_t f, uint64_t k);

static inline void lag_order(csim_core *c, uint64_t f, uint64_t k)
{
    if (__builtin_expect(c->lag.on, 0)) {
        lag_order_slow(c, f, k);
    }
}

static inline void lag_not_after(csim_core *c, uint64_t f, uint64_t k)
{
    if (__builtin_expect(c->lag.on, 0)) {
        lag_not_after_slow(c, f, k);
    }
}

/* A core time entered the fetch side, or a fetch-side time the core side:
 * no shift holds, the tracking ends (the pricing takes the path without it). */
static inline void lag_break(csim_core *c) { c->lag.on = false; }

/* A miss, a flash read or a prefetch hit makes the pricing no replay of
 * hits, the only one a shift serves: the tracking ends there. */
static inline void lag_hits_only(csim_core *c)
{
    const csim_ms_stats *st = c->lag.st;
    if (st && st->misses + st->flash_reads + st->prefetch_hits != c->lag.reads) {
        lag_break(c);
    }
}

static inline bool unconditional_flow(const csim_insn *in)
{
    return (in->flags & CSIM_IF_UNCOND_FLOW) != 0;
}

/* Address of transfer k: observed, else the literal, else "SRAM". */
static inline uint32_t transfer_addr(const csim_insn *in, const csim_mem_event *ev, unsigned nev, unsigned k)
{
    if (k < nev) {
        return ev[k].addr;
    }
    return (in->flags & CSIM_IF_LITERAL) ? in->lit_addr : 0x20000000u;
}

static inline bool transfer_is_write(const csim_insn *in)
{
    return in->iclass == CSIM_IC_STORE || in->iclass == CSIM_IC_STORE2 || in->iclass == CSIM_IC_STM;
}

static inline void account_transfers(csim_core *c, const csim_insn *in, unsigned n)
{
    if (transfer_is_write(in)) {
        c->bd.stores += n;
    } else {
        c->bd.loads += n;
    }
}

#endif
