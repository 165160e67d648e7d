/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pricing.h - the timing of decoded blocks: the core (core/) and the flash
 * interface (memsys/) priced behind one "price this block from this state"
 * interface, with the reuse of a pricing inside it (docs/performance.md,
 * "Block reuse").  Pure: no emulator, no JSON.
 *
 * The caller hands over a decoded block (csim_pricer_begin), the memory
 * transfers the emulator observed for it in program order
 * (csim_pricer_record), and, once known, where execution went after it
 * (csim_pricer_finish): the block is then priced, or a pricing kept from an
 * earlier run of it from the same core and flash-interface state is
 * replayed.  The cycles and their breakdown are the core's (csim_core_now,
 * core->bd): the same either way.
 */
#ifndef CYCLESIM_TIMING_PRICING_H
#define CYCLESIM_TIMING_PRICING_H

#include <stdbool.h>
#include <stdint.h>

#include "cyclesim/core/timing.h"
#include "cyclesim/memsys/memsys.h"
#include "cyclesim/timing/signature.h"

#define CSIM_PRICER_EVENTS 1024  /* transfers recorded per block (more are dropped: priced as SRAM) */
#define CSIM_PRICER_FLASH_READS 512 /* flash data reads a kept pricing compares */

/* Classes of a transfer that price differently (the caller's address map
 * decides), or'ed with CSIM_TC_WRITE for a store.  Reuse compares them; a
 * flash read's address matters to the flash interface.  A block with a
 * transfer of the external memory (CSIM_TC_XMEM), whose DCACHE state no kept
 * pricing records, is always priced. */
enum { CSIM_TC_SRAM = 0, CSIM_TC_FLASH = 1, CSIM_TC_PERIPH = 2, CSIM_TC_IOPORT = 3, CSIM_TC_WRITE = 4,
       CSIM_TC_XMEM = 8 };

struct csim_tm_memo;

/* A decoded block and the pricings kept of it (csim_tm_block_release frees
 * them).  The caller decodes it once per address and owns it. */
typedef struct csim_tm_block {
    uint32_t addr;
    unsigned n;
    csim_insn *insns;
    struct csim_tm_memo *memo; /* kept pricings: a block may end several ways or start from several states */
    unsigned memo_rr;          /* next slot to replace */
    uint16_t reuse_fails;      /* consecutive pricings that could not be reused */
    uint16_t reuse_skip;       /* executions left before reuse is tried again */
} csim_tm_block;

/* The pricing being recorded (large: kept in the pricer, off the stack). */
typedef struct csim_tm_rec {
    csim_core_sig entry, exit;
    csim_access_rec acc;
    unsigned n_flash;
    uint32_t flash_addr[CSIM_PRICER_FLASH_READS];
    csim_ms_state ms_in, ms_out;
    csim_ms_tag_log tags;
} csim_tm_rec;

/* Pricings reused, priced and not tried, and why the closest kept one did
 * not hold: none kept, other outcome, other transfers, other core state,
 * other flash-interface state (CYCLESIM_DEBUG_REUSE). */
typedef struct csim_reuse_stats {
    uint64_t hits, misses, skips;
    uint64_t why[6];
} csim_reuse_stats;

/* Called after each instruction priced, with its transfers (the engine's
 * instruction statistics of `leak` and the line profile); while it is set,
 * no pricing is replayed, so every instruction is seen. */
typedef void (*csim_pricer_insn_fn)(void *ctx, const csim_insn *in, const csim_mem_event *ev, unsigned n_ev);

