/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * model_keys.c - every model key, declared once: name, type, range, meaning
 * and source.  The JSON loader, `--set`, validation and the generated
 * docs/model-keys.md all read this table.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclesim/backends/digest.h"
#include "cyclesim/model/model_keys.h"

#define OFF(f) offsetof(csim_model, f)
#define SZ(f) sizeof(((csim_model *)0)->f)


#define TRM_M0P "ARM DDI0484C (Cortex-M0+ TRM)"
#define M33_MEAS "jnk0le cortex_m33.md @3dfc2ab (RP2350 cm33 r1p0 measurements)"

static const csim_key keys[] = {
    /* Core */
    {"core.type", CSIM_K_ENUM, OFF(core.kind), 0, 0, 1, csim_core_names,
     "pipeline model", "core TRM"},
    {"core.arch", CSIM_K_ENUM, OFF(arch), 0, 0, 1, csim_arch_names,
     "architecture of the code the core runs (an ELF must not need more)", "ARM ARM"},
    {"core.mul_cycles", CSIM_K_U32, OFF(core.mul_cycles), 0, 1, 32, NULL,
     "MULS cycles: 1 (fast multiplier option) or 32 (small)",
     TRM_M0P " Table 3.1; STM32U0: ST U0 core training \"Multiply in 1-cycle\""},
    {"core.periph_wait", CSIM_K_U32, OFF(core.periph_wait), 0, 0, 16, NULL,
     "extra cycles per load/store to 0x4000_0000-0x5FFF_FFFF (bus matrix, AHB/APB bridges)",
     "uncertain: TRM tables assume zero-wait slaves; default 0, to calibrate"},
    {"core.ioport_base", CSIM_K_U32, OFF(core.ioport_base), 0, 0, 4294967295.0, NULL,
     "M0+ single-cycle I/O port base", TRM_M0P " 2.2; RM0367 Fig. 1 (GPIO on IOPORT)"},
    {"core.ioport_size", CSIM_K_U32, OFF(core.ioport_size), 0, 0, 4294967295.0, NULL,
     "M0+ single-cycle I/O port size (0: none)", TRM_M0P " 2.2"},
    {"core.exception_entry", CSIM_K_U32, OFF(core.exception_entry), 0, 0, 100, NULL,
     "cycles from an exception to its handler's first instruction (zero wait)",
     "M0+: 15, " TRM_M0P " 3.6.1; M33: 12, ARM launch material (Elektronik M33)"},
    {"core.exception_return", CSIM_K_U32, OFF(core.exception_return), 0, 0, 100, NULL,
     "cycles of an exception return (unstacking)",
     "uncertain: no ARM figure found; assumed equal to the entry latency"},
    {"m0plus.fetch_limit", CSIM_K_BOOL, OFF(core.m0plus_fetch_limit), 0, 0, 1, NULL,
     "fetch ahead at most 32 bits past the executing instruction: only an instruction that ends "
     "its word fetches the next word (false: every instruction fetches the word after its own)",
     "uncertain: " TRM_M0P " 2.2.1 \"the fetch ahead is limited to a maximum of 32-bits\" read "
     "literally (true) or per word (false, bundled); true on stm32l073rz: RSA montymul 3.1 -> 1.6 % "
     "above the U0 (an L0 board: about 1.5), ECDSA 6.8 -> 6.1 % above the zero-wait table, AES data "
     "flow 11.7 -> 13.1 (docs/accuracy.md \"L0 NVM\")"},
    {"core.fetch_past_flow", CSIM_K_BOOL, OFF(core.fetch_past_flow), 0, 0, 1, NULL,
     "the fetch-ahead goes on past B, BL, BX, POP {PC} and MOV PC as past any instruction (M0+: the "
     "word after it; M33: the queue's words), fetched for nothing: the target's fetch waits for the "
     "port/C-AHB (false: nothing is fetched past an unconditional flow change)",
     "uncertain: " TRM_M0P " 2.2.1 says only that the core fetches ahead of the executing instruction, "
     "at most 32 bits; for the M33, Elektronik M33 puts a pre-decode into the 5-entry queue in the "
     "fetch stage and resolves branches in stage 2, neither says whether the pre-decode stops the "
     "fetch; false, bundled (both cores); true: the pages' absolute error median / p90 / max (%), "
     "all rows, U0 0.52 / 1.66 / 3.01 -> 0.53 / 1.75 / 3.19, L5 1.94 / 7.29 / 12.40 -> 1.97 / 7.26 / "
     "12.59 (estimates +0.06 % on average, at most +0.32 %); stm32l073rz: ECDSA P-256 +0.03 to "
     "+0.05 %, AES-CBC-128 sole buffer +0.07 to +0.40 %"},
    {"m33.load_latency", CSIM_K_U32, OFF(core.m33_load_latency), 0, 1, 4, NULL,
     "load-to-use latency (2: one stall if the next instruction uses the result)", M33_MEAS},
    {"m33.shift_latency", CSIM_K_U32, OFF(core.m33_shift_latency), 0, 1, 4, NULL,
     "two-stage data processing (shifted-register or rotated-constant operand2, DSP/SIMD): result "
     "latency, and the cycles of a flag-setting operation on a rotated constant", M33_MEAS},
    {"m33.mac_latency", CSIM_K_U32, OFF(core.m33_mac_latency), 0, 1, 4, NULL,
     "result latency of MUL.W, MLA/SMLA.. and {S,U}XTA.. (accumulator chains every cycle)",
     M33_MEAS},
    {"m33.mull_issue", CSIM_K_U32, OFF(core.m33_mull_issue), 0, 1, 8, NULL,
     "UMULL/SMULL issue cycles",
     "uncertain: not measured on M33; Cortex-M4 TRM (ARM 100166) Table 3-1 gives 1"},
    {"m33.macl_issue", CSIM_K_U32, OFF(core.m33_macl_issue), 0, 1, 8, NULL,
     "UMLAL/SMLAL/UMAAL issue cycles",
     "uncertain: not measured on M33; Cortex-M4 TRM (ARM 100166) Table 3-1 gives 1"},
    {"m33.mull_latency", CSIM_K_U32, OFF(core.m33_mull_latency), 0, 1, 4, NULL,
     "64-bit multiply result latency",
     "uncertain: assumed equal to the measured MAC latency (" M33_MEAS ")"},
    {"m33.div_cycles", CSIM_K_U32, OFF(core.m33_div_cycles), 0, 2, 12, NULL,
     "SDIV/UDIV cycles (silicon terminates early depending on operands)",
     "uncertain: Cortex-M4 TRM (ARM 100166) Table 3-1 range 2-12; default 7, its midpoint"},
    {"m33.fetch_words", CSIM_K_U32, OFF(core.m33_fetch_words), 0, 1, 3, NULL,
     "words the fetch unit runs ahead of decode",
     "Elektronik M33: 5-entry 16-bit instruction queue -> 2 words"},
    {"m33.fetch_first", CSIM_K_BOOL, OFF(core.m33_fetch_first), 0, 0, 1, NULL,
     "C-AHB arbitration: a fetch the queue wants in the cycle of a flash data read goes first",
     "uncertain: not documented for the M33 (ARM DDI0337 12.4 recommends data first for the M3's two "
     "code buses); true: AES table loops within 5 %, false: 9 % low (docs/accuracy.md)"},
    {"m33.operand2_chain", CSIM_K_BOOL, OFF(core.m33_operand2_chain), 0, 0, 1, NULL,
     "the result of a shifted-register or rotated-constant operand2 operation feeds the unshifted "
     "operand of the next such operation without a stall (its shifted operand, like an address, "
     "still waits for the 2-cycle result)",
     "uncertain: not measured (" M33_MEAS " says operand2 results \"can't be chained like "
     "multiply accumulates\", without naming the operand); true on ST's L5 page: false puts SHA-256 "
     "+4 to +7 % (MOV.W ROR into EOR.W in Sigma), and on the U3 page, held out, SHA-256 data flow "
     "2.5 -> 6.6 % median (docs/accuracy.md \"M33: MOV.W shifts\")"},
    {"m33.dual_issue", CSIM_K_BOOL, OFF(core.m33_dual_issue), 0, 0, 1, NULL,
     "pair 16-bit instructions as measured (NOP, not-taken branch, IT, branch, BX)", M33_MEAS},
    {"m4.div_cycles", CSIM_K_U32, OFF(core.m4_div_cycles), 0, 2, 12, NULL,
     "Cortex-M4 SDIV/UDIV cycles (silicon terminates early depending on the operands)",
     "uncertain: ARM 100166 Table 3-1 gives 2 to 12 and says only that early termination depends on "
     "the leading ones and zeroes of the operands, with no formula; the core is not given operand "
     "values; alternatives 2 (best case) and 12 (worst case)"},
    /* Clock */
    {"clock.hz", CSIM_K_U32, OFF(clock_hz), 0, 1e5, 1e9, NULL,
     "core clock (HCLK) of the measurement set-up", "published page / board set-up"},
    {"clock.voltage_range", CSIM_K_INT, OFF(voltage_range), 0, 0, 3, NULL,
     "voltage scaling range (selects the latency table row)", "reference manual"},
    {"flash.latency_table", CSIM_K_LATENCY, OFF(latency), OFF(n_latency), 0, 0, NULL,
     "per voltage range, the highest clock allowed with 0, 1, 2... wait states",
     "RM read-access-latency tables as ST's HAL/LL utils copy them (docs/sweep.md, docs/sources.md)"},
    /* Flash interface */
    {"flash.interface", CSIM_K_ENUM, OFF(flash.type), 0, 0, CSIM_MS_COUNT - 1, csim_ms_names,
     "flash-interface model", "reference manual, flash chapter"},
    {"flash.base", CSIM_K_U32, OFF(flash.flash_base), 0, 0, 4294967295.0, NULL,
     "flash address", "CMSIS device header FLASH_BASE"},
    {"flash.size", CSIM_K_U32, OFF(flash.flash_size), 0, 0, 4294967295.0, NULL,
     "flash size in bytes", "datasheet"},
    {"flash.alias", CSIM_K_U32, OFF(flash.alias_base), 0, 0, 4294967295.0, NULL,
     "second address of the flash (boot alias or secure alias; 0: none)", "reference manual memory map"},
    {"flash.wait_states", CSIM_K_U32, OFF(flash.wait_states), 0, 0, 15, NULL,
     "FLASH_ACR.LATENCY", "published page; firmware writes override it"},
    {"flash.read_bytes", CSIM_K_U32, OFF(flash.flash_read_bytes), 0, 4, 16, NULL,
     "bytes per flash array read",
     "RM0377 (L0: 32-bit cells); L5: 64-bit double words (72-bit with ECC, stm32l5xx_hal_flash.c), "
     "read 128 bits at a time in single-bank mode (DBANK = 0, stm32l5xx_hal_flash.h OB_DBANK_128_BITS; "
     "ST's L5 page: single bank); U0/U3: 64-bit assumed, uncertain there (their models' uncertain lists)"},
    {"flash.prefetch", CSIM_K_BOOL, OFF(flash.prefetch), 0, 0, 1, NULL,
     "FLASH_ACR.PRFTEN", "published page"},
    {"flash.preread", CSIM_K_BOOL, OFF(flash.preread), 0, 0, 1, NULL,
     "L0 FLASH_ACR.PRE_READ", "RM0367 3.3.x"},
    {"flash.buffers", CSIM_K_BOOL, OFF(flash.buffers), 0, 0, 1, NULL,
     "L0 NVM read buffers enabled (!DISAB_BUF)", "RM0367 3.3.x"},
    {"flash.nvm_buffers", CSIM_K_U32, OFF(flash.nvm_buffers), 0, 0, 16, NULL,
     "L0 number of 32-bit NVM read buffers", "RM0367 p.75-76: six buffers"},
    {"flash.word_buffers", CSIM_K_U32, OFF(flash.flash_buffers), 0, 0, 16, NULL,
     "U0/U3 flash-interface word buffers (prefetch target and current word)",
     "uncertain: not documented; U0 2, U3 1 (hypotheses, memsys.c H-RBUF)"},
    {"flash.demand_buffered", CSIM_K_BOOL, OFF(flash.demand_buffered), 0, 0, 1, NULL,
     "a fetch that bypasses the cache keeps its flash word in a buffer",
     "uncertain: hypothesis (U0: a 64-bit word serves two 32-bit M0+ fetches)"},
    {"flash.prefetch_words", CSIM_K_U32, OFF(flash.prefetch_words), 0, 0, 8, NULL,
     "flash words read ahead per prefetch", "uncertain: hypothesis, 1"},
    {"flash.prefetch_abort", CSIM_K_BOOL, OFF(flash.prefetch_abort), 0, 0, 1, NULL,
     "a demand that needs the array (L0: misses the NVM buffers; U0/ICACHE: misses the word buffers, "
     "a cache miss or an uncached data read) aborts the read-ahead in flight (prefetch, L0 pre-read, "
     "U0 data read-ahead); its word is not buffered",
     "uncertain: RM0367 3.3 (p.75-76) reads ahead only when the interface is idle and says nothing of a "
     "demand arriving during it, nor does any U0 or ICACHE document read here; true: the demand does not "
     "wait for a speculative read (bundled on the L0); false: it waits until the array is free (H-PRIO, "
     "bundled on the U0, L5 and U3)"},
    {"flash.readahead_rereads", CSIM_K_BOOL, OFF(flash.readahead_rereads), 0, 0, 1, NULL,
     "the read-ahead (prefetch, L0 pre-read, U0 data read-ahead) reads a word already in a buffer or a "
     "cache line from the array again, into its buffer (false: it skips the word and moves on)",
     "uncertain: RM0367 3.3 (p.76) reads ahead \"the address following the last address fetched\" and does "
     "not say whether a word already buffered is read again; no U0 or ICACHE document read here says "
     "either; false, bundled (memsys.c H-SKIP)"},
    {"flash.readahead_early", CSIM_K_BOOL, OFF(flash.readahead_early), 0, 0, 1, NULL,
     "U0/ICACHE: a read-ahead may start in the cycle its triggering access is issued, once the array is "
     "free (false: only after that access has completed)",
     "uncertain: RM0367 3.3 (p.76) reads ahead \"when the memory interface does not have any operation in "
     "progress\", which the L0 model keeps (after the triggering access); no U0 or U3 document was "
     "retrieved; false, bundled (memsys.c H-IDLE)"},
    {"flash.latency_clears", CSIM_K_BOOL, OFF(flash.latency_clears), 0, 0, 1, NULL,
     "U0: a change of FLASH_ACR.LATENCY empties the instruction cache and the word buffers (false: "
     "they keep their contents)",
     "uncertain: RM0503's cache chapter was not retrieved; the L0's buffers are emptied only at reset and "
     "by a write or erase (RM0367 3.3 p.75) and the ICACHE only at reset, disable and invalidate (RM0522 "
     "7.4.2-7.4.3), which those models follow; false, bundled (memsys.c H-INV)"},
    {"flash.fetch_buffers", CSIM_K_U32, OFF(flash.fetch_buffers), 0, 0, 15, NULL,
     "L0: NVM buffers of the fetch/prefetch group, the others forming the data/pre-read group; each "
     "read replaces the oldest buffer of its own group, lookups search all (0: one pool for every read)",
     "uncertain: RM0367 3.3 (p.75-76): \"the buffers are divided in groups\", \"the history is always "
     "managed by group\", a new address goes to \"the oldest buffer (or one empty buffer, if any) of the "
     "right group\", a read searches all buffers; the group sizes are those of Table 14, not retrieved; "
     "0, bundled"},
    {"flash.data_first", CSIM_K_BOOL, OFF(flash.data_first), 0, 0, 1, NULL,
     "U0: a data read goes before the words of a line refill that have not started",
     "uncertain: not documented for the U0 (ST's I-Code/D-Code flash interfaces give D-Code priority; "
     "ARM DDI0337 12.4); default true"},
    {"flash.data_prefetch", CSIM_K_BOOL, OFF(flash.data_prefetch), 0, 0, 1, NULL,
     "U0: with PRFTEN the flash word after a data read is read ahead; data reads look up the word buffers",
     "uncertain: RM0503's read interface not retrieved; the L0 NVM does it (RM0367 3.3 PRE_READ); "
     "SHA-256 rows: ascending K-table reads cost ~0 on the board, descending modulus reads ~1"},
    {"cache.hit_under_miss", CSIM_K_BOOL, OFF(flash.hit_under_miss), 0, 0, 1, NULL,
     "hits to other lines are served during a refill",
     "ICACHE (L5/U3): yes, RM0522 7.2 and 7.4.8 (the C5's instance of the same IP; L5/U3 HAL text the same); "
     "U0: not documented, assumed no (uncertain there: stm32u0's uncertain list)"},
    {"cache.enabled", CSIM_K_BOOL, OFF(flash.cache_enabled), 0, 0, 1, NULL,
     "instruction cache enabled (U0 ICEN, ICACHE_CR.EN)", "published page"},
    {"cache.size", CSIM_K_U32, OFF(flash.cache_bytes), 0, 0, 65536, NULL,
     "cache size in bytes",
     "datasheets (U0 1 KB, U3 8 KB, STM32U585 3.2.1 8 KB); L5 8 KB: RM0522 Table 44 (8 KB, C5 instance of the "
     "same ICACHE IP; the L5's own table not retrieved: uncertain there)"},
    {"cache.ways", CSIM_K_U32, OFF(flash.cache_ways), 0, 1, 64, NULL,
     "associativity (1 = direct mapped)",
     "ICACHE: n-way at reset, 1-way with WAYSEL = 0 (RM0522 7.4.4, 7.7.1), n = 2 (RM0522 Table 44, C5; "
     "STM32U585 datasheet 3.2.1 \"two-ways\"; L5 HAL ICACHE_2WAYS \"(default)\"); U3 board template 1-way "
     "(uncertain there); replacement pLRU-t = LRU at 2 ways (RM0522 7.4.8); U0: not documented (uncertain there; 32 = "
     "fully associative LRU, as RM0440 4.3.4 describes the G4's cache of the same HAL description); ART: "
     "one LRU pool of all lines (RM0090 3.5.2: F4 64, G4/L4 HAL 32)"},
    {"cache.line", CSIM_K_U32, OFF(flash.cache_line_bytes), 0, 4, 128, NULL,
     "line size in bytes",
     "U0 HAL: 32 lines of 4x64 bits; L5/U3: 16 B, RM0522 Tables 44-46 (C5 instance of the same ICACHE IP; "
     "the L5's/U3's own tables not retrieved: uncertain there)"},
    {"cache.data", CSIM_K_BOOL, OFF(flash.cache_data), 0, 0, 1, NULL,
     "data reads of the flash range are cached too",
     "ICACHE: \"instruction fetches or instruction memories loads\" (RM0522 7.4; cacheable Code region, "
     "Table 47); U0: instructions only (HAL \"on I-Code\"); ART: FLASH_ACR.DCEN, a data cache of its own "
     "(8 lines, RM0090 3.5.2; G4/L4 HAL \"8 cache lines of 4*64 bits on D-Code\")"},
    {"cache.hit_cycles", CSIM_K_U32, OFF(flash.cache_hit_cycles), 0, 0, 4, NULL,
     "extra cycles on a hit",
     "ICACHE: 0, a hit is provided \"in the same cycle\" (RM0522 7.4.8; \"0 wait-state on hits\", 7.2); "
     "U0: 0 assumed, not documented (uncertain there)"},
    {"cache.refill_overhead", CSIM_K_U32, OFF(flash.refill_overhead), 0, 0, 16, NULL,
     "extra cycles a miss costs before the flash read (bus matrix/AHB)",
     "uncertain: RM0522 7.4.8 gives a miss \"the latency of fetching one word from the main memory\" and no "
     "cycle of its own; default 0, to calibrate"},
    {"cache.refill_unbuffered", CSIM_K_BOOL, OFF(flash.refill_unbuffered), 0, 0, 1, NULL,
     "every word of a line refill is read from the array (false: a word in a flash-word buffer, read "
     "ahead, is taken from it)",
     "uncertain: no document read here says how the U0 cache or the U3's ICACHE refill meets the flash "
     "interface's prefetch buffer; false, bundled (memsys.c H-RBUF)"},
    {"cache.refill_wrap", CSIM_K_BOOL, OFF(flash.refill_wrap), 0, 0, 1, NULL,
     "U0: a line refill reads the line's flash words in wrapping order from the requested one (critical "
     "word first); false: from the line's first word upwards, the core waiting for its word",
     "uncertain: not documented for the U0; true is the ICACHE's WRAP burst from the requested word "
     "(RM0522 7.4.7-7.4.8), which the ICACHE models keep whatever this key says"},
    {"cache.sectored", CSIM_K_BOOL, OFF(flash.sectored), 0, 0, 1, NULL,
     "U0: a miss reads only the missed flash word into its line, each word of a line valid on its own; "
     "false: the whole line is refilled in one burst (cache.refill_wrap, cache.miss_waits)",
     "uncertain: not documented for the U0; RM0440 4.3.4, the G4's cache of the same HAL description "
     "(32 lines of 4 x 64 bits), copies \"the line read\" (one 64-bit read) into the cache and names no "
     "burst; false, bundled: the ICACHE's burst (RM0522 7.4.7-7.4.8)"},
    {"cache.miss_waits", CSIM_K_BOOL, OFF(flash.miss_waits), 0, 0, 1, NULL,
     "U0: a miss to another line waits until the refill in progress has ended; false: it abandons that "
     "refill (the array read under way completes, the words not started are not read, the line is "
     "left invalid)",
     "uncertain: not documented for the U0; true is read from the ICACHE's one refill buffer and "
     "hit-under-miss limited to the burst in progress (RM0522 7.4.8, 7.4.11), which the ICACHE models "
     "keep whatever this key says"},
    /* External memory on the S-AHB and the DCACHE in front of it (docs/timing-model.md,
     * "External memory and DCACHE") */
    {"xmem.base", CSIM_K_U32, OFF(xmem.base), 0, 0, 4294967295.0, NULL,
     "first byte of the memory-mapped external memory (an OCTOSPI region)",
     "CMSIS device headers OCTOSPI1_BASE 0x90000000, OCTOSPI2_BASE 0x70000000 (stm32u585xx.h); "
     "OCTOSPI1 0x90000000 (stm32h563xx.h)"},
    {"xmem.size", CSIM_K_U32, OFF(xmem.size), 0, 0, 4294967295.0, NULL,
     "its size in bytes (0: no external memory; the xmem.* and dcache.* keys apply only to a model "
     "that sets this or dcache.size)",
     "the board's memory: B-U585I-IOT02A 8-MB Octo-SPI PSRAM (APS6408) on OCTOSPI1 (ST BSP "
     "b_u585i_iot02a_ospi.c)"},
    {"xmem.read_cycles", CSIM_K_U32, OFF(xmem.read_cycles), 0, 0, 1024, NULL,
     "core cycles from a read request to its first 32-bit word (command, address, latency, data)",
     "uncertain: no document gives it; derived from the OCTOSPI clock, the memory's latency and the "
     "bus width (docs/timing-model.md, \"External memory and DCACHE\")"},
    {"xmem.beat_cycles", CSIM_K_U32, OFF(xmem.beat_cycles), 0, 0, 1024, NULL,
     "core cycles of each further 32-bit word of a burst (a DCACHE line fill or write-back)",
     "uncertain: derived from the OCTOSPI clock and the bus width (docs/timing-model.md)"},
    {"xmem.write_cycles", CSIM_K_U32, OFF(xmem.write_cycles), 0, 0, 1024, NULL,
     "core cycles of a 32-bit write to the memory, request to completion",
     "uncertain: derived as xmem.read_cycles with the memory's write latency (docs/timing-model.md)"},
    {"xmem.write_back", CSIM_K_BOOL, OFF(xmem.write_back), 0, 0, 1, NULL,
     "the region is bufferable: the DCACHE writes back and allocates on writes (false: write-through, "
     "write-around)",
     "RM0456 9.2 (\"selectable with AHB bufferable attribute\"); with the MPU off, the default memory "
     "map's attribute of the region: 0x60000000-0x7FFFFFFF write-back, write-allocate, "
     "0x80000000-0x9FFFFFFF write-through (Cortex-M4 Devices Generic User Guide, ARM DUI 0553A 2.2.3 Table 2-12; the Cortex-M33's was not "
     "checked: uncertain on the models that set it)"},
    {"dcache.enabled", CSIM_K_BOOL, OFF(xmem.cache_enabled), 0, 0, 1, NULL,
     "DCACHE enabled (DCACHE_CR.EN); off, every access is one transaction on the memory",
     "RM0456 9.2; the firmware's choice"},
    {"dcache.size", CSIM_K_U32, OFF(xmem.cache_bytes), 0, 0, 65536, NULL,
     "DCACHE size in bytes", "STM32U585xx datasheet 3.2.2 (4 KB)"},
    {"dcache.ways", CSIM_K_U32, OFF(xmem.cache_ways), 0, 0, 32, NULL,
     "DCACHE ways (pLRU-t, exact LRU at 2)", "RM0456 9.2, RM0481 9.2 (2-way set-associative)"},
    {"dcache.line", CSIM_K_U32, OFF(xmem.cache_line_bytes), 0, 0, 64, NULL,
     "DCACHE line in bytes", "RM0456 9.2, RM0481 9.2 (\"WRAP4 for 128-bit cache line\")"},
    /* Memory map and peripherals */
    {"memory.sram", CSIM_K_REGIONS, OFF(sram), OFF(n_sram), 0, 0, NULL,
     "SRAM regions", "CMSIS device header, datasheet"},
    {"periph.registers", CSIM_K_REGIONS, OFF(periph_ram), OFF(n_periph_ram), 0, 0, NULL,
     "peripheral register blocks kept as plain registers (RCC, PWR, GPIO, UART...)",
     "CMSIS device header"},
    {"periph.ready", CSIM_K_READY, OFF(ready), OFF(n_ready), 0, 0, NULL,
     "status bits that always read as set (oscillator/PLL ready, UART TXE)",
     "reference manual RCC/PWR/USART chapters; firmware/README.md lists the polls"},
    {"periph.mirror", CSIM_K_MIRROR, OFF(mirror), OFF(n_mirror), 0, 0, NULL,
     "status fields that read back a control field (clock switch status)",
     "reference manual RCC_CFGR"},
    {"periph.modules", CSIM_K_PERIPHS, OFF(periph), OFF(n_periph), 0, 0, NULL,
     "peripheral instances, each a module of src/engine/periph.c at its base address: crc (the "
     "STM32 CRC unit), aes-u0 (STM32U0 AES, CR.CCFC/ERRC), aes-u3 (STM32U3 AES: ICR only, KEYVALID, "
     "KEIF), saes (STM32U3 SAES: 480/680-cycle ECB blocks, hardware keys), usart-console (its TDR "
     "at +0x28 goes to the console), uart-dr-console (the F4's USART: its DR at +0x04); an MCU file adds to its family's (base 0 removes one)",
     "CMSIS device headers CRC_BASE (RM CRC chapter), AES_BASE, AES_BASE_NS and SAES_BASE_NS "
     "(stm32u083xx.h, stm32u385xx.h AES_CR bits; RM0503 / RM0487 AES chapters, RM0487 section 34.2; "
     "docs/aes.md); the USART or LPUART of the board's ST-LINK VCP (board user manual); the F4's "
     "USART_TypeDef (stm32f407xx.h: SR +0x00, DR +0x04)"},
    {"periph.flash_acr", CSIM_K_REGISTER, OFF(flash_acr), 0, 0, 0, NULL,
     "FLASH_ACR: its address (0: none) and the fields the firmware writes, each with the flash "
     "key it sets (LATENCY: flash.wait_states...); the reset value is the model's configuration",
     "CMSIS device headers (stm32l073xx.h, stm32u083xx.h, stm32l552xx.h, stm32u385xx.h) FLASH_R_BASE "
     "and FLASH_ACR bits"},
    {"periph.icache_cr", CSIM_K_REGISTER, OFF(icache_cr), 0, 0, 0, NULL,
     "ICACHE_CR: its address (0: none) and fields (EN: cache.enabled, WAYSEL: cache.ways, CACHEINV: "
     "invalidate)", "CMSIS device header ICACHE_BASE and ICACHE_CR bits"},
    {"periph.dcache_cr", CSIM_K_REGISTER, OFF(dcache_cr), 0, 0, 0, NULL,
     "DCACHE_CR: its address (0: none) and fields (EN: dcache.enabled, CACHEINV: invalidate); its keys "
     "are dcache.* ones", "CMSIS device headers DCACHE1_BASE_NS and DCACHE_CR bits (stm32u585xx.h, stm32h563xx.h)"},
    {"description", CSIM_K_STR, OFF(description), SZ(description), 0, 0, NULL,
     "one line about the model", "-"},
    {"uncertain", CSIM_K_KEYS, OFF(uncertain), OFF(n_uncertain), 0, 0, NULL,
     "keys whose value on this model no document gives (calibrate's --params uncertain fits them "
     "here); an MCU file adds to its family's list (the lists of the extends chain are merged); a "
     "key whose source says uncertain is so on every model and may not be listed",
     "the source strings of the keys listed"},
};

