/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys_machinery.c - what the flash-interface policies share: the checks
 * and derived fields of a cached interface, the word buffers' background
 * reads (prefetch, pre-read), their aborts, and the cache with its tag store
 * and critical-word-first line refill.  The policies (memsys_<name>.c) decide
 * which of these a read uses; the hypotheses H-... are listed in memsys.c.
 */
#include "memsys/memsys_internal.h"

#include <string.h>

/* ---- configuration --------------------------------------------------------- */

static bool is_pow2(uint64_t v) { return v != 0 && (v & (v - 1)) == 0; }

static unsigned eff_prefetch_words(const csim_ms_cfg *c) { return c->prefetch_words ? c->prefetch_words : 1; }

/* The flash range and the array reads, which every interface with an array checks. */
const char *ms_flash_problem(const csim_ms_cfg *c)
{
    if (c->flash_size == 0 || !ms_range_ok(c->flash_base, c->flash_size) || !ms_range_ok(c->alias_base, c->flash_size))
        return "flash.size is 0, or flash.base or flash.alias plus flash.size runs past 4 GiB";
    if (c->wait_states > MS_MAX_WAIT_STATES)
        return "flash.wait_states is too large";
    if (!is_pow2(c->flash_read_bytes) || c->flash_read_bytes > MS_MAX_READ_BYTES)
        return "flash.read_bytes must be a power of two of at most 64";
    return NULL;
}

/* A cached interface (U0, ICACHE): the cache geometry is checked even while
 * the cache is off, so that configure can switch it on without surprises. */
const char *ms_cached_problem(const csim_ms_cfg *c)
{
    const char *flash = ms_flash_problem(c);
    if (flash)
        return flash;
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

/* A cached interface: flash-word buffers below the cache, the read-ahead into
 * them, the cache geometry. */
void ms_derive_cached(csim_memsys *ms)
{
    const csim_ms_cfg *c = &ms->cfg;
    ms->nbufs = c->flash_buffers;
    ms->buf_demand = c->demand_buffered && ms->nbufs > 0;
    ms->pf_on = c->prefetch && ms->nbufs > 0;
    ms->pf_words = eff_prefetch_words(c);
    ms->ra_early = c->readahead_early; /* not H-IDLE */
    ms->cache_on = c->cache_enabled;
    ms->wpl_shift = ms_log2u(c->cache_line_bytes) - ms->word_shift;
    ms->wpl_mask = ((uint32_t)1 << ms->wpl_shift) - 1;
    ms->ways = c->cache_ways;
    ms->set_mask = (uint32_t)(c->cache_bytes / ((uint64_t)c->cache_line_bytes * c->cache_ways)) - 1;
}

/* H-INV: enabling or disabling the cache, or a change of its geometry, leaves
 * it empty. */
unsigned ms_cache_reconfigured(const csim_ms_cfg *old, const csim_ms_cfg *c)
{
    return c->cache_enabled != old->cache_enabled || c->cache_ways != old->cache_ways
                   || c->cache_bytes != old->cache_bytes || c->cache_line_bytes != old->cache_line_bytes
                   || c->sectored != old->sectored
               ? MS_CLEAR_CACHE
               : 0;
}

/* ---- background reads, aborts, cache and refill ---------------------------- */

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
