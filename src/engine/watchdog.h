/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * watchdog.h - what stops a run that goes nowhere (watchdog.c): the
 * instruction limit since the last marker, a loop that stores nothing for
 * too long, and a loop back to a recorded state (docs/exit-codes.md).
 */
#ifndef CSIM_ENGINE_WATCHDOG_H
#define CSIM_ENGINE_WATCHDOG_H

#include <stdbool.h>
#include <stdint.h>

#include "cyclesim/backends/emu.h"
#include "engine/block_cache.h"

#define SNAP_INTERVAL (1u << 16) /* blocks between two runaway snapshots (at most) */
#define SNAP_REGS (CSIM_REG_COUNT + 33) /* core registers, then S0-S31 and FPSCR (ARMv8-M) */
#define NO_SNAP 1u /* an odd address: no block starts there */
#define QUIET_MIN (1ull << 27) /* store-free instructions that stop a run: at least this, or --max-insns / 64 */
#define POLL_SLOTS 8 /* peripheral registers whose last value read is kept */

typedef struct watchdog {
    /* runaway detection: the state at a block start, to compare when that
     * block comes again with no store and no peripheral read in between */
    uint32_t snap_pc, snap[SNAP_REGS], cmp[SNAP_REGS];
    bool snap_dirty;
    uint64_t blocks, snap_next, self_next;
    uint64_t progress;    /* instruction count at the last progress point (the limit counts from it) */
    uint64_t quiet_from;  /* instruction count at the last store or peripheral/system read */
    uint64_t quiet_limit; /* store-free instructions that make a runaway */
    /* the last value read from the peripheral registers read last (addr 0:
     * a free slot); a read of the same value again is no progress */
    struct {
        uint32_t addr, value;
    } polled[POLL_SLOTS];
    unsigned poll_next;
    uint64_t rereads;               /* reads of a value read before, since quiet_from */
    uint32_t poll_addr, poll_value; /* the last of them */
} watchdog;

/** watch_init - no snapshot yet; the quiet limit for --max-insns `max_insns`. */
void watch_init(watchdog *w, uint64_t max_insns);

/** watch_store - a store (or a marker) after `insns` instructions. */
static inline void watch_store(watchdog *w, uint64_t insns)
{
    w->snap_dirty = true;
    w->quiet_from = insns;
    w->rereads = 0;
}

/** watch_periph_read - a peripheral or system register read after `insns`
 *  instructions: progress only if it read something other than last time. */
void watch_periph_read(watchdog *w, uint64_t insns, uint32_t addr, uint32_t value);

/** watch_progress - a marker or semihosting call: the limit counts from here. */
static inline void watch_progress(watchdog *w, uint64_t insns) { w->progress = insns; }

#endif