/* The plausible values the source strings above give for the numeric keys
 * uncertain on every model; a model's `uncertain` list may state its own. */
static const struct {
    const char *key;
    csim_alts alts;
} source_alts[] = {
    {"m33.div_cycles", {2, {2, 12}}},    /* ARM 100166 Table 3-1: 2-12 */
    {"flash.word_buffers", {2, {1, 2}}}, /* U0 2, U3 1 */
};

static csim_alts key_alts(const csim_key *k)
{
    for (size_t i = 0; i < sizeof(source_alts) / sizeof(source_alts[0]); i++) {
        if (strcmp(source_alts[i].key, k->name) == 0) {
            return source_alts[i].alts;
        }
    }
    return (csim_alts){0};
}

const csim_key *csim_keys(size_t *n)
{
    *n = sizeof(keys) / sizeof(keys[0]);
    return keys;
}

const csim_key *csim_key_find(const char *name)
{
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        if (strcmp(keys[i].name, name) == 0) {
            return &keys[i];
        }
    }
    return NULL;
}

bool csim_key_applies(const csim_key *k, const csim_model *m)
{
    if (!csim_core_reads_key(m->core.kind, k->name)) {
        return false;
    }
    /* the external memory's and the DCACHE's keys only on a model with them */
    if (strncmp(k->name, "xmem.", 5) == 0 || strncmp(k->name, "dcache.", 7) == 0
        || strcmp(k->name, "periph.dcache_cr") == 0) {
        return m->xmem.size > 0 || m->xmem.cache_bytes > 0;
    }
    /* a key some flash interfaces read applies where the registry lists it, a
     * cache.* key only with a cache */
    const int reads = csim_ms_reads_key(m->flash.type, k->name);
    if (reads >= 0) {
        return reads && (strncmp(k->name, "cache.", 6) != 0 || m->flash.cache_bytes > 0);
    }
    return true;
}

