/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * footprint.h - code, constant, data and stack bytes of a case
 * (footprint.c, docs/footprint.md).
 */
#ifndef CSIM_ENGINE_FOOTPRINT_H
#define CSIM_ENGINE_FOOTPRINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cyclesim/engine/sim.h"
#include "engine/block_cache.h"

#define MAX_SPANS (1 + CSIM_MAX_REGIONS)

/* A memory range holding ELF sections, with a bit per byte accessed in the
 * current region (footprint of data and constants). */
typedef struct span {
    uint32_t lo, len;
    uint8_t *bits;
} span;

typedef struct footprint {
    uint32_t stk_lo, stk_sp, stk_min; /* stack limit, SP at region begin, lowest write below it */
    span spans[MAX_SPANS];
    unsigned n_spans;
    unsigned epoch;       /* the region's number (block.fp_epoch) */
    block **blocks;       /* blocks run in the region */
    size_t n_blocks, cap_blocks;
    uint32_t region_fn;   /* function the region starts in (the runner's run_one): not the case's code */
    uint32_t io_lo, io_hi, ioc_lo, ioc_hi; /* the cases' I/O buffers (RAM, flash): not counted */
    uint8_t *sym_seen;
} footprint;

csim_err fp_make_spans(sim *s);
void fp_free(footprint *f);

/* Marks the bytes of an access at addr in span p, which holds addr. */
static inline void fp_mark_touched(span *p, uint32_t addr, unsigned size)
{
    uint32_t off = addr - p->lo;
    unsigned n = size < p->len - off ? size : p->len - off;
    if ((off & 7) + n <= 8) { /* the usual case: one byte of the bitmap */
        p->bits[off >> 3] |= (uint8_t)(((1u << n) - 1) << (off & 7));
        return;
    }
    for (unsigned k = 0; k < n; k++) {
        p->bits[(off + k) >> 3] |= (uint8_t)(1u << ((off + k) & 7));
    }
}

/** fp_track_begin - a region (or --call) starts at pc: the footprint counts
 *  from here, and observes the blocks run until fp_measure. */
void fp_track_begin(sim *s, uint32_t pc, bool called);
void fp_measure(sim *s, csim_case_result *c);

#endif
