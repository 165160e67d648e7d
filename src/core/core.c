/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * core.c - what the Cortex-M pipeline models share (pure).
 *
 * Every core has the same skeleton: an instruction issues once its
 * halfwords have been fetched (and, on the M33, its operands are ready); its
 * bus transfers follow at fixed offsets; a taken branch flushes the fetch
 * queue and refetches from the target.  Issue cycles come from each core's
 * table (m0plus.c, m33.c), one row per csim_iclass, every row with its
 * source.  Memory timing (wait states, buffers, caches) comes from the memsys
 * module, so at zero wait states each core reproduces its reference table
 * exactly.  Here: the fetch queue, bus reads, exceptions, and the tracking
 * of the fetch lag that block reuse asks for (the signature it keys on is
 * src/timing's).
 * The rules are written out, with worked examples, in docs/timing-model.md.
 */
#include <string.h>

#include "core/core_internal.h"

void csim_core_init(csim_core *c, const csim_core_params *p, csim_memsys *flash)
{
    memset(c, 0, sizeof(*c));
    c->p = *p;
    c->desc = csim_core_desc_of(p->kind);
    c->flash = flash;
    c->prev_class = CSIM_IC_COUNT;
}

const char *csim_iclass_name(unsigned iclass)
{
    static const char *const names[CSIM_IC_COUNT] = {
#define CSIM_ICLASS(id, name) name,
#include "cyclesim/core/iclass.def"
    };
    return iclass < CSIM_IC_COUNT ? names[iclass] : "?";
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
    case CSIM_IC_FP_LOAD:
    case CSIM_IC_FP_STORE:
    case CSIM_IC_FP_LDM:
    case CSIM_IC_FP_STM:
        return in->nregs;
    case CSIM_IC_TB:
        return 1;
    default:
        return 0;
    }
}

void csim_core_decoded(csim_insn *insns, int n)
{
    for (int i = 0; i < n; i++) {
        insns[i].transfers = (uint8_t)csim_core_transfers(&insns[i]);
    }
}

/* One read through the bus at `issue`: flash goes to the flash model, the
 * external memory to its model (instruction fetches too: above the Code
 * region they use the S-AHB, through the DCACHE), the rest is zero-wait
 * memory or a peripheral with periph_wait. */
uint64_t read_ready(csim_core *c, uint64_t issue, uint32_t a, csim_ms_kind kind)
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
    if (in_xmem(c, a)) {
        return csim_xmem_read(c->xmem, issue, a);
    }
    return issue + 1 + (is_periph(a) ? c->p.periph_wait : 0);
}

int q_find(const csim_core *c, uint32_t w)
{
    for (unsigned i = 0; i < c->q_n; i++) {
        if (c->q_addr[i] == w) {
            return (int)i;
        }
    }
    return -1;
}

uint64_t q_fetch(csim_core *c, uint32_t w, uint64_t earliest)
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
uint64_t insn_fetched(csim_core *c, const csim_insn *in)
{
    uint32_t w0 = in->addr & ~3u, w1 = (in->addr + in->size - 1) & ~3u;
    uint64_t r = need_word(c, w0);
    return w1 != w0 ? max64(r, need_word(c, w1)) : r;
}

void csim_core_redirect(csim_core *c, uint32_t addr)
{
    (void)addr;
    c->version++;
    lag_break(c);
    c->q_n = 0;
    c->fetch_from = c->t;
    c->prev_class = CSIM_IC_COUNT;
}

void csim_core_exec(csim_core *c, const csim_insn *in, const csim_mem_event *ev, unsigned nev,
                    bool taken, uint32_t next_pc)
{
    (void)next_pc;
    c->version++;
    c->bd.instructions++;
    c->desc->exec(c, in, ev, nev, taken);
}

uint64_t csim_core_access_time(csim_core *c, const csim_insn *in)
{
    /* Its first transfer: after the fetch, at the issue offset of its class. */
    c->version++; /* the fetch may fill the queue */
    lag_break(c);
    uint64_t s = max64(c->t, insn_fetched(c, in));
    return s + c->desc->transfer_offset(in);
}

void csim_core_exception(csim_core *c, bool entry, uint32_t addr)
{
    unsigned n = entry ? c->p.exception_entry : c->p.exception_return;
    c->t += n; /* csim_core_redirect moves the version */
    c->bd.exception += n;
    csim_core_redirect(c, addr);
}

void csim_core_exception_extra(csim_core *c, unsigned cycles)
{
    c->version++;
    c->t += cycles;
    c->bd.exception += cycles;
}

void lag_order_slow(csim_core *c, uint64_t f, uint64_t k)
{
    const int64_t d = (int64_t)(k - f);
    if (f <= k) {
        c->lag.hi = d < c->lag.hi ? d : c->lag.hi;
    } else {
        c->lag.lo = d + 1 > c->lag.lo ? d + 1 : c->lag.lo;
    }
    if (c->lag.lo > 0 || c->lag.hi < 0) {
        lag_break(c); /* not even the recorded state */
    }
}

void lag_not_after_slow(csim_core *c, uint64_t f, uint64_t k)
{
    if (f > k) {
        lag_break(c);
        return;
    }
    lag_order_slow(c, f, k);
}

void csim_core_lag_begin(csim_core *c)
{
    const uint64_t fetch = max64(c->fetch_from, c->bus_free);
    c->lag.on = (c->desc->features & CSIM_CF_FETCH_LAG) != 0 && fetch <= c->t;
    c->lag.lo = INT64_MIN / 2;
    c->lag.hi = INT64_MAX / 2;
    c->lag.taken = false;
    c->lag.st = c->flash ? csim_memsys_stats(c->flash) : NULL;
    c->lag.reads = c->lag.st ? c->lag.st->misses + c->lag.st->flash_reads + c->lag.st->prefetch_hits : 0;
    /* Shifted, the fetch side must stay in the past, where the signature
     * holds it as it is (below now, the floor is max(fetch_from, bus_free)). */
    lag_order(c, fetch, c->t);
}

bool csim_core_lag_end(csim_core *c, int64_t *lo, int64_t *hi, bool *shifted)
{
    const uint64_t fetch = max64(c->fetch_from, c->bus_free);
    if (!c->lag.taken) {
        /* The whole fetch side moved with the shift; it must stay in the past. */
        lag_not_after(c, fetch, c->t);
    } else {
        /* fetch_from is the taken branch's, a core time: bus free and last
         * request must stay at or below it, the floor, where they sign as it. */
        lag_not_after(c, c->bus_free, c->fetch_from);
        lag_not_after(c, c->last_req, c->fetch_from);
        if (c->fetch_from > c->t) {
            lag_break(c);
        }
    }
    const bool ok = c->lag.on && c->lag.lo <= 0 && 0 <= c->lag.hi;
    *lo = c->lag.lo;
    *hi = c->lag.hi;
    *shifted = !c->lag.taken;
    c->lag.on = false;
    return ok;
}