bool csim_key_scalar(const csim_key *k)
{
    return k->type == CSIM_K_U32 || k->type == CSIM_K_INT || k->type == CSIM_K_BOOL || k->type == CSIM_K_ENUM
           || k->type == CSIM_K_STR;
}

bool csim_key_uncertain_everywhere(const csim_key *k) { return strncmp(k->source, "uncertain", 9) == 0; }

csim_alts csim_key_alternatives(const csim_key *k, const csim_model *m)
{
    if (k->type == CSIM_K_BOOL) {
        return (csim_alts){2, {0, 1}};
    }
    for (unsigned i = 0; i < m->n_uncertain; i++) {
        if (&keys[m->uncertain[i]] == k && m->uncertain_alts[i].n) {
            return m->uncertain_alts[i];
        }
    }
    return key_alts(k);
}

bool csim_key_uncertain(const csim_key *k, const csim_model *m)
{
    if (csim_key_uncertain_everywhere(k)) {
        return true;
    }
    for (unsigned i = 0; i < m->n_uncertain; i++) {
        if (&keys[m->uncertain[i]] == k) {
            return true;
        }
    }
    return false;
}

_Static_assert(sizeof(keys) / sizeof(keys[0]) <= CSIM_MAX_KEYS, "CSIM_MAX_KEYS (model.h) below the key table");
_Static_assert(CSIM_MAX_SOURCES < 256, "a source's number is kept in a byte (csim_model.origin)");

