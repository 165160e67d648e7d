/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys_u0.c - STM32U0 flash interface (STM32U083; RM0503; sources in
 * docs/sources.md).
 *
 * Rules and sources:
 *  - 64-bit flash reads (flash_read_bytes = 8): "Flash is 64-bit (+ECC) wide
 *    like G0" (recalled, not re-checked: uncertain); each costs 1 + LATENCY
 *    cycles (RM0503 FLASH_ACR.LATENCY).
 *  - Instruction cache (ICEN): 1 KB (U0 datasheet) of 32 lines of
 *    4x64 bits = 32 B (HAL comment "32 cache lines of 4*64 bits on I-Code",
 *    stm32u0xx_hal_flash.c, possibly inherited from the L4 HAL).  Associativity
 *    and replacement are not documented: cache_ways is a field, LRU is a
 *    hypothesis.  It caches instruction fetches only ("on I-Code"), unless
 *    cache_data is set for a what-if.
 *  - Miss: the line is filled with 64-bit reads in wrapping order starting at
 *    the requested word (critical word first); the core continues when its
 *    word arrives, the rest fills in the background (hypothesis; H-ORDER,
 *    H-RBUF, H-MISS in memsys.c).  Later demands to the same line wait for
 *    their word.  Two keys, uncertain (no U0 document describes the refill;
 *    the ICACHE's RM0522 text is what the bundled values read): with
 *    refill_wrap false the line is read from its first word upwards; with
 *    miss_waits false a miss to another line abandons the refill in progress
 *    (its line left invalid) instead of waiting for its end.  A third,
 *    cfg.sectored (uncertain, bundled false): no burst at all; a miss reads
 *    only its own word, and a line's words are valid one by one (RM0440
 *    §4.3.4, the G4's cache of the same HAL description, copies "the line
 *    read", one 64-bit read, into the cache).  Hits to other lines during the fill: cfg.hit_under_miss
 *    (recommended false for U0: a hypothesis, "demands elsewhere wait";
 *    not documented).
 *  - PRFTEN: after a fetch (hit or miss), when the interface is idle, the next
 *    64-bit flash word is read into a prefetch buffer (hypothesis; same wording
 *    as the L0 rule, RM0367 §3.3).  H-IDLE, H-SKIP (a word already cached or
 *    buffered is not read again), H-PRIO apply.  A cache miss on a word held
 *    in the prefetch buffer takes it from there (H-RBUF): this is what hides
 *    sequential misses.
 *  - Flash-word buffers (cfg.flash_buffers, hypothesis 2): the prefetch buffer
 *    and, with demand_buffered, the word of the last uncached fetch (as the
 *    ART "current instruction line"; without it the second 32-bit M0+ fetch of
 *    a 64-bit word would read the array again).  Used when the cache is off,
 *    and as the source of prefetched words for refills.
 *  - Data reads (literal pools, tables) are not cached ("I-Code" only); a
 *    data read that misses the word buffers (or every one without
 *    data_prefetch, below) occupies the array for 1 + W cycles and delays the
 *    next prefetch.
 *    With cfg.data_first (key, uncertain; D-Code before I-Code as ARM
 *    DDI0337 §12.4 recommends, and the HAL's flash interface "manages CPU AHB
 *    I-Code and D-Code accesses") a data read waits only for the array read
 *    under way and the refill's remaining words follow it (ms_data_first);
 *    without it, it waits for the whole refill.  A prefetch in flight is
 *    waited for either way.
 *  - cfg.data_prefetch (key, uncertain; H-DPF in memsys.c): with PRFTEN the
 *    read-ahead follows data reads too.  A data read looks up the word buffers
 *    (zero-wait on a hit, as a fetch from a buffer); after it, the next flash
 *    word is read ahead when the array is idle (the L0 PRE_READ rule, RM0367
 *    §3.3, reused: no U0 document was retrieved).  The word a data read took
 *    from the array is not kept: a second read of it costs another array read.
 *    So an ascending table walk (SHA-256's K table, two 32-bit reads per
 *    64-bit word) costs one array read, then nothing; a descending one (the
 *    ECC modulus in cmox_asm_montymul) and random lookups (AES tables) cost
 *    1 + W per read, as the page's rows say.
 *  - cfg.prefetch_abort (key, uncertain, bundled false: H-PRIO): a demand
 *    that needs the array aborts the read-ahead in flight (fetch prefetch or
 *    data read-ahead), as on the L0 (memsys_l0nvm.c): an uncached fetch that
 *    misses the word buffers, a cache miss whose word is in no buffer (at the
 *    start of its refill, ms_abort_for_miss), an uncached data read that does
 *    not hit a buffer.  The aborted word is not buffered.
 */
#include "memsys/memsys_internal.h"

/* The refill keys are U0 hypotheses (the ICACHE's refill is RM0522's); the
 * data read-ahead is the L0's pre-read machinery (H-DPF). */
static void u0_derive(csim_memsys *ms)
{
    const csim_ms_cfg *c = &ms->cfg;
    ms_derive_cached(ms);
    ms->pr_on = c->data_prefetch && ms->pf_on;
    ms->refill_wrap = c->refill_wrap;
    ms->miss_waits = c->miss_waits;
    ms->sectored = c->sectored;
}

/* cfg.latency_clears: a change of wait states empties the cache and the word
 * buffers (H-INV). */
static unsigned u0_reconfigured(const csim_ms_cfg *old, const csim_ms_cfg *c)
{
    if (c->latency_clears && c->wait_states != old->wait_states)
        return MS_CLEAR_BUFS | MS_CLEAR_CACHE;
    return ms_cache_reconfigured(old, c);
}

static uint64_t u0_read(csim_memsys *ms, uint64_t now, uint32_t word, csim_ms_kind kind)
{
    ms_advance(ms, now);
    const bool abort = ms->cfg.prefetch_abort;
    if (kind == CSIM_MS_FETCH) {
        if (ms->cache_on) {
            bool missed;
            if (abort)
                ms_abort_for_miss(ms, now, word);
            const uint64_t ready = ms_cache_access(ms, now, word, &missed);
            if (ms->pf_on) {
                if (ms->ra_skip && ms_next_in_line(ms, word))
                    ms->pf_pending = false; /* next word in this (cached) line: H-SKIP, decided now */
                else
                    ms_trigger_prefetch(ms, word + 1, ms->pf_words, now, ready);
            }
            return ready;
        }
        if (abort && ms_buf_find(ms, word) < 0)
            ms_abort_bg(ms, now);
        const uint64_t ready = ms_demand(ms, now, word, true, ms->buf_demand, false);
        if (ms->pf_on)
            ms_trigger_prefetch(ms, word + 1, ms->pf_words, now, ready);
        return ready;
    }
    if (ms->cache_on && ms->cfg.cache_data) {
        bool missed;
        if (abort)
            ms_abort_for_miss(ms, now, word);
        return ms_cache_access(ms, now, word, &missed);
    }
    uint64_t ready;
    const int b = ms->pr_on ? ms_buf_find(ms, word) : -1;
    if (b >= 0) {
        ms->st.hits++;
        ready = ms_max(now + 1, ms_buf_use(ms, b));
    } else {
        ms->st.misses += ms->pr_on;
        if (abort)
            ms_abort_bg(ms, now); /* without data_prefetch it looks up no buffer */
        ready = ms->cfg.data_first ? ms_data_first(ms, now) : ms_demand(ms, now, word, false, false, true);
    }
    if (ms->pr_on)
        ms_trigger_preread(ms, word + 1, now, ready);
    return ready;
}

/* An uncached data read goes straight to the array unless it is read ahead
 * (u0_read): the same cost and state wherever it goes. */
static bool u0_data_anywhere(const csim_memsys *ms)
{
    return !(ms->cache_on && ms->cfg.cache_data) && !ms->pr_on;
}

static const char *const u0_keys[] = {
    MS_CACHED_KEYS, "flash.data_first", "flash.data_prefetch", "flash.latency_clears",
    "cache.refill_wrap", "cache.miss_waits", "cache.sectored", NULL,
};

const ms_policy ms_policy_u0_flash = {
    .cache = true,
    .keys = u0_keys,
    .cfg_problem = ms_cached_problem,
    .derive = u0_derive,
    .reconfigured = u0_reconfigured,
    .read = u0_read,
    .reuse = {.replay_hits = true, .hit_prefetches = true, .tags_in_state = true,
              .data_anywhere = u0_data_anywhere},
};
