/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys.c - flash-interface models: dispatcher, configuration and the
 * machinery shared by the models (word buffers, background reads, cache with
 * critical-word-first line refill).
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

static bool is_pow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

static unsigned log2u(uint64_t v)
{
    unsigned s = 0;
    while (((uint64_t)1 << s) < v)
        s++;
    return s;
}

static bool range_ok(uint32_t base, uint32_t size) { return (uint64_t)base + size <= ((uint64_t)1 << 32); }

static bool has_cache(csim_ms_type t) { return t == CSIM_MS_U0_FLASH || t == CSIM_MS_ICACHE; }

static unsigned eff_prefetch_words(const csim_ms_cfg *c) { return c->prefetch_words ? c->prefetch_words : 1; }

const char *csim_memsys_cfg_problem(const csim_ms_cfg *c)
{
    if (!c)
        return "no flash-interface configuration";
    switch (c->type) {
    case CSIM_MS_ZERO_WAIT:
        /* only the address range is used (contains) */
        return range_ok(c->flash_base, c->flash_size) && range_ok(c->alias_base, c->flash_size)
                   ? NULL
                   : "flash.base or flash.alias plus flash.size runs past 4 GiB";
    case CSIM_MS_L0_NVM:
    case CSIM_MS_U0_FLASH:
    case CSIM_MS_ICACHE:
        break;
    default:
        return "unknown flash.interface";
    }
    if (c->flash_size == 0 || !range_ok(c->flash_base, c->flash_size) || !range_ok(c->alias_base, c->flash_size))
        return "flash.size is 0, or flash.base or flash.alias plus flash.size runs past 4 GiB";
    if (c->wait_states > MS_MAX_WAIT_STATES)
        return "flash.wait_states is too large";
    if (!is_pow2(c->flash_read_bytes) || c->flash_read_bytes > MS_MAX_READ_BYTES)
        return "flash.read_bytes must be a power of two of at most 64";
    if (c->type == CSIM_MS_L0_NVM) /* a fetch group leaves the data group at least one buffer */
        return !c->buffers || (c->nvm_buffers <= MS_MAX_BUFFERS && (!c->fetch_buffers || c->fetch_buffers < c->nvm_buffers))
                   ? NULL
                   : "flash.fetch_buffers must leave at least one of flash.nvm_buffers (at most 16) to data reads";

    /* U0 / ICACHE: cache geometry (checked even while the cache is off, so it
     * can be switched on by configure without surprises) */
    const uint64_t line = c->cache_line_bytes, ways = c->cache_ways;
    if (!is_pow2(line) || line < c->flash_read_bytes || line / c->flash_read_bytes > MS_MAX_LINE_WORDS)
        return "cache.line must be a power of two, at least flash.read_bytes and at most 32 flash reads";
    if (ways == 0 || ways > MS_MAX_WAYS || c->cache_bytes == 0 || c->cache_bytes % (line * ways) != 0
        || !is_pow2(c->cache_bytes / (line * ways)))
        return "cache.size must be a power-of-two number of sets of cache.line x cache.ways bytes";
    if (c->cache_hit_cycles > MS_MAX_WAIT_STATES || c->refill_overhead > MS_MAX_WAIT_STATES)
        return "cache.hit_cycles or cache.refill_overhead is too large";
    if (c->flash_buffers > MS_MAX_BUFFERS)
        return "flash.word_buffers is above 16";
    if (c->prefetch && eff_prefetch_words(c) > c->flash_buffers)
        return "flash.prefetch_words is above flash.word_buffers: the read-ahead words need buffers to land in";
    return NULL;
}

static bool cfg_valid(const csim_ms_cfg *c) { return csim_memsys_cfg_problem(c) == NULL; }

static unsigned need_bufs(const csim_ms_cfg *c)
{
    if (c->type == CSIM_MS_L0_NVM)
        return c->buffers ? c->nvm_buffers : 0;
    return has_cache(c->type) ? c->flash_buffers : 0;
}

static unsigned need_lines(const csim_ms_cfg *c)
{
    return has_cache(c->type) ? c->cache_bytes >> log2u(c->cache_line_bytes) : 0;
}