const char *const csim_source_kind_names[CSIM_SOURCE_KINDS] = {
    [CSIM_SOURCE_FILE] = "file", [CSIM_SOURCE_SET] = "set", [CSIM_SOURCE_OVERLAY] = "overlay"};

void csim_key_mark_origin(csim_model *m, const csim_key *k)
{
    m->origin[k - keys] = (uint8_t)m->n_sources;
}

csim_err csim_model_add_source(csim_model *m, csim_source_kind kind, const char *what, const void *data,
                               size_t len, csim_diag *diag)
{
    if (m->n_sources == CSIM_MAX_SOURCES) {
        return csim_fail(diag, CSIM_ERR_USAGE, "%s: at most %d model files, --set and overlays in all", what,
                         CSIM_MAX_SOURCES);
    }
    csim_model_source *s = &m->source[m->n_sources];
    *s = (csim_model_source){.kind = kind};
    snprintf(s->what, sizeof(s->what), "%s", what);
    uint8_t sum[32];
    if (data && csim_sha256(data, len, sum)) {
        for (unsigned i = 0; i < 8; i++) {
            snprintf(s->sha256 + 2 * i, 3, "%02x", sum[i]);
        }
    }
    m->n_sources++;
    return CSIM_OK;
}

csim_err csim_key_set_number(csim_model *m, const csim_key *k, double v, const char *where,
                             csim_diag *diag)
{
    char *field = (char *)m + k->offset;
    switch (k->type) {
    case CSIM_K_U32:
    case CSIM_K_INT:
        if (v != floor(v) || v < k->min || v > k->max) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: %.15g is not an integer in [%.0f, %.0f]",
                             where, k->name, v, k->min, k->max);
        }
        if (k->type == CSIM_K_U32) {
            *(uint32_t *)field = (uint32_t)v;
        } else {
            *(int *)field = (int)v;
        }
        return CSIM_OK;
    case CSIM_K_BOOL:
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: expected true or false", where, k->name);
    default:
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: a number is not valid here", where, k->name);
    }
}

