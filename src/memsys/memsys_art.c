/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys_art.c - ST's ART accelerator of the Cortex-M4 parts: STM32F4
 * (RM0090 Rev 21 §3.5.2), STM32G4 (RM0440 §3.3.3-3.3.4) and STM32L4 (RM0351
 * §3.3.3-3.3.4, the same accelerator as the G4's); sources in docs/sources.md.
 * One policy for the three: they differ in numbers only (flash.read_bytes,
 * cache.line, cache.ways), which their models give.
 *
 * Rules and sources (RM0090 §3.5.2 unless said; the G4/L4 HAL headers and
 * RM0440 §3.3 describe the same parts at their own widths):
 *  - The flash is read a line at a time: "Each flash memory read operation
 *    provides 128 bits" (F4); 64 bits on the G4/L4 (HAL: "Data in flash are
 *    72-bits word (8 bits added per double word)").  One read takes 1 + W
 *    (Table 11: "5 WS (6 CPU cycles)").
 *  - I-Code: a fetch is served by "the currently used instruction line", "the
 *    prefetched instruction line" or "the instruction cache memory" without
 *    delay; otherwise it is a miss (a flash read, "at least equal to the number
 *    of wait states"), and "the line read is copied into the instruction cache
 *    memory" (with ICEN): only the missed line, no burst, so a G4/L4 line of
 *    4 x 64 bits fills one 64-bit word at a time (cache.sectored).  The current
 *    and prefetched lines are the flash-word buffers of the fetch group
 *    (flash.word_buffers = 2, flash.demand_buffered).
 *  - Instruction cache: 64 lines of 128 bits (F4), 32 lines of 4 x 64 bits
 *    (G4/L4, "32 cache lines of 4*64 bits on I-Code", HAL); "Once all the
 *    instruction cache memory lines have been filled, the LRU (least recently
 *    used) policy is used": one LRU pool, cache.ways = the number of lines.
 *  - Prefetch (PRFTEN): "read the next sequential instruction line from the
 *    flash memory while the current instruction line is being requested by
 *    the CPU": after each fetch the next flash line is read ahead when the
 *    array is idle (H-IDLE, H-SKIP: a line already present is not read again).
 *  - D-Code: "accesses through the AHB databus D-Code have priority over
 *    accesses through the AHB instruction bus I-Code": a data read waits only
 *    for the array read under way (a read is never aborted, H-PRIO) and goes
 *    before a read-ahead that has not started (the read-ahead is issued lazily,
 *    ms_advance, so it yields to the demand issued first).  The ART has no
 *    multi-read refill that a data read could overtake.
 *  - Data cache (DCEN): "works like the instruction cache memory, but the
 *    retained data size is limited to 8 rows of 128 bits" (F4; "8 cache lines
 *    of 4*64 bits on D-Code", G4/L4 HAL).  It is kept in the word buffers of
 *    the data group (ART_DATA_LINES after the fetch group), LRU: a data read
 *    that misses it reads the array and its line replaces the least recently
 *    used.  H-ART-D (uncertain): the model's data lines hold one flash read
 *    each, which is the F4's row exactly; on the G4/L4 a row of 4 x 64 bits is
 *    modelled as a row of one 64-bit read: 64 bytes kept instead of 256 (a
 *    row filled one read at a time, as the instruction lines are, holds up to
 *    four), so data reused over more than 8 flash reads hits less.  Without
 *    DCEN every data read of the flash is an array read: RM0440's D-Code
 *    "current buffer" is not modelled apart from the data cache.
 *  - H-ART-FILL (uncertain): a fetch served by the prefetched line copies it
 *    into the instruction cache too, as a miss does.  RM0090 and RM0440 name
 *    only the miss ("the line read is copied"); read literally, sequential
 *    code that the prefetch serves would never enter the cache (a "branch
 *    cache" of miss targets only), and the model then runs the G4's 64-bit
 *    lines faster with PRFTEN off than on (sha, aes on a scratch copy of the
 *    models), against the RMs' "useful if at least one wait state is needed".
 *  - H-ART-POOL (uncertain, not documented): a fetch also finds its line in the
 *    data cache and a data read does not look up the instruction lines; the
 *    two stores may hold the same line.
 *  - FLASH_ACR: LATENCY sets W, PRFTEN, ICEN, DCEN switch the parts; ICRST and
 *    DCRST empty the caches (the layouts' "invalidate" action, which empties
 *    both).  Switching ICEN leaves the instruction cache empty (H-INV);
 *    switching DCEN resizes the buffers, which leaves them empty (memsys.c).
 */
#include "memsys/memsys_internal.h"

/* "8 rows of 128 bits" (RM0090 §3.5.2); "8 cache lines of 4*64 bits on
 * D-Code" (stm32g4xx_hal_flash.c, stm32l4xx_hal_flash.c). */
#define ART_DATA_LINES 8u

static const char *art_problem(const csim_ms_cfg *c)
{
    const char *cached = ms_cached_problem(c);
    if (cached)
        return cached;
    if (c->flash_buffers == 0 || c->flash_buffers + ART_DATA_LINES > MS_MAX_BUFFERS)
        return "flash.word_buffers must be 1 to 8 on the ART (its 8 data-cache lines take the other buffers)";
    return NULL;
}

/* The fetch group is the current and prefetched lines; the data cache's
 * lines follow it while DCEN is set. */
static void art_derive(csim_memsys *ms)
{
    const csim_ms_cfg *c = &ms->cfg;
    ms_derive_cached(ms);
    ms->sectored = c->sectored;
    ms->fetch_group = c->flash_buffers;
    ms->nbufs = c->flash_buffers + (c->cache_data ? ART_DATA_LINES : 0);
}

/* The data cache's line holding `word`: a buffer of the data group, or -1. */
static int art_data_find(const csim_memsys *ms, uint32_t word)
{
    int idx = -1;
    for (unsigned i = ms->fetch_group; i < ms->nbufs; i++)
        idx = ms->buf_word[i] == word ? (int)i : idx;
    return idx;
}

static uint64_t art_fetch(csim_memsys *ms, uint64_t now, uint32_t word)
{
    uint64_t ready;
    const int b = ms_buf_find(ms, word);
    ms_line *l = b < 0 && ms->cache_on ? ms_cache_find(ms, word) : NULL;
    if (b >= 0) {
        ms->st.hits++;
        ready = ms_max(now + 1, ms_buf_use(ms, b));
        if (ms->cache_on && !ms_cache_find(ms, word))
            ms_cache_fill(ms, ms_cache_victim(ms, word), word); /* H-ART-FILL */
    } else if (l) {
        ms_cache_touch(ms, l);
        ms->st.hits++;
        ready = now + 1 + ms->cfg.cache_hit_cycles;
    } else {
        ms->st.misses++;
        if (ms->cfg.prefetch_abort)
            ms_abort_bg(ms, now);
        ready = ms_flash_read(ms, now);
        if (ms->buf_demand)
            ms_buf_fill(ms, word, ready, false, false); /* the current instruction line */
        if (ms->cache_on)
            ms_cache_fill(ms, ms_cache_victim(ms, word), word); /* "the line read is copied" */
    }
    if (ms->pf_on)
        ms_trigger_prefetch(ms, word + 1, ms->pf_words, now, ready);
    return ready;
}

static uint64_t art_data(csim_memsys *ms, uint64_t now, uint32_t word)
{
    if (ms->cfg.cache_data) {
        const int b = art_data_find(ms, word);
        if (b >= 0) {
            ms->st.hits++;
            return ms_max(now + 1 + ms->cfg.cache_hit_cycles, ms_buf_use(ms, b));
        }
        ms->st.misses++;
    }
    if (ms->cfg.prefetch_abort)
        ms_abort_bg(ms, now);
    const uint64_t ready = ms_flash_read(ms, now);
    if (ms->cfg.cache_data)
        ms_buf_fill(ms, word, ready, false, true);
    return ready;
}

static uint64_t art_read(csim_memsys *ms, uint64_t now, uint32_t word, csim_ms_kind kind)
{
    ms_advance(ms, now);
    return kind == CSIM_MS_FETCH ? art_fetch(ms, now, word) : art_data(ms, now, word);
}

/* Without DCEN a data read is one array read wherever it goes. */
static bool art_data_anywhere(const csim_memsys *ms) { return !ms->cfg.cache_data; }

static const char *const art_keys[] = {
    MS_READAHEAD_KEYS, "flash.readahead_early", "flash.word_buffers", "flash.demand_buffered",
    "flash.prefetch_words", "cache.enabled", "cache.size", "cache.ways", "cache.line", "cache.data",
    "cache.hit_cycles", "cache.sectored", NULL,
};

/* Block reuse keeps the whole state (buffers of both groups, the tags with
 * their LRU ranks) when it fits: a fetch looks up the buffers before the
 * cache, so cache hits alone cannot be replayed. */
const ms_policy ms_policy_art = {
    .cache = true,
    .keys = art_keys,
    .cfg_problem = art_problem,
    .derive = art_derive,
    .reconfigured = ms_cache_reconfigured,
    .read = art_read,
    .reuse = {.data_anywhere = art_data_anywhere},
};
