/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys_icache.c - ST ICACHE on the Cortex-M33 C-AHB (STM32L552: RM0438;
 * STM32U385: RM0487); sources in docs/sources.md.
 *
 * Rules and sources:
 *  - The ICACHE sits on the C-AHB and caches instruction fetches AND data reads
 *    (literal pools, constants) of the flash range: "improve performance when
 *    fetching instruction and data", "The Cortex-M33 fetches instructions and
 *    literal pools ... over the C-Bus and through the ICACHE" (L5 HAL
 *    stm32l5xx_hal_icache.c, ST community C5 cache article) -> cache_data = true; false is a what-if.
 *  - "0 wait-state on hits" (ST HAL ICACHE documentation) -> cache_hit_cycles 0.
 *  - "hit-under-miss" (same source) -> hit_under_miss = true: hits to other
 *    lines are served during a refill; a demand to the line being filled waits
 *    for its word; a miss to another line waits for the refill to end (H-MISS).
 *  - "critical-word-first" refill with "WRAPw bursts of the cache-line size"
 *    (same source) -> refill in wrapping order from the requested flash word
 *    (H-ORDER).  The flash array is read flash_read_bytes at a time: L5 data
 *    are 64-bit double words ("72-bits word (8 bits added per double word)",
 *    stm32l5xx_hal_flash.c), read 128 bits at a time in single-bank mode
 *    (DBANK = 0: OB_DBANK_128_BITS "Single-bank with 128-bits data",
 *    stm32l5xx_hal_flash.h; ST's L5 page measured single bank) and 64 bits in
 *    dual-bank mode (OB_DBANK_64_BITS); U3: 64 bits assumed.  A WRAP burst of
 *    32-bit beats is modelled as one array read per flash_read_bytes, each
 *    1 + LATENCY (ST community C5 cache article: with 4 WS "five flash memory
 *    clock cycles are required to perform a read"); with 128-bit reads a
 *    16-byte line is one read.
 *  - refill_overhead: cycles between the miss and the first array read (cache
 *    miss detection + fast-bus master; not documented: a key marked uncertain).
 *  - 1-way (direct mapped) or n-way with LRU; 2-way is the L5 reset default
 *    (ICACHE_2WAYS "(default)", stm32l5xx_hal_icache.h); LRU replacement is a
 *    hypothesis.  Size/line: 8 KB (U3 datasheet; L5 recalled from RM0438),
 *    16-B lines (recalled from RM0438, uncertain).
 *  - Cache disabled: every access is one flash array read (1 + W), no refill
 *    overhead (hypothesis; the bypass is not documented further); fetches
 *    still see the prefetch buffer if PRFTEN is on.
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
 */
#include "memsys_internal.h"

uint64_t ms_icache_read(csim_memsys *ms, uint64_t now, uint32_t word, csim_ms_kind kind)
{
    ms_advance(ms, now);
    if (ms->cache_on && (kind == CSIM_MS_FETCH || ms->cfg.cache_data)) {
        bool missed;
        const uint64_t ready = ms_cache_access(ms, now, word, &missed);
        if (missed && kind == CSIM_MS_FETCH && ms->pf_on) {
            const uint32_t next_line = (word >> ms->wpl_shift) + 1;
            ms_trigger_prefetch(ms, next_line << ms->wpl_shift, ms->pf_words, ms->refill_end);
        }
        return ready;
    }
    if (kind == CSIM_MS_FETCH) {
        const uint64_t ready = ms_demand(ms, now, word, true, ms->buf_demand);
        if (ms->pf_on)
            ms_trigger_prefetch(ms, word + 1, ms->pf_words, ready);
        return ready;
    }
    return ms_demand(ms, now, word, false, false);
}
