/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys.c - flash-interface models: the dispatcher, configuration and
 * life cycle, which hand every read to the policy of the interface
 * (ms_policy, memsys_registry.c); the machinery the policies share is in
 * memsys_machinery.c.  The hypotheses of all of them are listed here.
 *
 * Sources are the vendor documents listed in docs/sources.md (RM0367,
 * RM0377, RM0503, RM0438, RM0487, RM0522 §7 for the ICACHE IP, ST HAL/CMSIS
 * files at their commits).
 * Rules that no source states are modelling hypotheses, labelled H-... and
 * listed here; every uncertain number is a field of csim_ms_cfg.
 *
 * Contract (include/cyclesim/memsys/memsys.h):
 *  - time in core cycles; a read issued at `now` to zero-wait memory is ready
 *    at now + 1; a flash array read takes 1 + wait_states cycles and returns
 *    flash_read_bytes aligned bytes; the array does one read at a time
 *    (derived: FLASH_ACR.LATENCY = W wait states, so a read takes 1+W cycles;
 *    RM0367 §3.3, RM0503, RM0438, RM0487 flash chapters);
 *  - requests arrive in program order with non-decreasing `now`.
 *
 * Hypotheses shared by the models:
 *  H-ALIAS   An alias of the flash (0x00000000 boot alias, 0x0C000000 secure
 *            alias) reads the same array, so it maps to the same word, buffer
 *            and cache line as the main address.  alias_base == 0 therefore
 *            means "aliased at 0x00000000" (the header's own example); parts
 *            without that alias have nothing else there.
 *  H-PRIO    A background read (prefetch, pre-read, rest of a line refill)
 *            that has started is not aborted: a demand that needs the array
 *            waits until it is free (hypothesis), except where a key says
 *            otherwise: cfg.prefetch_abort (key, uncertain; true on the L0,
 *            false on the U0, L5 and U3: no document says) lets a demand that
 *            needs the array abort the read-ahead in flight (L0: a read that
 *            misses the buffers; U0/ICACHE: an uncached fetch that misses the
 *            word buffers, a cache miss whose word is in no buffer, an uncached
 *            data read that does not hit a buffer), and U0 cfg.data_first lets a
 *            data read go before the refill words that have not started.  A
 *            prefetch/pre-read that has not started when a demand is issued
 *            yields to it; when the array becomes idle in the very cycle a
 *            demand is issued, the demand wins.
 *  H-IDLE    "When the memory interface does not have any operation in
 *            progress" (RM0367 §3.3) = after the triggering access has
 *            completed (its ready cycle) and the array is free.  The read-ahead
 *            starts at max(array free, trigger ready).  U0/ICACHE key
 *            cfg.readahead_early (uncertain; no U0/U3 text): true lets it start
 *            at max(array free, trigger issued).
 *  H-SKIP    A read-ahead word that is already in a buffer or in a cache line
 *            (also if still in flight) is not read again; the read-ahead moves on.
 *            Key cfg.readahead_rereads (uncertain, every model): true reads it
 *            again into its buffer (and the U0 reads ahead inside cached lines).
 *  H-ORDER   A refill reads the line's flash words in wrapping order starting
 *            at the requested word (ICACHE: critical word first, a WRAPw burst
 *            of the line "if no address remap occurs", whose start address is
 *            "the word address of the first data requested by the core",
 *            RM0522 §7.4.7-§7.4.8; U0: the same by hypothesis, key
 *            cfg.refill_wrap, uncertain: false reads the line from its first
 *            word upwards); words are delivered in burst order, never before
 *            the previous one.
 *  H-RBUF    Refill words found in a flash-interface buffer (prefetched) are
 *            taken from it without an array read; such a word is available at
 *            max(refill start + refill_overhead + 1, buffer ready).  Key
 *            cfg.refill_unbuffered (uncertain): true reads every word from the
 *            array.
 *  H-MISS    A miss to another line waits until the refill in progress has
 *            ended, so at most one refill is in progress at any time (ICACHE:
 *            hit-under-miss covers hits and addresses of "the refill burst ...
 *            currently ongoing" only, RM0522 §7.4.8, and §7.4.11 names one
 *            "refill buffer"; that the miss waits for the whole burst is a
 *            hypothesis; U0: the same by hypothesis, key cfg.miss_waits,
 *            uncertain: false abandons the refill, ms_abandon_refill).
 *  H-DPF     U0 cfg.data_prefetch (key, uncertain): the PRFTEN read-ahead also
 *            follows data reads, as the L0's PRE_READ does (RM0367 §3.3): an
 *            uncached data read looks up the word buffers (a hit is zero-wait),
 *            and the flash word after it is read ahead when the array is idle,
 *            after any pending fetch prefetch; the word a data read took from the
 *            array is not kept (RM0503's read interface was not retrieved; the
 *            SHA-256 and ECC rows of the U0 page, docs/accuracy.md).
 *  H-INV     Any change of cache_enabled leaves the cache empty (ICACHE: valid
 *            bits are reset after reset and "when the cache is disabled", RM0522
 *            §7.4.2-§7.4.3; WAYSEL can change only while disabled, §7.4.4; U0:
 *            assumed the same); a change of geometry or ways invalidates; a change
 *            of latency keeps contents: the ICACHE and the L0 buffers are emptied
 *            by nothing else (RM0522 §7.4.2-§7.4.3; RM0367 §3.3 p.75: reset and a
 *            write/erase); U0 key cfg.latency_clears (uncertain): true empties
 *            the cache and the word buffers.
 *  H-OUT     An address outside the flash range and its alias (a caller bug)
 *            is answered as zero-wait memory without touching the model state.
 *
 * Statistics: hits/misses count lookups of the cache (cached accesses) or of
 * the word buffers (uncached accesses that look them up; ICACHE data reads, U0
 * data reads without data_prefetch and DISAB_BUF reads look up nothing); a
 * demand into the line being refilled is a hit.  prefetch_hits counts read-ahead words used by a demand or by a
 * refill, each word once.  flash_reads counts every array read.  Stalls are
 * ready - (now + 1) per kind.  csim_memsys_reset also lets time restart at 0.
 */
#include "memsys/memsys_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

const char *csim_memsys_cfg_problem(const csim_ms_cfg *c)
{
    if (!c)
        return "no flash-interface configuration";
    const ms_policy *p = ms_policy_of(c->type);
    return p ? p->cfg_problem(c) : "unknown flash.interface";
}

static bool cfg_valid(const csim_ms_cfg *c) { return csim_memsys_cfg_problem(c) == NULL; }

static unsigned need_lines(const csim_ms_cfg *c)
{
    return ms_policy_of(c->type)->cache ? c->cache_bytes >> ms_log2u(c->cache_line_bytes) : 0;
}

/* Derived values, precomputed so that the hot path only shifts and masks:
 * those of a model without buffers, cache or read-ahead, then the policy's. */
static void derive(csim_memsys *ms)
{
    const csim_ms_cfg *c = &ms->cfg;
    ms->policy = ms_policy_of(c->type);
    ms->read = ms->policy->read;
    ms->read_cycles = 1 + (uint64_t)c->wait_states;
    ms->word_shift = ms_log2u(c->flash_read_bytes);
    ms->nbufs = 0;
    ms->buf_demand = false;
    ms->pf_on = false;
    ms->pf_words = 1;
    ms->pr_on = false;
    ms->cache_on = false;
    ms->wpl_shift = 0;
    ms->wpl_mask = 0;
    ms->set_mask = 0;
    ms->ways = 1;
    /* the ICACHE's refill is RM0522's (H-ORDER, H-MISS); the U0 reads keys */
    ms->refill_wrap = true;
    ms->miss_waits = true;
    ms->sectored = false;
    ms->ra_skip = !c->readahead_rereads;     /* H-SKIP */
    ms->ra_early = false;                    /* H-IDLE */
    ms->refill_bufs = !c->refill_unbuffered; /* H-RBUF */
    ms->fetch_group = 0;
    ms->policy->derive(ms);
    ms->flash_words = (uint32_t)(((uint64_t)c->flash_size + ((uint64_t)1 << ms->word_shift) - 1) >> ms->word_shift);
    if (!ms->pf_on)
        ms->pf_pending = false;
    if (!ms->pr_on)
        ms->pr_pending = false;
}

static void clear_bufs(csim_memsys *ms)
{
    for (unsigned i = 0; i < MS_MAX_BUFFERS; i++) {
        ms->buf_word[i] = MS_NONE;
        ms->buf_pf[i] = 0;
        ms->buf_ready[i] = 0;
        ms->buf_lru[i] = 0;
    }
}

static void clear_cache(csim_memsys *ms)
{
    for (unsigned i = 0; i < ms->lines_cap; i++) {
        ms->lines[i].line = MS_NONE;
        ms->lines[i].valid = 0;
        ms->lines[i].lru = 0;
    }
    ms->last_line = 0;
    ms->refill_line = MS_NONE;
    ms->fill_gen++;
}

/* Make sure the storage can hold cfg; on failure nothing is changed. */
static bool reserve(csim_memsys *ms, const csim_ms_cfg *c)
{
    const unsigned nl = need_lines(c);
    if (nl > ms->lines_cap) {
        ms_line *l = realloc(ms->lines, nl * sizeof *l);
        if (!l)
            return false;
        for (unsigned i = ms->lines_cap; i < nl; i++)
            l[i] = (ms_line){.line = MS_NONE};
        ms->lines = l;
        ms->lines_cap = nl;
    }
    return true;
}

static void cold(csim_memsys *ms)
{
    clear_bufs(ms);
    clear_cache(ms);
    ms->flash_free = 0;
    ms->last_now = 0;
    ms->stamp = 0;
    ms->pf_pending = false;
    ms->pr_pending = false;
    ms->refill_end = 0;
    ms->refill_free = 0;
    ms->bg_ready = 0;
}

csim_memsys *csim_memsys_new(const csim_ms_cfg *cfg)
{
    if (!cfg_valid(cfg))
        return NULL;
    csim_memsys *ms = calloc(1, sizeof *ms);
    if (!ms)
        return NULL;
    if (!reserve(ms, cfg)) {
        csim_memsys_free(ms);
        return NULL;
    }
    ms->cfg = *cfg;
    derive(ms);
    cold(ms);
    return ms;
}

void csim_memsys_free(csim_memsys *ms)
{
    if (!ms)
        return;
    free(ms->lines);
    free(ms);
}

bool csim_memsys_configure(csim_memsys *ms, const csim_ms_cfg *cfg)
{
    if (!ms || !cfg_valid(cfg) || !reserve(ms, cfg))
        return false;
    const csim_ms_cfg old = ms->cfg;
    const unsigned old_nbufs = ms->nbufs, old_group = ms->fetch_group;
    ms->cfg = *cfg;
    ms->changes++;
    ms->cfg_gen++; /* what a replay checked may no longer hold (csim_memsys_replay_again) */
    derive(ms);

    /* Another interface or another mapping of words: nothing carries over. */
    if (cfg->type != old.type || cfg->flash_base != old.flash_base || cfg->flash_size != old.flash_size
        || cfg->alias_base != old.alias_base || cfg->flash_read_bytes != old.flash_read_bytes) {
        const uint64_t last_now = ms->last_now;
        cold(ms);
        ms->last_now = last_now;
        return true;
    }
    /* Buffers switched off/on, resized or regrouped (L0 DISAB_BUF, RM0367 §3.3
     * "disables all buffers"): they come back empty.  A latency change keeps
     * them and the cache (H-INV) unless the policy says otherwise. */
    unsigned clear = ms->policy->reconfigured ? ms->policy->reconfigured(&old, cfg) : 0;
    if (ms->nbufs != old_nbufs || ms->fetch_group != old_group)
        clear |= MS_CLEAR_BUFS;
    if (clear & MS_CLEAR_BUFS)
        clear_bufs(ms);
    if (clear & MS_CLEAR_CACHE)
        clear_cache(ms);
    return true;
}

void csim_memsys_reset(csim_memsys *ms)
{
    if (ms) {
        cold(ms);
        ms->changes++;
    }
}

void csim_memsys_invalidate(csim_memsys *ms)
{
    if (!ms)
        return;
    clear_bufs(ms);
    clear_cache(ms);
    ms->changes++;
}

const csim_ms_cfg *csim_memsys_config(const csim_memsys *ms) { return &ms->cfg; }

const csim_ms_stats *csim_memsys_stats(const csim_memsys *ms) { return &ms->st; }

void csim_memsys_clear_stats(csim_memsys *ms) { memset(&ms->st, 0, sizeof ms->st); }

bool csim_memsys_contains(const csim_memsys *ms, uint32_t addr)
{
    return (uint32_t)(addr - ms->cfg.flash_base) < ms->cfg.flash_size
           || (uint32_t)(addr - ms->cfg.alias_base) < ms->cfg.flash_size;
}

uint64_t csim_memsys_read(csim_memsys *ms, uint64_t now, uint32_t addr, csim_ms_kind kind)
{
    assert(now >= ms->last_now && "memsys requests must have non-decreasing times");
    if (now < ms->last_now)
        now = ms->last_now; /* NDEBUG builds: treat a late request as issued now */
    ms->last_now = now;
    ms->changes++;

    uint64_t ready = now + 1;
    uint32_t off = addr - ms->cfg.flash_base;
    if (off >= ms->cfg.flash_size)
        off = addr - ms->cfg.alias_base; /* H-ALIAS */
    if (off < ms->cfg.flash_size) {
        ready = ms->read(ms, now, off >> ms->word_shift, kind);
    } /* else H-OUT */

    if (kind == CSIM_MS_FETCH) {
        ms->st.fetches++;
        ms->st.fetch_stall += ready - (now + 1);
    } else {
        ms->st.data_reads++;
        ms->st.data_stall += ready - (now + 1);
    }
    return ready;
}

bool csim_memsys_quiet(const csim_memsys *ms, uint64_t now)
{
    return now >= ms->refill_end && !ms->pr_pending && ms_prefetch_idle(ms);
}
