/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * xmem.h - an external memory mapped on the Cortex-M33 S-AHB (OCTOSPI, FMC)
 * and the ST DCACHE in front of it (STM32U5: RM0456 §9; STM32H5: RM0481 §9).
 * A pure module like memsys.h: no emulator, no JSON; times are core clock
 * cycles, requests come in program order with non-decreasing `now`, and an
 * access answers the cycle its data is there (a read) or the write is done.
 *
 * The DCACHE serves the S-bus data reads and writes of the region only:
 * SRAM, peripherals and the internal flash (which the ICACHE serves on the
 * C-AHB) never come here.
 */
#ifndef CYCLESIM_XMEM_H
#define CYCLESIM_XMEM_H

#include <stdbool.h>
#include <stdint.h>

typedef struct csim_xm_cfg {
    uint32_t base, size;        /* the memory-mapped region (e.g. OCTOSPI1 0x90000000) */
    unsigned read_cycles;       /* an uncached 32-bit read: request to data */
    unsigned beat_cycles;       /* each further 32-bit beat of a burst (line fill, write-back) */
    unsigned write_cycles;      /* an uncached 32-bit write: request to completion */
    bool write_back;            /* the region's AHB bufferable attribute: write-back (true) or
                                   write-through (false), RM0456 §9.2 */
    bool cache_enabled;         /* DCACHE_CR.EN */
    unsigned cache_bytes;       /* 4096 on the U5 and H5 */
    unsigned cache_ways;        /* 2 (RM0456 §9.2) */
    unsigned cache_line_bytes;  /* 16: "WRAP4 for 128-bit cache line" */
} csim_xm_cfg;

typedef struct csim_xm_stats {
    /* the DCACHE's own monitors (RM0456 §9.2: read/write hits and misses) */
    uint64_t read_hits, read_misses, write_hits, write_misses;
    uint64_t mem_reads, mem_writes; /* transactions on the external memory: single or burst */
    uint64_t read_stall, write_stall; /* cycles beyond now + 1 */
} csim_xm_stats;

typedef struct csim_xmem csim_xmem;

/** csim_xmem_cfg_problem - why cfg cannot be modelled, naming its keys; NULL if it can. */
const char *csim_xmem_cfg_problem(const csim_xm_cfg *cfg);
/** csim_xmem_new - a cold region (cache empty, memory idle); NULL on a bad cfg or no memory. */
csim_xmem *csim_xmem_new(const csim_xm_cfg *cfg);
void csim_xmem_free(csim_xmem *xm);
/** csim_xmem_configure - firmware wrote DCACHE_CR: enabling or disabling the
 *  cache empties it; other fields may change too.  False if cfg is invalid. */
bool csim_xmem_configure(csim_xmem *xm, const csim_xm_cfg *cfg);
/** csim_xmem_invalidate - DCACHE_CR.CACHEINV: every line invalid, dirty ones
 *  dropped without a write-back (RM0456 §9: invalidate does not clean). */
void csim_xmem_invalidate(csim_xmem *xm);
const csim_xm_cfg *csim_xmem_config(const csim_xmem *xm);
bool csim_xmem_contains(const csim_xmem *xm, uint32_t addr);
/** csim_xmem_read / csim_xmem_write - one 8-, 16- or 32-bit access at `now`
 *  to addr in the region (the word containing it); returns its ready cycle
 *  (>= now + 1). */
uint64_t csim_xmem_read(csim_xmem *xm, uint64_t now, uint32_t addr);
uint64_t csim_xmem_write(csim_xmem *xm, uint64_t now, uint32_t addr);
const csim_xm_stats *csim_xmem_stats(const csim_xmem *xm);

#endif
