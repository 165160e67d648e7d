/* SPDX-License-Identifier: MIT */
/*
 * cyclone_os.c - what CycloneCRYPTO needs from its platform in the benchmark
 * images (cyclone_os.h): the allocator (no heap here) and, for the
 * public-key cases, a deterministic PRNG.
 */
#include "cyclone_os.h"

#ifdef CY_HEAP_BYTES
/* The integer public-key image (cyclone_cases_pk.c): CycloneCRYPTO's MPI
 * grows and frees its integers in any order, so it gets a real heap:
 * newlib-nano's malloc over a static region handed out by _sbrk (the other
 * images have no heap, firmware/ld/common.ld). */
#include <stdlib.h> /* not errno.h: its error_t clashes with CycloneCRYPTO's */

static uint8_t cy_heap[CY_HEAP_BYTES] __attribute__((aligned(8)));
static size_t cy_heap_top;

void *_sbrk(ptrdiff_t incr);
void *_sbrk(ptrdiff_t incr)
{
    if (incr < 0 || (size_t)incr > sizeof cy_heap - cy_heap_top) {
        return (void *)-1; /* malloc then returns NULL */
    }
    void *p = cy_heap + cy_heap_top;
    cy_heap_top += (size_t)incr;
    return p;
}

void *osAllocMem(size_t size) { return malloc(size); }

void osFreeMem(void *p) { free(p); }
#else
/* osAllocMem/osFreeMem (weak in Common/os_port_none.c, which would call
 * malloc: the images have no heap).  A stack-like pool: blocks are handed out
 * upwards; a freed block is marked and the top moves down over every freed
 * block at the top, which reclaims everything for the LIFO use of the
 * library's temporary contexts. */
#ifndef CY_POOL_BYTES /* cyclone.cmake: larger for the public-key image */
#define CY_POOL_BYTES 2048u
#endif
static uint32_t cy_pool[CY_POOL_BYTES / 4] BENCH_IO;
static size_t cy_pool_top; /* words in use */

void *osAllocMem(size_t size)
{
    size_t words = (size + 3) / 4 + 1; /* + header: block words, bit 31 = freed */
    if (words > CY_POOL_BYTES / 4 - cy_pool_top) {
        return NULL;
    }
    cy_pool[cy_pool_top] = (uint32_t)words;
    cy_pool_top += words;
    return &cy_pool[cy_pool_top - words + 1];
}

void osFreeMem(void *p)
{
    if (!p) {
        return;
    }
    uint32_t *h = (uint32_t *)p - 1;
    *h |= 1u << 31;
    for (;;) { /* drop the freed blocks at the top */
        size_t i = 0, last = CY_POOL_BYTES;
        while (i < cy_pool_top) {
            last = i;
            i += cy_pool[i] & ~(1u << 31);
        }
        if (last == CY_POOL_BYTES || !(cy_pool[last] >> 31)) {
            return;
        }
        cy_pool_top = last;
    }
}
#endif

CyPrngContext cy_prng BENCH_IO;

/* Marsaglia xorshift32 (as cyclone_glue.c's streams): NOT cryptographic. */
void cy_prng_fill(uint8_t *buf, size_t n)
{
    uint32_t x = cy_prng.x;
    for (size_t i = 0; i < n; i++) {
        if ((i & 3) == 0) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
        }
        buf[i] = (uint8_t)(x >> (8 * (i & 3)));
    }
    cy_prng.x = x;
}

void cy_prng_start(const bench_case_t *c)
{
    cy_prng.x = 0x6b657973u;
    if (bench_random_begin(c)) {
        do {
            bench_random(&cy_prng.x, sizeof cy_prng.x);
        } while (!cy_prng.x);
    }
}

static error_t cy_prng_init(void *ctx)
{
    (void)ctx;
    return NO_ERROR;
}

static error_t cy_prng_seed(void *ctx, const uint8_t *seed, size_t len)
{
    (void)ctx, (void)seed, (void)len;
    return NO_ERROR;
}

static error_t cy_prng_generate(void *ctx, uint8_t *out, size_t len)
{
    (void)ctx;
    cy_prng_fill(out, len);
    return NO_ERROR;
}

static void cy_prng_deinit(void *ctx) { (void)ctx; }

const PrngAlgo cyPrngAlgo = {"xorshift32", sizeof(CyPrngContext), cy_prng_init, cy_prng_seed, cy_prng_seed,
                             cy_prng_generate, cy_prng_deinit};