csim_err csim_key_set_string(csim_model *m, const csim_key *k, const char *v, const char *where,
                             csim_diag *diag)
{
    char *field = (char *)m + k->offset;
    switch (k->type) {
    case CSIM_K_ENUM:
        for (int i = 0; k->names[i]; i++) {
            if (strcmp(k->names[i], v) == 0) {
                *(int *)field = i;
                return CSIM_OK;
            }
        }
        {
            char list[256] = "";
            for (int i = 0; k->names[i]; i++) {
                strncat(list, i ? ", " : "", sizeof(list) - strlen(list) - 1);
                strncat(list, k->names[i], sizeof(list) - strlen(list) - 1);
            }
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: \"%s\" is not one of: %s", where,
                             k->name, v, list);
        }
    case CSIM_K_STR:
        if (strlen(v) >= k->size) {
            return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: longer than %zu characters", where,
                             k->name, k->size - 1);
        }
        strcpy(field, v);
        return CSIM_OK;
    case CSIM_K_BOOL:
        if (strcmp(v, "true") == 0 || strcmp(v, "on") == 0 || strcmp(v, "1") == 0) {
            *(bool *)field = true;
            return CSIM_OK;
        }
        if (strcmp(v, "false") == 0 || strcmp(v, "off") == 0 || strcmp(v, "0") == 0) {
            *(bool *)field = false;
            return CSIM_OK;
        }
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: \"%s\" is not a boolean", where, k->name, v);
    case CSIM_K_U32:
    case CSIM_K_INT: {
        char *end = NULL;
        errno = 0;
        double d = (strncmp(v, "0x", 2) == 0) ? (double)strtoull(v, &end, 16) : strtod(v, &end);
        if (errno || end == v || *end) {
            /* clock.hz accepts MHz/kHz suffixes: 48MHz, 32.768kHz. */
            if (end && end != v && (strcmp(end, "MHz") == 0 || strcmp(end, "M") == 0)) {
                d *= 1e6;
            } else if (end && end != v && (strcmp(end, "kHz") == 0 || strcmp(end, "k") == 0)) {
                d *= 1e3;
            } else {
                return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: \"%s\" is not a number", where,
                                 k->name, v);
            }
        }
        return csim_key_set_number(m, k, d, where, diag);
    }
    default:
        return csim_fail(diag, CSIM_ERR_MODEL, "%s: %s: cannot be set from text (edit the model file)",
                         where, k->name);
    }
}

