/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * watchdog.c - what stops a run that goes nowhere: the instruction limit
 * since the last marker, a loop that stores nothing for too long, and a loop
 * back to a recorded state; a block observer (docs/exit-codes.md).
 */
#include "engine/sim_internal.h"

void watch_init(watchdog *w, uint64_t max_insns)
{
    w->snap_pc = NO_SNAP;
    /* A loop that writes nothing and reads no new peripheral value for this
     * long is a runaway even if its registers change (a counter);
     * docs/exit-codes.md. */
    w->quiet_limit = max_insns / 64 > QUIET_MIN ? max_insns / 64 : QUIET_MIN;
    w->quiet_limit = w->quiet_limit < max_insns ? w->quiet_limit : max_insns;
}

/* A loop that polls an unmodelled bit rereads the same values for ever: only
 * a new value is progress (the quiet limit then stops it, naming the
 * register).  The snapshot check still takes any read as a change: a
 * register that changes with time may read the same for a while. */
void watch_periph_read(watchdog *w, uint64_t insns, uint32_t addr, uint32_t value)
{
    w->snap_dirty = true;
    for (unsigned i = 0; i < POLL_SLOTS; i++) {
        if (w->polled[i].addr == addr) {
            if (w->polled[i].value == value) {
                w->rereads++;
                w->poll_addr = addr;
                w->poll_value = value;
                return;
            }
            w->polled[i].value = value;
            w->quiet_from = insns;
            w->rereads = 0;
            return;
        }
    }
    w->polled[w->poll_next].addr = addr;
    w->polled[w->poll_next].value = value;
    w->poll_next = (w->poll_next + 1) % POLL_SLOTS;
    w->quiet_from = insns;
    w->rereads = 0;
}

static void snapshot(sim *s, uint32_t *r)
{
    for (int i = 0; i < CSIM_REG_COUNT; i++) {
        r[i] = i == CSIM_PC ? 0 : csim_emu_reg(s->emu, i);
    }
    csim_emu_fp_regs(s->emu, r + CSIM_REG_COUNT);
}

/* Out of line, as is back_at_snapshot: the observer runs at every block,
 * these once in SNAP_INTERVAL blocks or at a loop. */
static __attribute__((noinline)) void take_snapshot(sim *s, uint32_t addr)
{
    watchdog *w = &s->watch;
    snapshot(s, w->snap);
    w->snap_pc = addr;
    w->snap_dirty = false;
    w->snap_next = w->blocks + SNAP_INTERVAL;
}

/* The block of the snapshot runs again: whether nothing has changed. */
static __attribute__((noinline)) bool back_at_snapshot(sim *s)
{
    watchdog *w = &s->watch;
    w->snap_pc = NO_SNAP;
    bool irq = csim_periph_systick_due(s->periph) != UINT64_MAX && exc_can_preempt(s, EXC_SYSTICK);
    if (!w->snap_dirty && !irq) {
        snapshot(s, w->cmp);
        if (memcmp(w->cmp, w->snap, sizeof(w->snap)) == 0) {
            return true;
        }
    }
    w->snap_next = w->self_next = w->blocks + SNAP_INTERVAL;
    return false;
}

/* Whether the firmware is in a loop it cannot leave: it is back at a block
 * whose start state was recorded, with no store and no peripheral or system
 * read since (nothing else changes memory: no DMA is modelled), the same
 * registers, and no interrupt that could end the wait (SysTick off, or not
 * above the execution priority: PRIMASK, BASEPRI, the active exception).  The same state
 * then repeats for ever.  A snapshot is taken at a block that branches to
 * itself and every SNAP_INTERVAL blocks (loops of several blocks); after a
 * mismatch the next one waits SNAP_INTERVAL blocks, which keeps a counting
 * loop cheap. */
static bool runaway(sim *s, uint32_t addr, const block *prev)
{
    watchdog *w = &s->watch;
    w->blocks++;
    if (addr == w->snap_pc) {
        return back_at_snapshot(s);
    }
    if (w->blocks >= w->snap_next || (prev && prev->code.addr == addr && w->blocks >= w->self_next)) {
        take_snapshot(s, addr);
    }
    return false;
}

static action watch_ended(sim *s, const block *prev, uint32_t addr)
{
    if (s->insns - s->watch.progress >= s->opts->max_insns) {
        return ACT_LIMIT;
    }
    if (s->insns - s->watch.quiet_from >= s->watch.quiet_limit) {
        return ACT_QUIET;
    }
    return runaway(s, addr, prev) ? ACT_RUNAWAY : ACT_NONE;
}

const block_observer watch_observer = {OBS_WATCHDOG, watch_ended, NULL};
