/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys_l0nvm.c - STM32L0 NVM interface (STM32L073; RM0367 §3.3; sources in
 * docs/sources.md).
 *
 * Rules and sources:
 *  - The NVM is organised in 32-bit cells: one array read returns one 32-bit
 *    word = one M0+ fetch (RM0377); flash_read_bytes = 4, the read costs
 *    1 + LATENCY cycles (stm32l0xx_hal_rcc.c: "1 WS (2 CPU cycles)").
 *  - nvm_buffers (6) 32-bit buffers; a hit returns the data with no wait state
 *    (now + 1); the lookup searches all buffers "regardless of group or
 *    fetch/data"; replacement = oldest; all buffers are cleared at reset
 *    (RM0367 §3.3, pp. 75-76).  Every NVM read lands in a buffer.
 *  - Groups: "the buffers are divided in groups", "the history is always
 *    managed by group" and a new address replaces "the oldest buffer (or one
 *    empty buffer, if any) of the right group" (RM0367 §3.3 pp. 75-76); the
 *    sizes per PRFTEN/PRE_READ configuration are Table 14's, not retrieved.
 *    cfg.fetch_buffers (key, uncertain): buffers [0, n) take fetches and
 *    prefetches, the others data reads and pre-reads; 0 (bundled) is ONE LRU
 *    pool of nvm_buffers for every read.  With one pool and PRFTEN, the word
 *    after a loop's last word is prefetched into the pool, so a loop of 6 words
 *    evicts itself and only loops of <= nvm_buffers - 1 words stay resident.
 *  - DISAB_BUF (cfg.buffers = false): no buffers, so the same address read
 *    twice costs two NVM reads, and prefetch/pre-read are impossible (RM0367 §3.3).
 *  - PRFTEN: "When the memory interface does not have any operation in
 *    progress, the address following the last address fetched is read and
 *    stored in a buffer" (RM0367 §3.3).  H-IDLE, H-SKIP in memsys.c (the
 *    latter a key, cfg.readahead_rereads); a demand for the word being prefetched waits for that read to
 *    complete.  A demand for another word while a prefetch or pre-read is in
 *    flight: RM0367 does not say.  cfg.prefetch_abort (key, uncertain,
 *    default true) aborts the speculative read, so the demand starts at once
 *    and the word is not buffered; false keeps H-PRIO (the demand waits
 *    until the NVM is free).  The trigger is every fetch, hit or miss ("the
 *    last address fetched").
 *  - PRE_READ: the same for the address following the last data address, only
 *    "when no fetch/prefetch pending" (RM0367 §3.3) -> a pending prefetch goes first.
 *  - A "fetch" is any read done to execute (RM0367 §3.3): CSIM_MS_FETCH.
 */
#include "memsys/memsys_internal.h"

/* A fetch group leaves the data group at least one buffer. */
static const char *l0_problem(const csim_ms_cfg *c)
{
    const char *flash = ms_flash_problem(c);
    if (flash)
        return flash;
    return !c->buffers || (c->nvm_buffers <= MS_MAX_BUFFERS && (!c->fetch_buffers || c->fetch_buffers < c->nvm_buffers))
               ? NULL
               : "flash.fetch_buffers must leave at least one of flash.nvm_buffers (at most 16) to data reads";
}

/* Every NVM read goes through the buffers; DISAB_BUF disables them, and with
 * them prefetch and pre-read (RM0367 §3.3). */
static void l0_derive(csim_memsys *ms)
{
    const csim_ms_cfg *c = &ms->cfg;
    ms->nbufs = c->buffers ? c->nvm_buffers : 0;
    ms->buf_demand = true;
    ms->pf_on = c->prefetch && ms->nbufs > 0;
    ms->pr_on = c->preread && ms->nbufs > 0;
    ms->fetch_group = c->fetch_buffers;
}

static uint64_t l0_read(csim_memsys *ms, uint64_t now, uint32_t word, csim_ms_kind kind)
{
    ms_advance(ms, now);
    if (ms->cfg.prefetch_abort && ms_buf_find(ms, word) < 0)
        ms_abort_bg(ms, now);
    const uint64_t ready = ms_demand(ms, now, word, true, true, kind == CSIM_MS_DATA);
    if (kind == CSIM_MS_FETCH) {
        if (ms->pf_on)
            ms_trigger_prefetch(ms, word + 1, 1, now, ready);
    } else if (ms->pr_on) {
        ms_trigger_preread(ms, word + 1, now, ready);
    }
    return ready;
}

static const char *const l0_keys[] = {
    MS_READAHEAD_KEYS, "flash.preread", "flash.buffers", "flash.nvm_buffers", "flash.fetch_buffers", NULL,
};

const ms_policy ms_policy_l0_nvm = {
    .keys = l0_keys,
    .cfg_problem = l0_problem,
    .derive = l0_derive,
    .read = l0_read,
};