csim_err csim_model_set(csim_model *m, const char *assignment, csim_diag *diag)
{
    const char *eq = strchr(assignment, '=');
    if (!eq || eq == assignment) {
        return csim_fail(diag, CSIM_ERR_USAGE, "--set %s: expected key=value", assignment);
    }
    char name[96];
    size_t n = (size_t)(eq - assignment);
    if (n >= sizeof(name)) {
        return csim_fail(diag, CSIM_ERR_MODEL, "--set: key too long");
    }
    memcpy(name, assignment, n);
    name[n] = 0;
    const csim_key *k = csim_key_find(name);
    if (!k) {
        return csim_fail(diag, CSIM_ERR_MODEL, "--set: unknown model key \"%s\" (see docs/model-keys.md)",
                         name);
    }
    csim_err err = csim_model_add_source(m, CSIM_SOURCE_SET, assignment, NULL, 0, diag);
    if (err) {
        return err;
    }
    err = csim_key_set_string(m, k, eq + 1, "--set", diag);
    if (!err) {
        csim_key_mark_origin(m, k);
    }
    /* A key for another core or flash interface would change nothing: say so
     * rather than accept it (the keys that decide what applies always do;
     * cache.* on a model without a cache is the callers' to explain). */
    const bool has_cache = csim_ms_has_cache(m->flash.type) && m->flash.cache_bytes > 0;
    if (!err && !csim_key_applies(k, m) && k->offset != OFF(flash.type)
        && !(strncmp(name, "cache.", 6) == 0 && !has_cache)) {
        return csim_fail(diag, CSIM_ERR_MODEL, "--set %s: does not apply to %s (%s)", name, m->name,
                         "see docs/model-keys.md");
    }
    return err;
}

