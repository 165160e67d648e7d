/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memsys_xmem.c - an external memory on the S-AHB and the ST DCACHE in front
 * of it (include/cyclesim/memsys/xmem.h); sources in docs/sources.md.
 *
 * Not a flash interface: the DCACHE sits on the S-AHB "to improve the
 * performance of data traffic to/from external memories" (RM0456 §9.1), so
 * it has its own small model instead of a row of CSIM_MS_INTERFACES.
 *
 * Rules and sources (RM0456 §9.2; the same text in RM0481 §9.2 for the H5):
 *  - Geometry: 4 KB (STM32U585xx datasheet §3.2.2), 2-way set-associative,
 *    128-bit lines ("WRAP4 for 128-bit cache line").  pLRU-t replacement is
 *    exact LRU with two ways, which is what is implemented.
 *  - Hit: "0 wait-state on hits" -> a hit is ready at now + 1, read or write.
 *  - Read miss: the line is filled by a WRAP burst with "critical-word-first
 *    refill policy": the requested word arrives one uncached read after the
 *    burst starts (read_cycles), each further word beat_cycles later, in
 *    wrapping order.  "Read ... always allocate".
 *  - Hit-under-miss: "serve processor requests (access to cached data)
 *    during an ongoing line refill" -> hits to other lines are served at
 *    once; an access to the line being filled waits for its word.  A miss
 *    waits for the memory to be free (H-XBUSY: the memory does one
 *    transaction at a time, the refill in progress ends first).
 *  - Write-through ("selectable with AHB bufferable attribute": the region's
 *    non-bufferable attribute): every write goes to the memory, a hit also
 *    updates its line; "Write-through always non-allocate (write-around)".
 *  - Write-back (bufferable): "write-back always allocate": a write hit is
 *    0 wait and makes its line dirty; a write miss fills the line as a read
 *    miss would (the written word first) and then writes it.
 *  - A dirty victim is written back, a WRAP burst of the line, before the
 *    fill that replaces it (H-XEVICT: no write-back buffer is documented).
 *  - A write to the memory holds the core until it is done (H-XWAIT: the
 *    DCACHE's master port is AHB, no write buffer is documented).
 *  - Cache disabled: bypassed, every access is one transaction on the
 *    memory (read_cycles or write_cycles).  Enabling or disabling it empties
 *    it (H-XINV, as the ICACHE's H-INV).
 * The latencies of the memory itself are model keys (docs/timing-model.md,
 * "External memories": derived from the OCTOSPI clock, dummy cycles and bus
 * width, uncertain).
 */
#include "cyclesim/memsys/xmem.h"

#include "memsys/memsys_internal.h"

#include <stdlib.h>
#include <string.h>

#define XM_MAX_LINE_WORDS 16u /* 64-B lines: well past the DCACHE's 16 B */

typedef struct xm_line {
    uint32_t line; /* line index from the region's base, MS_NONE if invalid */
    bool dirty;
    uint64_t lru;  /* stamp of the last fill or hit */
} xm_line;

struct csim_xmem {
    csim_xm_cfg cfg;
    csim_xm_stats st;
    xm_line *lines;         /* set-major: lines[set * ways + way] */
    unsigned nlines;
    unsigned line_shift;    /* log2(line bytes) */
    uint32_t set_mask;
    unsigned wpl;           /* 32-bit words per line */
    uint64_t stamp;
    uint64_t mem_free;      /* the memory is busy until this cycle */
    uint32_t fill_line;     /* line of the last fill (MS_NONE: none) */
    unsigned fill_crit;     /* word of the line its burst started with */
    uint64_t fill_first;    /* cycle that word arrived */
    uint64_t last_now;
};

static bool pow2(unsigned v) { return v && !(v & (v - 1)); }

const char *csim_xmem_cfg_problem(const csim_xm_cfg *c)
{
    if (!c)
        return "no external-memory configuration";
    if (!c->size || !ms_range_ok(c->base, c->size))
        return "xmem.base/xmem.size: the region must be non-empty and below 4 GiB";
    if (!c->read_cycles || !c->write_cycles || c->read_cycles > MS_MAX_WAIT_STATES
        || c->write_cycles > MS_MAX_WAIT_STATES || c->beat_cycles > MS_MAX_WAIT_STATES)
        return "xmem.read_cycles/xmem.write_cycles/xmem.beat_cycles: latencies must be 1..1024 cycles";
    if (!pow2(c->cache_line_bytes) || c->cache_line_bytes < 4 || c->cache_line_bytes > 4 * XM_MAX_LINE_WORDS)
        return "dcache.line: a power of two from 4 to 64 bytes";
    if (!pow2(c->cache_ways) || c->cache_ways > MS_MAX_WAYS)
        return "dcache.ways: a power of two up to 32";
    if (!pow2(c->cache_bytes) || c->cache_bytes < c->cache_line_bytes * c->cache_ways)
        return "dcache.size: a power of two holding at least one line per way";
    return NULL;
}

static void clear_lines(csim_xmem *xm)
{
    for (unsigned i = 0; i < xm->nlines; i++)
        xm->lines[i] = (xm_line){.line = MS_NONE};
    xm->fill_line = MS_NONE;
}

static bool apply(csim_xmem *xm, const csim_xm_cfg *c)
{
    const unsigned n = c->cache_bytes / c->cache_line_bytes;
    if (n > xm->nlines) {
        xm_line *l = realloc(xm->lines, n * sizeof *l);
        if (!l)
            return false;
        xm->lines = l;
    }
    xm->nlines = n;
    xm->cfg = *c;
    xm->line_shift = ms_log2u(c->cache_line_bytes);
    xm->set_mask = n / c->cache_ways - 1;
    xm->wpl = c->cache_line_bytes / 4;
    clear_lines(xm);
    return true;
}

csim_xmem *csim_xmem_new(const csim_xm_cfg *cfg)
{
    if (csim_xmem_cfg_problem(cfg))
        return NULL;
    csim_xmem *xm = calloc(1, sizeof *xm);
    if (xm && !apply(xm, cfg)) {
        csim_xmem_free(xm);
        return NULL;
    }
    return xm;
}

void csim_xmem_free(csim_xmem *xm)
{
    if (xm) {
        free(xm->lines);
        free(xm);
    }
}

bool csim_xmem_configure(csim_xmem *xm, const csim_xm_cfg *cfg)
{
    if (csim_xmem_cfg_problem(cfg))
        return false;
    const bool keep = cfg->cache_enabled == xm->cfg.cache_enabled && cfg->cache_bytes == xm->cfg.cache_bytes
                      && cfg->cache_ways == xm->cfg.cache_ways && cfg->cache_line_bytes == xm->cfg.cache_line_bytes
                      && cfg->base == xm->cfg.base;
    if (keep) {
        xm->cfg = *cfg;
        return true;
    }
    return apply(xm, cfg); /* H-XINV */
}

void csim_xmem_invalidate(csim_xmem *xm) { clear_lines(xm); }

const csim_xm_cfg *csim_xmem_config(const csim_xmem *xm) { return &xm->cfg; }

bool csim_xmem_contains(const csim_xmem *xm, uint32_t addr) { return addr - xm->cfg.base < xm->cfg.size; }

const csim_xm_stats *csim_xmem_stats(const csim_xmem *xm) { return &xm->st; }

/* One transaction on the memory that may start at `earliest` and takes
 * `cycles` (H-XBUSY); returns its end. */
static uint64_t mem_op(csim_xmem *xm, uint64_t earliest, uint64_t cycles)
{
    xm->mem_free = ms_max(earliest, xm->mem_free) + cycles;
    return xm->mem_free;
}

/* The cycles of a burst of the whole line after its first word. */
static uint64_t burst_tail(const csim_xmem *xm) { return (uint64_t)(xm->wpl - 1) * xm->cfg.beat_cycles; }

static xm_line *find(csim_xmem *xm, uint32_t line)
{
    xm_line *set = &xm->lines[(line & xm->set_mask) * xm->cfg.cache_ways];
    for (unsigned w = 0; w < xm->cfg.cache_ways; w++)
        if (set[w].line == line)
            return &set[w];
    return NULL;
}

/* When `word` of a line that is there can be used: at once, unless the
 * line is still being filled (hit-under-miss: its own word's beat). */
static uint64_t hit_ready(const csim_xmem *xm, uint64_t now, uint32_t line, unsigned word)
{
    uint64_t ready = now + 1;
    if (line == xm->fill_line) {
        const unsigned pos = (word - xm->fill_crit) & (xm->wpl - 1);
        ready = ms_max(ready, xm->fill_first + (uint64_t)pos * xm->cfg.beat_cycles);
    }
    return ready;
}

/* Allocate `line` for a miss on `word` at `now`: the LRU way of its set is
 * replaced (written back first if dirty, H-XEVICT), then filled by a WRAP
 * burst from `word`.  Returns the line; its word is there at fill_first. */
static xm_line *fill(csim_xmem *xm, uint64_t now, uint32_t line, unsigned word)
{
    xm_line *set = &xm->lines[(line & xm->set_mask) * xm->cfg.cache_ways];
    xm_line *v = &set[0];
    for (unsigned w = 1; w < xm->cfg.cache_ways; w++)
        if (set[w].lru < v->lru)
            v = &set[w];
    if (v->line != MS_NONE && v->dirty) {
        mem_op(xm, now, xm->cfg.write_cycles + burst_tail(xm));
        xm->st.mem_writes++;
    }
    const uint64_t end = mem_op(xm, now, xm->cfg.read_cycles + burst_tail(xm));
    xm->st.mem_reads++;
    xm->fill_line = line;
    xm->fill_crit = word;
    xm->fill_first = end - burst_tail(xm);
    *v = (xm_line){.line = line, .dirty = false, .lru = ++xm->stamp};
    return v;
}

/* One read or write at `now` (request times are non-decreasing). */
static uint64_t access(csim_xmem *xm, uint64_t now, uint32_t addr, bool write)
{
    now = ms_max(now, xm->last_now);
    xm->last_now = now;
    uint64_t ready;
    if (!xm->cfg.cache_enabled) {
        /* bypassed: one transaction on the memory */
        ready = mem_op(xm, now, write ? xm->cfg.write_cycles : xm->cfg.read_cycles);
        ++*(write ? &xm->st.mem_writes : &xm->st.mem_reads);
    } else {
        const uint32_t off = addr - xm->cfg.base;
        const uint32_t line = off >> xm->line_shift;
        const unsigned word = (off >> 2) & (xm->wpl - 1);
        xm_line *l = find(xm, line);
        if (write)
            ++*(l ? &xm->st.write_hits : &xm->st.write_misses);
        else
            ++*(l ? &xm->st.read_hits : &xm->st.read_misses);
        if (write && !xm->cfg.write_back) {
            /* write-through: the memory is written, hit or not (write-around) */
            ready = mem_op(xm, now, xm->cfg.write_cycles);
            xm->st.mem_writes++;
            if (l)
                l->lru = ++xm->stamp;
        } else if (l) {
            l->lru = ++xm->stamp;
            ready = hit_ready(xm, now, line, word);
        } else {
            l = fill(xm, now, line, word);
            ready = xm->fill_first;
        }
        if (write && xm->cfg.write_back)
            l->dirty = true;
    }
    *(write ? &xm->st.write_stall : &xm->st.read_stall) += ready - (now + 1);
    return ready;
}

uint64_t csim_xmem_read(csim_xmem *xm, uint64_t now, uint32_t addr) { return access(xm, now, addr, false); }

uint64_t csim_xmem_write(csim_xmem *xm, uint64_t now, uint32_t addr) { return access(xm, now, addr, true); }