typedef struct csim_pricer {
    csim_core *core;
    csim_pricer_insn_fn on_insn; /* NULL: none */
    void *on_insn_ctx;
    csim_memsys *flash;
    const csim_ms_cfg *flash_cfg; /* the configuration in force (csim_memsys_config) */
    bool logs_tags;               /* its cache tags kept as tag logs (csim_ms_logs_tags): the ICACHE's slots */
    csim_tm_block *pending;       /* executed, not yet priced */
    unsigned cursor;              /* next instruction of `pending` to price */
    unsigned n_ev, ev_pos;        /* transfers recorded, handed to instructions */
    csim_mem_event ev[CSIM_PRICER_EVENTS];
    uint8_t ev_class[CSIM_PRICER_EVENTS];
    bool reuse_on;
    bool priced_only;             /* the pending block reached the external memory: no reuse */
    unsigned epoch;               /* bumped when the flash interface is reconfigured or invalidated */
    csim_reuse_stats stats;
    csim_tm_rec rec;
    uint64_t memo_gen;            /* recordings so far */
    struct csim_tm_memo *loaded;  /* the last state replay, while its flash state stands (load_token) */
    uint64_t loaded_gen, load_token, load_t;
    struct csim_tm_memo *restored; /* the last replay, while the core stays as it restored it */
    uint64_t restored_gen, restored_version;
} csim_pricer;

/** csim_pricer_init - price on `core`, whose flash interface is `flash`;
 *  `reuse` keeps and replays pricings. */
void csim_pricer_init(csim_pricer *p, csim_core *core, csim_memsys *flash, bool reuse);

/** csim_pricer_begin - block `b` runs next (the previous one is finished). */
static inline void csim_pricer_begin(csim_pricer *p, csim_tm_block *b)
{
    p->pending = b;
    p->cursor = 0;
}

/** csim_pricer_record - a transfer of the pending block, in program order,
 *  of class `cls` (CSIM_TC_*, with CSIM_TC_WRITE). */
static inline void csim_pricer_record(csim_pricer *p, uint32_t addr, unsigned size, bool write, uint8_t cls)
{
    const unsigned n = p->n_ev;
    if (n < CSIM_PRICER_EVENTS) {
        p->ev[n] = (csim_mem_event){addr, (uint8_t)size, write};
        p->ev_class[n] = cls;
        p->n_ev = n + 1;
    }
    if (cls & CSIM_TC_XMEM) {
        p->priced_only = true;
    }
}

/** csim_pricer_finish - the pending block went on to `next`: price it (or
 *  replay a kept pricing) and drop its transfers. */
void csim_pricer_finish(csim_pricer *p, uint32_t next);

/** csim_pricer_finish_at - a trap or fault stopped the pending block at the
 *  instruction at `pc`: price up to and including it, drop the rest. */
void csim_pricer_finish_at(csim_pricer *p, uint32_t pc);

/** csim_pricer_drop - forget the pending block and its transfers unpriced
 *  (the caller gives up the pricing of this execution). */
static inline void csim_pricer_drop(csim_pricer *p)
{
    p->pending = NULL;
    p->cursor = 0;
    p->n_ev = p->ev_pos = 0;
    p->priced_only = false;
}

/** csim_pricer_now - the cycle of the newest recorded transfer (a peripheral
 *  read mid-block: the block is priced up to its instruction), else now. */
uint64_t csim_pricer_now(csim_pricer *p);

/** csim_pricer_access_insn - index in the pending block of the instruction
 *  that makes the transfer after the recorded ones (`recorded` false: one
 *  the emulator stopped or is checking) or the newest recorded one (true);
 *  pending->n if none.  The pending block must be set. */
unsigned csim_pricer_access_insn(const csim_pricer *p, bool recorded);

/** csim_pricer_flash_changed - the flash interface was reconfigured or
 *  invalidated: no kept pricing holds any more. */
static inline void csim_pricer_flash_changed(csim_pricer *p) { p->epoch++; }

/** csim_tm_block_release - free the pricings kept of `b`. */
void csim_tm_block_release(csim_tm_block *b);

/** csim_tm_breakdown_diff, csim_tm_ms_stats_diff - d = a - b, field by
 *  field: what a block, or a region, added. */
void csim_tm_breakdown_diff(csim_breakdown *d, const csim_breakdown *a, const csim_breakdown *b);
void csim_tm_ms_stats_diff(csim_ms_stats *d, const csim_ms_stats *a, const csim_ms_stats *b);

#endif