static const char *type_name(csim_key_type t)
{
    switch (t) {
    case CSIM_K_U32: return "unsigned";
    case CSIM_K_BOOL: return "boolean";
    case CSIM_K_INT: return "integer";
    case CSIM_K_ENUM: return "enum";
    case CSIM_K_STR: return "string";
    case CSIM_K_REGIONS: return "[{base, size}]";
    case CSIM_K_READY: return "[{addr, set}]";
    case CSIM_K_MIRROR: return "[{addr, src_mask, src_shift, dst_shift}]";
    case CSIM_K_LATENCY: return "[{range, max_hz[]}]";
    case CSIM_K_KEYS: return "[key names]";
    case CSIM_K_REGISTER: return "{addr, fields: [{name, shift, width, key or action, coding}]}";
    case CSIM_K_PERIPHS: return "{module: base}";
    }
    return "?";
}

/* " (range tries 2, 12)": the alternatives a range tries, nothing if none. */
static void alts_text(char *out, size_t len, csim_alts a)
{
    size_t used = 0;
    out[0] = '\0';
    for (unsigned i = 0; i < a.n && used < len; i++) {
        int k = snprintf(out + used, len - used, "%s%.0f%s", i ? ", " : " (range tries ", a.v[i], i + 1 == a.n ? ")" : "");
        used += k > 0 ? (size_t)k : 0;
    }
}

