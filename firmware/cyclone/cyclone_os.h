/* SPDX-License-Identifier: MIT */
/*
 * cyclone_os.h - the benchmark images' platform for CycloneCRYPTO: its
 * allocator on a static pool, and cy_prng, a deterministic xorshift32
 * generator behind CycloneCRYPTO's PrngAlgo interface, for the random values
 * of the public-key cases (benchmark inputs only: it protects nothing).
 */
#ifndef CYCLONE_OS_H
#define CYCLONE_OS_H

#include <stddef.h>
#include <stdint.h>

#include "core/crypto.h"
#include "bench.h"

void *osAllocMem(size_t size);
void osFreeMem(void *p);

typedef struct {
    uint32_t x;
} CyPrngContext;

extern CyPrngContext cy_prng;
extern const PrngAlgo cyPrngAlgo;
#define CY_PRNG_ALGO (&cyPrngAlgo)

/** Seeds cy_prng for case c: a fixed seed, or bench_random() (random inputs). */
void cy_prng_start(const bench_case_t *c);
/** The next n bytes of cy_prng. */
void cy_prng_fill(uint8_t *buf, size_t n);

#endif