/* Derived values, precomputed so that the hot path only shifts and masks. */
static void derive(csim_memsys *ms)
{
    const csim_ms_cfg *c = &ms->cfg;
    ms->read_cycles = 1 + (uint64_t)c->wait_states;
    ms->word_shift = c->type == CSIM_MS_ZERO_WAIT ? 0 : log2u(c->flash_read_bytes);
    ms->flash_words = (uint32_t)(((uint64_t)c->flash_size + ((uint64_t)1 << ms->word_shift) - 1) >> ms->word_shift);
    ms->nbufs = need_bufs(c);
    ms->pf_words = 1;
    ms->pr_on = false;
    ms->cache_on = false;
    ms->wpl_shift = 0;
    ms->wpl_mask = 0;
    ms->set_mask = 0;
    ms->ways = 1;
    /* the keys are U0 hypotheses; the ICACHE's refill is RM0522's (H-ORDER, H-MISS) */
    ms->refill_wrap = c->type != CSIM_MS_U0_FLASH || c->refill_wrap;
    ms->miss_waits = c->type != CSIM_MS_U0_FLASH || c->miss_waits;
    ms->sectored = c->type == CSIM_MS_U0_FLASH && c->sectored;
    ms->ra_skip = !c->readahead_rereads;
    ms->ra_early = c->type != CSIM_MS_L0_NVM && c->readahead_early;    /* not H-IDLE */
    ms->refill_bufs = !c->refill_unbuffered;                           /* H-RBUF */
    ms->fetch_group = c->type == CSIM_MS_L0_NVM ? c->fetch_buffers : 0;
    switch (c->type) {
    case CSIM_MS_L0_NVM:
        /* RM0367 §3.3: every NVM read goes through the buffers; DISAB_BUF
         * disables buffers, and with them prefetch and pre-read. */
        ms->buf_demand = true;
        ms->pf_on = c->prefetch && ms->nbufs > 0;
        ms->pr_on = c->preread && ms->nbufs > 0;
        break;
    case CSIM_MS_U0_FLASH:
    case CSIM_MS_ICACHE:
        ms->buf_demand = c->demand_buffered && ms->nbufs > 0;
        ms->pf_on = c->prefetch && ms->nbufs > 0;
        ms->pf_words = eff_prefetch_words(c);
        ms->cache_on = c->cache_enabled;
        /* U0 data read-ahead: the pre-read machinery of the L0 (H-DPF) */
        ms->pr_on = c->type == CSIM_MS_U0_FLASH && c->data_prefetch && ms->pf_on;
        ms->wpl_shift = log2u(c->cache_line_bytes) - ms->word_shift;
        ms->wpl_mask = ((uint32_t)1 << ms->wpl_shift) - 1;
        ms->ways = c->cache_ways;
        ms->set_mask = (uint32_t)(c->cache_bytes / ((uint64_t)c->cache_line_bytes * c->cache_ways)) - 1;
        break;
    case CSIM_MS_ZERO_WAIT:
    default:
        ms->buf_demand = false;
        ms->pf_on = false;
        break;
    }
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
     * them and the cache (H-INV), except on the U0 with cfg.latency_clears. */
    const bool relatched = cfg->type == CSIM_MS_U0_FLASH && cfg->latency_clears
                           && cfg->wait_states != old.wait_states;
    if (ms->nbufs != old_nbufs || cfg->buffers != old.buffers || ms->fetch_group != old_group || relatched)
        clear_bufs(ms);
    if (has_cache(cfg->type)
        && (cfg->cache_enabled != old.cache_enabled || cfg->cache_ways != old.cache_ways
            || cfg->cache_bytes != old.cache_bytes || cfg->cache_line_bytes != old.cache_line_bytes
            || cfg->sectored != old.sectored || relatched))
        clear_cache(ms); /* H-INV */
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
        const uint32_t word = off >> ms->word_shift;
        switch (ms->cfg.type) {
        case CSIM_MS_L0_NVM:
            ready = ms_l0_read(ms, now, word, kind);
            break;
        case CSIM_MS_U0_FLASH:
            ready = ms_u0_read(ms, now, word, kind);
            break;
        case CSIM_MS_ICACHE:
            ready = ms_icache_read(ms, now, word, kind);
            break;
        case CSIM_MS_ZERO_WAIT: /* ideal memory: every access ready at now + 1 */
        default:
            break;
        }
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

/* ---- shared machinery ------------------------------------------------------ */

/* The tag test of a read: logged for block reuse (csim_memsys_log_tags). */
static bool word_in_cache(const csim_memsys *ms, uint32_t word)
{
    const bool in = ms->cache_on && ms_cache_find(ms, word);
    ms_log_tag(ms, word, in ? CSIM_MS_TAG_PRESENT : CSIM_MS_TAG_ABSENT);
    return in;
}

static bool word_present(const csim_memsys *ms, uint32_t word)
{
    return ms_buf_find(ms, word) >= 0 || word_in_cache(ms, word);
}

/* Remember the background read just issued (cfg.prefetch_abort). */
static void ms_note_bg(csim_memsys *ms, uint32_t word, uint64_t start)
{
    ms->bg_word = word;
    ms->bg_start = start;
    ms->bg_ready = ms->flash_free;
}

/* Issue the pending background reads whose start lies strictly before `now`
 * (H-PRIO: otherwise the demand issued at `now` goes first).  The prefetch
 * goes before the pre-read: RM0367 reads the pre-read word only "when no
 * fetch/prefetch pending" (RM0367 §3.3).  Each read lands in a word buffer,
 * replacing the LRU one. */
void ms_advance_slow(csim_memsys *ms, uint64_t now)
{
    while (ms->pf_pending) {
        if (!ms->ra_skip || !word_present(ms, ms->pf_word)) { /* H-SKIP */
            const uint64_t start = ms_max(ms->flash_free, ms->pf_at); /* H-IDLE */
            if (start >= now)
                return; /* not started: the pre-read waits behind it too */
            ms_buf_fill(ms, ms->pf_word, ms_flash_read(ms, start), true, false);
            ms_note_bg(ms, ms->pf_word, start);
        }
        ms->pf_word++;
        if (--ms->pf_left == 0 || ms->pf_word >= ms->flash_words)
            ms->pf_pending = false;
    }
    if (ms->pr_pending) {
        /* H-SKIP against the buffers only: data reads do not look up the cache */
        if (!ms->ra_skip || ms_buf_find(ms, ms->pr_word) < 0) {
            const uint64_t start = ms_max(ms->flash_free, ms->pr_at); /* H-IDLE */
            if (start >= now)
                return;
            ms_buf_fill(ms, ms->pr_word, ms_flash_read(ms, start), true, true);
            ms_note_bg(ms, ms->pr_word, start);
        }
        ms->pr_pending = false;
    }
}

/* A demand issued at `now` that misses the buffers aborts the background
 * read in flight (cfg.prefetch_abort): the read started before `now` and is
 * the last one on the array; its word is dropped from its buffer and the
 * array is free at `now`. */
void ms_abort_bg(csim_memsys *ms, uint64_t now)
{
    if (ms->bg_ready > now && ms->bg_start < now && ms->flash_free == ms->bg_ready) {
        const int i = ms_buf_find(ms, ms->bg_word);
        if (i >= 0) {
            ms->buf_word[i] = MS_NONE;
            ms->buf_pf[i] = 0;
            ms->buf_lru[i] = 0;
            ms->buf_ready[i] = 0;
        }
        ms->flash_free = now;
        ms->bg_ready = 0;
    }
}

/* A miss at `now` to another line while a refill is in progress, without
 * miss_waits (U0 key, uncertain): the refill is abandoned.  The array reads of
 * its words that have not started by `now` are not made (H-PRIO: a read due to
 * start at `now` yields to the demand); the read under way completes.  Its
 * line is left invalid, the words that did arrive included: a line has one tag
 * and so one valid state in the model, as if it were written from the refill
 * buffer (one, RM0522 §7.4.11 for the ICACHE) only when complete.  With
 * cfg.sectored the refill is the one word, and only that word is dropped. */
static void ms_abandon_refill(csim_memsys *ms, uint64_t now)
{
    const uint64_t rc = ms->read_cycles;
    uint64_t kept = ms->refill_free, last = 0; /* end of the reads that stay; of all its reads */
    for (uint32_t wi = 0; wi <= ms->wpl_mask; wi++) {
        if ((ms->refill_arr >> wi) & 1) {
            const uint64_t r = ms->word_ready[wi]; /* an array word's read runs [r - rc, r) */
            last = ms_max(last, r);
            if (r - rc < now)
                kept = ms_max(kept, r);
            else
                ms->st.flash_reads--; /* counted when scheduled, never made */
        }
    }
    /* the reads not started are the end of the array's schedule unless a read
     * placed after the whole refill (a data read) is: then it stays busy */
    if (last && last - rc >= now && ms->flash_free == last)
        ms->flash_free = kept;
    if (ms->refill_line != MS_NONE) {
        ms_line *set = &ms->lines[(ms->refill_line & ms->set_mask) * ms->ways];
        for (unsigned w = 0; w < ms->ways; w++) {
            if (set[w].line == ms->refill_line) {
                set[w].valid &= ms->sectored ? ~((uint32_t)1 << ms->refill_crit) : 0; /* sectored: its one word */
                if (!set[w].valid) {
                    set[w].line = MS_NONE;
                    set[w].lru = 0;
                }
            }
        }
        ms->fill_gen++;
    }
    ms->refill_line = MS_NONE;
    ms->refill_end = now;
}

/* cfg.prefetch_abort before a cached access (U0, ICACHE): one that will miss
 * and finds its word in no buffer needs the array.  It is issued to the array
 * when the refill in progress has ended (H-MISS) and aborts the read-ahead in
 * flight then, as an L0 demand that misses the buffers does. */
void ms_abort_for_miss(csim_memsys *ms, uint64_t now, uint32_t word)
{
    if (word_in_cache(ms, word))
        return;
    const uint64_t start = ms_max(now, ms->refill_end);
    ms_advance(ms, start);
    if (!ms->refill_bufs || ms_buf_find(ms, word) < 0)
        ms_abort_bg(ms, start);
}

/* The way the line of `word` goes to after a miss: the line's own way when
 * sectored and the tag is there (another of its words is missing), else an
 * invalid way (stamp 0) or the least recently used (pLRU-t, RM0522 §7.4.8,
 * is LRU with 2 ways). */
ms_line *ms_cache_victim(const csim_memsys *ms, uint32_t word)
{
    const uint32_t line = word >> ms->wpl_shift;
    ms_line *set = &ms->lines[(line & ms->set_mask) * ms->ways];
    const unsigned ways = ms->ways;
    for (unsigned w = 0; ms->sectored && w < ways; w++)
        if (set[w].line == line)
            return &set[w];
    unsigned v = 0;
    for (unsigned w = 1; w < ways; w++)
        v = set[w].lru < set[v].lru ? w : v;
    return &set[v];
}

void ms_cache_fill(csim_memsys *ms, ms_line *v, uint32_t word)
{
    const uint32_t line = word >> ms->wpl_shift;
    if (v->line != line)
        v->valid = 0;
    v->line = line;
    v->valid |= (uint32_t)1 << (word & ms->wpl_mask);
    ms->fill_gen++;
    ms_cache_touch(ms, v);
}

/* A cached access (U0 instruction cache, ICACHE).  Returns the cycle the word
 * is available; *missed tells whether a refill was started.
 *  - hit: now + 1 + cache_hit_cycles (ICACHE: provided "in the same cycle",
 *    RM0522 §7.4.8); a word of the line being refilled is available when its
 *    burst beat arrives ("as soon as data are available at its master
 *    interface", §7.4.8; U0: hypothesis); a hit to another line during a
 *    refill is served at once with hit_under_miss (§7.2) and after the
 *    refill otherwise;
 *  - miss: the line is allocated (an invalid way, else the LRU way: pLRU-t,
 *    §7.4.8, is LRU with 2 ways) and refilled critical word first (H-ORDER,
 *    H-RBUF, H-MISS); the first flash read waits refill_overhead cycles (a
 *    key marked uncertain) and every array read costs 1 + W, so the critical
 *    word costs one array read (§7.4.8).  U0 keys (uncertain): without
 *    refill_wrap the burst starts at the line's first word and the core waits
 *    for its own word in it; without miss_waits the miss abandons the refill
 *    in progress (ms_abandon_refill) instead of waiting for its end. */
uint64_t ms_cache_access(csim_memsys *ms, uint64_t now, uint32_t word, bool *missed)
{
    const uint32_t line = word >> ms->wpl_shift;
    ms_line *hit = ms_cache_find(ms, word);
    if (hit) {
        ms_log_tag(ms, word, CSIM_MS_TAG_HIT);
        ms_cache_touch(ms, hit);
        ms->st.hits++;
        *missed = false;
        uint64_t ready = now + 1 + ms->cfg.cache_hit_cycles;
        if (now < ms->refill_end) {
            if (line == ms->refill_line)
                ready = ms_max(ready, ms->word_ready[word & ms->wpl_mask]);
            else if (!ms->cfg.hit_under_miss)
                ready = ms->refill_end + 1 + ms->cfg.cache_hit_cycles;
        }
        return ready;
    }

    ms->st.misses++;
    *missed = true;
    if (!ms->miss_waits && now < ms->refill_end)
        ms_abandon_refill(ms, now);
    const uint64_t start = ms_max(now, ms->refill_end); /* H-MISS */
    ms_advance(ms, start);
    ms_log_tag(ms, word, CSIM_MS_TAG_MISS);
    ms_cache_fill(ms, ms_cache_victim(ms, word), word);

    const uint64_t first = start + ms->cfg.refill_overhead; /* the first array read may start here */
    const uint32_t base = line << ms->wpl_shift;
    const uint32_t crit = word & ms->wpl_mask;
    const uint32_t first_wi = ms->refill_wrap || ms->sectored ? crit : 0; /* H-ORDER, or a linear burst */
    uint64_t prev = 0;
    ms->refill_arr = 0;
    ms->refill_free = ms->flash_free;
    const uint32_t burst = ms->sectored ? 0 : ms->wpl_mask; /* words after the first */
    if (ms->sectored)
        memset(ms->word_ready, 0, sizeof ms->word_ready); /* the line's other words: there or not read */
    for (uint32_t k = 0; k <= burst; k++) {
        const uint32_t wi = (first_wi + k) & ms->wpl_mask;
        const int b = ms->refill_bufs ? ms_buf_find(ms, base | wi) : -1;
        const uint64_t got = b >= 0 ? ms_max(first + 1, ms_buf_use(ms, b)) /* H-RBUF */
                                    : ms_flash_read(ms, first);
        ms->refill_arr |= (uint32_t)(b < 0) << wi;
        const uint64_t r = ms_max(got, prev); /* H-ORDER */
        ms->word_ready[wi] = r;
        prev = r;
    }
    ms->refill_line = line;
    ms->refill_crit = first_wi;
    ms->refill_end = prev;
    return ms->word_ready[crit];
}

/* An uncached data read issued at `now` with priority over the line refill in
 * progress (cfg.data_first): it waits only for the array read under way (one
 * read is never aborted, H-PRIO), takes the array for 1 + W cycles, and the
 * refill's words that had not started follow it, in burst order (H-ORDER).
 * A prefetch read in flight is waited for.  Returns the data's ready cycle. */
uint64_t ms_data_first(csim_memsys *ms, uint64_t now)
{
    const uint64_t rc = ms->read_cycles;
    uint64_t start = ms_max(now, ms->flash_free);
    if (now < ms->refill_end && ms->flash_free == ms->refill_end) {
        /* the refill's reads are back to back: read k runs [ready - rc, ready) */
        start = now;
        for (uint32_t wi = 0; wi <= ms->wpl_mask; wi++) {
            const uint64_t r = ms->word_ready[wi];
            if (((ms->refill_arr >> wi) & 1) && r - rc < now && r > now) {
                start = r;
            }
        }
        uint64_t t = start + rc, prev = 0;
        for (uint32_t k = 0; k <= ms->wpl_mask; k++) {
            const uint32_t wi = (ms->refill_crit + k) & ms->wpl_mask;
            uint64_t r = ms->word_ready[wi];
            if (((ms->refill_arr >> wi) & 1) && r - rc >= now) {
                r = ms_max(r - rc, t) + rc;
                t = r;
            }
            r = ms_max(r, prev);
            ms->word_ready[wi] = r;
            prev = r;
        }
        ms->refill_end = prev;
        ms->refill_free = ms_max(ms->refill_free, start + rc);
        ms->flash_free = ms_max(prev, start + rc);
    } else {
        ms->flash_free = start + rc;
    }
    ms->st.flash_reads++;
    return start + rc;
}

/* A pending prefetch whose words are all present already does nothing but
 * clear itself at the next access (H-SKIP): it counts as quiet. */
bool ms_prefetch_idle(const csim_memsys *ms)
{
    if (!ms->pf_pending) {
        return true;
    }
    if (!ms->ra_skip) {
        return false; /* it reads its words whatever is present */
    }
    for (unsigned i = 0; i < ms->pf_left; i++) {
        const uint32_t w = ms->pf_word + i;
        if (w >= ms->flash_words || (ms_buf_find(ms, w) < 0 && !(ms->cache_on && ms_cache_find(ms, w)))) {
            return false;
        }
    }
    return true;
}

bool csim_memsys_quiet(const csim_memsys *ms, uint64_t now)
{
    return now >= ms->refill_end && !ms->pr_pending && ms_prefetch_idle(ms);
}