void csim_model_keys_markdown(FILE *out, const char *models_dir)
{
    fprintf(out, "# Model keys\n\n"
                 "Generated by `cyclesim keys` from src/model/model_keys.c and the models' `uncertain`\n"
                 "lists; do not edit by hand.\n"
                 "Every key can appear in a model file (nested objects: `flash.wait_states` is\n"
                 "`{\"flash\": {\"wait_states\": N}}`); scalar keys can be overridden with\n"
                 "`--set key=value`.  Keys whose source says \"uncertain\" are calibration candidates on\n"
                 "every model, and so are the keys a model's `uncertain` list names, on that model\n"
                 "(last table).  `cyclesim run --range` tries a boolean uncertain key both ways and\n"
                 "a numeric one at the alternatives its source gives (\"range tries\"; docs/accuracy.md).\n\n"
                 "| key | type | range | meaning | source |\n|---|---|---|---|---|\n");
    for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
        const csim_key *k = &keys[i];
        char range[96] = "";
        if (k->type == CSIM_K_ENUM) {
            for (int j = 0; k->names[j]; j++) {
                strncat(range, j ? ", " : "", sizeof(range) - strlen(range) - 1);
                strncat(range, k->names[j], sizeof(range) - strlen(range) - 1);
            }
        } else if (k->type == CSIM_K_U32 || k->type == CSIM_K_INT) {
            snprintf(range, sizeof(range), "%.0f..%.0f", k->min, k->max);
        }
        alts_text(range + strlen(range), sizeof(range) - strlen(range), key_alts(k));
        fprintf(out, "| `%s` | %s | %s | %s | %s |\n", k->name, type_name(k->type), range, k->doc,
                k->source);
    }
    fprintf(out, "\n## Uncertain on one model\n\n"
                 "The `uncertain` list of each MCU model, merged along its `extends` chain, in table\n"
                 "order: keys whose source covers other models but gives no value for this one, and\n"
                 "keys uncertain everywhere whose alternatives the model states itself.\n\n"
                 "| model | keys |\n|---|---|\n");
    char names[32][64];
    const unsigned n = csim_model_list(models_dir, names, 32);
    for (unsigned i = 0; i < n; i++) {
        csim_model m;
        csim_diag d = {0};
        if (csim_model_load(&m, models_dir, names[i], &d) != CSIM_OK || m.n_uncertain == 0) {
            continue;
        }
        fprintf(out, "| `%s` |", names[i]);
        const char *sep = " ";
        for (size_t j = 0; j < sizeof(keys) / sizeof(keys[0]); j++) {
            const csim_alts own = keys[j].type != CSIM_K_BOOL ? csim_key_alternatives(&keys[j], &m) : (csim_alts){0};
            const csim_alts general = key_alts(&keys[j]);
            const bool states_own = own.n && (own.n != general.n || memcmp(own.v, general.v, own.n * sizeof(own.v[0])));
            if (csim_key_uncertain(&keys[j], &m) && (!csim_key_uncertain_everywhere(&keys[j]) || states_own)) {
                char alts[64] = "";
                alts_text(alts, sizeof(alts), own);
                fprintf(out, "%s`%s`%s", sep, keys[j].name, alts);
                sep = ", ";
            }
        }
        fprintf(out, " |\n");
    }
}

bool csim_model_get(const csim_model *m, const char *key, char *buf, size_t len)
{
    const csim_key *k = csim_key_find(key);
    if (!k || !csim_key_scalar(k)) {
        return false;
    }
    csim_key_value_text(m, k, buf, len);
    return true;
}

/* Appends to buf (used of len characters so far); returns the new count, at most len. */
static size_t add(char *buf, size_t len, size_t used, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static size_t add(char *buf, size_t len, size_t used, const char *fmt, ...)
{
    if (used >= len) {
        return len;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
    return n < 0 ? used : used + (size_t)n < len ? used + (size_t)n : len;
}

void csim_key_value_text(const csim_model *m, const csim_key *k, char *buf, size_t len)
{
    const char *field = (const char *)m + k->offset;
    const unsigned n = k->type >= CSIM_K_REGIONS && k->type != CSIM_K_REGISTER ? *(const unsigned *)((const char *)m + k->size) : 0;
    size_t used = 0;
    buf[0] = '\0';
    switch (k->type) {
    case CSIM_K_U32: snprintf(buf, len, "%u", *(const uint32_t *)field); return;
    case CSIM_K_INT: snprintf(buf, len, "%d", *(const int *)field); return;
    case CSIM_K_BOOL: snprintf(buf, len, "%s", *(const bool *)field ? "true" : "false"); return;
    case CSIM_K_ENUM: snprintf(buf, len, "%s", k->names[*(const int *)field]); return;
    case CSIM_K_STR: snprintf(buf, len, "%s", field); return;
    case CSIM_K_REGIONS:
        for (unsigned i = 0; i < n; i++) {
            const csim_region *r = (const csim_region *)field + i;
            used = add(buf, len, used, "%s0x%08x+0x%x", i ? ", " : "", r->base, r->size);
        }
        return;
    case CSIM_K_READY:
        for (unsigned i = 0; i < n; i++) {
            const csim_ready_rule *r = (const csim_ready_rule *)field + i;
            used = add(buf, len, used, "%s0x%08x sets 0x%x", i ? ", " : "", r->addr, r->set);
        }
        return;
    case CSIM_K_MIRROR:
        for (unsigned i = 0; i < n; i++) {
            const csim_mirror_rule *r = (const csim_mirror_rule *)field + i;
            used = add(buf, len, used, "%s0x%08x: (v & 0x%x) >> %u << %u", i ? ", " : "", r->addr, r->src_mask,
                       r->src_shift, r->dst_shift);
        }
        return;
    case CSIM_K_LATENCY:
        for (unsigned i = 0; i < n; i++) {
            const csim_latency_range *r = (const csim_latency_range *)field + i;
            used = add(buf, len, used, "%srange %d:", i ? ", " : "", r->range);
            for (unsigned w = 0; w < r->n; w++) {
                used = add(buf, len, used, " %u", r->max_hz[w]);
            }
        }
        return;
    case CSIM_K_KEYS:
        for (unsigned i = 0; i < n; i++) {
            used = add(buf, len, used, "%s%s", i ? ", " : "", keys[((const uint16_t *)field)[i]].name);
        }
        return;
    case CSIM_K_PERIPHS:
        for (unsigned i = 0; i < n; i++) {
            const csim_periph_inst *p = (const csim_periph_inst *)field + i;
            used = add(buf, len, used, "%s%s 0x%08x", i ? ", " : "", p->module, p->base);
        }
        return;
    case CSIM_K_REGISTER: {
        const csim_reg_layout *r = (const csim_reg_layout *)field;
        if (!r->addr) {
            return;
        }
        used = add(buf, len, used, "0x%08x:", r->addr);
        for (unsigned i = 0; i < r->n_fields; i++) {
            const csim_reg_field *f = &r->field[i];
            static const char *const coding[] = {[CSIM_FIELD_VALUE] = "", [CSIM_FIELD_INVERTED] = " (inverted)",
                                                 [CSIM_FIELD_LOG2] = " (log2)", [CSIM_FIELD_INVALIDATE] = ""};
            used = add(buf, len, used, " %s[%u:%u]=%s%s", f->name, f->shift + f->width - 1, f->shift,
                       f->coding == CSIM_FIELD_INVALIDATE ? "invalidate" : keys[f->key].name, coding[f->coding]);
        }
        return;
    }
    }
}
