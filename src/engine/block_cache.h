/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * block_cache.h - the decoded blocks of a run (block_cache.c), each decoded
 * once per address, with the pricings the timing module keeps of it.
 */
#ifndef CSIM_ENGINE_BLOCK_CACHE_H
#define CSIM_ENGINE_BLOCK_CACHE_H

#include <stddef.h>

#include "cyclesim/backends/elf.h"
#include "cyclesim/timing/pricing.h"

#define MAX_BLOCK_INSNS 2048 /* Unicorn ends a block after 512 instructions or a page */
#define BLOCK_SLOTS (1u << 16)

typedef struct sim sim;

typedef struct block {
    csim_tm_block code;  /* address, instructions, kept pricings (src/timing) */
    csim_tm_block *lane_code; /* the same for each lane (lanes.c), NULL until a lane prices it */
    uint32_t size;
    bool has_wfi;        /* holds a WFI/WFE (ends the run) */
    bool has_fp;         /* holds an FP instruction (the FP context becomes active) */
    bool has_assumed;    /* holds an instruction priced by assumption (counted in a region) */
    unsigned fp_epoch;   /* region in which it last ran (footprint) */
    struct block *succ;  /* the block that ran after it last time (sim_on_block) */
    struct block *next;
} block;

typedef struct block_cache {
    block *slots[BLOCK_SLOTS];
} block_cache;

/** sim_find_block - the block at addr of `size` bytes, decoded on its first
 *  run; NULL (s->fault says why, if it can) when it cannot be decoded. */
block *sim_find_block(sim *s, uint32_t addr, uint32_t size);
void block_cache_free(block_cache *c);

/** elf_has_code - whether an executable section of e overlaps [base, base + size). */
bool elf_has_code(const csim_elf *e, uint32_t base, uint32_t size);

/* The block whose pricing code is. */
static inline block *block_of(csim_tm_block *code)
{
    return code ? (block *)((char *)code - offsetof(block, code)) : NULL;
}

#endif
