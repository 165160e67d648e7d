/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys_icache.c - ST ICACHE on the Cortex-M33 C-AHB (STM32L552: RM0438;
 * STM32U385: RM0487); sources in docs/sources.md.
 *
 * The rules come from RM0522 (STM32C5 reference manual) chapter 7, the C5's
 * instance of the same ST ICACHE IP (same register map, same feature text as
 * the L5/U3 HAL; AN5212 Table 1 covers L5, U3, U5, H5 and C5 with one ICACHE
 * description).  RM0522 gives the IP's behaviour; its Table 44 (2 ways,
 * 8 KB, 16-B lines, 128-bit master1) is the C5's instance only: the L5's and
 * U3's own implementation tables (RM0438, RM0487) were not found.
 *
 * Rules and sources:
 *  - The ICACHE caches "instruction fetches or instruction memories loads"
 *    (RM0522 §7.4) of the code region, cacheable by their AHB lookup
 *    attribute (Table 47; the firmware leaves the MPU off; "literal pools
 *    (constants and data) over the C-Bus and through the ICACHE", ST
 *    community C5 cache article) -> cache_data = true: data reads of the flash
 *    (literal pools, constant tables) are cached; false is a what-if.
 *  - Hit: "the data is read from the cache and provided to the processor in
 *    the same cycle" (§7.4.8; "0 wait-state on hits", §7.2) -> cache_hit_cycles 0.
 *  - Miss: critical word first, "associated latency is the latency of
 *    fetching one word from the main memory" (§7.4.8), then the rest of the
 *    line as a WRAPw burst from that word (H-ORDER) -> the critical word is
 *    ready one array read (1 + W) after the miss, plus refill_overhead (a key
 *    marked uncertain, 0: §7.4.8 names no cycle of its own; the model files'
 *    alternatives 1 and 2 are one AHB address phase, IHI 0033 §3.1, and one
 *    more for a registered return: docs/sources.md).
 *  - Hit-under-miss: an address of the refill burst in progress is a hit,
 *    served "as soon as data are available at its master interface" (§7.4.8)
 *    -> a demand into the line being filled waits for its own word only;
 *    hits to other lines are served during a refill (§7.2: "serve processor
 *    requests (access to cached data) during an ongoing line refill") ->
 *    hit_under_miss = true.  A miss to another line waits for the refill to
 *    end (H-MISS: §7.4.11 names one "refill buffer").
 *  - Replacement: pLRU-t (§7.4.8); with 2 ways it is exactly LRU, which the
 *    model implements (more ways are what-ifs only: WAYSEL selects 1 or n).
 *    1-way when WAYSEL = 0 (§7.4.4); n-way at reset (§7.7.1).
 *  - Geometry: 8 KB (U3 datasheet; STM32U585 datasheet §3.2.1 "8-Kbyte",
 *    "two-ways"; RM0522 Table 44 for the C5), 16-B lines (RM0522 Tables 44-46,
 *    C5 only: for the L5/U3 an inference from the same IP, uncertain).
 *  - Flash word width: the array is read flash_read_bytes at a time: L5 data
 *    are 64-bit double words ("72-bits word (8 bits added per double word)",
 *    stm32l5xx_hal_flash.c), read 128 bits at a time in single-bank mode
 *    (DBANK = 0: OB_DBANK_128_BITS "Single-bank with 128-bits data",
 *    stm32l5xx_hal_flash.h; ST's L5 page measured single bank) and 64 bits in
 *    dual-bank mode (OB_DBANK_64_BITS); U3: 64 bits assumed.  Each array read
 *    takes 1 + LATENCY (ST community C5 cache article: with 4 WS "five flash
 *    memory clock cycles are required to perform a read"); its words reach
 *    the master port together (128-bit master1 on the C5, Table 44), so with
 *    128-bit reads a 16-byte line is one read and one beat.
 *  - Cache disabled: bypassed, "transactions are copied from the slave to the
 *    master port(s) in the same clock cycle" (§7.4.5; the bypass "does not
 *    increase the latency", §7.4.6) -> every access is one flash array read
 *    (1 + W), no refill overhead; fetches still see the prefetch buffer if
 *    PRFTEN is on.  Cold at reset (§7.4.2) and after a disable (§7.4.3, H-INV).
 *  - Flash prefetch (U3 FLASH_ACR.PRFTEN bit 8, stm32u385xx.h; the L5 has no
 *    prefetch bit, stm32l5xx_hal_flash.h).  Its behaviour behind the ICACHE is not
 *    documented; hypothesis: after a refill caused by a fetch, the flash
 *    interface reads ahead, when idle, prefetch_words flash words from the
 *    first word of the next line (skipping words already cached or buffered,
 *    H-SKIP, H-IDLE, H-PRIO) into flash_buffers prefetch buffers; the next
 *    line's refill takes them from there (H-RBUF).  With the cache disabled,
 *    every uncached fetch triggers a read-ahead of the words that follow it
 *    (same rule as L0/U0).  Data refills and data reads do not trigger it
 *    (PRFTEN follows the instruction stream, RM0367 §3.3 wording), and uncached
 *    data reads do not look up the prefetch buffers (hypothesis).
 *  - A demand during a read-ahead in flight: not documented.  cfg.prefetch_abort
 *    (key, uncertain, bundled false: H-PRIO, the demand waits) aborts it, as
 *    on the L0, for a demand that needs the array: a cache miss whose word is
 *    in no buffer (ms_abort_for_miss), an uncached fetch that misses the
 *    buffer, an uncached data read.  The aborted word is not buffered.
 */
#include "memsys/memsys_internal.h"

static uint64_t icache_read(csim_memsys *ms, uint64_t now, uint32_t word, csim_ms_kind kind)
{
    ms_advance(ms, now);
    const bool abort = ms->cfg.prefetch_abort;
    if (ms->cache_on && (kind == CSIM_MS_FETCH || ms->cfg.cache_data)) {
        bool missed;
        if (abort)
            ms_abort_for_miss(ms, now, word);
        const uint64_t ready = ms_cache_access(ms, now, word, &missed);
        if (missed && kind == CSIM_MS_FETCH && ms->pf_on) {
            const uint32_t next_line = (word >> ms->wpl_shift) + 1;
            ms_trigger_prefetch(ms, next_line << ms->wpl_shift, ms->pf_words, now, ms->refill_end);
        }
        return ready;
    }
    if (kind == CSIM_MS_FETCH) {
        if (abort && ms_buf_find(ms, word) < 0)
            ms_abort_bg(ms, now);
        const uint64_t ready = ms_demand(ms, now, word, true, ms->buf_demand, false);
        if (ms->pf_on)
            ms_trigger_prefetch(ms, word + 1, ms->pf_words, now, ready);
        return ready;
    }
    if (abort)
        ms_abort_bg(ms, now);
    return ms_demand(ms, now, word, false, false, true);
}

static const char *const icache_keys[] = {MS_CACHED_KEYS, NULL};

const ms_policy ms_policy_icache = {
    .cache = true,
    .keys = icache_keys,
    .cfg_problem = ms_cached_problem,
    .derive = ms_derive_cached,
    .reconfigured = ms_cache_reconfigured,
    .read = icache_read,
    .reuse = {.replay_hits = true, .tag_log = true},
};
